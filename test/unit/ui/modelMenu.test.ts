import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { OfferedChoices } from '../../../src/browser/modelSelection';
import { levelMenuItems, modelChosenMessage, modelMenuItems, modelMenuPlaceholder, modelMenuTitle, modelSetting, offeredLevels, switchesToTick } from '../../../src/ui/modelMenu';
import { ExtensionSettingsSchema } from '../../../src/ui/settings';

const deepseek: OfferedChoices = {
  site: 'deepseek',
  hasPicker: true,
  models: [
    { name: 'Instant', aliases: ['default'], current: true, group: 'model' },
    { name: 'Expert', aliases: ['expert'], current: false, group: 'model' },
  ],
  toggles: [
    { name: 'DeepThink', on: true },
    { name: 'Search', on: false },
  ],
};

describe('PTK: Choose Model entries', () => {
  it("starts with the site's current model, then the models under their own heading, marking the page's and the current choice", () => {
    assert.deepEqual(modelMenuItems(deepseek, 'expert + search'), [
      { label: "Site's current model", description: undefined, value: '' },
      { label: 'Models on deepseek', value: '', separator: true },
      { label: 'Instant', description: 'on the page now · default', value: 'Instant' },
      { label: 'Expert', description: 'current choice · expert', value: 'Expert' },
    ]);
    assert.equal(modelMenuItems(deepseek, '')[0]!.description, 'current choice');
    assert.ok(modelMenuItems(deepseek, '').every((item) => !deepseek.toggles.some((toggle) => toggle.name === item.label)), 'the switches (DeepThink, Search) are not listed as models');
  });

  it('names the current choice in its title', () => {
    assert.equal(modelMenuTitle('Expert + DeepThink'), 'PTK: Choose Model (now: Expert + DeepThink)');
    assert.equal(modelMenuTitle(''), "PTK: Choose Model (now: the site's current model)");
  });

  it('ticks the switches the setting names, else the ones on now', () => {
    assert.deepEqual(switchesToTick(deepseek, 'Expert + search'), ['Search']);
    assert.deepEqual(switchesToTick(deepseek, 'Expert'), ['DeepThink']);
  });

  it('writes the model and the switches joined with " + "', () => {
    assert.equal(modelSetting('Expert', ['DeepThink', 'Search']), 'Expert + DeepThink + Search');
    assert.equal(modelSetting('GPT-5.5', []), 'GPT-5.5');
  });
});

/** What the ChatGPT picker offers (its efforts are levels of the current model, the submenu's radios the models). */
const chatgpt: OfferedChoices = {
  site: 'chatgpt',
  hasPicker: true,
  models: [
    { name: 'Instant', aliases: [], current: false, group: 'level' },
    { name: 'Medium', aliases: [], current: false, group: 'level' },
    { name: 'High', aliases: [], current: true, group: 'level' },
    { name: 'GPT-5.6 Sol', aliases: [], current: true, group: 'model' },
    { name: 'GPT-5.5', aliases: [], current: false, group: 'model' },
  ],
  toggles: [],
};

describe('PTK: Choose Model, models apart from reasoning levels', () => {
  it('the first step lists only the models, the one on the page marked; the levels are not there', () => {
    assert.deepEqual(modelMenuItems(chatgpt, ''), [
      { label: "Site's current model", description: 'current choice', value: '' },
      { label: 'Models on chatgpt', value: '', separator: true },
      { label: 'GPT-5.6 Sol', description: 'on the page now', value: 'GPT-5.6 Sol' },
      { label: 'GPT-5.5', description: undefined, value: 'GPT-5.5' },
    ]);
    assert.equal(modelMenuItems(chatgpt, '').filter((item) => item.description?.includes('on the page now')).length, 1, 'one entry is on the page now');
  });

  it('the second step lists the levels, the one on the page as the current level, the setting\'s as the current choice', () => {
    assert.deepEqual(
      offeredLevels(chatgpt).map((level) => level.name),
      ['Instant', 'Medium', 'High'],
    );
    assert.deepEqual(levelMenuItems(chatgpt, 'GPT-5.5'), [
      { label: "Site's current level", description: 'current choice', value: '' },
      { label: 'Instant', description: undefined, value: 'Instant' },
      { label: 'Medium', description: undefined, value: 'Medium' },
      { label: 'High', description: 'current level', value: 'High' },
    ]);
    assert.deepEqual(
      levelMenuItems(chatgpt, 'GPT-5.5 + medium').map((item) => item.description),
      [undefined, undefined, 'current choice', 'current level'],
    );
    assert.equal(modelSetting('GPT-5.5', ['Medium']), 'GPT-5.5 + Medium');
    assert.equal(modelSetting('GPT-5.5', ['']), 'GPT-5.5', "the site's current level adds nothing");
  });

  it('a site whose options are all models has no level step', () => {
    assert.deepEqual(offeredLevels(deepseek), []);
  });
});

describe('ptk.model and ptk.temperature settings', () => {
  it('an empty model means the site\'s own; a temperature is 0–2 or null', () => {
    const defaults = ExtensionSettingsSchema.parse({ model: '', temperature: null });
    assert.equal(defaults.model, undefined);
    assert.equal(defaults.temperature, undefined);
    const set = ExtensionSettingsSchema.parse({ model: ' Sonnet 5 ', temperature: 0.7 });
    assert.equal(set.model, 'Sonnet 5');
    assert.equal(set.temperature, 0.7);
    assert.equal(ExtensionSettingsSchema.safeParse({ temperature: 2.5 }).success, false);
    assert.equal(ExtensionSettingsSchema.safeParse({ temperature: -1 }).success, false);
  });
});

describe('PTK: Choose Model on the offline demo', () => {
  const replica: OfferedChoices = { site: 'chatgpt', hasPicker: true, models: [{ name: 'GPT-5.5', aliases: [], current: true, group: 'model' }, { name: 'o3', aliases: [], current: false, group: 'model' }], toggles: [] };

  it("heads the models as the demo's, saying a choice changes no answer, and says so after the choice", () => {
    const items = modelMenuItems(replica, '', { demo: true });
    assert.deepEqual(items[1], { label: 'Models on Demo (offline) — the demo answers the same whatever you pick', value: '', separator: true });
    assert.ok(!items.some((item) => item.label === 'Models on chatgpt'), 'never named as the real site\'s models');
    assert.match(modelMenuPlaceholder(replica, { demo: true }), /^What the Demo \(offline\) replica of the chatgpt picker offers; the demo answers the same whatever you pick$/);
    assert.equal(modelChosenMessage('GPT-5.5', { demo: true }), 'PTK: model GPT-5.5 (Demo (offline): the demo answers the same whatever you pick)');
  });

  it("with several sites, names the first listed site as every menu names it, and says ptk.model is that site's", () => {
    const context = { demo: true, site: 'ChatGPT (demo)' };
    assert.equal(modelMenuItems(replica, '', context)[1]!.label, 'Models on ChatGPT (demo) — the demo answers the same whatever you pick');
    assert.match(modelMenuPlaceholder(replica, context), /^What ChatGPT \(demo\)'s picker offers: ptk\.model is the first site's model/);
    assert.equal(modelChosenMessage('GPT-5.5', context), 'PTK: model GPT-5.5 on ChatGPT (demo) (ChatGPT (demo): the demo answers the same whatever you pick)');
    assert.equal(modelMenuItems(replica, '', { site: 'Claude' })[1]!.label, 'Models on Claude');
    assert.equal(modelMenuTitle('', context), "PTK: Choose Model for ChatGPT (demo) (now: the site's current model)");
  });

  it('on a real site nothing about the demo is said', () => {
    assert.equal(modelMenuItems(replica, '')[1]!.label, 'Models on chatgpt');
    assert.match(modelMenuPlaceholder(replica), /^What the chatgpt picker offers/);
    assert.equal(modelChosenMessage('GPT-5.5'), 'PTK: model GPT-5.5');
    assert.equal(modelChosenMessage(''), "PTK: model — the site's current one");
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { clearsSiteUrl, levelsSetAt, siteChoiceTitle, sitePickerItems, stillOverriddenMessage } from '../../../src/ui/sitePicker';

const DEMO = { currentSite: 'chatgpt', siteUrl: 'http://127.0.0.1:4100/' };

describe('PTK: Connect Browser / Choose Site entries', () => {
  it('on the demo (ptk.siteUrl at a local address) the demo is the current entry, and no real site is called current', () => {
    const items = sitePickerItems(DEMO);
    assert.deepEqual(items[0], { label: 'Demo (offline)', description: 'current · http://127.0.0.1:4100/ (ptk.siteUrl)', detail: 'The offline replica answering from a script, not a real chat' });
    assert.equal(items.filter((item) => item.description?.startsWith('current')).length, 1);
    const chatgpt = items.find((item) => item.site === 'chatgpt')!;
    assert.equal(chatgpt.label, 'ChatGPT (chatgpt.com)');
    assert.equal(chatgpt.description, undefined);
    assert.match(chatgpt.detail ?? '', /^Clears ptk\.siteUrl \(it overrides the site\), now http:\/\/127\.0\.0\.1:4100\/$/);
    assert.equal(items.find((item) => item.site === 'custom')!.detail, undefined, 'the custom site needs ptk.siteUrl: choosing it keeps it');
  });

  it('without ptk.siteUrl the current site is marked and no choice clears anything', () => {
    const items = sitePickerItems({ currentSite: 'claude' });
    assert.equal(items.some((item) => item.label === 'Demo (offline)'), false);
    assert.equal(items.find((item) => item.site === 'claude')!.description, 'current');
    assert.ok(items.every((item) => item.detail === undefined));
  });

  it("a real address override (a self-hosted chat) stays for its site, and is cleared when another site is chosen", () => {
    const selfHosted = { currentSite: 'chatgpt', siteUrl: 'https://chat.example.org/' };
    assert.equal(sitePickerItems(selfHosted).find((item) => item.site === 'chatgpt')!.description, 'current · at https://chat.example.org/ (ptk.siteUrl)');
    assert.equal(clearsSiteUrl('chatgpt', selfHosted), false);
    assert.equal(clearsSiteUrl('claude', selfHosted), true);
    assert.equal(clearsSiteUrl('chatgpt', DEMO), true, 'choosing the site the demo imitates leaves the demo');
    assert.equal(clearsSiteUrl('custom', DEMO), false);
  });

  it('Open WebUI at a local address is the current site, not the demo, and choosing it keeps ptk.siteUrl', () => {
    const local = { currentSite: 'openwebui', siteUrl: 'http://localhost:8080/' };
    const items = sitePickerItems(local);
    assert.equal(items.some((item) => item.label === 'Demo (offline)'), false);
    assert.equal(items.find((item) => item.site === 'openwebui')!.description, 'current · at http://localhost:8080/ (ptk.siteUrl)');
    assert.equal(clearsSiteUrl('openwebui', local), false);
    assert.equal(clearsSiteUrl('openwebui', DEMO), false, 'its address is wherever the user runs it');
    assert.equal(clearsSiteUrl('chatgpt', local), true, 'another site does not open at the Open WebUI address');
  });
});

describe('what a site choice does to ptk.siteUrl', () => {
  it('names every level the setting is set at (an empty string is not set)', () => {
    assert.deepEqual(levelsSetAt({ globalValue: 'http://127.0.0.1:4100/', workspaceValue: 'http://127.0.0.1:4100/', workspaceFolderValue: '' }), ['user', 'workspace']);
    assert.deepEqual(levelsSetAt({ workspaceFolderValue: 'http://x/' }), ['folder']);
    assert.deepEqual(levelsSetAt(undefined), []);
  });

  it('the progress title says what was cleared before the site that opens', () => {
    assert.equal(siteChoiceTitle('ChatGPT (chatgpt.com)', ['user']), 'PTK: cleared ptk.siteUrl (user settings); opening ChatGPT (chatgpt.com)…');
    assert.equal(siteChoiceTitle('Claude (claude.ai)', []), 'PTK: opening Claude (claude.ai)…');
  });

  it('says plainly when a setting it could not clear still overrides the choice', () => {
    assert.equal(
      stillOverriddenMessage('ChatGPT (chatgpt.com)', 'ptk.siteUrl', 'http://127.0.0.1:4100/', ['folder']),
      'PTK: ptk.siteUrl is "http://127.0.0.1:4100/" in your folder settings and overrides the site you chose, so PTK still uses it, not ChatGPT (chatgpt.com). Clear it there to use ChatGPT (chatgpt.com).',
    );
  });
});

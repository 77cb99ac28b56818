import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { contributedSections, contributedSettings } from '../manifestSettings';
import { ToolSettingsSchema } from '../../../src/tools/settings';
import { browserModelOptions, describeTurn } from '../../../src/ui/browserLoader';
import { CONNECTION_SETTING_KEYS, ExtensionSettingsSchema } from '../../../src/ui/settings';

const pickTabs = ({ maxTabs, idleTabMinutes }: { maxTabs?: number; idleTabMinutes?: number }) => ({ maxTabs, idleTabMinutes });

const contributed = contributedSettings();

describe('contributed settings', () => {
  it('contribute every ptk.* and ptk.tools.* setting the code reads, each with a description', () => {
    const keys = [...Object.keys(ExtensionSettingsSchema.shape).map((key) => `ptk.${key}`), ...Object.keys(ToolSettingsSchema.shape).map((key) => `ptk.tools.${key}`)];
    for (const key of keys) {
      assert.ok(contributed[key], `${key} is contributed`);
      assert.ok(contributed[key].description || contributed[key].markdownDescription, `${key} has a description`);
    }
  });

  it('contributed defaults pass the schemas', () => {
    const extension: Record<string, unknown> = {};
    const tools: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(contributed)) {
      if (value.default === null || value.default === undefined) continue;
      if (key.startsWith('ptk.tools.')) tools[key.slice('ptk.tools.'.length)] = value.default;
      else extension[key.slice('ptk.'.length)] = value.default;
    }
    assert.equal(ExtensionSettingsSchema.safeParse(extension).success, true);
    assert.equal(ToolSettingsSchema.safeParse(tools).success, true);
  });

  it('are grouped in the Settings editor: Site, Browser, Tools & approvals, Limits, Context', () => {
    assert.deepEqual(contributedSections().map((section) => section.title), ['Site', 'Browser', 'Tools & approvals', 'Limits', 'Context']);
    const sectionOf = (name: string) => contributedSections().find((section) => name in section.properties)?.title;
    assert.equal(sectionOf('ptk.model'), 'Site');
    assert.equal(sectionOf('ptk.headless'), 'Browser');
    assert.equal(sectionOf('ptk.tools.autoApprove'), 'Tools & approvals');
    assert.equal(sectionOf('ptk.toolResultMaxChars'), 'Limits');
    assert.equal(sectionOf('ptk.instructionFiles'), 'Context');
  });

  it('the three result-size limits each say what they cap and name the other two', () => {
    const limits = ['ptk.toolResultMaxChars', 'ptk.tools.resultFieldMaxChars', 'ptk.tools.commandMaxOutputChars'];
    for (const name of limits) {
      const text = contributed[name].markdownDescription ?? '';
      for (const other of limits.filter((candidate) => candidate !== name)) assert.ok(text.includes(`#${other}#`), `${name} names ${other}`);
    }
    assert.match(contributed['ptk.toolResultMaxChars'].markdownDescription ?? '', /whole/);
    assert.match(contributed['ptk.tools.resultFieldMaxChars'].markdownDescription ?? '', /one text field/);
  });
});

describe('ExtensionSettingsSchema', () => {
  it('treats empty strings as unset and refuses a bad URL', () => {
    const parsed = ExtensionSettingsSchema.parse({ siteUrl: '', browserPath: ' ' });
    assert.equal(parsed.siteUrl, undefined);
    assert.equal(parsed.browserPath, undefined);
    const bad = ExtensionSettingsSchema.safeParse({ siteUrl: 'file:///etc/passwd' });
    assert.equal(bad.success, false);
    assert.equal(ExtensionSettingsSchema.safeParse({ maxIterations: 0 }).success, false);
  });
});

describe('browserModelOptions', () => {
  it('passes the replica URL as the site URL override and a per-site profile', () => {
    const options = browserModelOptions(ExtensionSettingsSchema.parse({ site: 'chatgpt', siteUrl: 'http://127.0.0.1:4000/chat', headless: true }), '/storage');
    assert.deepEqual(options, { site: 'chatgpt', siteUrl: 'http://127.0.0.1:4000/chat', customSite: undefined, siteOverrides: undefined, browserPath: undefined, headless: true, cdpUrl: undefined, profileDir: join('/storage', 'browser-profile-chatgpt'), temporaryChats: true, maxTabs: 3, idleTabMinutes: 10 });
  });

  it('passes ptk.temporaryChats (default on) to the backend', () => {
    assert.equal(browserModelOptions(ExtensionSettingsSchema.parse({}), '/s').temporaryChats, true);
    assert.equal(browserModelOptions(ExtensionSettingsSchema.parse({ temporaryChats: false }), '/s').temporaryChats, false);
  });

  it('passes ptk.maxTabs (1–8, default 3) and ptk.idleTabMinutes (≥ 1, default 10) to the backend; changing either reconnects', () => {
    assert.deepEqual(pickTabs(browserModelOptions(ExtensionSettingsSchema.parse({}), '/s')), { maxTabs: 3, idleTabMinutes: 10 });
    assert.deepEqual(pickTabs(browserModelOptions(ExtensionSettingsSchema.parse({ maxTabs: 8, idleTabMinutes: 1 }), '/s')), { maxTabs: 8, idleTabMinutes: 1 });
    for (const bad of [{ maxTabs: 0 }, { maxTabs: 9 }, { maxTabs: 2.5 }, { idleTabMinutes: 0 }]) assert.equal(ExtensionSettingsSchema.safeParse(bad).success, false, JSON.stringify(bad));
    for (const key of ['maxTabs', 'idleTabMinutes'] as const) assert.ok((CONNECTION_SETTING_KEYS as readonly string[]).includes(key), key);
  });

  it('passes the site overrides setting to the backend', () => {
    const siteOverrides = { claude: { selectors: { composer: { prepend: ['div#new'] } } } };
    const options = browserModelOptions(ExtensionSettingsSchema.parse({ site: 'claude', siteOverrides }), '/storage');
    assert.deepEqual(options.siteOverrides, siteOverrides);
  });

  it('passes the custom site description as is', () => {
    const customSite = { url: 'https://chat.example', input: '#prompt' };
    assert.deepEqual(browserModelOptions(ExtensionSettingsSchema.parse({ site: 'custom', customSite }), '/s').customSite, customSite);
  });
});

describe('describeTurn', () => {
  it('says what a browser turn did, in one line', () => {
    const line = describeTurn({
      site: 'chatgpt', nonce: 'n1', sent: 'hello', rawAnswer: 'hi', extracted: 'hi', extractedVia: 'copy', stoppedEarly: true, resumed: 1, rolledOver: false, submitAttempts: 2,
      timings: {} as never,
    });
    assert.match(line, /^\[chatgpt n1\] sent 5 chars, answer 2 chars, ok via copy, stopped early \(resumed 1×, 2 submit attempts\)/);
    assert.match(describeTurn({ site: 's', nonce: 'n', sent: '', rawAnswer: '', extracted: '', extractedVia: 'none', stoppedEarly: false, resumed: 0, rolledOver: false, submitAttempts: 1, timings: {} as never, error: { code: 'LOGIN_REQUIRED', message: 'Log in' } }), /failed LOGIN_REQUIRED: Log in/);
  });

  it("names the turn's warnings (a notice, an ignored temperature)", () => {
    const line = describeTurn({ site: 'claude', nonce: 'n', sent: 'x', rawAnswer: 'y', extracted: 'y', extractedVia: 'copy', stoppedEarly: false, resumed: 0, rolledOver: false, submitAttempts: 1, timings: {} as never, warnings: ['temperature 0.2 ignored: Claude has no temperature setting'] });
    assert.match(line, /ok via copy \(temperature 0\.2 ignored: Claude has no temperature setting\)/);
  });
});

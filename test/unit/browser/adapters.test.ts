import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { adapterIds, builtInAdapters, resolveAdapter } from '../../../src/browser/adapters/registry';
import { createCustomAdapter, customSiteSchema, parseCustomSite } from '../../../src/browser/adapters/custom';
import { browserCandidates, locateBrowser } from '../../../src/browser/browserLocator';
import { PTKError, PTKErrorCode } from '../../../src/core/errors';
import { SITE_IDS } from '../../../src/ui/settings';
import { replicaSites } from '../../browser/replicas/sites';
import { contributedSettings } from '../manifestSettings';

const minimalCustom = { url: 'https://chat.example.test/', input: 'textarea', stopButton: '#stop', userTurn: '.user', answerContainer: '.bot', actionBar: '.actions' };

describe('adapters', () => {
  it('every built-in adapter has the contract data: non-empty ordered selector lists for the core steps', () => {
    for (const adapter of builtInAdapters) {
      for (const role of ['composer', 'stopButton', 'userTurn', 'assistantTurn', 'turnActionBar', 'errorBanner', 'loginWall', 'botCheck'] as const) {
        assert.ok(adapter.selectors[role].length > 0, `${adapter.id}.${role}`);
      }
      assert.ok(adapter.maxPromptChars > 0);
      assert.doesNotThrow(() => new URL(adapter.url));
      for (const pattern of adapter.errorPatterns ?? []) assert.doesNotThrow(() => new RegExp(pattern.pattern, 'i'));
    }
    assert.ok(adapterIds().includes('chatgpt') && adapterIds().includes('custom'));
  });

  it('every site is registered everywhere: the registry, SITE_IDS, ptk.site / ptk.sites in the manifest, and a replica the conformance suite runs', () => {
    const ids = adapterIds();
    assert.deepEqual([...SITE_IDS].sort(), [...ids].sort());
    const settings = contributedSettings();
    assert.deepEqual([...(settings['ptk.site']!.enum as string[])].sort(), [...ids].sort());
    assert.deepEqual([...((settings['ptk.sites']!.items as { enum: string[] }).enum)].sort(), [...ids].sort());
    // `auto` has no page of its own: it drives the other sites' replicas (test/browser/autoSite.test.ts).
    for (const id of ids.filter((site) => site !== 'auto')) assert.ok(replicaSites.some((entry) => entry.adapter === id), `${id} has a replica`);
  });

  it('resolveAdapter applies the URL override and rejects unknown sites listing the known ones', () => {
    const adapter = resolveAdapter('chatgpt', { siteUrl: 'http://127.0.0.1:9999/' });
    assert.equal(adapter.url, 'http://127.0.0.1:9999/');
    assert.ok(adapter.hosts!.includes('127.0.0.1:9999'));
    assert.throws(() => resolveAdapter('nope'), (error: PTKError) => error.code === PTKErrorCode.CONFIG_INVALID && /Known sites: chatgpt.*custom/.test(error.message));
    assert.throws(() => resolveAdapter('custom'), /ptk\.customSite/);
  });

  it('custom: a string selector becomes a one-item list; defaults filled in', () => {
    const config = parseCustomSite(minimalCustom);
    assert.deepEqual(config.input, ['textarea']);
    assert.equal(config.composerKind, 'textarea');
    const adapter = createCustomAdapter({ ...minimalCustom, sendButton: ['#send', 'button[type=submit]'], name: 'My chat' });
    assert.deepEqual(adapter.selectors.sendButton, ['#send', 'button[type=submit]']);
    assert.equal(adapter.displayName, 'My chat');
    assert.deepEqual(adapter.selectors.copyButton, []);
  });

  it('custom: a bad setting fails with CONFIG_INVALID naming every problem', () => {
    assert.throws(
      () => parseCustomSite({ url: 'ftp://x', input: [], stopButton: '#s', userTurn: '.u', answerContainer: '.a', actionBar: '.b', extra: 1 }),
      (error: PTKError) => error.code === PTKErrorCode.CONFIG_INVALID && /url/.test(error.message) && /input/.test(error.message) && /extra/.test(error.message),
    );
    assert.equal(customSiteSchema.safeParse(minimalCustom).success, true);
  });
});

describe('locateBrowser', () => {
  it('the setting comes first; a missing set path is an error saying what to do', () => {
    assert.equal(locateBrowser({ browserPath: '/opt/x/chrome', exists: () => true }), '/opt/x/chrome');
    assert.throws(() => locateBrowser({ browserPath: '/nope', exists: () => false }), (error: PTKError) => error.code === PTKErrorCode.BROWSER_NOT_FOUND && /ptk\.browserPath/.test(error.message));
  });

  it('finds Chrome before Edge before Chromium, per OS, including Debian\'s /usr/bin/chromium', () => {
    assert.equal(locateBrowser({ platform: 'linux', env: {}, exists: (candidate) => candidate === '/usr/bin/chromium' }), '/usr/bin/chromium');
    assert.equal(locateBrowser({ platform: 'linux', env: {}, exists: (candidate) => candidate === '/usr/bin/chromium' || candidate === '/usr/bin/google-chrome' }), '/usr/bin/google-chrome');
    const mac = browserCandidates('darwin', { HOME: '/Users/me' });
    assert.equal(mac[0], '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome');
    assert.ok(mac.some((candidate) => candidate.includes('Microsoft Edge')));
    const windows = browserCandidates('win32', { PROGRAMFILES: 'C:\\Program Files', LOCALAPPDATA: 'C:\\Users\\me\\AppData\\Local' });
    assert.equal(windows[0], 'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe');
    assert.ok(windows.includes('C:\\Users\\me\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe'));
  });

  it('no browser: the error says how to install one, set the path, or attach over CDP', () => {
    assert.throws(
      () => locateBrowser({ platform: 'linux', env: {}, exists: () => false }),
      (error: PTKError) => error.code === PTKErrorCode.BROWSER_NOT_FOUND && /apt-get install chromium/.test(error.message) && /--browser/.test(error.message) && /--cdp/.test(error.message),
    );
  });
});

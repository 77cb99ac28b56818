/**
 * Several sites (ptk.sites) in the UI: which sites the settings give, the options each site's
 * browser model gets, and the handle over the router (user actions act on the site that holds
 * the conversation, else the first ready one).
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ConfigurationError } from '../../../src/core/errors';
import { SiteRouter } from '../../../src/core/routing';
import { ScriptedChatModel, type ScriptedReply } from '../../../src/core/testing/scriptedChatModel';
import { browserModelOptions, configuredSites, createBrowserModelFactory, primarySite } from '../../../src/ui/browserLoader';
import { ChatConnection, type ChatModelStatus } from '../../../src/ui/chatConnection';
import { connectionTooltip } from '../../../src/shared/chat/connectionLabels';
import type { ConnectionState } from '../../../src/shared/chat/protocol';
import { RoutedChatModel, type SiteHandle } from '../../../src/ui/routedChatModel';
import { ExtensionSettingsSchema } from '../../../src/ui/settings';
import { usageLimit, threadOf } from '../core/routing/helpers';

describe('configuredSites', () => {
  it('is ptk.site alone when ptk.sites is empty', () => {
    assert.deepEqual(configuredSites(ExtensionSettingsSchema.parse({ site: 'claude' })), { sites: ['claude'], problems: [] });
  });

  it("is ptk.sites' valid entries in their order, naming each entry skipped", () => {
    const { sites, problems } = configuredSites(ExtensionSettingsSchema.parse({ site: 'chatgpt', sites: ['Claude', 'bard', 'gemini', 'claude'] }));
    assert.deepEqual(sites, ['claude', 'gemini']);
    assert.equal(problems.length, 2);
    assert.match(problems[0]!, /"bard" is not a known site; skipped/);
    assert.match(problems[1]!, /"claude" is listed more than once/);
  });

  it('refuses a list with no valid entry instead of using a site the user did not list', () => {
    const settings = ExtensionSettingsSchema.parse({ site: 'chatgpt', sites: ['bard'] });
    assert.throws(() => configuredSites(settings), (error: unknown) => error instanceof ConfigurationError && /"bard" is not a known site/.test(error.message));
    assert.equal(primarySite(settings), 'chatgpt', 'the label still names a site');
  });

  it('names the first listed site first', () => {
    assert.equal(primarySite(ExtensionSettingsSchema.parse({ site: 'chatgpt', sites: ['deepseek', 'chatgpt'] })), 'deepseek');
  });
});

describe('browserModelOptions for another site of ptk.sites', () => {
  it('leaves ptk.siteUrl to ptk.site and keeps one profile per site', () => {
    const settings = ExtensionSettingsSchema.parse({ site: 'chatgpt', siteUrl: 'http://127.0.0.1:4000/', sites: ['chatgpt', 'claude'] });
    const claude = browserModelOptions(settings, '/storage', 'claude');
    assert.equal(claude.site, 'claude');
    assert.equal(claude.siteUrl, undefined);
    assert.equal(claude.profileDir, join('/storage', 'browser-profile-claude'));
    assert.equal(browserModelOptions(settings, '/storage', 'chatgpt').siteUrl, 'http://127.0.0.1:4000/');
  });

  it("gives another site its own folder beside the user's profile folder (a profile is held by one browser)", () => {
    const settings = ExtensionSettingsSchema.parse({ site: 'chatgpt', profileDir: '/home/me/ptk-profile' });
    assert.equal(browserModelOptions(settings, '/storage').profileDir, '/home/me/ptk-profile');
    assert.equal(browserModelOptions(settings, '/storage', 'gemini').profileDir, '/home/me/ptk-profile-gemini');
  });

  it('reads the failover settings with their defaults and refuses unknown values', () => {
    const settings = ExtensionSettingsSchema.parse({});
    assert.deepEqual([settings.sites, settings.failover, settings.whenAllLimited], [[], 'ask', 'stop']);
    assert.equal(ExtensionSettingsSchema.safeParse({ failover: 'sometimes' }).success, false);
    assert.equal(ExtensionSettingsSchema.safeParse({ whenAllLimited: 'retry' }).success, false);
  });
});

/** A scripted site with the handle's extra methods, recording what it was asked. */
function scriptedSite(site: string, label: string, replies: ScriptedReply[]): SiteHandle & { asked: string[]; statusListeners: Array<(status: ChatModelStatus) => void> } {
  const asked: string[] = [];
  const statusListeners: Array<(status: ChatModelStatus) => void> = [];
  const scripted = new ScriptedChatModel(replies, { keepsThread: true });
  const model = Object.assign(scripted, {
    openTab: async () => void asked.push('openTab'),
    connect: async () => void asked.push('connect'),
    close: async () => void asked.push('close'),
    onStatus: (listener: (status: ChatModelStatus) => void) => (statusListeners.push(listener), { dispose: () => undefined }),
    diagnose: async () => ({ site, siteName: label, problems: [], snapshot: '', report: () => `# ${label}` }),
    listModels: async () => ({ models: [], toggles: [] }) as never,
  });
  return { site, label, model, asked, statusListeners };
}

describe('RoutedChatModel', () => {
  it('calls through the router, and acts on the site that holds the conversation after a failover', async () => {
    const chatgpt = scriptedSite('chatgpt', 'ChatGPT', [usageLimit('ChatGPT', 60 * 60_000)]);
    const claude = scriptedSite('claude', 'Claude', ['answer from Claude']);
    const sites = [chatgpt, claude];
    const moves: string[] = [];
    const routed = new RoutedChatModel(new SiteRouter(sites, { failover: 'auto', onFailover: (event) => moves.push(event.message) }), sites);
    assert.equal(routed.current().site, 'chatgpt', 'before any call: the first site');
    assert.equal(await routed.call('fix the bug', { thread: threadOf(true) }), 'answer from Claude');
    assert.equal(moves.length, 1);
    assert.match(moves[0]!, /^ChatGPT: usage limit until (\d{4}-\d\d-\d\d )?\d\d:\d\d — continuing on Claude$/);
    assert.equal(routed.current().site, 'claude');
    await routed.openTab();
    assert.equal((await routed.diagnose()).siteName, 'Claude');
    assert.deepEqual([chatgpt.asked, claude.asked], [[], ['openTab']]);
    assert.deepEqual(routed.states().map((state) => [state.site, state.status]), [['chatgpt', 'limited'], ['claude', 'ready']]);
  });

  it("lists each site's state with what the site said when it stopped (Diagnose Site's report states it)", async () => {
    const chatgpt = scriptedSite('chatgpt', 'ChatGPT', [usageLimit('ChatGPT', 60 * 60_000)]);
    const claude = scriptedSite('claude', 'Claude', ['answer from Claude']);
    const routed = new RoutedChatModel(new SiteRouter([chatgpt, claude], { failover: 'auto' }), [chatgpt, claude]);
    await routed.call('fix the bug', { thread: threadOf(true) });
    const [limited, ready] = routed.sites();
    assert.equal(limited!.ready, false);
    assert.match(limited!.state, /^limited until /);
    assert.equal(limited!.detail, 'ChatGPT is rate limiting you.');
    assert.deepEqual(ready, { site: 'claude', label: 'Claude', state: 'ready', ready: true, status: 'ready' }, 'a ready site has nothing to say');
  });

  it('passes on only the status of the site user actions act on, and closes every site', async () => {
    const chatgpt = scriptedSite('chatgpt', 'ChatGPT', []);
    const claude = scriptedSite('claude', 'Claude', []);
    const routed = new RoutedChatModel(new SiteRouter([chatgpt, claude], { failover: 'off' }), [chatgpt, claude]);
    const seen: ChatModelStatus[] = [];
    routed.onStatus((status) => seen.push(status));
    claude.statusListeners[0]!({ guest: true });
    chatgpt.statusListeners[0]!({ guest: false, warning: 'limit notice' });
    assert.deepEqual(seen, [{ guest: false, warning: 'limit notice' }]);
    await routed.close();
    assert.deepEqual([chatgpt.asked, claude.asked], [['close'], ['close']]);
  });

  it('makes the site ready again when the user connects it (signed in again)', async () => {
    const chatgpt = scriptedSite('chatgpt', 'ChatGPT', [usageLimit('ChatGPT', 60 * 60_000)]);
    const routed = new RoutedChatModel(new SiteRouter([chatgpt], { failover: 'off' }), [chatgpt]);
    await assert.rejects(routed.call('hi', { thread: threadOf(true) }));
    assert.equal(routed.states()[0]!.status, 'limited');
    await routed.connect();
    assert.equal(routed.states()[0]!.status, 'ready');
    assert.deepEqual(chatgpt.asked, ['connect']);
  });
});

describe('createBrowserModelFactory with ptk.sites', () => {
  /** An extension folder whose out/browser.js records the options of each model it creates. */
  function fakeExtension(): { path: string; created: () => Array<{ site: string; siteUrl?: string }> } {
    const path = mkdtempSync(join(tmpdir(), 'ptk-loader-'));
    mkdirSync(join(path, 'out'));
    writeFileSync(
      join(path, 'out', 'browser.js'),
      `const created = [];
       exports.created = created;
       exports.createBrowserChatModel = async (options) => {
         created.push({ site: options.site, siteUrl: options.siteUrl });
         return { keepsThread: true, adapter: { displayName: 'Site ' + options.site }, call: async () => 'from ' + options.site, close: async () => undefined, diagnose: async () => ({}), listModels: async () => ({}) };
       };`,
    );
    return { path, created: () => createRequire(join(path, 'out', 'browser.js'))(join(path, 'out', 'browser.js')).created };
  }

  it('builds one model per listed site behind the router, and tells the entries it skipped', async () => {
    const extension = fakeExtension();
    try {
      const problems: string[][] = [];
      const settings = ExtensionSettingsSchema.parse({ site: 'chatgpt', siteUrl: 'http://127.0.0.1:9/', sites: ['claude', 'nope', 'chatgpt'], failover: 'off' });
      const model = await createBrowserModelFactory(extension.path, () => settings, '/storage', undefined, { onProblems: (list) => problems.push(list) })();
      assert.ok(model instanceof RoutedChatModel);
      assert.deepEqual(extension.created(), [{ site: 'claude', siteUrl: undefined }, { site: 'chatgpt', siteUrl: 'http://127.0.0.1:9/' }]);
      assert.deepEqual((model as RoutedChatModel).states().map((state) => state.label), ['Site claude', 'Site chatgpt (demo)'], 'the site at a local address is named as the demo');
      assert.equal(await model.call('hi'), 'from claude');
      assert.equal(problems.length, 1);
      assert.match(problems[0]![0]!, /"nope" is not a known site/);
    } finally {
      rmSync(extension.path, { recursive: true, force: true });
    }
  });

  it('gives the one site\'s browser model as it is when no list is set', async () => {
    const extension = fakeExtension();
    try {
      const model = await createBrowserModelFactory(extension.path, () => ExtensionSettingsSchema.parse({ site: 'gemini' }), '/storage')();
      assert.ok(!(model instanceof RoutedChatModel));
      assert.equal(await model.call('hi'), 'from gemini');
    } finally {
      rmSync(extension.path, { recursive: true, force: true });
    }
  });
});

describe('the connection state with several sites', () => {
  it("names each site's state and the site in use, and shows a change at once", async () => {
    const chatgpt = scriptedSite('chatgpt', 'ChatGPT', [usageLimit('ChatGPT', 60 * 60_000)]);
    const claude = scriptedSite('claude', 'Claude', ['answer from Claude']);
    const routed = new RoutedChatModel(new SiteRouter([chatgpt, claude], { failover: 'auto' }), [chatgpt, claude]);
    const connection = new ChatConnection(async () => routed, 'chatgpt');
    const seen: ConnectionState[] = [];
    connection.onDidChange((state) => seen.push(state));
    await connection.getModel();
    assert.equal(connection.state.site, 'chatgpt');
    assert.deepEqual(connection.state.sites, [
      { site: 'chatgpt', label: 'ChatGPT', state: 'ready', ready: true, status: 'ready' },
      { site: 'claude', label: 'Claude', state: 'ready', ready: true, status: 'ready' },
    ]);
    const before = seen.length;
    await routed.call('fix it', { thread: threadOf(true) });
    assert.ok(seen.length > before, 'the limit was shown when it happened');
    assert.equal(connection.state.site, 'claude', 'the site in use');
    assert.match(connection.state.sites![0]!.state, /^limited until (\d{4}-\d\d-\d\d )?\d\d:\d\d$/);
    assert.match(connectionTooltip(connection.state), /\nSites: ChatGPT: limited until [^;]+; Claude: ready$/);
  });

  it('has no site list with one site', async () => {
    const connection = new ChatConnection(async () => new ScriptedChatModel(['hi']), 'gemini');
    await connection.getModel();
    assert.equal(connection.state.sites, undefined);
    assert.doesNotMatch(connectionTooltip(connection.state), /Sites:/);
  });
});

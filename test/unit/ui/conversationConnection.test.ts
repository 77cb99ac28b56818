/**
 * The chat view's site actions with several sites (ptk.sites): the header and the status item
 * show the shown conversation's site and its state, Open tab / Log in / Diagnose act on that
 * site's browser model, and an error card's buttons act on the site that failed.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LLMBackendError, PTKErrorCode } from '../../../src/core/errors';
import { SiteRouter } from '../../../src/core/routing';
import { ScriptedChatModel } from '../../../src/core/testing/scriptedChatModel';
import { connectionStatusLine, siteModelLine } from '../../../src/shared/chat/connectionLabels';
import type { ConnectionState } from '../../../src/shared/chat/protocol';
import { ChatConnection, type SiteStatusLine } from '../../../src/ui/chatConnection';
import { ConversationConnection, conversationConnectionState, diagnoseSiteItems } from '../../../src/ui/conversationConnection';
import { errorEvent } from '../../../src/ui/errorActions';
import { RoutedChatModel, type SiteHandle } from '../../../src/ui/routedChatModel';
import { threadOf } from '../core/routing/helpers';

const SITES: SiteStatusLine[] = [
  { site: 'chatgpt', label: 'ChatGPT', state: 'limited until 15:00', ready: false, status: 'limited' },
  { site: 'claude', label: 'Claude', state: 'signed out', ready: false, status: 'signedOut' },
  { site: 'gemini', label: 'Gemini', state: 'ready', ready: true, status: 'ready' },
  { site: 'deepseek', label: 'DeepSeek', state: 'broken (its page is no longer recognised)', ready: false, status: 'broken' },
];

/** The connection's own state: connected, speaking of Gemini (the first ready site), with the first site's model and address. */
const CONNECTED: ConnectionState = { site: 'gemini', status: 'connected', model: 'GPT-5.5', url: 'http://127.0.0.1:4100/', demo: true, sites: SITES, guest: true, warning: 'a notice' };

describe('conversationConnectionState', () => {
  it("names the conversation's site by its label with its state, on the header's line", () => {
    const limited = conversationConnectionState(CONNECTED, 'chatgpt');
    assert.equal(siteModelLine(limited), 'ChatGPT · limited until 15:00', 'named as the menus and messages name it, not "Demo (offline)"');
    assert.deepEqual([limited.url, limited.demo], ['http://127.0.0.1:4100/', true], 'the first site keeps its address (the demo replica here)');
    assert.equal(limited.status, 'limited', 'a limited site is not shown as connected (its dot is not green)');
    assert.match(limited.detail ?? '', /^ChatGPT: limited until 15:00\. Tasks go on at the next ready site/);
    assert.equal(connectionStatusLine(limited), 'ChatGPT · Usage limit reached');
    // After a window reload, before the browser starts: a limit still running is shown as one, not as "not connected yet".
    assert.equal(conversationConnectionState({ ...CONNECTED, status: 'disconnected' }, 'chatgpt').status, 'limited');
    assert.equal(conversationConnectionState({ ...CONNECTED, status: 'disconnected' }, 'claude').status, 'disconnected', 'signed out is checked once connected');
    const ready = conversationConnectionState({ ...CONNECTED, url: undefined, demo: undefined }, 'gemini');
    assert.equal(siteModelLine(ready), 'Gemini · ready');
    assert.deepEqual([ready.guest, ready.warning], [true, 'a notice'], "the connection's guest session and notice are this site's");
  });

  it("another site at a local address of its own is the demo too (the empty chat's note and the tooltip say so)", () => {
    const sites: SiteStatusLine[] = [SITES[2]!, { site: 'claude', label: 'Claude (demo)', state: 'ready', ready: true, status: 'ready', url: 'http://127.0.0.1:4200/' }];
    const claude = conversationConnectionState({ ...CONNECTED, sites }, 'claude');
    assert.deepEqual([claude.url, claude.demo], ['http://127.0.0.1:4200/', true]);
    assert.equal(siteModelLine(claude), 'Claude (demo) · ready');
    const real = conversationConnectionState({ ...CONNECTED, sites: [SITES[2]!, { ...sites[1]!, label: 'Claude', url: 'https://claude.example.org/' }] }, 'claude');
    assert.deepEqual([real.url, real.demo], ['https://claude.example.org/', undefined]);
    // A self-hosted site (Open WebUI) at a local address is the user's own chat, never a demo.
    const own = conversationConnectionState({ ...CONNECTED, sites: [SITES[2]!, { site: 'openwebui', label: 'Open WebUI', state: 'ready', ready: true, status: 'ready', url: 'http://localhost:8080/' }] }, 'openwebui');
    assert.deepEqual([own.url, own.demo], ['http://localhost:8080/', undefined]);
  });

  it("shows a signed-out site as a login wall (Log in), a broken one as an error, and none of another site's model, address or notice", () => {
    const claude = conversationConnectionState(CONNECTED, 'claude');
    assert.deepEqual(
      { ...claude },
      { site: 'Claude', status: 'loginRequired', sites: SITES, siteState: 'signed out', detail: 'Log in to Claude in the browser tab, then retry.' },
    );
    assert.equal(connectionStatusLine(claude), 'Claude · Log in required');
    const deepseek = conversationConnectionState(CONNECTED, 'deepseek');
    assert.equal(deepseek.status, 'error');
    assert.match(deepseek.detail ?? '', /DeepSeek's page: run PTK: Diagnose Site/);
  });

  it("does not show another site's login wall on a ready site, and keeps what is not about one site", () => {
    const wall: ConnectionState = { ...CONNECTED, site: 'claude', status: 'loginRequired', detail: 'Log in to claude.' };
    assert.equal(conversationConnectionState(wall, 'gemini').status, 'connected');
    assert.equal(conversationConnectionState(wall, 'gemini').detail, undefined);
    assert.equal(conversationConnectionState({ ...CONNECTED, status: 'disconnected' }, 'claude').status, 'disconnected');
    assert.equal(conversationConnectionState({ ...CONNECTED, status: 'error', detail: 'No browser' }, 'gemini').status, 'error');
  });

  it("keeps a login wall met on another site (statusSite) off the current site's header", () => {
    const wall: ConnectionState = { ...CONNECTED, status: 'loginRequired', statusSite: 'claude', detail: 'Claude needs you to log in.' };
    const gemini = conversationConnectionState(wall, 'gemini');
    assert.deepEqual([gemini.status, gemini.detail], ['connected', undefined]);
    const claude = conversationConnectionState({ ...wall, sites: SITES.map((line) => (line.site === 'claude' ? { ...line, state: 'ready', ready: true, status: 'ready' } : line)) }, 'claude');
    assert.deepEqual([claude.status, claude.detail], ['loginRequired', 'Claude needs you to log in.'], "the wall is Claude's own, even before its state says so");
    assert.equal(conversationConnectionState({ ...CONNECTED, status: 'error', statusSite: 'claude', detail: 'bot check' }, 'gemini').status, 'connected');
  });

  it('names the site before the browser backend runs, from the listed sites', () => {
    const listed: SiteStatusLine[] = [
      { site: 'chatgpt', label: 'ChatGPT', state: 'not connected yet', ready: true },
      { site: 'claude', label: 'Claude', state: 'not connected yet', ready: true },
    ];
    const before = conversationConnectionState({ site: 'chatgpt', status: 'disconnected', model: 'GPT-5.5' }, 'claude', listed);
    assert.equal(siteModelLine(before), 'Claude · not connected yet');
    assert.equal(before.status, 'disconnected');
    assert.equal(before.model, undefined, "the model setting names the first site's model");
  });

  it('is the connection state as it is with one site, no site, or a site not listed', () => {
    const one: ConnectionState = { site: 'chatgpt', status: 'connected', sites: [SITES[0]!] };
    assert.equal(conversationConnectionState(one, 'chatgpt'), one);
    assert.equal(conversationConnectionState(CONNECTED, undefined), CONNECTED);
    assert.equal(conversationConnectionState(CONNECTED, 'aistudio'), CONNECTED);
  });
});

describe('ConversationConnection', () => {
  it('tells the header again when the connection changes and when the shown conversation or its site does', async () => {
    const connection = new ChatConnection(async () => new ScriptedChatModel(['hi']), 'chatgpt');
    let shown: string | undefined = 'claude';
    const conversation = new ConversationConnection(connection, () => shown);
    const seen: string[] = [];
    conversation.onDidChange((state) => seen.push(state.site));
    connection.setState('connected');
    assert.deepEqual(seen, ['chatgpt'], 'one site: as it is');
    connection.setState('connected');
    shown = 'gemini';
    conversation.refresh();
    assert.equal(seen.length, 3);
    conversation.dispose();
    connection.setState('connected');
    assert.equal(seen.length, 3, 'disposed: no longer told');
  });
});

describe('diagnoseSiteItems', () => {
  it("offers the shown conversation's site first, then the others in order, each with its state", () => {
    const items = diagnoseSiteItems(SITES, 'claude');
    assert.deepEqual(items.map((item) => item.site), ['claude', 'chatgpt', 'gemini', 'deepseek']);
    assert.equal(items[0]!.description, 'signed out · this conversation');
    assert.equal(items[1]!.description, 'limited until 15:00');
  });
});

/** A site whose browser model records what the UI asked of it. */
function recordingSite(site: string, label: string, replies: Array<string | Error>): SiteHandle & { asked: string[] } {
  const asked: string[] = [];
  const model = Object.assign(new ScriptedChatModel(replies, { keepsThread: true }), {
    openTab: async () => void asked.push('openTab'),
    connect: async () => void asked.push('connect'),
    diagnose: async () => (asked.push('diagnose'), { site, siteName: label, problems: [], snapshot: '', report: () => `# ${label}` }),
    listModels: async () => ({ models: [], toggles: [] }) as never,
  });
  return { site, label, model, asked };
}

describe("the site actions act on the conversation's site", () => {
  it('opens the tab of, re-checks and diagnoses the site asked for, not the current one', async () => {
    const chatgpt = recordingSite('chatgpt', 'ChatGPT', []);
    const claude = recordingSite('claude', 'Claude', []);
    const routed = new RoutedChatModel(new SiteRouter([chatgpt, claude], { failover: 'off' }), [chatgpt, claude]);
    const connection = new ChatConnection(async () => routed, 'chatgpt');
    await connection.openTab('claude');
    await connection.refreshLogin('claude');
    assert.equal((await (await connection.siteModel('claude')).diagnose!()).siteName, 'Claude');
    assert.deepEqual(claude.asked, ['openTab', 'connect', 'diagnose']);
    assert.deepEqual(chatgpt.asked, [], 'the current site was not asked anything');
    await connection.openTab();
    assert.deepEqual(chatgpt.asked, ['openTab'], 'no site: the current one, as before');
    assert.equal(await connection.siteModel('aistudio'), routed, 'a site not listed: the model itself');
  });

  it('a failed action on a site names that site with the state it leaves', async () => {
    const chatgpt = recordingSite('chatgpt', 'ChatGPT', []);
    const claude = recordingSite('claude', 'Claude', []);
    claude.model.openTab = async () => {
      throw new LLMBackendError('Claude needs you to log in.', { code: PTKErrorCode.LOGIN_REQUIRED });
    };
    const routed = new RoutedChatModel(new SiteRouter([chatgpt, claude], { failover: 'off' }), [chatgpt, claude]);
    const connection = new ChatConnection(async () => routed, 'chatgpt');
    await assert.rejects(connection.openTab('claude'));
    assert.deepEqual([connection.state.site, connection.state.status, connection.state.statusSite], ['chatgpt', 'loginRequired', 'claude']);
    assert.equal(conversationConnectionState(connection.state, 'chatgpt').status, 'connected', "ChatGPT's header shows no wall");
    assert.equal(conversationConnectionState(connection.state, 'claude').status, 'loginRequired');
  });

  it('makes a signed-out site ready again once the user logged in there', async () => {
    const chatgpt = recordingSite('chatgpt', 'ChatGPT', []);
    const claude = recordingSite('claude', 'Claude', [new LLMBackendError('Claude needs you to log in.', { code: PTKErrorCode.LOGIN_REQUIRED })]);
    const routed = new RoutedChatModel(new SiteRouter([chatgpt, claude], { failover: 'off' }), [chatgpt, claude]);
    await assert.rejects(routed.call('hi', { thread: threadOf(true), site: 'claude' }));
    assert.equal(routed.sites().find((line) => line.site === 'claude')!.status, 'signedOut');
    await routed.forSite('claude')!.connect!();
    assert.equal(routed.sites().find((line) => line.site === 'claude')!.status, 'ready');
    assert.equal(routed.forSite('aistudio'), undefined);
  });

  it("an error card names the site the task failed on, so its Log in and Open tab act there", async () => {
    const chatgpt = recordingSite('chatgpt', 'ChatGPT', []);
    const claude = recordingSite('claude', 'Claude', [new LLMBackendError('Claude needs you to log in.', { code: PTKErrorCode.LOGIN_REQUIRED })]);
    const routed = new RoutedChatModel(new SiteRouter([chatgpt, claude], { failover: 'off' }), [chatgpt, claude]);
    const failure = await routed.call('hi', { thread: threadOf(true), site: 'claude' }).catch((error: unknown) => error);
    const wrapped = new LLMBackendError('LLM call failed: signed out', { code: PTKErrorCode.LLM_CALL_FAILED, cause: failure });
    assert.deepEqual(errorEvent('Claude: signed out.', wrapped), { type: 'error', message: 'Claude: signed out.', code: PTKErrorCode.LOGIN_REQUIRED, actions: ['login', 'openTab'], site: 'claude' });
    assert.equal(errorEvent('boom', new Error('boom')).site, undefined, 'one site: no site named');
  });
});

/** The site per conversation (ptk.sites): which site its calls ask for, and the site menu's entries; ChatSession keeps the choice with the conversation. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PTKManager } from '../../../src/core/loop/ptkManager';
import { ScriptedChatModel } from '../../../src/core/testing/scriptedChatModel';
import type { SiteStatusLine } from '../../../src/ui/chatConnection';
import { ChatSessions } from '../../../src/ui/chatSessions';
import { conversationSite, defaultSite, showsSiteMenu, siteMenuItems, siteMenuTitle } from '../../../src/ui/conversationSite';
import { ConversationStore } from '../../../src/ui/conversationStore';
import { MemoryKeyValueStore } from './memoryStore';

const chatgpt: SiteStatusLine = { site: 'chatgpt', label: 'ChatGPT', state: 'limited until 15:00', ready: false };
const claude: SiteStatusLine = { site: 'claude', label: 'Claude', state: 'ready', ready: true };
const gemini: SiteStatusLine = { site: 'gemini', label: 'Gemini', state: 'ready', ready: true };

describe('conversationSite', () => {
  it('is the first ready site without a choice, the first listed when none is ready', () => {
    assert.equal(defaultSite([chatgpt, claude, gemini]), 'claude');
    assert.equal(defaultSite([chatgpt, { ...claude, ready: false }]), 'chatgpt');
    assert.equal(conversationSite(undefined, [chatgpt, claude, gemini]), 'claude');
  });

  it("is the conversation's choice while that site is listed, whatever its state", () => {
    assert.equal(conversationSite('gemini', [chatgpt, claude, gemini]), 'gemini');
    assert.equal(conversationSite('chatgpt', [chatgpt, claude]), 'chatgpt');
    assert.equal(conversationSite('deepseek', [chatgpt, claude]), 'claude', 'a site no longer listed: the default');
  });

  it('is none with one site: the call asks for no site, as before', () => {
    assert.equal(conversationSite('claude', [claude]), undefined);
    assert.equal(conversationSite(undefined, []), undefined);
    assert.equal(showsSiteMenu([claude]), false);
    assert.equal(showsSiteMenu([claude, gemini]), true);
  });
});

describe('the site menu', () => {
  it("lists each site with its state in order, marking the conversation's", () => {
    assert.deepEqual(siteMenuItems([chatgpt, claude, gemini], 'gemini'), [
      { label: 'ChatGPT', description: 'limited until 15:00', site: 'chatgpt' },
      { label: 'Claude', description: 'ready', site: 'claude' },
      { label: 'Gemini', description: 'ready · this conversation', site: 'gemini' },
    ]);
    assert.equal(siteMenuItems([chatgpt, claude], undefined)[1]!.description, 'ready · this conversation (first ready site)');
    assert.equal(siteMenuTitle([chatgpt, claude, gemini], 'gemini'), 'PTK: Site for This Conversation (now: Gemini)');
  });
});

function sessionWith(sites: () => SiteStatusLine[], storage = new MemoryKeyValueStore()) {
  const model = new ScriptedChatModel(() => 'ok');
  const manager = new PTKManager(model);
  let nextId = 0;
  const session = new ChatSessions({
    runTask: (prompt, options) => manager.orchestrateToolCalling(prompt, options),
    store: new ConversationStore(storage),
    sites,
    createId: () => `id${++nextId}-${Math.random().toString(36).slice(2, 6)}`,
    now: () => 1000,
  });
  return { session, model, storage };
}

describe('ChatSession: the site per conversation', () => {
  it('every model call of a conversation asks for its site: the first ready one until the user chooses', async () => {
    let sites = [chatgpt, claude, gemini];
    const { session, model } = sessionWith(() => sites);
    await session.send('one');
    await session.chooseSite('gemini');
    await session.send('two');
    sites = [{ ...chatgpt, ready: true }, claude, gemini];
    await session.send('three');
    assert.deepEqual(model.calls.map((call) => call.options.site), ['claude', 'gemini', 'gemini']);
  });

  it('the choice is kept with the conversation: another conversation has its own, and it comes back with it and after a reload', async () => {
    const sites = () => [chatgpt, claude, gemini];
    const { session, model, storage } = sessionWith(sites);
    await session.send('first conversation');
    await session.chooseSite('gemini');
    const first = session.state.conversationId;
    await session.newConversation();
    assert.equal(session.chosenSiteId, undefined, 'a new conversation starts without a choice');
    await session.send('second conversation');
    await session.openConversation(first);
    assert.equal(session.chosenSiteId, 'gemini');
    await session.send('first again');
    assert.deepEqual(model.calls.map((call) => call.options.site), ['claude', 'claude', 'gemini']);

    const reloaded = sessionWith(sites, storage);
    assert.equal(reloaded.session.state.conversationId, first);
    assert.equal(reloaded.session.chosenSiteId, 'gemini');
    await reloaded.session.send('after a reload');
    assert.equal(reloaded.model.calls[0]!.options.site, 'gemini');
  });

  it('a conversation stays on the site its first task used when that site reaches a limit, and a failover moves it (kept after a reload)', async () => {
    let sites = [{ ...chatgpt, state: 'ready', ready: true }, claude, gemini];
    const { session, model, storage } = sessionWith(() => sites);
    await session.send('one');
    assert.equal(session.chosenSiteId, 'chatgpt', 'its first task ran on the first ready site, where its chat now lives');
    sites = [chatgpt, claude, gemini];
    assert.equal(session.site(), 'chatgpt', 'the header keeps naming ChatGPT (limited) while the failover question is open');
    await session.movedToSite('claude', session.state.conversationId);
    assert.equal(session.site(), 'claude');
    await session.send('two');
    assert.deepEqual(model.calls.map((call) => call.options.site), ['chatgpt', 'claude']);
    assert.equal(sessionWith(() => sites, storage).session.chosenSiteId, 'claude');
  });

  it('with one site the calls ask for none', async () => {
    const { session, model } = sessionWith(() => [claude]);
    await session.chooseSite('claude');
    await session.send('hi');
    assert.equal('site' in model.calls[0]!.options, false);
  });
});

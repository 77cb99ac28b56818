/**
 * Second Opinion end to end in real Chromium: a chat task runs on the ChatGPT-shaped replica
 * through the site router (as the extension wires it), then the finished task goes to the two
 * other replicas at once through the consult port: the Claude-shaped one reviews it in a new chat
 * of its own, the Gemini-shaped one is limited, and its column says so. ChatGPT gets nothing more.
 * Run: node --import tsx --test test/browser/secondOpinion.test.ts
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PTKManager } from '../../src/core/loop/ptkManager';
import { SiteRouter } from '../../src/core/routing';
import { ToolRegistry } from '../../src/core/tools/toolRegistry';
import type { ChatItem } from '../../src/shared/chat/protocol';
import { ChatSession } from '../../src/ui/chatSession';
import { createConsultPort } from '../../src/ui/consultPort';
import { ConversationStore } from '../../src/ui/conversationStore';
import { RoutedChatModel } from '../../src/ui/routedChatModel';
import { runSecondOpinion } from '../../src/ui/secondOpinion';
import { ExtensionSettingsSchema } from '../../src/ui/settings';
import { MemoryKeyValueStore } from '../unit/ui/memoryStore';
import { closeSites, sharedTestBrowser, startSite } from './harness';

const testBrowser = sharedTestBrowser();
const REVIEW = 'Problem: the cache lock is never released when the loader throws. Release it in a finally block.';

describe('Second Opinion (a task on the ChatGPT replica, reviewed by the Claude and Gemini replicas)', () => {
  it('each other site gets the goal and answer in a new chat; the review lands in its column, a limited site says so in its own', async () => {
    const chatgptPrompts: string[] = [];
    const claudePrompts: string[] = [];
    const chatgpt = await startSite(testBrowser(), 'chatgpt', (prompt) => (chatgptPrompts.push(prompt), 'Done: the cache now takes a lock around the loader.'));
    const claude = await startSite(testBrowser(), 'claude', (prompt) => (claudePrompts.push(prompt), prompt.includes('Add a lock around the cache loader') ? REVIEW : 'I was not given the task.'));
    const gemini = await startSite(testBrowser(), 'gemini', () => ({ failure: 'rate_limit', retryAfter: '3:15 PM' }));
    try {
      const handles = [
        { site: 'chatgpt', label: 'ChatGPT', model: chatgpt.model },
        { site: 'claude', label: 'Claude', model: claude.model },
        { site: 'gemini', label: 'Gemini', model: gemini.model },
      ];
      const routed = new RoutedChatModel(new SiteRouter(handles, { failover: 'auto' }), handles);
      const settings = ExtensionSettingsSchema.parse({ site: 'chatgpt', sites: ['chatgpt', 'claude', 'gemini'] });
      const port = createConsultPort({ settings: () => settings, model: async () => routed, approve: async () => undefined });
      const manager = new PTKManager(routed, new ToolRegistry([]));
      const session = new ChatSession({ runTask: (prompt, options) => manager.orchestrateToolCalling(prompt, options), store: new ConversationStore(new MemoryKeyValueStore()) });
      await session.send('Add a lock around the cache loader');

      const outcome = await runSecondOpinion({ session, sites: handles.map(({ site, label }) => ({ site, label })), ownSite: 'chatgpt', diff: async () => '', send: port.send, createId: () => 'r1' });

      assert.equal(outcome.status, 'reviewed');
      const review = session.state.items.find((item): item is Extract<ChatItem, { kind: 'review' }> => item.kind === 'review')!;
      assert.deepEqual(review.columns[0], { site: 'claude', label: 'Claude', status: 'done', text: REVIEW });
      assert.equal(review.columns[1]!.status, 'failed');
      assert.match(review.columns[1]!.text, /^Gemini could not review: usage limit until (\d{4}-\d\d-\d\d )?15:15\.$/);
      assert.equal(claudePrompts.length, 1);
      assert.match(claudePrompts[0]!, /review[\s\S]*Add a lock around the cache loader[\s\S]*Done: the cache now takes a lock around the loader\./);
      assert.doesNotMatch(claudePrompts[0]!, /TOOL_CALL|read_file/);
      assert.equal(chatgptPrompts.length, 1, "the conversation's own site got only the task");
      assert.equal(claude.server.submissions.length, 1);
    } finally {
      await closeSites(chatgpt, claude, gemini);
    }
  });
});

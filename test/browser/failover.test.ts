/**
 * Failover across sites, end to end in real Chromium: the engine's loop runs a task through the
 * site router over two replica sites (ChatGPT-shaped, then Claude-shaped). ChatGPT answers the
 * first turn with a tool call, then shows its usage-limit banner; the task goes on on Claude in
 * a new chat that starts with the task so far, and completes. Every file is written once, and
 * the line the UI shows names the limit's time and the next site.
 * Run: node --import tsx --test test/browser/failover.test.ts
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { PTKErrorCode } from '../../src/core/errors';
import { PTKManager } from '../../src/core/loop/ptkManager';
import { SiteRouter, type FailoverEvent } from '../../src/core/routing';
import { defineTool } from '../../src/core/tools/defineTool';
import { ToolRegistry } from '../../src/core/tools/toolRegistry';
import { BrowserChatModel } from '../../src/browser/browserChatModel';
import type { ReplicaResponder } from './replicas/scenario';
import { startReplicaServer, type ReplicaServer } from './replicas/server';
import { replicaSites } from './replicas/sites';
import { adapterFor, sharedTestBrowser } from './harness';

const testBrowser = sharedTestBrowser();
const GOAL = 'Create a.txt and b.txt, each saying its own name.';
const call = (path: string): string => `<TOOL_CALL>\n{"tool": "write_file", "args": {"path": "${path}", "content": "${path}"}}\n</TOOL_CALL>`;

/** A write_file tool over a map, counting the writes of each path. */
function writingTools(files: Map<string, string>, writes: Map<string, number>): ToolRegistry {
  return new ToolRegistry([
    defineTool({
      name: 'write_file',
      description: 'Write a file',
      inputSchema: z.object({ path: z.string(), content: z.string() }),
      run: ({ path, content }) => {
        files.set(path, content);
        writes.set(path, (writes.get(path) ?? 0) + 1);
        return { path, written: content.length };
      },
    }),
  ]);
}

async function siteModel(site: 'chatgpt' | 'claude', responder: ReplicaResponder): Promise<{ server: ReplicaServer; model: BrowserChatModel }> {
  const entry = replicaSites.find((candidate) => candidate.replica === site)!;
  const server = await startReplicaServer({ site, responder, scenario: { defaults: { tokenMs: 2, tokenChars: 8 } } });
  return { server, model: new BrowserChatModel({ adapter: adapterFor(entry, server.url), browser: testBrowser(), submitConfirmMs: 2_000 }) };
}

describe('failover across sites (site router over two replica sites)', () => {
  it('a task that meets ChatGPT\'s usage limit goes on on Claude with the task so far, and writes every file once', async () => {
    const chatgptPrompts: string[] = [];
    const claudePrompts: string[] = [];
    const chatgpt = await siteModel('chatgpt', (prompt, turn) => {
      chatgptPrompts.push(prompt);
      return turn === 0 ? call('a.txt') : { failure: 'rate_limit', retryAfter: '3:15 PM' };
    });
    const claude = await siteModel('claude', (prompt, turn) => {
      claudePrompts.push(prompt);
      if (turn === 0) return /TOOL_RESULT/.test(prompt) ? call('b.txt') : 'I was not given the task so far.';
      return 'Done: a.txt and b.txt are written.';
    });
    try {
      const files = new Map<string, string>();
      const writes = new Map<string, number>();
      const moves: FailoverEvent[] = [];
      const router = new SiteRouter(
        [
          { site: 'chatgpt', label: 'ChatGPT', model: chatgpt.model },
          { site: 'claude', label: 'Claude', model: claude.model },
        ],
        { failover: 'auto', onFailover: (event) => moves.push(event) },
      );
      const result = await new PTKManager(router, writingTools(files, writes)).orchestrateToolCalling(GOAL);

      assert.equal(result.success, true, result.error);
      assert.equal(result.content.trim(), 'Done: a.txt and b.txt are written.');
      assert.deepEqual(Object.fromEntries(files), { 'a.txt': 'a.txt', 'b.txt': 'b.txt' });
      assert.deepEqual(Object.fromEntries(writes), { 'a.txt': 1, 'b.txt': 1 }, 'nothing ran twice');
      assert.equal(chatgptPrompts.length, 2, 'ChatGPT got the task and the first result, then showed its limit');
      // Claude's first chat starts with the whole task: the goal, the call made and its result.
      assert.match(claudePrompts[0]!, new RegExp(GOAL.replace(/\./g, '\\.')));
      assert.match(claudePrompts[0]!, /a\.txt/);
      assert.match(claudePrompts[0]!, /TOOL_RESULT/);
      assert.equal(claude.server.submissions.length, 2);
      assert.equal(claude.server.submissions[0]!.conversationId, claude.server.submissions[1]!.conversationId, 'then the task goes on in that chat');
      assert.equal(moves.length, 1);
      assert.equal(moves[0]!.reason, 'usageLimit');
      assert.match(moves[0]!.message, /^ChatGPT: usage limit until (\d{4}-\d\d-\d\d )?15:15 — continuing on Claude$/);
      assert.deepEqual(router.states().map((state) => [state.site, state.status]), [['chatgpt', 'limited'], ['claude', 'ready']]);
      // A later task skips the limited site.
      const later = await new PTKManager(router, writingTools(files, writes)).orchestrateToolCalling('Say hello.');
      assert.equal(later.success, true, later.error);
      assert.equal(chatgptPrompts.length, 2, 'the limited site gets nothing more');
      assert.equal(claudePrompts.length, 3, 'the later task went to Claude');
    } finally {
      await chatgpt.model.close();
      await claude.model.close();
      await chatgpt.server.close();
      await claude.server.close();
    }
  });

  it("with failover 'off' the task stops with the site's RATE_LIMITED and its time", async () => {
    const chatgpt = await siteModel('chatgpt', () => ({ failure: 'rate_limit', retryAfter: '3:15 PM' }));
    const claude = await siteModel('claude', () => 'never asked');
    try {
      const router = new SiteRouter(
        [
          { site: 'chatgpt', label: 'ChatGPT', model: chatgpt.model },
          { site: 'claude', label: 'Claude', model: claude.model },
        ],
        { failover: 'off' },
      );
      const result = await new PTKManager(router, writingTools(new Map(), new Map())).orchestrateToolCalling(GOAL);
      assert.equal(result.success, false);
      assert.equal(result.errorCode, PTKErrorCode.LLM_CALL_FAILED);
      assert.equal((result.failure as { cause?: { code?: string } }).cause?.code, PTKErrorCode.RATE_LIMITED);
      assert.equal(claude.server.submissions.length, 0, 'nothing went to the other site');
    } finally {
      await chatgpt.model.close();
      await claude.model.close();
      await chatgpt.server.close();
      await claude.server.close();
    }
  });
});

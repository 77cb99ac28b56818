/**
 * Site discovery as the last fallback behind the built-in adapters (src/browser/driftFallback.ts),
 * in real Chromium against the replicas of the five original sites:
 * - redesigned in the middle of a conversation: turn 1 runs on the adapter's selectors; then
 *   the site's page is replaced by markup none of them matches (scenario redesignAfterTurn: the
 *   tab's next load serves replicas/sites/madeup-parrot, the same conversation drawn anew);
 *   turns 2 and 3 (a tool call among them) finish exact through discovery;
 * - the turn selectors broken while the composer and the send button still match: the prompt
 *   is sent on the adapter's selectors and discovery takes the answer of that same send;
 * - broken from the start (ChatGPT's adapter on a page that is not ChatGPT's);
 * - not broken: three turns and no switch.
 * Each time: the warning is reported once (status and turn log), every prompt is sent once.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SiteAdapter } from '../../src/browser/adapters/types';
import { BrowserChatModel, type BrowserModelStatus } from '../../src/browser/browserChatModel';
import { PTKError, PTKErrorCode } from '../../src/core/errors';
import type { LLMCallOptions } from '../../src/core/ports';
import { adapterFor, sharedTestBrowser, startFreshReplica } from './harness';
import type { ReplicaServer } from './replicas/server';
import type { ReplicaTurnScript } from './replicas/scenario';
import { replicaSites } from './replicas/sites';

const ORIGINAL_SITES = ['chatgpt', 'claude', 'gemini', 'aistudio', 'deepseek'];
const ENTRIES = ORIGINAL_SITES.map((site) => replicaSites.find((entry) => entry.replica === site)!);

const FIRST = 'Hello **there**.\n\n```ts\nconst a = 1 < 2;\n```\n\nDone.';
const TOOL_CALL = 'I will read it.\n\n<TOOL_CALL>\n{"tool": "read_file", "args": {"path": "src/a_b__c.ts"}}\n</TOOL_CALL>';
const THIRD = 'Found it: the answer is `42`.';
const PROMPTS = ['Say hello', 'Read the file', 'And the answer?'];
const REPLIES = [FIRST, TOOL_CALL, THIRD];
const SCENARIO_TURNS: ReplicaTurnScript[] = REPLIES.map((reply) => ({ reply, tokenMs: 3 }));

/** A selector no page has: what the adapter's turn lists become when a redesign renames everything they named. */
const GONE = ['[data-ptk-test="renamed-away"]'];

function warningOf(adapter: SiteAdapter): string {
  return `${adapter.displayName}'s page changed: running on discovered elements; run Diagnose Site`;
}

/** How long the ready check looks for the adapter's composer before it gives up on it (the product waits DEFAULTS.browserReadyTimeoutMs). */
function shortReadyCheck(adapter: SiteAdapter): SiteAdapter {
  return { ...adapter, timings: { ...adapter.timings, readyTimeoutMs: 2_000 } };
}

/** A model on `adapter` that records every status it reports. */
function modelOn(adapter: SiteAdapter, browser: ReturnType<ReturnType<typeof sharedTestBrowser>>): { model: BrowserChatModel; statuses: BrowserModelStatus[] } {
  const statuses: BrowserModelStatus[] = [];
  const model = new BrowserChatModel({ adapter, browser, temporaryChats: false, onStatus: (status) => statuses.push(status) });
  return { model, statuses };
}

/** The n-th prompt of the conversation (a continuing thread after the first). */
function turnOptions(index: number): LLMCallOptions {
  return { thread: { key: 'task', newThread: index === 0, fullTranscript: () => PROMPTS.slice(0, index + 1).join('\n\n') } };
}

/** The times the warning was reported: status changes to it, and turn-log warnings naming it. */
function warningsReported(model: BrowserChatModel, statuses: readonly BrowserModelStatus[], warning: string): { status: number; log: number } {
  return {
    status: statuses.filter((status, index) => status.warning === warning && statuses[index - 1]?.warning !== warning).length,
    log: model.log.entries.flatMap((entry) => entry.warnings ?? []).filter((text) => text === warning).length,
  };
}

function assertEachSentOnce(server: ReplicaServer, prompts: readonly string[]): void {
  assert.equal(server.submissions.length, prompts.length, 'each prompt sent once');
  prompts.forEach((prompt, index) => assert.match(server.submissions[index]!.text, new RegExp(`^${prompt.replace(/[?]/g, '\\?')}\\n\\n\\[ptk:[0-9a-z]+\\]\\s*$`)));
}

describe('site discovery behind the built-in adapters: a redesign costs a warning, not the task', () => {
  const browser = sharedTestBrowser();

  for (const entry of ENTRIES) {
    it(`${entry.replica}: redesigned after the first turn, turns 2 and 3 (a tool call) finish exact through discovery, one warning`, async () => {
      const server = await startFreshReplica({ site: entry.replica, scenario: { turns: SCENARIO_TURNS, redesignAfterTurn: 1 } });
      const adapter = shortReadyCheck(adapterFor(entry, server.url));
      const warning = warningOf(adapter);
      const { model, statuses } = modelOn(adapter, browser());
      try {
        assert.equal(await model.call(PROMPTS[0]!, turnOptions(0)), FIRST);
        assert.deepEqual(warningsReported(model, statuses, warning), { status: 0, log: 0 }, 'turn 1 ran on the adapter');
        // The redesign arrives with the tab's next load; the conversation is the same.
        const page = await model.page();
        await page.reload({ waitUntil: 'domcontentloaded' });
        // The redesigned page (Parrot's list) draws the conversation's first turn anew.
        await page.locator('ol.log li.theirs').first().waitFor();
        assert.equal(await model.call(PROMPTS[1]!, turnOptions(1)), TOOL_CALL);
        assert.equal(await model.call(PROMPTS[2]!, turnOptions(2)), THIRD);
        assert.deepEqual(warningsReported(model, statuses, warning), { status: 1, log: 1 });
        assert.deepEqual(model.log.entries[1]!.warnings, [warning], 'the switch is logged with the turn it happened in');
        assert.equal(model.status.warning, warning);
        assertEachSentOnce(server, PROMPTS);
        assert.equal(server.conversationCount, 1, 'one conversation throughout');
      } finally {
        await model.close();
        await server.close();
      }
    });
  }

  /**
   * Two turns (a tool call in the second) on `replica` with the adapter `adapterOf` gives for it:
   * the first turn switches to discovery (one warning, logged with it), both answers exact.
   */
  async function switchesOnTheFirstTurn(replica: string, adapterOf: (url: string) => SiteAdapter): Promise<void> {
    const server = await startFreshReplica({ site: replica, scenario: { turns: SCENARIO_TURNS.slice(0, 2) } });
    const adapter = adapterOf(server.url);
    const warning = warningOf(adapter);
    const { model, statuses } = modelOn(adapter, browser());
    try {
      assert.equal(await model.call(PROMPTS[0]!, turnOptions(0)), FIRST);
      assert.equal(await model.call(PROMPTS[1]!, turnOptions(1)), TOOL_CALL);
      assert.deepEqual(warningsReported(model, statuses, warning), { status: 1, log: 1 });
      assert.deepEqual(model.log.entries[0]!.warnings, [warning]);
      assertEachSentOnce(server, PROMPTS.slice(0, 2));
    } finally {
      await model.close();
      await server.close();
    }
  }

  for (const entry of ENTRIES) {
    it(`${entry.replica}: its turn selectors miss after a send on its own composer and send button; discovery takes that answer, nothing sent twice`, async () => {
      await switchesOnTheFirstTurn(entry.replica, (url) => {
        const base = adapterFor(entry, url);
        return { ...base, selectors: { ...base.selectors, userTurn: GONE, assistantTurn: GONE, answerContent: GONE, turnScope: GONE, turnActionBar: GONE, copyButton: GONE, copyMenuButton: GONE } };
      });
    });
  }

  it("broken from the start: ChatGPT's adapter on a page none of its selectors match answers through discovery, with the warning", async () => {
    assert.equal(warningOf(adapterFor(ENTRIES[0]!, 'http://127.0.0.1/')), "ChatGPT's page changed: running on discovered elements; run Diagnose Site");
    await switchesOnTheFirstTurn('madeup-parrot', (url) => shortReadyCheck(adapterFor(ENTRIES[0]!, url)));
  });

  it("after a switch, a new tab of the site goes on through discovery at once, without waiting for the composer its page no longer draws", { timeout: 120_000 }, async () => {
    const server = await startFreshReplica({ site: 'madeup-parrot', scenario: { turns: SCENARIO_TURNS.slice(0, 2) } });
    const adapter = shortReadyCheck(adapterFor(ENTRIES[0]!, server.url));
    const warning = warningOf(adapter);
    const { model, statuses } = modelOn(adapter, browser());
    try {
      assert.equal(await model.call(PROMPTS[0]!, turnOptions(0)), FIRST);
      assert.deepEqual(model.log.entries[0]!.warnings, [warning], 'the first tab switched after its ready check');
      // The tab goes (closed by the user); from now on a ready check of the site's own selectors
      // would wait longer than this test may run: the next tab must not wait for them.
      await (await model.page()).close();
      (adapter.timings as { readyTimeoutMs: number }).readyTimeoutMs = 600_000;
      assert.equal(await model.call(PROMPTS[1]!, { thread: { key: 'second', newThread: true, fullTranscript: () => PROMPTS[1]! } }), TOOL_CALL);
      // (Parrot's address reopens its last chat, which the turn log says too.)
      assert.ok(model.log.entries[1]!.warnings?.includes(warning), 'the new tab runs on discovery, and its turn says so');
      assert.equal(warningsReported(model, statuses, warning).status, 1, 'the status reported the change once');
      assertEachSentOnce(server, PROMPTS.slice(0, 2));
    } finally {
      await model.close();
      await server.close();
    }
  });

  it('with driftFallback off, the same page fails as before: SELECTOR_NOT_FOUND naming the composer, nothing sent', async () => {
    const server = await startFreshReplica({ site: 'madeup-parrot', scenario: { turns: SCENARIO_TURNS.slice(0, 1) } });
    const adapter = shortReadyCheck(adapterFor(ENTRIES[0]!, server.url));
    const model = new BrowserChatModel({ adapter, browser: browser(), temporaryChats: false, driftFallback: false });
    try {
      await assert.rejects(
        () => model.call(PROMPTS[0]!),
        (error: unknown) => error instanceof PTKError && error.code === PTKErrorCode.SELECTOR_NOT_FOUND && /composer/.test(error.message),
      );
      assert.equal(model.status.warning, undefined);
      assert.equal(server.submissions.length, 0);
    } finally {
      await model.close();
      await server.close();
    }
  });

  for (const entry of ENTRIES) {
    it(`${entry.replica}: unbroken, three turns never switch (no warning)`, async () => {
      const server = await startFreshReplica({ site: entry.replica, scenario: { turns: SCENARIO_TURNS } });
      const adapter = adapterFor(entry, server.url);
      const { model, statuses } = modelOn(adapter, browser());
      try {
        for (let index = 0; index < PROMPTS.length; index++) assert.equal(await model.call(PROMPTS[index]!, turnOptions(index)), REPLIES[index]);
        assert.deepEqual(warningsReported(model, statuses, warningOf(adapter)), { status: 0, log: 0 });
        assert.equal(model.status.warning, undefined);
        // Every turn read its answer through the adapter's own turn selectors.
        for (const entryLog of model.log.entries) assert.ok((entryLog.matched?.assistantTurn ?? -1) >= 0, JSON.stringify(entryLog.matched));
        assertEachSentOnce(server, PROMPTS);
      } finally {
        await model.close();
        await server.close();
      }
    });
  }
});

/**
 * Failover in headless Chromium: a task runs through the site router (failover 'auto') over the
 * ChatGPT replica, then the Claude replica. ChatGPT answers the task's first turn with a tool
 * call and shows its usage-cap banner on the second message (scenario usageCapAfter 2); the task
 * goes on on Claude in a new chat that starts with the task so far. The figure is the time from
 * the banner's appearance on ChatGPT's page to the first token of Claude's answer reaching the
 * task (its onDelta), against Claude's own latency for the same request (the same text, a new
 * chat, its first token) measured right after in the same run.
 * Target: cap → first token ≤ Claude's own latency + 5 s, both when Claude's tab is opened by the
 * failover (cold: the first run) and when it is already open (warm: median of the later runs).
 * That clock starts at the banner, so it cannot see a banner that comes late, or a banner PTK
 * notices late; a second figure starts at the send: ChatGPT's send of the capped message → the
 * task told of the failover (PTK reported RATE_LIMITED), against ChatGPT's own send → first token
 * of the message before it (the same run). Target: the limit is known no later than that first
 * token + 1 s (a capped site refuses at once and makes no answer first; PTK sees its banner as
 * it sees a token).
 * A MISS exits non-zero.
 * Run: npm run bench -- failover
 */
import { z } from 'zod';
import type { Page } from 'playwright-core';
import { PTKManager } from '../src/core/loop/ptkManager';
import { SiteRouter } from '../src/core/routing';
import { defineTool } from '../src/core/tools/defineTool';
import { ToolRegistry } from '../src/core/tools/toolRegistry';
import type { StreamDelta } from '../src/core/ports';
import { BrowserChatModel } from '../src/browser/browserChatModel';
import { resolveAdapter } from '../src/browser/adapters/registry';
import { NONCE_LINE } from '../test/browser/replicas/scenario';
import { startReplicaServer } from '../test/browser/replicas/server';
import { launchBenchBrowser, loadLine, median } from './benchBrowser';

/** Runs: the first meets Claude's tab cold, the others warm. */
const RUNS = 4;
/** The slack the target allows on top of the next site's own latency. */
const SLACK_MS = 5_000;
/** The slack the target allows the limit on top of the capped site's own first-token latency. */
const LIMIT_SLACK_MS = 1_000;
const GOAL = 'Create notes.txt saying hello, then say what you did.';
const TOOL_CALL = '<TOOL_CALL>\n{"tool": "write_file", "args": {"path": "notes.txt", "content": "hello"}}\n</TOOL_CALL>';
const DONE = `Done: notes.txt is written. ${'It says hello, as the task asked. '.repeat(8)}`.trim();
/** Claude's model "thinks" before its first token, as real models do: the same in the failover and in its own latency. */
const CLAUDE_TURN = { tokenChars: 8, tokenMs: 10, thinkingMs: 400 };

/**
 * A bench-only page script: records (Date.now()) when one of ChatGPT's error-banner selectors
 * first matches. A string, since the loader's name helpers do not exist in the page.
 */
const recordBanner = (selectors: readonly string[]): string => `(() => {
  const selectors = ${JSON.stringify(selectors)};
  new MutationObserver(() => {
    if (window.__benchBannerAt === undefined && selectors.some((selector) => document.querySelector(selector) !== null)) window.__benchBannerAt = Date.now();
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})();`;

const bannerShownAt = (page: Page): Promise<number | undefined> => page.evaluate(() => (window as unknown as { __benchBannerAt?: number }).__benchBannerAt);

/** The first delta with text after `armed()` turns true: when it arrived (Date.now()). */
function firstTokenAfter(armed: () => boolean): { onDelta: (delta: StreamDelta) => void; at: () => number | undefined } {
  let at: number | undefined;
  return {
    onDelta: (delta) => {
      if (at === undefined && armed() && delta.full.length > 0) at = Date.now();
    },
    at: () => at,
  };
}

async function main(): Promise<void> {
  const browser = await launchBenchBrowser();
  const chatgpt = await startReplicaServer({ site: 'chatgpt', scenario: { usageCapAfter: 2, usageCapRetryAfter: '3 PM' }, responder: () => ({ reply: TOOL_CALL, tokenChars: 8, tokenMs: 5 }) });
  const claude = await startReplicaServer({ site: 'claude', responder: (prompt) => ({ reply: /TOOL_RESULT/.test(prompt) ? DONE : 'I was not given the task so far.', ...CLAUDE_TURN }) });
  const chatgptAdapter = resolveAdapter('chatgpt', { siteUrl: chatgpt.url });
  const chatgptModel = new BrowserChatModel({ adapter: chatgptAdapter, browser, maxTabs: 1 });
  const claudeModel = new BrowserChatModel({ adapter: resolveAdapter('claude', { siteUrl: claude.url }), browser, maxTabs: 1 });
  const failover: number[] = [];
  const own: number[] = [];
  /** ChatGPT: send of the capped message → RATE_LIMITED (the failover); send of the message before → its first token. */
  const sendToLimit: number[] = [];
  const sendToFirstToken: number[] = [];
  let failed = false;
  try {
    // Every page of ChatGPT's tab records when its banner shows (the new chat of each run is a new page).
    await (await chatgptModel.page()).context().addInitScript(recordBanner(chatgptAdapter.selectors.errorBanner ?? []));
    for (let run = 0; run < RUNS; run++) {
      chatgpt.setScenario({ usageCapAfter: 2, usageCapRetryAfter: '3 PM' });
      const claudeSubmissions = claude.submissions.length;
      let moved = false;
      let movedAt = 0;
      const router = new SiteRouter(
        [
          { site: 'chatgpt', label: 'ChatGPT', model: chatgptModel },
          { site: 'claude', label: 'Claude', model: claudeModel },
        ],
        {
          failover: 'auto',
          onFailover: () => {
            moved = true;
            movedAt = Date.now();
          },
        },
      );
      const writes: string[] = [];
      const tools = new ToolRegistry([
        defineTool({ name: 'write_file', description: 'Write a file', inputSchema: z.object({ path: z.string(), content: z.string() }), run: ({ path }) => (writes.push(path), { path }) }),
      ]);
      const task = firstTokenAfter(() => moved);
      const result = await new PTKManager(router, tools).orchestrateToolCalling(GOAL, { onDelta: task.onDelta });
      const capAt = await bannerShownAt(await chatgptModel.page());
      if (!result.success || result.content.trim() !== DONE || writes.length !== 1) throw new Error(`run ${run}: the task did not complete on Claude once: ${result.error ?? result.content.slice(0, 80)} (${writes.length} writes)`);
      if (capAt === undefined || task.at() === undefined) throw new Error(`run ${run}: no banner time (${capAt}) or no first token from Claude (${task.at()})`);
      failover.push(task.at()! - capAt);
      // ChatGPT's turns of this run: the answered one, then the capped one (the log keeps the send times).
      const [answered, capped] = chatgptModel.log.entries.slice(-2);
      if (answered?.timings.firstToken === undefined || answered.timings.submitted === undefined || capped?.timings.submitted === undefined) throw new Error(`run ${run}: ChatGPT's turns have no send or first-token time`);
      sendToLimit.push(movedAt - (capped.timings.startedAt + capped.timings.submitted));
      sendToFirstToken.push(answered.timings.firstToken - answered.timings.submitted);
      if (process.env.PTK_BENCH_DEBUG) {
        const turn = claudeModel.log.entries.at(-1)!;
        console.log(`run ${run}: banner at 0, failover told at ${movedAt - capAt} ms, Claude's turn started at ${(turn.timings.startedAt as number) - capAt} ms: ${JSON.stringify(turn.timings)}`);
      }

      // Claude's own latency for the same request: the text the failover sent it, in a new chat.
      const request = claude.submissions[claudeSubmissions]!.text.replace(NONCE_LINE, '');
      const alone = firstTokenAfter(() => true);
      const startedAt = Date.now();
      const answer = await claudeModel.call(request, { onDelta: alone.onDelta, thread: { key: `own-latency-${run}`, newThread: true, fullTranscript: () => request } });
      if (answer.trim() !== DONE || alone.at() === undefined) throw new Error(`run ${run}: Claude alone answered ${answer.slice(0, 80)}`);
      own.push(alone.at()! - startedAt);
    }
    const verdict = (cap: number, latency: number): string => {
      const pass = cap <= latency + SLACK_MS;
      failed ||= !pass;
      return `${cap.toFixed(0)} ms against Claude's own ${latency.toFixed(0)} ms: ${(cap - latency).toFixed(0)} ms more, ${(cap / latency).toFixed(2)}× (target ≤ own latency + ${SLACK_MS / 1000} s) ${pass ? 'PASS' : 'MISS'}`;
    };
    console.log(`ChatGPT usage-cap banner → first token from Claude (failover 'auto', the task so far in a new chat of ${claude.submissions[0]!.text.length} characters):`);
    console.log(`  cold (Claude's tab opened by the failover): ${verdict(failover[0]!, own[0]!)}`);
    console.log(`  warm (Claude's tab open), median of ${RUNS - 1}: ${verdict(median(failover.slice(1)), median(own.slice(1)))}`);
    const limit = median(sendToLimit);
    const firstToken = median(sendToFirstToken);
    const limitPass = limit <= firstToken + LIMIT_SLACK_MS;
    failed ||= !limitPass;
    console.log(
      `ChatGPT send of the capped message → RATE_LIMITED (failover), median of ${RUNS}: ${limit.toFixed(0)} ms against its own send → first token ${firstToken.toFixed(0)} ms: ${(limit / Math.max(1, firstToken)).toFixed(2)}× (target ≤ first token + ${LIMIT_SLACK_MS / 1000} s) ${limitPass ? 'PASS' : 'MISS'}`,
    );
    console.log(`  (${loadLine()})`);
  } finally {
    await chatgptModel.close();
    await claudeModel.close();
    await claude.close();
    await chatgpt.close();
    await browser.close();
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

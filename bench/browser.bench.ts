/**
 * Browser backend benchmarks, on the ChatGPT replica in headless Debian Chromium, each with
 * its naive baseline measured in the same run:
 *  1. completion detection over ≥ 200 scripted turns that include what the real site does to
 *     a completion detector: thinking pauses, an action bar flashing mid-thinking, a preamble
 *     followed by a gap with no stop button before the answer, and (on one of the two tabs) a
 *     virtualized list that drops the question from the DOM while the answer streams.
 *     Latency = last DOM mutation in the page → the backend returning the final text, median and
 *     p95, target median ≤ 150 ms; false completions (a returned text that is not the answer),
 *     target 0. The naive baseline ("stop button gone or an action bar shown, then the answer
 *     text unchanged for 300 ms", read in the page) runs on a sample of the same kinds of turns;
 *     both are printed with their ratios;
 *  2. inserting a 100 KB prompt: target ≤ 500 ms, against per-character typing extrapolated
 *     from 2 KB;
 *  3. early stop on a complete tool call: time saved when the model keeps writing 2,000 more
 *     characters after the call.
 * Bounded (about a minute and a half on 2 cores): fast token timing, short phases.
 * Run: npm run bench -- browser
 */
import { instrument, pageMarks } from './pageInstrument';
import { chromium } from 'playwright-core';
import { BrowserChatModel } from '../src/browser/browserChatModel';
import { resolveAdapter } from '../src/browser/adapters/registry';
import { insertPrompt } from '../src/browser/siteDriver';
import { startReplicaServer } from '../test/browser/replicas/server';
import type { ReplicaTurnScript } from '../test/browser/replicas/scenario';
import { replicaBrowserArgs } from '../test/browser/replicas/foreignHosts';

const CHROMIUM = process.env.PTK_CHROMIUM ?? '/usr/bin/chromium';
// Nothing resolves but the replica's hosts (all on 127.0.0.1), as in the tests.
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage', ...replicaBrowserArgs()];
const TURNS = Number(process.env.PTK_BENCH_TURNS ?? 200);
const BASELINE_TURNS = Number(process.env.PTK_BENCH_BASELINE_TURNS ?? 24);
const NAIVE_QUIET_MS = 300;

const verdict = (pass: boolean): string => (pass ? 'PASS' : 'MISS');
const percentile = (values: number[], fraction: number): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
};
const ratio = (ours: number, theirs: number): string => (theirs > 0 ? (ours / theirs).toFixed(3) : 'n/a');

function replyFor(index: number): string {
  const words = ['alpha', 'beta', '`gamma`', '**delta**', 'epsilon', 'zeta', 'eta', 'theta'];
  const length = 10 + (index % 17);
  return `Answer ${index}: ${Array.from({ length }, (_, word) => words[(word + index) % words.length]).join(' ')}.`;
}

type TurnKind = 'plain' | 'thinking' | 'flash' | 'preamble';

/** Every tenth turn thinks with a pause, one has the mid-thinking bar flash, one a preamble gap. */
function kindOf(index: number): TurnKind {
  switch (index % 10) {
    case 3:
      return 'thinking';
    case 5:
      return 'flash';
    case 7:
      return 'preamble';
    default:
      return 'plain';
  }
}

function scriptFor(index: number): ReplicaTurnScript {
  const base: ReplicaTurnScript = { reply: replyFor(index), tokenMs: 1, tokenChars: 6, finishDelayMs: 20 };
  switch (kindOf(index)) {
    case 'thinking':
      return { ...base, thinkingMs: 300, thinkingText: 'Thinking…', pauses: [{ atChar: 20, ms: 250 }] };
    case 'flash':
      return { ...base, thinkingMs: 500, actionBarFlashMs: 200, thinkingText: 'Thinking…' };
    case 'preamble':
      return { ...base, preamble: `Let me check ${index} first.`, preambleGapMs: 450, thinkingText: 'Thinking…' };
    default:
      return base;
  }
}

/**
 * The naive detector, run in the page: the newest assistant turn's last `.markdown`, done once
 * the stop button is gone or an action bar shows, and that text has not changed for quietMs.
 */
function naiveDetector(quietMs: number): Promise<{ text: string; lastChange: number }> {
  const turns = (): NodeListOf<Element> => document.querySelectorAll('[data-turn="assistant"]');
  const before = turns().length;
  return new Promise((resolve) => {
    let lastText = '';
    let lastChange = Date.now();
    const tick = (): void => {
      const all = turns();
      if (all.length <= before) {
        setTimeout(tick, 10);
        return;
      }
      const turn = all[all.length - 1]!;
      const answers = turn.querySelectorAll('.markdown');
      const text = (answers[answers.length - 1] as HTMLElement | undefined)?.innerText ?? '';
      const now = Date.now();
      if (text !== lastText) {
        lastText = text;
        lastChange = now;
      }
      const stop = document.querySelector<HTMLElement>('[data-testid="stop-button"]');
      const stopVisible = stop !== null && !stop.hidden && stop.getClientRects().length > 0;
      const bar = turn.querySelector('[data-testid="copy-turn-action-button"]') !== null;
      if ((!stopVisible || bar) && now - lastChange >= quietMs) resolve({ text, lastChange });
      else setTimeout(tick, 10);
    };
    tick();
  });
}

async function main(): Promise<void> {
  const started = Date.now();
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  try {
    // ---- 1. completion latency and false completions --------------------------------------------
    // Two tabs (two replica servers) share the turns, to keep the run bounded on 2 cores; the
    // second tab's message list is virtualized.
    const turns = Array.from({ length: TURNS }, (_, index) => scriptFor(index));
    const latencies: number[] = [];
    const falseByKind = new Map<TurnKind, number>();
    let falseCompletions = 0;
    const mismatches: string[] = [];
    const half = Math.ceil(TURNS / 2);
    const runTab = async (first: number, count: number, virtualized: boolean): Promise<void> => {
      const tabServer = await startReplicaServer({ site: 'chatgpt', scenario: { turns: turns.slice(first, first + count), ...(virtualized ? { virtualizeAfterChars: 30 } : {}) } });
      const model = new BrowserChatModel({ adapter: resolveAdapter('chatgpt', { siteUrl: tabServer.url }), browser });
      try {
        const page = await model.page();
        for (let index = first; index < first + count; index++) {
          await instrument(page).catch(() => undefined);
          const newThread = (index - first) % 50 === 0;
          let answer = '';
          try {
            answer = await model.call(`turn ${index}`, { thread: { newThread, fullTranscript: () => '' } });
          } catch (error) {
            answer = `failed: ${String(error)}`;
          }
          const returnedAt = Date.now();
          const lastMutation = (await pageMarks(page).catch(() => undefined))?.lastMutation ?? 0;
          if (answer !== replyFor(index)) {
            if (falseCompletions < 5) mismatches.push(`turn ${index} (${kindOf(index)}${virtualized ? ', virtualized' : ''}): ${JSON.stringify(answer.slice(0, 160))}`);
            falseCompletions++;
            falseByKind.set(kindOf(index), (falseByKind.get(kindOf(index)) ?? 0) + 1);
          } else if (lastMutation > 0 && !newThread) {
            latencies.push(returnedAt - lastMutation);
          }
        }
      } finally {
        await model.close();
        await tabServer.close();
      }
    };
    await Promise.all([runTab(0, half, false), runTab(half, TURNS - half, true)]);
    const turnsSeconds = ((Date.now() - started) / 1000).toFixed(1);
    const kindCounts = (scripts: number[]): string =>
      (['thinking', 'flash', 'preamble'] as const).map((kind) => `${scripts.filter((index) => kindOf(index) === kind).length} ${kind}`).join(', ');

    // Baseline: the naive detector on the same kinds of turns (driven by hand, no backend).
    const baselineIndexes = Array.from({ length: BASELINE_TURNS }, (_, step) => [0, 3, 5, 7][step % 4]! + 10 * Math.floor(step / 4));
    const baselineLatencies: number[] = [];
    const baselineFalseByKind = new Map<TurnKind, number>();
    let baselineFalse = 0;
    const server = await startReplicaServer({ site: 'chatgpt', scenario: { turns: baselineIndexes.map(scriptFor) } });
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(server.url);
      await page.evaluate('window.__name = (target) => target'); // tsx keepNames shim for the evaluated function
      for (const index of baselineIndexes) {
        await page.locator('#prompt-textarea').fill(`baseline ${index}`);
        const finished = page.locator('[data-turn="assistant"]').last();
        const detection = page.evaluate(naiveDetector, NAIVE_QUIET_MS);
        await page.locator('button[data-testid="send-button"]').click();
        const result = await detection;
        const detectedAt = Date.now();
        const expected = replyFor(index).replace(/[`*]/g, '');
        if (result.text.trim() !== expected) {
          baselineFalse++;
          baselineFalseByKind.set(kindOf(index), (baselineFalseByKind.get(kindOf(index)) ?? 0) + 1);
        } else {
          baselineLatencies.push(detectedAt - result.lastChange);
        }
        // Let the turn really finish before the next one.
        await page.waitForFunction(() => !document.querySelector<HTMLElement>('[data-testid="stop-button"]')?.checkVisibility(), undefined, { timeout: 10_000 }).catch(() => undefined);
        await finished.locator('div[role="group"][aria-label="Response actions"] [data-testid="copy-turn-action-button"]').waitFor({ timeout: 10_000 }).catch(() => undefined);
      }
    } finally {
      await context.close();
    }
    await server.close();

    const median = percentile(latencies, 0.5);
    const p95 = percentile(latencies, 0.95);
    const baselineMedian = percentile(baselineLatencies, 0.5);
    const baselineP95 = percentile(baselineLatencies, 0.95);
    const byKind = (counts: Map<TurnKind, number>): string => [...counts].map(([kind, count]) => `${count} ${kind}`).join(', ') || 'none';
    const ourFalseRate = falseCompletions / TURNS;
    const baselineFalseRate = baselineFalse / BASELINE_TURNS;
    console.log(`completion detection over ${TURNS} turns (${kindCounts(turns.map((_, index) => index))}; half of them in a virtualized list; ${turnsSeconds} s on 2 tabs):`);
    console.log(`  latency (last DOM mutation → final text returned), ${latencies.length} turns: median ${median} ms, p95 ${p95} ms  target median ≤ 150 ms  ${verdict(median <= 150)}`);
    console.log(`  false completions: ${falseCompletions} of ${TURNS} (${byKind(falseByKind)})  target 0  ${verdict(falseCompletions === 0 && TURNS >= 200)}`);
    for (const mismatch of mismatches) console.log(`    ${mismatch}`);
    console.log(`  naive baseline ("stop gone or bar shown, text stable ${NAIVE_QUIET_MS} ms"), ${BASELINE_TURNS} turns (${kindCounts(baselineIndexes)}):`);
    console.log(`    latency (last text change → detected): median ${baselineMedian} ms, p95 ${baselineP95} ms`);
    console.log(`    false completions: ${baselineFalse} of ${BASELINE_TURNS} (${byKind(baselineFalseByKind)})`);
    console.log(`  ratios ours/baseline: latency median ${ratio(median, baselineMedian)}, p95 ${ratio(p95, baselineP95)}, false-completion rate ${ratio(ourFalseRate, baselineFalseRate)}`);

    // ---- 2. inserting a 100 KB prompt -----------------------------------------------------------------
    const insertServer = await startReplicaServer({ site: 'chatgpt' });
    const insertContext = await browser.newContext();
    try {
      const page = await insertContext.newPage();
      const insertModel = new BrowserChatModel({ adapter: resolveAdapter('chatgpt', { siteUrl: insertServer.url }), browser });
      const insertAdapter = insertModel.adapter;
      await insertModel.close();
      await page.addInitScript({ content: (await import('../src/browser/page/pageRuntime')).buildPageScript() });
      await page.goto(insertServer.url);
      await page.locator('#prompt-textarea').waitFor();
      const line = 'const value = computeSomething(input, options); // a line of code\n';
      const big = line.repeat(Math.ceil(100_000 / line.length)).slice(0, 100_000);
      const insertTimes: number[] = [];
      for (let run = 0; run < 3; run++) {
        const start = performance.now();
        await insertPrompt(page, insertAdapter, big);
        insertTimes.push(performance.now() - start);
      }
      const insertMs = percentile(insertTimes, 0.5);
      const small = big.slice(0, 2_000);
      await page.locator('#prompt-textarea').fill('');
      const typeStart = performance.now();
      await page.locator('#prompt-textarea').pressSequentially(small);
      const typedMs = performance.now() - typeStart;
      const extrapolated = typedMs * 50;
      console.log('inserting a 100 KB prompt (fill + read-back), median of 3:');
      console.log(`  ours:     ${insertMs.toFixed(0)} ms`);
      console.log(`  baseline (per-character typing, 2 KB in ${typedMs.toFixed(0)} ms, ×50): ${extrapolated.toFixed(0)} ms`);
      console.log(`  ratio ours/baseline: ${(insertMs / extrapolated).toFixed(4)}  target ≤ 500 ms  ${verdict(insertMs <= 500)}`);
    } finally {
      await insertContext.close();
      await insertServer.close();
    }

    // ---- 3. early stop on a complete tool call --------------------------------------------------------
    const call = '<TOOL_CALL>\n{"tool": "read_file", "args": {"path": "package.json"}}\n</TOOL_CALL>';
    const rambling = 'The model keeps writing after its call, as chat models often do. '.repeat(32).slice(0, 2_000);
    const earlyScript: ReplicaTurnScript = { reply: `${call}\n\n${rambling}`, tokenMs: 5, tokenChars: 4 };
    const earlyServer = await startReplicaServer({ site: 'chatgpt', scenario: { turns: [earlyScript, earlyScript] } });
    const earlyModel = new BrowserChatModel({ adapter: resolveAdapter('chatgpt', { siteUrl: earlyServer.url }), browser });
    try {
      const isComplete = (text: string): boolean => text.includes('</TOOL_CALL>');
      let start = performance.now();
      const early = await earlyModel.call('go', { isComplete });
      const earlyMs = performance.now() - start;
      start = performance.now();
      const full = await earlyModel.call('go', { thread: { newThread: true, fullTranscript: () => '' } });
      const fullMs = performance.now() - start;
      const correct = early.includes(call) && full.includes(rambling);
      console.log('early stop on a complete tool call (model writes 2,000 more characters after it):');
      console.log(`  ours (early stop): ${earlyMs.toFixed(0)} ms   baseline (wait for the end): ${fullMs.toFixed(0)} ms`);
      console.log(`  saved ${(fullMs - earlyMs).toFixed(0)} ms, ratio ${(earlyMs / fullMs).toFixed(3)}  target: saves time, call intact  ${verdict(correct && earlyMs < fullMs)}`);
    } finally {
      await earlyModel.close();
      await earlyServer.close();
    }
  } finally {
    await browser.close();
  }
  console.log(`(browser benchmarks took ${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * Browser backend benchmarks, on the ChatGPT replica in headless Debian Chromium, each with
 * its naive baseline measured in the same run:
 *  1. completion-detection latency (last answer mutation in the page → the backend returning
 *     the final text), median and p95, target median ≤ 150 ms, against "DOM stable for 1.5 s";
 *     false completions over 200 scripted turns, some with thinking pauses: target 0 (the
 *     baseline's false completions on thinking turns are counted too);
 *  2. inserting a 100 KB prompt: target ≤ 500 ms, against per-character typing extrapolated
 *     from 2 KB;
 *  3. early stop on a complete tool call: time saved when the model keeps writing 2,000 more
 *     characters after the call.
 * Bounded: fast token timing for most turns. Run: npm run bench -- browser
 */
import { chromium, type Page } from 'playwright-core';
import { BrowserChatModel } from '../src/browser/browserChatModel';
import { resolveAdapter } from '../src/browser/adapters/registry';
import { insertPrompt } from '../src/browser/siteDriver';
import { startReplicaServer } from '../test/browser/replicas/server';
import type { ReplicaTurnScript } from '../test/browser/replicas/scenario';

const CHROMIUM = process.env.PTK_CHROMIUM ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'];
const TURNS = Number(process.env.PTK_BENCH_TURNS ?? 200);
const BASELINE_TURNS = 2;

const verdict = (pass: boolean): string => (pass ? 'PASS' : 'MISS');
const percentile = (values: number[], fraction: number): number => {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
};

/** Records, in the page, the time of the latest DOM mutation (bench instrumentation only). */
async function instrument(page: Page): Promise<void> {
  await page.evaluate(() => {
    const target = window as unknown as { __benchLastMutation: number; __benchObserver?: MutationObserver };
    target.__benchObserver?.disconnect();
    target.__benchLastMutation = Date.now();
    target.__benchObserver = new MutationObserver(() => {
      target.__benchLastMutation = Date.now();
    });
    target.__benchObserver.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

function replyFor(index: number): string {
  const words = ['alpha', 'beta', '`gamma`', '**delta**', 'epsilon', 'zeta', 'eta', 'theta'];
  const length = 10 + (index % 17);
  return `Answer ${index}: ${Array.from({ length }, (_, word) => words[(word + index) % words.length]).join(' ')}.`;
}

function scriptFor(index: number): ReplicaTurnScript {
  const thinking = index % 10 === 3;
  return {
    reply: replyFor(index),
    tokenMs: 1,
    tokenChars: 6,
    finishDelayMs: 20,
    ...(thinking ? { thinkingMs: 300, pauses: [{ atChar: 20, ms: 250 }] } : {}),
  };
}

async function main(): Promise<void> {
  const started = Date.now();
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  try {
    // ---- 1. completion latency and false completions --------------------------------------------
    // Two tabs (two replica servers) share the turns, to keep the run bounded on 2 cores.
    const turns = Array.from({ length: TURNS }, (_, index) => scriptFor(index));
    const latencies: number[] = [];
    let falseCompletions = 0;
    const half = Math.ceil(TURNS / 2);
    const runTab = async (first: number, count: number): Promise<void> => {
      const tabServer = await startReplicaServer({ site: 'chatgpt', scenario: { turns: turns.slice(first, first + count) } });
      const model = new BrowserChatModel({ adapter: resolveAdapter('chatgpt', { siteUrl: tabServer.url }), browser });
      try {
        const page = await model.page();
        for (let index = first; index < first + count; index++) {
          await instrument(page).catch(() => undefined);
          const newThread = (index - first) % 50 === 0;
          const answer = await model.call(`turn ${index}`, { thread: { newThread, fullTranscript: () => '' } });
          const returnedAt = Date.now();
          const lastMutation = await page.evaluate(() => (window as unknown as { __benchLastMutation?: number }).__benchLastMutation ?? 0);
          if (answer !== replyFor(index)) falseCompletions++;
          if (lastMutation > 0 && !newThread) latencies.push(returnedAt - lastMutation);
        }
      } finally {
        await model.close();
        await tabServer.close();
      }
    };
    await Promise.all([runTab(0, half), runTab(half, TURNS - half)]);
    const turnsSeconds = ((Date.now() - started) / 1000).toFixed(1);
    const server = await startReplicaServer({ site: 'chatgpt' });
    const thinkingTurns = turns.filter((turn) => turn.thinkingMs).length;

    // Baseline: "the DOM has been stable for 1.5 s", on the same replica.
    const baselineLatencies: number[] = [];
    let baselineFalse = 0;
    const baselineScripts: ReplicaTurnScript[] = Array.from({ length: BASELINE_TURNS }, (_, index) => ({ ...scriptFor(index), ...(index % 2 === 1 ? { thinkingMs: 1_800 } : {}) }));
    server.setScenario({ turns: baselineScripts });
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(server.url);
      await page.evaluate('window.__name = (target) => target'); // tsx keepNames shim for the evaluated function
      for (let index = 0; index < BASELINE_TURNS; index++) {
        await page.locator('#prompt-textarea').fill(`baseline ${index}`);
        await page.locator('button[data-testid="send-button"]').click();
        const result = await page.evaluate(
          (quietMs) =>
            new Promise<{ lastMutation: number; text: string }>((resolve) => {
              let lastMutation = Date.now();
              let timer = setTimeout(done, quietMs);
              const observer = new MutationObserver(() => {
                lastMutation = Date.now();
                clearTimeout(timer);
                timer = setTimeout(done, quietMs);
              });
              observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
              function done(): void {
                observer.disconnect();
                const answers = document.querySelectorAll('[data-message-author-role="assistant"] .markdown');
                resolve({ lastMutation, text: (answers[answers.length - 1] as HTMLElement | undefined)?.innerText ?? '' });
              }
            }),
          1_500,
        );
        baselineLatencies.push(Date.now() - result.lastMutation);
        const expected = replyFor(index).replace(/[`*]/g, '');
        if (result.text.trim() !== expected) baselineFalse++;
        await page.locator('[data-testid="copy-turn-action-button"]').last().waitFor({ timeout: 10_000 }).catch(() => undefined);
      }
    } finally {
      await context.close();
    }
    await server.close();

    const median = percentile(latencies, 0.5);
    const p95 = percentile(latencies, 0.95);
    const baselineMedian = percentile(baselineLatencies, 0.5);
    console.log(`completion detection latency (last answer mutation → final text returned), ${latencies.length} turns:`);
    console.log(`  ours:     median ${median} ms, p95 ${p95} ms`);
    console.log(`  baseline ("DOM stable for 1.5 s"), ${BASELINE_TURNS} turns: median ${baselineMedian} ms`);
    console.log(`  ratio ours/baseline (median): ${(median / baselineMedian).toFixed(3)}  target median ≤ 150 ms  ${verdict(median <= 150)}`);
    console.log(`false completions over ${TURNS} turns (${thinkingTurns} with thinking pauses; ${turnsSeconds} s on 2 tabs):`);
    console.log(`  ours: ${falseCompletions}   baseline: ${baselineFalse} of ${BASELINE_TURNS} (half of them with a 1.8 s thinking pause)`);
    console.log(`  target 0  ${verdict(falseCompletions === 0 && TURNS >= 200)}`);

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

/**
 * The tab pool on the ChatGPT replica in headless Chromium: three calls at once on three tabs
 * (maxTabs 3) against one call alone, both on warm tabs, same answer (wall time, median of the
 * runs; target: three at once ≤ 1.3× one call, i.e. the calls really run side by side), and the
 * browser's memory per extra tab (the proportional set size of every Chromium process this
 * bench started, with one tab open and then with three). A MISS exits non-zero.
 * Run: npm run bench -- tabPool
 */
import { readdirSync, readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { BrowserChatModel } from '../src/browser/browserChatModel';
import { resolveAdapter } from '../src/browser/adapters/registry';
import { replicaBrowserArgs } from '../test/browser/replicas/foreignHosts';
import { startReplicaServer } from '../test/browser/replicas/server';

const CHROMIUM = process.env.PTK_CHROMIUM ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage', ...replicaBrowserArgs()];
const RUNS = 3;
const TARGET_RATIO = 1.3;
/** An answer of 1 200 characters in 10-character tokens 10 ms apart: about 1.2 s of streaming. */
const answerTo = (prompt: string): string => `${prompt}: ${'streaming in a tab of its own. '.repeat(40)}`.trim();

const median = (values: number[]): number => [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)] ?? Number.NaN;

/** Proportional set size (bytes) of every process descending from this one (the browser and its renderers). */
function descendantsPss(): number {
  const parents = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(name), Number(fields[1]));
    } catch {
      // the process ended meanwhile
    }
  }
  const ours = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, parent] of parents) {
      if (!ours.has(pid) && ours.has(parent)) {
        ours.add(pid);
        grew = true;
      }
    }
  }
  ours.delete(process.pid);
  let total = 0;
  for (const pid of ours) {
    try {
      const pss = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
      total += Number(pss?.[1] ?? 0) * 1024;
    } catch {
      // the process ended meanwhile, or smaps_rollup is not readable
    }
  }
  return total;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

async function main(): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  const server = await startReplicaServer({ site: 'chatgpt', responder: (prompt) => ({ reply: answerTo(prompt), tokenChars: 10, tokenMs: 10 }) });
  const model = new BrowserChatModel({ adapter: resolveAdapter('chatgpt', { siteUrl: server.url }), browser, maxTabs: 3 });
  let failed = false;
  try {
    const check = async (prompt: string): Promise<void> => {
      const answer = await model.call(prompt);
      if (answer !== answerTo(prompt)) throw new Error(`wrong answer to ${prompt}: ${answer.slice(0, 80)}`);
    };
    await check('warm-up');
    const oneTab = descendantsPss();
    await Promise.all(['warm-a', 'warm-b', 'warm-c'].map(check));
    const threeTabs = descendantsPss();
    if (model.pages.length !== 3) throw new Error(`expected 3 tabs, found ${model.pages.length}`);

    const single: number[] = [];
    const three: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      single.push(await timed(() => check(`one-${run}`)));
      three.push(await timed(() => Promise.all(['a', 'b', 'c'].map((name) => check(`three-${run}-${name}`)))));
    }
    const ratio = median(three) / median(single);
    const pass = ratio <= TARGET_RATIO;
    failed ||= !pass;
    console.log(`one call alone (warm tab):        ${median(single).toFixed(0)} ms (median of ${RUNS})`);
    console.log(`three calls at once (three tabs): ${median(three).toFixed(0)} ms (median of ${RUNS})`);
    console.log(`ratio three / one: ${ratio.toFixed(2)}× (target ≤ ${TARGET_RATIO}×; one tab at a time would be ≈ 3×) ${pass ? 'PASS' : 'MISS'}`);
    console.log(`browser memory (PSS): ${(oneTab / 1e6).toFixed(0)} MB with one tab, ${(threeTabs / 1e6).toFixed(0)} MB with three: ${((threeTabs - oneTab) / 2 / 1e6).toFixed(0)} MB per extra tab`);
  } finally {
    await model.close();
    await server.close();
    await browser.close();
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

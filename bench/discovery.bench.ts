/**
 * Site discovery (`site: 'auto'`) next to a built-in adapter, on the same replicas in headless
 * Debian Chromium: the first call's duration (for `auto` it includes learning the page: composer,
 * send, the first turn's turn, stop, action bar and copy control) and the completion latency of
 * the turns after it (last DOM mutation in the page → the backend returning the final text),
 * median and p95; goal: `auto`'s median ≤ 150 ms, as the built-in adapters'.
 * Bounded (well under a minute on 2 cores). Run: npm run bench -- discovery
 */
import { chromium, type Browser } from 'playwright-core';
import { BrowserChatModel } from '../src/browser/browserChatModel';
import { resolveAdapter } from '../src/browser/adapters/registry';
import { forgetLearnedSite } from '../src/browser/autoSite';
import { startReplicaServer } from '../test/browser/replicas/server';
import { replicaBrowserArgs } from '../test/browser/replicas/foreignHosts';
import { instrument, pageMarks } from './pageInstrument';

const CHROMIUM = process.env.PTK_CHROMIUM ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage', ...replicaBrowserArgs()];
const TURNS = Number(process.env.PTK_BENCH_DISCOVERY_TURNS ?? 20);
const SITES = ['chatgpt', 'claude', 'gemini'];
const GOAL_MS = 150;

const percentile = (values: number[], fraction: number): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
};

interface Figures {
  firstCallMs: number;
  latencies: number[];
  wrong: number;
}

/** One conversation of TURNS turns on `site`'s replica, with the built-in adapter or `auto`. */
async function run(browser: Browser, site: string, adapterId: string): Promise<Figures> {
  const replies = Array.from({ length: TURNS }, (_, index) => `Answer ${index}: ${'alpha **beta** `gamma` '.repeat(2 + (index % 5))}done.`);
  const server = await startReplicaServer({ site, scenario: { turns: replies.map((reply) => ({ reply, tokenMs: 4, tokenChars: 6 })) } });
  const adapter = resolveAdapter(adapterId, { siteUrl: server.url });
  const model = new BrowserChatModel({ adapter, browser, temporaryChats: false });
  const figures: Figures = { firstCallMs: 0, latencies: [], wrong: 0 };
  try {
    for (let index = 0; index < TURNS; index++) {
      const started = Date.now();
      const text = await model.call(`Question ${index}`, { thread: { key: 'bench', newThread: index === 0, fullTranscript: () => `Question ${index}` } });
      const returnedAt = Date.now();
      if (text !== replies[index]) figures.wrong++;
      const page = model.pages[0]!;
      if (index === 0) {
        figures.firstCallMs = returnedAt - started;
      } else {
        const lastMutation = (await pageMarks(page).catch(() => undefined))?.lastMutation ?? 0;
        if (lastMutation > 0) figures.latencies.push(returnedAt - lastMutation);
      }
      await instrument(page).catch(() => undefined);
    }
  } finally {
    await model.close();
    await server.close();
    forgetLearnedSite(server.url);
  }
  return figures;
}

void (async () => {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  let missed = false;
  try {
    for (const site of SITES) {
      const builtIn = await run(browser, site, site);
      const auto = await run(browser, site, 'auto');
      const median = (figures: Figures): number => percentile(figures.latencies, 0.5);
      const line = (name: string, figures: Figures): string =>
        `${name.padEnd(8)} first call ${figures.firstCallMs} ms · completion latency median ${median(figures)} ms, p95 ${percentile(figures.latencies, 0.95)} ms (${figures.latencies.length} turns) · wrong answers ${figures.wrong}`;
      const pass = median(auto) <= GOAL_MS && auto.wrong === 0;
      missed ||= !pass;
      console.log(`${site}:`);
      console.log(`  ${line(site, builtIn)}`);
      console.log(`  ${line('auto', auto)}`);
      console.log(`  discovery's first-use cost ${auto.firstCallMs - builtIn.firstCallMs} ms; auto median ${median(auto)} ms vs goal ≤ ${GOAL_MS} ms: ${pass ? 'PASS' : 'MISS'}`);
    }
  } finally {
    await browser.close();
  }
  process.exit(missed ? 1 : 0);
})();

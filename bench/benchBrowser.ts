/** The headless Chromium and the small statistics the browser benchmarks share (not a benchmark itself). */
import { cpus, loadavg } from 'node:os';
import { chromium, type Browser } from 'playwright-core';
import { replicaBrowserArgs } from '../test/browser/replicas/foreignHosts';

const CHROMIUM = process.env.PTK_CHROMIUM ?? '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage', ...replicaBrowserArgs()];

/** A headless Chromium whose sign-in hosts resolve to the replica servers (127.0.0.1 only). */
export function launchBenchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
}

/** The middle value (the upper one of an even count). */
export const median = (values: readonly number[]): number => [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)] ?? Number.NaN;

/** The machine's load averages (1, 5, 15 minutes), printed with every figure: a loaded machine skews them. */
export function loadLine(): string {
  return `load average ${loadavg().map((value) => value.toFixed(2)).join(', ')} on ${cpus().length} cores`;
}

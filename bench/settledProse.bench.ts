/**
 * Settled prose benchmark: what an append-only sink (the VS Code language-model provider, the
 * @ptk participant) is shown while a reply streams, read through one ReplyStream.
 *
 * Input: prose ('word ' repeated) streamed in 16-character deltas, at 500,000 and 2,000,000
 * characters, in this run. Figure: the CPU time of each (fastest of 3 runs: on a busy
 * machine, wall time also counts the time other processes held the cores), the MB/s, and
 * the growth from 500 K to 2 M characters as a ratio (linear is 4×, quadratic 16×), against
 * the same stream's smaller run as the baseline. Target: growth < 8×.
 */
import { PTKParser, ReplyStream } from '../src/core/protocol';
import { fastestCpu } from './cpuTime';

const CHUNK_SIZE = 16;
const SMALL_CHARS = 500_000;
const LARGE_CHARS = 2_000_000;
const TARGET_MAX_GROWTH = 8;
/** Growth is taken against at least this many ms: below it a collection in one run is the whole figure. */
const GROWTH_FLOOR_MS = 5;

const parser = new PTKParser();

function verdict(pass: boolean): string {
  return pass ? 'PASS' : 'MISS';
}

/** Streams `reply` in 16-character deltas, taking the settled prose's gain after each; throws when what is shown is not the prose. */
function stream(reply: string): void {
  const replyStream = new ReplyStream(parser);
  let full = '';
  let shown = '';
  for (let position = 0; position < reply.length; position += CHUNK_SIZE) {
    const text = reply.slice(position, position + CHUNK_SIZE);
    full += text;
    replyStream.push({ text, full, rewrite: false });
    shown += replyStream.settledProseGain();
  }
  replyStream.end();
  shown += replyStream.settledProseGain();
  if (shown !== reply.trim()) throw new Error('the streamed prose was not shown whole');
}

function main(): void {
  const small = 'word '.repeat(SMALL_CHARS / 5);
  const large = 'word '.repeat(LARGE_CHARS / 5);
  stream(small); // warm-up
  const smallMs = fastestCpu(() => stream(small));
  const largeMs = fastestCpu(() => stream(large));
  const growth = largeMs / Math.max(smallMs, GROWTH_FLOOR_MS);
  const megabytesPerSecond = large.length / 1_000_000 / (largeMs / 1000);
  console.log(`settled prose (ReplyStream), prose in ${CHUNK_SIZE}-char deltas: ${small.length.toLocaleString('en-US')} chars ${smallMs.toFixed(1)} ms, ${large.length.toLocaleString('en-US')} chars ${largeMs.toFixed(1)} ms (CPU, fastest of 3)  →  ${megabytesPerSecond.toFixed(1)} MB/s`);
  console.log(`  growth ${growth.toFixed(1)}× for 4× the text (linear is 4×, quadratic 16×; target < ${TARGET_MAX_GROWTH}×)  ${verdict(growth < TARGET_MAX_GROWTH)}`);
}

main();

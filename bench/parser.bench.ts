/**
 * PTK parser benchmark.
 *
 * Input: a ~1 MB reply — prose, then one <TOOL_CALL> holding a large write_file call
 * (a generated TypeScript file with quotes, braces, backslashes and our own closing tag
 * inside the content), then prose.
 *
 * Figures (all measured in this run, medians of several runs):
 * 1. Streaming parse, fed in 16-character chunks, as a ratio to one one-shot parse().
 *    Target ≤ 3×.
 * 2. The same streaming parse against a naive baseline that re-parses the whole growing
 *    buffer on every chunk (what Roo Code did before its stateful parser). The naive run is
 *    quadratic: it is measured on a smaller prefix and extrapolated (n² scaling) when the
 *    full run would take more than 20 s; the output says so.
 * 3. One-shot throughput in MB/s. Target ≥ 50 MB/s.
 * 4. Pathological replies (test/unit/core/protocol/pathologicalReplies.ts: long runs of every
 *    fence and tag character, broken and deeply nested calls, alternative-protocol shapes),
 *    plus a reply of short broken calls that jsonrepair gets within its per-reply budget.
 *    Each is parsed (alternative protocols on) one-shot and streamed in 16-character chunks
 *    with polling, at 250,000 and 1,000,000 characters (CPU time, fastest of 3 runs). Printed:
 *    the slowest shapes, their MB/s and how much slower than the normal reply (wall time,
 *    figure 3) they are, and the growth from 250 K to 1 M characters (linear is 4×,
 *    quadratic 16×). Target: every growth < 8×. This is the parser's time bound: the unit
 *    tests run the same shapes but check only their results, never the clock.
 */
import { alternativeProtocols, PTKParser } from '../src/core/protocol';
import { pathologicalReplies, repeatTo } from '../test/unit/core/protocol/pathologicalReplies';
import { fastestCpu } from './cpuTime';

const CHUNK_SIZE = 16;
const TARGET_STREAM_RATIO = 3;
const TARGET_THROUGHPUT_MB_PER_S = 50;
const NAIVE_BUDGET_MS = 20_000;
const PATHOLOGICAL_SMALL_CHARS = 250_000;
const PATHOLOGICAL_LARGE_CHARS = 1_000_000;
const TARGET_MAX_GROWTH = 8;
/** Growth is taken against at least this many ms: below it (> 50 MB/s at 250 K) a collection in one run is the whole figure. */
const GROWTH_FLOOR_MS = 5;
const SLOWEST_SHOWN = 5;

function buildReply(targetChars: number): string {
  const fileLines: string[] = [];
  let size = 0;
  for (let index = 0; size < targetChars; index++) {
    const line =
      index % 50 === 0
        ? `  // the protocol closes calls with "</TOOL_CALL>" and objects with "}" (line ${index})`
        : `  export function helper${index}(value: string): string { return value.replace(/\\\\s+/g, "'") + "${index}"; }`;
    fileLines.push(line);
    size += line.length + 1;
  }
  const call = JSON.stringify({ tool: 'write_file', args: { path: 'src/generated.ts', content: fileLines.join('\n') }, reasoning: 'Write the generated module' }, null, 2);
  return `I'll write the generated module now.\n\n<TOOL_CALL>\n${call}\n</TOOL_CALL>\n\nI will wait for the result.`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)];
}

function time(action: () => void): number {
  const started = performance.now();
  action();
  return performance.now() - started;
}

function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

function chunk(text: string): string[] {
  const chunks: string[] = [];
  for (let position = 0; position < text.length; position += CHUNK_SIZE) chunks.push(text.slice(position, position + CHUNK_SIZE));
  return chunks;
}

function streamParse(parser: PTKParser, chunks: readonly string[]): void {
  const stream = parser.stream();
  for (const piece of chunks) stream.push(piece);
  const result = stream.end();
  if (result.type !== 'tool_call') throw new Error(`stream parse failed: ${result.type} ${result.error ?? ''}`);
}

function naiveParse(parser: PTKParser, chunks: readonly string[]): void {
  let buffer = '';
  for (const piece of chunks) {
    buffer += piece;
    parser.parse(buffer);
  }
}

function verdict(pass: boolean): string {
  return pass ? 'PASS' : 'MISS';
}

function main(): void {
  const parser = new PTKParser();
  const reply = buildReply(1_000_000);
  const chunks = chunk(reply);
  const megabytes = reply.length / 1_000_000;
  const check = parser.parse(reply);
  if (check.type !== 'tool_call' || (check.toolCall?.args.content as string).length < 900_000) throw new Error('the benchmark reply did not parse as one large call');
  console.log(`reply: ${reply.length.toLocaleString('en-US')} characters, ${chunks.length.toLocaleString('en-US')} chunks of ${CHUNK_SIZE}`);

  // Warm up both paths.
  for (let index = 0; index < 3; index++) {
    parser.parse(reply);
    streamParse(parser, chunks);
  }

  // No forced GC between timed runs: a full collection just before a run makes the next
  // large allocation pay for regrowing the heap (it inflated one-shot times ~5× here).
  const runs = 9;
  const oneShotTimes: number[] = [];
  const streamTimes: number[] = [];
  collectGarbage();
  for (let index = 0; index < runs; index++) {
    oneShotTimes.push(time(() => parser.parse(reply)));
    streamTimes.push(time(() => streamParse(parser, chunks)));
  }
  // A backend that asks hasCompleteCall() after every chunk (to stop generation early)
  // forces a scan per chunk: reported for information, no target.
  const pollingTimes: number[] = [];
  for (let index = 0; index < 5; index++) {
    pollingTimes.push(
      time(() => {
        const stream = parser.stream();
        for (const piece of chunks) {
          stream.push(piece);
          stream.hasCompleteCall();
        }
        stream.end();
      }),
    );
  }
  const polling = median(pollingTimes);
  const oneShot = median(oneShotTimes);
  const streamed = median(streamTimes);
  const streamRatio = streamed / oneShot;
  const throughput = megabytes / (oneShot / 1000);

  // Naive baseline: time a prefix, extrapolate quadratically when the full run is too long.
  let naiveMs: number;
  let naiveNote: string;
  const probeChars = 50_000;
  const probe = chunk(reply.slice(0, probeChars));
  naiveParse(parser, probe.slice(0, 200));
  collectGarbage();
  const probeMs = time(() => naiveParse(parser, probe));
  const estimatedFullMs = probeMs * (reply.length / probeChars) ** 2;
  if (estimatedFullMs > NAIVE_BUDGET_MS) {
    naiveMs = estimatedFullMs;
    naiveNote = `extrapolated (n²) from a measured ${probeChars.toLocaleString('en-US')}-character prefix (${probeMs.toFixed(0)} ms); the full naive run would take > ${NAIVE_BUDGET_MS / 1000} s`;
  } else {
    collectGarbage();
    naiveMs = time(() => naiveParse(parser, chunks));
    naiveNote = 'measured on the full reply';
  }

  console.log(`one-shot parse():            ${oneShot.toFixed(2)} ms  →  ${throughput.toFixed(0)} MB/s (target ≥ ${TARGET_THROUGHPUT_MB_PER_S} MB/s)  ${verdict(throughput >= TARGET_THROUGHPUT_MB_PER_S)}`);
  console.log(`stream(), 16-char chunks:    ${streamed.toFixed(2)} ms  →  ${streamRatio.toFixed(2)}× one-shot (target ≤ ${TARGET_STREAM_RATIO}×)  ${verdict(streamRatio <= TARGET_STREAM_RATIO)}`);
  console.log(`stream() + hasCompleteCall() after every chunk: ${polling.toFixed(2)} ms  →  ${(polling / oneShot).toFixed(2)}× one-shot (information)`);
  console.log(`naive re-parse per chunk:    ${naiveMs.toFixed(0)} ms (${naiveNote})`);
  console.log(`stream() vs naive baseline:  ${(naiveMs / streamed).toFixed(0)}× faster (naive / stream)`);

  pathological(throughput);
}

interface PathologicalFigure {
  name: string;
  megabytesPerSecond: number;
  growth: number;
}

/** Every pathological shape, one-shot and streamed: prints the slowest and the worst growth. */
function pathological(baselineMegabytesPerSecond: number): void {
  const parser = new PTKParser({ alternativeProtocols: Object.values(alternativeProtocols) });
  const shapes: Record<string, (chars: number) => string> = {
    ...pathologicalReplies,
    // Each call is short enough for jsonrepair, whose cost on `'a'a'a…` grows faster than
    // the square of the length: the per-reply budget keeps the reply's total bounded.
    'short calls with stray apostrophes': (chars) => repeatTo(`<TOOL_CALL>{'tool':'x','args':{'a':${"'a".repeat(900)}}}</TOOL_CALL>\n`, chars),
  };
  const modes: Record<string, (text: string) => void> = {
    'parse()': (text) => parser.parse(text),
    'stream(), 16-char chunks + hasCompleteCall()': (text) => {
      const stream = parser.stream();
      for (let position = 0; position < text.length; position += CHUNK_SIZE) {
        stream.push(text.slice(position, position + CHUNK_SIZE));
        stream.hasCompleteCall();
      }
      stream.end();
    },
  };
  console.log(`\npathological replies: ${Object.keys(shapes).length} shapes, ${PATHOLOGICAL_SMALL_CHARS.toLocaleString('en-US')} and ${PATHOLOGICAL_LARGE_CHARS.toLocaleString('en-US')} characters, alternative protocols on`);
  for (const [modeName, run] of Object.entries(modes)) {
    const figures: PathologicalFigure[] = [];
    for (const [name, make] of Object.entries(shapes)) {
      const small = make(PATHOLOGICAL_SMALL_CHARS);
      const large = make(PATHOLOGICAL_LARGE_CHARS);
      run(small);
      const smallMs = fastestCpu(() => run(small));
      const largeMs = fastestCpu(() => run(large));
      figures.push({ name, megabytesPerSecond: large.length / 1_000_000 / (largeMs / 1000), growth: largeMs / Math.max(smallMs, GROWTH_FLOOR_MS) });
    }
    const slowest = [...figures].sort((left, right) => left.megabytesPerSecond - right.megabytesPerSecond);
    const steepest = [...figures].sort((left, right) => right.growth - left.growth)[0];
    console.log(`${modeName}, slowest shapes:`);
    for (const figure of slowest.slice(0, SLOWEST_SHOWN)) {
      const slower = baselineMegabytesPerSecond / figure.megabytesPerSecond;
      console.log(`  ${figure.name.padEnd(44)} ${figure.megabytesPerSecond.toFixed(1).padStart(7)} MB/s (${slower.toFixed(1)}× slower than the normal reply), growth ${figure.growth.toFixed(1)}×`);
    }
    const worst = slowest[0];
    console.log(
      `  worst case: "${worst.name}" at ${worst.megabytesPerSecond.toFixed(1)} MB/s; steepest growth: "${steepest.name}" ${steepest.growth.toFixed(1)}× for 4× the text (target < ${TARGET_MAX_GROWTH}×)  ${verdict(steepest.growth < TARGET_MAX_GROWTH)}`,
    );
  }
}

main();

/**
 * Linear time on pathological replies: long runs of every fence and tag character, through
 * parse() and through the streaming parser fed in 16-character chunks (polled after every
 * chunk), with every alternative protocol enabled.
 *
 * Each shape is timed at n and 4n characters (CPU time of this process, the fastest of a few
 * runs, so other processes on the machine do not count). Linear code takes about 4× as long
 * at 4n; quadratic code 16×. The test fails at 8× on each of three tries (the smaller time
 * floored at 2 ms, below which one collection is the whole figure). A reply of n characters that already takes more than
 * STOP_AT_MS is failed at once rather than timed at 4n (a quadratic case could take minutes).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { alternativeProtocols, PTKParser } from '../../../../src/core/protocol';
import { pathologicalReplies } from './pathologicalReplies';

const BASE_CHARS = 100_000;
const GROWTH = 4;
const MAX_RATIO = 8;
const FLOOR_MS = 2;
const STOP_AT_MS = 500;
const RUNS = 3;
const CHUNK = 16;

const parser = new PTKParser({ alternativeProtocols: Object.values(alternativeProtocols) });

/** CPU milliseconds `action` takes (user + system of this process). */
function cpuMs(action: () => void): number {
  const started = process.cpuUsage();
  action();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000;
}

function fastest(action: () => void): number {
  let best = Infinity;
  for (let run = 0; run < RUNS; run++) {
    best = Math.min(best, cpuMs(action));
    if (best > STOP_AT_MS) break;
  }
  return best;
}

function streamed(text: string): void {
  const stream = parser.stream();
  for (let position = 0; position < text.length; position += CHUNK) {
    stream.push(text.slice(position, position + CHUNK));
    stream.hasCompleteCall();
  }
  stream.end();
}

/** Tries the n / 4n pair this many times: a garbage collection landing in one timing can double it; a quadratic shape fails every try. */
const ATTEMPTS = 3;

function assertLinear(name: string, make: (chars: number) => string, run: (text: string) => void, baseChars = BASE_CHARS): void {
  const small = make(baseChars);
  const large = make(baseChars * GROWTH);
  run(small); // warm-up
  let report = '';
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const smallMs = fastest(() => run(small));
    assert.ok(smallMs <= STOP_AT_MS, `${name}: ${small.length} characters took ${smallMs.toFixed(0)} ms of CPU`);
    const largeMs = fastest(() => run(large));
    const ratio = largeMs / Math.max(smallMs, FLOOR_MS);
    if (ratio < MAX_RATIO) return;
    report = `${name}: ${small.length} characters ${smallMs.toFixed(1)} ms, ${large.length} characters ${largeMs.toFixed(1)} ms (${ratio.toFixed(1)}×, linear is ${GROWTH}×)`;
  }
  assert.fail(report);
}

/**
 * Shapes whose quadratic term only shows over their linear one at larger sizes: their n.
 * Only parse() is timed for them: the alternative protocols read the whole reply at end(),
 * the same code for a streamed reply.
 */
const largerShapes: Record<string, number> = {
  'quoted fences then <tool> blocks': 200_000,
  'quoted fences then <function> blocks': 200_000,
  // About 7 ms at 100 K, then 2.1–2.4× per doubling from 200 K to 1.6 M characters.
  'unclosed function calls, one a line': 200_000,
};

describe('the parser stays linear on pathological replies (n vs 4n characters)', () => {
  for (const [name, make] of Object.entries(pathologicalReplies)) {
    it(name, () => {
      assertLinear(`parse, ${name}`, make, (text) => parser.parse(text), largerShapes[name]);
      if (!(name in largerShapes)) assertLinear(`stream, ${name}`, make, streamed);
      // Streaming in small chunks reads the reply exactly as parse() does.
      const text = make(BASE_CHARS / 10);
      const stream = parser.stream();
      for (let position = 0; position < text.length; position += CHUNK) stream.push(text.slice(position, position + CHUNK));
      assert.deepEqual(stream.end(), parser.parse(text), name);
    });
  }
});

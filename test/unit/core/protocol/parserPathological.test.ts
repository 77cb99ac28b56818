/**
 * Pathological replies (long runs of every fence and tag character, with every alternative
 * protocol enabled) are read the same way whole and streamed in 16-character chunks polled
 * after every chunk. How their cost grows with their length is measured in the bench
 * (bench/parser.bench.ts times every shape at n and 4n characters), not here: a unit test
 * decides on results, never on time.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { alternativeProtocols, PTKParser } from '../../../../src/core/protocol';
import { pathologicalReplies } from './pathologicalReplies';

const CHARS = 10_000;
const CHUNK = 16;

const parser = new PTKParser({ alternativeProtocols: Object.values(alternativeProtocols) });

describe('pathological replies: streamed in small chunks, read exactly as whole', () => {
  for (const [name, make] of Object.entries(pathologicalReplies)) {
    it(name, () => {
      const text = make(CHARS);
      const stream = parser.stream();
      let completeSeen = false;
      for (let position = 0; position < text.length; position += CHUNK) {
        stream.push(text.slice(position, position + CHUNK));
        completeSeen ||= stream.hasCompleteCall();
      }
      const whole = parser.parse(text);
      assert.deepEqual(stream.end(), whole, name);
      // A complete call seen while streaming is a call of the whole reply.
      if (completeSeen) assert.ok(whole.toolCalls.length > 0, `${name}: the stream saw a complete call the whole reply does not have`);
    });
  }
});

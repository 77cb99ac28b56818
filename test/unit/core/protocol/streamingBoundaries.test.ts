/**
 * push() scans in batches (DRAIN_BATCH_CHARS) and hasCompleteCall() scans what is left, so
 * a streaming test that never asks hasCompleteCall() would only scan at end(). This seeded
 * fuzz test calls hasCompleteCall() after every chunk, forcing a scan at every chunk boundary,
 * and checks end() deep-equals parse() for ≥ 10,000 generated and mutated replies; it also
 * streams long replies (larger than a batch) without polling.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { functionCallProtocol, functionTagProtocol, PTKParser, xmlStyleProtocol, yamlStyleProtocol } from '../../../../src/core/protocol';
import type { PTKStreamParser } from '../../../../src/core/protocol';
import { PTKError, PTKErrorCode } from '../../../../src/core/errors';
import { pathologicalReplies } from './pathologicalReplies';

/** Mulberry32: deterministic, so a failure can be replayed from its seed. */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  'Sure, let me look.', ' ', '\n', '\r\n', '\n\n', '\uFEFF',
  '<TOOL_CALL>', '</TOOL_CALL>', '<tool_call>', '</ tool_call >', '<PTK_CALL>', '</PTK_CALL>', '<TOOL_CALL name="x">',
  '```json\n', '```ts\n', '```python\n', '```tool\n', '```\n', '~~~\n', '~~~tool\n', '```' + 'x'.repeat(70), '\n```' + 'y'.repeat(63) + '\n', '\n~~~' + 'z'.repeat(65), '`'.repeat(70), '`', '"', "'",
  '{"tool": "read_file", "args": {"path": "src/index.ts"}}',
  '{"name": "search_code", "arguments": {"query": "foo"}}',
  '{"tool": "write_file", "args": {"path": "a.md", "content": "see </TOOL_CALL> and } and \\" here"}}',
  '{"tool": "a", "args": "{\\"x\\": 1}"}',
  "{tool: 'read_file', args: {path: 'x',},}",
  '{"tool": "read_file", "args": {"path": "line1\nline2"}}',
  '{', '}', '[', ']', '"tool": ', '"args": {', '// comment\n', '/* block */', '/', '*', '\\',
  'TOOL_RESULT: {"success": true}', 'System: TOOL_RESULT: {"success": true, "data": 1}', 'TOOL_ERROR: nope',
  '<', '>', '</', 'TOOL: read_file\nARGS:\n  path: package.json\n', 'read_file(path="package.json")\n',
  '<tool name="read_file"><arg name="path">a</arg></tool>', '<function=read_file><parameter=path>a</parameter></function>',
  'x < y > z', '日本語のテキスト', '😀',
];

function generateReply(random: () => number): string {
  let reply = '';
  const count = 1 + Math.floor(random() * 14);
  for (let index = 0; index < count; index++) reply += PIECES[Math.floor(random() * PIECES.length)];
  const mutations = Math.floor(random() * 3);
  for (let index = 0; index < mutations; index++) {
    const at = Math.floor(random() * (reply.length + 1));
    const choice = random();
    if (choice < 0.25) reply = reply.slice(0, at);
    else if (choice < 0.5) reply = reply.slice(0, at) + reply.slice(at + 1 + Math.floor(random() * 4));
    else if (choice < 0.75) reply = reply.slice(0, at) + String.fromCharCode(32 + Math.floor(random() * 95)) + reply.slice(at);
    else reply = reply.slice(0, at) + reply.slice(Math.floor(random() * reply.length)) + reply.slice(at);
  }
  return reply;
}

function chunkRandomly(text: string, random: () => number): string[] {
  const chunks: string[] = [];
  const maxSize = random() < 0.3 ? 1 : 1 + Math.floor(random() * 24);
  for (let position = 0; position < text.length; ) {
    const size = 1 + Math.floor(random() * maxSize);
    chunks.push(text.slice(position, position + size));
    position += size;
  }
  return chunks;
}

function pollingStream(parser: PTKParser, chunks: readonly string[]): { stream: PTKStreamParser; sawComplete: boolean[] } {
  const stream = parser.stream();
  const sawComplete: boolean[] = [];
  for (const chunk of chunks) {
    stream.push(chunk);
    sawComplete.push(stream.hasCompleteCall());
  }
  return { stream, sawComplete };
}

describe('streaming with a scan at every chunk boundary (seeded fuzz)', () => {
  const plain = new PTKParser();
  const withAlternatives = new PTKParser({ alternativeProtocols: [yamlStyleProtocol, functionCallProtocol, xmlStyleProtocol, functionTagProtocol] });

  it('10,000 replies: no throw; end() deep-equals parse(); hasCompleteCall() never turns back to false', () => {
    const random = createRandom(0x5eed);
    for (let index = 0; index < 10_000; index++) {
      const reply = generateReply(random);
      const parser = index % 4 === 0 ? withAlternatives : plain;
      const whole = parser.parse(reply);
      const chunks = chunkRandomly(reply, random);
      const { stream, sawComplete } = pollingStream(parser, chunks);
      const streamed = stream.end();
      assert.deepEqual(streamed, whole, `reply #${index} ${JSON.stringify(reply)} chunks ${JSON.stringify(chunks)}`);
      assert.equal(stream.text, reply);
      if (index % 40 === 0) {
        // hasCompleteCall() after each chunk equals a fresh stream's answer for that prefix.
        let prefix = '';
        for (const [chunkIndex, chunk] of chunks.entries()) {
          prefix += chunk;
          const fresh = parser.stream();
          fresh.push(prefix);
          assert.equal(sawComplete[chunkIndex], fresh.hasCompleteCall(), `hasCompleteCall after ${JSON.stringify(prefix)}`);
        }
      }
      const firstTrue = sawComplete.indexOf(true);
      if (firstTrue !== -1) assert.ok(sawComplete.slice(firstTrue).every(Boolean), `hasCompleteCall went back to false for ${JSON.stringify(reply)}`);
    }
  });

  it('long replies (several scan batches) give the one-shot result with and without polling', () => {
    const random = createRandom(42);
    for (let index = 0; index < 60; index++) {
      let reply = '';
      while (reply.length < 12_000) reply += generateReply(random);
      const whole = plain.parse(reply);
      const chunks = chunkRandomly(reply, random);
      const quiet = plain.stream();
      for (const chunk of chunks) quiet.push(chunk);
      assert.deepEqual(quiet.end(), whole, `long reply #${index} without polling`);
      assert.deepEqual(pollingStream(plain, chunks).stream.end(), whole, `long reply #${index} with polling`);
    }
  });

  it('reports a complete call as soon as its closing tag has streamed', () => {
    const stream = plain.stream();
    stream.push('Let me look.\n<TOOL_CALL>{"tool": "read_file", "args": {"path": "a"}}');
    assert.equal(stream.hasCompleteCall(), false, 'not closed yet');
    stream.push('</TOOL_CALL>');
    assert.equal(stream.hasCompleteCall(), true);
    stream.push('\nTOOL_RESULT: {"success": true}');
    const response = stream.end();
    assert.equal(response.type, 'tool_call');
    assert.equal(response.discardedFakeResult, true);
  });
});

// Their time (linear growth) is gated in bench/parser.bench.ts, which streams every shape of
// pathologicalReplies.ts the same way at 250 K and 1 M characters; here only the result.
describe('pathological streams', () => {
  const parser = new PTKParser();

  it('long runs of backticks, fence lines and braces streamed in 16-character chunks with polling end as parse() reads them', () => {
    const shapes = ['a run of backticks', 'an unclosed call of backticks', 'fence markers without a newline', 'alternating ``` and ~~~ fence lines', 'an unclosed call of {'];
    for (const name of shapes) {
      const text = pathologicalReplies[name](250_000);
      const stream = parser.stream();
      for (let position = 0; position < text.length; position += 16) {
        stream.push(text.slice(position, position + 16));
        stream.hasCompleteCall();
      }
      assert.deepEqual(stream.end(), parser.parse(text), name);
    }
  });
});

describe('PTKParser options', () => {
  it('rejects a bad tag name with a CONFIG_INVALID PTKError', () => {
    for (const tagName of ['TOOL CALL', '<x>', '1ABC', '']) {
      assert.throws(
        () => new PTKParser({ tagNames: [tagName] }),
        (error: unknown) => error instanceof PTKError && error.code === PTKErrorCode.CONFIG_INVALID,
      );
    }
  });
});

describe('mentions of the tags in prose are not calls', () => {
  const parser = new PTKParser();

  it('a tag in an inline code span followed by a bare closing tag on the same line is plain text', () => {
    const reply = 'Write `<TOOL_CALL>`, then the JSON, then </TOOL_CALL>.';
    const response = parser.parse(reply);
    assert.equal(response.type, 'text');
    assert.equal(response.content, reply);
  });

  it('a quoted opening tag followed by its closing tag is plain text', () => {
    assert.equal(parser.parse('The tag "<TOOL_CALL>" ends with "</TOOL_CALL>" in our docs.').type, 'text');
  });

  it('a bare closing tag after JSON with no opening tag is still a near miss', () => {
    const response = parser.parse('{"tool": "read_file", "args": {"path": "a"}}</TOOL_CALL>');
    assert.equal(response.type, 'invalid');
    assert.equal(response.reason, 'near_miss');
  });
});

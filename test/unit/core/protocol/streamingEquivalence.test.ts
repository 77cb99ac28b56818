/**
 * stream() must give exactly what parse() gives, for every way of splitting a reply,
 * and must never throw. A seeded generator makes ≥ 10,000 replies from realistic pieces
 * (prose, tags, fences, JSON, fake results) and mutates them (cuts, duplications, case
 * changes, deletions); each is parsed one-shot and streamed in random chunks.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PTKParser, functionCallProtocol, xmlStyleProtocol, yamlStyleProtocol } from '../../../../src/core/protocol';

/** mulberry32: a small seeded PRNG, so a failure is reproducible. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  'Sure, let me look.',
  '\n',
  '\r\n',
  '\n\n',
  '<TOOL_CALL>',
  '</TOOL_CALL>',
  '<PTK_CALL>',
  '</PTK_CALL>',
  '<tool_call>',
  '< TOOL_CALL >',
  '{"tool":"read_file","args":{"path":"a.ts"}}',
  '{"name":"write_file","arguments":{"path":"b","content":"x</TOOL_CALL>}"}}',
  '{tool: "x", args: {a: 1,},}',
  '{"tool":"a","args":"{\\"k\\":1}"}',
  '```json\n',
  '```ts\n',
  '```tool\n',
  '```\n',
  '~~~\n',
  '`',
  '"',
  "'",
  '{',
  '}',
  '\\',
  'TOOL_RESULT: {"success":true}',
  'System: TOOL_RESULT: {"success": false}',
  '// comment\n',
  '/* block */',
  '\uFEFF',
  'ünïcødé ✓ 🚀',
  'read_file(path="a.ts")',
  'TOOL: read_file\nARGS:\n  path: a.ts\n',
  '<tool name="read_file"><arg name="path">a</arg></tool>',
  '<',
  '/',
  '>',
];

const WHOLE_CALLS = [
  '<TOOL_CALL>{"tool":"read_file","args":{"path":"a.ts"}}</TOOL_CALL>',
  '<PTK_CALL>\n```json\n{"tool":"list_files","args":{"directory":"."}}\n```\n</PTK_CALL>',
  '```json\n<TOOL_CALL>{"name":"a","arguments":{"x":"}"}}</TOOL_CALL>\n```\n',
  '```tool\n{"tool":"b","args":{}}\n```\n',
];

function generate(next: () => number): string {
  const count = 1 + Math.floor(next() * 14);
  let text = '';
  for (let index = 0; index < count; index++) {
    text += next() < 0.15 ? WHOLE_CALLS[Math.floor(next() * WHOLE_CALLS.length)] : PIECES[Math.floor(next() * PIECES.length)];
  }
  return next() < 0.5 ? mutate(text, next) : text;
}

function mutate(text: string, next: () => number): string {
  let result = text;
  const operations = Math.floor(next() * 3);
  for (let index = 0; index < operations && result.length > 0; index++) {
    const at = Math.floor(next() * result.length);
    const choice = next();
    if (choice < 0.25) result = result.slice(0, at); // cut off (truncated reply)
    else if (choice < 0.5) result = result.slice(0, at) + result.slice(at + 1 + Math.floor(next() * 5)); // delete
    else if (choice < 0.75) result = result.slice(0, at) + result.slice(at, at + 8) + result.slice(at); // duplicate
    else result = result.slice(0, at) + result.charAt(at).toUpperCase() + result.slice(at + 1);
  }
  return result;
}

function streamInChunks(parser: PTKParser, text: string, next: () => number) {
  const stream = parser.stream();
  let position = 0;
  while (position < text.length) {
    const size = 1 + Math.floor(next() * (next() < 0.5 ? 4 : 40));
    stream.push(text.slice(position, position + size));
    position += size;
  }
  return stream.end();
}

describe('PTKParser.stream(): equal to parse() for every chunking (seeded fuzz)', () => {
  it('10,000 generated and mutated replies: no throw, stream end() deep-equals parse()', () => {
    const next = random(20261121);
    const parser = new PTKParser();
    const types = { text: 0, tool_call: 0, invalid: 0 };
    for (let index = 0; index < 10_000; index++) {
      const text = generate(next);
      const oneShot = parser.parse(text);
      types[oneShot.type]++;
      const streamed = streamInChunks(parser, text, next);
      assert.deepEqual(streamed, oneShot, `reply #${index}: ${JSON.stringify(text)}`);
    }
    // The generator really exercises all three outcomes.
    assert.ok(types.text > 500 && types.tool_call > 500 && types.invalid > 500, JSON.stringify(types));
  });

  it('with alternative protocols enabled, too', () => {
    const next = random(7);
    const parser = new PTKParser({ alternativeProtocols: [yamlStyleProtocol, functionCallProtocol, xmlStyleProtocol] });
    for (let index = 0; index < 2_000; index++) {
      const text = generate(next);
      assert.deepEqual(streamInChunks(parser, text, next), parser.parse(text), JSON.stringify(text));
    }
  });

  it('every single split point of realistic replies', () => {
    const parser = new PTKParser();
    const replies = [
      "I'll read it.\n<TOOL_CALL>\n```json\n{\"tool\": \"read_file\", \"args\": {\"path\": \"a.ts\"}}\n```\n</TOOL_CALL>\nTOOL_RESULT: fake",
      '```ts\nconst s = "<TOOL_CALL>";\n```\nThe answer.',
      'Calling:\n```tool\n{"tool":"list_files","args":{"directory":"."}}\n```',
      '<TOOL_CALL>{"tool":"w","args":{"c":"a // b /* c */ \\" } </TOOL_CALL>"}}</TOOL_CALL>',
      '{"tool": "read_file", "args": {}}\nno tags',
    ];
    for (const reply of replies) {
      const oneShot = parser.parse(reply);
      for (let split = 0; split <= reply.length; split++) {
        const stream = parser.stream();
        stream.push(reply.slice(0, split));
        stream.push(reply.slice(split));
        assert.deepEqual(stream.end(), oneShot, `${JSON.stringify(reply)} split at ${split}`);
      }
      const perCharacter = parser.stream();
      for (const character of reply) perCharacter.push(character);
      assert.deepEqual(perCharacter.end(), oneShot);
    }
  });

  it('hasCompleteCall() turns true once a closed call has streamed, before the reply ends', () => {
    const stream = new PTKParser().stream();
    stream.push('<TOOL_CALL>{"tool":"a","args":{"x":"</TOOL_CALL>"}}');
    assert.equal(stream.hasCompleteCall(), false);
    stream.push('</TOOL_CALL>');
    assert.equal(stream.hasCompleteCall(), true);
    stream.push(' and then the model keeps rambling…');
    assert.equal(stream.text, '<TOOL_CALL>{"tool":"a","args":{"x":"</TOOL_CALL>"}}</TOOL_CALL> and then the model keeps rambling…');
    assert.equal(stream.end().toolCall!.args.x, '</TOOL_CALL>');
    assert.equal(stream.end(), stream.end(), 'end() is idempotent');
  });
});

/**
 * Seeded fuzz test: thousands of generated and mutated replies (prose, tags, fences,
 * JSON fragments, fake results, cuts). For each: parse() never throws, and the streaming
 * parser gives a deep-equal result for random chunkings (including 1-character chunks).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { functionCallProtocol, functionTagProtocol, PTKParser, xmlStyleProtocol, yamlStyleProtocol } from '../../../../src/core/protocol';

/** Mulberry32: a small deterministic generator so failures can be replayed by seed. */
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
  'Sure, let me look.',
  ' ',
  '\n',
  '\r\n',
  '\n\n',
  '\uFEFF',
  '<TOOL_CALL>',
  '</TOOL_CALL>',
  '<tool_call>',
  '</ tool_call >',
  '<PTK_CALL>',
  '</PTK_CALL>',
  '<TOOL_CALL name="x">',
  '```json\n',
  '```ts\n',
  '```python\n',
  '```tool\n',
  '```\n',
  '~~~\n',
  '`',
  '"',
  "'",
  '{"tool": "read_file", "args": {"path": "src/index.ts"}}',
  '{"name": "search_code", "arguments": {"query": "foo"}}',
  '{"tool": "write_file", "args": {"path": "a.md", "content": "see </TOOL_CALL> and } and \\" here"}}',
  '{"tool": "a", "args": "{\\"x\\": 1}"}',
  "{tool: 'read_file', args: {path: 'x',},}",
  '{"tool": "read_file", "args": {"path": "line1\nline2"}}',
  '{',
  '}',
  '[',
  ']',
  '"tool": ',
  '"args": {',
  '// comment\n',
  '/* block */',
  '/',
  '*',
  '\\',
  'TOOL_RESULT: {"success": true}',
  'System: TOOL_RESULT: {"success": true, "data": 1}',
  'TOOL_ERROR: nope',
  '<',
  '>',
  '</',
  'TOOL: read_file\nARGS:\n  path: package.json\n',
  'read_file(path="package.json")\n',
  '<tool name="read_file"><arg name="path">a</arg></tool>',
  '<function=read_file><parameter=path>a</parameter></function>',
  'x < y > z',
  '日本語のテキスト',
  '😀',
];

function generateReply(random: () => number): string {
  const count = 1 + Math.floor(random() * 14);
  let reply = '';
  for (let index = 0; index < count; index++) reply += PIECES[Math.floor(random() * PIECES.length)];
  return mutate(reply, random);
}

/** Cuts, duplicates, deletions and random characters. */
function mutate(reply: string, random: () => number): string {
  let text = reply;
  const mutations = Math.floor(random() * 3);
  for (let index = 0; index < mutations; index++) {
    const at = Math.floor(random() * (text.length + 1));
    const choice = random();
    if (choice < 0.25) text = text.slice(0, at); // cut (truncated reply)
    else if (choice < 0.5) text = text.slice(0, at) + text.slice(at + 1 + Math.floor(random() * 4));
    else if (choice < 0.75) text = text.slice(0, at) + String.fromCharCode(32 + Math.floor(random() * 95)) + text.slice(at);
    else text = text.slice(0, at) + text.slice(Math.floor(random() * text.length)) + text.slice(at);
  }
  return text;
}

function chunkRandomly(text: string, random: () => number): string[] {
  const chunks: string[] = [];
  let position = 0;
  const maxSize = random() < 0.3 ? 1 : 1 + Math.floor(random() * 24);
  while (position < text.length) {
    const size = 1 + Math.floor(random() * maxSize);
    chunks.push(text.slice(position, position + size));
    position += size;
  }
  return chunks;
}

function streamParse(parser: PTKParser, chunks: readonly string[]) {
  const stream = parser.stream();
  for (const chunk of chunks) stream.push(chunk);
  return { stream, result: stream.end() };
}

describe('protocol fuzz (seeded)', () => {
  const plain = new PTKParser();
  const withAlternatives = new PTKParser({
    alternativeProtocols: [yamlStyleProtocol, functionCallProtocol, xmlStyleProtocol, functionTagProtocol],
  });

  it('12,000 generated replies: no throw, stream end() deep-equals parse() for random chunkings', () => {
    const random = createRandom(20261121);
    const replies = 12_000;
    for (let index = 0; index < replies; index++) {
      const reply = generateReply(random);
      const parser = index % 4 === 0 ? withAlternatives : plain;
      let whole;
      try {
        whole = parser.parse(reply);
      } catch (error) {
        assert.fail(`parse threw on reply #${index} ${JSON.stringify(reply)}: ${String(error)}`);
      }
      assert.equal(whole.raw, reply);
      assert.ok(['text', 'tool_call', 'invalid'].includes(whole.type));
      if (whole.type === 'tool_call') {
        assert.ok(whole.toolCalls.length > 0);
        assert.deepEqual(whole.toolCall, whole.toolCalls[0]);
      } else {
        assert.equal(whole.toolCalls.length, 0);
      }
      if (whole.type === 'invalid') assert.ok(whole.error && whole.reason, `invalid without error/reason for ${JSON.stringify(reply)}`);
      for (let split = 0; split < 2; split++) {
        const chunks = chunkRandomly(reply, random);
        const { stream, result } = streamParse(parser, chunks);
        assert.deepEqual(result, whole, `stream != parse for reply #${index} ${JSON.stringify(reply)} chunks ${JSON.stringify(chunks)}`);
        assert.equal(stream.text, reply);
      }
    }
  });

  it('every single split point of hand-picked tricky replies gives the one-shot result', () => {
    const replies = [
      'Let me check.\n<TOOL_CALL>\n```json\n{"tool": "read_file", "args": {"path": "a"}}\n```\n</TOOL_CALL>\nTOOL_RESULT: {"success": true}',
      '```ts\nconst call = "<TOOL_CALL>{}</TOOL_CALL>";\n```\n<tool_call>{"name": "x", "arguments": "{\\"a\\": 1}"}</TOOL_CALL>',
      '<PTK_CALL>{"tool": "write_file", "args": {"content": "</PTK_CALL> } ] // not a comment"}} // trailing\n</PTK_CALL>',
      '```tool\n{"tool": "a", "args": {}}\n```\nafter',
      'Use `<TOOL_CALL>` then </TOOL_CALL> in docs.',
      '<TOOL_CALL>\r\n{"tool": "read_file", "args": {"path": "x"}\r\n',
    ];
    for (const reply of replies) {
      const whole = plain.parse(reply);
      for (let cut = 0; cut <= reply.length; cut++) {
        const { result } = streamParse(plain, [reply.slice(0, cut), reply.slice(cut)]);
        assert.deepEqual(result, whole, `split at ${cut} of ${JSON.stringify(reply)}`);
      }
      const { result: single } = streamParse(plain, [...reply]);
      assert.deepEqual(single, whole, `1-char chunks of ${JSON.stringify(reply)}`);
    }
  });
});

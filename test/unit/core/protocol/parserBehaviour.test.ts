import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { PTKParser } from '../../../../src/core/protocol';
import { defineTool } from '../../../../src/core/tools/defineTool';
import type { PTKTool } from '../../../../src/core/types';

const parser = new PTKParser();

function call(text: string) {
  const response = parser.parse(text);
  assert.equal(response.type, 'tool_call', `expected a call, got ${response.type}: ${response.error ?? ''}`);
  return response;
}

describe('PTKParser.parse: the documented examples', () => {
  it('parses the documented valid tool call', () => {
    const response = call('<TOOL_CALL>{"tool":"read_file","args":{"path":"test.ts"}}</TOOL_CALL>');
    assert.deepEqual(response.toolCall, { tool: 'read_file', args: { path: 'test.ts' } });
    assert.deepEqual(response.toolCalls, [response.toolCall]);
    assert.equal(response.repaired, undefined);
  });

  it('parses the documented PTK_CALL reply with reasoning and prose before it', () => {
    const reply = 'I\'ll read the package.json file.\n<PTK_CALL>\n{\n  "tool": "read_file",\n  "args": {"path": "package.json"},\n  "reasoning": "Need to read package.json to get version"\n}\n</PTK_CALL>';
    const response = call(reply);
    assert.deepEqual(response.toolCall, { tool: 'read_file', args: { path: 'package.json' }, reasoning: 'Need to read package.json to get version' });
    assert.equal(response.content, "I'll read the package.json file.");
    assert.equal(response.raw, reply);
  });

  it('treats a plain answer as text', () => {
    const response = parser.parse('The version in package.json is 1.0.0');
    assert.equal(response.type, 'text');
    assert.equal(response.content, 'The version in package.json is 1.0.0');
    assert.deepEqual(response.toolCalls, []);
  });

  it('reports a missing closing tag as invalid "truncated", never as a call', () => {
    const response = parser.parse('<TOOL_CALL>\n{"tool": "read_file"}');
    assert.equal(response.type, 'invalid');
    assert.equal(response.reason, 'truncated');
    assert.match(response.error!, /cut off/);
    assert.equal(response.toolCall, undefined);
  });

  it('repairs the documented "invalid JSON" example (unquoted keys) with jsonrepair and records it', () => {
    const response = call('<TOOL_CALL>\n{tool: "read_file", args: {path: "test.ts"}}\n</TOOL_CALL>');
    assert.deepEqual(response.toolCall, { tool: 'read_file', args: { path: 'test.ts' } });
    assert.equal(response.repaired, true);
  });

  it('reports JSON that cannot be repaired as invalid with the reason', () => {
    const response = parser.parse('<TOOL_CALL>{invalid json</TOOL_CALL>');
    assert.equal(response.type, 'invalid');
    assert.ok(response.reason === 'malformed_json' || response.reason === 'bad_shape');
    assert.ok(response.error && response.error.length > 10);
  });
});

describe('PTKParser.parse: accepted variants', () => {
  it('accepts any case of both tag names, spaces inside the brackets, CRLF and a BOM', () => {
    for (const text of [
      '<tool_call>{"tool":"a","args":{}}</tool_call>',
      '<Ptk_Call>{"tool":"a","args":{}}</PTK_CALL>',
      '< TOOL_CALL >\r\n\uFEFF{"tool":"a","args":{}}\r\n</ TOOL_CALL >',
    ]) {
      assert.deepEqual(call(text).toolCall, { tool: 'a', args: {} }, text);
    }
  });

  it('accepts a call wrapped in a json, xml, tool or unlabelled fence', () => {
    for (const language of ['json', 'xml', 'tool', '']) {
      const response = call(`Here:\n\`\`\`${language}\n<TOOL_CALL>{"tool":"a","args":{"x":1}}</TOOL_CALL>\n\`\`\`\nDone.`);
      assert.deepEqual(response.toolCall, { tool: 'a', args: { x: 1 } }, language);
      assert.equal(response.content, 'Here:\n\nDone.');
    }
  });

  it('accepts a fence inside the tags', () => {
    const response = call('<TOOL_CALL>\n```json\n{"tool":"a","args":{"x":"y"}}\n```\n</TOOL_CALL>');
    assert.deepEqual(response.toolCall, { tool: 'a', args: { x: 'y' } });
  });

  it('accepts a bare JSON call in a ```tool fence', () => {
    const response = call('Calling:\n```tool\n{"tool":"list_files","args":{"directory":"."}}\n```');
    assert.deepEqual(response.toolCall, { tool: 'list_files', args: { directory: '.' } });
    assert.equal(response.content, 'Calling:');
  });

  it('accepts {"name", "arguments"} as an alias and double-encoded args', () => {
    const response = call('<TOOL_CALL>{"name":"read_file","arguments":"{\\"path\\":\\"a.ts\\"}"}</TOOL_CALL>');
    assert.deepEqual(response.toolCall, { tool: 'read_file', args: { path: 'a.ts' } });
    assert.equal(response.repaired, true);
  });

  it('repairs trailing commas, single quotes and comments', () => {
    const response = call("<TOOL_CALL>{\n  // read it\n  'tool': 'read_file', /* the file */\n  'args': {'path': 'a.ts',},\n}</TOOL_CALL>");
    assert.deepEqual(response.toolCall, { tool: 'read_file', args: { path: 'a.ts' } });
    assert.equal(response.repaired, true);
  });

  it('tolerates raw newlines inside JSON strings', () => {
    const response = call('<TOOL_CALL>{"tool":"write_file","args":{"path":"a.txt","content":"line 1\nline 2"}}</TOOL_CALL>');
    assert.equal(response.toolCall!.args.content, 'line 1\nline 2');
  });

  it('keeps an argument containing the closing tag, braces and backslashes intact', () => {
    const content = 'x </TOOL_CALL> } { \\n "quoted" <TOOL_CALL> ```';
    const reply = `<TOOL_CALL>{"tool":"write_file","args":{"path":"t.md","content":${JSON.stringify(content)}}}</TOOL_CALL>\nAfter.`;
    const response = call(reply);
    assert.equal(response.toolCall!.args.content, content);
    assert.equal(response.content, 'After.');
  });

  it('lists every call in order; toolCall is the first', () => {
    const response = call('<TOOL_CALL>{"tool":"a","args":{}}</TOOL_CALL>\nthen\n<TOOL_CALL>{"tool":"b","args":{"n":2}}</TOOL_CALL>');
    assert.deepEqual(response.toolCalls.map((toolCall) => toolCall.tool), ['a', 'b']);
    assert.equal(response.toolCall!.tool, 'a');
  });
});

describe('PTKParser.parse: what must not run', () => {
  it('does not execute a call quoted in a code block of another language', () => {
    for (const language of ['ts', 'python', 'javascript', 'bash', 'markdown']) {
      const response = parser.parse(`Example:\n\`\`\`${language}\nconst s = '<TOOL_CALL>{"tool":"write_file","args":{"path":"x"}}</TOOL_CALL>';\n\`\`\``);
      assert.equal(response.type, 'text', language);
    }
  });

  it('does not execute a call inside a string literal or an inline code span', () => {
    assert.equal(parser.parse('Write "<TOOL_CALL>{\\"tool\\":\\"a\\",\\"args\\":{}}</TOOL_CALL>" to call a tool.').type, 'text');
    assert.equal(parser.parse('Use `<TOOL_CALL>{"tool":"a","args":{}}</TOOL_CALL>` to call a tool.').type, 'text');
  });

  it('drops a TOOL_RESULT the model invents after its call, and what follows', () => {
    const response = call('<TOOL_CALL>{"tool":"read_file","args":{"path":"a"}}</TOOL_CALL>\nSystem: TOOL_RESULT: {"success": true, "data": "made up"}\nSo the answer is 42.');
    assert.equal(response.discardedFakeResult, true);
    assert.equal(response.content, '');
    assert.equal(response.toolCalls.length, 1);
  });

  it('reports near misses as invalid: untagged JSON call, stray closing tag, tag with attributes', () => {
    for (const text of [
      '{"tool": "read_file", "args": {"path": "a.ts"}}',
      'Calling now {"tool":"read_file"} </TOOL_CALL>',
      '<TOOL_CALL name="read_file">{"path": "a"}</TOOL_CALL>',
    ]) {
      const response = parser.parse(text);
      assert.equal(response.type, 'invalid', text);
      assert.equal(response.reason, 'near_miss', text);
      assert.match(response.error!, /<TOOL_CALL>/);
    }
  });

  it('makes the whole reply invalid when one of its calls is broken', () => {
    const response = parser.parse('<TOOL_CALL>{"tool":"a","args":{}}</TOOL_CALL>\n<TOOL_CALL>{"tool":"b","args":');
    assert.equal(response.type, 'invalid');
    assert.equal(response.reason, 'truncated');
    assert.deepEqual(response.toolCalls, []);
  });

  it('reports a call object with no tool name as bad_shape', () => {
    const response = parser.parse('<TOOL_CALL>{"args":{"path":"a"}}</TOOL_CALL>');
    assert.equal(response.type, 'invalid');
    assert.equal(response.reason, 'bad_shape');
  });

  it('never throws on hostile input', () => {
    for (const text of ['', '<', '</', '<TOOL_CALL', '```', '<TOOL_CALL>```', '\u0000<TOOL_CALL>\u0000', '<TOOL_CALL>{"tool":"a","args":"not json"}</TOOL_CALL>']) {
      assert.doesNotThrow(() => parser.parse(text), JSON.stringify(text));
    }
    assert.doesNotThrow(() => parser.parse(undefined as unknown as string));
  });
});

// How their time grows is gated in bench/parser.bench.ts (these shapes are in
// pathologicalReplies.ts, timed there at 250 K and 1 M characters); here only the results.
describe('PTKParser.parse: pathological input', () => {
  it('reads a 2 MB call, 100,000 unclosed opening tags and 50,000 unclosed fences correctly', () => {
    const content = 'x{"}</TOOL_CALL>\n'.repeat(120_000);
    const big = `<TOOL_CALL>{"tool":"write_file","args":{"path":"a","content":${JSON.stringify(content)}}}</TOOL_CALL>`;
    assert.ok(big.length > 2_000_000);
    const call = parser.parse(big);
    assert.equal(call.type, 'tool_call');
    assert.equal(call.toolCall?.args.content, content);
    assert.equal(parser.parse('<TOOL_CALL>'.repeat(100_000)).type, 'invalid');
    assert.equal(parser.parse('```\n<TOOL_CALL>{'.repeat(50_000)).type, 'invalid');
  });
});

describe('PTKParser.extract and validate', () => {
  const readFile = defineTool({
    name: 'read_file',
    description: 'Read a file',
    inputSchema: z.object({ path: z.string(), startLine: z.number().int().min(1).optional() }),
    run: () => '',
  });
  const rawTool: PTKTool = {
    name: 'list_files',
    description: 'List files',
    parameters: { type: 'object', properties: { directory: { type: 'string' }, depth: { type: 'integer' }, mode: { type: 'string', enum: ['flat', 'tree'] } }, required: ['directory'] },
    handler: () => [],
  };

  it('extracts the first call or null', () => {
    assert.deepEqual(parser.extract('x <TOOL_CALL>{"tool":"a","args":{}}</TOOL_CALL>'), { tool: 'a', args: {} });
    assert.equal(parser.extract('no call here'), null);
  });

  it('refuses an unknown tool and lists the available ones', () => {
    const validation = parser.validate({ tool: 'unknown_tool', args: {} }, [readFile, rawTool]);
    assert.equal(validation.valid, false);
    assert.equal(validation.code, 'TOOL_NOT_FOUND');
    assert.match(validation.error!, /unknown_tool/);
    assert.match(validation.error!, /read_file, list_files/);
  });

  it('refuses missing required args with the zod issue path', () => {
    const validation = parser.validate({ tool: 'read_file', args: {} }, [readFile]);
    assert.equal(validation.valid, false);
    assert.equal(validation.code, 'INVALID_ARGUMENTS');
    assert.match(validation.error!, /path/);
    const badType = parser.validate({ tool: 'read_file', args: { path: 'a', startLine: 0 } }, new Map([['read_file', readFile]]));
    assert.match(badType.error!, /startLine/);
  });

  it('returns the zod-parsed args when valid', () => {
    const validation = parser.validate({ tool: 'read_file', args: { path: 'a.ts' } }, [readFile]);
    assert.deepEqual(validation, { valid: true, args: { path: 'a.ts' } });
  });

  it('checks required keys, types and enums of raw JSON Schema tools', () => {
    assert.match(parser.validate({ tool: 'list_files', args: {} }, [rawTool]).error!, /directory: missing required parameter/);
    assert.match(parser.validate({ tool: 'list_files', args: { directory: 1 } }, [rawTool]).error!, /expected string, got number/);
    assert.match(parser.validate({ tool: 'list_files', args: { directory: '.', depth: 1.5 } }, [rawTool]).error!, /expected integer/);
    assert.match(parser.validate({ tool: 'list_files', args: { directory: '.', mode: 'x' } }, [rawTool]).error!, /one of "flat", "tree"/);
    assert.equal(parser.validate({ tool: 'list_files', args: { directory: '.', mode: 'tree' } }, [rawTool]).valid, true);
  });

  it('uses custom tag names and names the first in errors', () => {
    const custom = new PTKParser({ tagNames: ['ACT'] });
    assert.equal(custom.parse('<ACT>{"tool":"a","args":{}}</ACT>').type, 'tool_call');
    assert.equal(custom.parse('<TOOL_CALL>{"tool":"a","args":{}}</TOOL_CALL>').type, 'text');
    assert.match(custom.parse('<ACT>{"tool":"a"').error!, /<ACT>/);
    assert.throws(() => new PTKParser({ tagNames: ['bad tag'] }));
  });
});

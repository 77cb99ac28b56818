import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MIN_RESULT_CHARS, PTKFormatter, PTKParser } from '../../../../src/core/protocol';
import { PTKError, PTKErrorCode } from '../../../../src/core/errors';
import type { PTKTool } from '../../../../src/core/types';

const noop = (): null => null;
const readFile: PTKTool = {
  name: 'read_file',
  description: 'Read the complete content of a file from disk.',
  parameters: {
    type: 'object',
    properties: {
      path: { type: 'string', description: "Absolute or relative file path (e.g., 'src/index.ts')" },
      startLine: { type: 'integer', description: 'First line (1-based)', default: 1 },
    },
    required: ['path'],
  },
  handler: noop,
  readOnly: true,
};
const searchCode: PTKTool = {
  name: 'search_code',
  description: 'Search code in the workspace.',
  parameters: {
    type: 'object',
    properties: {
      query: { type: 'string', description: 'Text to find' },
      options: {
        type: 'object',
        description: 'Search options',
        properties: { mode: { type: 'string', enum: ['literal', 'regex'] }, caseSensitive: { type: 'boolean' } },
        required: ['mode'],
      },
      files: { type: 'array', items: { type: 'string' } },
    },
    required: ['query'],
  },
  handler: noop,
};
const writeFile: PTKTool = {
  name: 'write_file',
  description: 'Write content to a file.',
  parameters: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } }, required: ['path', 'content'] },
  handler: noop,
  dangerous: true,
};
const tools = [readFile, searchCode, writeFile];

function resultJson(line: string, prefix = 'TOOL_RESULT: '): Record<string, unknown> {
  assert.ok(line.startsWith(prefix), `starts with ${prefix}: ${line.slice(0, 40)}`);
  return JSON.parse(line.slice(prefix.length)) as Record<string, unknown>;
}

describe('PTKFormatter.formatSystemPrompt', () => {
  const prompt = new PTKFormatter().formatSystemPrompt(tools);

  it('follows the documented template: tools, protocol, IMPORTANT RULES, EXAMPLES in that order', () => {
    const sections = ['AVAILABLE TOOLS:', 'TOOL CALLING PROTOCOL:', 'IMPORTANT RULES:', 'EXAMPLES:'];
    const positions = sections.map((section) => prompt.indexOf(section));
    for (const [index, position] of positions.entries()) assert.ok(position >= 0, `missing ${sections[index]}`);
    assert.deepEqual([...positions].sort((a, b) => a - b), positions);
    assert.match(prompt, /respond with this EXACT format:\n\n<TOOL_CALL>\n\{\n {2}"tool": "tool_name",/);
  });

  it('lists each tool with a signature, required/optional marks, descriptions, defaults, enums and nested objects', () => {
    assert.match(prompt, /- read_file\(path: string, startLine\?: integer\): Read the complete content of a file from disk\. \[read-only\]/);
    assert.match(prompt, /- path: string \(required\) - Absolute or relative file path \(e\.g\., 'src\/index\.ts'\)/);
    assert.match(prompt, /- startLine: integer \(optional\) - First line \(1-based\) \(default: 1\)/);
    assert.match(prompt, /- search_code\(query: string, options\?: object, files\?: string\[\]\)/);
    assert.match(prompt, / {6}- mode: "literal" \| "regex" \(required\)/, 'nested property indented under its object');
    assert.match(prompt, / {6}- caseSensitive: boolean \(optional\)/);
    assert.match(prompt, /- write_file\(path: string, content: string\): Write content to a file\. \[asks the user for approval\]/);
  });

  it('shows a parameter as it is validated: integer stays integer, with its range, lengths, pattern and item bounds', () => {
    const paged: PTKTool = {
      name: 'list_items',
      description: 'Lists items.',
      parameters: {
        type: 'object',
        properties: {
          page: { type: 'integer', minimum: 1, maximum: 100, description: 'Page number' },
          ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
          weight: { type: 'number', minimum: 0, exclusiveMinimum: true, maximum: 5 },
          code: { type: 'string', minLength: 2, maxLength: 8, pattern: '^[A-Z]+$' },
          ids: { type: 'array', items: { type: 'integer', minimum: 0 }, maxItems: 5 },
        },
        required: ['page'],
      },
      handler: noop,
    };
    const shown = new PTKFormatter().formatSystemPrompt([paged]);
    assert.match(shown, /- list_items\(page: integer, ratio\?: number, weight\?: number, code\?: string, ids\?: integer\[\]\)/);
    assert.match(shown, /- page: integer \(required\) \[>= 1, <= 100\] - Page number/);
    assert.match(shown, /- ratio: number \(optional\) \[> 0, < 1\]/);
    assert.match(shown, /- weight: number \(optional\) \[> 0, <= 5\]/, 'a draft-4 boolean bound');
    assert.match(shown, /- code: string \(optional\) \[at least 2 characters, at most 8 characters, matches \/\^\[A-Z\]\+\$\/\]/);
    assert.match(shown, /- ids: integer\[\] \(optional\) \[at most 5 items, each item >= 0\]/);
    const validated = new PTKParser().validate({ tool: 'list_items', args: { page: 1.5 } }, [paged]);
    assert.match(validated.error ?? '', /integer/, 'the type shown is the type checked');
  });

  it('says one call per reply by default, several when allowed, and names the finish tool', () => {
    assert.match(prompt, /1\. Use ONLY ONE tool call per response/);
    const multiple = new PTKFormatter().formatSystemPrompt(tools, { allowMultipleCalls: true, finishTool: 'finishWorkflow', extraInstructions: 'Answer in French.' });
    assert.doesNotMatch(multiple, /ONLY ONE tool call/);
    assert.match(multiple, /several <TOOL_CALL> blocks in one response/);
    assert.match(multiple, /call "finishWorkflow" to finish/);
    assert.ok(multiple.trimEnd().endsWith('Answer in French.'));
  });

  it('gives 2-3 examples built from the given tools, each of which the parser reads back as a valid call', () => {
    const examples = prompt.slice(prompt.indexOf('EXAMPLES:'));
    const parser = new PTKParser();
    const calls = [...examples.matchAll(/<TOOL_CALL>[\s\S]*?<\/TOOL_CALL>/g)].map((match) => parser.parse(match[0]));
    assert.ok(calls.length >= 2, 'at least two example calls');
    for (const call of calls) {
      assert.equal(call.type, 'tool_call');
      const validation = parser.validate(call.toolCall!, tools);
      assert.equal(validation.valid, true, validation.error);
    }
    assert.deepEqual(calls.map((call) => call.toolCall!.tool), ['read_file', 'search_code']);
    assert.match(examples, /System: TOOL_RESULT: \{"success": true/);
    assert.match(examples, /System: TOOL_RESULT: \{"success": false/);
    assert.match(examples, /no tool needed: plain text, no tags/);
  });

  it('uses PTK_CALL and PTK_RESULT throughout with the PTK_CALL tag', () => {
    const ptk = new PTKFormatter({ tagName: 'PTK_CALL' }).formatSystemPrompt([readFile]);
    assert.doesNotMatch(ptk, /TOOL_CALL|TOOL_RESULT/);
    assert.match(ptk, /<PTK_CALL>\n\{/);
    assert.match(ptk, /After receiving PTK_RESULT/);
  });

  it('still makes a usable prompt with no tools', () => {
    const empty = new PTKFormatter().formatSystemPrompt([]);
    assert.match(empty, /no tools are available/);
    assert.match(empty, /EXAMPLES:/);
  });
});

describe('PTKFormatter.formatToolResult', () => {
  const formatter = new PTKFormatter();

  it('produces exactly TOOL_RESULT: {"success","data","error"}', () => {
    assert.equal(
      formatter.formatToolResult({ success: true, data: { content: '{"version": "1.0.0"}' }, error: null }),
      'TOOL_RESULT: {"success":true,"data":{"content":"{\\"version\\": \\"1.0.0\\"}"},"error":null}',
    );
    assert.equal(
      formatter.formatToolResult({ success: false, data: null, error: 'File not found: missing-file.txt' }),
      'TOOL_RESULT: {"success":false,"data":null,"error":"File not found: missing-file.txt"}',
    );
    assert.equal(formatter.formatToolResult({ success: true, data: undefined, error: null }), 'TOOL_RESULT: {"success":true,"data":null,"error":null}');
  });

  it('uses PTK_RESULT with the PTK_CALL tag', () => {
    const line = new PTKFormatter({ tagName: 'PTK_CALL' }).formatToolResult({ success: true, data: 1, error: null });
    assert.equal(line, 'PTK_RESULT: {"success":true,"data":1,"error":null}');
  });

  it('truncates a long file content keeping head and tail, says so, fits the cap and stays valid JSON', () => {
    const lines = Array.from({ length: 5000 }, (_, index) => `line ${index} "quoted" \\ back`).join('\n');
    const line = formatter.formatToolResult({ success: true, data: { path: 'big.txt', content: lines }, error: null }, { maxChars: 2000, toolName: 'read_file' });
    assert.ok(line.length <= 2000, `length ${line.length}`);
    const parsed = resultJson(line);
    const data = parsed.data as { path: string; content: string };
    assert.equal(data.path, 'big.txt', 'the shape of the data is kept');
    assert.ok(data.content.startsWith('line 0 "quoted" \\ back\nline 1'), 'head kept');
    assert.ok(data.content.endsWith('line 4999 "quoted" \\ back'), 'tail kept');
    assert.match(data.content, /characters omitted/);
    assert.match(String(parsed.truncated), /The result was \d+ characters; \d+ characters .* left out\. Read a smaller range with startLine\/endLine\./);
    assert.ok(String(parsed.truncated).includes(String(JSON.stringify({ success: true, data: { path: 'big.txt', content: lines }, error: null }).length)));
  });

  it('truncates data without long strings (many small items) as head and tail text, still valid JSON', () => {
    const data = Array.from({ length: 3000 }, (_, index) => ({ file: `src/f${index}.ts`, line: index }));
    const line = formatter.formatToolResult({ success: true, data, error: null }, { maxChars: 1500 });
    assert.ok(line.length <= 1500, `length ${line.length}`);
    const parsed = resultJson(line);
    assert.equal(typeof parsed.data, 'string');
    assert.ok((parsed.data as string).startsWith('[{"file":"src/f0.ts","line":0}'));
    assert.ok((parsed.data as string).endsWith('{"file":"src/f2999.ts","line":2999}]'));
    assert.match(String(parsed.truncated), /characters/);
  });

  it('cuts an enormous error message too, and never goes below the minimum cap', () => {
    const line = formatter.formatToolResult({ success: false, data: null, error: 'E'.repeat(50_000) }, { maxChars: 10 });
    assert.ok(line.length <= MIN_RESULT_CHARS, `length ${line.length}`);
    const parsed = resultJson(line);
    assert.equal(parsed.success, false);
    assert.match(String(parsed.error), /^E+\n\[… \d+ characters omitted …\]\nE+$/);
  });

  it('handles values JSON cannot encode (bigint, cycles) without throwing', () => {
    const cyclic: Record<string, unknown> = { name: 'x' };
    cyclic.self = cyclic;
    assert.equal(resultJson(formatter.formatToolResult({ success: true, data: { count: 10n }, error: null })).data instanceof Object, true);
    const line = formatter.formatToolResult({ success: true, data: cyclic, error: null });
    assert.ok(line.startsWith('TOOL_RESULT: '));
    JSON.parse(line.slice('TOOL_RESULT: '.length));
  });
});

describe('PTKFormatter: errors, conversation, reminder, options', () => {
  const formatter = new PTKFormatter();

  it('formats TOOL_ERROR: <message>', () => {
    assert.equal(formatter.formatToolError('Unknown tool "x". Available tools: a, b.'), 'TOOL_ERROR: Unknown tool "x". Available tools: a, b.');
  });

  it('formats a role-labelled transcript a chat box can take', () => {
    const transcript = formatter.formatConversation([
      { role: 'system', content: 'S' },
      { role: 'user', content: 'U' },
      { role: 'assistant', content: 'A' },
      { role: 'tool', content: 'TOOL_RESULT: {}' },
    ]);
    assert.equal(transcript, 'SYSTEM:\nS\n\nUSER:\nU\n\nASSISTANT:\nA\n\nTOOL:\nTOOL_RESULT: {}');
  });

  it('re-states the protocol compactly with the tool names', () => {
    const reminder = new PTKFormatter({ tagName: 'PTK_CALL' }).formatProtocolReminder(tools);
    assert.match(reminder, /read_file, search_code, write_file/);
    assert.match(reminder, /<PTK_CALL>\{"tool": "name", "args": \{\.\.\.\}\}<\/PTK_CALL>/);
    assert.ok(reminder.length < 400);
  });

  it('rejects a bad tag name or cap with a CONFIG_INVALID PTKError', () => {
    for (const options of [{ tagName: 'TOOL CALL' }, { tagName: '<x>' }, { resultMaxChars: 0 }, { resultMaxChars: Number.NaN }]) {
      assert.throws(() => new PTKFormatter(options), (error: unknown) => error instanceof PTKError && error.code === PTKErrorCode.CONFIG_INVALID);
    }
  });
});

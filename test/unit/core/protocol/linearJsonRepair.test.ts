import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULTS } from '../../../../src/core/constants';
import { PTKParser } from '../../../../src/core/protocol';
import { repairJsonLinearly } from '../../../../src/core/protocol/linearJsonRepair';

const parser = new PTKParser();

function repaired(text: string): unknown {
  return JSON.parse(repairJsonLinearly(text));
}

/** A write_file call whose content is far longer than what jsonrepair may see. */
const LONG_CONTENT = 'export const line = 1;\n'.repeat(5_000);
const longContentJson = JSON.stringify(LONG_CONTENT);

describe('repairJsonLinearly', () => {
  it('drops trailing commas and comments outside strings', () => {
    assert.deepEqual(repaired('{"a": 1,}'), { a: 1 });
    assert.deepEqual(repaired('[1, 2, // two\n 3 /* three */ , ]'), [1, 2, 3]);
    assert.deepEqual(repaired('{"url": "http://x.y/*z*/", "n": 1}'), { url: 'http://x.y/*z*/', n: 1 });
  });

  it('closes an unterminated string and every open bracket, innermost first', () => {
    assert.deepEqual(repaired('{"a": [1, {"b": "x'), { a: [1, { b: 'x' }] });
    assert.deepEqual(repaired('{"a": [1, 2,'), { a: [1, 2] });
    assert.deepEqual(repaired('{"a": "ends with a backslash \\'), { a: 'ends with a backslash \\' });
  });

  it('escapes raw control characters and keeps invalid escapes as text', () => {
    assert.deepEqual(repaired('{"a": "line 1\nline 2\ttab"}'), { a: 'line 1\nline 2\ttab' });
    assert.deepEqual(repaired('{"re": "\\d+\\s", "path": "C:\\Users\\me", "ok": "\\n\\u00e9"}'), { re: '\\d+\\s', path: 'C:\\Users\\me', ok: '\n\u00e9' });
    assert.deepEqual(repaired('{"a": "\\u12"}'), { a: '\\u12' });
  });

  it('escapes quotes the model forgot to escape inside a string', () => {
    assert.deepEqual(repaired('{"a": "say "hi" to them", "b": 2}'), { a: 'say "hi" to them', b: 2 });
    assert.deepEqual(repaired('{"code": "x = "a" + "b""}'), { code: 'x = "a" + "b"' });
  });

  it('leaves what it cannot fix for JSON.parse to refuse', () => {
    assert.throws(() => repaired("{'a': 1}"));
    assert.throws(() => repaired('{a: 1}'));
  });
});

describe('PTKParser: long broken calls get the linear repairs (jsonrepair only sees short ones)', () => {
  it('repairs a long call with a trailing comma, a comment or a missing final brace', () => {
    const replies = [
      `<TOOL_CALL>{"tool":"write_file","args":{"path":"a.ts","content":${longContentJson},},}</TOOL_CALL>`,
      `<TOOL_CALL>{"tool":"write_file", // write it\n"args":{"path":"a.ts","content":${longContentJson}}}</TOOL_CALL>`,
      `<TOOL_CALL>{"tool":"write_file","args":{"path":"a.ts","content":${longContentJson}}</TOOL_CALL>`,
    ];
    for (const reply of replies) {
      assert.ok(reply.length > DEFAULTS.jsonRepairMaxChars * 10);
      const response = parser.parse(reply);
      assert.equal(response.type, 'tool_call', response.error);
      assert.equal(response.repaired, true);
      assert.deepEqual(response.toolCall!.args, { path: 'a.ts', content: LONG_CONTENT });
    }
  });

  it('repairs a long call with unescaped quotes and regex escapes in its content', () => {
    const content = 'const pattern = /\\d+/;\nconst text = "quoted";\n'.repeat(2_000);
    // Written as a model that forgot to escape would write it: quotes and backslashes raw.
    const reply = `<TOOL_CALL>{"tool":"write_file","args":{"path":"a.ts","content":"${content.replace(/\n/g, '\\n')}"}}</TOOL_CALL>`;
    const response = parser.parse(reply);
    assert.equal(response.type, 'tool_call', response.error);
    assert.equal(response.toolCall!.args.content, content);
  });

  it('reports a long call it cannot repair with JSON.parse\'s position', () => {
    const reply = `<TOOL_CALL>{'tool':'write_file','args':{'path':'a.ts','content':${longContentJson}}}</TOOL_CALL>`;
    const response = parser.parse(reply);
    assert.equal(response.type, 'invalid');
    assert.equal(response.reason, 'malformed_json');
    assert.match(response.error!, /position 1/);
  });

  it('still repairs short calls with jsonrepair (unquoted keys, single quotes)', () => {
    const response = parser.parse("<TOOL_CALL>{tool: 'read_file', args: {path: 'a.ts'}}</TOOL_CALL>");
    assert.deepEqual(response.toolCall, { tool: 'read_file', args: { path: 'a.ts' } });
    assert.equal(response.repaired, true);
  });

  it('gives one reply a bounded jsonrepair budget: broken calls past it are not repaired that way', () => {
    const padding = 'x'.repeat(DEFAULTS.jsonRepairMaxChars - 100);
    const shortBroken = `<TOOL_CALL>{tool: 'read_file', args: {path: '${padding}'}}</TOOL_CALL>`;
    assert.equal(parser.parse(shortBroken).type, 'tool_call');
    const callsWithinBudget = Math.floor(DEFAULTS.jsonRepairBudgetChars / shortBroken.length);
    assert.equal(parser.parse(shortBroken.repeat(callsWithinBudget)).toolCalls.length, callsWithinBudget);
    const response = parser.parse(shortBroken.repeat(callsWithinBudget + 1));
    assert.equal(response.type, 'invalid');
    assert.equal(response.reason, 'malformed_json');
  });
});

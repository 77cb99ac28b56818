import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  alternativeProtocols,
  functionCallProtocol,
  functionTagProtocol,
  PTKParser,
  xmlStyleProtocol,
  yamlStyleProtocol,
} from '../../../../src/core/protocol';
import { pathologicalReplies } from './pathologicalReplies';

const all = [yamlStyleProtocol, functionCallProtocol, xmlStyleProtocol, functionTagProtocol];
const parser = new PTKParser({ alternativeProtocols: all });

describe('alternative protocols, opt-in', () => {
  it('are not used unless passed in the options', () => {
    const plain = new PTKParser();
    for (const reply of ['TOOL: read_file\nARGS:\n  path: package.json', 'read_file(path="package.json")', '<tool name="read_file"><arg name="path">a</arg></tool>']) {
      assert.equal(plain.parse(reply).type, 'text', reply);
    }
  });

  it('reads the documented YAML style, with typed values and a block scalar', () => {
    const response = parser.parse('I will read it.\nTOOL: read_file\nARGS:\n  path: package.json\n  startLine: 10\n  exact: true\nThanks.');
    assert.equal(response.type, 'tool_call');
    assert.deepEqual(response.toolCall, { tool: 'read_file', args: { path: 'package.json', startLine: 10, exact: true } });
    assert.equal(response.content, 'I will read it.\nThanks.');
    const block = new PTKParser({ alternativeProtocols: [yamlStyleProtocol] }).parse('TOOL: write_file\nARGS:\n  path: a.py\n  content: |\n    def f():\n        return 1\n');
    assert.deepEqual(block.toolCall, { tool: 'write_file', args: { path: 'a.py', content: 'def f():\n    return 1\n' } });
  });

  it('reads a YAML block scalar of 200,000 lines (its indent is not found by spreading the lines into Math.min)', () => {
    const lines = 'x = 1\n'.repeat(200_000);
    const reply = `TOOL: write_file\nARGS:\n  path: a.py\n  content: |\n${lines.replace(/^/gm, '    ').slice(0, -4)}`;
    const response = new PTKParser({ alternativeProtocols: [yamlStyleProtocol] }).parse(reply);
    assert.equal(response.type, 'tool_call');
    assert.equal(response.toolCall!.args.content, lines);
  });

  it('reads the documented function-call style with quoted commas, JSON values and several calls', () => {
    const response = parser.parse('read_file(path="package.json")\nsearch_code(query="a, b", limit=5, options={"regex": true})');
    assert.deepEqual(response.toolCalls, [
      { tool: 'read_file', args: { path: 'package.json' } },
      { tool: 'search_code', args: { query: 'a, b', limit: 5, options: { regex: true } } },
    ]);
    assert.equal(response.toolCall, response.toolCalls[0]);
  });

  it('reads the documented XML style and decodes entities', () => {
    const response = parser.parse('Reading:\n<tool name="read_file">\n  <arg name="path">a &amp; b.txt</arg>\n</tool>\nDone.');
    assert.deepEqual(response.toolCall, { tool: 'read_file', args: { path: 'a & b.txt' } });
    assert.equal(response.content, 'Reading:\n\nDone.');
  });

  it('reads the <function=name><parameter=...> syntax some models are trained on', () => {
    const response = parser.parse('<function=write_file>\n<parameter=path>\nnotes.md\n</parameter>\n<parameter=content>\n# Title\nline\n</parameter>\n</function>');
    assert.deepEqual(response.toolCall, { tool: 'write_file', args: { path: 'notes.md', content: '# Title\nline' } });
  });

  it('is used only when the reply has no tagged call', () => {
    const response = parser.parse('read_file(path="ignored.txt")\n<TOOL_CALL>{"tool": "list_files", "args": {"directory": "."}}</TOOL_CALL>');
    assert.deepEqual(response.toolCalls, [{ tool: 'list_files', args: { directory: '.' } }]);
  });

  it('does not run calls quoted in a code block of another language', () => {
    for (const reply of [
      '```python\nread_file(path="x")\n```',
      '```ts\n// TOOL: read_file\nTOOL: read_file\nARGS:\n  path: x\n```',
      '```html\n<tool name="read_file"><arg name="path">x</arg></tool>\n```',
      '```text\nExample\n```\n```js\n<function=read_file><parameter=path>x</parameter></function>\n```',
    ]) {
      assert.equal(parser.parse(reply).type, 'text', reply);
    }
  });

  it('leaves ordinary prose alone', () => {
    for (const reply of ['Call it like this: foo(bar) or print(x)', 'TOOL: this is a sentence', 'The <tool> element and <function> keyword.', 'Use `read_file(path="x")` for that.']) {
      assert.equal(parser.parse(reply).type, 'text', reply);
    }
  });

  it('gives the same result streamed character by character', () => {
    const reply = 'Let me see.\n<tool name="read_file"><arg name="path">a</arg></tool>\n';
    const stream = parser.stream();
    for (const character of reply) stream.push(character);
    assert.deepEqual(stream.end(), parser.parse(reply));
  });

  // Their time (linear growth) is gated in bench/parser.bench.ts, which parses these shapes of
  // pathologicalReplies.ts at 250 K and 1 M characters; here only the results.
  it('reads 100,000 unclosed opening tags of each style as no call, and 100,000 YAML headers as 100,000 calls', () => {
    for (const name of ['unclosed <tool name> tags', 'unclosed <function=…> tags', 'unclosed function calls, one a line', 'unclosed <tool><arg> pairs']) {
      const text = pathologicalReplies[name](1_500_000);
      assert.ok(text.length >= 1_000_000, name);
      assert.notEqual(parser.parse(text).type, 'tool_call', name);
    }
    const headers = pathologicalReplies['YAML headers'](800_000);
    assert.equal(headers, 'TOOL: x\n'.repeat(100_000));
    assert.equal(parser.parse(headers).toolCalls.length, 100_000);
  });

  it('are exported as a named set too', () => {
    assert.deepEqual(Object.keys(alternativeProtocols).sort(), ['functionCall', 'functionTag', 'xml', 'yaml']);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { InvalidToolInputError, ModelBehaviorError, NoSuchToolError, PTKErrorCode } from '../../../../src/core/errors';
import { checkToolArguments, checkToolCall } from '../../../../src/core/protocol/toolCallCheck';
import { toPTKTool } from '../../../../src/core/compat/rawToolDefinition';
import { defineTool } from '../../../../src/core/tools/defineTool';
import type { PTKTool } from '../../../../src/core/types';

const search = defineTool({
  name: 'search',
  description: 'search',
  inputSchema: z.object({ query: z.string(), limit: z.coerce.number().default(10) }),
  run: () => [],
});
const add = toPTKTool({
  name: 'add',
  description: 'adds',
  parameters: { type: 'object', properties: { a: { type: 'number' }, mode: { type: 'string', enum: ['int', 'float'] } }, required: ['a'] },
  handler: () => 0,
});
const tools = new Map<string, PTKTool>([[search.name, search], [add.name, add]]);

describe('checkToolCall', () => {
  it('gives the tool and the parsed arguments (coerced, defaults applied)', () => {
    const checked = checkToolCall({ tool: 'search', args: { query: 'x', limit: '3' } }, tools);
    assert.ok(checked.valid);
    assert.equal(checked.tool, search);
    assert.deepEqual(checked.args, { query: 'x', limit: 3 });
    const defaulted = checkToolCall({ tool: 'search', args: { query: 'x' } }, tools);
    assert.deepEqual(defaulted.valid && defaulted.args, { query: 'x', limit: 10 });
  });

  it('an unknown tool: NoSuchToolError with the tools that exist, a model behaviour error', () => {
    const checked = checkToolCall({ tool: 'serch', args: {} }, tools);
    assert.ok(!checked.valid && checked.error instanceof NoSuchToolError);
    assert.ok(checked.error instanceof ModelBehaviorError);
    assert.equal(checked.error.code, PTKErrorCode.TOOL_NOT_FOUND);
    assert.deepEqual((checked.error as NoSuchToolError).availableTools, ['search', 'add']);
    assert.equal(checked.error.message, 'Unknown tool "serch". Available tools: search, add. Tool names are case-sensitive.');
  });

  it('bad arguments for a zod tool: InvalidToolInputError with the zod issues', () => {
    const checked = checkToolCall({ tool: 'search', args: { limit: 2 } }, tools);
    assert.ok(!checked.valid && checked.error instanceof InvalidToolInputError);
    const error = checked.error as InvalidToolInputError;
    assert.equal(error.code, PTKErrorCode.INVALID_TOOL_CALL);
    assert.equal(error.issues[0].code, 'invalid_type');
    assert.deepEqual(error.issues[0].path, ['query']);
    assert.match(error.message, /^Invalid arguments for search: query: /);
  });

  it('bad arguments for a JSON Schema tool: required keys, types and enum values, one issue each', () => {
    const checked = checkToolArguments(add, { mode: 'huge' });
    assert.ok(!checked.valid);
    assert.deepEqual(checked.error.issues.map((issue) => [issue.path, issue.message]), [
      [['a'], 'missing required parameter'],
      [['mode'], 'must be one of "int", "float"'],
    ]);
    const wrongType = checkToolArguments(add, { a: 'one' });
    assert.equal(!wrongType.valid && wrongType.error.message, 'Invalid arguments for add: a: expected number, got string.');
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toPTKTool } from '../../../../src/core/compat/rawToolDefinition';
import { PTKErrorCode } from '../../../../src/core/errors';
import { ToolRegistry } from '../../../../src/core/tools/toolRegistry';

const context = { signal: new AbortController().signal, toolCallId: 'call_1_0', iteration: 1 };

describe('toPTKTool', () => {
  it('accepts a tool written as a JSON Schema and a handler, and checks it', () => {
    const raw = toPTKTool({ name: 'raw', description: 'r', parameters: { type: 'object', properties: {} }, handler: async () => 1 });
    assert.equal(raw.name, 'raw');
    assert.throws(() => toPTKTool({ name: 'raw', description: 'r', parameters: { type: 'array' } as never, handler: async () => 1 }), /JSON Schema object/);
    assert.throws(() => toPTKTool({ name: 'raw', description: 'r', parameters: { type: 'object', properties: {} }, handler: 'no' as never }), /handler must be a function/);
    assert.throws(() => toPTKTool({ name: '1raw', description: 'r', parameters: { type: 'object', properties: {} }, handler: async () => 1 }), (error: unknown) => {
      assert.equal((error as { code?: string }).code, PTKErrorCode.CONFIG_INVALID);
      return true;
    });
  });

  it('fills in the properties a schema leaves out', () => {
    const tool = toPTKTool({ name: 'ping', description: 'p', parameters: { type: 'object' } as never, handler: () => 'pong' });
    assert.deepEqual(tool.parameters, { type: 'object', properties: {} });
  });

  it('is accepted by the registry and runs with the model\'s arguments', async () => {
    const registry = new ToolRegistry([
      {
        name: 'add',
        description: 'Add two numbers',
        parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
        handler: ({ a, b }: { a: number; b: number }) => a + b,
      },
    ]);
    const result = await registry.execute('add', { a: 2, b: 3 }, context);
    assert.equal(result.success, true);
    assert.equal(result.data, 5);
  });
});

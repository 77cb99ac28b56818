import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { ApprovalRejectedError, PTKError, PTKErrorCode, PTKExecutionError } from '../../../../src/core/errors';
import { defineTool } from '../../../../src/core/tools/defineTool';
import { resolveTools } from '../../../../src/core/tools/resolveTools';
import { runTool } from '../../../../src/core/tools/runTool';
import { ToolRegistry } from '../../../../src/core/tools/toolRegistry';

const context = () => ({ signal: new AbortController().signal, toolCallId: 'call_1_0', iteration: 1 });

const echo = defineTool({
  name: 'echo',
  description: 'Echo',
  inputSchema: z.object({ text: z.string(), times: z.coerce.number().default(1) }),
  readOnly: true,
  run: ({ text, times }) => text.repeat(times),
});

describe('runTool', () => {
  it('validates and coerces args with the zod schema', async () => {
    const result = await runTool(echo, { text: 'ab', times: '2' }, context());
    assert.deepEqual({ success: result.success, data: result.data }, { success: true, data: 'abab' });
    const invalid = await runTool(echo, { times: 2 }, context());
    assert.equal(invalid.success, false);
    assert.equal(invalid.code, PTKErrorCode.INVALID_TOOL_CALL);
    assert.match(invalid.error!, /text/);
  });

  it('turns a throw into success false with the error code', async () => {
    const failing = defineTool({ name: 'failing', description: 'f', inputSchema: z.object({}), run: () => {
      throw new PTKError('no such file', { code: PTKErrorCode.FILE_NOT_FOUND });
    } });
    const result = await runTool(failing, {}, context());
    assert.deepEqual([result.success, result.error, result.code], [false, 'no such file', PTKErrorCode.FILE_NOT_FOUND]);
  });

  it("honours the tool's own timeoutMs", async () => {
    const slow = defineTool({ name: 'slow', description: 's', timeoutMs: 10, inputSchema: z.object({}), run: () => new Promise((resolve) => setTimeout(resolve, 2000).unref()) });
    const result = await runTool(slow, {}, context(), { timeoutMs: 5000 });
    assert.equal(result.code, PTKErrorCode.TOOL_TIMEOUT);
  });
});

describe('ToolRegistry', () => {
  it('registerTool / getTool / listTools / unregisterTool; duplicate names refused', () => {
    const registry = new ToolRegistry([echo]);
    assert.equal(registry.getTool('echo'), echo);
    assert.throws(() => registry.registerTool(echo), /already registered/);
    assert.deepEqual(registry.listTools().map((tool) => tool.name), ['echo']);
    assert.equal(registry.unregisterTool('echo'), true);
    assert.equal(registry.getTool('echo'), undefined);
  });

  it('execute of an unknown tool lists the available ones', async () => {
    const result = await new ToolRegistry([echo]).execute('nope', {}, context());
    assert.equal(result.code, PTKErrorCode.TOOL_NOT_FOUND);
    assert.match(result.error!, /Available tools: echo/);
  });

  it('runs middleware in order around the tool (use((toolCall, next) => …))', async () => {
    const registry = new ToolRegistry([echo]);
    const trace: string[] = [];
    registry.use(async (toolCall, next) => {
      trace.push(`outer:${toolCall.tool}:${toolCall.id}`);
      const result = await next();
      trace.push('outer:after');
      return result;
    });
    registry.use(async (toolCall, next) => {
      trace.push('inner');
      toolCall.args = { ...toolCall.args, text: 'changed' };
      return next();
    });
    const result = await registry.execute('echo', { text: 'x' }, context());
    assert.equal(result.data, 'changed');
    assert.deepEqual(trace, ['outer:echo:call_1_0', 'inner', 'outer:after']);
    assert.ok((result.durationMs ?? -1) >= 0);
  });

  it('a middleware rejection becomes success false with the reason', async () => {
    const registry = new ToolRegistry([echo]);
    registry.use(async () => {
      throw new ApprovalRejectedError(undefined, { toolName: 'echo', reason: 'too loud' });
    });
    const result = await registry.execute('echo', { text: 'x' }, context());
    assert.equal(result.success, false);
    assert.equal(result.code, PTKErrorCode.APPROVAL_REJECTED);
    assert.match(result.error!, /too loud/);
  });

  it('a middleware that calls next() twice gets an error result', async () => {
    const registry = new ToolRegistry([echo]);
    registry.use(async (_toolCall, next) => {
      await next();
      return next();
    });
    const result = await registry.execute('echo', { text: 'x' }, context());
    assert.match(result.error!, /more than once/);
  });
});

describe('resolveTools', () => {
  it('resolves names through the tool manager and keeps objects', () => {
    const registry = new ToolRegistry([echo]);
    const other = defineTool({ name: 'other', description: 'o', inputSchema: z.object({}), run: () => 1 });
    assert.deepEqual(resolveTools(['echo', other], registry).map((tool) => tool.name), ['echo', 'other']);
    assert.deepEqual(resolveTools(undefined, registry).map((tool) => tool.name), ['echo']);
  });

  it('throws TOOL_NOT_FOUND for an unknown name and CONFIG_INVALID for a name given twice', () => {
    const registry = new ToolRegistry([echo]);
    assert.throws(() => resolveTools(['missing'], registry), (error: unknown) => error instanceof PTKExecutionError && error.code === PTKErrorCode.TOOL_NOT_FOUND);
    assert.throws(() => resolveTools(['echo', echo], registry), (error: unknown) => error instanceof PTKError && error.code === PTKErrorCode.CONFIG_INVALID);
  });
});

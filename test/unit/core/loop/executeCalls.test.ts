import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { PTKErrorCode } from '../../../../src/core/errors';
import type { PlannedRun } from '../../../../src/core/loop/callPlanning';
import { executeCall, executeCalls, type ExecutionSettings } from '../../../../src/core/loop/executeCalls';
import { checkToolCall } from '../../../../src/core/protocol/toolCallCheck';
import { defineTool } from '../../../../src/core/tools/defineTool';
import { toolExecutor, type ToolManagerLike } from '../../../../src/core/tools/managedTools';
import { ToolRegistry } from '../../../../src/core/tools/toolRegistry';
import type { PTKTool, PTKToolCall } from '../../../../src/core/types';

/** The settings of a run; `toolManager` is adapted into the executor as the loop does it, once. */
const settings = ({ toolManager, ...changes }: Partial<ExecutionSettings> & { toolManager?: ToolManagerLike } = {}): ExecutionSettings => ({
  signal: undefined,
  toolTimeout: 1_000,
  retries: 0,
  iteration: 1,
  execute: toolExecutor(toolManager),
  ...changes,
});

/** A run as call planning makes it: the call checked, its arguments parsed. */
function planned(tool: PTKTool, args: Record<string, unknown>, index = 0): PlannedRun {
  const toolCall: PTKToolCall = { tool: tool.name, args, id: `call_1_${index}` };
  const checked = checkToolCall(toolCall, new Map([[tool.name, tool]]));
  assert.ok(checked.valid, 'the test call is valid');
  return { kind: 'run', toolCall: { ...toolCall, args: checked.args }, tool, signature: `${tool.name}:${index}` };
}

function recorder(readOnly: boolean, log: string[], delayMs = 10): PTKTool {
  return defineTool({
    name: readOnly ? 'look' : 'change',
    description: 'records its runs',
    readOnly,
    inputSchema: z.object({ n: z.number() }),
    run: async ({ n }) => {
      log.push(`start ${n}`);
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      log.push(`end ${n}`);
      return n;
    },
  });
}

describe('executeCalls: order', () => {
  it('runs several read-only calls in parallel', async () => {
    const log: string[] = [];
    const look = recorder(true, log);
    const results = await executeCalls([planned(look, { n: 1 }, 0), planned(look, { n: 2 }, 1)], settings());
    assert.deepEqual(log.slice(0, 2), ['start 1', 'start 2']);
    assert.deepEqual(results.map((result) => result.data), [1, 2]);
  });

  it('runs calls that are not all read-only one after another, in order', async () => {
    const log: string[] = [];
    await executeCalls([planned(recorder(true, log), { n: 1 }, 0), planned(recorder(false, log), { n: 2 }, 1)], settings());
    assert.deepEqual(log, ['start 1', 'end 1', 'start 2', 'end 2']);
  });
});

describe('executeCalls: one path through the tool manager', () => {
  it('a registered tool runs through the manager (its middleware applies) and is not validated again', async () => {
    // A schema with a transform cannot parse its own output: a second validation would fail.
    const measure = defineTool({ name: 'measure', description: 'length', inputSchema: z.object({ text: z.string().transform((text) => text.length) }), run: ({ text }) => text });
    const registry = new ToolRegistry([measure]);
    const seen: string[] = [];
    registry.use(async (toolCall, next) => {
      seen.push(toolCall.tool);
      return next();
    });
    const result = await executeCall(planned(measure, { text: 'abcd' }), settings({ toolManager: registry }));
    assert.deepEqual(seen, ['measure']);
    assert.deepEqual([result.success, result.data], [true, 4]);
  });

  it('a middleware that replaces the arguments gets them checked again', async () => {
    const echo = defineTool({ name: 'echo', description: 'echo', inputSchema: z.object({ text: z.string() }), run: ({ text }) => text });
    const registry = new ToolRegistry([echo]);
    registry.use(async (toolCall, next) => {
      toolCall.args = { text: 42 };
      return next();
    });
    const result = await executeCall(planned(echo, { text: 'fine' }), settings({ toolManager: registry }));
    assert.equal(result.code, PTKErrorCode.INVALID_TOOL_CALL);
  });

  it('starts one timer per call, even for a tool with its own timeout run through a manager', async () => {
    const quick = defineTool({ name: 'quick', description: 'q', timeoutMs: 4_321, inputSchema: z.object({}), run: () => 'ok' });
    const registry = new ToolRegistry([quick]);
    const original = globalThis.setTimeout;
    let timers = 0;
    globalThis.setTimeout = ((handler: () => void, delay?: number, ...rest: unknown[]) => {
      if (delay === 4_321) timers++;
      return original(handler, delay, ...rest);
    }) as unknown as typeof setTimeout;
    try {
      const result = await executeCall(planned(quick, {}), settings({ toolManager: registry }));
      assert.equal(result.success, true);
    } finally {
      globalThis.setTimeout = original;
    }
    assert.equal(timers, 1);
  });

  it('a manager that ignores the signal cannot outlive the timeout', async () => {
    const stuck = defineTool({ name: 'stuck', description: 's', inputSchema: z.object({}), run: () => 'never' });
    const manager = { getTool: (name: string) => (name === 'stuck' ? stuck : undefined), execute: () => new Promise<never>(() => undefined) };
    const result = await executeCall(planned(stuck, {}), settings({ toolManager: manager, toolTimeout: 20 }));
    assert.equal(result.code, PTKErrorCode.TOOL_TIMEOUT);
    assert.match(result.error!, /timed out after 20 ms/);
  });

  it('a tool object the manager does not hold runs its own handler', async () => {
    const log: string[] = [];
    const look = recorder(true, log, 0);
    const manager = { execute: () => 'not this one' };
    const result = await executeCall(planned(look, { n: 7 }), settings({ toolManager: manager }));
    assert.equal(result.data, 7);
  });
});

describe('executeCall: retries and reports', () => {
  it('retries a failing call and reports it once, with the last result', async () => {
    let attempts = 0;
    const flaky = defineTool({ name: 'flaky', description: 'f', inputSchema: z.object({}), run: () => {
      attempts++;
      if (attempts < 3) throw new Error('transient');
      return 'fine';
    } });
    const calls: string[] = [];
    const results: unknown[] = [];
    const result = await executeCall(planned(flaky, {}), settings({
      retries: 2,
      onToolCall: (toolCall) => calls.push(toolCall.tool),
      onToolResult: (_toolCall, last) => results.push(last.data),
    }));
    assert.equal(result.success, true);
    assert.equal(attempts, 3);
    assert.deepEqual(calls, ['flaky']);
    assert.deepEqual(results, ['fine']);
  });

  it('never retries a timeout', async () => {
    let attempts = 0;
    const slow = defineTool({ name: 'slow', description: 's', timeoutMs: 10, inputSchema: z.object({}), run: () => {
      attempts++;
      return new Promise((resolve) => setTimeout(resolve, 1_000).unref());
    } });
    const result = await executeCall(planned(slow, {}), settings({ retries: 3 }));
    assert.equal(result.code, PTKErrorCode.TOOL_TIMEOUT);
    assert.equal(attempts, 1);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { LLMBackendError, PTKError, PTKErrorCode } from '../../../../src/core/errors';
import { ToolRunner, type ToolRunnerParams, type ToolRunnerResult } from '../../../../src/core/loop/toolRunner';
import { ScriptedChatModel, type ScriptedReply } from '../../../../src/core/testing/scriptedChatModel';
import { defineTool } from '../../../../src/core/tools/defineTool';
import { ToolRegistry } from '../../../../src/core/tools/toolRegistry';
import type { PTKMessage } from '../../../../src/core/types';
import { call, readFileTool } from './helpers';

function setUp(replies: ScriptedReply[], params: Partial<ToolRunnerParams> = {}, options: { keepsThread?: boolean } = {}) {
  const model = new ScriptedChatModel(replies, { keepsThread: options.keepsThread });
  const reader = readFileTool({ 'a.ts': 'A', 'b.ts': 'B' });
  const toolResults: PTKMessage[] = [];
  const toolCalls: string[] = [];
  const iterations: number[] = [];
  const runner = new ToolRunner(model, { messages: [{ role: 'user', content: 'Read the files' }], tools: [reader], ...params }, {
    onToolResult: ({ message }) => toolResults.push(message),
    onToolCall: (toolCall) => toolCalls.push(toolCall.tool),
    onIteration: ({ iteration }) => iterations.push(iteration),
  });
  const iterator = runner[Symbol.asyncIterator]();
  /** Steps one assistant turn. */
  const next = async (): Promise<PTKMessage | undefined> => {
    const step = await iterator.next();
    return step.done ? undefined : step.value;
  };
  return { model, reader, runner, iterator, next, toolResults, toolCalls, iterations };
}

describe('ToolRunner: iteration', () => {
  it('yields one assistant message per turn and ends on a plain answer', async () => {
    const { runner, next, reader, iterations } = setUp([call('read_file', { path: 'a.ts' }), 'A is A']);
    const first = await next();
    assert.equal(first?.role, 'assistant');
    assert.equal(first?.toolCalls?.[0].tool, 'read_file');
    const second = await next();
    assert.equal(second?.content, 'A is A');
    assert.equal(await next(), undefined);
    assert.deepEqual(reader.runs, ['a.ts']);
    assert.deepEqual(iterations, [1, 2]);
    assert.deepEqual(runner.params.messages.map((message) => message.role), ['user', 'assistant', 'tool', 'assistant']);
    assert.equal((await runner.done()).content, 'A is A');
  });

  it('can be consumed only once', async () => {
    const { runner } = setUp(['hello']);
    for await (const _message of runner) {
      // drain
    }
    await assert.rejects(async () => {
      for await (const _message of runner) {
        // second pass
      }
    }, (error: unknown) => error instanceof PTKError && error.code === PTKErrorCode.RUNNER_CONSUMED);
  });

  it('maxIterations ends normally with the last assistant message', async () => {
    const replies = [call('read_file', { path: 'a.ts' }), call('read_file', { path: 'b.ts' }), 'never reached'];
    const { runner, model } = setUp(replies, { maxIterations: 2 });
    const final = await runner;
    assert.equal(final.toolCalls?.[0].args.path, 'b.ts');
    assert.equal(model.calls.length, 2);
    assert.equal(runner.iterations, 2);
  });

  it('a failing tool becomes a result and the loop goes on', async () => {
    const { runner, toolResults } = setUp([call('read_file', { path: 'missing' }), 'not there']);
    const final = await runner.runUntilDone();
    assert.equal(final.content, 'not there');
    assert.match(toolResults[0].content, /"success":false.*File not found: missing/);
  });

  it('an invalid reply gets a TOOL_ERROR tool message', async () => {
    const { runner, toolResults } = setUp(['<TOOL_CALL>{"tool":"read_file"', 'sorry']);
    await runner;
    assert.match(toolResults[0].content, /^TOOL_ERROR: /);
  });
});

describe('ToolRunner.done / then', () => {
  it('await runner runs to the end', async () => {
    const { runner } = setUp([call('read_file', { path: 'a.ts' }), 'final']);
    assert.equal((await runner).content, 'final');
  });

  it('an LLM error rejects done() and resets consumed', async () => {
    const { runner } = setUp([new LLMBackendError('Rate limited', { code: PTKErrorCode.RATE_LIMITED })]);
    await assert.rejects(runner.runUntilDone(), /Rate limited/);
    await assert.rejects(runner.done(), /Rate limited/);
    assert.equal(runner.consumed, false);
  });
});

describe('ToolRunner.generateToolResponse', () => {
  it('is cached: asked twice during a turn, tools run once and the loop pushes that message', async () => {
    const context = setUp([call('read_file', { path: 'a.ts' }), 'done']);
    await context.next();
    const first = await context.runner.generateToolResponse();
    const second = await context.runner.generateToolResponse();
    assert.equal(first, second);
    await context.next();
    assert.deepEqual(context.reader.runs, ['a.ts']);
    assert.equal(context.runner.params.messages[2], first);
  });

  it('returns null for a plain-text turn', async () => {
    const context = setUp(['just text']);
    await context.next();
    assert.equal(await context.runner.generateToolResponse(), null);
  });

  it('runs several read-only calls of one reply in parallel', async () => {
    let running = 0;
    let maxRunning = 0;
    const slow = defineTool({ name: 'slow', description: 's', readOnly: true, inputSchema: z.object({ n: z.number() }), run: async ({ n }) => {
      running++;
      maxRunning = Math.max(maxRunning, running);
      await new Promise((resolve) => setTimeout(resolve, 10));
      running--;
      return n;
    } });
    const runner = new ToolRunner(new ScriptedChatModel([call('slow', { n: 1 }) + call('slow', { n: 2 }), 'ok']), { messages: [{ role: 'user', content: 'go' }], tools: [slow] });
    await runner;
    assert.equal(maxRunning, 2);
  });
});

describe('ToolRunner.setParams / pushMessages / params', () => {
  it('setParams with an updater sets mutated and clears the cached tool response', async () => {
    const context = setUp([call('read_file', { path: 'a.ts' }), 'done']);
    await context.next();
    await context.runner.generateToolResponse();
    assert.equal(context.runner.mutated, false);
    context.runner.setParams((params) => ({ ...params, maxIterations: 5 }));
    assert.equal(context.runner.mutated, true);
    assert.equal(context.runner.params.maxIterations, 5);
    await context.runner.generateToolResponse();
    // The cache was cleared, so the tool ran again.
    assert.deepEqual(context.reader.runs, ['a.ts', 'a.ts']);
  });

  it('pushMessages appends messages the next turn sees, and the turn is not auto-added', async () => {
    const context = setUp([call('read_file', { path: 'a.ts' }), 'second', 'third']);
    await context.next();
    context.runner.pushMessages({ role: 'user', content: 'Also think about B' });
    await context.next();
    assert.match(context.model.prompts[1], /Also think about B/);
    const roles = context.runner.params.messages.map((message) => message.role);
    // The mutated turn's assistant message was not pushed; its tool response was.
    assert.deepEqual(roles.slice(0, 3), ['user', 'user', 'tool']);
  });

  it('setParams with an object replaces the params', async () => {
    const context = setUp(['first']);
    context.runner.setParams({ messages: [{ role: 'user', content: 'Replaced' }], tools: [] });
    await context.runner;
    assert.match(context.model.prompts[0], /Replaced/);
    assert.doesNotMatch(context.model.prompts[0], /Read the files/);
  });
});

describe('ToolRunner: tools', () => {
  it('reports tool calls, applies the per-tool timeout, and goes through the tool manager middleware', async () => {
    const slow = defineTool({ name: 'slow', description: 's', inputSchema: z.object({}), run: () => new Promise((resolve) => setTimeout(resolve, 5000).unref()) });
    const registry = new ToolRegistry([slow]);
    const seen: string[] = [];
    registry.use(async (toolCall, next) => {
      seen.push(toolCall.tool);
      return next();
    });
    const results: ToolRunnerResult[] = [];
    const runner = new ToolRunner(new ScriptedChatModel([call('slow'), 'ok']), { messages: [{ role: 'user', content: 'go' }], tools: ['slow'] }, {
      toolManager: registry,
      toolTimeout: 15,
      onToolResult: (info) => results.push(...info.results),
    });
    await runner;
    assert.deepEqual(seen, ['slow']);
    assert.equal(results[0].result.code, PTKErrorCode.TOOL_TIMEOUT);
  });

  it('an aborted signal rejects the run', async () => {
    const controller = new AbortController();
    const runner = new ToolRunner(new ScriptedChatModel(() => new Promise<string>(() => undefined)), { messages: [{ role: 'user', content: 'go' }], tools: [] }, { signal: controller.signal });
    const pending = runner.runUntilDone();
    controller.abort();
    await assert.rejects(pending, (error: unknown) => error instanceof PTKError && error.code === PTKErrorCode.ABORTED);
  });
});

describe('ToolRunner: thread mode', () => {
  it('sends only the new tool result after the first turn', async () => {
    const context = setUp([call('read_file', { path: 'a.ts' }), 'done'], {}, { keepsThread: true });
    await context.runner;
    assert.equal(context.model.calls[0].newThread, true);
    assert.equal(context.model.calls[1].newThread, false);
    assert.match(context.model.prompts[1], /^TOOL_RESULT: /);
    assert.doesNotMatch(context.model.prompts[1], /Read the files/);
  });
});

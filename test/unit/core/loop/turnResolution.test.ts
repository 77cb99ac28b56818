import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { LimitExceededError, ModelBehaviorError, NoSuchToolError, PTKAbortError, PTKErrorCode, ToolExecutionError } from '../../../../src/core/errors';
import { createRunState, type RunState } from '../../../../src/core/loop/runState';
import { resolveTurn, type TurnContext, type TurnRules } from '../../../../src/core/loop/turnResolution';
import { PTKFormatter } from '../../../../src/core/protocol/formatter';
import { PTKParser } from '../../../../src/core/protocol/parser';
import { defineTool } from '../../../../src/core/tools/defineTool';
import { invokeTool } from '../../../../src/core/tools/runTool';
import type { PTKMessage, PTKTool, PTKToolCall } from '../../../../src/core/types';
import { call, planningRulesWith, readFileTool, writeFileTool, type PlanningRuleChanges } from './helpers';

type RuleChanges = PlanningRuleChanges & Partial<Omit<TurnRules, 'stopRules'>>;

/** The turn rules with these changes (planningRulesWith, and the execution rules a turn adds). */
function rulesWith(changes: RuleChanges = {}): TurnRules {
  return { toolTimeout: 1_000, toolRetries: 0, failOnToolError: false, ...changes, ...planningRulesWith(changes) };
}

const parser = new PTKParser();

function setUp(tools: PTKTool[], rules: RuleChanges = {}, state: RunState = { ...createRunState(), iteration: 1 }, signal?: AbortSignal) {
  const emitted: PTKMessage[] = [];
  const duplicates: PTKToolCall[] = [];
  const fromCache: boolean[] = [];
  const context: TurnContext = {
    state,
    tools: new Map(tools.map((tool) => [tool.name, tool])),
    rules: rulesWith(rules),
    formatter: new PTKFormatter(),
    signal,
    execute: invokeTool,
    emit: (message) => emitted.push(message),
    events: {
      onDuplicateDetected: (toolCall) => duplicates.push(toolCall),
      onToolResult: (info) => fromCache.push(info.fromCache),
    },
  };
  const resolve = (reply: string) => resolveTurn(parser.parse(reply), reply, context);
  return { context, state, emitted, duplicates, fromCache, resolve };
}

describe('resolveTurn: answers', () => {
  it('a plain-text reply is the answer', async () => {
    const outcome = await setUp([]).resolve('The answer is 4.');
    assert.deepEqual(outcome, { kind: 'answer', content: 'The answer is 4.', finishReason: 'text' });
  });

  it('the completion call is the answer, with its result argument', async () => {
    const turn = setUp([], { finishToolName: 'finishWorkflow' });
    const outcome = await turn.resolve(call('finishWorkflow', { result: 'All done.' }));
    assert.deepEqual(outcome, { kind: 'answer', content: 'All done.', finishReason: 'finish_tool' });
    assert.deepEqual(turn.emitted, []);
  });
});

describe('resolveTurn: running calls', () => {
  it('runs the call, answers with TOOL_RESULT and records it in the state', async () => {
    const turn = setUp([readFileTool({ 'a.ts': 'A' })]);
    const outcome = await turn.resolve(call('read_file', { path: 'a.ts' }));
    assert.equal(outcome.kind, 'continue');
    assert.deepEqual(turn.emitted.map((message) => [message.role, message.toolCallId]), [['tool', 'call_1_0']]);
    assert.match(turn.emitted[0].content, /^TOOL_RESULT: \{"success":true,"data":\{"content":"A"\}/);
    assert.equal(turn.state.totalToolCalls, 1);
    assert.equal(turn.state.readOnlyCache.size, 1);
  });

  it('a tool that is not read-only clears the read-only cache', async () => {
    const turn = setUp([readFileTool({ 'a.ts': 'A' }), writeFileTool()]);
    await turn.resolve(call('read_file', { path: 'a.ts' }));
    await turn.resolve(call('write_file', { path: 'a.ts', content: 'B' }));
    assert.equal(turn.state.readOnlyCache.size, 0);
  });

  it('answers a repeated read-only call from cache, reporting it as a duplicate answered from cache', async () => {
    const reader = readFileTool({ 'a.ts': 'A' });
    const turn = setUp([reader]);
    await turn.resolve(call('read_file', { path: 'a.ts' }));
    await turn.resolve(call('read_file', { path: 'a.ts' }));
    assert.deepEqual(reader.runs, ['a.ts']);
    assert.equal(turn.duplicates.length, 1);
    assert.deepEqual(turn.fromCache, [false, true]);
    assert.match(turn.emitted[1].content, /^NOTE: you already called "read_file"[\s\S]*TOOL_RESULT:/);
  });

  it('tells the model when only the first of several calls ran, after the result', async () => {
    const turn = setUp([readFileTool({ a: 'A', b: 'B' })]);
    await turn.resolve(call('read_file', { path: 'a' }) + call('read_file', { path: 'b' }));
    assert.deepEqual(turn.emitted.map((message) => message.role), ['tool', 'system']);
    assert.match(turn.emitted[1].content, /only one tool call per reply/);
  });

  it('failOnToolError ends the turn with ToolExecutionError once the failed result is in the transcript', async () => {
    const failing = defineTool({ name: 'failing', description: 'f', inputSchema: z.object({}), run: () => {
      throw new Error('boom');
    } });
    const turn = setUp([failing], { failOnToolError: true });
    await assert.rejects(turn.resolve(call('failing')), (error: unknown) => error instanceof ToolExecutionError && error.code === PTKErrorCode.TOOL_EXECUTION_FAILED);
    assert.match(turn.emitted[0].content, /"success":false.*boom/);
  });

  it('a limit reached by planning throws before anything runs or is said', async () => {
    const writer = writeFileTool();
    const turn = setUp([writer], { maxToolCalls: 0 });
    await assert.rejects(turn.resolve(call('write_file', { path: 'a', content: 'b' })), (error: unknown) => error instanceof LimitExceededError && error.code === PTKErrorCode.MAX_TOOL_CALLS_REACHED);
    assert.equal(writer.writes.length, 0);
    assert.deepEqual(turn.emitted, []);
  });

  it('a cancelled run throws the cancellation after the tools return', async () => {
    const controller = new AbortController();
    const stopping = defineTool({ name: 'stopping', description: 's', inputSchema: z.object({}), run: () => {
      controller.abort();
      return 'ran';
    } });
    const turn = setUp([stopping], {}, undefined, controller.signal);
    await assert.rejects(turn.resolve(call('stopping')), (error: unknown) => error instanceof PTKAbortError);
  });
});

describe('resolveTurn: mistakes', () => {
  it('answers an unreadable reply with TOOL_ERROR (role system) and counts a mistake', async () => {
    const turn = setUp([readFileTool()]);
    await turn.resolve('<TOOL_CALL>{"tool":"read_file","args":{"pa');
    assert.equal(turn.emitted[0].role, 'system');
    assert.match(turn.emitted[0].content, /^TOOL_ERROR: /);
    assert.equal(turn.state.consecutiveMistakes, 1);
  });

  it('ends with ModelBehaviorError after maxConsecutiveMistakes, the last mistake as cause and the last feedback quoted', async () => {
    const turn = setUp([readFileTool()], { maxConsecutiveMistakes: 2 });
    await turn.resolve(call('nope'));
    const rejection = await turn.resolve(call('nope')).then(() => undefined, (error: unknown) => error);
    assert.ok(rejection instanceof ModelBehaviorError);
    assert.equal(rejection.code, PTKErrorCode.TOOL_NOT_FOUND);
    assert.ok(rejection.cause instanceof NoSuchToolError);
    assert.match(rejection.message, /2 mistakes in a row \(calls to unknown tools\); last: TOOL_ERROR: Unknown tool "nope"/);
    assert.equal(turn.emitted.length, 2, 'the feedback was given before the task ended');
  });

  it('a call that runs resets the mistakes and the duplicate warnings', async () => {
    const turn = setUp([readFileTool({ a: 'A' })]);
    turn.state.consecutiveMistakes = 2;
    turn.state.duplicateWarnings = 2;
    await turn.resolve(call('read_file', { path: 'a' }));
    assert.equal(turn.state.consecutiveMistakes, 0);
    assert.equal(turn.state.duplicateWarnings, 0);
  });
});

/**
 * PTKExecuteResult carries the whole error a task failed with: its class says who is at fault,
 * its code is typed, and `error` stays the message.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import {
  ConfigurationError,
  InvalidToolInputError,
  LimitExceededError,
  LLMBackendError,
  ModelBehaviorError,
  NoSuchToolError,
  PTKAbortError,
  PTKErrorCode,
  PTKExecutionError,
  ToolExecutionError,
} from '../../../../src/core/errors';
import { PTKManager } from '../../../../src/core/loop/ptkManager';
import { ScriptedChatModel } from '../../../../src/core/testing/scriptedChatModel';
import { defineTool } from '../../../../src/core/tools/defineTool';
import { call, readFileTool, registryWith, writeFileTool } from './helpers';

describe('PTKExecuteResult.failure: errors by who is at fault', () => {
  it('a limit: LimitExceededError with the limit, and error is still its message', async () => {
    const model = new ScriptedChatModel(() => call('read_file', { path: 'test.ts' }));
    const result = await new PTKManager(model, registryWith(readFileTool())).orchestrateToolCalling('go', { maxIterations: 3 });
    assert.ok(result.failure instanceof LimitExceededError);
    assert.equal(result.failure.limit, 3);
    assert.equal(result.failure.code, PTKErrorCode.MAX_ITERATIONS_REACHED);
    assert.equal(result.error, result.failure.message);
    assert.equal(result.errorCode, result.failure.code);
  });

  it('the model calling unknown tools: ModelBehaviorError whose cause lists the tools that exist', async () => {
    const model = new ScriptedChatModel(() => call('nope'));
    const result = await new PTKManager(model, registryWith(readFileTool())).orchestrateToolCalling('go', { maxConsecutiveMistakes: 2 });
    assert.ok(result.failure instanceof ModelBehaviorError);
    assert.equal(result.errorCode, PTKErrorCode.TOOL_NOT_FOUND);
    const cause = result.failure.cause;
    assert.ok(cause instanceof NoSuchToolError);
    assert.deepEqual(cause.availableTools, ['read_file']);
    assert.equal(cause.toolName, 'nope');
  });

  it('the model sending bad arguments: the cause carries the zod issues', async () => {
    const model = new ScriptedChatModel(() => call('read_file', { wrong: 1 }));
    const result = await new PTKManager(model, registryWith(readFileTool())).orchestrateToolCalling('go', { maxConsecutiveMistakes: 2 });
    const cause = result.failure?.cause;
    assert.ok(cause instanceof InvalidToolInputError);
    assert.deepEqual(cause.issues.map((issue) => issue.path), [['path']]);
  });

  it('unreadable replies: ModelBehaviorError(PARSE_ERROR)', async () => {
    const model = new ScriptedChatModel(() => '<TOOL_CALL>{"tool": "read_file", "args": {');
    const result = await new PTKManager(model, registryWith(readFileTool())).orchestrateToolCalling('go', { maxConsecutiveMistakes: 2 });
    assert.ok(result.failure instanceof ModelBehaviorError);
    assert.equal(result.errorCode, PTKErrorCode.PARSE_ERROR);
  });

  it('the backend: LLMBackendError(LLM_CALL_FAILED) whose cause is what the backend threw', async () => {
    const thrown = new LLMBackendError('Log in first', { code: PTKErrorCode.LOGIN_REQUIRED, recoverable: true });
    const result = await new PTKManager(new ScriptedChatModel([thrown]), registryWith()).orchestrateToolCalling('go');
    assert.ok(result.failure instanceof LLMBackendError);
    assert.equal(result.failure.code, PTKErrorCode.LLM_CALL_FAILED);
    assert.equal(result.failure.cause, thrown);
    assert.equal(result.backendErrorCode, PTKErrorCode.LOGIN_REQUIRED);
  });

  it('the user\'s setup: ConfigurationError, for bad options and for a tool name nobody knows', async () => {
    const manager = new PTKManager(new ScriptedChatModel(['never']), registryWith(readFileTool()));
    const badOption = await manager.orchestrateToolCalling('go', { maxIterations: -1 });
    assert.ok(badOption.failure instanceof ConfigurationError);
    const unknownName = await manager.orchestrateToolCalling('go', { tools: ['nope'] });
    assert.ok(unknownName.failure instanceof ConfigurationError);
    assert.equal(unknownName.errorCode, PTKErrorCode.TOOL_NOT_FOUND);
  });

  it('cancellation: PTKAbortError; the task timeout: LimitExceededError(TIMEOUT)', async () => {
    const controller = new AbortController();
    const hanging = () => new ScriptedChatModel(() => new Promise<string>(() => undefined));
    const pending = new PTKManager(hanging(), registryWith()).orchestrateToolCalling('go', { signal: controller.signal });
    setTimeout(() => controller.abort(), 5);
    const cancelled = await pending;
    assert.ok(cancelled.failure instanceof PTKAbortError);
    assert.equal(cancelled.failure.message, 'The task was cancelled.');
    const timedOut = await new PTKManager(hanging(), registryWith()).orchestrateToolCalling('go', { timeout: 10 });
    assert.ok(timedOut.failure instanceof LimitExceededError);
    assert.equal(timedOut.errorCode, PTKErrorCode.TIMEOUT);
  });

  it('a failing tool with failOnToolError: ToolExecutionError', async () => {
    const failing = defineTool({ name: 'failing', description: 'f', inputSchema: z.object({}), run: () => {
      throw new Error('disk full');
    } });
    const result = await new PTKManager(new ScriptedChatModel([call('failing')]), registryWith(failing)).orchestrateToolCalling('go', { failOnToolError: true });
    assert.ok(result.failure instanceof ToolExecutionError);
    assert.equal(result.errorCode, PTKErrorCode.TOOL_EXECUTION_FAILED);
    assert.match(result.error!, /disk full/);
  });

  it('onError gets the same object as the result', async () => {
    const errors: Error[] = [];
    let count = 0;
    const model = new ScriptedChatModel(() => call('write_file', { path: `f${count++}`, content: 'x' }));
    const result = await new PTKManager(model, registryWith(writeFileTool())).orchestrateToolCalling('go', { maxToolCalls: 1, onError: (error) => errors.push(error) });
    assert.equal(result.errorCode, PTKErrorCode.MAX_TOOL_CALLS_REACHED);
    assert.deepEqual(errors, [result.failure]);
    assert.ok(result.failure instanceof PTKExecutionError, 'the engine\'s own failures are still PTKExecutionErrors');
  });

  it('a successful task has no failure', async () => {
    const result = await new PTKManager(new ScriptedChatModel(['answer']), registryWith()).orchestrateToolCalling('go');
    assert.equal(result.failure, undefined);
    assert.equal(result.errorCode, undefined);
  });
});

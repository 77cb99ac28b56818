import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LLMBackendError, PTKAbortError, PTKErrorCode } from '../../../../src/core/errors';
import { callModel, type ModelCallInput } from '../../../../src/core/loop/modelCall';
import type { ILLMManager } from '../../../../src/core/ports';
import { PTKParser } from '../../../../src/core/protocol/parser';
import { ScriptedChatModel } from '../../../../src/core/testing/scriptedChatModel';

function input(llmManager: ILLMManager, changes: Partial<ModelCallInput> = {}): ModelCallInput {
  return { llmManager, turnPrompt: { prompt: 'Hello' }, parser: new PTKParser(), signal: undefined, iteration: 3, ...changes };
}

describe('callModel', () => {
  it('sends the prompt with the signal, the thread and a completion check, and gives the reply', async () => {
    const model = new ScriptedChatModel(['Hi!'], { keepsThread: true });
    const signal = new AbortController().signal;
    const thread = { newThread: true, fullTranscript: () => 'whole' };
    assert.equal(await callModel(input(model, { signal, turnPrompt: { prompt: 'Hello', thread }, model: 'm1', temperature: 0.5 })), 'Hi!');
    const [sent] = model.calls;
    assert.equal(sent.prompt, 'Hello');
    assert.equal(sent.options.signal, signal);
    assert.equal(sent.options.thread, thread);
    assert.equal(sent.options.model, 'm1');
    assert.equal(sent.options.isComplete?.('<TOOL_CALL>{"tool":"x","args":{}}</TOOL_CALL>'), true);
  });

  it('a backend failure becomes LLMBackendError(LLM_CALL_FAILED) with the backend\'s error as cause', async () => {
    const thrown = new LLMBackendError('Slow down', { code: PTKErrorCode.RATE_LIMITED, retryAfterMs: 5_000, recoverable: true });
    const rejection = await callModel(input(new ScriptedChatModel([thrown]))).then(() => undefined, (error: unknown) => error);
    assert.ok(rejection instanceof LLMBackendError);
    assert.equal(rejection.code, PTKErrorCode.LLM_CALL_FAILED);
    assert.equal(rejection.cause, thrown);
    assert.equal(rejection.retryAfterMs, 5_000);
    assert.equal(rejection.message, 'LLM call failed: Slow down');
    assert.equal(rejection.context?.iteration, 3);
  });

  it('cancellation wins, even over a backend that ignores the signal', async () => {
    const controller = new AbortController();
    const ignoring: ILLMManager = { call: () => new Promise<string>(() => undefined) };
    const pending = callModel(input(ignoring, { signal: controller.signal }));
    controller.abort();
    await assert.rejects(pending, (error: unknown) => error instanceof PTKAbortError);
  });

  it('a reply that is not text is the backend\'s failure', async () => {
    const silent = { call: async () => undefined as unknown as string };
    await assert.rejects(callModel(input(silent)), (error: unknown) => error instanceof LLMBackendError && /returned no text/.test(error.message));
  });
});

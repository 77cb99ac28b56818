import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LLMBackendError, PTKErrorCode } from '../../../../src/core/errors';
import { ScriptedChatModel } from '../../../../src/core/testing/scriptedChatModel';

describe('ScriptedChatModel', () => {
  it('answers from a list and records what it was sent', async () => {
    const model = new ScriptedChatModel(['one', 'two']);
    assert.equal(await model.call('first', { model: 'm1' }), 'one');
    assert.equal(await model.call('second'), 'two');
    assert.deepEqual(model.prompts, ['first', 'second']);
    assert.equal(model.calls[0].options.model, 'm1');
    assert.equal(model.charactersSent, 'first'.length + 'second'.length);
    await assert.rejects(model.call('third'), (error: unknown) => error instanceof LLMBackendError && /no reply scripted for call 3/.test(error.message));
  });

  it('answers from a function and throws scripted errors', async () => {
    const model = new ScriptedChatModel((prompt, call) => (prompt === 'fail' ? new LLMBackendError('limited', { code: PTKErrorCode.RATE_LIMITED }) : `${call.index}:${prompt}`));
    assert.equal(await model.call('hi'), '0:hi');
    await assert.rejects(model.call('fail'), /limited/);
  });

  it('streams in chunks and stops when isComplete says so', async () => {
    const model = new ScriptedChatModel(['abcdefghij'], { chunkSize: 3 });
    const seen: string[] = [];
    const reply = await model.call('x', { onDelta: (delta) => seen.push(delta.full), isComplete: (text) => text.includes('f') });
    assert.equal(reply, 'abcdef');
    assert.deepEqual(seen, ['abc', 'abcdef']);
  });

  it('records thread flags and honours the signal', async () => {
    const model = new ScriptedChatModel(['a'], { keepsThread: true, delayMs: 1000 });
    assert.equal(model.keepsThread, true);
    const controller = new AbortController();
    const pending = model.call('p', { signal: controller.signal, thread: { newThread: true, fullTranscript: () => '' } });
    controller.abort();
    await assert.rejects(pending, /cancelled/);
    assert.equal(model.calls[0].newThread, true);
  });
});

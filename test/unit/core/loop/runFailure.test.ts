import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LimitExceededError, PTKAbortError, PTKError, PTKErrorCode, PTKExecutionError } from '../../../../src/core/errors';
import { runFailureOf } from '../../../../src/core/loop/runFailure';
import { abortErrorOf, linkAbortSignals } from '../../../../src/core/util/abortSignals';

describe('runFailureOf', () => {
  it('the task\'s own timeout is the failure itself: LimitExceededError(TIMEOUT)', async () => {
    const link = linkAbortSignals({ timeoutMs: 1, timeoutMessage: 'Task timed out after 1 ms.' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const failure = runFailureOf(abortErrorOf(link.signal), link.signal);
    assert.ok(failure instanceof LimitExceededError);
    assert.equal(failure.code, PTKErrorCode.TIMEOUT);
    assert.equal(failure.message, 'Task timed out after 1 ms.');
  });

  it('a cancelled signal gives PTKAbortError with the reason as cause', () => {
    const controller = new AbortController();
    controller.abort('user pressed stop');
    const failure = runFailureOf(abortErrorOf(controller.signal), controller.signal);
    assert.ok(failure instanceof PTKAbortError);
    assert.equal(failure.message, 'The task was cancelled.');
  });

  it('an error the run raised on purpose is kept, even when the signal fired meanwhile', () => {
    const controller = new AbortController();
    controller.abort();
    const limit = new LimitExceededError('Max iterations reached (2).', { code: PTKErrorCode.MAX_ITERATIONS_REACHED, limit: 2 });
    assert.equal(runFailureOf(limit, controller.signal), limit);
  });

  it('anything else is an unexpected failure, with what was thrown as cause', () => {
    const signal = new AbortController().signal;
    const bug = new TypeError('x is undefined');
    const failure = runFailureOf(bug, signal);
    assert.ok(failure instanceof PTKExecutionError);
    assert.equal(failure.code, PTKErrorCode.TOOL_EXECUTION_FAILED);
    assert.equal(failure.cause, bug);
    const foreign = runFailureOf(new PTKError('no such file', { code: PTKErrorCode.FILE_NOT_FOUND }), signal);
    assert.equal(foreign.code, PTKErrorCode.TOOL_EXECUTION_FAILED, 'a code a run never fails with is not passed through');
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LLMBackendError, PTKError, PTKErrorCode } from '../../../src/core/errors';
import { actionableCode, actionsForError, connectionStatusForError } from '../../../src/ui/errorActions';

describe('errorActions', () => {
  it("reads the backend's own code through a failed model call", () => {
    const cause = new LLMBackendError('Log in first', { code: PTKErrorCode.LOGIN_REQUIRED });
    const failure = new LLMBackendError('The model call failed', { code: PTKErrorCode.LLM_CALL_FAILED, cause });
    assert.equal(actionableCode(failure), PTKErrorCode.LOGIN_REQUIRED);
    assert.deepEqual(actionsForError(failure), ['login', 'openTab']);
    assert.equal(connectionStatusForError(failure), 'loginRequired');
  });

  it("uses the error's own code otherwise, and offers nothing for a cancelled task or a foreign error", () => {
    assert.deepEqual(actionsForError(new LLMBackendError('slow down', { code: PTKErrorCode.RATE_LIMITED })), ['retry', 'openTab']);
    assert.deepEqual(actionsForError(new LLMBackendError('no browser', { code: PTKErrorCode.BROWSER_NOT_FOUND })), ['chooseSite', 'retry']);
    assert.equal(connectionStatusForError(new LLMBackendError('no browser', { code: PTKErrorCode.BROWSER_NOT_FOUND })), 'error');
    assert.deepEqual(actionsForError(new PTKError('stopped', { code: PTKErrorCode.ABORTED })), []);
    assert.deepEqual(actionsForError(new Error('boom')), []);
    assert.equal(actionableCode(new Error('boom')), undefined);
    assert.equal(connectionStatusForError(new PTKError('bad reply', { code: PTKErrorCode.MAX_ITERATIONS_REACHED })), undefined);
  });
});

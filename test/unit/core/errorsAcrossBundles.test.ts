import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, it } from 'node:test';
import * as errors from '../../../src/core/errors';

/** A second copy of the errors module, as another bundle (out/browser.js) has its own. */
function secondCopy(): typeof errors {
  const require = createRequire(__filename);
  const modulePath = require.resolve(path.join(__dirname, '../../../src/core/errors.ts'));
  const cached = require.cache[modulePath];
  delete require.cache[modulePath];
  try {
    return require(modulePath) as typeof errors;
  } finally {
    if (cached) require.cache[modulePath] = cached;
  }
}

describe('errors made by another copy of the code', () => {
  const other = secondCopy();

  it('is a second copy, with classes of its own', () => {
    assert.notEqual(other.LLMBackendError, errors.LLMBackendError);
  });

  it('still answer instanceof for their classes and their ancestors, and for no other', () => {
    const loginWall = new other.LLMBackendError('Log in first', { code: other.PTKErrorCode.LOGIN_REQUIRED });
    assert.ok(loginWall instanceof errors.LLMBackendError);
    assert.ok(loginWall instanceof errors.PTKError);
    assert.ok(errors.isPTKError(loginWall));
    assert.ok(!(loginWall instanceof errors.ToolExecutionError));
    assert.ok(!(loginWall instanceof errors.PTKAbortError));
    const missingTool = new other.NoSuchToolError('no such tool', { toolName: 'x', availableTools: [] });
    assert.ok(missingTool instanceof errors.ModelBehaviorError);
    assert.ok(missingTool instanceof errors.PTKExecutionError);
    assert.ok(!(missingTool instanceof errors.ConfigurationError));
    assert.equal(missingTool.name, 'NoSuchToolError');
  });

  it('plain errors and look-alikes are not PTK errors', () => {
    assert.ok(!(new Error('x') instanceof errors.PTKError));
    assert.ok(!errors.isPTKError({ code: 'LOGIN_REQUIRED', name: 'LLMBackendError' }));
    assert.ok(!errors.isPTKError(undefined));
  });

  it("the UI reads the backend's code through the engine's wrapper", async () => {
    const { actionableCode, actionsForError } = await import('../../../src/ui/errorActions');
    const cause = new other.LLMBackendError('Log in first', { code: other.PTKErrorCode.LOGIN_REQUIRED });
    const failure = new errors.LLMBackendError('The model call failed', { code: errors.PTKErrorCode.LLM_CALL_FAILED, cause });
    assert.equal(actionableCode(failure), errors.PTKErrorCode.LOGIN_REQUIRED);
    assert.deepEqual(actionsForError(failure), ['login', 'openTab']);
  });
});

describe('one constructor shape: (message, { code, cause, context, ...own fields })', () => {
  const cause = new Error('beneath');
  const context = { site: 'chatgpt' };
  const { PTKErrorCode: Code } = errors;

  /** Every class, built with the options shape, and the code it must carry. */
  const built: Array<[errors.PTKError, new (...args: never[]) => errors.PTKError, errors.PTKErrorCode]> = [
    [new errors.PTKError('m', { code: Code.FILE_NOT_FOUND, cause, context }), errors.PTKError, Code.FILE_NOT_FOUND],
    [new errors.PTKExecutionError('m', { code: Code.TOOL_EXECUTION_FAILED, cause, context }), errors.PTKExecutionError, Code.TOOL_EXECUTION_FAILED],
    [new errors.ConfigurationError('m', { cause, context }), errors.ConfigurationError, Code.CONFIG_INVALID],
    [new errors.ConfigurationError('m', { code: Code.TOOL_NOT_FOUND, cause, context }), errors.ConfigurationError, Code.TOOL_NOT_FOUND],
    [new errors.ModelBehaviorError('m', { code: Code.PARSE_ERROR, cause, context }), errors.ModelBehaviorError, Code.PARSE_ERROR],
    [new errors.LimitExceededError('m', { code: Code.MAX_TOOL_CALLS_REACHED, limit: 3, cause, context }), errors.LimitExceededError, Code.MAX_TOOL_CALLS_REACHED],
    [new errors.TimeoutReason('m', { cause, context }), errors.TimeoutReason, Code.TIMEOUT],
    [new errors.TimeoutReason('m', { code: Code.TOOL_TIMEOUT, cause, context }), errors.TimeoutReason, Code.TOOL_TIMEOUT],
    [new errors.ToolExecutionError('m', { code: Code.COMMAND_FAILED, cause, context }), errors.ToolExecutionError, Code.COMMAND_FAILED],
    [new errors.WorkspaceError('m', { code: Code.PATH_DENIED, cause, context }), errors.WorkspaceError, Code.PATH_DENIED],
    [new errors.LLMBackendError('m', { code: Code.RATE_LIMITED, retryAfterMs: 5, recoverable: false, cause, context }), errors.LLMBackendError, Code.RATE_LIMITED],
    [new errors.PTKAbortError('m', { cause, context }), errors.PTKAbortError, Code.ABORTED],
  ];

  it('every class keeps the code, cause and context it was given and is an instance of its class and of PTKError', () => {
    for (const [error, errorClass, code] of built) {
      const label = `${error.name} ${code}`;
      assert.ok(error instanceof errorClass, label);
      assert.ok(error instanceof errors.PTKError, label);
      assert.equal(error.name, errorClass.name, label);
      assert.equal(error.message, 'm', label);
      assert.equal(error.code, code, label);
      assert.equal(error.cause, cause, label);
      assert.deepEqual(error.context, context, label);
    }
  });

  it('the classes with their own fields keep them, and add them to the context', () => {
    const limit = new errors.LimitExceededError('m', { code: Code.MAX_ITERATIONS_REACHED, limit: 3 });
    assert.equal(limit.limit, 3);
    const backend = new errors.LLMBackendError('m', { code: Code.RATE_LIMITED, retryAfterMs: 5, recoverable: false });
    assert.deepEqual([backend.retryAfterMs, backend.recoverable], [5, false]);
    assert.equal(new errors.LLMBackendError('m', { code: Code.SITE_ERROR }).recoverable, true);

    const rejected = new errors.ApprovalRejectedError(undefined, { toolName: 'write_file', reason: 'not now', cause, context });
    assert.ok(rejected instanceof errors.ToolExecutionError);
    assert.deepEqual([rejected.code, rejected.toolName, rejected.reason, rejected.cause], [Code.APPROVAL_REJECTED, 'write_file', 'not now', cause]);
    assert.equal(rejected.message, 'The user rejected write_file: not now');
    assert.deepEqual(rejected.context, { site: 'chatgpt', toolName: 'write_file', reason: 'not now' });
    assert.equal(new errors.ApprovalRejectedError('No.', { toolName: 'x' }).message, 'No.');

    const missing = new errors.NoSuchToolError('m', { toolName: 'x', availableTools: ['y'], cause, context });
    assert.deepEqual([missing.code, missing.cause, missing.context], [Code.TOOL_NOT_FOUND, cause, { site: 'chatgpt', toolName: 'x', availableTools: ['y'] }]);
    const invalid = new errors.InvalidToolInputError('m', { toolName: 'x', issues: [], cause, context });
    assert.deepEqual([invalid.code, invalid.cause, invalid.context], [Code.INVALID_TOOL_CALL, cause, { site: 'chatgpt', toolName: 'x' }]);

    const cancelled = new errors.PTKAbortError();
    assert.deepEqual([cancelled.code, cancelled.message, cancelled.cause], [Code.ABORTED, 'The operation was cancelled.', undefined]);
  });

  it("the design documents' positional PTKExecutionError(message, code, context?) still works", () => {
    const toolCalls: unknown[] = [];
    const error = new errors.PTKExecutionError('Max tool calls limit reached (3). Possible infinite loop.', Code.MAX_TOOL_CALLS_REACHED, { toolCalls, iteration: 2 });
    assert.ok(error instanceof errors.PTKExecutionError);
    assert.ok(error instanceof errors.PTKError);
    assert.equal(error.code, Code.MAX_TOOL_CALLS_REACHED);
    assert.deepEqual(error.context, { toolCalls, iteration: 2 });
    assert.equal(error.cause, undefined);
    const bare = new errors.PTKExecutionError('Tool not found: x', Code.TOOL_NOT_FOUND);
    assert.deepEqual([bare.code, bare.context, bare.message], [Code.TOOL_NOT_FOUND, undefined, 'Tool not found: x']);
  });
});

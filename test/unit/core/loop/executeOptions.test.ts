import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULTS } from '../../../../src/core/constants';
import { ConfigurationError, PTKErrorCode } from '../../../../src/core/errors';
import { resolveExecuteOptions } from '../../../../src/core/loop/executeOptionsSchema';
import type { PTKMessage } from '../../../../src/core/types';

describe('resolveExecuteOptions', () => {
  it('fills every rule and limit from DEFAULTS', () => {
    const resolved = resolveExecuteOptions(undefined);
    assert.equal(resolved.maxIterations, DEFAULTS.maxIterations);
    assert.equal(resolved.maxToolCalls, DEFAULTS.maxToolCalls);
    assert.equal(resolved.toolTimeout, DEFAULTS.toolTimeout);
    assert.equal(resolved.detectCycles, DEFAULTS.detectCycles);
    assert.equal(resolved.cacheReadOnlyResults, DEFAULTS.cacheReadOnlyResults);
    assert.equal(resolved.allowMultipleCalls, DEFAULTS.allowMultipleCalls);
    assert.equal(resolved.failOnToolError, DEFAULTS.failOnToolError);
    assert.equal(resolved.costPerToken, DEFAULTS.costPerToken);
    assert.equal(resolved.resultMaxChars, undefined, 'no cap of its own: the formatter\'s applies');
  });

  it('keeps what was given, and the callbacks, signal and history as the same objects', () => {
    const history: PTKMessage[] = [{ role: 'user', content: 'earlier' }];
    const onToolCall = () => undefined;
    const signal = new AbortController().signal;
    const resolved = resolveExecuteOptions({ maxIterations: 4, detectDuplicates: false, history, onToolCall, signal });
    assert.equal(resolved.maxIterations, 4);
    assert.equal(resolved.detectDuplicates, false);
    assert.equal(resolved.history, history);
    assert.equal(resolved.history?.[0], history[0]);
    assert.equal(resolved.onToolCall, onToolCall);
    assert.equal(resolved.signal, signal);
  });

  it('an undefined value gets the default', () => {
    assert.equal(resolveExecuteOptions({ maxIterations: undefined }).maxIterations, DEFAULTS.maxIterations);
  });

  it('refuses bad values with a ConfigurationError naming each option', () => {
    assert.throws(() => resolveExecuteOptions({ maxToolCalls: -2, toolTimeout: 0 }), (error: unknown) =>
      error instanceof ConfigurationError && error.code === PTKErrorCode.CONFIG_INVALID && /maxToolCalls/.test(error.message) && /toolTimeout/.test(error.message));
  });
});

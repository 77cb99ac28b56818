import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PTKErrorCode } from '../../../../src/core/errors';
import { providerErrorKind } from '../../../../src/core/modelProvider/providerErrors';

describe('providerErrorKind', () => {
  it('gives callers VS Code\'s documented kinds: Blocked for limits and checks, NoPermissions for a login, NotFound for a gone model, else Unknown', () => {
    assert.equal(providerErrorKind(PTKErrorCode.RATE_LIMITED), 'Blocked');
    assert.equal(providerErrorKind(PTKErrorCode.BOT_CHECK), 'Blocked');
    assert.equal(providerErrorKind(PTKErrorCode.LOGIN_REQUIRED), 'NoPermissions');
    assert.equal(providerErrorKind(PTKErrorCode.MODEL_NOT_AVAILABLE), 'NotFound');
    assert.equal(providerErrorKind(PTKErrorCode.PROMPT_TOO_LONG), 'Unknown');
    assert.equal(providerErrorKind(PTKErrorCode.PARSE_ERROR), 'Unknown');
    assert.equal(providerErrorKind(undefined), 'Unknown');
  });
});

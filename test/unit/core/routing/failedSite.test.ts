/**
 * The site a failed routed call failed on, carried by its error (failedSiteOf): the UI's buttons
 * for that error act on that site.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LLMBackendError, PTKErrorCode } from '../../../../src/core/errors';
import { failedSiteOf, markFailedSite } from '../../../../src/core/routing';
import { routerOver, threadOf, usageLimit, HOUR } from './helpers';

function loginWall(site: string): LLMBackendError {
  return new LLMBackendError(`${site} needs you to log in.`, { code: PTKErrorCode.LOGIN_REQUIRED });
}

describe('failedSiteOf', () => {
  it('names the site a call stopped on, after a failover too, through the loop’s wrapping error', async () => {
    const { router } = routerOver({ chatgpt: [usageLimit('ChatGPT', HOUR)], claude: [loginWall('Claude')] }, { failover: 'auto' });
    const error = await router.call('fix it', { thread: threadOf(true) }).then(
      () => assert.fail('the call should fail'),
      (thrown: unknown) => thrown,
    );
    assert.equal(failedSiteOf(error), 'claude');
    const wrapped = new LLMBackendError('LLM call failed', { code: PTKErrorCode.LLM_CALL_FAILED, cause: error });
    assert.equal(failedSiteOf(wrapped), 'claude');
  });

  it('names the site the caller chose when it fails there (failover off), and the one site of a call for it alone', async () => {
    const off = routerOver({ chatgpt: ['unused'], claude: [loginWall('Claude')] }, { failover: 'off' });
    await assert.rejects(off.router.call('hi', { thread: threadOf(true), site: 'claude' }), (error: unknown) => failedSiteOf(error) === 'claude');
    const alone = routerOver({ chatgpt: ['unused'], claude: [loginWall('Claude')] });
    await assert.rejects(alone.router.call('hi', { site: 'claude', stayOnSite: true }), (error: unknown) => failedSiteOf(error) === 'claude');
    assert.deepEqual([off.models.chatgpt!.calls.length, alone.models.chatgpt!.calls.length], [0, 0]);
  });

  it('is none for an error no router marked, and a mark is never moved to another site', () => {
    assert.equal(failedSiteOf(new Error('boom')), undefined);
    assert.equal(failedSiteOf('a string'), undefined);
    const error = markFailedSite(new Error('limited'), 'chatgpt');
    markFailedSite(error, 'claude');
    assert.equal(failedSiteOf(error), 'chatgpt');
  });
});

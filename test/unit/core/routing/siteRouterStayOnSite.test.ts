import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigurationError, LLMBackendError, PTKErrorCode } from '../../../../src/core/errors';
import { HOUR, rejectionOf, routerOver, threadOf, usageLimit } from './helpers';

describe('SiteRouter: a call for one site alone (stayOnSite)', () => {
  it('goes to that site in a new chat and holds no conversation afterwards', async () => {
    const { router, models } = routerOver({ chatgpt: [], claude: ['Second opinion'] });
    const reply = await router.call('Question', { site: 'claude', stayOnSite: true, thread: { ...threadOf(true, 'consult-1') } });
    assert.equal(reply, 'Second opinion');
    assert.equal(models.claude.calls.length, 1);
    assert.equal(models.claude.calls[0]!.prompt, 'Question');
    assert.equal(models.claude.calls[0]!.newThread, true);
    assert.equal(router.siteOf('consult-1'), undefined);
  });

  it('a limited site fails naming the site and its state, is remembered, and no other site is called', async () => {
    const { router, models, failovers } = routerOver({ chatgpt: ['unused'], claude: [usageLimit('Claude', HOUR)] });
    const error = await rejectionOf(router.call('Question', { site: 'claude', stayOnSite: true }));
    assert.ok(error instanceof LLMBackendError);
    assert.equal(error.code, PTKErrorCode.RATE_LIMITED);
    assert.match(error.message, /^Claude: limited until 15:00\.$/);
    assert.equal(models.chatgpt.calls.length, 0);
    assert.equal(failovers.length, 0);
    assert.equal(router.states().find((state) => state.site === 'claude')?.status, 'limited');
    // Known to be limited: the next call fails at once, without reaching the site.
    const again = await rejectionOf(router.call('Again', { site: 'claude', stayOnSite: true }));
    assert.equal((again as LLMBackendError).code, PTKErrorCode.RATE_LIMITED);
    assert.equal(models.claude.calls.length, 1);
  });

  it('a signed-out site fails with LOGIN_REQUIRED naming it', async () => {
    const { router } = routerOver({ chatgpt: [], claude: [new LLMBackendError('Log in.', { code: PTKErrorCode.LOGIN_REQUIRED })] });
    const error = (await rejectionOf(router.call('Question', { site: 'claude', stayOnSite: true }))) as LLMBackendError;
    assert.equal(error.code, PTKErrorCode.LOGIN_REQUIRED);
    assert.equal(error.message, 'Claude: signed out.');
  });

  it('a site that is not listed is a configuration error', async () => {
    const { router } = routerOver({ chatgpt: [] });
    assert.ok((await rejectionOf(router.call('Question', { site: 'gemini', stayOnSite: true }))) instanceof ConfigurationError);
  });
});

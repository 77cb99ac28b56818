import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chatgptAdapter } from '../../../src/browser/adapters/chatgpt';
import { backendErrorOf, bannerTextPattern, classifyBanner, classifyPageProblems, isNotice, pageNotices, signInRequired } from '../../../src/browser/errorClassifier';
import { parseRetryAfter } from '../../../src/browser/retryAfter';
import { LLMBackendError, PTKAbortError, PTKErrorCode } from '../../../src/core/errors';

const now = new Date(2026, 10, 21, 14, 0, 0);

describe('classifyBanner', () => {
  const cases: Array<[string, PTKErrorCode]> = [
    ["You've reached our limit of messages per 3 hours. Please try again after 3:15 PM.", PTKErrorCode.RATE_LIMITED],
    ['Too many requests in 1 hour. Try again later.', PTKErrorCode.RATE_LIMITED],
    ['Something went wrong while generating the response.', PTKErrorCode.SITE_ERROR],
    ['A network error occurred. Please check your connection and try again.', PTKErrorCode.NETWORK_ERROR],
    ['Verify you are human by completing the action below.', PTKErrorCode.BOT_CHECK],
    ['Your session has expired. Please log in again.', PTKErrorCode.LOGIN_REQUIRED],
    ['This conversation is too long. Please start a new chat.', PTKErrorCode.CONVERSATION_TOO_LONG],
    ['The message you submitted was too long, please reload the conversation and submit something shorter.', PTKErrorCode.PROMPT_TOO_LONG],
    ['Unexpected hiccup number 42', PTKErrorCode.SITE_ERROR],
    // Wordings steipete/oracle scans ChatGPT's toasts and status regions for (2026).
    ["You're sending messages too quickly. Please wait a few minutes.", PTKErrorCode.RATE_LIMITED],
    ['We have temporarily limited access to your account.', PTKErrorCode.RATE_LIMITED],
    ['The service is temporarily unavailable.', PTKErrorCode.SITE_ERROR],
    ['Performing security verification', PTKErrorCode.BOT_CHECK],
  ];
  for (const [text, code] of cases) {
    it(`${code}: "${text.slice(0, 40)}…"`, () => {
      const error = classifyBanner(text, chatgptAdapter, now);
      assert.ok(error instanceof LLMBackendError);
      assert.equal(error.code, code);
      assert.ok(error.message.includes('ChatGPT'));
    });
  }

  it('gives the rate-limit wait from the banner', () => {
    const error = classifyBanner("You've reached our limit of messages. Please try again after 3:15 PM.", chatgptAdapter, now);
    assert.equal(error.retryAfterMs, 75 * 60_000);
    assert.match(error.message, /75 minute/);
  });

  it("a rate limit that names no time gets the adapter's default wait; a named time wins", () => {
    const site = { displayName: 'X', defaultRetryAfterMs: 60_000 };
    assert.equal(classifyBanner("You've reached your rate limit. Please try again later.", site, now).retryAfterMs, 60_000);
    assert.equal(classifyBanner('Rate limit: try again after 3:15 PM.', site, now).retryAfterMs, 75 * 60_000);
    assert.equal(classifyBanner("You've reached your rate limit. Please try again later.", { displayName: 'Y' }, now).retryAfterMs, undefined);
    assert.match(classifyBanner('Too many requests.', site, now).message, /about 1 minute/);
  });

  it('site patterns win over generic ones', () => {
    const error = classifyBanner('Custom quota blown', { displayName: 'X', errorPatterns: [{ code: PTKErrorCode.RATE_LIMITED, pattern: 'quota blown' }] });
    assert.equal(error.code, PTKErrorCode.RATE_LIMITED);
  });
});

describe('notices', () => {
  const site = { displayName: 'ChatGPT', noticePatterns: ['free plan limit for'] };

  it("a site's notice pattern, or a generic model switch, is a notice; an error wording is not", () => {
    assert.equal(isNotice("You've hit the Free plan limit for GPT-5. Responses will use another model until your limit resets after 3:15 PM.", site), true);
    assert.equal(isNotice('You have reached the limit. Responses will now use a smaller model.', { noticePatterns: [] }), true);
    assert.equal(isNotice("You've reached our limit of messages. Please try again after 3:15 PM.", site), false);
  });

  it('a notice is never an error, even when it also reads like a rate limit; the next banner is classified', () => {
    const notice = "You've hit the Free plan limit for GPT-5. Responses will use another model until your limit resets.";
    assert.equal(classifyPageProblems({ banners: [notice], loginWall: false, botCheck: false }, site), undefined);
    assert.equal(classifyPageProblems({ banners: [notice, 'Something went wrong.'], loginWall: false, botCheck: false }, site)!.code, PTKErrorCode.SITE_ERROR);
    assert.deepEqual(pageNotices([notice, 'Something went wrong.', '  '], site), [notice]);
  });

  it('the generic banner filter matches every classifiable text and nothing else', () => {
    const filter = new RegExp(bannerTextPattern({ errorPatterns: [{ code: PTKErrorCode.RATE_LIMITED, pattern: 'quota blown' }], noticePatterns: ['plan limit'] }), 'i');
    for (const text of ['Too many requests', 'Custom quota blown', 'Your plan limit is reached', 'Something went wrong', 'Just a moment...']) assert.ok(filter.test(text), text);
    for (const text of ['Copied!', 'ChatGPT is thinking', 'Thought for 12 seconds', 'New chat']) assert.ok(!filter.test(text), text);
  });

  it('a bad pattern in a custom setting is skipped, never thrown', () => {
    assert.equal(isNotice('anything', { noticePatterns: ['(unclosed'] }), false);
    assert.doesNotThrow(() => bannerTextPattern({ errorPatterns: [{ code: PTKErrorCode.SITE_ERROR, pattern: '[bad' }] }));
    assert.equal(classifyBanner('x', { displayName: 'X', errorPatterns: [{ code: PTKErrorCode.RATE_LIMITED, pattern: '[bad' }] }).code, PTKErrorCode.SITE_ERROR);
  });
});

describe('classifyPageProblems', () => {
  it('a tab on a sign-in host is LOGIN_REQUIRED, before anything else', () => {
    const error = classifyPageProblems({ banners: ['Something went wrong'], loginWall: false, botCheck: true, signInHost: true }, chatgptAdapter)!;
    assert.equal(error.code, PTKErrorCode.LOGIN_REQUIRED);
    assert.match(error.message, /sign-in page/);
  });

  it('walls win over banners; nothing is no error', () => {
    assert.equal(classifyPageProblems({ banners: ['Something went wrong'], loginWall: true, botCheck: false }, chatgptAdapter)!.code, PTKErrorCode.LOGIN_REQUIRED);
    assert.equal(classifyPageProblems({ banners: [], loginWall: true, botCheck: true }, chatgptAdapter)!.code, PTKErrorCode.BOT_CHECK);
    assert.equal(classifyPageProblems({ banners: ['', '  '], loginWall: false, botCheck: false }, chatgptAdapter), undefined);
  });

  it('the login error says what to do', () => {
    assert.match(classifyPageProblems({ banners: [], loginWall: true, botCheck: false }, chatgptAdapter)!.message, /log in to ChatGPT there once/);
  });
});

describe('backendErrorOf', () => {
  it('types what Playwright throws: a closed tab, a network failure, an abort, anything else', () => {
    const cases: Array<[string, PTKErrorCode, RegExp]> = [
      ['page.evaluate: Target page, context or browser has been closed', PTKErrorCode.TAB_CLOSED, /^ChatGPT: the browser tab was closed\.$/],
      ['Target closed', PTKErrorCode.TAB_CLOSED, /tab was closed/],
      ['browserContext.newPage: Browser has been closed.', PTKErrorCode.TAB_CLOSED, /tab was closed/],
      ['browserContext.newPage: Protocol error (Target.createTarget): Failed to open a new tab', PTKErrorCode.TAB_CLOSED, /tab was closed/],
      ['page.goto: net::ERR_CONNECTION_REFUSED at http://127.0.0.1:9/\nCall log:\n  - navigating', PTKErrorCode.NETWORK_ERROR, /^ChatGPT: network error: page\.goto: net::ERR_CONNECTION_REFUSED at http:\/\/127\.0\.0\.1:9\/\.$/],
      ['connect ECONNREFUSED 127.0.0.1:9222', PTKErrorCode.NETWORK_ERROR, /network error/],
      ['locator.click: Timeout 5000ms exceeded.\nCall log:\n  - waiting', PTKErrorCode.SITE_ERROR, /^ChatGPT: locator\.click: Timeout 5000ms exceeded\.$/],
    ];
    for (const [message, code, shown] of cases) {
      const cause = new Error(message);
      const error = backendErrorOf(cause, chatgptAdapter);
      assert.ok(error instanceof LLMBackendError, message);
      assert.equal(error.code, code, message);
      assert.match(error.message, shown);
      assert.equal(error.cause, cause);
    }
  });

  it('an AbortError is ABORTED; PTK errors pass through unchanged; a thrown string is a SITE_ERROR', () => {
    const abort = new Error('This operation was aborted');
    abort.name = 'AbortError';
    const aborted = backendErrorOf(abort, chatgptAdapter);
    assert.ok(aborted instanceof PTKAbortError);
    assert.equal(aborted.code, PTKErrorCode.ABORTED);
    const typed = new LLMBackendError('ChatGPT is rate limiting you.', { code: PTKErrorCode.RATE_LIMITED });
    assert.equal(backendErrorOf(typed, chatgptAdapter), typed);
    const thrown = backendErrorOf('odd failure', chatgptAdapter);
    assert.equal(thrown.code, PTKErrorCode.SITE_ERROR);
    assert.equal(thrown.message, 'ChatGPT: odd failure');
  });
});

describe('signInRequired', () => {
  it('is the LOGIN_REQUIRED of a tab on the sign-in page, as the page classification gives it', () => {
    const error = signInRequired(chatgptAdapter);
    assert.equal(error.code, PTKErrorCode.LOGIN_REQUIRED);
    assert.match(error.message, /ChatGPT needs you to log in \("the tab is on the sign-in page"\)/);
    assert.equal(error.message, classifyPageProblems({ banners: [], loginWall: false, botCheck: false, signInHost: true }, chatgptAdapter)?.message);
  });
});

describe('parseRetryAfter', () => {
  it('reads clock times (12 h and 24 h), rolling over to tomorrow', () => {
    assert.equal(parseRetryAfter('try again after 3:15 PM', now), 75 * 60_000);
    assert.equal(parseRetryAfter('try again at 14:30', now), 30 * 60_000);
    assert.equal(parseRetryAfter('try again after 1:00 PM', now), 23 * 3_600_000);
    assert.equal(parseRetryAfter('resets at 12 am', now), 10 * 3_600_000);
  });
  it('reads relative waits', () => {
    assert.equal(parseRetryAfter('Please try again in 20 minutes.', now), 20 * 60_000);
    assert.equal(parseRetryAfter('try again in 1 hour and 5 minutes', now), 65 * 60_000);
    assert.equal(parseRetryAfter('in 30 seconds', now), 30_000);
    assert.equal(parseRetryAfter('Retry-After: 120', now), 120_000);
  });
  it('returns undefined without a time', () => {
    assert.equal(parseRetryAfter('You have reached the limit.', now), undefined);
    assert.equal(parseRetryAfter('after 99:99 pm', now), undefined);
  });
});

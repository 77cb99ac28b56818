import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isPTKError, PTKErrorCode } from '../../../../src/core/errors';
import { decideUrl, isApprovedHost, isChatSiteUrl, isLoopbackHost, type UrlPolicy } from '../../../../src/tools/web/urlPolicy';

const policy: UrlPolicy = {
  approvedHosts: ['docs.example.com', '*.python.org', 'intranet.corp:8443'],
  chatSites: ['https://chatgpt.com/', 'chat.openai.com', 'https://gemini.google.com/app', 'http://127.0.0.1:5173/', 'http://localhost:8080'],
};

function refusal(raw: string, message?: RegExp): void {
  assert.throws(() => decideUrl(raw, policy), (error: unknown) => {
    assert.ok(isPTKError(error), String(error));
    assert.equal(error.code, PTKErrorCode.URL_NOT_ALLOWED, `${raw}: ${error.message}`);
    if (message) assert.match(error.message, message);
    return true;
  });
}

describe('the web tools\' URL policy', () => {
  it('opens only http and https: file:, chrome:, data:, javascript:, about:, view-source:, ftp: and non-URLs are refused', () => {
    for (const raw of ['file:///etc/passwd', 'FILE:///C:/Windows/win.ini', 'chrome://settings', 'chrome-extension://abc/page.html', 'data:text/html,<h1>x</h1>', 'javascript:alert(1)', 'about:blank', 'view-source:http://localhost:3000/', 'ftp://example.com/x', 'ws://localhost:3000/']) {
      refusal(raw, /Only http and https/);
    }
    for (const raw of ['', 'localhost:3000', '/etc/passwd', 'not a url', 'http://']) refusal(raw);
    refusal('https://user:secret@docs.example.com/', /user name or password/);
  });

  it('refuses every chat site PTK runs on: its host and subdomains on any port and scheme, a loopback chat on its port only', () => {
    for (const raw of ['https://chatgpt.com/c/123', 'http://chatgpt.com:8080/', 'https://CHATGPT.COM./', 'https://chat.openai.com/', 'https://sub.chatgpt.com/', 'https://gemini.google.com/app/1', 'http://127.0.0.1:5173/x', 'http://localhost:5173/', 'http://[::1]:5173/', 'http://localhost:8080/', 'http://127.0.0.1:8080/']) {
      refusal(raw, /chat site/);
    }
    // Not a chat site: another port on loopback, a parent domain, a look-alike.
    assert.equal(decideUrl('http://127.0.0.1:3000/', policy).needsApproval, false);
    assert.equal(decideUrl('https://google.com/', policy).needsApproval, true);
    assert.equal(decideUrl('https://notchatgpt.com/', policy).needsApproval, true);
    assert.equal(isChatSiteUrl(new URL('https://chatgpt.com.evil.example/'), policy.chatSites), false);
  });

  it('loopback opens without asking: localhost, *.localhost, 127.0.0.0/8, ::1 (also written as a number)', () => {
    for (const raw of ['http://localhost:3000/', 'http://app.localhost/', 'https://127.0.0.1/', 'http://127.1.2.3:9000/a', 'http://[::1]:4000/', 'http://2130706433:3000/', 'http://0x7f.1:3000/']) {
      const decision = decideUrl(raw, policy);
      assert.equal(decision.loopback, true, raw);
      assert.equal(decision.needsApproval, false, raw);
    }
    for (const host of ['localhost.example.com', '128.0.0.1', '10.0.0.1', '::2', '0.0.0.0']) assert.equal(isLoopbackHost(host), false, host);
  });

  it('a host the user approved opens without asking: exact, *.domain (with the domain), host:port; any other host asks', () => {
    assert.equal(decideUrl('https://docs.example.com/guide', policy).needsApproval, false);
    assert.equal(decideUrl('https://www.docs.example.com/', policy).needsApproval, true, 'an exact entry covers no subdomain');
    assert.equal(decideUrl('https://docs.python.org/3/', policy).needsApproval, false);
    assert.equal(decideUrl('https://python.org/', policy).needsApproval, false);
    assert.equal(decideUrl('https://evilpython.org/', policy).needsApproval, true);
    assert.equal(decideUrl('https://intranet.corp:8443/', policy).needsApproval, false);
    assert.equal(decideUrl('https://intranet.corp/', policy).needsApproval, true, 'another port asks');
    assert.equal(isApprovedHost(new URL('http://docs.example.com:80/'), ['docs.example.com:80']), true);
    assert.equal(isApprovedHost(new URL('https://a.example/'), ['', '  ']), false);
    const asked = decideUrl('https://random.example/path?q=1', policy);
    assert.equal(asked.needsApproval, true);
    assert.equal(asked.origin, 'https://random.example');
    assert.equal(asked.loopback, false);
  });
});

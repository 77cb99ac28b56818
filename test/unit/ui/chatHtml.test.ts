import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderChatHtml } from '../../../src/ui/chatHtml';

describe('renderChatHtml', () => {
  const html = renderChatHtml({ cspSource: 'https://webview.test', nonce: 'abc123', scriptUri: 'https://webview.test/out/webview.js', styleUri: 'https://webview.test/media/chat.css' });
  const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)?.[1] ?? '';

  it('allows scripts only with the nonce and nothing by default', () => {
    assert.match(csp, /default-src 'none'/);
    assert.match(csp, /script-src 'nonce-abc123'/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
  });

  it('loads the bundle with the nonce and the stylesheet from the extension', () => {
    assert.match(html, /<script nonce="abc123" src="https:\/\/webview.test\/out\/webview.js"><\/script>/);
    assert.match(html, /<link href="https:\/\/webview.test\/media\/chat.css" rel="stylesheet">/);
    assert.equal((html.match(/<script/g) ?? []).length, 1, 'no inline script');
  });
});

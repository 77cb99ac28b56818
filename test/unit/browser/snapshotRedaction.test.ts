/**
 * The Diagnose Site snapshot's allow-list: derived from the adapters (no hand-copied list), and
 * the redaction it drives: values kept only where a selector names them, URLs down to known
 * hosts and route words. The whole snapshot runs in real Chromium in test/browser/diagnose.test.ts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chatgptAdapter } from '../../../src/browser/adapters/chatgpt';
import type { SiteAdapter } from '../../../src/browser/adapters/types';
import { snapshotAllowList } from '../../../src/browser/diagnose/snapshotAllowList';
import { createSnapshotRedaction } from '../../../src/browser/page/snapshotRedaction';

const custom: SiteAdapter = {
  ...chatgptAdapter,
  id: 'custom',
  url: 'https://chat.internal.test/workspace/new',
  hosts: undefined,
  signInHosts: undefined,
  selectors: { ...chatgptAdapter.selectors, copyButton: ['button[title="Copy this answer"]', 'button[aria-label$="to clipboard" i]'] },
};

describe('the Diagnose Site snapshot allow-list', () => {
  const allow = snapshotAllowList(custom);
  const redaction = createSnapshotRedaction(allow);

  it('is derived from every adapter and the one diagnosed: their selectors\' values, hosts and route words', () => {
    const named = (attribute: string, value: string) => allow.namedValues.some((entry) => entry.attribute === attribute && entry.value === value);
    assert.ok(named('aria-label', 'Open mode picker'), 'Gemini, a built-in adapter not diagnosed');
    assert.ok(named('data-message-author-role', 'assistant'), 'ChatGPT');
    assert.ok(named('title', 'Copy this answer'), 'the diagnosed adapter\'s own selector');
    for (const host of ['chatgpt.com', 'gemini.google.com', 'accounts.google.com', 'chat.internal.test']) assert.ok(allow.hosts.includes(host), host);
    for (const word of ['workspace', 'ServiceLogin', 'new_chat']) assert.ok(allow.routeWords.includes(word), word);
  });

  it('keeps a value only as far as a selector names it', () => {
    assert.equal(redaction.attribute('title', 'Copy this answer'), 'Copy this answer');
    assert.equal(redaction.attribute('title', 'Trip to Lisbon'), 'xxxx xx xxxxxx');
    assert.equal(redaction.attribute('aria-label', 'Open mode picker, currently Pro'), 'Open mode picker, xxxxxxxxx xxx');
    assert.equal(redaction.attribute('aria-label', 'Copy Jane\'s answer TO CLIPBOARD'), 'xxxx xxxx\'x xxxxxx TO CLIPBOARD');
    assert.equal(redaction.attribute('aria-label', 'Google Account: Jane Doe (jane@example.com)'), 'xxxxxx xxxxxxx: xxxx xxx (xxxx@xxxxxxx.xxx)');
    assert.equal(redaction.attribute('data-message-author-role', 'assistant'), 'assistant');
    assert.equal(redaction.attribute('data-user-email', 'jane@example.com'), 'xxxx@xxxxxxx.xxx');
    assert.equal(redaction.attribute('data-testid', 'conversation-turn-3'), 'conversation-turn-3');
    assert.equal(redaction.attribute('id', 'message-0f8fa1b2-1c3d-4e5f-8a9b-0c1d2e3f4a5b'), 'message-:id');
    assert.equal(redaction.attribute('class', 'avatar jane.doe@example.com'), 'avatar x@x.x');
    assert.equal(redaction.attribute('aria-expanded', 'true'), 'true');
    assert.equal(redaction.attribute('name', 'Jane Doe'), 'xxxx xxx', 'a token attribute keeps tokens only');
    assert.equal(redaction.attribute('value', 'jane@example.com'), null);
    assert.equal(redaction.attribute('onclick', 'steal()'), null);
  });

  it('leaves a URL its scheme, a known host and its route words', () => {
    assert.equal(redaction.url('https://chatgpt.com/c/0f8fa1b2-1c3d-4e5f-8a9b-0c1d2e3f4a5b?model=x#frag'), 'https://chatgpt.com/c/:id');
    assert.equal(redaction.url('https://cdn.chatgpt.com/g/g-abc123-jane/c/xyz'), 'https://cdn.chatgpt.com/g/:id/c/:id');
    assert.equal(redaction.url('https://jane-doe.example.org/about/jane'), 'https://redacted.invalid/:id/:id');
    assert.equal(redaction.url('//accounts.google.com/ServiceLogin?continue=x'), '//accounts.google.com/ServiceLogin');
    assert.equal(redaction.url('/workspace/secret-project'), '/workspace/:id');
    assert.equal(redaction.url('mailto:jane@example.com'), 'mailto:…');
    assert.equal(redaction.url('data:image/png;base64,AAAA'), 'data:…');
    assert.equal(redaction.url('#icon-copy'), '#icon-copy');
  });
});

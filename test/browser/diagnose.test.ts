/**
 * PTK: Diagnose Site in real Chromium: which fallback of each selector list matches, the
 * login / guest state, and the redacted snapshot (text gone, structure and attributes kept).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diagnoseSite, formatDiagnosis } from '../../src/browser/diagnose/diagnoseSite';
import type { SiteAdapter } from '../../src/browser/adapters/types';
import { sharedTestBrowser } from './harness';

const browser = sharedTestBrowser();

const adapter: SiteAdapter = {
  id: 'chatgpt',
  displayName: 'Test chat',
  url: 'http://127.0.0.1:9/',
  composerKind: 'textarea',
  maxPromptChars: 1000,
  signInHosts: ['accounts.example.test'],
  selectors: {
    composer: ['#old-composer', 'textarea[name="prompt"]'],
    sendButton: ['button[data-testid="send"]'],
    stopButton: ['button[data-testid="stop"]'],
    userTurn: ['[data-role="user"]'],
    assistantTurn: ['[data-role="assistant"]'],
    answerContent: ['.markdown'],
    turnScope: ['section.turn'],
    turnActionBar: ['div[role="group"][aria-label="Response actions"]'],
    copyButton: ['button[data-testid="copy-v1"]', 'button[aria-label="Copy response"]'],
    thinkingIndicator: ['.shimmer'],
    errorBanner: ['[role="alert"]'],
    loginWall: ['button[data-testid="login-button"]'],
    botCheck: ['#challenge-form', 'not a [valid selector'],
  },
};

const chatPage = `<!doctype html><html><head><title>Secret project chat</title></head><body>
<main>
  <section class="turn"><div data-role="user">Please refactor my secret_module 42</div></section>
  <section class="turn"><div data-role="assistant"><div class="markdown"><p>Here is the plan for secret_module.</p><pre><code>let key = "hunter2";</code></pre></div></div>
    <div role="group" aria-label="Response actions"><button aria-label="Copy response">Copy</button></div></section>
  <form><textarea name="prompt" value="draft">my private draft</textarea><button data-testid="send">Send</button></form>
  <a href="/c/0f8fa1b2-1c3d-4e5f-8a9b-0c1d2e3f4a5b?ref=x">Chat about secrets</a>
  <script>window.secretToken = "abc";</script>
</main></body></html>`;

describe('PTK: Diagnose Site', () => {
  it('reports which fallback of each list matched, per selector, and the problems', async () => {
    const page = await browser().newPage();
    try {
      await page.setContent(chatPage);
      const diagnosis = await diagnoseSite(page, adapter, () => new Date('2026-11-23T12:00:00Z'));
      assert.equal(diagnosis.lists.composer!.matchedIndex, 1);
      assert.deepEqual(diagnosis.lists.composer!.selectors.map((probe) => probe.count), [0, 1]);
      assert.equal(diagnosis.lists.copyButton!.matchedIndex, 1);
      assert.equal(diagnosis.lists.copyButton!.scope, 'turn scope');
      assert.equal(diagnosis.lists.turnScope!.matchedIndex, 0);
      assert.equal(diagnosis.lists.answerContent!.matchedIndex, 0);
      assert.equal(diagnosis.lists.stopButton!.matchedIndex, -1);
      assert.equal(diagnosis.lists.botCheck!.selectors[1]!.invalid, true);
      assert.equal(diagnosis.composerPresent, true);
      assert.equal(diagnosis.guest, false);
      assert.equal(diagnosis.userTurnCount, 1);
      assert.equal(diagnosis.assistantTurnCount, 1);
      assert.deepEqual(diagnosis.problems, []);
      const report = formatDiagnosis(diagnosis, '/tmp/snapshot.html');
      assert.match(report, /\*\*composer\*\* \(page\): matched #1/);
      assert.match(report, /→ 1\. `button\[aria-label="Copy response"\]` 1 found/);
      assert.match(report, /invalid selector/);
      assert.match(report, /state: ready \(signed in\)/);
    } finally {
      await page.close();
    }
  });

  it('names the lists that stopped matching on a page with a conversation', async () => {
    const page = await browser().newPage();
    try {
      await page.setContent(chatPage.replace('aria-label="Copy response"', 'aria-label="Copy reply"').replace('name="prompt"', 'name="prompt-v2"'));
      const diagnosis = await diagnoseSite(page, adapter);
      assert.deepEqual(diagnosis.problems, ['composer: no selector matches', 'copyButton: no selector matches']);
    } finally {
      await page.close();
    }
  });

  it('tells a guest page (composer and a log-in button) from a login wall', async () => {
    const page = await browser().newPage();
    try {
      await page.setContent('<form><textarea name="prompt"></textarea></form><button data-testid="login-button">Log in</button>');
      const guest = await diagnoseSite(page, adapter);
      assert.equal(guest.guest, true);
      assert.match(formatDiagnosis(guest), /signed out, chatting as a guest/);
      await page.setContent('<button data-testid="login-button">Log in</button>');
      const wall = await diagnoseSite(page, adapter);
      assert.equal(wall.guest, false);
      assert.equal(wall.loginWallPresent, true);
      assert.deepEqual(wall.problems, ['composer: no selector matches']);
    } finally {
      await page.close();
    }
  });

  it('saves a snapshot with the text redacted and the structure and attributes kept', async () => {
    const page = await browser().newPage();
    try {
      await page.setContent(chatPage);
      const { snapshot } = await diagnoseSite(page, adapter, () => new Date('2026-11-23T12:00:00Z'));
      assert.match(snapshot, /^<!--\n {2}PTK site snapshot\n {2}site: chatgpt \(Test chat\)/);
      assert.match(snapshot, /captured: 2026-11-23T12:00:00\.000Z by PTK: Diagnose Site/);
      for (const secret of ['secret', 'hunter2', 'refactor', 'private draft', 'abc', '42', '0f8fa1b2']) assert.ok(!snapshot.includes(secret), `"${secret}" is redacted`);
      assert.match(snapshot, /<div role="group" aria-label="Response actions"><button aria-label="Copy response">xxxx<\/button><\/div>/);
      assert.match(snapshot, /<section class="turn"><div data-role="user">xxxxxx xxxxxxxx xx xxxxxx_xxxxxx xx<\/div><\/section>/);
      assert.match(snapshot, /href="\/c\/:id"/);
      // The snapshot loads back as a page on which the adapter's selectors behave the same.
      await page.setContent(snapshot);
      const again = await diagnoseSite(page, adapter);
      assert.equal(again.lists.copyButton!.matchedIndex, 1);
      assert.equal(again.lists.composer!.matchedIndex, 1);
    } finally {
      await page.close();
    }
  });
});

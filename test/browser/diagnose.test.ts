/**
 * PTK: Diagnose Site in real Chromium: which fallback of each selector list matches, the
 * login / guest state, and the redacted snapshot (nothing personal left, structure and what the
 * selectors need kept).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diagnoseSite, formatDiagnosis } from '../../src/browser/diagnose/diagnoseSite';
import { geminiAdapter } from '../../src/browser/adapters/gemini';
import type { SiteAdapter } from '../../src/browser/adapters/types';
import { PTKErrorCode, type LLMBackendError } from '../../src/core/errors';
import { adapterFor, sharedTestBrowser, withSite } from './harness';
import { startReplicaServer } from './replicas/server';
import { replicaSites } from './replicas/sites';
import { testChatAdapter } from './testChatAdapter';

const browser = sharedTestBrowser();

const adapter: SiteAdapter = {
  ...testChatAdapter,
  signInHosts: ['accounts.example.test'],
  selectors: {
    ...testChatAdapter.selectors,
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
      assert.match(report, /^# PTK: Diagnose Site — Test chat\n/, "titled with the adapter's name");
      assert.match(diagnosis.report(undefined, { siteName: 'Demo (offline), a ChatGPT-shaped replica' }), /^# PTK: Diagnose Site — Demo \(offline\), a ChatGPT-shaped replica\n/, 'the demo is titled by its own name');
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

  it('does not check the answer-only lists on a page with a question and no answer yet', async () => {
    const page = await browser().newPage();
    try {
      await page.setContent(chatPage.replace(/<section class="turn"><div data-role="assistant">[\s\S]*?<\/section>/, ''));
      const diagnosis = await diagnoseSite(page, adapter);
      assert.deepEqual([diagnosis.userTurnCount, diagnosis.assistantTurnCount], [1, 0]);
      assert.deepEqual(diagnosis.problems, ['assistantTurn: no selector matches']);
      assert.match(diagnosis.report(), /^- \*\*turnActionBar\*\*: not checked: no answer on this page yet$/m);
      assert.match(diagnosis.report(), /^- \*\*copyButton\*\*: not checked: no answer on this page yet$/m);
    } finally {
      await page.close();
    }
  });

  it("reports a replica's new chat (no answer yet) with nothing wrong and the answer-only lists not checked", async () => {
    const entry = replicaSites.find((candidate) => candidate.replica === 'chatgpt')!;
    const server = await startReplicaServer({ site: entry.replica });
    const page = await browser().newPage();
    try {
      await page.goto(server.url);
      const diagnosis = await diagnoseSite(page, adapterFor(entry, server.url));
      assert.equal(diagnosis.assistantTurnCount, 0);
      assert.deepEqual(diagnosis.problems, []);
      const report = diagnosis.report();
      assert.match(report, /^- state: ready \(signed in\)$/m);
      assert.match(report, /^- \*\*turnActionBar\*\*: not checked: no answer on this page yet$/m);
      assert.match(report, /^- \*\*copyButton\*\*: not checked: no answer on this page yet$/m);
    } finally {
      await page.close();
      await server.close();
    }
  });

  it("does not report the answer's lists on a replica whose last message met the usage cap, and says why", async () => {
    const entry = replicaSites.find((candidate) => candidate.replica === 'chatgpt')!;
    await withSite(browser(), entry, { scenario: { usageCapAfter: 2, defaults: { reply: 'fine' } }, model: { keepThread: true } }, async ({ model }) => {
      assert.equal(await model.call('first'), 'fine');
      // The second message continues the first's chat, so the page holds an answer, then the refused turn.
      const error = await model.call('second', { thread: { newThread: false, fullTranscript: () => 'first, second' } }).then(
        () => assert.fail('the capped message must fail'),
        (caught: LLMBackendError) => caught,
      );
      assert.equal(error.code, PTKErrorCode.RATE_LIMITED, error.message);
      const diagnosis = await model.diagnose();
      assert.deepEqual([diagnosis.userTurnCount, diagnosis.assistantTurnCount], [2, 2], 'the refused message left its (empty) assistant turn');
      assert.notEqual(diagnosis.lists.errorBanner!.matchedIndex, -1, "the site's usage-cap error shows");
      assert.deepEqual(diagnosis.problems, []);
      const report = diagnosis.report();
      assert.match(report, /^- \*\*turnActionBar\*\*: not checked: the last turn shows the site's error, not an answer$/m);
      assert.match(report, /^- \*\*copyButton\*\*: not checked: the last turn shows the site's error, not an answer$/m);
    });
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

  it('saves a snapshot with the text redacted and the structure and the selectors\' attributes kept', async () => {
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

  /** A Gemini page full of the user's personal data, in every place a page keeps some. */
  const personalPage = `<!doctype html><html><head><title>Trip to Lisbon with Marco - Gemini</title>
<meta name="user-email" content="jane.doe@example.com"><meta property="og:title" content="Trip to Lisbon with Marco">
</head><body>
<header>
  <a class="gb_A" aria-label="Google Account: Jane Doe (jane.doe@example.com)" href="https://accounts.google.com/SignOutOptions?hl=en&continue=https://gemini.google.com/app/4f3c2b1a0e9d8c7b"><img class="gb_P" alt="Jane Doe" src="https://lh3.googleusercontent.com/a/ACg8ocJavatarToken=s64-c"></a>
  <a aria-label="New chat" href="/app">New chat</a>
  <button data-test-id="bard-mode-menu-button" aria-label="Open mode picker, currently Pro">Pro</button>
</header>
<nav><a class="conversation" title="Trip to Lisbon with Marco" href="/app/4f3c2b1a0e9d8c7b" data-conversation-id="c_4f3c2b1a0e9d8c7b" data-owner-email="jane.doe@example.com">Trip to Lisbon with Marco</a></nav>
<main>
  <user-query><div class="query-text" role="heading">Plan my trip to Lisbon, Jane Doe here</div></user-query>
  <model-response>
    <response-container><message-content><div class="markdown markdown-main-panel"><p>Here is your plan, Jane.</p></div></message-content></response-container>
    <div class="response-footer complete"><message-actions><copy-button><button aria-label="Copy"><mat-icon fonticon="content_copy"></mat-icon></button></copy-button></message-actions></div>
  </model-response>
  <div role="slider" aria-valuetext="Jane's budget 4200 euros" aria-description="Private note for Jane Doe" aria-valuenow="4200"></div>
  <template id="account-card"><div class="card"><span>Jane Doe</span><a href="mailto:jane.doe@example.com">jane.doe@example.com</a></div></template>
  <svg><a xlink:href="https://share.example.org/s/tok_XLINKSECRET?token=tok_XLINKSECRET2"><use href="#icon-share"></use></a></svg>
  <form action="/app/4f3c2b1a0e9d8c7b/send"><button formaction="/_/BardChatUi/data/batchexecute?f.sid=SESSIONSECRET&bl=boq">Send</button></form>
  <object data="https://drive.example.org/files/tok_OBJECTSECRET/itinerary.pdf"></object>
  <a href="https://jane-doe-personal.example.org/about-jane">my page</a>
  <div style="background-image: url('https://lh3.googleusercontent.com/a/avatarSecretStyle'); display: none" data-user-name="Jane Doe"></div>
  <input type="text" value="jane.doe@example.com">
  <!-- rendered for jane.doe@example.com -->
  <rich-textarea><div class="ql-editor" contenteditable="true" role="textbox" aria-label="Enter a prompt for Gemini, Jane"><p>draft about Marco</p></div></rich-textarea>
  <button aria-label="Send message" class="send-button">send</button>
</main></body></html>`;

  it('keeps nothing personal in the snapshot, and the adapter\'s selectors match it as they match the page', async () => {
    const page = await browser().newPage();
    let served = personalPage;
    await page.route('https://gemini.google.com/**', (route) => route.fulfill({ contentType: 'text/html', body: served }));
    try {
      await page.goto('https://gemini.google.com/app/4f3c2b1a0e9d8c7b?hl=en&utm_source=jane.doe');
      const live = await diagnoseSite(page, geminiAdapter);
      assert.equal(live.assistantTurnCount, 1, 'the page is a Gemini conversation to the adapter');
      const { snapshot } = live;
      const planted = ['jane', 'lisbon', 'marco', 'secret', '4200', 'private note', 'budget', 'euros', '4f3c2b1a0e9d8c7b', 'acg8ocj', 'avatartoken', 'itinerary', 'example.com', 'example.org', 'currently pro', 'plan my trip', 'draft about'];
      for (const secret of planted) assert.equal(snapshot.toLowerCase().includes(secret), false, `"${secret}" survived: …${snapshot.slice(Math.max(0, snapshot.toLowerCase().indexOf(secret) - 120), snapshot.toLowerCase().indexOf(secret) + 60)}…`);
      assert.match(snapshot, /\n {2}url: https:\/\/gemini\.google\.com\/app\/:id\n/);
      assert.match(live.report(), /- page: https:\/\/gemini\.google\.com\/app\/:id\n/);
      // What a selector needs stays: ids, classes, roles, test ids, state tokens, the values selectors name.
      assert.match(snapshot, /<button data-test-id="bard-mode-menu-button" aria-label="Open mode picker, xxxxxxxxx xxx">xxx<\/button>/);
      assert.match(snapshot, /<copy-button><button aria-label="Copy"><mat-icon fonticon="content_copy"><\/mat-icon><\/button><\/copy-button>/);
      assert.match(snapshot, /<div class="ql-editor" contenteditable="true" role="textbox" aria-label="xxxxx x prompt xxx xxxxxx, xxxx">/);
      assert.match(snapshot, /<a aria-label="New chat" href="\/app">/);
      assert.match(snapshot, /href="\/app\/:id"/);
      assert.match(snapshot, /<template id="account-card"><div class="card"><span>xxxx xxx<\/span><a href="mailto:…">/);
      assert.match(snapshot, /aria-label="xxxxxx xxxxxxx: xxxx xxx \(xxxx\.xxx@xxxxxxx\.xxx\)"/);
      assert.match(snapshot, /<img class="gb_P" alt="xxxx xxx" src="https:\/\/redacted\.invalid\/a\/:id">/);
      assert.match(snapshot, /<use href="#icon-share">/);

      // The snapshot, served at the same address, is the same page to every selector of the adapter.
      served = snapshot;
      await page.goto('https://gemini.google.com/app/:id');
      const again = await diagnoseSite(page, geminiAdapter);
      const counts = (diagnosis: typeof live) => Object.fromEntries(Object.entries(diagnosis.lists).map(([name, list]) => [name, list.selectors.map((probe) => probe.count)]));
      assert.deepEqual(counts(again), counts(live));
      assert.deepEqual([again.composerPresent, again.guest, again.loginWallPresent, again.userTurnCount, again.assistantTurnCount], [live.composerPresent, live.guest, live.loginWallPresent, live.userTurnCount, live.assistantTurnCount]);
    } finally {
      await page.close();
    }
  });
});

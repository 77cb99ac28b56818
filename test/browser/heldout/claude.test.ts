/**
 * Held-out checks of the Claude adapter: minimal structures re-typed from public captures of the
 * live site (never from our replica), loaded with page.setContent in real Chromium, the
 * adapter's selector lists run through the page runtime (watch / snapshot / probe / extract,
 * `matched` = which fallback index hit) and DOM → markdown. Each test names its source and
 * capture date; the markup keeps the captures' element names, attributes and nesting, with
 * shortened text and our nonce added to the user message.
 *
 * Sources: TOK = jazelly/tokenless test/fixtures/provider-dom/claude/** (redacted reduced DOM,
 * provenance dates below) and packages/cli/src/playwright/providers.ts @1edd2d1b (2026-07-21);
 * C2M = royharden/Chat-to-Markdown test/fixtures/claude/*.html @79ea2bb0 ("sanitized/minimized",
 * captured 2026-06-05 / 2026-06-08); CWC = robertpiosik/CodeWebChat chatbots/claude.ts @2bca34a1
 * (2026-08-10). C2M's captures drop the per-message wrappers, so the turn-structure test puts
 * C2M's turn content into the wrappers TOK and CWC name (said so there).
 * Run: node --import tsx --test test/browser/heldout/claude.test.ts
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { claudeAdapter } from '../../../src/browser/adapters/claude';
import { pageSelectorsOf } from '../../../src/browser/pageSelectors';
import { buildPageScript } from '../../../src/browser/page/pageRuntime';
import { sharedTestBrowser } from '../harness';
import { heldoutRuntime } from './heldoutRuntime';

const selectors = pageSelectorsOf(claudeAdapter);
const NONCE = 'heldout2';
const { watchTurn, extract, matched, probe, domMarkdown } = heldoutRuntime(selectors, NONCE);
const testBrowser = sharedTestBrowser();

/** A page holding `body`, with the page runtime installed and every button recording its click. */
async function loadCapture(body: string, title = 'Claude'): Promise<Page> {
  const page = await testBrowser().newPage();
  await page.setContent(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`);
  await page.evaluate(buildPageScript());
  // A click on any button "copies" a description of that button (through the intercepted
  // clipboard), so an extraction tells which button the runtime chose.
  await page.evaluate(() => {
    for (const button of Array.from(document.querySelectorAll('button'))) {
      const owner = button.closest('[data-test-render-count]')?.getAttribute('data-test-render-count') ?? 'no wrapper';
      button.addEventListener('click', () => void navigator.clipboard.writeText(`clicked ${button.getAttribute('aria-label') ?? button.textContent} in wrapper ${owner}`));
    }
  });
  return page;
}

/** C2M code-basic.html's assistant content, re-typed: thinking summary, heading, code group, list. */
const C2M_ANSWER_BLOCKS = `<h3>Converting Fahrenheit to Celsius in Python</h3>
<p>The formula is: <strong>C = (F - 32) x 5/9</strong></p>
<div role="group" aria-label="python code">
  <button aria-label="Copy to clipboard"></button>
  <span>python</span>
  <pre class="code-block__code"><code class="language-python">def fahrenheit_to_celsius(fahrenheit):
    return round((fahrenheit - 32) * 5 / 9, 2)</code></pre>
</div>
<p><strong>Breaking it down:</strong></p>
<ul>
  <li><code>def</code> starts a function definition.</li>
  <li><code>return</code> sends the result back.</li>
</ul>`;

const C2M_ANSWER_MARKDOWN = [
  '### Converting Fahrenheit to Celsius in Python',
  'The formula is: **C = (F - 32) x 5/9**',
  '```python\ndef fahrenheit_to_celsius(fahrenheit):\n    return round((fahrenheit - 32) * 5 / 9, 2)\n```',
  '**Breaking it down:**',
  '- `def` starts a function definition.\n- `return` sends the result back.',
].join('\n\n');

/**
 * One user + one assistant message in the 2026 structure: the list and body classes of TOK's
 * answer / busy selectors (@1edd2d1b, 2026-07-21), the footer as the second child of the
 * render-count wrapper's inner div (CWC @2bca34a1, 2026-08-10), the content, both "Message
 * actions" groups, the thinking summary and the code group of C2M code-basic (2026-06-08).
 */
function turnPair(options: { streaming: boolean; answer: string; footer: boolean; afterAnswer?: string }): string {
  const footer = options.footer
    ? `<div><div role="group" aria-label="Message actions">
        <button data-testid="action-bar-copy" aria-label="Copy"></button>
        <button data-testid="action-bar-read-aloud" aria-label="Read aloud"></button>
        <button data-testid="action-bar-retry" aria-label="Retry"></button>
      </div></div>`
    : '';
  return `<main><div data-testid="virtual-message-list">
  <div data-test-render-count="1"><div>
    <h2 class="sr-only select-none">You said: Teach me a Python function.</h2>
    <div data-testid="user-message"><p>Teach me a beginner Python function that converts Fahrenheit to Celsius.
[ptk:${NONCE}]</p></div>
    <div role="group" aria-label="Message actions">
      <button aria-label="Retry"></button>
      <button data-testid="action-bar-edit" aria-label="Edit"></button>
      <button data-testid="action-bar-copy" aria-label="Copy"></button>
    </div>
  </div></div>
  <div data-test-render-count="2"><div>
    <div data-is-streaming="${options.streaming}">
      <h2 class="sr-only select-none">Claude responded: Converting Fahrenheit to Celsius in Python</h2>
      <div class="font-claude-response">
        <button class="group/status">Identified straightforward educational request</button>
        <span role="status" class="sr-only">Identified straightforward educational request</span>
        <div class="standard-markdown">${options.answer}</div>${options.afterAnswer ?? ''}
      </div>
    </div>
    ${footer}
  </div></div>
</div>
<div data-testid="chat-input" class="ProseMirror" contenteditable="true" role="textbox" aria-label="Write your prompt to Claude"><p><br></p></div></main>`;
}

describe('Claude adapter on re-typed public captures', () => {
  it('TOK composer-idle (2026-07-17): the composer is found by its first selector', async () => {
    const page = await loadCapture('<div data-testid="chat-input" class="ProseMirror" contenteditable="true" role="textbox" aria-label="Write your prompt to Claude"><p><br></p></div>');
    const state = await probe(page);
    assert.equal(state.composerPresent, true);
    assert.equal((await matched(page)).composer, 0);
    await page.close();
  });

  it('TOK conversation-existing (2026-07, accessibility reduction): a chat-input without the ProseMirror class still matches first', async () => {
    const page = await loadCapture(`<main><div role="feed" aria-label="Chat messages"><article aria-label="Message 1"><h2>You said:</h2><p>[redacted]</p></article></div>
<div data-testid="chat-input" role="textbox" contenteditable="true" aria-label="Write your prompt to Claude"></div></main>`);
    assert.equal((await probe(page)).composerPresent, true);
    assert.equal((await matched(page)).composer, 0);
    await page.close();
  });

  it('TOK signed-out-challenge (2026-07-31): the "Performing security verification" interstitial is a bot check, not a login wall', async () => {
    const page = await loadCapture(
      `<div role="main"><div><h1>claude.ai</h1><h2>Performing security verification</h2>
<p>This website uses a security service to protect against malicious bots. This page is displayed while the website verifies you are not a bot.</p></div>
<div>Ray ID: <code>[redacted]</code></div><div>Performance and Security by <a href="#">Cloudflare</a></div></div>`,
      'Just a moment...',
    );
    const state = await probe(page);
    assert.equal(state.botCheck, true);
    assert.equal(state.composerPresent, false);
    assert.equal(state.loginWall, false);
    await page.close();
  });

  it('C2M access-gate-cloudflare (2026-06-05): the interstitial text alone (no title) is a bot check', async () => {
    const page = await loadCapture(
      `<main role="main"><h1>claude.ai</h1><h2>Performing security verification</h2>
<p>This website uses a security service to protect against malicious bots.</p>
<h2>Verification successful. Waiting for claude.ai to respond</h2>
<div class="h2"><span id="challenge-error-text">Enable JavaScript and cookies to continue</span></div></main>`,
      'claude.ai',
    );
    assert.equal((await probe(page)).botCheck, true);
    await page.close();
  });

  it('C2M login-google-oauth (2026-06-05): the login page is a login wall through the email placeholder (fallback 1)', async () => {
    // C2M's sanitized capture drops the data-testid TOK names ("login-with-google"), so the
    // adapter's first login selector misses and the placeholder one carries it.
    const page = await loadCapture(`<main><h2>Think fast, build faster</h2><button>Continue with Google</button>
<label>Email* <input placeholder="Enter your email"></label><button>Continue with email</button><button>Continue with SSO</button></main>`);
    const state = await probe(page);
    assert.equal(state.loginWall, true);
    assert.equal(state.composerPresent, false);
    assert.equal((await matched(page)).loginWall, 1);
    await page.close();
  });

  it('2026 turn structure (TOK + CWC wrappers, C2M content): every list hits its first selector; copy is the assistant\'s, never the user\'s', async () => {
    const page = await loadCapture(turnPair({ streaming: false, answer: C2M_ANSWER_BLOCKS, footer: true }));
    const snapshot = await watchTurn(page);
    assert.equal(snapshot.userTurnFound, true);
    assert.equal(snapshot.assistantTurnFound, true);
    assert.equal(snapshot.streaming, false);
    assert.equal(snapshot.thinking, false, 'the thinking summary that stays after the answer is not thinking');
    assert.equal(snapshot.actionBarPresent, true);
    const found = snapshot.matched;
    assert.equal(found.composer, 0);
    assert.equal(found.userTurn, 0);
    assert.equal(found.assistantTurn, 0);
    assert.equal(found.answerContent, 0);
    assert.equal(found.turnActionBar, 0);
    const copied = await extract(page, 2_000);
    assert.deepEqual(copied, { via: 'copy', text: 'clicked Copy in wrapper 2' });
    assert.equal((await matched(page)).copyButton, 0);
    await page.close();
  });

  it('C2M code-basic (2026-06-08): DOM → markdown keeps the "python code" group\'s language, drops the summary and the label', async () => {
    const page = await loadCapture(turnPair({ streaming: false, answer: C2M_ANSWER_BLOCKS, footer: true }));
    assert.equal(await domMarkdown(page), C2M_ANSWER_MARKDOWN);
    await page.close();
  });

  it('C2M code-basic (2026-06-08) while streaming: the status line before any answer text is thinking, not once the answer shows', async () => {
    const thinkingPage = await loadCapture(turnPair({ streaming: true, answer: '', footer: false }));
    const thinking = await watchTurn(thinkingPage);
    assert.equal(thinking.streaming, true);
    assert.equal(thinking.thinking, true);
    assert.equal(thinking.matched.thinkingIndicator, 0);
    assert.equal(thinking.actionBarPresent, false);
    await thinkingPage.close();
    const answering = await loadCapture(turnPair({ streaming: true, answer: '<p>The formula is</p>', footer: false }));
    const streaming = await watchTurn(answering);
    assert.equal(streaming.thinking, false);
    assert.equal(streaming.streaming, true);
    await answering.close();
  });

  it('C2M research-document-artifact (2026-06-08): the artifact card after the markdown block stays out of the answer', async () => {
    const page = await loadCapture(
      turnPair({
        streaming: false,
        answer: `<p>Here's the Markdown file - you can download it above.</p><ol><li><strong>Simple API</strong> - <code>requests.get(url)</code> is enough.</li></ol>`,
        afterAnswer: `<section class="artifact-card"><button aria-label="View Python requests popularity"></button><span>Python requests popularity</span><span>Document · MD</span><button aria-label="Open in Drive"></button><button aria-label="Download Python requests popularity">Download</button></section>`,
        footer: true,
      }),
    );
    assert.equal(await domMarkdown(page), "Here's the Markdown file - you can download it above.\n\n1. **Simple API** - `requests.get(url)` is enough.");
    await page.close();
  });
});

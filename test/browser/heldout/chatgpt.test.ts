/**
 * Held-out checks of the ChatGPT adapter: minimal structures re-typed from public captures of
 * the live site (never from our replica), loaded with page.setContent in real Chromium, the
 * adapter's selector lists run through the page runtime (watch / snapshot / probe / extract,
 * `matched` = which fallback index hit) and DOM → markdown. Each test names its source and
 * capture date; the markup keeps the captures' element names, attributes and nesting, with
 * shortened text and our nonce added to the user message.
 *
 * Sources: C2M = royharden/Chat-to-Markdown test/fixtures/chatgpt/*.html @79ea2bb0 (captured
 * 2026-06-05, signed out, "sanitized/minimized"); TOK = jazelly/tokenless
 * test/fixtures/provider-dom/chatgpt/signed-in-paid/*.html (redacted reduced DOM, observed dates
 * below); ACF = mcgaffertybodway62-cell/aiweb-copyfix test/fixtures/chatgpt.html @044367e9 (2026,
 * date not shown).
 * Run: node --import tsx --test test/browser/heldout/chatgpt.test.ts
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { chatgptAdapter } from '../../../src/browser/adapters/chatgpt';
import { pageSelectorsOf } from '../../../src/browser/pageSelectors';
import { buildPageScript } from '../../../src/browser/page/pageRuntime';
import { sharedTestBrowser } from '../harness';
import { heldoutRuntime } from './heldoutRuntime';

const selectors = pageSelectorsOf(chatgptAdapter);
const NONCE = 'heldout1';
const { watchTurn, extract, matched, probe, domMarkdown, firstMatchIndex } = heldoutRuntime(selectors, NONCE);
const testBrowser = sharedTestBrowser();

/** A page holding `body`, with the page runtime installed and every button recording its click. */
async function loadCapture(body: string, title = 'ChatGPT'): Promise<Page> {
  const page = await testBrowser().newPage();
  await page.setContent(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`);
  await page.evaluate(buildPageScript());
  // A click on any button "copies" a description of that button (through the intercepted
  // clipboard), so an extraction tells which button the runtime chose.
  await page.evaluate(() => {
    for (const button of Array.from(document.querySelectorAll('button'))) {
      const group = button.closest('[role="group"]')?.getAttribute('aria-label') ?? button.closest('[data-testid]')?.getAttribute('data-testid') ?? 'no group';
      button.addEventListener('click', () => void navigator.clipboard.writeText(`clicked ${button.getAttribute('aria-label') ?? button.textContent} in ${group}`));
    }
  });
  return page;
}

/** Index of the first selector of `list` that `element.closest` finds for the element `target` names (-1: none). */
function closestIndex(page: Page, target: string, list: readonly string[]): Promise<number> {
  return page.evaluate(
    ({ target, list }) => {
      const element = document.querySelector(target)!;
      return list.findIndex((selector) => element.closest(selector) !== null);
    },
    { target, list: [...list] },
  );
}

/** C2M code-basic.html, re-typed: sections without data-turn, both action groups, the framed code block. */
const C2M_CODE_BASIC = `<main>
  <section data-testid="conversation-turn-1">
    <h4 class="sr-only select-none">You said:</h4>
    <div data-message-author-role="user">Teach me a beginner Python function that converts Fahrenheit to Celsius.
[ptk:${NONCE}]</div>
    <div role="group" aria-label="Your message actions"><button data-testid="copy-turn-action-button" aria-label="Copy message"></button></div>
  </section>
  <section data-testid="conversation-turn-2">
    <h4 class="sr-only select-none">ChatGPT said:</h4>
    <div data-message-author-role="assistant">
      <p>A Python function is a reusable block of code.</p>
      <div class="code-block">
        <span>Python</span>
        <button aria-label="Copy"></button>
        <pre class="overflow-visible"><code>def fahrenheit_to_celsius(fahrenheit):
    return (fahrenheit - 32) * 5 / 9</code></pre>
      </div>
      <h3>How it works</h3>
    </div>
    <div role="group" aria-label="Response actions">
      <button data-testid="copy-turn-action-button" aria-label="Copy response"></button>
      <button aria-label="Share"></button>
    </div>
  </section>
</main>`;

/** C2M research-writing-block-sources.html, re-typed: a writing block with its own Copy, a citation pill, a sponsored card after the turn. */
const C2M_WRITING_BLOCK = `<main>
  <section data-testid="conversation-turn-1">
    <h4 class="sr-only select-none">You said:</h4>
    <div data-message-author-role="user">Create a short Markdown file about the requests library. [ptk:${NONCE}]</div>
  </section>
  <section data-testid="conversation-turn-2">
    <h4 class="sr-only select-none">ChatGPT said:</h4>
    <div data-message-author-role="assistant">
      <p>Here's a short Markdown file you can copy into <code>requests-popularity.md</code>:</p>
      <div data-testid="writing-block-container">
        <div data-testid="writing-block-header-sticky-container">
          <button data-testid="writing-block-header-magic-edit-button" aria-label="Edit"></button>
          <button aria-label="Copy"></button>
        </div>
        <article>
          <h1>Why Requests Is Popular</h1>
          <p>Sources: <span data-testid="webpage-citation-pill"><a href="https://pypi.org/project/requests/">pypi.org +1</a></span></p>
        </article>
      </div>
    </div>
    <div role="group" aria-label="Response actions">
      <button data-testid="copy-turn-action-button" aria-label="Copy response"></button>
      <button aria-label="Share"></button>
      <button aria-label="Sources">Sources</button>
    </div>
  </section>
  <aside data-testid="image-card-v2" role="link" data-sponsored="true"><p>Guidde</p><p>Sponsored</p></aside>
</main>`;

describe('ChatGPT adapter on re-typed live captures (held out)', () => {
  it('C2M code-basic (captured 2026-06-05): finds both turns, the Response actions bar, copies through "Copy response" and never the user turn\'s or the code block\'s Copy', async () => {
    const page = await loadCapture(C2M_CODE_BASIC);
    try {
      const snapshot = await watchTurn(page);
      assert.ok(snapshot.userTurnFound && snapshot.assistantTurnFound);
      assert.ok(snapshot.actionBarPresent, 'the Response actions group counts as the finished bar');
      assert.equal(snapshot.matched.userTurn, 0);
      assert.equal(snapshot.matched.assistantTurn, 0);
      assert.equal(snapshot.matched.turnActionBar, 0);
      // The sanitized capture has no `data-turn`: the turn scope is the section (index 0).
      assert.equal(await closestIndex(page, '[data-message-author-role="assistant"]', selectors.turnScope), 0);
      const copied = await extract(page, 1_000);
      assert.deepEqual(copied, { via: 'copy', text: 'clicked Copy response in Response actions' });
      assert.equal((await matched(page)).copyButton, 0);
    } finally {
      await page.close();
    }
  });

  it('C2M code-basic (captured 2026-06-05): DOM → markdown keeps the code block\'s language from its label span, once, without a stray "Python" line', async () => {
    const page = await loadCapture(C2M_CODE_BASIC);
    try {
      const markdown = await domMarkdown(page);
      assert.equal(markdown, 'A Python function is a reusable block of code.\n\n```python\ndef fahrenheit_to_celsius(fahrenheit):\n    return (fahrenheit - 32) * 5 / 9\n```\n\n### How it works');
    } finally {
      await page.close();
    }
  });

  it('C2M research-writing-block-sources (captured 2026-06-05): no copy selector reaches the writing block\'s Copy, even when the copy testid is gone', async () => {
    const page = await loadCapture(C2M_WRITING_BLOCK);
    try {
      const hitsWritingBlock = await page.evaluate(
        (list) => list.filter((selector) => Array.from(document.querySelectorAll(selector)).some((button) => button.closest('[data-testid="writing-block-container"]'))),
        [...selectors.copyButton],
      );
      assert.deepEqual(hitsWritingBlock, []);
      await watchTurn(page);
      assert.deepEqual(await extract(page, 1_000), { via: 'copy', text: 'clicked Copy response in Response actions' });
      assert.equal((await matched(page)).copyButton, 0);
      // Drift: the copy testid disappears; the aria-label inside the Response actions group still finds it.
      await page.evaluate(() => document.querySelectorAll('[data-testid="copy-turn-action-button"]').forEach((button) => button.removeAttribute('data-testid')));
      await watchTurn(page);
      assert.deepEqual(await extract(page, 1_000), { via: 'copy', text: 'clicked Copy response in Response actions' });
      assert.equal((await matched(page)).copyButton, 2);
    } finally {
      await page.close();
    }
  });

  it('C2M research-writing-block-sources (captured 2026-06-05): DOM → markdown keeps the writing block and its citation, leaves the sponsored card out', async () => {
    const page = await loadCapture(C2M_WRITING_BLOCK);
    try {
      const markdown = await domMarkdown(page);
      assert.match(markdown, /# Why Requests Is Popular/);
      assert.match(markdown, /\[pypi\.org \+1\]\(https:\/\/pypi\.org\/project\/requests\/\)/);
      assert.doesNotMatch(markdown, /Sponsored|Guidde|Edit/);
    } finally {
      await page.close();
    }
  });

  it('C2M access-gate-cloudflare (captured 2026-06-05): the "Verification successful" interstitial without a composer is a bot check', async () => {
    const page = await loadCapture(
      `<main role="main"><div class="challenge">Verification successful. Waiting for chatgpt.com to respond
        <div class="h2"><span id="challenge-error-text">Enable JavaScript and cookies to continue</span></div></div>
        <input type="hidden" name="cf-turnstile-response" value=""></main>`,
      'chatgpt.com',
    );
    try {
      const state = await probe(page);
      assert.equal(state.composerPresent, false);
      assert.equal(state.botCheck, true);
      assert.equal((await matched(page)).botCheck, 3, 'found by #challenge-error-text');
    } finally {
      await page.close();
    }
  });

  it('TOK composer-idle (observed 2026-07-17, signed in): the ProseMirror editor is the composer, not the hidden textarea next to it', async () => {
    const page = await loadCapture(
      `<textarea name="prompt-textarea" aria-label="Chat with ChatGPT"></textarea>
       <div id="prompt-textarea" class="ProseMirror" contenteditable="true" role="textbox" aria-label="Chat with ChatGPT"><p><br></p></div>`,
    );
    try {
      const state = await probe(page);
      assert.ok(state.composerPresent);
      assert.equal(state.loginWall, false);
      assert.equal(state.guest, false);
      assert.equal((await matched(page)).composer, 0);
      const chosen = await page.evaluate((selector) => document.querySelector(selector)!.tagName, selectors.composer[0]!);
      assert.equal(chosen, 'DIV');
    } finally {
      await page.close();
    }
  });

  it('TOK composer-no-choice-controls (observed 2026-07-28, signed in): a bare contenteditable textbox is found by fallback 2, the send testid by 0', async () => {
    const page = await loadCapture(
      `<div role="button" data-testid="accounts-profile-button" aria-label="[redacted] Pro, open profile menu"></div>
       <button data-testid="composer-plus-btn" aria-label="Add files and more"></button>
       <textarea></textarea>
       <div role="textbox" contenteditable="true"></div>
       <button data-testid="send-button" aria-label="Send prompt"></button>`,
    );
    try {
      assert.ok((await probe(page)).composerPresent);
      assert.equal((await matched(page)).composer, 2);
      assert.equal(await firstMatchIndex(page, chatgptAdapter.selectors.sendButton), 0);
    } finally {
      await page.close();
    }
  });

  it('ACF chatgpt.html (2026): the answer is `.markdown…markdown-new-styling`; CodeMirror code blocks keep their language with no header line', async () => {
    // ACF captures the answer body only; the two sections around it follow C2M's turn shape.
    const block = (language: string, code: string): string =>
      `<pre class="overflow-visible" data-start="1" data-end="3"><div class="relative w-full mt-4 mb-1"><div class=""><div class="contents"><div class="border border-token-border-light rounded-3xl"><div class="relative h-full w-full overflow-clip rounded-3xl"><div class="select-none sticky top-0"><div class="flex"><span>${language}</span><button>Copy</button><button>Download</button></div></div><pre class="cm-content"><code>${code}</code></pre></div></div></div></div></div></pre>`;
    const page = await loadCapture(`<main>
      <section data-testid="conversation-turn-1" data-turn="user"><div data-message-author-role="user">Show me code. [ptk:${NONCE}]</div></section>
      <section data-testid="conversation-turn-2" data-turn="assistant"><div data-message-author-role="assistant">
        <div class="markdown prose dark:prose-invert wrap-break-word w-full light markdown-new-styling">
          <h1 data-start="0" data-end="12">Markdown test</h1>
          <p>Python:</p>
          ${block('python', 'print(<span class="tok-string">&quot;hello&quot;</span>)\nreturn <span class="tok-number">0</span>')}
          <p>Bash:</p>
          ${block('bash', 'echo <span class="tok-string">&quot;hello&quot;</span>\nexit <span class="tok-number">0</span>')}
        </div></div></section></main>`);
    try {
      const snapshot = await watchTurn(page);
      assert.equal(snapshot.matched.answerContent, 0);
      const markdown = await domMarkdown(page);
      assert.equal(markdown, '# Markdown test\n\nPython:\n\n```python\nprint("hello")\nreturn 0\n```\n\nBash:\n\n```bash\necho "hello"\nexit 0\n```');
    } finally {
      await page.close();
    }
  });
});

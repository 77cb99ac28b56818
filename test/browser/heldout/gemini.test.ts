/**
 * Held-out checks of the Gemini adapter: minimal structures re-typed from public captures of the
 * live site (never from our replica), loaded with page.setContent in real Chromium, the
 * adapter's selector lists run through the page runtime (watch / snapshot / probe / extract,
 * `matched` = which fallback index hit) and DOM → markdown. Each test names its source and
 * capture date; the markup keeps the captures' element names, attributes and nesting, with
 * shortened text and our nonce added to the user message.
 *
 * Sources: TOK = jazelly/tokenless test/fixtures/provider-dom/gemini/** (redacted reduced DOM,
 * observed dates below); C2M = royharden/Chat-to-Markdown test/fixtures/gemini/*.html @79ea2bb0
 * (captured 2026-06-05, signed out, "sanitized/minimized"); ACF = mcgaffertybodway62-cell/
 * aiweb-copyfix test/fixtures/gemini.html @044367e9 (2026, date not shown); GV =
 * Nagi-ovo/gemini-voyager a3644075 (2026-02-14, the expanded-thoughts shape it describes).
 * Run: node --import tsx --test test/browser/heldout/gemini.test.ts
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { geminiAdapter } from '../../../src/browser/adapters/gemini';
import { pageSelectorsOf } from '../../../src/browser/pageSelectors';
import { buildPageScript } from '../../../src/browser/page/pageRuntime';
import { sharedTestBrowser } from '../harness';
import { heldoutRuntime } from './heldoutRuntime';

const selectors = pageSelectorsOf(geminiAdapter);
const NONCE = 'heldout2';
const { watchTurn, extract, matched, probe, domMarkdown, firstMatchIndex } = heldoutRuntime(selectors, NONCE);
const testBrowser = sharedTestBrowser();

/** A page holding `body`, with the page runtime installed and every button recording its click. */
async function loadCapture(body: string): Promise<Page> {
  const page = await testBrowser().newPage();
  await page.setContent(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Gemini</title></head><body>${body}</body></html>`);
  await page.evaluate(buildPageScript());
  // A click on any button "copies" a description of that button (through the intercepted
  // clipboard), so an extraction tells which button the runtime chose.
  await page.evaluate(() => {
    for (const button of Array.from(document.querySelectorAll('button'))) {
      const owner = button.closest('.response-footer, code-block, .code-block, user-query')?.className || button.closest('user-query, model-response')?.tagName.toLowerCase() || 'page';
      button.addEventListener('click', () => void navigator.clipboard.writeText(`clicked ${button.getAttribute('aria-label')} in ${owner}`));
    }
  });
  return page;
}

/** C2M code-basic.html, re-typed: the conversation container, the user query, the answer and its complete footer. */
const C2M_CODE_BASIC = `<main>
  <h1 class="cdk-visually-hidden">Conversation with Gemini</h1>
  <div class="conversation-container message-actions-hover-boundary">
    <user-query>
      <span class="cdk-visually-hidden screen-reader-user-query-label">You said</span>
      <div class="query-text gds-body-l" role="heading">Teach me a beginner Python function that converts Fahrenheit to Celsius. [ptk:${NONCE}]</div>
      <button aria-label="Copy prompt"></button>
      <button aria-label="Edit"></button>
    </user-query>
    <model-response>
      <div class="response-container response-container-with-gpi">
        <h2 class="cdk-visually-hidden screen-reader-model-response-label">Gemini said</h2>
        <message-content>
          <p>Converting temperatures is a classic way to practice writing functions.</p>
          <h3>The Python Code</h3>
          <div class="code-block">
            <span class="language-label">Python</span>
            <button aria-label="Download code"></button>
            <button aria-label="Copy code"></button>
            <pre><code role="text" class="code-container formatted">def fahrenheit_to_celsius(fahrenheit):
    return (fahrenheit - 32) * 5 / 9</code></pre>
          </div>
          <h3>Breaking It Down</h3>
          <p>The <code>def</code> keyword creates the function.</p>
        </message-content>
        <div class="response-footer gap complete">
          <button aria-label="Redo"></button>
          <button aria-label="Copy"></button>
          <button aria-label="Show more options" aria-expanded="false"></button>
        </div>
      </div>
    </model-response>
  </div>
</main>`;

/**
 * TOK response-complete-source-badges.html (observed 2026-08-10), re-typed: `response-container >
 * message-content > div.markdown.markdown-main-panel` with inline source chips. The capture is
 * the response alone; the `user-query` / `model-response` around it come from C2M's capture.
 */
const TOK_SOURCE_BADGES = `<div class="conversation-container">
  <user-query><div class="query-text" role="heading">Summarise the sources. [ptk:${NONCE}]</div></user-query>
  <model-response>
    <response-container class="reduced-bottom-padding enable-luminous-sources">
      <message-content>
        <div class="markdown markdown-main-panel md-content enable-luminous-fast-follows enable-updated-hr-color tutor-markdown-rendering">
          <p><span><b>First point</b> the answer text</span><span></span><span>.</span><sources-carousel-inline><source-inline-chip><span class="source-title">MD</span></source-inline-chip></sources-carousel-inline></p>
          <ul>
            <li><p><span><b>Label</b> more answer text</span><sources-carousel-inline><source-inline-chip><span class="source-title">MD</span><span class="source-count">+ 1</span></source-inline-chip></sources-carousel-inline></p></li>
          </ul>
        </div>
      </message-content>
    </response-container>
  </model-response>
</div>`;

/** ACF gemini.html, re-typed: two `code-block` elements with their decoration (language, copy, download labels as spans). */
const ACF_CODE_BLOCKS = `<section class="conversation-container">
  <user-query><div class="query-text" role="heading">Show me code. [ptk:${NONCE}]</div></user-query>
  <model-response>
    <message-content>
      <div class="markdown markdown-main-panel">
        <p>Python:</p>
        <code-block class="code-block" animated-opacity="true">
          <div class="code-block-decoration"><span>python</span><span>复制</span><span>下载</span></div>
          <div class="formatted-code-block-internal-container"><div class="code-block-content"><pre><code data-test-id="code-content">print(<span>&quot;hello&quot;</span>)
return <span>0</span></code></pre></div></div>
        </code-block>
        <p>Bash:</p>
        <code-block class="code-block" animated-opacity="true">
          <div class="code-block-decoration"><span>bash</span><span>复制</span><span>下载</span></div>
          <div class="formatted-code-block-internal-container"><div class="code-block-content"><pre><code data-test-id="code-content">echo <span>&quot;hello&quot;</span>
exit <span>0</span></code></pre></div></div>
        </code-block>
      </div>
    </message-content>
  </model-response>
</section>`;

describe('held-out: Gemini adapter on re-typed public captures', () => {
  it('TOK composer-idle (observed 2026-07-17): the Quill composer is the first choice, no login wall', async () => {
    const page = await loadCapture(
      '<rich-textarea><div class="ql-editor" data-gramm="false" contenteditable="true" role="textbox" aria-multiline="true" aria-label="Enter a prompt for Gemini"><p><br></p></div></rich-textarea>',
    );
    const state = await probe(page);
    assert.equal(state.composerPresent, true);
    assert.equal(state.loginWall, false);
    assert.equal(state.guest, false);
    assert.equal((await matched(page)).composer, 0);
    await page.close();
  });

  it('TOK signed-out-guest mode-picker (observed 2026-07-28): a bare textbox (composer fallback 1) next to "Sign in" is a guest page', async () => {
    const page = await loadCapture(
      '<button aria-label="Sign in"></button><div role="textbox" contenteditable="true" aria-label="Enter a prompt for Gemini"></div><button data-test-id="bard-mode-menu-button" aria-label="Open mode picker, currently Flash-Lite">Flash-Lite</button>',
    );
    const state = await probe(page);
    assert.equal(state.composerPresent, true);
    assert.equal(state.guest, true, 'a working composer and a Sign in button: chatting as a guest');
    assert.equal(state.loginWall, false, 'not a login wall');
    const indexes = await matched(page);
    assert.equal(indexes.composer, 1);
    assert.equal(indexes.loginWall, 2, 'button[aria-label="Sign in"]');
    await page.close();
  });

  it('C2M code-basic (captured 2026-06-05): turns, the complete footer (bar 0) and its Copy (copy fallback 3), never Copy code or Copy prompt', async () => {
    const page = await loadCapture(C2M_CODE_BASIC);
    const snapshot = await watchTurn(page);
    assert.equal(snapshot.userTurnFound, true);
    assert.equal(snapshot.assistantTurnFound, true);
    assert.equal(snapshot.actionBarPresent, true, '.response-footer.complete');
    assert.equal(snapshot.stopVisible, false);
    assert.equal(snapshot.thinking, false);
    assert.deepEqual(
      { userTurn: snapshot.matched.userTurn, assistantTurn: snapshot.matched.assistantTurn, answerContent: snapshot.matched.answerContent, turnActionBar: snapshot.matched.turnActionBar },
      { userTurn: 0, assistantTurn: 0, answerContent: 2, turnActionBar: 0 },
      'message-content holds the markup directly here (answer fallback 2)',
    );
    const result = await extract(page, 500);
    assert.deepEqual(result, { via: 'copy', text: 'clicked Copy in response-footer gap complete' });
    assert.equal((await matched(page)).copyButton, 3);
    await page.close();
  });

  it('C2M code-basic (captured 2026-06-05): DOM → markdown keeps the "Python" label as the fence language, no stray label line', async () => {
    const page = await loadCapture(C2M_CODE_BASIC);
    const markdown = await domMarkdown(page);
    assert.equal(
      markdown,
      [
        'Converting temperatures is a classic way to practice writing functions.',
        '### The Python Code',
        '```python\ndef fahrenheit_to_celsius(fahrenheit):\n    return (fahrenheit - 32) * 5 / 9\n```',
        '### Breaking It Down',
        'The `def` keyword creates the function.',
      ].join('\n\n'),
    );
    await page.close();
  });

  it('C2M research-sources-generated-file (captured 2026-06-05): a finished processing-state with an empty thoughts container is neither thinking nor answer', async () => {
    const page = await loadCapture(`<div class="conversation-container">
  <user-query><div class="query-text gds-body-l" role="heading">Create a short Markdown file. [ptk:${NONCE}]</div></user-query>
  <model-response>
    <div class="response-container response-container-with-gpi">
      <processing-state class="extension-processing-state">
        <section class="processing-state_container processing-state_container--expanded">
          <button class="processing-state_button" aria-expanded="true">Analysis</button>
          <div class="processing-state_details">Query successful</div>
          <div class="thoughts-container"></div>
        </section>
      </processing-state>
      <h2 class="cdk-visually-hidden screen-reader-model-response-label">Gemini said</h2>
      <message-content><h2>References &amp; Sources</h2><p>Two sources.</p></message-content>
      <div class="response-footer gap complete"><button aria-label="Redo"></button><button aria-label="Copy"></button></div>
    </div>
  </model-response>
</div>`);
    const snapshot = await watchTurn(page);
    assert.equal(snapshot.thinking, false);
    assert.equal(snapshot.actionBarPresent, true);
    assert.equal(await domMarkdown(page), '## References & Sources\n\nTwo sources.');
    await page.close();
  });

  it('TOK response-complete-source-badges (observed 2026-08-10): the answer is the first choice (response-container message-content > .markdown-main-panel)', async () => {
    const page = await loadCapture(TOK_SOURCE_BADGES);
    const snapshot = await watchTurn(page);
    assert.equal(snapshot.assistantTurnFound, true);
    assert.equal(snapshot.matched.answerContent, 0);
    assert.equal(snapshot.stopVisible, false, 'the capture notes no "Stop response" once complete');
    await page.close();
  });

  it('TOK response-complete-source-badges (observed 2026-08-10): DOM → markdown drops the inline source chips', async () => {
    const page = await loadCapture(TOK_SOURCE_BADGES);
    assert.equal(await domMarkdown(page), '**First point** the answer text.\n\n- **Label** more answer text');
    await page.close();
  });

  it('ACF gemini.html (2026): code-block decorations give the fence languages, their labels are not printed', async () => {
    const page = await loadCapture(ACF_CODE_BLOCKS);
    assert.equal(await domMarkdown(page), 'Python:\n\n```python\nprint("hello")\nreturn 0\n```\n\nBash:\n\n```bash\necho "hello"\nexit 0\n```');
    await page.close();
  });

  it('GV a3644075 (2026-02-14): an expanded thoughts panel holds a second message-content before the answer; the answer selectors skip it', async () => {
    const page = await loadCapture(`<div class="conversation-container">
  <user-query><div class="query-text" role="heading">Think first. [ptk:${NONCE}]</div></user-query>
  <model-response>
    <response-container>
      <div class="response-container">
        <model-thoughts>
          <div class="thoughts-container">
            <button class="thoughts-header-button" aria-expanded="true">Show thinking</button>
            <div class="thoughts-content"><message-content><div class="markdown markdown-main-panel"><p>Draft: &lt;TOOL_CALL&gt;not this&lt;/TOOL_CALL&gt;</p></div></message-content></div>
          </div>
        </model-thoughts>
        <message-content><div class="markdown markdown-main-panel"><p>The real answer.</p></div></message-content>
        <div class="response-footer gap complete">
          <message-actions><div class="actions-container-v2"><div class="buttons-container-v2">
            <copy-button><button aria-label="Copy"><mat-icon fonticon="content_copy">content_copy</mat-icon></button></copy-button>
          </div></div></message-actions>
        </div>
      </div>
    </response-container>
  </model-response>
</div>`);
    const snapshot = await watchTurn(page);
    assert.equal(snapshot.matched.answerContent, 0);
    assert.equal(await domMarkdown(page), 'The real answer.');
    await watchTurn(page);
    assert.deepEqual(await extract(page, 500), { via: 'copy', text: 'clicked Copy in response-footer gap complete' });
    assert.equal((await matched(page)).copyButton, 0, 'copy-button > button (lr26, no data-test-id)');
    await page.close();
  });

  it('ARA selectors (verified 2026-09-03), ORA spinner (2026-03-08): while answering, the stop control is the first choice and the thoughts spinner counts as thinking', async () => {
    const page = await loadCapture(`<div class="conversation-container">
  <user-query><div class="query-text" role="heading">Go. [ptk:${NONCE}]</div></user-query>
  <model-response><model-thoughts><div class="thoughts-container"><button class="thoughts-header-button">Thinking</button><div role="progressbar" style="width:8px;height:8px"></div></div></model-thoughts><message-content></message-content></model-response>
</div>
<rich-textarea><div class="ql-editor" contenteditable="true" role="textbox" aria-label="Enter a prompt for Gemini"></div></rich-textarea>
<gem-icon-button class="send-button stop"><button aria-label="Stop response"><mat-icon fonticon="stop">stop</mat-icon></button></gem-icon-button>`);
    const snapshot = await watchTurn(page);
    assert.equal(snapshot.stopVisible, true);
    assert.equal(snapshot.thinking, true);
    assert.equal(snapshot.actionBarPresent, false);
    assert.equal(snapshot.matched.stopButton, 0);
    assert.equal(await firstMatchIndex(page, geminiAdapter.selectors.sendButton), -1, 'no send button while answering');
    await page.close();
  });
});

/**
 * Held-out checks of the DeepSeek adapter: minimal structures re-typed from public captures of
 * the live site (never from our replica), loaded with page.setContent in real Chromium, the
 * adapter's selector lists run through the page runtime (watch / snapshot / probe / extract,
 * `matched` = which fallback index hit) and DOM → markdown. Each test names its source and
 * capture date; the markup keeps the captures' element names, attributes and nesting, with
 * shortened text and our nonce added to the user message.
 *
 * Sources: TOK = jazelly/tokenless test/fixtures/provider-dom/deepseek/signed-in-unknown/*.html
 * (redacted reduced DOM observed 2026-08-01; response-complete / composer-expert @f660f76c,
 * deepthink-response-complete @3f210569, composer-instant @06908f82); ACF =
 * mcgaffertybodway62-cell/aiweb-copyfix test/fixtures/deepseek.html @044367e9 and its later
 * version ffa4fd34 (2026, date not shown); BDE = blueberrycongee/DeepSeek-Chat-Exporter
 * deepseek_chat_exporter.user.js / BREAK_FIX_GUIDE.md @7468962f (selectors of 2025-09-08); CWC =
 * robertpiosik/CodeWebChat chatbots/deepseek.ts @2bca34a1 (2026-08-10). TOK's reduced DOM has no
 * user message (history redacted): the turn tests add one in the shape of the 2026 scripts (said
 * so there).
 * Run: node --import tsx --test test/browser/heldout/deepseek.test.ts
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { deepSeekAdapter } from '../../../src/browser/adapters/deepseek';
import { pageSelectorsOf } from '../../../src/browser/pageSelectors';
import { buildPageScript } from '../../../src/browser/page/pageRuntime';
import { sharedTestBrowser } from '../harness';
import { heldoutRuntime } from './heldoutRuntime';

const selectors = pageSelectorsOf(deepSeekAdapter);
const NONCE = 'heldout3';
const { watchTurn, extract, matched, probe, domMarkdown, firstMatchIndex } = heldoutRuntime(selectors, NONCE);
const testBrowser = sharedTestBrowser();

/** A page holding `body`, with the page runtime installed and every role=button recording its click. */
async function loadCapture(body: string): Promise<Page> {
  const page = await testBrowser().newPage();
  await page.setContent(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>DeepSeek - Into the Unknown</title></head><body>${body}</body></html>`);
  await page.evaluate(buildPageScript());
  // A click on any control "copies" its position (through the intercepted clipboard), so an
  // extraction tells which control the runtime chose.
  await page.evaluate(() => {
    for (const control of Array.from(document.querySelectorAll('[role="button"]'))) {
      const item = control.closest('[data-virtual-list-item-key]')?.getAttribute('data-virtual-list-item-key') ?? 'no item';
      const position = Array.from(control.parentElement?.children ?? []).indexOf(control);
      control.addEventListener('click', () => void navigator.clipboard.writeText(`clicked control ${position} of item ${item}`));
    }
  });
  return page;
}

/** TOK composer-instant.html (2026-08-01), re-typed: radios, textarea, toggles, file input, attach, send. */
const TOK_COMPOSER_INSTANT = `<main>
  <div role="radiogroup">
    <div role="radio" aria-checked="true"><span>Instant</span></div>
    <div role="radio" aria-checked="false"><span>Expert</span></div>
    <div role="radio" aria-checked="false"><span>Vision</span></div>
  </div>
  <textarea name="search" placeholder="Message DeepSeek"></textarea>
  <div class="ds-toggle-button ds-toggle-button--m ds-toggle-button--selected" aria-pressed="true"><span>DeepThink</span></div>
  <div class="ds-toggle-button ds-toggle-button--m ds-toggle-button--selected" aria-pressed="true"><span>Search</span></div>
  <input type="file" multiple>
  <div role="button" class="ds-button ds-button--iconLabelPrimary"></div>
  <div role="button" class="ds-button ds-button--primary ds-button--disabled"></div>
</main>`;

/**
 * A user message and an answer in the 2026 list: the items and the user text in the shape of
 * the 2026 scripts (`.ds-virtual-list-visible-items > [data-virtual-list-item-key] >
 * .ds-message`, `.ds-collapsible-text`; unattributed), the answer of TOK response-complete /
 * deepthink-response-complete (2026-08-01) or ACF, the footer of CWC (`div.ds-message + div >
 * div.ds-flex`, copy first) with the five `ds-button--icon` controls of the 2026 scripts, the
 * composer of TOK response-complete.
 */
function turnPair(answerMessage: string, options: { footer: boolean }): string {
  const footer = options.footer
    ? `<div><div class="ds-flex _965abe9 _54866f7">${'<div role="button" class="ds-button ds-button--icon"></div>'.repeat(5)}</div></div>`
    : '';
  return `<main><div class="ds-virtual-list"><div class="ds-virtual-list-items"><div class="ds-virtual-list-visible-items">
  <div data-virtual-list-item-key="user-1">
    <div class="ds-message"><div class="fbb737a4"><div class="ds-collapsible-text">Write hello world in C.
[ptk:${NONCE}]</div></div></div>
    <div><div class="ds-flex"><div role="button" class="ds-button ds-button--icon"></div><div role="button" class="ds-button ds-button--icon"></div></div></div>
  </div>
  <div data-virtual-list-item-key="assistant-1">
    ${answerMessage}
    ${footer}
  </div>
</div></div>
<textarea name="search" placeholder="Message DeepSeek"></textarea>
<input type="file" multiple>
<div role="button" class="ds-button ds-button--primary ds-button--disabled"></div>
</div></main>`;
}

/** ACF deepseek.html @ffa4fd34 code block, re-typed: banner with label and button texts, `<pre>` straight after it, no `<code>`. */
const ACF_C_BLOCK = `<p class="ds-markdown-paragraph"><span>Here is hello world in C:</span></p>
<div class="md-code-block md-code-block-light">
<div class="md-code-block-banner-wrap"><div class="md-code-block-banner md-code-block-banner-lite"><div class="_121d384">
<div class="d2a24f03"><span class="d813de27">c</span></div>
<div class="d2a24f03 _246a029"><span class="code-info-button-text">Copy</span><span class="code-info-button-text">Download</span></div>
</div></div></div>
<pre><span><span class="token keyword">#include</span> <span class="token string">&lt;stdio.h&gt;</span>

<span class="token keyword">int</span> <span class="token function">main</span>() {
    printf(<span class="token string">"Hello, World!\\n"</span>);
}
</span></pre>
</div>`;

/** ACF deepseek.html @044367e9, re-typed: two code blocks with the `md-code-block-content` wrapper and role=button banner controls. */
const ACF_TWO_BLOCKS = `<h1><span>Markdown test</span></h1>
<p class="ds-markdown-paragraph">Inline <code>code_test()</code> and a <a href="https://example.com"><span>link</span></a>.</p>
<p>Python:</p>
<div class="md-code-block md-code-block-light">
  <div class="md-code-block-banner-wrap"><div class="md-code-block-banner md-code-block-banner-lite"><div class="_121d384"><div class="d2a24f03"><span class="d813de27">python</span></div><div class="d2a24f03 _246a029"><div class="efa13877"><div role="button"><span class="code-info-button-text">Copy</span></div><div role="button"><span>Download</span></div></div></div></div></div></div>
  <div class="md-code-block-content"><pre><span class="token">print(</span><span class="token">&quot;hello&quot;</span><span class="token">)</span>
return <span class="token">0</span></pre></div>
</div>
<p>Bash:</p>
<div class="md-code-block md-code-block-light">
  <div class="md-code-block-banner-wrap"><div class="md-code-block-banner md-code-block-banner-lite"><div class="_121d384"><div class="d2a24f03"><span class="d813de27">bash</span></div><div class="d2a24f03 _246a029"><div class="efa13877"><div role="button"><span class="code-info-button-text">Copy</span></div><div role="button"><span>Download</span></div></div></div></div></div></div>
  <div class="md-code-block-content"><pre><span class="token">echo </span><span class="token">&quot;hello&quot;</span>
exit <span class="token">0</span></pre></div>
</div>`;

describe('DeepSeek adapter on re-typed public captures', () => {
  it('TOK composer-instant (2026-08-01): composer first selector; send only once enabled; the enabled control with an empty input is the stop', async () => {
    const page = await loadCapture(TOK_COMPOSER_INSTANT);
    assert.equal((await probe(page)).composerPresent, true);
    assert.equal((await matched(page)).composer, 0);
    // Empty input, control disabled: neither send nor stop.
    assert.equal(await firstMatchIndex(page, deepSeekAdapter.selectors.sendButton), -1);
    assert.equal(await firstMatchIndex(page, deepSeekAdapter.selectors.stopButton), -1);
    // Text typed: the control enables and is the send (never the attach control before it).
    await page.fill('textarea[name="search"]', 'hello');
    await page.evaluate(() => document.querySelector('.ds-button--primary')!.classList.remove('ds-button--disabled'));
    assert.equal(await firstMatchIndex(page, deepSeekAdapter.selectors.sendButton), 0);
    assert.equal(await firstMatchIndex(page, deepSeekAdapter.selectors.stopButton), -1);
    assert.equal(await page.locator(deepSeekAdapter.selectors.sendButton[0]!).evaluate((element) => element.className), 'ds-button ds-button--primary');
    // Sent: the input empties while the control stays enabled (CWC's generating rule).
    await page.fill('textarea[name="search"]', '');
    assert.equal(await firstMatchIndex(page, deepSeekAdapter.selectors.stopButton), 0);
    await page.close();
  });

  it('TOK composer-expert (2026-08-01): the toggles and radios are never taken for send or stop', async () => {
    const page = await loadCapture(`<main><div role="radiogroup"><div role="radio" aria-checked="false"><span>Instant</span></div><div role="radio" aria-checked="true"><span>Expert</span></div><div role="radio" aria-checked="false"><span>Vision</span></div></div>
<textarea name="search" placeholder="Message DeepSeek"></textarea>
<div class="ds-toggle-button ds-toggle-button--m ds-toggle-button--selected" aria-pressed="true"><span>DeepThink</span></div>
<div role="button" class="ds-button ds-button--primary ds-button--disabled"></div></main>`);
    assert.equal(await firstMatchIndex(page, deepSeekAdapter.selectors.sendButton), -1);
    assert.equal(await firstMatchIndex(page, deepSeekAdapter.selectors.stopButton), -1);
    await page.close();
  });

  it('TOK response-complete (2026-08-01) in the 2026 list: user, answer, action bar and copy hit their first selectors; copy is the footer\'s first control', async () => {
    const page = await loadCapture(turnPair('<div class="ds-message"><div class="ds-markdown ds-assistant-message-main-content">[redacted-test-response]</div></div>', { footer: true }));
    const snapshot = await watchTurn(page);
    assert.equal(snapshot.userTurnFound, true);
    assert.equal(snapshot.assistantTurnFound, true);
    assert.equal(snapshot.stopVisible, false, 'disabled control: not generating');
    assert.equal(snapshot.thinking, false);
    assert.equal(snapshot.actionBarPresent, true);
    const found = snapshot.matched;
    assert.equal(found.composer, 0);
    assert.equal(found.userTurn, 0);
    assert.equal(found.assistantTurn, 0);
    assert.equal(found.answerContent, 0);
    assert.equal(found.turnActionBar, 0);
    assert.deepEqual(await extract(page, 2_000), { via: 'copy', text: 'clicked control 0 of item assistant-1' });
    assert.equal((await matched(page)).copyButton, 0);
    await page.close();
  });

  it('TOK deepthink-response-complete (2026-08-01): the reasoning before the answer is never the answer, nor thinking once the answer is there', async () => {
    const answer = `<div class="ds-message"><div><div class="ds-think-content"><div class="ds-markdown">[redacted-test-reasoning] &lt;TOOL_CALL&gt;draft&lt;/TOOL_CALL&gt;</div></div></div>
<div class="ds-markdown ds-assistant-message-main-content">[redacted-test-response]</div></div>`;
    const page = await loadCapture(turnPair(answer, { footer: true }));
    const snapshot = await watchTurn(page);
    assert.equal(snapshot.thinking, false);
    assert.equal(snapshot.matched.assistantTurn, 0);
    assert.equal(snapshot.matched.answerContent, 0);
    assert.equal(await domMarkdown(page), '[redacted-test-response]');
    await page.close();
  });

  it('TOK deepthink-response-complete (2026-08-01) without its answer block (mid-reasoning): a message holding only the reasoning is not the answer, nothing of it streams', async () => {
    const page = await loadCapture(turnPair('<div class="ds-message"><div><div class="ds-think-content"><div class="ds-markdown">[redacted-test-reasoning]</div></div></div></div>', { footer: false }));
    const snapshot = await watchTurn(page);
    assert.equal(snapshot.userTurnFound, true);
    assert.equal(snapshot.assistantTurnFound, false);
    assert.equal(snapshot.textLength, 0);
    await page.close();
  });

  it('TOK search-response-complete (2026-08-01): source links stay links in the DOM fallback', async () => {
    const page = await loadCapture(
      turnPair(
        '<div class="ds-message"><div class="ds-markdown ds-assistant-message-main-content">[redacted-test-response] <a href="https://nodejs.org/">https://nodejs.org/</a> <a href="https://raw.githubusercontent.com/nodejs/nodejs.org/main/README.md">-7</a></div></div>',
        { footer: true },
      ),
    );
    assert.equal(await domMarkdown(page), '[redacted-test-response] https://nodejs.org/ [-7](https://raw.githubusercontent.com/nodejs/nodejs.org/main/README.md)');
    await page.close();
  });

  it('ACF deepseek.html @ffa4fd34 (2026): a banner-labelled `<pre>` without `<code>` keeps its language, no label or button text', async () => {
    const page = await loadCapture(turnPair(`<div class="ds-message"><div class="ds-markdown ds-assistant-message-main-content">${ACF_C_BLOCK}</div></div>`, { footer: true }));
    assert.equal(await domMarkdown(page), 'Here is hello world in C:\n\n```c\n#include <stdio.h>\n\nint main() {\n    printf("Hello, World!\\n");\n}\n```');
    await page.close();
  });

  it('ACF deepseek.html @044367e9 (2026): two blocks in `md-code-block-content` wrappers keep python / bash, no stray label lines', async () => {
    const page = await loadCapture(turnPair(`<div class="ds-message"><div class="ds-markdown ds-assistant-message-main-content">${ACF_TWO_BLOCKS}</div></div>`, { footer: true }));
    const markdown = await domMarkdown(page);
    assert.equal(
      markdown,
      [
        '# Markdown test',
        'Inline `code_test()` and a [link](https://example.com).',
        'Python:',
        '```python\nprint("hello")\nreturn 0\n```',
        'Bash:',
        '```bash\necho "hello"\nexit 0\n```',
      ].join('\n\n'),
    );
    await page.close();
  });

  it('BDE (selectors of 2025-09-08): the hashed 2025 items still reach user, answer and footer through their fallbacks', async () => {
    // BDE's map: chat container .dad65929, user ._9663006 .fbb737a4, answer node class _4f9bf79,
    // thinking .e1675d8b, final answer a div.ds-markdown outside it; footer of CWC fd46ca50
    // (2025-09-04): div.ds-message + div + div > div.ds-flex, icon controls.
    const page = await loadCapture(`<div class="dad65929">
  <div class="_9663006"><div class="ds-message _63c77b1"><div class="fbb737a4">Write hello world in C.
[ptk:${NONCE}]</div></div></div>
  <div class="_4f9bf79 _43c05b5"><div class="ds-message _63c77b1"><div class="_74c0879"><div class="_5255ff8 _4d41763">Thought for 3 seconds</div><div class="e1675d8b"><div class="ds-markdown">reasoning</div></div></div><div class="ds-markdown ds-markdown--block"><p>answer</p></div></div>
    <div class="ds-message-feedback-container"></div>
    <div><div class="ds-flex _965abe9"><div class="ds-icon-button" role="button"></div><div class="ds-icon-button" role="button"></div></div></div>
  </div>
</div>
<textarea id="chat-input" placeholder="Message DeepSeek"></textarea>
<input type="file"><div class="ds-icon-button _7436101" role="button" aria-disabled="true"></div>`);
    const snapshot = await watchTurn(page);
    assert.equal(snapshot.assistantTurnFound, true);
    assert.equal(snapshot.actionBarPresent, true);
    const found = snapshot.matched;
    assert.equal(found.composer, 1);
    assert.equal(found.userTurn, 1);
    assert.equal(found.assistantTurn, 1);
    assert.equal(found.answerContent, 1);
    assert.equal(found.turnActionBar, 1);
    assert.deepEqual(await extract(page, 2_000), { via: 'copy', text: 'clicked control 0 of item no item' });
    assert.equal((await matched(page)).copyButton, 1);
    assert.equal(await domMarkdown(page), 'answer');
    await page.close();
  });
});

/**
 * Held-out checks of the Google AI Studio adapter. No public capture of AI Studio's DOM exists
 * (no TOK / C2M / ACF fixture), so each structure here is re-typed from the selectors of
 * projects that drive the live site, never from our replica: ASP = CJackHwang/AIstudioProxyAPI
 * config/selectors.py@e640858 (2026-03-01) and its history (0856998 2025-12-10, 9d31911
 * 2026-01-28), browser_utils/operations.py@fd1da7bb (2026-04-18); CWC = robertpiosik/CodeWebChat
 * chatbots/ai-studio.ts@25d353db (2026-08-11); the unattributed 2026 AI Studio userscript
 * (`ms-code-block[data-test-language]`, `ms-run-button button .spin`). Each structure is the
 * smallest one all of that source's selectors match. Loaded with page.setContent in real
 * Chromium, the adapter's selector lists run through the page runtime (`matched` = which
 * fallback index hit) and DOM → markdown.
 * Run: node --import tsx --test test/browser/heldout/aistudio.test.ts
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { aiStudioAdapter } from '../../../src/browser/adapters/aistudio';
import { pageSelectorsOf } from '../../../src/browser/pageSelectors';
import { classifyBanner } from '../../../src/browser/errorClassifier';
import { buildPageScript } from '../../../src/browser/page/pageRuntime';
import { PTKErrorCode } from '../../../src/core/errors';
import { sharedTestBrowser } from '../harness';
import { heldoutRuntime } from './heldoutRuntime';

const selectors = pageSelectorsOf(aiStudioAdapter);
const NONCE = 'heldout3';
const { watchTurn, extract, matched, probe, firstMatchIndex } = heldoutRuntime(selectors, NONCE);
const testBrowser = sharedTestBrowser();

async function loadStructure(body: string): Promise<Page> {
  const page = await testBrowser().newPage();
  await page.setContent(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Google AI Studio</title></head><body>${body}</body></html>`);
  await page.evaluate(buildPageScript());
  return page;
}

/**
 * A finished exchange as ASP and CWC select it: `ms-chat-turn > .chat-turn-container.user|model`,
 * `.turn-content > ms-prompt-chunk`, the thoughts in `ms-thought-chunk .mat-expansion-panel-body`,
 * the answer in `ms-text-chunk ms-cmark-node.cmark-node`, the hover actions `div.actions-container
 * div ms-chat-turn-options div > button` ("Open options"), the `.turn-footer` thumbs
 * (`button[iconname="thumb_up"]`), a code block `ms-code-block[data-test-language]` (userscript).
 */
const FINISHED_EXCHANGE = `<ms-chat-session><ms-autoscroll-container><div class="chat-session-content">
  <ms-chat-turn id="turn-1">
    <div class="chat-turn-container render user" data-turn-role="User">
      <div class="actions-container"><div><ms-chat-turn-options><div><button aria-label="Open options">more_vert</button></div></ms-chat-turn-options></div></div>
      <div class="turn-content"><ms-prompt-chunk><ms-text-chunk><ms-cmark-node class="cmark-node">Write hello world. [ptk:${NONCE}]</ms-cmark-node></ms-text-chunk></ms-prompt-chunk></div>
    </div>
  </ms-chat-turn>
  <ms-chat-turn id="turn-2">
    <div class="chat-turn-container render model" data-turn-role="Model">
      <div class="actions-container" style="visibility: hidden"><div>
        <button class="toggle-edit-button" aria-label="Edit">edit</button>
        <ms-chat-turn-options><div><button aria-label="Open options">more_vert</button></div></ms-chat-turn-options>
      </div></div>
      <div class="turn-content"><ms-prompt-chunk>
        <ms-thought-chunk><mat-expansion-panel><mat-expansion-panel-header role="button">Thoughts</mat-expansion-panel-header>
          <div class="mat-expansion-panel-content"><div class="mat-expansion-panel-body"><ms-cmark-node class="cmark-node"><p>Draft: &lt;TOOL_CALL&gt;not this&lt;/TOOL_CALL&gt;</p></ms-cmark-node></div></div>
        </mat-expansion-panel></ms-thought-chunk>
        <ms-text-chunk><ms-cmark-node class="cmark-node"><p>Here it is:</p>
          <ms-code-block data-test-language="python"><mat-expansion-panel class="mat-expanded">
            <mat-expansion-panel-header role="button"><mat-panel-title><span class="material-symbols-outlined">code</span><span>Python</span></mat-panel-title></mat-expansion-panel-header>
            <div class="mat-expansion-panel-body"><button aria-label="Copy to clipboard">content_copy</button><button data-test-id="expand-icon-button">expand_less</button><pre><code>print("hello world")</code></pre></div>
          </mat-expansion-panel></ms-code-block>
        </ms-cmark-node></ms-text-chunk>
      </ms-prompt-chunk></div>
      <div class="turn-footer"><button iconname="thumb_up" aria-label="Good response">thumb_up</button><button iconname="thumb_down" aria-label="Bad response">thumb_down</button></div>
    </div>
  </ms-chat-turn>
</div></ms-autoscroll-container></ms-chat-session>`;

/** The options menu AI Studio opens in a CDK overlay (ASP: menuitem "Copy markdown", 4th item; CWC: `markdown_copy` ligature). */
async function wireOptionsMenus(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const trigger of Array.from(document.querySelectorAll('ms-chat-turn-options button'))) {
      const turn = trigger.closest('ms-chat-turn')!.id;
      trigger.addEventListener('click', () => {
        const overlay = document.querySelector('.cdk-overlay-container') ?? document.body.appendChild(Object.assign(document.createElement('div'), { className: 'cdk-overlay-container' }));
        overlay.innerHTML = `<div class="cdk-overlay-pane"><div class="mat-mdc-menu-panel" role="menu"><div class="mat-mdc-menu-content">
          <button class="mat-mdc-menu-item" role="menuitem"><span class="material-symbols-outlined">delete</span><span>Delete</span></button>
          <button class="mat-mdc-menu-item" role="menuitem"><span class="material-symbols-outlined">call_split</span><span>Branch from here</span></button>
          <button class="mat-mdc-menu-item" role="menuitem"><span class="material-symbols-outlined">content_copy</span><span>Copy text</span></button>
          <button class="mat-mdc-menu-item" role="menuitem"><span class="material-symbols-outlined">markdown_copy</span><span>Copy markdown</span></button>
        </div></div></div>`;
        for (const item of Array.from(overlay.querySelectorAll('button'))) {
          item.addEventListener('click', () => {
            // Angular CDK's Clipboard: a temporary textarea, selected, execCommand('copy').
            const area = document.createElement('textarea');
            area.value = `${item.lastElementChild!.textContent} of ${turn}`;
            document.body.append(area);
            area.select();
            document.execCommand('copy');
            area.remove();
            overlay.innerHTML = '';
          });
        }
      });
    }
  });
}

describe('held-out: Google AI Studio adapter on structures re-typed from ASP / CWC selectors (no capture exists)', () => {
  it('ASP 0856998 (2025-12-10) + CWC 0e873ebb (2025-12-16): the ms-prompt-box textarea is composer choice 0', async () => {
    const page = await loadStructure(
      '<ms-prompt-box><div class="prompt-box-container"><ms-autosize-textarea class="text-wrapper"><textarea class="textarea" formcontrolname="promptText" aria-label="Enter a prompt"></textarea></ms-autosize-textarea><ms-run-button><button type="submit" class="ms-button-primary">Run</button></ms-run-button></div></ms-prompt-box>',
    );
    assert.equal((await probe(page)).composerPresent, true);
    assert.equal((await matched(page)).composer, 0);
    assert.equal(await firstMatchIndex(page, aiStudioAdapter.selectors.sendButton), 0, 'ASP 9d31911 (2026-01-28): ms-run-button button[type=submit].ms-button-primary');
    await page.close();
  });

  it('ASP 45e6b67 (2025-12-14) "current": ms-chunk-editor / ms-chunk-input textarea without formcontrolname is composer fallback 2', async () => {
    const page = await loadStructure('<ms-chunk-editor><ms-chunk-input><div class="text-wrapper"><textarea class="textarea" aria-label="Type something"></textarea></div></ms-chunk-input></ms-chunk-editor>');
    assert.equal((await probe(page)).composerPresent, true);
    assert.equal((await matched(page)).composer, 2);
    await page.close();
  });

  it('ASP + CWC: turns, thoughts excluded, `.turn-footer` thumbs as the completion bar (0), a hover-hidden bar still counts', async () => {
    const page = await loadStructure(FINISHED_EXCHANGE);
    const snapshot = await watchTurn(page);
    assert.equal(snapshot.userTurnFound, true);
    assert.equal(snapshot.assistantTurnFound, true);
    assert.equal(snapshot.actionBarPresent, true);
    assert.equal(snapshot.thinking, false);
    assert.deepEqual(
      { userTurn: snapshot.matched.userTurn, assistantTurn: snapshot.matched.assistantTurn, answerContent: snapshot.matched.answerContent, turnActionBar: snapshot.matched.turnActionBar },
      { userTurn: 0, assistantTurn: 0, answerContent: 0, turnActionBar: 0 },
    );
    // Without the footer (CWC's signal) the hover bar is the fallback: hidden until hover, present in the DOM.
    await page.evaluate(() => document.querySelector('ms-chat-turn#turn-2 .turn-footer')!.remove());
    const fallback = await watchTurn(page);
    assert.equal(fallback.matched.turnActionBar, 1);
    assert.equal(fallback.actionBarPresent, true, 'a visibility:hidden hover bar still proves the turn finished');
    await page.close();
  });

  it('ASP + CWC: "Copy markdown" from the options of OUR turn (not of the user turn), through the overlay menu, copied via execCommand', async () => {
    const page = await loadStructure(FINISHED_EXCHANGE);
    await wireOptionsMenus(page);
    await watchTurn(page);
    const result = await extract(page, 1_000);
    assert.deepEqual(result, { via: 'copy', text: 'Copy markdown of turn-2' });
    assert.equal((await matched(page)).copyMenuButton, 0);
    await page.close();
  });

  it('userscript ms-code-block[data-test-language] (2026): DOM → markdown keeps the language, drops the header and the thoughts', async () => {
    const page = await loadStructure(FINISHED_EXCHANGE);
    await watchTurn(page, { ...selectors, copyMenuButton: [] });
    const result = await extract(page, 0);
    assert.deepEqual(result, { via: 'dom', text: 'Here it is:\n\n```python\nprint("hello world")\n```' });
    await page.close();
  });

  it('userscript (2026) / ASP: a running Run button — `.spin` (stop fallback 1), legacy `svg .stoppable-spinner` (stop fallback 2)', async () => {
    const page = await loadStructure(
      '<ms-prompt-box><ms-run-button><button type="submit" class="ms-button-primary"><span class="spin"></span>Stop</button></ms-run-button></ms-prompt-box>' +
        '<ms-prompt-input-wrapper><ms-run-button><button type="submit" class="run-button" aria-label="Run"><svg width="10" height="10"><circle class="stoppable-spinner" r="4"></circle></svg>Run</button></ms-run-button></ms-prompt-input-wrapper>',
    );
    assert.equal(await firstMatchIndex(page, aiStudioAdapter.selectors.stopButton), 1);
    await page.evaluate(() => document.querySelector('ms-prompt-box')!.remove());
    assert.equal(await firstMatchIndex(page, aiStudioAdapter.selectors.stopButton), 2);
    await page.close();
  });

  it('ASP operations.py (2026-04-18): the quota callouts and error toasts are banners, classified RATE_LIMITED / SITE_ERROR', async () => {
    const page = await loadStructure(
      '<ms-callout class="error-callout"><div class="message">User has exceeded quota. Please try again later.</div></ms-callout>' +
        '<ms-callout class="warning-callout"><div class="message">You are out of free generations.</div></ms-callout>' +
        '<div class="toast error"><span class="content-text">An internal error has occurred.</span></div>',
    );
    const banners = (await probe(page)).banners;
    assert.deepEqual(banners, ['User has exceeded quota. Please try again later.', 'You are out of free generations.', 'An internal error has occurred.']);
    assert.equal((await matched(page)).errorBanner, 0);
    assert.equal(classifyBanner(banners[0]!, aiStudioAdapter).code, PTKErrorCode.RATE_LIMITED);
    assert.equal(classifyBanner(banners[0]!, aiStudioAdapter).retryAfterMs, aiStudioAdapter.defaultRetryAfterMs);
    assert.equal(classifyBanner(banners[1]!, aiStudioAdapter).code, PTKErrorCode.RATE_LIMITED);
    assert.equal(classifyBanner(banners[2]!, aiStudioAdapter).code, PTKErrorCode.SITE_ERROR);
    await page.close();
  });
});

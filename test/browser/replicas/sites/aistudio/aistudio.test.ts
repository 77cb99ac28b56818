/**
 * Google AI Studio adapter specifics against its replica, in real Chromium: the thoughts
 * section (with a draft tool call) is never streamed, extracted or taken as a complete tool
 * call; the single Run button toggles to Stop and back; the textarea composer; AI Studio's
 * error wording.
 * Run: node scripts/run-tests.mjs test/browser/replicas/sites/aistudio
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PTKErrorCode } from '../../../../../src/core/errors';
import { aiStudioAdapter } from '../../../../../src/browser/adapters/aistudio';
import { classifyBanner } from '../../../../../src/browser/errorClassifier';
import { sharedTestBrowser, withSite } from '../../../harness';

const entry = { adapter: 'aistudio', replica: 'aistudio' };
const REPLY = 'The final answer, with no tool call in it at all, streamed after the model thought.';
const testBrowser = sharedTestBrowser();

describe('Google AI Studio adapter', () => {
  it('never streams, extracts or early-stops on the thoughts section', async () => {
    await withSite(testBrowser(), entry, { scenario: { turns: [{ reply: REPLY, thinkingMs: 600, tokenMs: 8 }] } }, async ({ model }) => {
      const deltas: string[] = [];
      const answer = await model.call('think first', { onDelta: (delta) => deltas.push(delta.full), isComplete: (text) => text.includes('</TOOL_CALL>') });
      assert.equal(answer, REPLY);
      assert.ok(deltas.length > 0 && deltas.every((text) => !text.includes('draft-only')), 'no thought text streamed');
      assert.equal(model.log.entries[0]!.stoppedEarly, false);
      assert.equal(model.log.entries[0]!.extractedVia, 'copy');
      const page = await model.page();
      assert.match((await page.locator('ms-thought-chunk').last().textContent()) ?? '', /draft-only\.txt/, 'the thoughts really are on the page');
    });
  });

  it('copies through the turn options menu, which opens in an overlay outside the turn and closes after', async () => {
    const reply = 'Copied **markdown**\n\n```ts\nconst a = 1;\n```';
    await withSite(testBrowser(), entry, { scenario: { turns: [{ reply, tokenMs: 2 }] } }, async ({ model }) => {
      assert.equal(await model.call('menu copy'), reply);
      assert.equal(model.log.entries[0]!.extractedVia, 'copy');
      const page = await model.page();
      assert.equal(await page.locator('ms-chat-turn .mat-mdc-menu-item').count(), 0, 'no menu inside the turn');
      assert.equal(await page.locator('.cdk-overlay-container .mat-mdc-menu-panel').count(), 0, 'the menu closed after the copy');
      assert.equal(await page.locator('ms-chat-turn-options button[aria-label="Open options"]').last().getAttribute('aria-expanded'), 'false');
      // The replica's menu really is in the overlay at the end of <body>, and Escape closes it.
      await page.locator('ms-chat-turn-options button[aria-label="Open options"]').last().click();
      assert.equal(await page.locator('body > .cdk-overlay-container .mat-mdc-menu-panel button.mat-mdc-menu-item', { hasText: 'Copy markdown' }).count(), 1);
      await page.keyboard.press('Escape');
      assert.equal(await page.locator('.cdk-overlay-container .mat-mdc-menu-panel').count(), 0);
    });
  });

  it('a rate-limit toast that names no time → RATE_LIMITED with the default wait', async () => {
    await withSite(testBrowser(), entry, { scenario: { turns: [{ failure: 'rate_limit' }] } }, async ({ model }) => {
      await assert.rejects(model.call('x'), (error: Error & { code?: string; retryAfterMs?: number }) => error.code === PTKErrorCode.RATE_LIMITED && error.retryAfterMs === aiStudioAdapter.defaultRetryAfterMs && error.retryAfterMs === 60_000);
    });
  });

  it('the DOM fallback skips the thoughts too', async () => {
    await withSite(testBrowser(), entry, { scenario: { turns: [{ reply: REPLY, tokenMs: 2 }] }, adapter: (adapter) => ({ ...adapter, selectors: { ...adapter.selectors, copyButton: ['#no-copy'], copyMenuButton: [] } }) }, async ({ model }) => {
      assert.equal(await model.call('x'), REPLY);
      assert.equal(model.log.entries[0]!.extractedVia, 'dom');
    });
  });

  it('one Run button: disabled when empty, Stop while running, stops on abort, Run again after', async () => {
    await withSite(testBrowser(), entry, { scenario: { turns: [{ reply: 'warm-up', tokenMs: 2 }, { reply: 'long '.repeat(200), tokenMs: 20 }] } }, async ({ model, server }) => {
      assert.equal(await model.call('warm up', { thread: { newThread: true, fullTranscript: () => '' } }), 'warm-up');
      const page = await model.page();
      const run = page.locator('ms-run-button button.run-button');
      assert.equal(await run.isDisabled(), true, 'Run is disabled while the composer is empty');
      await run.evaluate((button) => button.setAttribute('data-probe', 'same-element'));
      const states: Array<string | null> = [];
      let sampling: Promise<void> | undefined;
      const controller = new AbortController();
      const pending = model.call('x', {
        thread: { newThread: false, fullTranscript: () => '' },
        signal: controller.signal,
        onDelta: (delta) => {
          if (sampling || delta.full.length < 10) return;
          sampling = (async () => {
            states.push(await page.locator('[data-probe="same-element"]').getAttribute('aria-label'));
            controller.abort();
          })();
        },
      });
      await assert.rejects(pending, (error: Error & { code?: string }) => error.code === PTKErrorCode.ABORTED);
      await sampling;
      assert.deepEqual(states, ['Stop'], 'the same element became the Stop button');
      await page.waitForFunction(() => document.querySelector('[data-probe="same-element"]')?.getAttribute('aria-label') === 'Run', undefined, { timeout: 3_000 });
      assert.equal(await page.locator('ms-chat-turn-options').count(), 2, 'the stopped turn got its actions too');
      assert.equal(server.submissions.length, 2);
    });
  });

  it("classifies AI Studio's own error wording", () => {
    assert.equal(classifyBanner("You've reached your rate limit. Please try again later.", aiStudioAdapter).code, PTKErrorCode.RATE_LIMITED);
    assert.equal(classifyBanner("You've reached your rate limit. Please try again later.", aiStudioAdapter).retryAfterMs, 60_000, 'no time named: the default wait');
    assert.equal(classifyBanner('Failed to generate content: quota exceeded', aiStudioAdapter).code, PTKErrorCode.RATE_LIMITED);
    assert.equal(classifyBanner('An internal error has occurred.', aiStudioAdapter).code, PTKErrorCode.SITE_ERROR);
    assert.equal(classifyBanner('The input token count (1048601) exceeds the maximum number of tokens allowed (1048576).', aiStudioAdapter).code, PTKErrorCode.CONVERSATION_TOO_LONG);
    assert.equal(classifyBanner('Failed to generate content. Please check your network connection and try again.', aiStudioAdapter).code, PTKErrorCode.NETWORK_ERROR);
  });
});

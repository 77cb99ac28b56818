/**
 * Gemini adapter specifics against its replica, in real Chromium: the one send button that
 * turns into "Stop response" in place, the collapsed "Show thinking" section kept out of the
 * answer, the Quill composer, Gemini's `data-test-id` copy button and its error wording.
 * Run: node scripts/run-tests.mjs test/browser/replicas/sites/gemini
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PTKErrorCode } from '../../../../../src/core/errors';
import { geminiAdapter } from '../../../../../src/browser/adapters/gemini';
import { classifyBanner } from '../../../../../src/browser/errorClassifier';
import { sharedTestBrowser, withSite } from '../../../harness';

const entry = { adapter: 'gemini', replica: 'gemini' };
const testBrowser = sharedTestBrowser();

describe('Gemini adapter', () => {
  it('the send button turns into Stop response in place and back; thoughts stay out of the answer', async () => {
    const reply = 'Gemini answers in **markdown**, after its hidden thoughts.';
    await withSite(testBrowser(), entry, { scenario: { turns: [{ reply: 'warm-up', tokenMs: 2 }, { reply, tokenMs: 25, thinkingMs: 300 }] } }, async ({ model }) => {
      assert.equal(await model.call('warm up', { thread: { newThread: true, fullTranscript: () => '' } }), 'warm-up');
      const page = await model.page();
      await page.locator('button.send-button').evaluate((button) => button.setAttribute('data-probe', 'same-element'));
      assert.equal(await page.locator('[data-probe="same-element"]').getAttribute('aria-disabled'), 'true', 'disabled while the composer is empty');
      const labels: Array<string | null> = [];
      let sampling: Promise<void> | undefined;
      const answer = await model.call('think', {
        thread: { newThread: false, fullTranscript: () => '' },
        onDelta: (delta) => {
          if (sampling || delta.full.length < 10) return;
          sampling = (async () => {
            labels.push(await page.locator('[data-probe="same-element"]').getAttribute('aria-label'));
          })();
        },
      });
      await sampling;
      assert.equal(answer, reply);
      assert.deepEqual(labels, ['Stop response']);
      assert.equal(await page.locator('[data-probe="same-element"]').getAttribute('aria-label'), 'Send message');
      assert.match((await page.locator('model-thoughts .thoughts-content').last().textContent()) ?? '', /consider the request/, 'thoughts are on the page');
      assert.ok(!answer.includes('consider the request'));
      assert.equal(model.log.entries[1]!.extractedVia, 'copy');
    });
  });

  it('the DOM fallback reads message-content only', async () => {
    const reply = 'Plain answer\n\n```python\nprint(1)\n```';
    await withSite(testBrowser(), entry, { scenario: { turns: [{ reply, tokenMs: 2 }] }, adapter: (adapter) => ({ ...adapter, selectors: { ...adapter.selectors, copyButton: ['#no-copy'] } }) }, async ({ model }) => {
      assert.equal(await model.call('x'), reply);
      assert.equal(model.log.entries[0]!.extractedVia, 'dom');
    });
  });

  it("classifies Gemini's own error wording", () => {
    const now = new Date(2026, 0, 1, 15, 0);
    const rate = classifyBanner("You've reached your limit for 2.5 Pro until 3:15 PM. Upgrade for higher limits.", geminiAdapter, now);
    assert.equal(rate.code, PTKErrorCode.RATE_LIMITED);
    assert.equal(rate.retryAfterMs, 15 * 60_000);
    assert.equal(classifyBanner('Something went wrong. (13)', geminiAdapter).code, PTKErrorCode.SITE_ERROR);
    assert.equal(classifyBanner("Couldn't connect. Check your internet connection and try again.", geminiAdapter).code, PTKErrorCode.NETWORK_ERROR);
    assert.equal(classifyBanner('This chat has grown too long. Start a new chat to keep going.', geminiAdapter).code, PTKErrorCode.CONVERSATION_TOO_LONG);
    assert.equal(classifyBanner('Our systems have detected unusual traffic from your computer network.', geminiAdapter).code, PTKErrorCode.BOT_CHECK);
  });
});

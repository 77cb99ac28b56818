/**
 * Claude adapter specifics against its replica, in real Chromium: the data-is-streaming flag
 * (Claude's only streaming signal), the action bar appearing only on completion, the
 * Send/Stop aria-labels, and Claude's banner wording.
 * Run: node scripts/run-tests.mjs test/browser/replicas/sites/claude
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PTKErrorCode } from '../../../../../src/core/errors';
import { claudeAdapter } from '../../../../../src/browser/adapters/claude';
import { classifyBanner } from '../../../../../src/browser/errorClassifier';
import { callRuntime } from '../../../../../src/browser/siteDriver';
import type { PageSnapshot } from '../../../../../src/browser/page/pageRuntime';
import { sharedTestBrowser, withSite } from '../../../harness';

const entry = { adapter: 'claude', replica: 'claude' };
const testBrowser = sharedTestBrowser();

describe('Claude adapter', () => {
  it('reads data-is-streaming as the streaming signal and finds the action bar only after completion', async () => {
    const reply = 'Claude streams this answer slowly, token by token, and then flips the flag.';
    await withSite(testBrowser(), entry, { scenario: { turns: [{ reply, tokenMs: 25, finishDelayMs: 300 }] } }, async ({ model }) => {
      const page = await model.page();
      const midAnswer: Array<{ snapshot: PageSnapshot | null; flag: string | null; copyButtons: number }> = [];
      let sampling: Promise<void> | undefined;
      const answer = await model.call('stream please', {
        onDelta: (delta) => {
          if (sampling || delta.full.length < 20) return;
          sampling = (async () => {
            midAnswer.push({
              snapshot: await callRuntime<PageSnapshot | null>(page, 'snapshot'),
              flag: await page.locator('[data-is-streaming]').last().getAttribute('data-is-streaming'),
              copyButtons: await page.locator('button[data-testid="action-bar-copy"]').count(),
            });
          })();
        },
      });
      await sampling;
      assert.equal(answer, reply);
      assert.equal(midAnswer.length, 1);
      assert.equal(midAnswer[0]!.flag, 'true');
      assert.equal(midAnswer[0]!.copyButtons, 0, 'no action bar while streaming');
      assert.equal(midAnswer[0]!.snapshot?.streaming, true, 'the runtime sees data-is-streaming="true" as streaming');
      assert.equal(midAnswer[0]!.snapshot?.stopVisible, true, 'Stop response is visible while streaming');
      assert.equal(await page.locator('[data-is-streaming]').last().getAttribute('data-is-streaming'), 'false');
      assert.equal(await page.locator('button[data-testid="action-bar-copy"]').count(), 1);
      assert.equal(await page.locator('button[aria-label="Send message"]').isVisible(), true);
      assert.equal(await page.locator('button[aria-label="Stop response"]').isVisible(), false);
      assert.equal(model.log.entries[0]!.extractedVia, 'copy');
    });
  });

  it('the composer is ProseMirror: multi-line prompts arrive intact', async () => {
    const prompt = 'line one\n\nline three with `code` and <TOOL_CALL>';
    await withSite(testBrowser(), entry, { scenario: { turns: [{ reply: 'ok', tokenMs: 2 }] } }, async ({ model, server }) => {
      assert.equal(await model.call(prompt), 'ok');
      assert.equal(server.submissions[0]!.text.replace(/\n\n\[ptk:[0-9a-z]+\]$/, ''), prompt);
    });
  });

  it("classifies Claude's own banner wording", () => {
    const now = new Date(2026, 0, 1, 10, 0);
    const rate = classifyBanner('You are out of free messages until 3 PM. Subscribe to Pro for more usage.', claudeAdapter, now);
    assert.equal(rate.code, PTKErrorCode.RATE_LIMITED);
    assert.equal(rate.retryAfterMs, 5 * 3_600_000);
    assert.equal(classifyBanner('This conversation has reached its maximum length. Start a new chat to continue.', claudeAdapter).code, PTKErrorCode.CONVERSATION_TOO_LONG);
    assert.equal(classifyBanner('Claude will return soon', claudeAdapter).code, PTKErrorCode.SITE_ERROR);
    assert.equal(classifyBanner('Your message is over the length limit. Try shortening your message.', claudeAdapter).code, PTKErrorCode.PROMPT_TOO_LONG);
  });
});

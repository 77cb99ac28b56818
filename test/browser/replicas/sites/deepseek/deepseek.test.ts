/**
 * DeepSeek adapter specifics against its replica, in real Chromium: the DeepThink section
 * (with its own nested .ds-markdown and a draft tool call) is never streamed, extracted or
 * taken as a complete tool call; send / stop is a div[role=button] icon whose stop state is
 * a square; DeepSeek's error wording.
 * Run: node scripts/run-tests.mjs test/browser/replicas/sites/deepseek
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PTKErrorCode } from '../../../../../src/core/errors';
import { deepSeekAdapter } from '../../../../../src/browser/adapters/deepseek';
import { classifyBanner } from '../../../../../src/browser/errorClassifier';
import { sharedTestBrowser, withSite } from '../../../harness';

const entry = { adapter: 'deepseek', replica: 'deepseek' };
const REPLY = 'Here is the real answer:\n\n```js\nconsole.log(1);\n```\n\nNo tool call needed.';
const testBrowser = sharedTestBrowser();

describe('DeepSeek adapter', () => {
  it('never streams, extracts or early-stops on the DeepThink section', async () => {
    await withSite(testBrowser(), entry, { scenario: { turns: [{ reply: REPLY, thinkingMs: 600, tokenMs: 8 }] } }, async ({ model }) => {
      const deltas: string[] = [];
      const answer = await model.call('think first', { onDelta: (delta) => deltas.push(delta.full), isComplete: (text) => text.includes('</TOOL_CALL>') });
      assert.equal(answer, REPLY);
      assert.ok(deltas.length > 0 && deltas.every((text) => !text.includes('draft-only')), 'no DeepThink text streamed');
      assert.equal(model.log.entries[0]!.stoppedEarly, false);
      const page = await model.page();
      assert.match((await page.locator('.ds-think').last().innerText()) ?? '', /Thought for \d+ seconds[\s\S]*draft-only\.txt/);
    });
  });

  it('the DOM fallback skips the DeepThink section and the code banner', async () => {
    await withSite(testBrowser(), entry, { scenario: { turns: [{ reply: REPLY, tokenMs: 2 }] }, adapter: (adapter) => ({ ...adapter, selectors: { ...adapter.selectors, copyButton: ['#no-copy'] } }) }, async ({ model }) => {
      assert.equal(await model.call('x'), REPLY);
      assert.equal(model.log.entries[0]!.extractedVia, 'dom');
    });
  });

  it('send and stop are one div[role=button]: the adapter tells them apart by the icon', async () => {
    await withSite(testBrowser(), entry, { scenario: { turns: [{ reply: 'warm-up', tokenMs: 2 }, { reply: 'long '.repeat(200), tokenMs: 20 }] } }, async ({ model, adapter }) => {
      assert.equal(await model.call('warm up', { thread: { newThread: true, fullTranscript: () => '' } }), 'warm-up');
      const page = await model.page();
      const icon = page.locator('div._7436101[role="button"]');
      assert.equal(await icon.evaluate((element) => element.tagName), 'DIV');
      assert.equal(await icon.getAttribute('aria-disabled'), 'true');
      assert.equal(await page.locator(adapter.selectors.stopButton[0]!).count(), 0);
      const seen: number[] = [];
      let sampling: Promise<void> | undefined;
      const controller = new AbortController();
      const pending = model.call('x', {
        thread: { newThread: false, fullTranscript: () => '' },
        signal: controller.signal,
        onDelta: (delta) => {
          if (sampling || delta.full.length < 10) return;
          sampling = (async () => {
            seen.push(await page.locator(adapter.selectors.stopButton[0]!).count(), await page.locator(adapter.selectors.sendButton[0]!).count());
            controller.abort();
          })();
        },
      });
      await assert.rejects(pending, (error: Error & { code?: string }) => error.code === PTKErrorCode.ABORTED);
      await sampling;
      assert.deepEqual(seen, [1, 0], 'while streaming: stop matches, send does not');
      await page.waitForFunction(() => !document.querySelector('div._7436101 svg rect'), undefined, { timeout: 3_000 });
    });
  });

  it("classifies DeepSeek's own error wording", () => {
    assert.equal(classifyBanner('The server is busy. Please try again later.', deepSeekAdapter).code, PTKErrorCode.SITE_ERROR);
    assert.equal(classifyBanner('Server busy, please try again later.', deepSeekAdapter).code, PTKErrorCode.SITE_ERROR);
    assert.equal(classifyBanner('You are sending messages too frequently. Please try again after 3:15 PM.', deepSeekAdapter).code, PTKErrorCode.RATE_LIMITED);
    const noTime = classifyBanner('You are sending messages too frequently. Please wait a moment.', deepSeekAdapter);
    assert.equal(noTime.code, PTKErrorCode.RATE_LIMITED);
    assert.equal(noTime.retryAfterMs, 60_000, 'no time named: the default wait');
    assert.equal(classifyBanner('This conversation has reached its length limit. Please start a new chat.', deepSeekAdapter).code, PTKErrorCode.CONVERSATION_TOO_LONG);
  });
});

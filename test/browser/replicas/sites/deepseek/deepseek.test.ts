/**
 * DeepSeek adapter specifics against its replicas (the 2026 page and the 2025-09 one), in real
 * Chromium: the DeepThink block (with a draft tool call) is never streamed, extracted or taken
 * as a complete tool call; send and stop are one `div[role=button].ds-button--primary`, the stop
 * being that control enabled while the input is empty; the user messages' own footers; the
 * virtual list dropping our user message mid-answer; the sign-in page; DeepSeek's error wording.
 * Run: node scripts/run-tests.mjs test/browser/replicas/sites/deepseek
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PTKErrorCode } from '../../../../../src/core/errors';
import { deepSeekAdapter } from '../../../../../src/browser/adapters/deepseek';
import { classifyBanner } from '../../../../../src/browser/errorClassifier';
import { callRuntime } from '../../../../../src/browser/siteDriver';
import type { PageSnapshot } from '../../../../../src/browser/page/pageRuntime';
import { sharedTestBrowser, withSite } from '../../../harness';

const entry = { adapter: 'deepseek', replica: 'deepseek' };
const REPLY = 'Here is the real answer:\n\n```js\nconsole.log(1);\n```\n\nNo tool call needed.';
const THOUGHTS = 'Okay, the user wants something. Maybe I should call <TOOL_CALL>{"tool": "read_file", "args": {"path": "draft-only.txt"}}</TOOL_CALL> first. No, answer directly.';
const testBrowser = sharedTestBrowser();

describe('DeepSeek adapter', () => {
  it('never streams, extracts or early-stops on the DeepThink block', async () => {
    await withSite(testBrowser(), entry, { scenario: { turns: [{ reply: REPLY, thinkingText: THOUGHTS, thinkingMs: 600, tokenMs: 8 }] } }, async ({ model }) => {
      const deltas: string[] = [];
      const answer = await model.call('think first', { onDelta: (delta) => deltas.push(delta.full), isComplete: (text) => text.includes('</TOOL_CALL>') });
      assert.equal(answer, REPLY);
      assert.ok(deltas.length > 0 && deltas.every((text) => !text.includes('draft-only')), 'no DeepThink text streamed');
      assert.equal(model.log.entries[0]!.stoppedEarly, false);
      assert.equal(model.log.entries[0]!.extractedVia, 'copy');
      const page = await model.page();
      assert.match(await page.locator('[data-replica-assistant] .ds-message').innerText(), /Thought for \d+ seconds[\s\S]*draft-only\.txt[\s\S]*Here is the real answer/);
      assert.equal(await page.locator('.ds-think-content > .ds-markdown').count(), 1);
    });
  });

  it('the DOM fallback skips the DeepThink block and the code banner (a `<pre>` without `<code>`)', async () => {
    await withSite(
      testBrowser(),
      entry,
      { scenario: { turns: [{ reply: REPLY, thinkingText: THOUGHTS, thinkingMs: 200, tokenMs: 2 }] }, adapter: (adapter) => ({ ...adapter, selectors: { ...adapter.selectors, copyButton: ['#no-copy'] } }) },
      async ({ model }) => {
        assert.equal(await model.call('x'), REPLY);
        assert.equal(model.log.entries[0]!.extractedVia, 'dom');
        const page = await model.page();
        assert.equal(await page.locator('.md-code-block > pre').count(), 1);
        assert.equal(await page.locator('.md-code-block pre code').count(), 0);
      },
    );
  });

  it('send and stop are one div[role=button].ds-button--primary: send with text, stop while enabled with an empty input', async () => {
    await withSite(testBrowser(), entry, { scenario: { turns: [{ reply: 'warm-up', tokenMs: 2 }, { reply: 'long '.repeat(200), tokenMs: 20 }] } }, async ({ model, adapter }) => {
      assert.equal(await model.call('warm up', { thread: { newThread: true, fullTranscript: () => '' } }), 'warm-up');
      const page = await model.page();
      const control = page.locator('div[role="button"].ds-button--primary');
      assert.equal(await control.evaluate((element) => element.tagName), 'DIV');
      assert.match((await control.getAttribute('class')) ?? '', /ds-button--disabled/);
      const count = (selector: string): Promise<number> => page.locator(selector).count();
      assert.equal(await count(adapter.selectors.sendButton[0]!), 0, 'empty input: no send');
      assert.equal(await count(adapter.selectors.stopButton[0]!), 0, 'idle: no stop');
      await page.fill('textarea[name="search"]', 'typed');
      assert.equal(await count(adapter.selectors.sendButton[0]!), 1, 'text typed: send');
      assert.equal(await count(adapter.selectors.stopButton[0]!), 0, 'text typed: not a stop');
      await page.fill('textarea[name="search"]', '');
      const seen: number[] = [];
      let sampling: Promise<void> | undefined;
      const controller = new AbortController();
      const pending = model.call('x', {
        thread: { newThread: false, fullTranscript: () => '' },
        signal: controller.signal,
        onDelta: (delta) => {
          if (sampling || delta.full.length < 10) return;
          sampling = (async () => {
            seen.push(await count(adapter.selectors.stopButton[0]!));
            controller.abort();
          })();
        },
      });
      await assert.rejects(pending, (error: Error & { code?: string }) => error.code === PTKErrorCode.ABORTED);
      await sampling;
      assert.deepEqual(seen, [1], 'while streaming: the enabled control with an empty input is the stop');
      await page.waitForFunction(() => document.querySelector('div[role="button"].ds-button--primary')?.classList.contains('ds-button--disabled'), undefined, { timeout: 3_000 });
    });
  });

  it('copies the answer through its own footer, never the user message footer before it', async () => {
    await withSite(testBrowser(), entry, { scenario: { turns: [{ reply: REPLY, tokenMs: 2 }] } }, async ({ model }) => {
      assert.equal(await model.call('the question'), REPLY);
      const page = await model.page();
      assert.equal(await page.locator('div.ds-message + div > div.ds-flex').count(), 2, 'user and answer footers');
      assert.equal(model.log.entries[0]!.extractedVia, 'copy');
    });
  });

  it('keeps the answer when the virtual list unmounts our user message mid-answer', async () => {
    const reply = `${'A long answer that pushes the question out of the visible items. '.repeat(6)}The end.`;
    await withSite(testBrowser(), entry, { scenario: { virtualizeAfterChars: 60, turns: [{ reply, tokenMs: 8 }] } }, async ({ model }) => {
      assert.equal(await model.call('question'), reply);
      const page = await model.page();
      assert.equal(await page.locator('.ds-virtual-list-visible-items .ds-collapsible-text').count(), 0, 'the user message left the DOM');
      assert.equal(model.log.entries[0]!.extractedVia, 'copy');
    });
  });

  it('the composer carries the 2026 model radios and DeepThink / Search toggles', async () => {
    await withSite(testBrowser(), entry, { scenario: { turns: [{ reply: 'ok', tokenMs: 2 }] } }, async ({ model }) => {
      assert.equal(await model.call('hi'), 'ok');
      const page = await model.page();
      assert.deepEqual(await page.locator('div[role="radio"][data-model-type]').evaluateAll((radios) => radios.map((radio) => `${radio.getAttribute('data-model-type')}:${radio.getAttribute('aria-checked')}`)), [
        'default:true',
        'expert:false',
        'vision:false',
      ]);
      assert.deepEqual(await page.locator('div.ds-toggle-button[aria-pressed]').allInnerTexts(), ['DeepThink', 'Search']);
      await page.locator('div[data-model-type="expert"]').click();
      assert.equal(await page.locator('div[data-model-type="expert"]').getAttribute('aria-checked'), 'true');
      // Expert offers DeepThink only, and no file input (TOK composer-expert, 2026-08-01).
      assert.deepEqual(await page.locator('div.ds-toggle-button[aria-pressed]').allInnerTexts(), ['DeepThink']);
    });
  });

  it('the sign-in page at /sign_in → LOGIN_REQUIRED', async () => {
    await withSite(testBrowser(), entry, { scenario: { loggedIn: false } }, async ({ model }) => {
      await assert.rejects(model.call('x'), (error: Error & { code?: string }) => error.code === PTKErrorCode.LOGIN_REQUIRED);
      const page = await model.page();
      assert.equal(new URL(page.url()).pathname, '/sign_in');
      assert.equal(await page.locator('input[placeholder="Phone number / email address"]').count(), 1);
    });
  });

  it('the 2025-09 page (#chat-input, icon send / stop, hashed items, footer one div further) works through the fallbacks', async () => {
    await withSite(testBrowser(), { adapter: 'deepseek', replica: 'deepseek-2025-09' }, { scenario: { turns: [{ reply: REPLY, thinkingText: THOUGHTS, thinkingMs: 300, tokenMs: 40 }] } }, async ({ model }) => {
      const page = await model.page();
      let snapshot: PageSnapshot | null = null;
      let sampling: Promise<void> | undefined;
      const deltas: string[] = [];
      const answer = await model.call('old page', {
        onDelta: (delta) => {
          deltas.push(delta.full);
          if (sampling || delta.full.length < 5) return;
          sampling = (async () => {
            snapshot = await callRuntime<PageSnapshot | null>(page, 'snapshot');
          })();
        },
      });
      await sampling;
      assert.equal(answer, REPLY);
      assert.ok(deltas.every((text) => !text.includes('draft-only')), 'no DeepThink text streamed');
      const found = (snapshot as PageSnapshot | null)?.matched ?? {};
      assert.equal(found.composer, 1);
      assert.equal(found.userTurn, 1);
      assert.equal(found.assistantTurn, 1);
      assert.equal(found.answerContent, 1);
      assert.equal(found.stopButton, 1);
      assert.equal(model.log.entries[0]!.extractedVia, 'copy');
    });
  });

  it("classifies DeepSeek's own error wording", () => {
    // DeepSeek's usage cap names no time: RATE_LIMITED with the default wait.
    const busy = classifyBanner('The server is busy. Please try again later.', deepSeekAdapter);
    assert.equal(busy.code, PTKErrorCode.RATE_LIMITED);
    assert.equal(busy.retryAfterMs, 60_000);
    assert.equal(classifyBanner('Server busy, please try again later.', deepSeekAdapter).code, PTKErrorCode.RATE_LIMITED);
    assert.equal(classifyBanner('You are sending messages too frequently. Please try again after 3:15 PM.', deepSeekAdapter).code, PTKErrorCode.RATE_LIMITED);
    const noTime = classifyBanner('You are sending messages too frequently. Please wait a moment.', deepSeekAdapter);
    assert.equal(noTime.code, PTKErrorCode.RATE_LIMITED);
    assert.equal(noTime.retryAfterMs, 60_000, 'no time named: the default wait');
    assert.equal(classifyBanner('This conversation has reached its length limit. Please start a new chat.', deepSeekAdapter).code, PTKErrorCode.CONVERSATION_TOO_LONG);
  });
});

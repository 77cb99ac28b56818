/**
 * Claude adapter specifics against its replicas (the 2026 page and the 2025-10 one), in real
 * Chromium: the data-is-streaming flag (Claude's only streaming signal), the action bar as a
 * sibling of the streaming div that appears only on completion, the user turns' own copy
 * buttons, the thinking status that stays above the answer, the virtual message list dropping
 * our user turn mid-answer, the 2026 Cloudflare interstitial, and Claude's banner wording.
 * Run: node scripts/run-tests.mjs test/browser/replicas/sites/claude
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PTKErrorCode } from '../../../../../src/core/errors';
import { claudeAdapter } from '../../../../../src/browser/adapters/claude';
import { classifyBanner, isNotice } from '../../../../../src/browser/errorClassifier';
import { callRuntime } from '../../../../../src/browser/siteDriver';
import type { PageSnapshot } from '../../../../../src/browser/page/pageRuntime';
import { sharedTestBrowser, withSite } from '../../../harness';

const entry = { adapter: 'claude', replica: 'claude' };
const testBrowser = sharedTestBrowser();

describe('Claude adapter', () => {
  it('reads data-is-streaming as the streaming signal; the action bar comes only after completion, next to the streaming div', async () => {
    const reply = 'Claude streams this answer slowly, token by token, and then flips the flag.';
    await withSite(testBrowser(), entry, { scenario: { turns: [{ reply, tokenMs: 80, finishDelayMs: 300 }] } }, async ({ model }) => {
      const page = await model.page();
      const midAnswer: Array<{ snapshot: PageSnapshot | null; flag: string | null; assistantCopyButtons: number }> = [];
      let sampling: Promise<void> | undefined;
      const answer = await model.call('stream please', {
        onDelta: (delta) => {
          if (sampling || delta.full.length < 20) return;
          sampling = (async () => {
            midAnswer.push({
              snapshot: await callRuntime<PageSnapshot | null>(page, 'snapshot'),
              flag: await page.locator('[data-is-streaming]').last().getAttribute('data-is-streaming'),
              assistantCopyButtons: await page.locator('[data-replica-assistant] button[data-testid="action-bar-copy"]').count(),
            });
          })();
        },
      });
      await sampling;
      assert.equal(answer, reply);
      assert.equal(midAnswer.length, 1);
      assert.equal(midAnswer[0]!.flag, 'true');
      assert.equal(midAnswer[0]!.assistantCopyButtons, 0, 'no action bar while streaming');
      assert.equal(midAnswer[0]!.snapshot?.streaming, true, 'the runtime sees data-is-streaming="true" as streaming');
      assert.equal(midAnswer[0]!.snapshot?.stopVisible, true, 'Stop response is visible while streaming');
      assert.equal(await page.locator('[data-is-streaming]').last().getAttribute('data-is-streaming'), 'false');
      assert.equal(await page.locator('[data-replica-assistant] button[data-testid="action-bar-copy"]').count(), 1);
      assert.equal(await page.locator('[data-is-streaming] [role="group"][aria-label="Message actions"]').count(), 0, 'the bar is not inside the streaming div');
      assert.equal(await page.locator('button[aria-label="Send message"]').isVisible(), true);
      assert.equal(await page.locator('button[aria-label="Stop response"]').isVisible(), false);
      assert.equal(model.log.entries[0]!.extractedVia, 'copy');
    });
  });

  it('draws a finished multi-block answer after a page reload as it drew it live: the same blocks and tool widgets', async () => {
    const parts = ['I will look that up first.', 'The search found **two** sources; here is the `summary`.', 'And a last part after a second tool step.'];
    const reply = parts.join('\n\n');
    const answerBlocksAt = [parts[0]!.length + 2, parts[0]!.length + parts[1]!.length + 4];
    await withSite(testBrowser(), entry, { scenario: { turns: [{ reply, tokenMs: 2, answerBlocksAt }] } }, async ({ model }) => {
      assert.equal(await model.call('look it up'), reply);
      const page = await model.page();
      const response = page.locator('[data-replica-assistant] .font-claude-response');
      const live = await response.innerHTML();
      assert.equal(await response.locator('> .standard-markdown').count(), 3, 'three answer blocks while streaming');
      assert.equal(await response.locator('> div.border-border-300').count(), 2, 'with a tool widget between two of them');
      await page.reload();
      await page.locator('[data-replica-assistant] button[data-testid="action-bar-copy"]').waitFor();
      assert.equal(await response.locator('> .standard-markdown').count(), 3, 'three answer blocks after the reload');
      assert.equal(await response.innerHTML(), live, 'the reloaded turn is drawn as the live one');
    });
  });

  it('copies the answer, never the user turn with the same action-bar-copy button', async () => {
    const reply = 'The answer, not the question.\n\n```python\nprint("answer")\n```';
    await withSite(testBrowser(), entry, { scenario: { turns: [{ reply, tokenMs: 2 }] } }, async ({ model }) => {
      assert.equal(await model.call('the question'), reply);
      const page = await model.page();
      assert.equal(await page.locator('button[data-testid="action-bar-copy"]').count(), 2, 'the user turn has its own copy button');
      assert.equal(await page.locator('[role="group"][aria-label="python code"] button[aria-label="Copy to clipboard"]').count(), 1);
      assert.equal(model.log.entries[0]!.extractedVia, 'copy');
    });
  });

  it('the composer is ProseMirror (data-testid="chat-input"): multi-line prompts arrive intact', async () => {
    const prompt = 'line one\n\nline three with `code` and <TOOL_CALL>';
    await withSite(testBrowser(), entry, { scenario: { turns: [{ reply: 'ok', tokenMs: 2 }] } }, async ({ model, server }) => {
      assert.equal(await model.call(prompt), 'ok');
      assert.equal(server.submissions[0]!.text.replace(/\n\n\[ptk:[0-9a-z]+\]$/, ''), prompt);
      assert.equal(await (await model.page()).locator('div[data-testid="chat-input"].ProseMirror').count(), 1);
    });
  });

  it('the thinking status counts as thinking only before the answer; it stays as a summary and never enters the answer', async () => {
    const reply = 'Final answer after thinking.';
    const thinkingText = 'Considering <TOOL_CALL>{"tool": "read_file", "args": {"path": "draft-only.txt"}}</TOOL_CALL>';
    await withSite(testBrowser(), entry, { scenario: { turns: [{ reply, thinkingText, thinkingMs: 3_000, tokenMs: 15 }] } }, async ({ model }) => {
      const page = await model.page();
      const seen: Array<PageSnapshot | null> = [];
      const sampler = setInterval(() => {
        void callRuntime<PageSnapshot | null>(page, 'snapshot')
          .then((snapshot) => seen.push(snapshot))
          .catch(() => undefined);
      }, 60);
      const deltas: string[] = [];
      let answer: string;
      try {
        answer = await model.call('think first', { onDelta: (delta) => deltas.push(delta.full), isComplete: (text) => text.includes('</TOOL_CALL>') });
      } finally {
        clearInterval(sampler);
      }
      assert.equal(answer, reply);
      assert.equal(model.log.entries[0]!.stoppedEarly, false, 'the draft call in the thinking never counts as a complete call');
      assert.ok(deltas.every((text) => !text.includes('draft-only')), 'no thinking text streamed');
      assert.ok(
        seen.some((snapshot) => snapshot?.thinking === true && snapshot.textLength === 0),
        'thinking while the status shows and no answer yet',
      );
      assert.ok(seen.every((snapshot) => !(snapshot?.thinking && (snapshot.textLength ?? 0) > 0)), 'never thinking once the answer streams');
      assert.equal(await page.locator('[data-replica-assistant] button[class*="group/status"]').count(), 1, 'the summary stays');
    });
  });

  it('keeps the answer when the virtual message list unmounts our user turn mid-answer', async () => {
    const reply = `${'A long answer that scrolls the question out of the rendered window. '.repeat(6)}The end.`;
    await withSite(testBrowser(), entry, { scenario: { virtualizeAfterChars: 60, turns: [{ reply: 'first', tokenMs: 2 }, { reply, tokenMs: 8 }] } }, async ({ model }) => {
      assert.equal(await model.call('first question', { thread: { newThread: true, fullTranscript: () => '' } }), 'first');
      assert.equal(await model.call('second question', { thread: { newThread: false, fullTranscript: () => '' } }), reply);
      const page = await model.page();
      assert.equal(await page.locator('[data-testid="virtual-message-list"] [data-testid="user-message"]').count(), 0, 'the user turns left the DOM');
      assert.equal(model.log.entries[1]!.extractedVia, 'copy');
    });
  });

  it('the 2026 Cloudflare interstitial (no form, "Performing security verification") → BOT_CHECK', async () => {
    await withSite(testBrowser(), entry, { scenario: { botCheck: true } }, async ({ model }) => {
      await assert.rejects(model.call('x'), (error: Error & { code?: string }) => error.code === PTKErrorCode.BOT_CHECK);
      const page = await model.page();
      assert.equal(await page.title(), 'Just a moment...');
      assert.equal(await page.locator('#challenge-form').count(), 0);
      assert.match(await page.locator('body').innerText(), /Performing security verification/);
    });
  });

  it('the 2025-10 page (fieldset composer, .font-claude-message, bar inside the streaming div) works through the fallbacks', async () => {
    const reply = 'Older page answer.\n\n```js\nconsole.log(1);\n```';
    await withSite(testBrowser(), { adapter: 'claude', replica: 'claude-2025-10' }, { scenario: { turns: [{ reply, tokenMs: 4 }] } }, async ({ model }) => {
      const page = await model.page();
      let snapshot: PageSnapshot | null = null;
      let sampling: Promise<void> | undefined;
      assert.equal(
        await model.call('old page', {
          onDelta: (delta) => {
            if (sampling || delta.full.length < 5) return;
            sampling = (async () => {
              snapshot = await callRuntime<PageSnapshot | null>(page, 'snapshot');
            })();
          },
        }),
        reply,
      );
      await sampling;
      const found = (snapshot as PageSnapshot | null)?.matched ?? {};
      assert.equal(found.composer, 1);
      assert.equal(found.assistantTurn, 1);
      assert.equal(found.answerContent, -1);
      assert.equal(model.log.entries[0]!.extractedVia, 'copy');
    });
  });

  it("classifies Claude's own banner wording; the messages-remaining warning is a notice", () => {
    const now = new Date(2026, 0, 1, 10, 0);
    const rate = classifyBanner('You are out of free messages until 3 PM', claudeAdapter, now);
    assert.equal(rate.code, PTKErrorCode.RATE_LIMITED);
    assert.equal(rate.retryAfterMs, 5 * 3_600_000);
    assert.equal(classifyBanner("You're out of free messages until 9:10 PM", claudeAdapter, now).code, PTKErrorCode.RATE_LIMITED);
    assert.equal(isNotice('7 messages remaining until 3:00 PM', claudeAdapter), true);
    assert.equal(isNotice('1 message remaining until 3:15 PM', claudeAdapter), true);
    assert.equal(isNotice('You are out of free messages until 3 PM', claudeAdapter), false);
    assert.equal(classifyBanner('This conversation has reached its maximum length. Start a new chat to continue.', claudeAdapter).code, PTKErrorCode.CONVERSATION_TOO_LONG);
    assert.equal(classifyBanner('Claude will return soon', claudeAdapter).code, PTKErrorCode.SITE_ERROR);
    assert.equal(classifyBanner('Your message is over the length limit. Try shortening your message.', claudeAdapter).code, PTKErrorCode.PROMPT_TOO_LONG);
  });
});

/**
 * The adapter conformance suite: every site of replicas/sites.ts, driven by its adapter in
 * real Chromium against its replica: every contract step and every error state.
 * Run: node scripts/run-tests.mjs test/browser
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { LLMBackendError, PTKErrorCode } from '../../src/core/errors';
import { BrowserChatModel } from '../../src/browser/browserChatModel';
import { callRuntime } from '../../src/browser/siteDriver';
import { replicaSites } from './replicas/sites';
import { launchTestBrowser, withSite } from './harness';

const TRICKY = [
  'Here is the call and some code:',
  '',
  '<TOOL_CALL>',
  '{"tool": "write_file", "args": {"path": "src/a_b__c.ts", "content": "const re = /\\\\d+\\\\n/;\\n"}}',
  '</TOOL_CALL>',
  '',
  '```typescript',
  'const path = "C:\\\\Users\\\\dev";',
  'if (a < b && c > d) console.log(`${path} *bold* _x_`);',
  '```',
  '',
  'Unicode: héllo — 你好 — 🚀 — Tiếng Việt. Backslash \\ and *stars* kept.',
].join('\n');

async function rejectsWithCode(promise: Promise<unknown>, code: PTKErrorCode): Promise<LLMBackendError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof LLMBackendError, `expected an LLMBackendError, got ${String(error)}`);
    assert.equal(error.code, code, `expected ${code}, got ${error.code}: ${error.message}`);
    return error;
  }
  assert.fail(`expected ${code}, but the call succeeded`);
}

let browser: Browser;
before(async () => {
  browser = await launchTestBrowser();
});
after(async () => {
  await browser?.close();
});

for (const entry of replicaSites) {
  describe(`conformance: ${entry.adapter} (replica ${entry.replica})`, () => {
    it('answers, streams deltas, and extracts the markdown exactly through the copy action', async () => {
      await withSite(browser, entry, { scenario: { turns: [{ reply: TRICKY, tokenMs: 3, tokenChars: 7 }] } }, async ({ model, server }) => {
        const deltas: Array<{ text: string; full: string; rewrite: boolean }> = [];
        const answer = await model.call('Show me', { onDelta: (delta) => deltas.push(delta) });
        assert.equal(answer, TRICKY);
        assert.ok(deltas.length >= 2, 'several deltas streamed');
        let rebuilt = '';
        for (const delta of deltas) rebuilt = delta.rewrite ? delta.full : rebuilt + delta.text;
        assert.equal(rebuilt, deltas.at(-1)!.full);
        assert.equal(server.submissions.length, 1);
        assert.match(server.submissions[0]!.text, /^Show me\n\n\[ptk:[0-9a-z]+\]$/);
        const entryLog = model.log.entries[0]!;
        assert.equal(entryLog.extractedVia, 'copy');
        assert.ok(entryLog.timings.submitted! <= entryLog.timings.done! && entryLog.timings.done! <= entryLog.timings.extracted!);
        assert.ok(!answer.includes('[ptk:'), 'the nonce never reaches the engine');
      });
    });

    it('falls back to DOM → markdown with code fences when the copy action is missing', async () => {
      const reply = 'Intro **bold**\n\n```python\nprint("a\\\\b")\n```\n\n- one\n- two';
      await withSite(browser, entry, { scenario: { turns: [{ reply, tokenMs: 2 }] }, adapter: (adapter) => ({ ...adapter, selectors: { ...adapter.selectors, copyButton: ['#no-such-copy-button'], copyMenuButton: [] } }) }, async ({ model }) => {
        const answer = await model.call('code please');
        assert.equal(answer, reply);
        assert.equal(model.log.entries[0]!.extractedVia, 'dom');
      });
    });

    it('sends only new messages in thread mode, in the same chat', async () => {
      await withSite(browser, entry, { scenario: { defaults: { tokenMs: 2 }, turns: [{ reply: 'first' }, { reply: 'second' }] } }, async ({ model, server }) => {
        assert.equal(await model.call('one', { thread: { newThread: true, fullTranscript: () => 'T' } }), 'first');
        assert.equal(await model.call('two', { thread: { newThread: false, fullTranscript: () => 'T' } }), 'second');
        assert.equal(server.submissions.length, 2);
        assert.equal(server.submissions[0]!.conversationId, server.submissions[1]!.conversationId);
        assert.ok(server.submissions[1]!.text.startsWith('two\n\n[ptk:'));
      });
    });

    it('opens a new chat for a new thread', async () => {
      await withSite(browser, entry, { scenario: { defaults: { tokenMs: 2 }, turns: [{ reply: 'a' }, { reply: 'b' }] } }, async ({ model, server }) => {
        await model.call('one', { thread: { newThread: true, fullTranscript: () => 'T' } });
        await model.call('fresh', { thread: { newThread: true, fullTranscript: () => 'T' } });
        assert.notEqual(server.submissions[0]!.conversationId, server.submissions[1]!.conversationId);
      });
    });

    it('a long thinking pause and a mid-answer pause do not end the answer', async () => {
      const reply = 'Part one of the answer. '.repeat(4) + 'Part two after the pause.';
      await withSite(browser, entry, { scenario: { turns: [{ reply, thinkingMs: 1_800, tokenMs: 3, pauses: [{ atChar: 40, ms: 1_600 }] }] } }, async ({ model }) => {
        const answer = await model.call('think hard');
        assert.equal(answer, reply);
      });
    });

    it('detects a fast answer quickly (last mutation → done well under a second)', async () => {
      await withSite(browser, entry, { scenario: { turns: [{ reply: 'Quick.', tokenMs: 1, finishDelayMs: 10 }] } }, async ({ model }) => {
        assert.equal(await model.call('quick'), 'Quick.');
        const timings = model.log.entries[0]!.timings;
        assert.ok(timings.done! - timings.lastMutation! < 400, `done ${timings.done} vs last mutation ${timings.lastMutation}`);
      });
    });

    it('stops generation early once the streamed text holds a complete tool call', async () => {
      const call = '<TOOL_CALL>\n{"tool": "read_file", "args": {"path": "package.json"}}\n</TOOL_CALL>';
      const reply = `${call}\n\n${'and then the model keeps rambling on. '.repeat(60)}`;
      await withSite(browser, entry, { scenario: { turns: [{ reply, tokenMs: 10, tokenChars: 4 }] } }, async ({ model }) => {
        const started = Date.now();
        const answer = await model.call('go', { isComplete: (text) => text.includes('</TOOL_CALL>') });
        const elapsed = Date.now() - started;
        assert.ok(answer.includes(call), answer);
        assert.ok(answer.length < reply.length, 'returned before the end of the rambling');
        assert.ok(model.log.entries[0]!.stoppedEarly);
        assert.ok(elapsed < (reply.length / 4) * 10, `elapsed ${elapsed} ms`);
      });
    });

    it('survives a page reload mid-answer: finds the turn by its nonce and keeps waiting, never resends', async () => {
      const reply = 'This answer is interrupted by a reload of the page and then continues to the end.';
      await withSite(browser, entry, { scenario: { turns: [{ reply, tokenMs: 12, failure: 'reload', failAtChar: 20 }] } }, async ({ model, server }) => {
        assert.equal(await model.call('reload please'), reply);
        assert.equal(server.submissions.length, 1);
        assert.ok(model.log.entries[0]!.resumed >= 1);
      });
    });

    it('replaces a tab that died mid-answer and finds the turn again', async () => {
      const reply = 'The tab will be closed while this answer streams, and a new tab picks it up again.';
      await withSite(browser, entry, { scenario: { turns: [{ reply, tokenMs: 15 }] } }, async ({ model, server }) => {
        const page = await model.page();
        const pending = model.call('crash please', {
          onDelta: (delta) => {
            if (delta.full.length > 10 && !page.isClosed()) void page.close();
          },
        });
        assert.equal(await pending, reply);
        assert.equal(server.submissions.length, 1);
        assert.notEqual(await model.page(), page);
        assert.ok(model.log.entries[0]!.resumed >= 1);
      });
    });

    it('retries a submit that did not take, once, without sending twice', async () => {
      await withSite(browser, entry, { scenario: { ignoreFirstSubmit: true, turns: [{ reply: 'sent', tokenMs: 2 }] }, model: { submitConfirmMs: 700 } }, async ({ model, server }) => {
        assert.equal(await model.call('hello'), 'sent');
        assert.equal(model.log.entries[0]!.submitAttempts, 2);
        assert.equal(server.submissions.length, 1);
      });
    });

    it('a send that never takes → SUBMIT_FAILED after one retry, nothing sent', async () => {
      await withSite(browser, entry, { model: { submitConfirmMs: 500 }, adapter: (adapter) => ({ ...adapter, selectors: { ...adapter.selectors, sendButton: adapter.selectors.composer } }) }, async ({ model, server }) => {
        const error = await rejectsWithCode(model.call('hello'), PTKErrorCode.SUBMIT_FAILED);
        assert.match(error.message, /after 2 tries/);
        assert.equal(server.submissions.length, 0);
        assert.equal(model.log.entries[0]!.error?.code, PTKErrorCode.SUBMIT_FAILED);
      });
    });

    it('rolls over to a new chat seeded with the task state when the conversation is too long', async () => {
      await withSite(browser, entry, { scenario: { defaults: { tokenMs: 2 }, turns: [{ reply: 'one' }, { failure: 'conversation_too_long' }, { reply: 'rolled' }] } }, async ({ model, server }) => {
        await model.call('first', { thread: { newThread: true, fullTranscript: () => 'TASK STATE' } });
        const answer = await model.call('second', { thread: { newThread: false, fullTranscript: () => 'TASK STATE: first, second' } });
        assert.equal(answer, 'rolled');
        assert.equal(server.submissions.length, 3);
        assert.ok(server.submissions[2]!.text.startsWith('TASK STATE: first, second'));
        assert.notEqual(server.submissions[2]!.conversationId, server.submissions[1]!.conversationId);
        assert.ok(model.log.entries.at(-1)!.rolledOver);
      });
    });

    it('reports CONVERSATION_TOO_LONG outside thread mode', async () => {
      await withSite(browser, entry, { scenario: { turns: [{ failure: 'conversation_too_long' }] } }, async ({ model }) => {
        await rejectsWithCode(model.call('x'), PTKErrorCode.CONVERSATION_TOO_LONG);
      });
    });

    it('login wall → LOGIN_REQUIRED saying what to do', async () => {
      await withSite(browser, entry, { scenario: { loggedIn: false } }, async ({ model }) => {
        const error = await rejectsWithCode(model.call('x'), PTKErrorCode.LOGIN_REQUIRED);
        assert.match(error.message, /log in/i);
      });
    });

    it('session expiring on submit → LOGIN_REQUIRED', async () => {
      await withSite(browser, entry, { scenario: { turns: [{ failure: 'login' }] } }, async ({ model }) => {
        await rejectsWithCode(model.call('x'), PTKErrorCode.LOGIN_REQUIRED);
      });
    });

    it('bot-check interstitial → BOT_CHECK (on load and after a submit)', async () => {
      await withSite(browser, entry, { scenario: { botCheck: true } }, async ({ model }) => {
        await rejectsWithCode(model.call('x'), PTKErrorCode.BOT_CHECK);
      });
      await withSite(browser, entry, { scenario: { turns: [{ failure: 'bot_check' }] } }, async ({ model }) => {
        await rejectsWithCode(model.call('x'), PTKErrorCode.BOT_CHECK);
      });
    });

    it('rate-limit banner → RATE_LIMITED with the wait the site names', async () => {
      await withSite(browser, entry, { scenario: { turns: [{ failure: 'rate_limit', retryAfter: '11:59 PM' }] } }, async ({ model }) => {
        const error = await rejectsWithCode(model.call('x'), PTKErrorCode.RATE_LIMITED);
        assert.ok(error.retryAfterMs !== undefined && error.retryAfterMs > 0 && error.retryAfterMs <= 24 * 3_600_000, String(error.retryAfterMs));
      });
    });

    it('"Something went wrong" mid-answer → SITE_ERROR', async () => {
      await withSite(browser, entry, { scenario: { turns: [{ reply: 'partial answer that fails', failure: 'error_banner', failAtChar: 8, tokenMs: 5 }] } }, async ({ model }) => {
        await rejectsWithCode(model.call('x'), PTKErrorCode.SITE_ERROR);
      });
    });

    it('a dropped connection mid-answer → NETWORK_ERROR', async () => {
      await withSite(browser, entry, { scenario: { turns: [{ reply: 'this connection will drop', failure: 'network_drop', failAtChar: 8, tokenMs: 5 }] } }, async ({ model }) => {
        await rejectsWithCode(model.call('x'), PTKErrorCode.NETWORK_ERROR);
      });
    });

    it('a prompt over the site limit → PROMPT_TOO_LONG naming the limit, nothing sent', async () => {
      await withSite(browser, entry, { adapter: (adapter) => ({ ...adapter, maxPromptChars: 1_000 }) }, async ({ model, server }) => {
        const error = await rejectsWithCode(model.call('y'.repeat(1_200)), PTKErrorCode.PROMPT_TOO_LONG);
        assert.match(error.message, /1000/);
        assert.equal(server.submissions.length, 0);
      });
    });

    it('a composer that silently cuts the prompt → PROMPT_TRUNCATED, nothing sent', async () => {
      await withSite(browser, entry, { scenario: { composerLimit: 50 } }, async ({ model, server }) => {
        await rejectsWithCode(model.call('z'.repeat(200)), PTKErrorCode.PROMPT_TRUNCATED);
        assert.equal(server.submissions.length, 0);
      });
    });

    it('inserts a very long prompt in chunks and sends it intact', async () => {
      const long = Array.from({ length: 800 }, (_, index) => `line ${index}: ${'abcdefghij'.repeat(5)}`).join('\n');
      await withSite(browser, entry, { scenario: { turns: [{ reply: 'got it', tokenMs: 2 }] }, adapter: (adapter) => ({ ...adapter, insertChunkChars: 16_000 }) }, async ({ model, server }) => {
        assert.equal(await model.call(long), 'got it');
        assert.equal(server.submissions[0]!.text.replace(/\n\n\[ptk:[0-9a-z]+\]$/, ''), long);
      });
    });

    it('a selector that matches nothing → SELECTOR_NOT_FOUND naming the adapter and selectors', async () => {
      await withSite(browser, entry, { adapter: (adapter) => ({ ...adapter, selectors: { ...adapter.selectors, composer: ['#no-composer-here'] }, timings: { readyTimeoutMs: 800 } }) }, async ({ model, adapter }) => {
        const error = await rejectsWithCode(model.call('x'), PTKErrorCode.SELECTOR_NOT_FOUND);
        assert.ok(error.message.includes(adapter.displayName) && error.message.includes('#no-composer-here'), error.message);
      });
    });

    it('cancels through the AbortSignal and stops generation', async () => {
      await withSite(browser, entry, { scenario: { turns: [{ reply: 'long '.repeat(200), tokenMs: 20 }] } }, async ({ model, adapter }) => {
        const controller = new AbortController();
        const pending = model.call('x', { signal: controller.signal, onDelta: (delta) => delta.full.length > 10 && controller.abort() });
        await assert.rejects(pending, (error: Error & { code?: string }) => error.code === PTKErrorCode.ABORTED);
        const page = await model.page();
        await page.waitForTimeout(100);
        for (const selector of adapter.selectors.stopButton) {
          const stopVisible = await page.locator(selector).first().isVisible().catch(() => false);
          assert.equal(stopVisible, false, `generation was stopped (${selector} hidden)`);
        }
      });
    });

    it('queues concurrent calls: one request per tab at a time', async () => {
      await withSite(browser, entry, { scenario: { defaults: { tokenMs: 3 }, turns: [{ reply: 'A answer' }, { reply: 'B answer' }] } }, async ({ model, server }) => {
        const [first, second] = await Promise.all([
          model.call('A', { thread: { newThread: true, fullTranscript: () => '' } }),
          model.call('B', { thread: { newThread: false, fullTranscript: () => '' } }),
        ]);
        assert.deepEqual([first, second], ['A answer', 'B answer']);
        assert.equal(server.submissions.length, 2);
      });
    });

    it('page runtime intercepts the clipboard: the site copy never reaches the real clipboard', async () => {
      await withSite(browser, entry, { scenario: { turns: [{ reply: 'copied text', tokenMs: 2 }] } }, async ({ model }) => {
        await model.call('x');
        const page = await model.page();
        const captured = await callRuntime<string[]>(page, 'captured');
        assert.ok(captured.includes('copied text'));
      });
    });
  });
}

// Keeps the type import used when the registry is empty.
void BrowserChatModel;

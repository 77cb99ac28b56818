/**
 * The adapter conformance suite: every site of replicas/sites.ts, driven by its adapter in
 * real Chromium against its replica: every contract step and every error state, the selector
 * fallbacks the replica must hit (`expectMatched`), and the real-site behaviours the replica
 * supports (a bar flashing mid-thinking, a preamble gap, a virtualized list, guest mode,
 * off-host sign-in, Cloudflare noise, a limit notice), and attachments through the site's own
 * upload (attachmentConformance.ts). Then the page runtime alone on minimal
 * pages: the three copy mechanisms, copy buttons it must refuse, the turn kept by identity,
 * multi-message turns, page states and banners.
 * Run: node scripts/run-tests.mjs test/browser
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { LLMBackendError, PTKErrorCode } from '../../src/core/errors';
import { BrowserChatModel } from '../../src/browser/browserChatModel';
import { createCustomAdapter } from '../../src/browser/adapters/custom';
import { type PageSelectors } from '../../src/browser/adapters/types';
import { pageSelectorsOf } from '../../src/browser/pageSelectors';
import { buildPageScript, type ExtractResult, type PageProbe, type PageSnapshot } from '../../src/browser/page/pageRuntime';
import { callRuntime, ensureReady } from '../../src/browser/siteDriver';
import { DEFAULT_REPLICA_FEATURES, replicaSites, type ReplicaFeature, type ReplicaSiteEntry } from './replicas/sites';
import { attachmentCases } from './attachmentConformance';
import { DEFAULTS } from '../../src/core/constants';
import { adapterFor, launchTestBrowser, withSite as withReplicaSite } from './harness';

/** Every case runs with the ptk.maxTabs default (a tab per call, up to DEFAULTS.maxTabs) unless it sets maxTabs. */
function withSite<T>(...[browser, entry, setup, body]: Parameters<typeof withReplicaSite<T>>): Promise<T> {
  return withReplicaSite(browser, entry, { ...setup, model: { maxTabs: DEFAULTS.maxTabs, ...setup.model } }, body);
}

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

/**
 * An answer whose own text and markup look like page states: inline code (each replica renders it
 * in its site's markup: a bare `<code>` on ChatGPT, Gemini and DeepSeek, as in
 * mcgaffertybodway62-cell/aiweb-copyfix test/fixtures/{chatgpt,gemini,deepseek}.html @044367e9;
 * claude.ai's class list with the red `text-danger-000`, replicas/sites/claude/pieces.ts; AI
 * Studio's inline markup has no public capture, the replica keeps `<code>`), a table, a blockquote,
 * a diff whose removed line is a red "danger" span carrying error classes and `role=alert`
 * (replicas/shared/app.ts), the words of errors, rate limits and sign-in in prose and in code,
 * and links to the sites' sign-in pages (what their login-wall selectors look for).
 */
const LOOKS_LIKE_A_PAGE_STATE = [
  'The error is only prose here: a rate limit, a failed log in, "Something went wrong", "You are out of free messages".',
  '',
  'Run `npm test`, then `fetchPage()`; `error: rate limit` and `log in` are inline code too.',
  '',
  '| Code | Meaning |',
  '| --- | --- |',
  '| `429` | rate limit reached, try again after 3:15 PM |',
  '| `401` | log in required |',
  '',
  "> Something went wrong? You've reached our limit of messages. Please log in again.",
  '',
  '```diff',
  '- throw new Error("You\'ve reached our limit of messages: rate limit, log in again");',
  '+ return retry();',
  '```',
  '',
  'Sign-in pages: [ChatGPT](https://chatgpt.com/auth/login), [Google](https://accounts.google.com/ServiceLogin), [DeepSeek](/sign_in).',
].join('\n');

/**
 * An answer holding every formatting shape the sites render, in the markdown DOM → markdown
 * writes: a heading, bold / italic / inline code / a link, nested and ordered lists, a table
 * with inline code, a blockquote, a rule, a code block, inline and display math. Each replica
 * draws it in its site's real markup (the skins' decorateAnswer: ChatGPT's and Gemini's KaTeX,
 * AI Studio's ms-cmark-node wrappers, span.inline-code and ms-katex, …; each names its evidence).
 */
const EVERY_SHAPE = [
  '## Widget factory',
  '',
  '**Bold** *italic* `widget.init()` and [example.com](https://example.com/) power production.',
  '',
  '- Blue widgets',
  '- Red widgets',
  '   - Tested daily',
  '- Golden widgets',
  '',
  '1. Assemble casing.',
  '   - screws first',
  '2. Package widgets.',
  '',
  '| Widget | Status |',
  '| --- | --- |',
  '| Alpha | Ready |',
  '| `Beta` | Packed |',
  '',
  '> Every widget passed inspection.',
  '',
  '---',
  '',
  '```python',
  'print("hi")',
  '```',
  '',
  'Inline: $E = mc^2$ and $\\frac{1}{2}mv^2$.',
  '',
  '$$',
  '\\sum_{i=1}^{3} i = 6',
  '$$',
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

/** Whether the conformance suite drives `feature` on this replica (see ReplicaSiteEntry.supports). */
function supports(entry: ReplicaSiteEntry, feature: ReplicaFeature): boolean {
  if (feature === 'offHostSignIn') return entry.signInUrl !== undefined && (entry.supports === undefined || entry.supports.includes(feature));
  return (entry.supports ?? DEFAULT_REPLICA_FEATURES).includes(feature);
}

let browser: Browser;
before(async () => {
  browser = await launchTestBrowser();
});
after(async () => {
  await browser?.close();
});

/**
 * The site opens its temporary chat by address (ChatGPT, Claude) and the replica models it: a
 * new tab at that address opens a new chat, so a temporary chat is gone with its tab.
 */
function temporaryChatByAddress(entry: ReplicaSiteEntry): boolean {
  return entry.temporaryChat !== false && adapterFor(entry, 'http://127.0.0.1/').temporaryChat?.urlParam !== undefined;
}

/**
 * The sites this run drives: every one, or those named (adapter id or replica folder,
 * comma-separated) in PTK_CONFORMANCE_SITES, e.g. `PTK_CONFORMANCE_SITES=openwebui`.
 */
function sitesOfThisRun(): ReplicaSiteEntry[] {
  const named = (process.env.PTK_CONFORMANCE_SITES ?? '').split(',').map((name) => name.trim()).filter(Boolean);
  return named.length === 0 ? replicaSites : replicaSites.filter((entry) => named.includes(entry.adapter) || named.includes(entry.replica));
}

for (const entry of sitesOfThisRun()) {
  describe(`conformance: ${entry.adapter} (replica ${entry.replica})`, () => {
    it('answers, streams deltas, and extracts the markdown exactly through the copy action', async () => {
      await withSite(browser, entry, { scenario: { turns: [{ reply: TRICKY, tokenMs: 20, tokenChars: 7 }] } }, async ({ model, server }) => {
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
        for (const [list, index] of Object.entries(entry.expectMatched ?? {})) {
          assert.equal(entryLog.matched?.[list], index, `selector list ${list}: fallback ${String(entryLog.matched?.[list])} matched, expected ${index}`);
        }
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

    it("an answer with math, lists, a table, a quote, links and code comes back exact through DOM → markdown in the site's real markup", async () => {
      await withSite(browser, entry, { scenario: { turns: [{ reply: EVERY_SHAPE, tokenMs: 2, tokenChars: 11 }] }, adapter: (adapter) => ({ ...adapter, selectors: { ...adapter.selectors, copyButton: ['#no-such-copy-button'], copyMenuButton: [] } }) }, async ({ model }) => {
        const answer = await model.call('Show every shape');
        assert.equal(model.log.entries[0]!.extractedVia, 'dom');
        assert.equal(answer, EVERY_SHAPE);
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
        assert.ok(timings.done! - timings.lastMutation! < 1_000, `done ${timings.done} vs last mutation ${timings.lastMutation}`);
      });
    });

    it('stops generation early once the streamed text holds a complete tool call', async () => {
      const call = '<TOOL_CALL>\n{"tool": "read_file", "args": {"path": "package.json"}}\n</TOOL_CALL>';
      const reply = `${call}\n\n${'and then the model keeps rambling on. '.repeat(60)}`;
      await withSite(browser, entry, { scenario: { turns: [{ reply, tokenMs: 10, tokenChars: 4 }] } }, async ({ model }) => {
        const answer = await model.call('go', { isComplete: (text) => text.includes('</TOOL_CALL>') });
        assert.ok(answer.includes(call), answer);
        assert.ok(answer.length < reply.length, 'returned before the end of the rambling');
        assert.ok(model.log.entries[0]!.stoppedEarly);
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
      // A saved chat: the replacement tab reopens it by its address (a temporary chat is gone with its tab: next case).
      await withSite(browser, entry, { scenario: { turns: [{ reply, tokenMs: 15 }] }, model: { temporaryChats: false } }, async ({ model, server }) => {
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

    it('a tab that died mid-answer in a temporary chat → TAB_CLOSED (recoverable), nothing resent, the next call works', { skip: !temporaryChatByAddress(entry) }, async () => {
      const reply = 'The tab will be closed while this answer streams; a temporary chat is gone with it.';
      await withSite(browser, entry, { scenario: { turns: [{ reply, tokenMs: 15 }, { reply: 'next', tokenMs: 2 }] } }, async ({ model, server }) => {
        const page = await model.page();
        const pending = model.call('crash please', {
          onDelta: (delta) => {
            if (delta.full.length > 10 && !page.isClosed()) void page.close();
          },
        });
        const error = await rejectsWithCode(pending, PTKErrorCode.TAB_CLOSED);
        assert.equal(error.recoverable, true);
        assert.equal(server.submissions.length, 1);
        assert.equal(server.submissions[0]!.temporary, true);
        assert.equal(await model.call('again'), 'next');
        assert.equal(server.submissions.length, 2);
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

    it('an answer with inline code, a table, a blockquote, a red "danger" span and the words of errors, limits and sign-in completes exactly: nothing inside the turns is a page state', async () => {
      const prompt = 'Explain this error, the rate limit and how to log in.';
      await withSite(browser, entry, { scenario: { turns: [{ reply: LOOKS_LIKE_A_PAGE_STATE, tokenMs: 4, tokenChars: 9 }] } }, async ({ model, adapter }) => {
        const answer = await model.call(prompt);
        assert.equal(answer, LOOKS_LIKE_A_PAGE_STATE);
        const entryLog = model.log.entries[0]!;
        assert.equal(entryLog.error, undefined);
        assert.deepEqual(entryLog.warnings ?? [], [], 'no notice was read from the answer');
        assert.notEqual(entryLog.guest, true, 'no login control was read from the answer');
        assert.equal(model.status.guest ?? false, false);
        // The answer really holds markup an error-banner or login-wall selector of this adapter matches.
        const page = await model.page();
        const bait = await page.evaluate(
          ({ lists, text }) =>
            Array.from(document.querySelectorAll('body *')).filter(
              (element) =>
                lists.some((selector) => {
                  try {
                    return element.matches(selector);
                  } catch {
                    return false;
                  }
                }) && (element.textContent ?? '').length < 200 && text.some((part) => (element.textContent ?? '').includes(part)),
            ).length,
          { lists: [...adapter.selectors.errorBanner, ...adapter.selectors.loginWall], text: ['throw new Error', 'ChatGPT', 'Google', 'DeepSeek'] },
        );
        assert.ok(bait > 0, 'the answer holds markup the adapter\'s error-banner or login-wall selectors match');
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

    it('a selector that matches nothing (discovery fallback off) → SELECTOR_NOT_FOUND naming the adapter and selectors', async () => {
      // With the fallback on (the default), discovery carries the task on: driftFallback.test.ts.
      await withSite(browser, entry, { model: { driftFallback: false }, adapter: (adapter) => ({ ...adapter, selectors: { ...adapter.selectors, composer: ['#no-composer-here'] }, timings: { readyTimeoutMs: 800 } }) }, async ({ model, adapter }) => {
        const error = await rejectsWithCode(model.call('x'), PTKErrorCode.SELECTOR_NOT_FOUND);
        assert.ok(error.message.includes(adapter.displayName) && error.message.includes('#no-composer-here'), error.message);
      });
    });

    it('cancels through the AbortSignal and stops generation', async () => {
      // An answer that would stream for about a minute: the stop button going away is the stop, not its end.
      await withSite(browser, entry, { scenario: { turns: [{ reply: 'long '.repeat(3_000), tokenMs: 20 }] } }, async ({ model, adapter }) => {
        const controller = new AbortController();
        const pending = model.call('x', { signal: controller.signal, onDelta: (delta) => delta.full.length > 10 && controller.abort() });
        await assert.rejects(pending, (error: Error & { code?: string }) => error.code === PTKErrorCode.ABORTED);
        const page = await model.page();
        for (const selector of adapter.selectors.stopButton) {
          const hidden = await page.locator(selector).first().waitFor({ state: 'hidden', timeout: 15_000 }).then(() => true, () => false);
          assert.ok(hidden, `generation was stopped (${selector} hidden)`);
        }
      });
    });

    it('queues concurrent calls: with maxTabs 1, one request at a time on the one tab', async () => {
      const responder = (prompt: string) => ({ reply: `${prompt} answer`, tokenMs: 3 });
      await withSite(browser, entry, { responder, model: { maxTabs: 1 } }, async ({ model, server }) => {
        const waiting: boolean[] = [];
        const sentWhenWaiting: number[] = [];
        const [first, second] = await Promise.all([
          model.call('A', { thread: { newThread: true, fullTranscript: () => 'A' } }),
          model.call('B', {
            thread: { newThread: false, fullTranscript: () => 'B' },
            onWaiting: (value) => {
              // B waits from the start, and gets the tab once A's call has ended (A alone sent).
              waiting.push(value);
              sentWhenWaiting.push(server.submissions.length);
            },
          }),
        ]);
        assert.deepEqual([first, second], ['A answer', 'B answer']);
        assert.deepEqual(waiting, [true, false]);
        assert.deepEqual(sentWhenWaiting, [0, 1]);
        assert.equal(server.submissions.length, 2);
        assert.equal(model.pages.length, 1);
      });
    });

    it('with maxTabs 2, two concurrent calls run at once on two tabs', async () => {
      let started = 0;
      let bothStreaming!: () => void;
      const bothStarted = new Promise<void>((resolve) => (bothStreaming = resolve));
      const responder = (prompt: string) => ({ reply: `${prompt} answer`, tokenMs: 3, holds: [{ atChar: 2, until: bothStarted }] });
      await withSite(browser, entry, { responder, model: { maxTabs: 2 } }, async ({ model, server }) => {
        const streaming = (): void => {
          if (++started === 2) bothStreaming();
        };
        const once = (): ((delta: unknown) => void) => {
          let seen = false;
          return () => {
            if (!seen) streaming();
            seen = true;
          };
        };
        const answers = await Promise.all([model.call('A', { onDelta: once() }), model.call('B', { onDelta: once() })]);
        assert.deepEqual(answers, ['A answer', 'B answer']);
        assert.equal(model.pages.length, 2, 'two tabs');
        // Both were sent before either answer could end (each held until both streamed).
        assert.equal(server.submissions.length, 2);
      });
    });

    it('a turn whose action bar flashes mid-thinking is not ended by the flash', { skip: !supports(entry, 'thinkingFlash') }, async () => {
      const reply = 'The answer after a long think, with enough words to stream for a while.';
      await withSite(browser, entry, { scenario: { turns: [{ reply, thinkingText: 'Thinking…', thinkingMs: 1_600, actionBarFlashMs: 600, tokenMs: 3 }] } }, async ({ model }) => {
        assert.equal(await model.call('think, then answer'), reply);
        const timings = model.log.entries[0]!.timings;
        assert.ok(timings.done! >= timings.lastMutation!, 'completion came after the last answer text');
      });
    });

    it('a preamble, a gap with no stop button, thinking again, then the answer: the gap does not end the turn', { skip: !supports(entry, 'preambleGap') }, async () => {
      const preamble = 'Let me look that up first.';
      const reply = 'Here is the real answer, written after the tool phase.';
      await withSite(browser, entry, { scenario: { turns: [{ preamble, preambleGapMs: 700, thinkingText: 'Thinking…', reply, tokenMs: 3 }] } }, async ({ model }) => {
        const answer = await model.call('look it up');
        // Multi-message sites copy the answer's own message; single-message sites the whole turn.
        assert.ok(answer === reply || answer === `${preamble}\n\n${reply}`, `got ${JSON.stringify(answer)}`);
      });
    });

    it('a virtualized list drops our user turn during a long answer: the turn is kept by identity and completes', { skip: !supports(entry, 'virtualList') }, async (context) => {
      const reply = Array.from({ length: 24 }, (_, index) => `Line ${index} of a long answer that pushes the question out of the list.`).join('\n\n');
      await withSite(browser, entry, { scenario: { virtualizeAfterChars: 300, turns: [{ reply, tokenMs: 2, tokenChars: 12 }] } }, async ({ model }) => {
        const fulls: string[] = [];
        const answer = await model.call('write a lot', { onDelta: (delta) => fulls.push(delta.full) });
        assert.equal(answer, reply);
        const firstText = fulls.findIndex((full) => full.length > 0);
        assert.ok(fulls.slice(firstText).every((full) => full.length > 0), 'the streamed text never went back to empty');
        const page = await model.page();
        const questionStillShown = await page.evaluate(() => document.body.innerText.includes('write a lot'));
        if (questionStillShown) context.diagnostic('this replica kept the user turn in the DOM: the virtualization was not exercised');
      });
    });

    it('a guest page (composer plus "Log in") answers, and the model reports the guest session', { skip: !supports(entry, 'guest') }, async (context) => {
      await withSite(browser, entry, { scenario: { guest: true, loggedIn: false, turns: [{ reply: 'Hello, guest.', tokenMs: 2 }] } }, async ({ model }) => {
        assert.equal(await model.call('hi'), 'Hello, guest.');
        if (!model.status.guest) {
          context.skip('this replica shows no login control in guest mode');
          return;
        }
        assert.equal(model.log.entries[0]!.guest, true);
      });
    });

    it('a signed-out tab sent to the off-site sign-in host → LOGIN_REQUIRED', { skip: !supports(entry, 'offHostSignIn') }, async () => {
      await withSite(browser, entry, { scenario: { loggedIn: false, signIn: 'offHost' }, adapter: (adapter) => ({ ...adapter, timings: { ...adapter.timings, readyTimeoutMs: 8_000 } }) }, async ({ model }) => {
        const error = await rejectsWithCode(model.call('x'), PTKErrorCode.LOGIN_REQUIRED);
        assert.match(error.message, /log in/i);
        const page = await model.page();
        assert.equal(new URL(page.url()).hostname, new URL(entry.signInUrl!).hostname, 'the tab really is on the sign-in host');
      });
    });

    it('a tab that lands on the sign-in host mid-answer → LOGIN_REQUIRED', { skip: !supports(entry, 'offHostSignIn') }, async () => {
      await withSite(browser, entry, { scenario: { turns: [{ reply: 'long '.repeat(200), tokenMs: 15 }] } }, async ({ model, server }) => {
        const page = await model.page();
        const signIn = new URL(entry.signInUrl!);
        signIn.port = new URL(server.url).port;
        let sent = false;
        const pending = model.call('x', {
          onDelta: (delta) => {
            if (sent || delta.full.length < 10) return;
            sent = true;
            void page.evaluate((url) => location.assign(url), signIn.href).catch(() => undefined);
          },
        });
        await rejectsWithCode(pending, PTKErrorCode.LOGIN_REQUIRED);
      });
    });

    it('a healthy page carrying Cloudflare bot-management noise answers normally', { skip: !supports(entry, 'cloudflareNoise') }, async () => {
      await withSite(browser, entry, { scenario: { cloudflareNoise: true, turns: [{ reply: 'No bot check here.', tokenMs: 2 }] } }, async ({ model }) => {
        assert.equal(await model.call('hello'), 'No bot check here.');
      });
    });

    it('a limit notice mid-answer is a warning (log and status), never an abort', { skip: !supports(entry, 'limitNotice') }, async () => {
      const reply = 'This answer goes on after the site says a smaller model takes over, to the very end.';
      await withSite(browser, entry, { scenario: { turns: [{ reply, limitNoticeAtChar: 20, tokenMs: 4 }] } }, async ({ model }) => {
        assert.equal(await model.call('keep going'), reply);
        const warnings = model.log.entries[0]!.warnings ?? [];
        assert.ok(warnings.length >= 1, 'the notice is recorded in the turn log');
        assert.equal(model.status.warning, warnings.at(-1));
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

    attachmentCases(entry, { uploads: supports(entry, 'upload'), uploadConsent: supports(entry, 'uploadConsent') }, () => browser);
  });
}

// Keeps the type import used when the registry is empty.
void BrowserChatModel;

/**
 * The page runtime alone, on minimal pages served from a 127.0.0.1 URL (intercepted: no server,
 * no request leaves the page), with a custom adapter's selectors.
 */
describe('page runtime on minimal pages (any site)', () => {
  const selectorsFor = (extra: Record<string, unknown> = {}): PageSelectors =>
    pageSelectorsOf(
      createCustomAdapter({
        url: 'http://127.0.0.1/',
        input: '#composer',
        stopButton: '#stop',
        userTurn: '.msg.user',
        answerContainer: '.msg.bot',
        answerContent: '.body',
        actionBar: '.actions',
        copyButton: 'button.copy',
        loginWall: '#login',
        botCheck: ['iframe[src*="challenges.cloudflare.com"]', '#challenge-form'],
        errorBanners: '.error',
        ...extra,
      }),
    );

  async function openPage(html: string): Promise<Page> {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.route('**/*', (route) => (route.request().url() === 'http://127.0.0.1/runtime-test' ? route.fulfill({ contentType: 'text/html; charset=utf-8', body: html }) : route.abort()));
    await page.goto('http://127.0.0.1/runtime-test');
    await page.evaluate(buildPageScript());
    return page;
  }

  async function watch(page: Page, selectors: PageSelectors, nonce: string): Promise<void> {
    // A throttle longer than any test: only the test's own snapshot() calls read the page, so
    // each one sees every change since the previous one.
    await callRuntime(page, 'watch', { selectors, nonce, bindingName: '__noBinding', throttleMs: 600_000 });
  }

  const snapshot = (page: Page): Promise<PageSnapshot> => callRuntime<PageSnapshot>(page, 'snapshot');

  /** A thread with our user turn and an answer; each copy button copies its data-copies text with `mechanism`. */
  function copyPage(mechanism: 'writeText' | 'clipboardItem' | 'execCommand', body: string): string {
    return `<!doctype html><html><head><title>Chat</title></head><body><textarea id="composer"></textarea><div class="thread">${body}</div>
<script>
function copy(text) {
  if (${JSON.stringify(mechanism)} === 'writeText') return navigator.clipboard.writeText(text);
  if (${JSON.stringify(mechanism)} === 'clipboardItem') {
    return navigator.clipboard.write([new ClipboardItem({ 'text/plain': new Blob([text], { type: 'text/plain' }), 'text/html': new Blob(['<p>' + text + '</p>'], { type: 'text/html' }) })]);
  }
  // Angular CDK's Clipboard: a temporary, selected textarea, then execCommand('copy').
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  area.setSelectionRange(0, text.length);
  window.__copyResult = document.execCommand('copy');
  area.remove();
}
document.addEventListener('click', (event) => {
  const button = event.target.closest('button.copy');
  if (button) copy(button.dataset.copies);
});
</script></body></html>`;
  }

  const answerTurn = '<div class="msg bot"><div class="body"><p>The answer</p><pre><code>print(1)</code><button class="copy" aria-label="Copy" data-copies="ONE CODE BLOCK">Copy</button></pre></div><div class="actions"><button class="copy" data-copies="THE WHOLE ANSWER">Copy</button></div></div>';
  const userTurn = (nonce: string): string => `<div class="msg user">Question [ptk:${nonce}]<div class="actions"><button class="copy" data-copies="THE QUESTION">Copy</button></div></div>`;

  for (const mechanism of ['writeText', 'clipboardItem', 'execCommand'] as const) {
    it(`extracts through a copy button that uses ${mechanism}, and the page sees its copy succeed`, async () => {
      const page = await openPage(copyPage(mechanism, userTurn('n1') + answerTurn));
      try {
        await watch(page, selectorsFor({ turnScope: '.thread' }), 'n1');
        const result = await callRuntime<ExtractResult>(page, 'extract', 2_000);
        assert.deepEqual([result.via, result.text], ['copy', 'THE WHOLE ANSWER']);
        assert.equal(result.matched?.copyButton, 0);
        if (mechanism === 'execCommand') assert.equal(await page.evaluate(() => (window as unknown as { __copyResult?: boolean }).__copyResult), true);
      } finally {
        await page.context().close();
      }
    });
  }

  it("never clicks a code block's or a user turn's copy button, whatever the copy selector matches", async () => {
    // Only those two match `button.copy` in the turn scope: extraction must fall back to the DOM.
    const onlyWrongButtons = '<div class="msg bot"><div class="body"><p>The answer</p><pre><code>print(1)</code><button class="copy" aria-label="Copy" data-copies="ONE CODE BLOCK">Copy</button></pre></div></div>';
    const page = await openPage(copyPage('writeText', userTurn('n2') + onlyWrongButtons));
    try {
      await watch(page, selectorsFor({ turnScope: '.thread' }), 'n2');
      const result = await callRuntime<ExtractResult>(page, 'extract', 500);
      assert.equal(result.via, 'dom');
      assert.equal(result.text, 'The answer\n\n```\nprint(1)\n```');
      assert.deepEqual(await callRuntime<string[]>(page, 'captured'), [], 'no copy button was clicked');
    } finally {
      await page.context().close();
    }
  });

  it('keeps the assistant turn by identity when a virtual list drops the user turn, takes the last message node, and never rewrites the text to empty', async () => {
    const html = `<!doctype html><html><body><textarea id="composer"></textarea><ul class="thread">
<li class="item"><div class="msg user">Question [ptk:n3]</div></li>
<li class="item turn"><div class="msg bot"><div class="body"><p>Let me check.</p></div></div></li></ul></body></html>`;
    const page = await openPage(html);
    try {
      await watch(page, selectorsFor({ turnScope: '.turn' }), 'n3');
      let state = await snapshot(page);
      assert.equal(state.textLength, 'Let me check.'.length);
      // A second message node in the same turn (ChatGPT: preamble, then the answer); an empty
      // third one (a node just started) does not blank the text.
      await page.evaluate(() => {
        const turn = document.querySelector('.turn')!;
        turn.insertAdjacentHTML('beforeend', '<div class="msg bot"><div class="body"><p>The answer</p></div></div><div class="msg bot"><div class="body"></div></div>');
      });
      state = await snapshot(page);
      assert.equal(state.rewrite, 'The answer');
      // The virtual list unmounts the user turn; the answer goes on.
      await page.evaluate(() => {
        document.querySelector('.msg.user')!.closest('li')!.remove();
        document.querySelectorAll('.turn .msg.bot .body')[1]!.insertAdjacentHTML('beforeend', '<p>goes on.</p>');
      });
      state = await snapshot(page);
      assert.equal(state.assistantTurnFound, true);
      assert.equal(state.userTurnFound, true, 'our turn is still on the page');
      assert.equal(state.append, '\n\ngoes on.');
      // Now the whole turn leaves the DOM too (scrolled away): the text is kept, not emptied.
      await page.evaluate(() => document.querySelector('.turn')!.remove());
      state = await snapshot(page);
      assert.equal(state.assistantTurnFound, false);
      assert.equal(state.rewrite, null);
      assert.equal(state.textLength, 'The answer\n\ngoes on.'.length);
    } finally {
      await page.context().close();
    }
  });

  it('finds a turn whose user turn a virtual list unmounted before the first look: the newest assistant turn that is new since the watch; never an older one', async () => {
    const html = `<!doctype html><html><body><textarea id="composer"></textarea><ul class="thread">
<li class="item"><div class="msg user">Earlier question [ptk:old]</div></li><li class="item"><div class="msg bot"><div class="body"><p>Earlier answer</p></div></div></li></ul></body></html>`;
    const page = await openPage(html);
    try {
      await watch(page, selectorsFor(), 'n6');
      assert.equal((await snapshot(page)).assistantTurnFound, false, 'an answer from before the watch is never ours');
      // Our turn arrives and the list drops everything above it in the same task.
      await page.evaluate(() => {
        const thread = document.querySelector('.thread')!;
        thread.insertAdjacentHTML('beforeend', '<li class="item"><div class="msg user">Q [ptk:n6]</div></li><li class="item"><div class="msg bot"><div class="body"><p>Ours</p></div></div></li>');
        for (const item of Array.from(thread.children).slice(0, 3)) item.remove();
      });
      const state = await snapshot(page);
      assert.deepEqual([state.assistantTurnFound, state.userTurnFound, state.rewrite ?? state.append], [true, true, 'Ours']);
    } finally {
      await page.context().close();
    }
  });

  it('an action bar counts while rendered even if hover-hidden (opacity 0, visibility hidden), not when display:none or [hidden]', async () => {
    const html = `<!doctype html><html><body><textarea id="composer"></textarea><div class="msg user">Q [ptk:n4]</div>
<div class="msg bot"><div class="body"><p>Done.</p></div><div class="actions"><button class="copy">Copy</button></div></div></body></html>`;
    const page = await openPage(html);
    try {
      await watch(page, selectorsFor(), 'n4');
      const barWith = async (style: string, hidden = false): Promise<boolean> => {
        await page.evaluate(
          ({ css, hide }) => {
            const bar = document.querySelector<HTMLElement>('.actions')!;
            bar.setAttribute('style', css);
            bar.hidden = hide;
          },
          { css: style, hide: hidden },
        );
        return (await snapshot(page)).actionBarPresent;
      };
      assert.equal(await barWith('opacity: 0'), true);
      assert.equal(await barWith('visibility: hidden'), true);
      assert.equal(await barWith('display: none'), false);
      assert.equal(await barWith('', true), false);
    } finally {
      await page.context().close();
    }
  });

  it('page states: Cloudflare noise next to a composer is no bot check; the interstitial is; guest vs login wall', async () => {
    const probeOf = async (html: string): Promise<PageProbe> => {
      const page = await openPage(html);
      try {
        return await callRuntime<PageProbe>(page, 'probe', selectorsFor());
      } finally {
        await page.context().close();
      }
    };
    const noise = '<iframe src="https://challenges.cloudflare.com/cdn-cgi/challenge-platform/h/b/turnstile/if/ov2" style="display:none"></iframe><script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"></script>';
    assert.equal((await probeOf(`<title>ChatGPT</title><textarea id="composer"></textarea>${noise}`)).botCheck, false, 'noise on a healthy page');
    assert.equal((await probeOf(`<title>ChatGPT</title>${noise}`)).botCheck, true, 'the widget without the app shell');
    assert.equal((await probeOf('<title>Just a moment...</title><p>Checking</p>')).botCheck, true, 'the interstitial title');
    assert.equal((await probeOf('<title>Just a moment of clarity</title><textarea id="composer"></textarea>')).botCheck, false, 'a conversation titled like it');
    assert.equal((await probeOf('<title>claude.ai</title><h1>Performing security verification</h1>')).botCheck, true, 'the interstitial text without a composer');
    assert.equal((await probeOf('<title>Chat</title><textarea id="composer"></textarea><p>How do I verify you are human on my site?</p>')).botCheck, false, 'the words in a conversation');
    const guest = await probeOf('<title>Chat</title><textarea id="composer"></textarea><button id="login">Log in</button>');
    assert.deepEqual([guest.guest, guest.loginWall], [true, false]);
    const wall = await probeOf('<title>Chat</title><button id="login">Log in</button>');
    assert.deepEqual([wall.guest, wall.loginWall], [false, true]);
  });

  it('generic banner regions count outside the turns and only with a known text; stale ones and status lines inside a turn do not', async () => {
    const html = `<!doctype html><html><body><textarea id="composer"></textarea><div role="status" id="old">Too many requests. Please wait a few minutes.</div>
<div class="thread"><div class="msg user">Q [ptk:n5]</div><div class="msg bot"><div class="body"><p>Answer</p></div></div></div><div id="toasts"></div></body></html>`;
    const page = await openPage(html);
    try {
      await watch(page, selectorsFor({ turnScope: '.thread' }), 'n5');
      assert.deepEqual((await snapshot(page)).banners, [], 'a banner already there when the turn began is stale');
      await page.evaluate(() => {
        document.querySelector('.msg.bot')!.insertAdjacentHTML('afterbegin', '<div role="status">Thinking</div><span role="status">Something went wrong</span>');
        document.querySelector('#toasts')!.insertAdjacentHTML('beforeend', '<div aria-live="polite">Copied!</div><div data-testid="toast-root">You are sending messages too quickly.</div>');
      });
      assert.deepEqual((await snapshot(page)).banners, ['You are sending messages too quickly.']);
      await page.evaluate(() => {
        document.querySelector('#old')!.textContent = 'We have temporarily limited access to your account.';
      });
      assert.deepEqual((await snapshot(page)).banners, ['We have temporarily limited access to your account.', 'You are sending messages too quickly.']);
    } finally {
      await page.context().close();
    }
  });

  describe('a hidden challenge frame before the app shell draws its composer', () => {
    const adapter = createCustomAdapter({ url: 'http://127.0.0.1/', input: '#composer', stopButton: '#stop', userTurn: '.msg.user', answerContainer: '.msg.bot', actionBar: '.actions', botCheck: ['iframe[src*="challenges.cloudflare.com"]'] });
    const noisyPage = (composerAfterMs: number | null): string =>
      `<!doctype html><html><head><title>Chat</title></head><body><div id="root"></div>
<iframe src="https://challenges.cloudflare.com/cdn-cgi/challenge-platform/h/g/turnstile" style="display:none" width="1" height="1"></iframe>
${composerAfterMs === null ? '' : `<script>setTimeout(() => { document.getElementById('root').innerHTML = '<textarea id="composer"></textarea>'; }, ${composerAfterMs});</script>`}</body></html>`;

    it('is not a bot check when the composer follows', async () => {
      const page = await openPage(noisyPage(1_200));
      try {
        const ready = await ensureReady(page, adapter);
        assert.equal(ready.composerPresent, true);
      } finally {
        await page.context().close();
      }
    });

    it('is a bot check when it lasts with no composer (never a selector error)', async () => {
      const page = await openPage(noisyPage(null));
      try {
        const started = Date.now();
        await assert.rejects(ensureReady(page, adapter), (error: unknown) => error instanceof LLMBackendError && error.code === PTKErrorCode.BOT_CHECK);
        assert.ok(Date.now() - started >= 2_500, 'the weak evidence had to last before it counted');
      } finally {
        await page.context().close();
      }
    });
  });
});

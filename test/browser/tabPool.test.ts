/**
 * The tab pool in real Chromium against the ChatGPT replica: a BrowserChatModel with maxTabs 3
 * answers several calls at once, each in a tab (and a replica conversation) of its own. Every
 * turn is held by the replica until the test releases it, and the test releases only on events
 * (each call's first delta, a call starting to wait), so the overlaps are proven, not timed.
 * Run: node --import tsx --test test/browser/tabPool.test.ts
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import type { BrowserChatModel } from '../../src/browser/browserChatModel';
import { LLMBackendError, PTKErrorCode } from '../../src/core/errors';
import type { LLMCallOptions, StreamDelta } from '../../src/core/ports';
import type { ReplicaServer } from './replicas/server';
import type { ReplicaTurnScript } from './replicas/scenario';
import { replicaSites } from './replicas/sites';
import { sharedTestBrowser, withSite } from './harness';

const testBrowser = sharedTestBrowser();
const entry = replicaSites.find((site) => site.replica === 'chatgpt')!;

interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
}

function deferred(): Deferred {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** The answer the replica gives to `prompt`: long enough to stream in several tokens, its own words throughout. */
function answerTo(prompt: string): string {
  return `${prompt} answer: ${`${prompt} streams in its own tab. `.repeat(3)}`.trim();
}

/** A replica responder: every turn answers its prompt and holds after its first 8 characters until `release`. */
function heldResponder(release: PromiseLike<unknown>): (prompt: string) => ReplicaTurnScript {
  return (prompt) => ({ reply: answerTo(prompt), tokenMs: 2, tokenChars: 4, holds: [{ atChar: 8, until: release }] });
}

/** One call whose streamed text is recorded and whose first delta resolves `started`. */
function startCall(model: BrowserChatModel, prompt: string, options: LLMCallOptions = {}): { answer: Promise<string>; started: Promise<void>; deltas: StreamDelta[] } {
  const started = deferred();
  const deltas: StreamDelta[] = [];
  const answer = model.call(prompt, {
    ...options,
    onDelta: (delta) => {
      deltas.push(delta);
      started.resolve();
    },
  });
  answer.catch(() => undefined); // the test awaits it later; an early failure must not be unhandled
  return { answer, started: started.promise, deltas };
}

/**
 * The open tab of the pool whose chat shows `text`, once one does (a call's first delta may come
 * before its answer has grown to `text`).
 */
async function tabShowing(model: BrowserChatModel, text: string): Promise<Page> {
  const open = model.pages.filter((page) => !page.isClosed());
  return Promise.any(open.map(async (page) => {
    await page.waitForFunction((wanted) => document.body.innerText.includes(wanted), text, { timeout: 30_000 });
    return page;
  })).catch(() => assert.fail(`no tab shows "${text}"`));
}

function conversationOf(server: ReplicaServer, prompt: string): string {
  const submission = server.submissions.find((candidate) => candidate.text.startsWith(`${prompt}\n\n[ptk:`));
  assert.ok(submission, `the replica got "${prompt}"`);
  return submission.conversationId;
}

describe('tab pool: several calls at once, a tab each (real Chromium, ChatGPT replica)', () => {
  it('three calls at once stream interleaved on three tabs, every answer exactly its own', async () => {
    const release = deferred();
    await withSite(testBrowser(), entry, { responder: heldResponder(release.promise), model: { maxTabs: 3 } }, async ({ model, server }) => {
      const prompts = ['alpha', 'bravo', 'charlie'];
      const calls = prompts.map((prompt) => startCall(model, prompt));
      // Every turn holds after its first characters: all three stream before any may finish.
      await Promise.all(calls.map((call) => call.started));
      assert.equal(model.pages.length, 3, 'three tabs, one per call');
      assert.deepEqual(
        calls.map((call) => call.deltas.length > 0 && answerTo(prompts[calls.indexOf(call)]!).startsWith(call.deltas.at(-1)!.full)),
        [true, true, true],
        'each call has streamed the start of its own answer',
      );
      release.resolve();
      const answers = await Promise.all(calls.map((call) => call.answer));
      assert.deepEqual(answers, prompts.map(answerTo));
      for (const [index, call] of calls.entries()) {
        const own = answerTo(prompts[index]!);
        assert.ok(call.deltas.every((delta) => own.startsWith(delta.full)), `${prompts[index]}: every delta is a prefix of its own answer`);
      }
      assert.equal(new Set(prompts.map((prompt) => conversationOf(server, prompt))).size, 3, 'three conversations on the replica');
    });
  });

  it('a tab closed mid-answer fails only its own call (TAB_CLOSED); the others complete and the next call works', async () => {
    const release = deferred();
    await withSite(testBrowser(), entry, { responder: heldResponder(release.promise), model: { maxTabs: 3 } }, async ({ model }) => {
      const prompts = ['alpha', 'bravo', 'charlie'];
      const calls = prompts.map((prompt) => startCall(model, prompt));
      await Promise.all(calls.map((call) => call.started));
      const closing = await tabShowing(model, answerTo('bravo').slice(0, 8));
      await closing.close();
      const failure = await calls[1]!.answer.then(
        () => assert.fail('the call whose tab was closed should fail'),
        (error: unknown) => error,
      );
      assert.ok(failure instanceof LLMBackendError && failure.code === PTKErrorCode.TAB_CLOSED, `TAB_CLOSED, got ${String(failure)}`);
      release.resolve();
      assert.deepEqual(await Promise.all([calls[0]!.answer, calls[2]!.answer]), [answerTo('alpha'), answerTo('charlie')]);
      assert.equal(await model.call('delta'), answerTo('delta'));
      assert.ok(!model.pages.includes(closing), 'the closed tab left the pool');
      assert.ok(model.pages.length <= 3);
      assert.notEqual(await model.page(), closing);
    });
  });

  it("a conversation's second call continues its own tab's chat, sending only the new message; another key has another tab", async () => {
    const bothStarted = deferred();
    await withSite(testBrowser(), entry, { responder: heldResponder(bothStarted.promise), model: { maxTabs: 3 } }, async ({ model, server }) => {
      const thread = (key: string, newThread: boolean): LLMCallOptions['thread'] => ({ key, newThread, fullTranscript: () => `whole transcript of ${key}` });
      const first = startCall(model, 'one', { thread: thread('task-1', true) });
      const other = startCall(model, 'other', { thread: thread('task-2', true) });
      await Promise.all([first.started, other.started]);
      bothStarted.resolve();
      assert.deepEqual(await Promise.all([first.answer, other.answer]), [answerTo('one'), answerTo('other')]);
      const firstTab = await tabShowing(model, answerTo('one'));
      assert.notEqual(firstTab, await tabShowing(model, answerTo('other')), 'the two keys were answered in two tabs');

      assert.equal(await model.call('two', { thread: thread('task-1', false) }), answerTo('two'));
      const second = server.submissions.at(-1)!;
      assert.match(second.text, /^two\n\n\[ptk:[0-9a-z]+\]$/, 'only the new message was sent');
      assert.equal(second.conversationId, conversationOf(server, 'one'), "in task-1's conversation");
      assert.notEqual(second.conversationId, conversationOf(server, 'other'));
      assert.equal(await tabShowing(model, answerTo('two')), firstTab, "on task-1's tab");
      assert.equal(server.submissions.length, 3);
    });
  });

  it('a 4th call with maxTabs 3 waits for a tab, then completes once a lease ends', async () => {
    const release = deferred();
    await withSite(testBrowser(), entry, { responder: heldResponder(release.promise), model: { maxTabs: 3 } }, async ({ model, server }) => {
      const prompts = ['alpha', 'bravo', 'charlie'];
      const calls = prompts.map((prompt) => startCall(model, prompt));
      const waiting: boolean[] = [];
      const startedWaiting = deferred();
      const fourth = startCall(model, 'delta', {
        onWaiting: (value) => {
          waiting.push(value);
          if (value) startedWaiting.resolve();
        },
      });
      await Promise.all([...calls.map((call) => call.started), startedWaiting.promise]);
      assert.deepEqual(waiting, [true], 'the 4th call waits while three tabs are busy');
      assert.equal(server.submissions.length, 3, 'nothing of the 4th call was sent yet');
      release.resolve();
      assert.equal(await fourth.answer, answerTo('delta'));
      assert.deepEqual(waiting, [true, false]);
      assert.deepEqual(await Promise.all(calls.map((call) => call.answer)), prompts.map(answerTo));
      assert.equal(model.pages.length, 3, 'no 4th tab');
    });
  });
});

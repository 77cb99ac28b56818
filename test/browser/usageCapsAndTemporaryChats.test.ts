/**
 * Usage caps and temporary chats on each site's replica, in real Chromium:
 * - the scenario's usage cap (usageCapAfter) shows the site's own banner on the Nth message:
 *   the call fails with RATE_LIMITED and the wait the banner names (or the site's default wait
 *   where its banner names none);
 * - a capped message is refused at once, as on the real sites: the replica never asks its model
 *   (the responder) for it, so the cap never waits on an answer being made;
 * - with temporaryChats on, a new chat is the site's temporary chat (the replica records it with
 *   the message); off, it is not; a site without the control gets a warning, not a failure.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PTKErrorCode } from '../../src/core/errors';
import type { LLMBackendError } from '../../src/core/errors';
import type { SiteAdapter } from '../../src/browser/adapters/types';
import type { ReplicaResponder } from './replicas/scenario';
import { parseRetryAfter } from '../../src/browser/retryAfter';
import { sharedTestBrowser, withSite } from './harness';
import type { ReplicaSiteEntry } from './replicas/sites';

const testBrowser = sharedTestBrowser();

/** The current replica of each site, and the wait its usage-cap banner names with "3 PM". */
const sites: Array<{ entry: ReplicaSiteEntry; namesTime: boolean; temporary: boolean }> = [
  { entry: { adapter: 'chatgpt', replica: 'chatgpt' }, namesTime: true, temporary: true },
  { entry: { adapter: 'claude', replica: 'claude' }, namesTime: true, temporary: true },
  { entry: { adapter: 'gemini', replica: 'gemini' }, namesTime: true, temporary: true },
  { entry: { adapter: 'aistudio', replica: 'aistudio' }, namesTime: false, temporary: true },
  { entry: { adapter: 'deepseek', replica: 'deepseek' }, namesTime: false, temporary: false },
];

for (const { entry, namesTime, temporary } of sites) {
  describe(`usage cap and temporary chat: ${entry.replica}`, () => {
    it('the Nth message meets the usage-cap banner: RATE_LIMITED with the wait it names', async () => {
      await withSite(testBrowser(), entry, { scenario: { usageCapAfter: 2, usageCapRetryAfter: '3 PM', defaults: { reply: 'fine' } }, model: { keepThread: false } }, async ({ model, adapter }) => {
        assert.equal(await model.call('first'), 'fine');
        const before = new Date();
        const error = await model.call('second').then(
          () => assert.fail('the capped message must fail'),
          (caught: LLMBackendError) => caught,
        );
        const afterCall = new Date();
        assert.equal(error.code, PTKErrorCode.RATE_LIMITED, error.message);
        if (namesTime) {
          // The wait until 3 PM as seen when the banner was read (between the two instants).
          const longest = parseRetryAfter('until 3 PM', before)!;
          const shortest = parseRetryAfter('until 3 PM', afterCall)!;
          assert.ok(error.retryAfterMs! <= longest && error.retryAfterMs! >= shortest, `retryAfterMs ${error.retryAfterMs} not the wait until 3 PM`);
        } else {
          assert.equal(error.retryAfterMs, adapter.defaultRetryAfterMs);
        }
      });
    });

    it('temporaryChats on: the new chat is temporary where the site has one; off: it is not', async () => {
      const notices: string[] = [];
      await withSite(testBrowser(), entry, { scenario: { defaults: { reply: 'fine' } }, model: { keepThread: false, temporaryChats: true, onTurn: (turn) => notices.push(...(turn.warnings ?? [])) } }, async ({ model, server }) => {
        assert.equal(await model.call('on'), 'fine');
        assert.equal(server.submissions.at(-1)!.temporary, temporary);
        if (!temporary) assert.equal(notices.length, 0, 'a site without the mode has nothing to warn about');
      });
      await withSite(testBrowser(), entry, { scenario: { defaults: { reply: 'fine' } }, model: { keepThread: false, temporaryChats: false } }, async ({ model, server }) => {
        assert.equal(await model.call('off'), 'fine');
        assert.equal(server.submissions.at(-1)!.temporary, false);
      });
    });
  });
}

describe('usage cap: a capped message is refused before any answer is made', () => {
  it('RATE_LIMITED while the replica has not asked its model about the capped message', async () => {
    const asked: number[] = [];
    let askedAboutCapped!: () => void;
    const modelAsked = new Promise<'asked'>((resolve) => {
      askedAboutCapped = () => resolve('asked');
    });
    // The capped message's answer never comes: only a cap decided before the model is asked can show.
    const responder: ReplicaResponder = (_prompt, index) => {
      asked.push(index);
      if (index === 0) return 'fine';
      askedAboutCapped();
      return new Promise<string>(() => undefined);
    };
    const entry: ReplicaSiteEntry = { adapter: 'chatgpt', replica: 'chatgpt' };
    await withSite(testBrowser(), entry, { scenario: { usageCapAfter: 2, defaults: { tokenMs: 20 } }, responder, model: { keepThread: false } }, async ({ model }) => {
      assert.equal(await model.call('first'), 'fine');
      const stop = new AbortController();
      const outcome = await Promise.race([
        model.call('second', { signal: stop.signal }).then(
          () => 'answered' as const,
          (caught: LLMBackendError) => caught,
        ),
        modelAsked,
      ]);
      stop.abort();
      assert.notEqual(outcome, 'asked', 'the replica asked its model about the capped message: the cap waited on the answer');
      assert.notEqual(outcome, 'answered', 'the capped message was answered');
      assert.equal((outcome as LLMBackendError).code, PTKErrorCode.RATE_LIMITED, (outcome as LLMBackendError).message);
      assert.deepEqual(asked, [0], 'the model was asked about the first message only');
    });
  });
});

describe('temporary chat: a control that is not found is a warning, not a failure', () => {
  it('Gemini without its toggle: the turn answers and carries the warning', async () => {
    const warnings: string[] = [];
    const entry: ReplicaSiteEntry = { adapter: 'gemini', replica: 'gemini' };
    const setup = {
      scenario: { defaults: { reply: 'fine' } },
      model: { keepThread: false, temporaryChats: true, onTurn: (turn: { warnings?: string[] }) => warnings.push(...(turn.warnings ?? [])) },
      adapter: (adapter: SiteAdapter) => ({ ...adapter, temporaryChat: { toggle: ['button[data-test-id="no-such-toggle"]'], active: ['.no-such-marker'] } }),
    };
    await withSite(testBrowser(), entry, setup, async ({ model, server }) => {
      assert.equal(await model.call('x'), 'fine');
      assert.equal(server.submissions.at(-1)!.temporary, false);
      assert.ok(warnings.some((warning) => /temporary-chat control was not found/.test(warning)), JSON.stringify(warnings));
    });
  });
});

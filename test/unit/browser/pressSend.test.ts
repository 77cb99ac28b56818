/**
 * pressSend after a Stop: the prompt put in the composer is never sent, whether the adapter
 * sends through its own hook (a discovered page's) or its send button.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { resolveAdapter } from '../../../src/browser/adapters/registry';
import { pressSend } from '../../../src/browser/siteDriver';
import { PTKErrorCode } from '../../../src/core/errors';

/** A page that records every use: a send must not touch it. */
function recordingPage(uses: string[]): Page {
  return new Proxy({} as Page, {
    get(_target, property) {
      uses.push(String(property));
      return () => undefined;
    },
  });
}

describe('pressSend after a Stop', () => {
  it('a stopped call presses nothing: not the send button, not the hook', async () => {
    const stopped = new AbortController();
    stopped.abort();
    const chatgpt = resolveAdapter('chatgpt', { siteUrl: 'http://127.0.0.1:1/' });
    const hooked: string[] = [];
    const withHook = { ...chatgpt, hooks: { ...chatgpt.hooks, submit: async () => void hooked.push('submit') } };
    for (const adapter of [chatgpt, withHook]) {
      const uses: string[] = [];
      await assert.rejects(
        () => pressSend(recordingPage(uses), adapter, stopped.signal),
        (error: unknown) => (error as { code?: string }).code === PTKErrorCode.ABORTED,
      );
      assert.deepEqual(uses, [], 'the page was not touched');
    }
    assert.deepEqual(hooked, [], 'the hook was not called');
  });
});

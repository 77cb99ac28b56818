/**
 * ChatGPT adapter specifics against its replica, in real Chromium: the thinking phase with a
 * mid-thinking action-bar flash and a preamble in its own message node (the answer is the last
 * node, never the preamble), the turn copy that never takes the code block's or the user
 * turn's copy, guest chat, the "Free plan limit" notice that lets the answer go on, the
 * off-host sign-in on auth.openai.com, and Cloudflare's bot-management noise on a healthy page.
 * Run: node --import tsx --test test/browser/replicas/sites/chatgpt/chatgpt.test.ts
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser } from 'playwright-core';
import { LLMBackendError, PTKErrorCode } from '../../../../../src/core/errors';
import { callRuntime } from '../../../../../src/browser/siteDriver';
import { chromiumPath, testLaunchArgs, withSite } from '../../../harness';
import { replicaBrowserArgs } from '../../foreignHosts';
import { replicaSites } from '../../sites';

const entry = replicaSites.find((candidate) => candidate.replica === 'chatgpt')!;

let browser: Browser;
before(async () => {
  // The foreign hosts (auth.openai.com, challenges.cloudflare.com) resolve to the replica server.
  browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: [...testLaunchArgs, ...replicaBrowserArgs()] });
});
after(async () => {
  await browser?.close();
});

describe('ChatGPT adapter', () => {
  it('a thinking phase, a mid-thinking bar flash and a preamble gap do not end the turn; the answer is the last message node', async () => {
    const reply = 'The final answer:\n\n```python\nprint("done")\n```';
    const turn = { thinkingText: 'Thinking…', thinkingMs: 1_500, actionBarFlashMs: 300, preamble: 'Let me check that first.', preambleGapMs: 900, reply, tokenMs: 4 };
    await withSite(browser, entry, { scenario: { turns: [turn] } }, async ({ model }) => {
      assert.equal(await model.call('think first'), reply);
      assert.equal(model.log.entries[0]!.extractedVia, 'copy');
      const page = await model.page();
      const turnState = await page.evaluate(() => {
        const section = document.querySelector('section[data-turn="assistant"]')!;
        return {
          messageNodes: section.querySelectorAll('[data-message-author-role="assistant"]').length,
          shimmer: section.querySelectorAll('.loading-shimmer').length,
          summary: section.querySelector('.thinking-summary')?.textContent ?? '',
        };
      });
      assert.equal(turnState.messageNodes, 2, 'preamble and answer in two message nodes of one turn');
      assert.equal(turnState.shimmer, 0);
      assert.match(turnState.summary, /^Thought for \d+s$/);
    });
  });

  it('copies through "Copy response": never the code block\'s Copy or the user turn\'s "Copy message"', async () => {
    const reply = 'Before.\n\n```bash\necho one\n```\n\nAfter.';
    await withSite(browser, entry, { scenario: { turns: [{ reply, tokenMs: 2 }] } }, async ({ model }) => {
      assert.equal(await model.call('code'), reply);
      const page = await model.page();
      const captured = await callRuntime<string[]>(page, 'captured');
      assert.deepEqual(captured, [reply], 'only the whole answer was copied');
      const labels = await page.evaluate(() => Array.from(document.querySelectorAll('[data-testid="copy-turn-action-button"]'), (button) => button.getAttribute('aria-label')));
      assert.deepEqual(labels, ['Copy message', 'Copy response']);
    });
  });

  it('chats as a guest: composer plus "Log in" / "Sign up for free", status guest', async () => {
    await withSite(browser, entry, { scenario: { guest: true, loggedIn: false, turns: [{ reply: 'Hello, guest.', tokenMs: 2 }] } }, async ({ model }) => {
      assert.equal(await model.call('hi'), 'Hello, guest.');
      assert.equal(model.status.guest, true);
      const page = await model.page();
      assert.equal(await page.locator('button[data-testid="login-button"]').textContent(), 'Log in');
      assert.equal(await page.locator('button[data-testid="signup-button"]').textContent(), 'Sign up for free');
    });
  });

  it('the Free plan limit notice is a warning: the answer goes on to the end', async () => {
    const reply = 'This answer continues after the limit notice and ends normally.';
    await withSite(browser, entry, { scenario: { turns: [{ reply, tokenMs: 6, limitNoticeAtChar: 12 }] } }, async ({ model }) => {
      assert.equal(await model.call('limit'), reply);
      assert.match(model.status.warning ?? '', /Free plan limit for GPT-5/);
      assert.ok(model.log.entries[0]!.warnings?.some((warning) => /another model/.test(warning)));
    });
  });

  it('a signed-out tab sent to auth.openai.com → LOGIN_REQUIRED', async () => {
    await withSite(browser, entry, { scenario: { loggedIn: false, signIn: 'offHost' }, model: { submitConfirmMs: 1_000 } }, async ({ model }) => {
      await assert.rejects(model.call('x'), (error: unknown) => error instanceof LLMBackendError && error.code === PTKErrorCode.LOGIN_REQUIRED);
      assert.equal(new URL((await model.page()).url()).hostname, 'auth.openai.com');
    });
  });

  it("Cloudflare's hidden challenge iframe on a healthy page is not a bot check", async () => {
    await withSite(browser, entry, { scenario: { cloudflareNoise: true, turns: [{ reply: 'healthy', tokenMs: 2 }] } }, async ({ model }) => {
      assert.equal(await model.call('x'), 'healthy');
    });
  });
});

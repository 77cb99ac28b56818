/**
 * Repair by settings, end to end in real Chromium: a replica whose composer changed
 * (replicas/sites/chatgpt-drifted) breaks the built-in ChatGPT adapter; PTK: Diagnose Site
 * (through the CLI) names the list that stopped matching; the `ptk.siteOverrides` setting alone
 * (no code change) makes the same site work again, and Diagnose Site then shows the repaired
 * list matching with the user's selector.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { createBrowserChatModel } from '../../src/browser';
import { LLMBackendError, PTKErrorCode } from '../../src/core/errors';
import { main } from '../../src/host/node/cli';
import { chromiumPath, sharedTestBrowser, startFreshReplica, testLaunchArgs } from './harness';

const browser = sharedTestBrowser();
const repair = { chatgpt: { selectors: { composer: { prepend: ['div#composer-v2'] } } } };

async function cliDiagnose(url: string, overridesFile?: string): Promise<{ code: number; out: string; err: string; snapshot: string }> {
  const folder = mkdtempSync(path.join(tmpdir(), 'ptk-diagnose-test-'));
  const snapshotPath = path.join(folder, 'snapshot.html');
  let out = '';
  let err = '';
  const args = ['diagnose', '--site', 'chatgpt', '--site-url', url, '--browser', chromiumPath, '--headless', '--profile', path.join(folder, 'profile'), '--out', snapshotPath];
  if (overridesFile) args.push('--site-overrides', overridesFile);
  const code = await main(args, { stdout: (text) => void (out += text), stderr: (text) => void (err += text) });
  return { code, out, err, snapshot: code === 2 ? '' : readFileSync(snapshotPath, 'utf8') };
}

describe('a site that changed its page, repaired by settings alone', () => {
  it('fails with SELECTOR_NOT_FOUND naming the composer, then answers once ptk.siteOverrides names the new composer', async () => {
    const server = await startFreshReplica({ site: 'chatgpt-drifted', scenario: { turns: [{ reply: 'Hello **again**.' }] } });
    try {
      // A short readiness wait (itself a setting) keeps the failing half quick. Without the
      // discovery fallback, which would carry the task on (driftFallback.test.ts).
      const broken = await createBrowserChatModel({ site: 'chatgpt', siteUrl: server.url, siteOverrides: { chatgpt: { timings: { readyTimeoutMs: 3_000 } } }, browser: browser(), submitConfirmMs: 2_000, driftFallback: false });
      try {
        await assert.rejects(broken.call('Say hello'), (error: unknown) => {
          assert.ok(error instanceof LLMBackendError);
          assert.equal(error.code, PTKErrorCode.SELECTOR_NOT_FOUND);
          assert.match(error.message, /composer/);
          return true;
        });
      } finally {
        await broken.close();
      }
      assert.equal(server.submissions.length, 0, 'nothing was sent through the broken adapter');

      const repaired = await createBrowserChatModel({ site: 'chatgpt', siteUrl: server.url, siteOverrides: repair, browser: browser(), submitConfirmMs: 2_000 });
      try {
        assert.equal(await repaired.call('Say hello'), 'Hello **again**.');
        assert.match(server.submissions[0]!.text, /^Say hello/);
      } finally {
        await repaired.close();
      }
    } finally {
      await server.close();
    }
  });

  it('Diagnose Site names the unmatched composer, and shows the repaired list matching', async () => {
    const server = await startFreshReplica({ site: 'chatgpt-drifted', scenario: { turns: [{ reply: 'First answer.' }] } });
    try {
      // A chat with one answer, so the turn, action-bar and copy lists are checked too.
      const model = await createBrowserChatModel({ site: 'chatgpt', siteUrl: server.url, siteOverrides: repair, browser: browser(), submitConfirmMs: 2_000 });
      const chatUrl = await (async () => {
        try {
          await model.call('hello');
          return (await model.page()).url();
        } finally {
          await model.close();
        }
      })();

      const before = await cliDiagnose(chatUrl);
      assert.equal(before.code, 1, before.err);
      assert.match(before.out, /## Problems\n- composer: no selector matches/);
      assert.match(before.out, /\*\*composer\*\* \(page\): none matched/);
      assert.match(before.out, /\*\*copyButton\*\* \(turn scope\): matched #0/);
      assert.match(before.snapshot, /^<!--\n {2}PTK site snapshot\n {2}site: chatgpt \(ChatGPT\)/);
      assert.match(before.snapshot, /id="composer-v2"/);
      assert.ok(!before.snapshot.includes('First answer'), 'the answer text is redacted');

      const overridesFile = path.join(mkdtempSync(path.join(tmpdir(), 'ptk-overrides-')), 'overrides.json');
      writeFileSync(overridesFile, JSON.stringify(repair));
      const after = await cliDiagnose(chatUrl, overridesFile);
      assert.equal(after.code, 0, after.out + after.err);
      assert.match(after.out, /No problem found with the page/);
      assert.match(after.out, /\*\*composer\*\* \(page\): matched #0\n {2}→ 0\. `div#composer-v2` 1 found/);
    } finally {
      await server.close();
    }
  });

  it('a bad override is refused naming the field, before any browser starts', async () => {
    await assert.rejects(
      createBrowserChatModel({ site: 'chatgpt', siteOverrides: { chatgpt: { selectors: { composr: ['div#x'] } } }, launchArgs: testLaunchArgs }),
      /ptk\.siteOverrides\.chatgpt\.selectors.*composr/,
    );
  });
});

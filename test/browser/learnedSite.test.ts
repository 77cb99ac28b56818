/**
 * A learned site kept and exported (src/browser/autoSite.ts): site `auto` learns the made-up
 * Parrot page (replicas/sites/madeup-parrot), which sends only with Ctrl+Enter; Diagnose Site
 * reports what was learned; the export is a complete `ptk.customSite` (its `sendKey` included)
 * that drives the page through the `custom` adapter, where the same description without the
 * key (Enter) cannot send; and the records taken after the turn, restored into a fresh start,
 * give the same export.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BrowserChatModel } from '../../src/browser/browserChatModel';
import { resolveAdapter } from '../../src/browser/adapters/registry';
import { forgetLearnedSite, learnedCustomSite, learnedSiteRecords, restoreLearnedSites } from '../../src/browser/autoSite';
import { PTKError, PTKErrorCode } from '../../src/core/errors';
import { sharedTestBrowser, startFreshReplica } from './harness';

const FIRST = 'Hello **there**.\n\n```ts\nconst a = 1 < 2;\n```\n\nDone.';
const SECOND = 'Found it: the answer is `42`.';

describe('a learned site, exported as ptk.customSite', () => {
  const browser = sharedTestBrowser();

  it('madeup-parrot (Ctrl+Enter): learned by auto, reported by Diagnose Site, exported with sendKey, driven by the custom adapter', async () => {
    const server = await startFreshReplica({ site: 'madeup-parrot', scenario: { turns: [{ reply: FIRST, tokenMs: 3 }, { reply: SECOND, tokenMs: 3 }] } });
    const origin = new URL(server.url).origin;
    try {
      const auto = new BrowserChatModel({ adapter: resolveAdapter('auto', { siteUrl: server.url }), browser: browser(), temporaryChats: false });
      try {
        assert.equal(await auto.call('Say hello'), FIRST);
        const report = (await auto.diagnose()).report();
        assert.match(report, /## Learned by site discovery/);
        assert.match(report, /- send: the Ctrl\+Enter key \(no send button\)/);
        assert.match(report, /- copy: `span\[title="Copy reply"\]`/);
      } finally {
        await auto.close();
      }
      const customSite = learnedCustomSite(server.url);
      assert.ok(customSite, 'learned');
      assert.equal(customSite.sendKey, 'Control+Enter');
      assert.equal(customSite.sendButton, undefined);

      // A fresh start: only the records kept after the turn are known.
      const records = JSON.parse(JSON.stringify(learnedSiteRecords())) as unknown[];
      forgetLearnedSite(server.url);
      assert.equal(learnedCustomSite(server.url), undefined, 'forgotten');
      assert.equal(restoreLearnedSites(records).dropped, 0);
      assert.deepEqual(learnedCustomSite(server.url), customSite, 'the restored records give the same export');

      // The page drops Enter: the description without the key cannot send.
      const withEnter = new BrowserChatModel({ adapter: resolveAdapter('custom', { customSite: { ...customSite, sendKey: 'Enter' } }), browser: browser(), temporaryChats: false, submitConfirmMs: 1_500 });
      try {
        await assert.rejects(
          () => withEnter.call('Not sent'),
          (error: unknown) => error instanceof PTKError && error.code === PTKErrorCode.SUBMIT_FAILED,
        );
      } finally {
        await withEnter.close();
      }
      assert.equal(server.submissions.length, 1, 'Enter sent nothing');

      const custom = new BrowserChatModel({ adapter: resolveAdapter('custom', { customSite }), browser: browser(), temporaryChats: false });
      try {
        assert.equal(await custom.call('Once more'), SECOND);
        assert.equal(custom.log.entries[0]!.extractedVia, 'copy');
      } finally {
        await custom.close();
      }
      assert.equal(server.submissions.length, 2, 'each prompt sent once');
      assert.ok(learnedSiteRecords().some((record) => record.origin === origin));
    } finally {
      forgetLearnedSite(server.url);
      await server.close();
    }
  });
});

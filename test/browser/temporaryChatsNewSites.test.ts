/**
 * The temporary chats of Grok, Mistral Le Chat and Qwen Chat on their replicas, in real Chromium:
 * - Grok's private chat and Le Chat's incognito chat are links; with temporaryChats on a new
 *   chat clicks the link, PTK confirms the mode from the address (#private, /incognito), and the
 *   replica records the message as temporary; an address that does not show it is a warning;
 * - Qwen's `.temporary-chat-entry` is clicked too, but nothing can confirm it: the turn says so;
 * - with temporaryChats off, none of them is used.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SiteAdapter } from '../../src/browser/adapters/types';
import { sharedTestBrowser, withSite } from './harness';
import type { ReplicaSiteEntry } from './replicas/sites';

const testBrowser = sharedTestBrowser();

/** The answer the replica gives, checked exactly. */
const REPLY = 'The answer, exactly: `x = 1`.';

const sites: Array<{ site: string; confirmed: boolean }> = [
  { site: 'grok', confirmed: true },
  { site: 'mistral', confirmed: true },
  { site: 'qwen', confirmed: false },
];

for (const { site, confirmed } of sites) {
  const entry: ReplicaSiteEntry = { adapter: site, replica: site };
  describe(`temporary chat: ${site}`, () => {
    it(`temporaryChats on: the new chat is temporary, ${confirmed ? 'confirmed with no warning' : 'with a warning that it could not be confirmed'}`, async () => {
      const warnings: string[] = [];
      const model = { keepThread: false, temporaryChats: true, onTurn: (turn: { warnings?: string[] }) => warnings.push(...(turn.warnings ?? [])) };
      await withSite(testBrowser(), entry, { scenario: { defaults: { reply: REPLY } }, model }, async ({ model, server }) => {
        assert.equal(await model.call('first'), REPLY);
        assert.equal(server.submissions.at(-1)!.temporary, true);
        // A second new chat leaves the mode on the page: it is turned on again, not off.
        assert.equal(await model.call('second'), REPLY);
        assert.equal(server.submissions.at(-1)!.temporary, true);
        assert.equal(server.submissions.length, 2);
        if (confirmed) assert.deepEqual(warnings, []);
        else {
          assert.equal(warnings.length, 2, JSON.stringify(warnings));
          for (const warning of warnings) assert.match(warning, /^Qwen Chat: the temporary-chat control was clicked, but the page shows nothing that confirms it/);
        }
      });
    });

    it('temporaryChats off: the chat is saved as usual, with no warning', async () => {
      const warnings: string[] = [];
      const model = { keepThread: false, temporaryChats: false, onTurn: (turn: { warnings?: string[] }) => warnings.push(...(turn.warnings ?? [])) };
      await withSite(testBrowser(), entry, { scenario: { defaults: { reply: REPLY } }, model }, async ({ model, server }) => {
        assert.equal(await model.call('off'), REPLY);
        assert.equal(server.submissions.at(-1)!.temporary, false);
        assert.deepEqual(warnings, []);
      });
    });
  });
}

describe('temporary chat confirmed by the address', () => {
  it('Le Chat: an address that does not show the mode after the click is a warning, not a claim', async () => {
    const warnings: string[] = [];
    const setup = {
      scenario: { defaults: { reply: REPLY } },
      model: { keepThread: false, temporaryChats: true, onTurn: (turn: { warnings?: string[] }) => warnings.push(...(turn.warnings ?? [])) },
      // The link is clicked (the replica's chat is incognito) but the path looked for is another.
      adapter: (adapter: SiteAdapter): SiteAdapter => ({ ...adapter, temporaryChat: { ...adapter.temporaryChat, onUrl: { path: '/elsewhere' } } }),
    };
    await withSite(testBrowser(), { adapter: 'mistral', replica: 'mistral' }, setup, async ({ model, server }) => {
      assert.equal(await model.call('x'), REPLY);
      assert.equal(server.submissions.at(-1)!.temporary, true);
      assert.ok(warnings.some((warning) => /^Mistral Le Chat: the temporary-chat control was not found/.test(warning)), JSON.stringify(warnings));
    });
  });
});

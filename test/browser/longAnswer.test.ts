/**
 * A long answer with real markup (headings, inline code, links, many code blocks, lists,
 * tables) streams on every replica, in real Chromium: the streamed text grows by appends only
 * (a code block still streaming never makes the page send the whole text again), and the
 * streamed text and the final answer are both exactly the answer's markdown. On Claude the
 * answer also comes as several answer blocks with tool widgets between them.
 * Run: node --import tsx --test test/browser/longAnswer.test.ts
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { StreamDelta } from '../../src/core/ports';
import { blockBreaks, longAnswer } from './replicas/longAnswer';
import { replicaSites } from './replicas/sites';
import { sharedTestBrowser, withSite } from './harness';

const testBrowser = sharedTestBrowser();
const reply = longAnswer(6_000);

describe('long answers stream exactly', () => {
  for (const entry of replicaSites) {
    it(`${entry.replica}: appends only, streamed text and answer exact`, async () => {
      // The stream holds after its first 240 characters until PTK has reported a first delta, so
      // the rest of the answer must come as later deltas however busy the machine is.
      let firstDeltaSeen!: () => void;
      const firstDelta = new Promise<void>((resolve) => (firstDeltaSeen = resolve));
      const turn = { reply, tokenMs: 2, tokenChars: 24, finishDelayMs: 60, answerBlocksAt: blockBreaks(reply, 1_500), holds: [{ atChar: 240, until: firstDelta }] };
      await withSite(testBrowser(), entry, { scenario: { turns: [turn] } }, async ({ model }) => {
        const deltas: StreamDelta[] = [];
        const answer = await model.call('write the long answer', {
          onDelta: (delta) => {
            deltas.push(delta);
            firstDeltaSeen();
          },
        });
        assert.equal(answer, reply);
        assert.equal(deltas.at(-1)?.full, reply, 'the streamed text is the answer');
        assert.deepEqual(
          deltas.filter((delta) => delta.rewrite).map((delta) => delta.full.length),
          [],
          'the text only grew: appends, never the whole text again',
        );
        assert.ok(deltas.length > 1 && deltas[0]!.full.length < reply.length, 'the answer streamed in several deltas');
        if (entry.replica === 'claude') {
          const page = await model.page();
          assert.equal(await page.locator('.font-claude-response > .standard-markdown').count(), turn.answerBlocksAt.length + 1, 'the answer came as several answer blocks');
          assert.equal(await page.locator('.font-claude-response > div.border-border-300').count(), turn.answerBlocksAt.length, 'with a tool widget between two of them');
        }
      });
    });
  }
});

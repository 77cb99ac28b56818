/**
 * Site discovery's first-turn watch (src/browser/page/siteDiscovery.ts) on a page whose timers
 * the test drives (Playwright's clock), so when discovery looks is decided by the test, not by
 * how busy the machine is: a short answer whose last words and action bar arrive between two of
 * its looks, the stop control never seen (a busy machine, a fast site), still ends the learning
 * with the bar as the turn's end.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { discover, startTurnLearning } from '../../src/browser/autoSite';
import { sharedTestBrowser } from './harness';

const NONCE = 'n0nce01';
const PAGE = `<!doctype html><html><head><title>A chat</title></head><body>
<main id="thread"></main>
<form><textarea id="prompt" aria-label="Message"></textarea><button type="button" aria-label="Send">Send</button></form>
</body></html>`;

describe('site discovery: learning the first turn', () => {
  const browser = sharedTestBrowser();

  /** A page whose timers the test drives, discovery's first-turn watch started on it (timeout on the page's clock), for `run`. */
  async function withLearning(timeoutMs: number, run: (page: Page, learning: ReturnType<typeof startTurnLearning>) => Promise<void>): Promise<void> {
    const context = await browser().newContext();
    const page = await context.newPage();
    try {
      await page.clock.install();
      await page.setContent(PAGE);
      await discover(page, 'beforeSend');
      await run(page, startTurnLearning(page, NONCE, '#prompt', timeoutMs));
    } finally {
      await context.close();
    }
  }

  it('a short answer whose last words and action bar arrive together, between two looks, with no stop control seen: learned, the bar its end', () =>
    withLearning(10_000, async (page, learning) => {
      // The user's turn and the first words of the answer; discovery looks at them.
      await page.evaluate((nonce) => {
        const thread = document.getElementById('thread')!;
        thread.insertAdjacentHTML('beforeend', `<article class="turn mine"><p>Say hello [ptk:${nonce}]</p></article><article class="turn theirs"><div class="said"><p>Hel</p></div></article>`);
      }, NONCE);
      await page.clock.runFor(200);
      // The rest of the answer and its action bar in one task: the next look sees both at once.
      await page.evaluate(() => {
        const answer = document.querySelector('article.theirs')!;
        answer.querySelector('p')!.textContent = 'Hello there, this is the whole answer.';
        answer.insertAdjacentHTML('beforeend', '<div class="bar"><button type="button" aria-label="Copy reply">Copy</button><button type="button" aria-label="Good reply">Good</button></div>');
      });
      await page.clock.runFor(2_000);
      // Past the watch's own deadline: an answer it could not end is reported by now.
      await page.clock.runFor(10_000);
      const learned = await learning;
      assert.equal(learned.missing, null, JSON.stringify(learned));
      assert.ok(learned.turnActionBar.length > 0, JSON.stringify(learned));
      assert.ok(learned.assistantTurn.length > 0 && learned.userTurn.length > 0, JSON.stringify(learned));
    }));

  it('a short answer seen growing once, then whole with its action bar at the next look, no stop control seen: learned, the bar its end', () =>
    withLearning(10_000, async (page, learning) => {
      const say = (text: string, bar: boolean): Promise<void> =>
        page.evaluate(
          ([nonce, words, withBar]) => {
            const thread = document.getElementById('thread')!;
            if (!thread.firstElementChild) thread.insertAdjacentHTML('beforeend', `<article class="turn mine"><p>Say hello [ptk:${nonce}]</p></article><article class="turn theirs"><div class="said"><p></p></div></article>`);
            const answer = document.querySelector('article.theirs')!;
            answer.querySelector('p')!.textContent = words as string;
            if (withBar) answer.insertAdjacentHTML('beforeend', '<div class="bar"><button type="button" aria-label="Copy reply">Copy</button><button type="button" aria-label="Good reply">Good</button></div>');
          },
          [NONCE, text, bar] as const,
        );
      // Three looks: the first words, more of them (the answer is found growing), then all of it with its bar.
      await say('Hel', false);
      await page.clock.runFor(200);
      await say('Hello there,', false);
      await page.clock.runFor(200);
      await say('Hello there, this is the whole answer.', true);
      await page.clock.runFor(2_000);
      await page.clock.runFor(10_000);
      const learned = await learning;
      assert.equal(learned.missing, null, JSON.stringify(learned));
      assert.ok(learned.turnActionBar.length > 0, JSON.stringify(learned));
    }));

  it('an answer that stopped, its stop control gone, and no control in its turn: given up after a while, naming the end it could not find, not at the timeout', () =>
    withLearning(600_000, async (page, learning) => {
      let settled: Awaited<typeof learning> | undefined;
      void learning.then((result) => (settled = result));
      await page.evaluate((nonce) => {
        document.querySelector('form')!.insertAdjacentHTML('beforeend', '<button type="button" id="stop" aria-label="Stop generating">Stop</button>');
        document.getElementById('thread')!.insertAdjacentHTML('beforeend', `<article class="turn mine"><p>Say hello [ptk:${nonce}]</p></article><article class="turn theirs"><p>Hel</p></article>`);
      }, NONCE);
      await page.clock.runFor(200);
      await page.evaluate(() => {
        document.querySelector('article.theirs p')!.textContent = 'Hello there, the whole answer.';
        document.getElementById('stop')!.remove();
      });
      await page.clock.runFor(5_000);
      assert.equal(settled, undefined, 'a bar drawn a little late still has time to come');
      await page.clock.runFor(20_000);
      // Given up by now: the message says so. (Were it not, the watch's own deadline would end it, saying something else.)
      const learned = await Promise.race([learning, page.clock.runFor(600_000).then(() => learning)]);
      assert.match(learned.missing ?? '', /the answer's end \(the answer stopped and its stop control went, but no control appeared in its turn\)/);
    }));
});

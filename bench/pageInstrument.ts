/** Bench instrumentation of a replica page (never in product code). */
import type { Page } from 'playwright-core';

/** What the instrument records in the page. */
export interface PageMarks {
  /** Time of the latest DOM mutation (Date.now()). */
  lastMutation: number;
  /**
   * When the page had drawn the frame that followed the latest mutation it covers, and that
   * mutation's time: the page's own rendering latency is `frameDone - frameMutation`.
   */
  frameMutation: number;
  frameDone: number;
}

/**
 * In the page: a MutationObserver on the whole document records the latest mutation; each batch
 * asks for the next animation frame, and a task queued from that frame's callback runs after the
 * frame's style, layout and paint, so its time is when the page could next run anyone's script.
 */
function watchMutations(this: void): void {
  const target = window as unknown as { __benchMarks: PageMarks; __benchObserver?: MutationObserver };
  target.__benchObserver?.disconnect();
  const now = Date.now();
  const marks: PageMarks = { lastMutation: now, frameMutation: now, frameDone: now };
  target.__benchMarks = marks;
  let framePending = false;
  const channel = new MessageChannel();
  let covered = now;
  channel.port1.onmessage = () => {
    marks.frameMutation = covered;
    marks.frameDone = Date.now();
  };
  target.__benchObserver = new MutationObserver(() => {
    marks.lastMutation = Date.now();
    if (framePending) return;
    framePending = true;
    requestAnimationFrame(() => {
      framePending = false;
      covered = marks.lastMutation;
      channel.port2.postMessage(null);
    });
  });
  target.__benchObserver.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
}

const instrumented = new WeakSet<Page>();

/**
 * Records, in the page, the time of the latest DOM mutation and of the frame drawn after it
 * (bench instrumentation only). Also installed for every later document of the page: a new
 * temporary chat is opened by its address, so the page navigates at the start of each new
 * conversation.
 */
export async function instrument(page: Page): Promise<void> {
  if (!instrumented.has(page)) {
    instrumented.add(page);
    await page.addInitScript(watchMutations);
  }
  await page.evaluate(watchMutations);
}

/** The marks recorded so far. */
export async function pageMarks(page: Page): Promise<PageMarks> {
  return page.evaluate(() => (window as unknown as { __benchMarks: PageMarks }).__benchMarks);
}

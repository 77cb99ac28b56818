/** Bench instrumentation of a replica page (never in product code). */
import type { Page } from 'playwright-core';

/** Records, in the page, the time of the latest DOM mutation (bench instrumentation only). */
export async function instrument(page: Page): Promise<void> {
  await page.evaluate(() => {
    const target = window as unknown as { __benchLastMutation: number; __benchObserver?: MutationObserver };
    target.__benchObserver?.disconnect();
    target.__benchLastMutation = Date.now();
    target.__benchObserver = new MutationObserver(() => {
      target.__benchLastMutation = Date.now();
    });
    target.__benchObserver.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}

/**
 * The page-runtime calls every held-out test makes on a re-typed capture: watch our turn,
 * extract, read the matched fallback indexes, probe, and the DOM → markdown fallback. Each
 * site's test file builds its capture page itself (its buttons record their clicks in the
 * site's own words) and gets these calls bound to its adapter's selectors and nonce.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { PageSelectors } from '../../../src/browser/adapters/types';
import type { ExtractResult, PageProbe, PageRuntime, PageSnapshot } from '../../../src/browser/page/pageRuntime';

type RuntimeWindow = Window & { __ptkRuntime: PageRuntime };

export function heldoutRuntime(selectors: PageSelectors, nonce: string) {
  /** Watches our turn with `lists` and returns the snapshot. */
  const watchTurn = (page: Page, lists: PageSelectors = selectors): Promise<PageSnapshot> =>
    page.evaluate(
      ({ lists, nonce }) => {
        const runtime = (window as unknown as RuntimeWindow).__ptkRuntime;
        runtime.watch({ selectors: lists, nonce, bindingName: '__heldoutBinding', throttleMs: 10 });
        return runtime.snapshot()!;
      },
      { lists, nonce },
    );

  /** The runtime's extraction, as what was copied and how (the matched indexes are asserted elsewhere). */
  const extract = async (page: Page, timeoutMs: number): Promise<Pick<ExtractResult, 'via' | 'text'>> => {
    const { via, text } = await page.evaluate((timeout) => (window as unknown as RuntimeWindow).__ptkRuntime.extract(timeout), timeoutMs);
    return { via, text };
  };

  const matched = (page: Page): Promise<Record<string, number>> => page.evaluate(() => (window as unknown as RuntimeWindow).__ptkRuntime.matched());

  const probe = (page: Page): Promise<PageProbe> => page.evaluate((lists) => (window as unknown as RuntimeWindow).__ptkRuntime.probe(lists), selectors);

  /** The DOM → markdown extraction of our turn (no copy button, as when every copy selector misses). */
  const domMarkdown = async (page: Page): Promise<string> => {
    await watchTurn(page, { ...selectors, copyButton: [], copyMenuButton: [] });
    const result = await extract(page, 0);
    assert.equal(result.via, 'dom');
    return result.text;
  };

  /** Index of the first selector of `list` that matches anywhere on the page (-1: none). */
  const firstMatchIndex = (page: Page, list: readonly string[]): Promise<number> =>
    page.evaluate((list) => list.findIndex((selector) => document.querySelector(selector) !== null), [...list]);

  return { watchTurn, extract, matched, probe, domMarkdown, firstMatchIndex };
}

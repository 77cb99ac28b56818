/**
 * Waiting and looking on the page, Node side, written once: a sleep that a signal cuts short,
 * a poll until a check holds, and the first selector of a fallback list that matches (the
 * rule of `resolveSelector`, with the locator it found).
 */
import type { Locator, Page } from 'playwright-core';
import { throwIfAborted } from '../core/util/abortSignals';
import type { SelectorList } from './adapters/types';
import { resolveSelector } from './selectors';

/** How often `waitFor` looks again, ms. */
const POLL_MS = 50;

/** Waits `ms`, or less when `signal` fires (the caller then checks the signal). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** Looks every POLL_MS until `check` holds (true) or `ms` have passed (false); a fired signal throws. */
export async function waitFor(check: () => Promise<boolean>, ms: number, signal?: AbortSignal): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    throwIfAborted(signal);
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await sleep(POLL_MS, signal);
  }
}

/** The first selector of `list` that matches; `locator` holds all its matches. */
interface MatchedSelector {
  selector: string;
  index: number;
  locator: Locator;
}

/**
 * The first selector of `list` that matches an element on the page (with `visible`, a visible
 * one); an invalid selector is skipped. Undefined when none matches.
 */
export async function firstMatching(page: Page, list: SelectorList | undefined, options: { visible?: boolean } = {}): Promise<MatchedSelector | undefined> {
  const locatorOf = (selector: string): Locator => (options.visible ? page.locator(selector).filter({ visible: true }) : page.locator(selector));
  const found = await resolveSelector(list ?? [], (selector) => locatorOf(selector).count());
  return found && { ...found, locator: locatorOf(found.selector) };
}

/**
 * Site discovery as the last fallback behind every built-in adapter: when a site's page changed
 * so that the adapter's selectors all miss (the next redesign), the tab goes on through what
 * discovery (autoSite.ts, page/siteDiscovery.ts) finds on the same page, and the user is told
 * once: "<Site>'s page changed: running on discovered elements; run Diagnose Site".
 *
 * Two moments switch a tab (BrowserChatModel does the switching, per tab):
 * - before anything is sent: no composer at the ready check or the insert (SELECTOR_NOT_FOUND):
 *   the step runs again on the discovery adapter;
 * - after a confirmed send: the adapter's user / assistant turn selectors do not find the turn.
 *   A `DriftWatch` started at the send (the page marked just before it) learns the turn from
 *   the page meanwhile; when discovery has the whole turn and the adapter's selectors still
 *   have not found it, the turn goes on, on the learned selectors. Nothing is sent again.
 * Once switched, a tab stays on discovery (its reloads too); a new tab tries the built-in
 * selectors again.
 */
import type { Page } from 'playwright-core';
import { PTKError, PTKErrorCode } from '../core/errors';
import { builtInAdapters } from './adapters/registry';
import type { SiteAdapter } from './adapters/types';
import { createDiscoveryAdapter, discover, learnedSiteFor, startTurnLearning } from './autoSite';
import type { DiscoveredTurn } from './page/siteDiscovery';

/** True for the built-in sites' adapters (not `auto`, which is discovery already, nor `custom`). */
export function driftFallbackApplies(adapter: SiteAdapter): boolean {
  return builtInAdapters.some((builtIn) => builtIn.id === adapter.id);
}

/** What the user is told when a tab switches to discovery. */
export function driftWarning(adapter: SiteAdapter): string {
  return `${adapter.displayName}'s page changed: running on discovered elements; run Diagnose Site`;
}

/** True when `error` says the adapter's selectors found no element for a step. */
export function selectorsMissed(error: unknown): boolean {
  return error instanceof PTKError && error.code === PTKErrorCode.SELECTOR_NOT_FOUND;
}

/**
 * The discovery adapter standing in for `base` on its page; `turn`: the turn's selectors a
 * DriftWatch learned (kept for the origin, so later turns run on them).
 */
export function discoveryStandIn(base: SiteAdapter, turn?: DiscoveredTurn): SiteAdapter {
  if (turn && !turn.missing) {
    const { missing: _missing, ...selectors } = turn;
    learnedSiteFor(base.url).turn = selectors;
  }
  return createDiscoveryAdapter(base.url, base);
}

/** Marks what the page shows before a send, so a DriftWatch can tell what the send drew. */
export async function markBeforeSend(page: Page): Promise<void> {
  await discover(page, 'beforeSend').catch(() => undefined);
}

/**
 * Discovery watching a sent turn in the page, next to the adapter's own watch, until it has the
 * turn's selectors or gives up (`result.missing`). `onSettled` wakes the answer loop.
 */
export class DriftWatch {
  /** What discovery learned, once it is done. */
  result?: DiscoveredTurn;
  private cancelled = false;

  constructor(
    private readonly page: Page,
    nonce: string,
    composerSelectors: readonly string[],
    timeoutMs: number,
    onSettled: () => void,
  ) {
    void startTurnLearning(page, nonce, composerSelectors.join(', '), timeoutMs)
      .catch((): DiscoveredTurn => ({ missing: '(the page went away)', userTurn: [], assistantTurn: [], answerContent: [], turnScope: [], turnActionBar: [], copyButton: [], stopButton: [] }))
      .then((result) => {
        if (this.cancelled) return;
        this.result = result;
        onSettled();
      });
  }

  /** Discovery learned the whole turn. */
  get learned(): boolean {
    return this.result !== undefined && this.result.missing === null;
  }

  /** Ends the watch in the page (the adapter's selectors found the turn after all, or the turn ended). */
  cancel(): void {
    if (this.cancelled) return;
    this.cancelled = true;
    if (this.result === undefined && !this.page.isClosed()) void discover(this.page, 'cancel').catch(() => undefined);
  }
}

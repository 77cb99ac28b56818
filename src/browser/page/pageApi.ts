/**
 * The page runtime's API as the Node side sees it: what it passes to `window.__ptkRuntime`
 * (WatchConfig, the adapter's PageSelectors) and what it gets back (snapshots, the extracted
 * answer, the probe). Types only: the page pieces import them as types, so nothing is imported
 * at run time in the page.
 */
import type { PageSelectors } from '../adapters/types';

/** What watch() needs. */
export interface WatchConfig {
  selectors: PageSelectors;
  nonce: string;
  /** Name of the binding exposed on the context. */
  bindingName: string;
  /** Coalescing window of snapshots, ms. */
  throttleMs: number;
  /** Interval of the confirmation snapshots while the turn looks finished, ms (default 20: the third after a change spans the 60 ms hold). */
  confirmIntervalMs?: number;
  /**
   * How long the final take (the copy action) may wait for the copied text, ms. With it the
   * page starts the final take as soon as the turn looks finished, while the Node side holds
   * that state, and extract() hands it over if the answer did not change in between.
   */
  copyTimeoutMs?: number;
}

/** One report of the page's state for our turn. */
export interface PageSnapshot {
  /** Nonce of the watched turn. */
  nonce: string;
  /** Increments per snapshot of a watch (resets after a reload). */
  sequence: number;
  /**
   * How long before this snapshot a DOM change last touched the answer, ms (an age, not a time:
   * no clock is shared). The Node side counts the quiet period of a text change from then.
   */
  answerQuietMs: number;
  composerPresent: boolean;
  composerText: string;
  /** Our user turn is on the page, or was and our assistant turn (kept by identity) still is. */
  userTurnFound: boolean;
  assistantTurnFound: boolean;
  /** Appended answer text since the previous snapshot (when `rewrite` is false). */
  append: string;
  /** The whole answer text, sent only when it changed other than by appending. */
  rewrite: string | null;
  /** Length of the whole answer text. */
  textLength: number;
  stopVisible: boolean;
  streaming: boolean;
  /** A thinking indicator is visible in the turn scope. */
  thinking: boolean;
  actionBarPresent: boolean;
  /** Banner texts (errors and notices alike; the Node side sorts them). */
  banners: string[];
  /** A login wall and no composer: the user must log in. */
  loginWall: boolean;
  /** A login wall next to a working composer: signed out, chatting as a guest. */
  guest: boolean;
  botCheck: boolean;
  /** Which fallback of each selector list matched (-1: none), for selector-drift diagnostics. */
  matched: Record<string, number>;
}

/** Result of extract(). */
export interface ExtractResult {
  /** 'stream': the observer's streamed text (Node side fallback). */
  via: 'copy' | 'dom' | 'stream' | 'none';
  text: string;
  /** Which fallback of each selector list matched, the copy look-ups included. */
  matched?: Record<string, number>;
}

/** Result of probe(): the page's readiness and problems, without a watch. */
export interface PageProbe {
  composerPresent: boolean;
  userTurnCount: number;
  /** A login wall and no composer. */
  loginWall: boolean;
  /** A login wall next to a working composer (guest chat). */
  guest: boolean;
  botCheck: boolean;
  /**
   * The bot check rests only on a hidden challenge frame, with no interstitial title or text:
   * an app shell that has not drawn its composer yet looks the same, so it counts only if it lasts.
   */
  botCheckWeak: boolean;
  banners: string[];
}

/** What `window.__ptkRuntime` offers the Node side (names and results are its contract). */
export interface PageRuntime {
  watch(config: WatchConfig): void;
  probe(selectors: PageSelectors): PageProbe;
  unwatch(): void;
  snapshot(): PageSnapshot | null;
  extract(timeoutMs: number): Promise<ExtractResult>;
  stop(): boolean;
  readComposer(selectors: PageSelectors): string | null;
  clearCaptured(): void;
  captured(): string[];
  matched(): Record<string, number>;
}

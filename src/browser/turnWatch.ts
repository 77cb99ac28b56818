/**
 * TurnWatch: what the Node side knows about the turn being answered, while it is answered.
 * The page runtime reports snapshots of our turn (tagged with the turn's nonce); the watch folds
 * them into the answer text (appends, rewrites, the whole text after a re-armed watch), passes
 * text changes on to the caller (onDelta), notices a complete tool call (early stop), feeds the
 * completion tracker, and keeps the first problem the page shows (an error banner, a login wall,
 * a bot check) and the notices (warnings). The tab's own events (closed, crashed, reloaded) are
 * flags the answer loop acts on.
 *
 * The answer loop sleeps in `waitForWake` between looks; every report, tab event and the call's
 * abort wakes it at once, so a finished answer is seen within one report, not one poll period.
 */
import type { LLMBackendError } from '../core/errors';
import type { LLMCallOptions, StreamDelta } from '../core/ports';
import type { SiteAdapter } from './adapters/types';
import type { CompletionDecision, CompletionTracker } from './completionTracker';
import { classifyPageProblems, pageNotices } from './errorClassifier';
import type { PageSnapshot } from './page/pageRuntime';

/** How long the Node side waits for a confirmation snapshot before asking the page for one, ms. */
export const CONFIRM_POLL_MS = 60;

/** Longest sleep between two looks at the turn when nothing wakes the loop, ms. */
const IDLE_RECHECK_MS = 500;

/** The tab events the watch listens to (a Playwright Page has them; unit tests pass a fake). */
export interface WatchedPage {
  on(event: 'close' | 'crash' | 'domcontentloaded', listener: () => void): unknown;
  off(event: 'close' | 'crash' | 'domcontentloaded', listener: () => void): unknown;
}

export interface TurnWatchOptions {
  /** The turn's nonce: reports of any other turn are ignored. */
  nonce: string;
  /** The site, to classify banners into errors and notices. */
  adapter: Pick<SiteAdapter, 'displayName' | 'errorPatterns' | 'defaultRetryAfterMs' | 'noticePatterns'>;
  /** Judges completion from the reports (a CompletionTracker). */
  tracker: Pick<CompletionTracker, 'observe' | 'decide'>;
  /** The call's cancellation, text listener and complete-answer test. */
  call: Pick<LLMCallOptions, 'signal' | 'onDelta' | 'isComplete'>;
  /** Ask for an early stop once `call.isComplete` holds for the streamed text. */
  earlyStop: boolean;
  /** A notice the turn had not seen yet (for the model's status). */
  onNotice?: (notice: string) => void;
  /** The page reported a guest session (signed out, chatting). */
  onGuest?: () => void;
}

export class TurnWatch {
  readonly nonce: string;
  /** The answer text so far, as streamed (DOM → markdown in the page). */
  text = '';
  /** The latest snapshot of our turn. */
  lastSnapshot?: PageSnapshot;
  /** When the latest snapshot arrived (Node clock). */
  lastReportAt?: number;
  firstTokenAt?: number;
  lastMutationAt?: number;
  /** The first problem the page showed during the turn; the answer loop throws it. */
  problem?: LLMBackendError;
  /** The streamed text holds a complete answer (a tool call): stop generating. */
  earlyStopRequested = false;
  /** The tab closed or crashed; cleared by whoever opens a new one. */
  pageGone = false;
  /** The tab loaded a document again (a reload); cleared once the page watch is armed again. */
  reloaded = false;
  /** Notices seen during this turn (warnings), in order, each once. */
  readonly notices: string[] = [];
  /** Which fallback of each selector list matched during the turn (latest match wins; -1 never). */
  readonly matched: Record<string, number> = {};

  private wakeUp: () => void = () => undefined;
  private page: WatchedPage | undefined;
  private readonly onClose = (): void => {
    this.pageGone = true;
    this.wake();
  };
  private readonly onLoad = (): void => {
    this.reloaded = true;
    this.wake();
  };

  constructor(private readonly options: TurnWatchOptions) {
    this.nonce = options.nonce;
  }

  /** Listens to a tab's close, crash and load events (and stops listening to the previous tab). */
  follow(page: WatchedPage): void {
    this.release();
    page.on('close', this.onClose);
    page.on('crash', this.onClose);
    page.on('domcontentloaded', this.onLoad);
    this.page = page;
  }

  /** Stops listening to the followed tab's events. */
  release(): void {
    const page = this.page;
    if (!page) return;
    page.off('close', this.onClose);
    page.off('crash', this.onClose);
    page.off('domcontentloaded', this.onLoad);
    this.page = undefined;
  }

  /** Sleeps up to `ms`; a report, a tab event or the call's abort ends the sleep early. */
  waitForWake(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const signal = this.options.call.signal;
      const timer = setTimeout(finish, Math.max(1, ms));
      function finish(): void {
        clearTimeout(timer);
        signal?.removeEventListener('abort', finish);
        resolve();
      }
      this.wakeUp = finish;
      signal?.addEventListener('abort', finish, { once: true });
    });
  }

  /** Ends the current waitForWake now. */
  wake(): void {
    this.wakeUp();
  }

  /** Notices found outside the page reports (a model the site would not switch to). */
  addNotices(notices: readonly string[]): void {
    this.notices.push(...notices);
  }

  /**
   * Folds one report of matched fallback indexes into the turn's: a list's latest match wins and
   * a later miss (-1) never hides an earlier match (a stop button that is gone once the answer
   * is finished still matched while it showed).
   */
  noteMatched(report: Readonly<Record<string, number>>): void {
    for (const [name, index] of Object.entries(report)) {
      if (index >= 0 || this.matched[name] === undefined) this.matched[name] = index;
    }
  }

  /** One snapshot from the page runtime. Returns false (and changes nothing) when it is not of this turn. */
  report(snapshot: PageSnapshot | null | undefined): boolean {
    if (!snapshot || snapshot.nonce !== this.nonce) return false;
    const now = Date.now();
    const previous = this.text;
    // The first snapshot of a (re)armed watch carries the whole text.
    // An append is known to extend the text: no comparison of the whole text (a long answer
    // arrives in many appends, and comparing each would make the ingestion quadratic).
    const whole = snapshot.rewrite !== null ? snapshot.rewrite : snapshot.sequence === 1 ? snapshot.append : null;
    const next = whole ?? (snapshot.append === '' ? previous : previous + snapshot.append);
    const changed = whole !== null ? whole !== previous : snapshot.append !== '';
    if (changed) this.textChanged(previous, next, now, whole === null ? snapshot.append : undefined);
    this.lastSnapshot = snapshot;
    this.lastReportAt = now;
    this.noteMatched(snapshot.matched ?? {});
    this.options.tracker.observe(
      {
        assistantTurnFound: snapshot.assistantTurnFound,
        stopVisible: snapshot.stopVisible,
        streaming: snapshot.streaming,
        thinking: snapshot.thinking,
        actionBarPresent: snapshot.actionBarPresent,
        textLength: next.length,
        textChanged: changed,
        answerQuietMs: snapshot.answerQuietMs,
      },
      now,
    );
    const adapter = this.options.adapter;
    const problem = classifyPageProblems({ banners: snapshot.banners, loginWall: snapshot.loginWall, botCheck: snapshot.botCheck }, adapter);
    if (problem) this.problem ??= problem;
    for (const notice of pageNotices(snapshot.banners, adapter)) {
      if (this.notices.includes(notice)) continue;
      this.notices.push(notice);
      this.options.onNotice?.(notice);
    }
    if (snapshot.guest) this.options.onGuest?.();
    this.wake();
    return true;
  }

  /** The completion tracker's verdict at `now`. */
  decide(now: number): CompletionDecision {
    return this.options.tracker.decide(now);
  }

  /** The send took: our turn is on the page, the site is generating, or the composer was emptied. */
  submitTaken(): boolean {
    const snapshot = this.lastSnapshot;
    return snapshot !== undefined && (snapshot.userTurnFound || snapshot.stopVisible || (snapshot.composerPresent && snapshot.composerText.trim() === ''));
  }

  /** The composer is there but our message is not: the site dropped it. */
  messageMissing(): boolean {
    const snapshot = this.lastSnapshot;
    return snapshot !== undefined && snapshot.composerPresent && !snapshot.userTurnFound;
  }

  /** After a stop: the site no longer shows the stop button and shows the turn's action bar. */
  settledAfterStop(): boolean {
    const snapshot = this.lastSnapshot;
    return snapshot !== undefined && !snapshot.stopVisible && snapshot.actionBarPresent;
  }

  /** The page shows our turn finished (what the completion tracker wants to see held). */
  looksFinished(): boolean {
    const snapshot = this.lastSnapshot;
    return snapshot !== undefined && snapshot.assistantTurnFound && snapshot.actionBarPresent && !snapshot.stopVisible && !snapshot.streaming && !snapshot.thinking;
  }

  /**
   * The turn looks finished but the page's confirmation snapshots are late (a hidden window
   * throttles its timers): the answer loop asks the page for one.
   */
  confirmationOverdue(now: number): boolean {
    return this.looksFinished() && now - (this.lastReportAt ?? 0) >= CONFIRM_POLL_MS;
  }

  /** How long the answer loop may sleep before its next look, given the tracker's verdict. */
  recheckDelay(decision: CompletionDecision): number {
    return Math.min(decision.recheckInMs ?? IDLE_RECHECK_MS, this.looksFinished() ? CONFIRM_POLL_MS : IDLE_RECHECK_MS);
  }

  /**
   * `appended`: the text `next` adds to `previous`, when the report said so (an append); for a
   * whole text it is undefined and the texts are compared to tell. The delta carries the append
   * itself: slicing it off `next` would flatten the whole concatenated text on every report.
   */
  private textChanged(previous: string, next: string, now: number, appended: string | undefined): void {
    this.text = next;
    this.lastMutationAt = now;
    if (this.firstTokenAt === undefined && next.length > 0) this.firstTokenAt = now;
    const added = appended ?? (next.startsWith(previous) ? next.slice(previous.length) : undefined);
    const delta: StreamDelta = { text: added ?? '', full: next, rewrite: added === undefined };
    try {
      this.options.call.onDelta?.(delta);
    } catch {
      // A throwing onDelta must not break the backend.
    }
    if (this.options.earlyStop && !this.earlyStopRequested) {
      try {
        // With the delta the completeness check reads only the new text.
        if (this.options.call.isComplete?.(next, delta)) this.earlyStopRequested = true;
      } catch {
        // A throwing completeness test only means no early stop.
      }
    }
  }
}

/**
 * Decides when an answer is complete, on positive evidence tied to our own turn only, that has
 * to HOLD (the terminal gate steipete/oracle uses on ChatGPT, with our own timings):
 *   1. generation was seen active (stop button, a streaming or thinking indicator, or the
 *      answer text growing) — remembered across reloads and tab replacements;
 *   2. then no stop button, no streaming indicator, no thinking indicator;
 *   3. the turn's own action bar present over `barObservations` consecutive observations
 *      (snapshots; the page sends confirmation snapshots while the turn looks finished) that
 *      span at least `barHoldMs`, with the text unchanged through them;
 *   4. the text has not changed for `quietMs`, counted from when the answer's DOM last changed
 *      (the page reports how long ago that was): text the page held back while streaming (a
 *      closing code fence) and releases once the turn looks finished is a change of the report,
 *      not of the page, and does not restart the quiet period.
 * Any change of the text, any stop/streaming/thinking signal, or the bar going away restarts
 * step 3. "The page went quiet" alone never ends an answer: a thinking pause keeps the stop
 * button or the thinking indicator visible; a preamble that settles before a tool or thinking
 * phase has no action bar; a bar that flashes mid-thinking comes with the thinking indicator (or
 * the stop button) and goes before it has held.
 *
 * The hold is short by default (3 observations over ≥ 60 ms) so that a finished answer is
 * returned well within 150 ms of its last token; the indicators do the heavy lifting, and an
 * adapter whose bar can flash without them lengthens it (timings.actionBarHoldMs).
 */
export interface TurnEvidence {
  assistantTurnFound: boolean;
  stopVisible: boolean;
  streaming: boolean;
  /** A thinking indicator is visible in the turn (absent: none). */
  thinking?: boolean;
  actionBarPresent: boolean;
  /** Length of the answer text now. */
  textLength: number;
  /** True when the text changed in this observation. */
  textChanged: boolean;
  /**
   * How long the answer's DOM had been unchanged when the page took this observation, ms
   * (absent: it changed just now). A text change counts from then.
   */
  answerQuietMs?: number;
}

export interface CompletionDecision {
  done: boolean;
  /** When not done but only time is missing (hold, quiet period): ms left before asking again. */
  recheckInMs?: number;
}

interface CompletionTrackerOptions {
  /** Consecutive observations the finished state must be seen in. Default 3. */
  barObservations?: number;
  /** Time those observations must span, ms. Default DEFAULT_ACTION_BAR_HOLD_MS. */
  barHoldMs?: number;
}

/** Default span of the action-bar debounce, ms. */
export const DEFAULT_ACTION_BAR_HOLD_MS = 60;
/** Default number of observations of the action-bar debounce. */
const DEFAULT_ACTION_BAR_OBSERVATIONS = 3;

export class CompletionTracker {
  private sawActive = false;
  private lastChangeAt: number;
  private latest: TurnEvidence | undefined;
  private barStreak = 0;
  private barSince = 0;
  private readonly barObservations: number;
  private readonly barHoldMs: number;

  constructor(
    private readonly quietMs: number,
    now: number,
    options: CompletionTrackerOptions = {},
  ) {
    this.lastChangeAt = now;
    this.barObservations = Math.max(1, options.barObservations ?? DEFAULT_ACTION_BAR_OBSERVATIONS);
    this.barHoldMs = Math.max(0, options.barHoldMs ?? DEFAULT_ACTION_BAR_HOLD_MS);
  }

  /** True once generation has been seen active for our turn. */
  get generationSeen(): boolean {
    return this.sawActive;
  }

  /** Records one observation of the page. */
  observe(evidence: TurnEvidence, now: number): void {
    this.latest = evidence;
    if (evidence.textChanged) this.lastChangeAt = Math.max(this.lastChangeAt, now - Math.max(0, evidence.answerQuietMs ?? 0));
    const thinking = evidence.thinking === true;
    if (evidence.stopVisible || evidence.streaming || thinking || (evidence.assistantTurnFound && evidence.textChanged && evidence.textLength > 0)) this.sawActive = true;
    const settled = evidence.assistantTurnFound && evidence.actionBarPresent && !evidence.stopVisible && !evidence.streaming && !thinking && !evidence.textChanged;
    if (!settled) {
      this.barStreak = 0;
      return;
    }
    if (this.barStreak === 0) this.barSince = now;
    this.barStreak++;
  }

  /** Whether the answer is complete at `now`. */
  decide(now: number): CompletionDecision {
    const evidence = this.latest;
    if (!evidence || !this.sawActive || !evidence.assistantTurnFound) return { done: false };
    if (evidence.stopVisible || evidence.streaming || evidence.thinking === true || !evidence.actionBarPresent) return { done: false };
    if (this.barStreak < this.barObservations) return { done: false };
    const heldFor = now - this.barSince;
    const quietFor = now - this.lastChangeAt;
    const missing = Math.max(this.barHoldMs - heldFor, this.quietMs - quietFor);
    if (missing <= 0) return { done: true };
    return { done: false, recheckInMs: missing };
  }
}

/**
 * Decides when an answer is complete, on positive evidence tied to our own turn only:
 *   1. generation was seen active (stop button visible, a streaming indicator, or the answer
 *      text growing) — remembered across reloads and tab replacements;
 *   2. then the stop button is gone and no streaming indicator is left;
 *   3. the turn's own action bar is present;
 *   4. the text has not changed for `quietMs`.
 * "The page went quiet" alone never ends an answer: a thinking pause keeps the stop button
 * visible and the action bar absent, so it cannot satisfy 2 and 3.
 */
export interface TurnEvidence {
  assistantTurnFound: boolean;
  stopVisible: boolean;
  streaming: boolean;
  actionBarPresent: boolean;
  /** Length of the answer text now. */
  textLength: number;
  /** True when the text changed in this observation. */
  textChanged: boolean;
}

export interface CompletionDecision {
  done: boolean;
  /** When not done but only the quiet period is missing: ms left to wait before asking again. */
  recheckInMs?: number;
}

export class CompletionTracker {
  private sawActive = false;
  private lastChangeAt: number;
  private latest: TurnEvidence | undefined;

  constructor(private readonly quietMs: number, now: number) {
    this.lastChangeAt = now;
  }

  /** True once generation has been seen active for our turn. */
  get generationSeen(): boolean {
    return this.sawActive;
  }

  /** Records one observation of the page. */
  observe(evidence: TurnEvidence, now: number): void {
    this.latest = evidence;
    if (evidence.textChanged) this.lastChangeAt = now;
    if (evidence.stopVisible || evidence.streaming || (evidence.assistantTurnFound && evidence.textChanged && evidence.textLength > 0)) this.sawActive = true;
  }

  /** Whether the answer is complete at `now`. */
  decide(now: number): CompletionDecision {
    const evidence = this.latest;
    if (!evidence || !this.sawActive || !evidence.assistantTurnFound) return { done: false };
    if (evidence.stopVisible || evidence.streaming || !evidence.actionBarPresent) return { done: false };
    const quietFor = now - this.lastChangeAt;
    if (quietFor >= this.quietMs) return { done: true };
    return { done: false, recheckInMs: this.quietMs - quietFor };
  }
}

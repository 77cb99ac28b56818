/**
 * A site's acknowledgement dialog in the way of an upload (Google AI Studio asks, once per
 * browser profile, to agree to its copyright acknowledgement before a chosen file goes up). The
 * adapter names the dialog's acknowledge button (`uploadConsentButton`); while the upload waits
 * for acceptance, a shown one is clicked. Two limits keep that click from doing harm: the
 * button counts only inside a dialog (so a loose selector can never press the Run button or a
 * menu item), and a dialog that will not close is clicked a few times, never in a loop.
 */

/** Containers an acknowledge button must sit in to be clicked: a dialog, never the page itself. */
export const CONSENT_DIALOG_CONTAINERS = '[role="dialog"], [role="alertdialog"], dialog, [aria-modal="true"], mat-dialog-container, .mat-mdc-dialog-container';

/** Most clicks on an acknowledge button during one upload. */
const MAX_CONSENT_CLICKS = 3;

/** Pause after a click before a button still shown may be clicked again (a dialog takes a moment to close). */
const CONSENT_CLICK_GAP_MS = 1_000;

/** When to click a shown acknowledge button during one upload: at once, then again only after a gap, a few times at most. */
export class ConsentClicks {
  private clicks = 0;
  private lastClickAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly maxClicks = MAX_CONSENT_CLICKS,
    private readonly gapMs = CONSENT_CLICK_GAP_MS,
  ) {}

  /** Whether to click now, given whether the button is shown at `now`. */
  due(shown: boolean, now: number): boolean {
    return shown && this.clicks < this.maxClicks && now - this.lastClickAt >= this.gapMs;
  }

  /** Records a click made at `now`. */
  clicked(now: number): void {
    this.clicks++;
    this.lastClickAt = now;
  }

  /** Clicks made so far. */
  get count(): number {
    return this.clicks;
  }

  /** True when the button is still shown after every click allowed: the dialog does not close. */
  stuck(shown: boolean): boolean {
    return shown && this.clicks >= this.maxClicks;
  }
}

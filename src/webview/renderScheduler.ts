/**
 * When the chat view re-renders. An update that finds the view idle is rendered at once;
 * updates that arrive while a frame is pending are folded into one render at that frame.
 * So the first streamed text shows as soon as it arrives (no frame wait), and a long answer
 * streaming hundreds of deltas still costs at most one render per animation frame.
 */
import type { ChatEvent, ChatViewState } from '../shared/chat/protocol';

/** Calls `callback` before the next repaint (`requestAnimationFrame` in the webview). */
type RequestFrame = (callback: () => void) => void;

export class RenderScheduler {
  private framePending = false;
  private dirty = false;

  constructor(
    private readonly render: () => void,
    private readonly requestFrame: RequestFrame,
  ) {}

  /**
   * Asks for a render. It happens now when no frame is pending or when `immediately` (text the
   * user is waiting for); otherwise at the pending frame, together with every other update.
   */
  request(immediately = false): void {
    if (this.framePending && !immediately) {
      this.dirty = true;
      return;
    }
    this.renderNow();
  }

  private renderNow(): void {
    this.dirty = false;
    this.render();
    if (this.framePending) return;
    // The frame closes the batch: what arrived meanwhile is rendered then, once.
    this.framePending = true;
    this.requestFrame(() => {
      this.framePending = false;
      if (this.dirty) this.renderNow();
    });
  }
}

/** True when `event` puts the first text into an assistant bubble that showed none yet. */
export function revealsFirstText(before: ChatViewState, event: ChatEvent): boolean {
  if (event.type !== 'assistantDelta' && event.type !== 'assistantDone') return false;
  if (event.text === '') return false;
  const bubble = before.items.find((item) => item.kind === 'assistant' && item.id === event.id);
  return bubble === undefined || (bubble.kind === 'assistant' && bubble.text === '');
}

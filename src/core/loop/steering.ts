/**
 * Messages the user sends into a running task ("steering"): `steer` queues them, and the loop
 * takes them at its next turn boundary (before it builds the next turn's prompt), so they reach
 * the model with the tool results as user messages of the same task. Each is delivered once.
 * When the run ends the loop closes the inbox: later steers are refused (false) and `close`
 * returns what was never delivered, so the caller can send those as a new task instead.
 */
import { steeringMessageText } from '../protocol/feedback';
import type { PTKMessage } from '../types';

/** One message sent into a running task; `id` is the caller's (the chat view's queued item). */
export interface SteeringMessage {
  id: string;
  text: string;
}

export class SteeringInbox {
  private pending: SteeringMessage[] = [];
  private isClosed = false;

  /** True once the run has ended: nothing more reaches it. */
  get closed(): boolean {
    return this.isClosed;
  }

  /** Queues `message` for the run's next turn; false when the run has ended (send it as a new task). */
  steer(message: SteeringMessage): boolean {
    if (this.isClosed) return false;
    this.pending.push(message);
    return true;
  }

  /** Takes back a message not delivered yet (the user removed it): true when it was still waiting. */
  withdraw(id: string): boolean {
    const before = this.pending.length;
    this.pending = this.pending.filter((message) => message.id !== id);
    return this.pending.length !== before;
  }

  /** The loop, at a turn boundary: the waiting messages, in order, each handed out once. */
  take(): SteeringMessage[] {
    if (this.isClosed) return [];
    const taken = this.pending;
    this.pending = [];
    return taken;
  }

  /** The run ended: refuses later steers and returns the messages it never delivered (the same list on every call). */
  close(): SteeringMessage[] {
    this.isClosed = true;
    return [...this.pending];
  }
}

/** The transcript message a steered message becomes: a user message, labelled so the model treats it as the user's newest instruction. */
export function steeringTranscriptMessage(message: SteeringMessage): PTKMessage {
  return { role: 'user', content: steeringMessageText(message.text) };
}

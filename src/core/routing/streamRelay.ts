/**
 * Keeps the consumer's stream whole when one call moves from a failed site to another: the
 * text streamed by the failed site is withdrawn at once (a rewrite to nothing), and the first
 * delta of the next site is a rewrite too, so the consumer (the view's bubble, the loop's
 * completion check) starts its text over and never sees the two sites' texts mixed.
 */
import type { LLMCallOptions, StreamDelta } from '../ports';

type StreamOptions = Pick<LLMCallOptions, 'onDelta' | 'isComplete'>;

export class StreamRelay {
  /** True when the consumer saw text from an attempt that failed since. */
  private stale = false;
  /** True when the current attempt has streamed. */
  private streamed = false;

  constructor(private readonly consumer: StreamOptions) {}

  /** The stream callbacks of one attempt, on one site. */
  attempt(): StreamOptions {
    this.streamed = false;
    let replaceFirst = this.stale;
    // The backend gives the same delta to onDelta and isComplete: each is relayed the same way.
    const relayed = new WeakMap<StreamDelta, StreamDelta>();
    const relay = (delta: StreamDelta): StreamDelta => {
      let out = relayed.get(delta);
      if (!out) {
        out = replaceFirst ? { text: '', full: delta.full, rewrite: true } : delta;
        replaceFirst = false;
        this.stale = false;
        relayed.set(delta, out);
      }
      return out;
    };
    const { onDelta, isComplete } = this.consumer;
    return {
      ...(onDelta
        ? {
            onDelta: (delta: StreamDelta) => {
              this.streamed = true;
              onDelta(relay(delta));
            },
          }
        : {}),
      ...(isComplete ? { isComplete: (textSoFar: string, delta?: StreamDelta) => isComplete(textSoFar, delta && relay(delta)) } : {}),
    };
  }

  /** The current attempt failed: what it streamed is withdrawn from the consumer now. */
  abandon(): void {
    if (!this.streamed) return;
    this.streamed = false;
    this.stale = true;
    this.consumer.onDelta?.({ text: '', full: '', rewrite: true });
  }
}

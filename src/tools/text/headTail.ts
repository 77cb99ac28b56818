/**
 * Capping long text while keeping its head and its tail (where errors usually are),
 * with a note saying how much was left out.
 */

/** Result of `capHeadTail`. */
export interface CappedText {
  text: string;
  truncated: boolean;
  /** Characters left out. */
  omittedChars: number;
}

/** Shortens `text` to about `maxChars`, keeping the first and last halves and a marker between. */
export function capHeadTail(text: string, maxChars: number): CappedText {
  if (text.length <= maxChars) return { text, truncated: false, omittedChars: 0 };
  const headLength = Math.ceil(maxChars / 2);
  const tailLength = Math.max(0, maxChars - headLength);
  const omittedChars = text.length - headLength - tailLength;
  const marker = `\n[… ${omittedChars} characters omitted …]\n`;
  const tail = tailLength > 0 ? text.slice(text.length - tailLength) : '';
  return { text: text.slice(0, headLength) + marker + tail, truncated: true, omittedChars };
}

/**
 * Collects streamed text keeping only the first and last `maxChars / 2` characters, so a
 * command that prints gigabytes uses bounded memory.
 */
export class HeadTailCollector {
  private head = '';
  private tail = '';
  private totalLength = 0;
  private readonly headLimit: number;
  private readonly tailLimit: number;

  constructor(readonly maxChars: number) {
    this.headLimit = Math.ceil(maxChars / 2);
    this.tailLimit = maxChars - this.headLimit;
  }

  /** Adds a chunk. */
  push(chunk: string): void {
    this.totalLength += chunk.length;
    if (this.head.length < this.headLimit) {
      const room = this.headLimit - this.head.length;
      this.head += chunk.slice(0, room);
      chunk = chunk.slice(room);
    }
    if (chunk.length === 0 || this.tailLimit === 0) return;
    this.tail = (this.tail + chunk).slice(-this.tailLimit);
  }

  /** True when something was dropped. */
  get truncated(): boolean {
    return this.totalLength > this.head.length + this.tail.length;
  }

  /** The kept text, with a marker where characters were dropped. */
  toString(): string {
    const omitted = this.totalLength - this.head.length - this.tail.length;
    if (omitted <= 0) return this.head + this.tail;
    return `${this.head}\n[… ${omitted} characters omitted …]\n${this.tail}`;
  }
}

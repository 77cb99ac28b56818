/**
 * Head-and-tail truncation: the one way long text is shortened everywhere (a tool result for the
 * model, an older result in the history, a command's stdout and stderr). The beginning and the end
 * are kept, because that is where a file's header, a log's first lines and a command's final
 * error are, and one marker between them says how many characters were left out. The kept text,
 * marker included, fits `maxChars` (when `maxChars` is at least the marker's length).
 */

/** Share of the kept characters that goes to the head; the tail gets the rest. */
const HEAD_SHARE = 0.6;

/** The marker put where `omitted` characters were left out. */
function omissionMarker(omitted: number): string {
  return `\n[… ${omitted} characters omitted …]\n`;
}

/**
 * How many characters of the head and of the tail a text of `length` characters keeps so that
 * head, marker and tail fit `maxChars`. The marker is measured for `length` omitted characters,
 * never fewer digits than the real count, so the real marker is never longer.
 */
function keptLengths(length: number, maxChars: number): { head: number; tail: number } {
  const room = Math.max(0, maxChars - omissionMarker(length).length);
  const head = Math.ceil(room * HEAD_SHARE);
  return { head, tail: room - head };
}

/** A text cut to its head and tail, and how many characters were left out (0: unchanged). */
interface TruncatedText {
  text: string;
  omitted: number;
}

/**
 * Collects streamed text (a command's output) keeping only what the head-and-tail cut can show,
 * so a command that prints gigabytes uses bounded memory: the first `maxChars × 0.6` characters
 * and the last `maxChars × 0.4`.
 */
export class HeadTailCollector {
  private head = '';
  private tail = '';
  private totalLength = 0;
  private readonly limit: number;
  private readonly headLimit: number;
  private readonly tailLimit: number;

  constructor(maxChars: number) {
    this.limit = Math.max(0, Math.floor(maxChars));
    this.headLimit = Math.ceil(this.limit * HEAD_SHARE);
    this.tailLimit = this.limit - this.headLimit;
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

  /** True when the text collected so far is longer than `maxChars` and is cut. */
  get truncated(): boolean {
    return this.totalLength > this.limit;
  }

  /** Characters the cut leaves out (0 when nothing is cut). */
  get omitted(): number {
    if (!this.truncated) return 0;
    const kept = keptLengths(this.totalLength, this.limit);
    return this.totalLength - kept.head - kept.tail;
  }

  /** The text itself, or its head and tail with the marker between them. */
  toString(): string {
    if (!this.truncated) return this.head + this.tail;
    // The head and tail kept while collecting are at least as long as the cut needs
    // (the cut's room never exceeds `maxChars`).
    const kept = keptLengths(this.totalLength, this.limit);
    const tail = kept.tail > 0 ? this.tail.slice(this.tail.length - kept.tail) : '';
    return this.head.slice(0, kept.head) + omissionMarker(this.omitted) + tail;
  }
}

/** Shortens `text` to its head and tail within `maxChars`, with the omission marker between them. */
export function truncateMiddle(text: string, maxChars: number): TruncatedText {
  const collector = new HeadTailCollector(maxChars);
  collector.push(text);
  return { text: collector.toString(), omitted: collector.omitted };
}

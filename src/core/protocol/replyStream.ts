/**
 * One model reply as it streams, read once: the backend's deltas go to one streaming scanner
 * (streamParser.ts), and everything a caller needs while the reply streams is answered from
 * that one scan: whether a complete call arrived (the backend may stop generating), the prose so
 * far and what it gained (a view that can replace its text), and the settled prose (a sink that
 * can only append). A delta is read once however many of these are asked, and the same delta
 * handed over twice (to `onDelta` and `isComplete`) is read once too. A rewrite (the site
 * re-rendered the answer) starts a fresh scan of the whole text.
 */
import type { StreamDelta } from '../ports';
import type { PTKResponse } from '../types';
import type { ProseChange } from './proseStream';
import type { PTKStreamParser } from './streamParser';

/** The prose of a reply, as a delta's reader sees it. */
export interface ReplyProse {
  /** The reply as read so far. */
  readonly text: string;
  /** The prose so far (calls, a call being written and a tag still arriving left out). */
  proseSoFar(): string;
  /** The prefix of the prose that no later text changes: what an append-only sink may show. */
  settledProse(): string;
  /**
   * What the settled prose gained since the last call, for one append-only sink (costs the gain).
   * After a fresh scan (a rewrite) it gives more only once the new settled prose extends what it
   * gave; when the rewrite changed that, it gives nothing more.
   */
  settledProseGain(): string;
}

/** A delta of a model call, with the prose its one ReplyStream read from it. */
export interface ReplyDelta extends StreamDelta {
  /** What the prose gained with this delta (`rewrite`: the whole prose, replacing what was shown). */
  prose: ProseChange;
  /** The call's reply (the same object for every delta of one call). */
  reply: ReplyProse;
}

export class ReplyStream implements ReplyProse {
  private scanner: PTKStreamParser;
  /** The delta read last (the same delta handed over again is not read twice). */
  private lastDelta: StreamDelta | undefined;
  /** The scan started over: the next prose change replaces the prose reported before. */
  private restarted = false;
  /** The settled prose given out by settledProseGain(). */
  private settledGiven = '';
  /** The scan started over since settled prose was given: the new one must extend it first. */
  private settledRestarted = false;
  /** A rewrite changed settled prose already given: no more is given. */
  private settledDiverged = false;

  /** `parser` makes the scanner (PTKParser.stream: its tag names and alternative protocols). */
  constructor(private readonly parser: { stream(): PTKStreamParser }) {
    this.scanner = parser.stream();
  }

  get text(): string {
    return this.scanner.text;
  }

  /** Reads a delta: an append costs its own text, anything else is read afresh from `full`. */
  push(delta: StreamDelta): void {
    if (delta === this.lastDelta) return;
    this.lastDelta = delta;
    const fed = this.scanner.text.length;
    if (!delta.rewrite && fed + delta.text.length === delta.full.length) this.scanner.push(delta.text);
    else if (delta.rewrite || fed !== delta.full.length) this.restart(delta.full);
    // Else `full` was read already (through `catchUp`, from a backend that passed no delta).
  }

  /** Brings the reply to `textSoFar` (a backend that gives the text without the delta). */
  catchUp(textSoFar: string): void {
    if (!textSoFar.startsWith(this.scanner.text)) this.restart(textSoFar);
    else if (textSoFar.length > this.scanner.text.length) this.scanner.push(textSoFar.slice(this.scanner.text.length));
  }

  /**
   * `isComplete` for a streaming backend: reads `delta` (or, without one, what `textSoFar` adds)
   * and says whether a complete call arrived.
   */
  isComplete(textSoFar: string, delta?: StreamDelta): boolean {
    if (delta && delta.full.length === textSoFar.length) this.push(delta);
    else this.catchUp(textSoFar);
    return this.scanner.hasCompleteCall();
  }

  /** True once a complete (closed and parseable) call has been read. */
  hasCompleteCall(): boolean {
    return this.scanner.hasCompleteCall();
  }

  proseSoFar(): string {
    return this.scanner.proseSoFar();
  }

  /** What the prose gained since the last change was taken; after a fresh scan, the whole prose as a rewrite. */
  proseChange(): ProseChange {
    const change = this.scanner.proseChange();
    if (!this.restarted) return change;
    this.restarted = false;
    return { text: change.text, rewrite: true };
  }

  settledProse(): string {
    return this.scanner.settledProse();
  }

  settledProseGain(): string {
    if (this.settledDiverged) return '';
    if (!this.settledRestarted) {
      const gain = this.scanner.settledProseGain();
      this.settledGiven += gain;
      return gain;
    }
    this.scanner.settledProseGain();
    const settled = this.scanner.settledProse();
    if (settled.length <= this.settledGiven.length) return '';
    if (!settled.startsWith(this.settledGiven)) {
      this.settledDiverged = true;
      return '';
    }
    this.settledRestarted = false;
    const gain = settled.slice(this.settledGiven.length);
    this.settledGiven = settled;
    return gain;
  }

  /** Finishes the reply: the same result `PTKParser.parse` gives for the text read. */
  end(): PTKResponse {
    return this.scanner.end();
  }

  private restart(full: string): void {
    this.scanner = this.parser.stream();
    this.scanner.push(full);
    this.restarted = true;
    if (this.settledGiven !== '') this.settledRestarted = true;
  }
}

/**
 * The PTK reply scanner: one single-pass state machine that both the one-shot
 * `parse()` and the streaming parser use (`parse(text)` is `stream().push(text).end()`),
 * so streaming and one-shot results are equal for every way of splitting a reply.
 *
 * Linear time: every character is looked at a bounded number of times. Lookahead is
 * bounded (tags, fence lines and result prefixes are read at most LOOKAHEAD characters
 * ahead), so a chunk boundary only ever makes the scanner wait, never re-scan.
 *
 * Decisions (documented in docs/protocol.md):
 * - A call is `<TOOL_CALL>` / `<PTK_CALL>` (any case) + JSON + the closing tag (tags are
 *   recognised by tagMatcher.ts).
 * - Tags inside a fenced code block count only when the fence is unlabelled or labelled
 *   json/jsonc/json5/xml/tool: a tag inside ```ts, ```python … is a quotation.
 *   So is a tag inside an inline `code span` or directly after a quote character.
 * - ```tool fences may also hold a bare JSON call without tags (Continue's convention).
 * - The JSON's end is found by following it (jsonExtent.ts: strings, escapes and comments
 *   aware), so a value containing `</TOOL_CALL>` or `}` survives intact.
 * - An opening tag still open at the end of the reply is `invalid` / "truncated".
 * - After a call, a line starting with TOOL_RESULT: / PTK_RESULT: / TOOL_ERROR: (optionally
 *   prefixed "System:") is the model inventing our answer: it and everything after it is dropped.
 * - Any invalid call makes the whole reply `invalid`: no call of a broken reply runs.
 */
import type { PTKInvalidReason, PTKResponse, PTKToolCall } from '../types';
import { createJsonRepairBudget, parseCallBody } from './callBody';
import type { AlternativeProtocol } from './alternativeProtocols';
import { tooDeepArguments } from './nestingDepth';
import * as charCodes from './charCodes';
import { CALL_FENCE_LANGUAGES, TOOL_FENCE_LANGUAGES } from './fenceLanguages';
import { JsonExtentTracker } from './jsonExtent';
import { ProseStream, tidyProse, type ProseChange } from './proseStream';
import { TagMatcher } from './tagMatcher';

// Module constants, not imported bindings: see charCodes.ts.
const {
  CHAR_APOSTROPHE,
  CHAR_BACKTICK,
  CHAR_BYTE_ORDER_MARK,
  CHAR_LESS,
  CHAR_NEWLINE,
  CHAR_NO_BREAK_SPACE,
  CHAR_OPEN_BRACE,
  CHAR_QUOTE,
  CHAR_RETURN,
  CHAR_SPACE,
  CHAR_TAB,
  CHAR_TILDE,
  CHAR_ZERO_WIDTH_SPACE,
} = charCodes;

/** How far ahead the scanner may need to look to decide (tags, fence lines, result prefixes). */
const LOOKAHEAD = 64;
/** push() scans once at least this many new characters have arrived (hasCompleteCall() and end() always scan). */
const DRAIN_BATCH_CHARS = 4096;
const NEAR_MISS_LINE_HEAD = 200;

const FAKE_RESULT = /^(?:(?:system|user|tool)[ \t]*:[ \t]*)?(?:TOOL_RESULT|PTK_RESULT|TOOL_ERROR)[ \t]*:/i;

export interface PTKStreamParser {
  /** Feeds the next piece of the reply. */
  push(chunk: string): void;
  /** Finishes the reply and returns the same result `parse(whole)` gives. */
  end(): PTKResponse;
  /** True once a complete (closed and parseable) call has been seen: generation may stop. */
  hasCompleteCall(): boolean;
  /** The reply so far. */
  readonly text: string;
  /**
   * The prose of the reply so far, as the finished reply's `content` will read: calls, a call
   * still being written, an open ```tool block and an invented result are left out, and a tag
   * still arriving (`<TOOL_CA`) is held back until it is decided. For showing a reply as it streams.
   */
  proseSoFar(): string;
  /**
   * What the prose gained since the last call: the text appended, or (`rewrite`) the whole
   * prose when it changed otherwise. Costs the new text, not the whole prose: for streaming it.
   */
  proseChange(): ProseChange;
  /**
   * The prefix of `proseSoFar()` that no later text can change, however the reply ends (it only
   * grows, and the finished reply's `content` starts with it): what a sink that cannot take text
   * back may show while the reply streams.
   */
  settledProse(): string;
  /** What `settledProse()` gained since the last call: costs the gain, not the whole prose. */
  settledProseGain(): string;
}

interface ScannerOptions {
  tagNames: readonly string[];
  alternativeProtocols: readonly AlternativeProtocol[];
}

type Mode = 'outside' | 'fence' | 'callPre' | 'callJson' | 'callPost' | 'callTail' | 'callRaw' | 'discard';

type Segment =
  | { ok: true; toolCall: PTKToolCall; repaired: boolean }
  | { ok: false; reason: PTKInvalidReason; error: string };

interface FenceState {
  marker: number; // char code of ` or ~
  length: number;
  language: string;
  callCapable: boolean;
  toolFence: boolean;
  contentStartIndex: number; // index into contentParts where the fence's text starts
  bodyParts: string[]; // fence text (tool fences only)
  hadCall: boolean;
}

interface CallState {
  tagName: string;
  returnMode: 'outside' | 'fence';
  bodyParts: string[];
  /** Follows the call's JSON to find where it ends. */
  extent: JsonExtentTracker;
}

export class StreamingScanner implements PTKStreamParser {
  private readonly tags: TagMatcher;
  private readonly options: ScannerOptions;

  private pending = '';
  /** The reply so far. `+=` builds a rope in V8 (O(1) per chunk), flattened once when read. */
  private allText = '';
  /** Where the fence line that lineStart() just recognised ends (its newline included). */
  private recognisedFenceLineEnd = 0;
  /** Characters pushed since the last scan (see DRAIN_BATCH_CHARS). */
  private charsSinceDrain = 0;
  /** Unscanned text holds a '>', '`' or '~' (the only characters that can complete a call). */
  private closerPending = false;
  private mode: Mode = 'outside';
  private atLineStart = true;
  private inlineCode = false;
  private previousCharCode = -1;
  private fence: FenceState | undefined;
  private call: CallState | undefined;
  private readonly contentParts: string[] = [];
  /** Calls read so far, in order. */
  private readonly calls: Array<Extract<Segment, { ok: true }>> = [];
  /** The first broken call, if any (one broken call makes the reply invalid). */
  private firstInvalid: Extract<Segment, { ok: false }> | undefined;
  private segmentCount = 0;
  private completeCalls = 0;
  /** The first near miss (a call-like text that is no call): the one the error names; later ones add nothing. */
  private nearMiss: string | undefined;
  private lineHead: string | undefined;
  /** A quoted opening tag was seen on this line: its closing tag is a quotation too. */
  private quotedTagOnLine = false;
  private discardedFakeResult = false;
  /** jsonrepair allowance shared by every call of this reply (keeps a reply of broken calls linear). */
  private readonly repairBudget = createJsonRepairBudget();
  private result: PTKResponse | undefined;
  /** The prose shown while streaming, kept incrementally. */
  private readonly prose = new ProseStream();

  constructor(options: ScannerOptions) {
    this.options = options;
    this.tags = new TagMatcher(options.tagNames);
  }

  get text(): string {
    return this.allText;
  }

  push(chunk: string): void {
    if (this.result || typeof chunk !== 'string' || chunk === '') return;
    this.allText += chunk;
    this.pending += chunk;
    this.charsSinceDrain += chunk.length;
    if (!this.closerPending && (chunk.includes('>') || chunk.includes('`') || chunk.includes('~'))) this.closerPending = true;
    // Tiny chunks are scanned in batches (hasCompleteCall() and end() scan whatever is left),
    // so the per-chunk cost stays a string append. Batching changes nothing in the result:
    // the scanner gives the same answer for every split of the input.
    if (this.charsSinceDrain >= DRAIN_BATCH_CHARS) this.drainNow();
  }

  hasCompleteCall(): boolean {
    // A call completes only when a closing tag's '>' or a fence's '`' / '~' is scanned, so
    // text without them cannot change the answer: skip the scan (cheap polling per chunk).
    if (this.completeCalls === 0 && this.closerPending && !this.result) this.drainNow();
    return this.completeCalls > 0;
  }

  private drainNow(): void {
    this.charsSinceDrain = 0;
    this.drain(false);
    this.closerPending = this.pending.includes('>') || this.pending.includes('`') || this.pending.includes('~');
  }

  proseSoFar(): string {
    if (this.result) return this.result.content ?? '';
    this.updateProse();
    return this.prose.full();
  }

  proseChange(): ProseChange {
    if (this.result) return this.prose.changeTo(this.result.content ?? '');
    this.updateProse();
    return this.prose.change();
  }

  settledProse(): string {
    if (this.result) return this.result.content ?? '';
    this.updateProse();
    return this.prose.settledProse();
  }

  settledProseGain(): string {
    if (this.result) this.prose.settleWhole(this.result.content ?? '');
    else this.updateProse();
    return this.prose.takeSettledGain();
  }

  private updateProse(): void {
    if (this.pending !== '') this.drainNow();
    // A ```tool block still open is a call being written: its text leaves the prose if it closes as one.
    const openToolFence = this.fence?.toolFence && !this.fence.hadCall ? this.fence : undefined;
    const shownParts = openToolFence ? Math.max(0, openToolFence.contentStartIndex) : this.contentParts.length;
    // Tidied the way buildResponse() tidies it: a reply with a call gets cleanContent(), a plain one trim().
    const tidy = this.segmentCount > 0 || this.call !== undefined || openToolFence !== undefined;
    // A reply with a call ends tidied; one without may still be taken by an alternative protocol.
    const finalProse = this.segmentCount > 0 ? 'tidied' : this.options.alternativeProtocols.length > 0 ? 'unknown' : 'either';
    this.prose.update({ parts: this.contentParts, shownParts, tidy, finalProse });
  }

  end(): PTKResponse {
    if (this.result) return this.result;
    this.drain(true);
    this.finishOpenState();
    this.result = this.buildResponse();
    return this.result;
  }

  // ---------------------------------------------------------------- scanning

  private drain(final: boolean): void {
    const text = this.pending;
    const length = text.length;
    let position = 0;
    let captureStart = 0;
    const flush = (end: number): void => {
      if (end > captureStart) this.capture(text.slice(captureStart, end));
      captureStart = end;
    };

    scan: while (position < length) {
      switch (this.mode) {
        case 'discard': {
          position = length;
          captureStart = length;
          break;
        }
        case 'outside':
        case 'fence': {
          if (this.atLineStart) {
            const decision = this.lineStart(text, position, final);
            if (decision === 'need') break scan;
            if (decision === 'fenceOpen' || decision === 'fenceClose') {
              const lineEnd = this.recognisedFenceLineEnd;
              flush(position);
              if (decision === 'fenceClose') {
                const consumedAsCall = this.closeFence();
                if (consumedAsCall) captureStart = lineEnd;
                else flush(lineEnd);
              } else {
                flush(lineEnd);
                this.openFence(text, position, lineEnd);
              }
              position = lineEnd;
              this.atLineStart = lineEnd > 0 && text.charCodeAt(lineEnd - 1) === CHAR_NEWLINE;
              continue;
            }
            if (decision === 'fakeResult') {
              flush(position);
              this.mode = 'discard';
              this.discardedFakeResult = true;
              continue;
            }
            this.atLineStart = false;
          }
          const fence = this.mode === 'fence' ? this.fence : undefined;
          if (fence && !fence.callCapable) {
            // A quotation fence: skip to the next line; nothing in it can be a call.
            const newline = text.indexOf('\n', position);
            if (newline === -1) {
              position = length;
            } else {
              position = newline + 1;
              this.atLineStart = true;
            }
            continue;
          }
          const code = text.charCodeAt(position);
          if (code === CHAR_NEWLINE) {
            this.endLine();
            position++;
            continue;
          }
          if (this.lineHead !== undefined && this.lineHead.length < NEAR_MISS_LINE_HEAD) this.lineHead += text[position];
          if (code === CHAR_BACKTICK && !fence) {
            this.inlineCode = !this.inlineCode;
            position++;
            continue;
          }
          if (code === CHAR_LESS && this.inlineCode) {
            // A tag inside an inline `code span` is a mention; a closing tag later on the
            // same line ("write `<TOOL_CALL>`, the JSON, then </TOOL_CALL>") is one too.
            const tag = this.tags.match(text, position, final);
            if (tag === 'need') break scan;
            if (tag && tag.kind === 'open') this.quotedTagOnLine = true;
          } else if (code === CHAR_LESS) {
            const tag = this.tags.match(text, position, final);
            if (tag === 'need') break scan;
            const previous = position > 0 ? text.charCodeAt(position - 1) : this.previousCharCode;
            const quoted = previous === CHAR_QUOTE || previous === CHAR_APOSTROPHE || previous === CHAR_BACKTICK;
            if (tag && quoted && tag.kind === 'open') this.quotedTagOnLine = true;
            if (tag && !quoted) {
              if (tag.kind === 'open') {
                flush(position);
                position += tag.length;
                captureStart = position;
                this.startCall(tag.name);
                continue;
              }
              if (tag.kind === 'close' && !this.quotedTagOnLine) this.nearMiss ??= `a closing tag without an opening <${this.primaryTag()}> tag`;
              else if (tag.kind === 'attributes') this.nearMiss ??= `a <${this.primaryTag()} …> tag with attributes (write the tag bare and put the JSON inside it)`;
            }
          }
          position++;
          break;
        }
        case 'callPre': {
          const skipped = this.skipCallPadding(text, position, final);
          if (skipped === 'need') break scan;
          if (skipped !== -1) {
            position = skipped;
            captureStart = position;
            continue;
          }
          const code = text.charCodeAt(position);
          if (code === CHAR_OPEN_BRACE) {
            this.mode = 'callJson';
            captureStart = position;
            continue;
          }
          if (code === CHAR_LESS) {
            const tag = this.tags.match(text, position, final);
            if (tag === 'need') break scan;
            if (tag && tag.kind === 'close') {
              position += tag.length;
              captureStart = position;
              this.finishCall();
              continue;
            }
          }
          this.mode = 'callRaw';
          captureStart = position;
          continue;
        }
        case 'callJson': {
          const extent = this.call!.extent;
          position = extent.advance(text, position, final);
          if (!extent.closed) break scan;
          flush(position);
          this.mode = 'callPost';
          continue;
        }
        case 'callPost': {
          const skipped = this.skipCallPadding(text, position, final);
          if (skipped === 'need') break scan;
          if (skipped !== -1) {
            position = skipped;
            captureStart = position;
            continue;
          }
          const code = text.charCodeAt(position);
          if (code === CHAR_LESS) {
            const tag = this.tags.match(text, position, final);
            if (tag === 'need') break scan;
            if (tag && tag.kind === 'close') {
              position += tag.length;
              captureStart = position;
              this.finishCall();
              continue;
            }
            if (tag && tag.kind === 'open') {
              this.abandonCall();
              position += tag.length;
              captureStart = position;
              this.startCall(tag.name);
              continue;
            }
          }
          this.mode = 'callTail';
          captureStart = position;
          continue;
        }
        case 'callTail':
        case 'callRaw': {
          const less = text.indexOf('<', position);
          if (less === -1) {
            position = length;
            break;
          }
          position = less;
          const tag = this.tags.match(text, position, final);
          if (tag === 'need') break scan;
          if (tag && tag.kind === 'close') {
            flush(position);
            position += tag.length;
            captureStart = position;
            this.finishCall();
            continue;
          }
          if (tag && tag.kind === 'open') {
            flush(position);
            this.abandonCall();
            position += tag.length;
            captureStart = position;
            this.startCall(tag.name);
            continue;
          }
          position++;
          break;
        }
      }
    }
    flush(position);
    if (position > 0) this.previousCharCode = text.charCodeAt(position - 1);
    this.pending = position >= length ? '' : text.slice(position);
  }

  /** Routes consumed text by the current mode. */
  private capture(piece: string): void {
    switch (this.mode) {
      case 'outside':
        this.contentParts.push(piece);
        break;
      case 'fence':
        this.contentParts.push(piece);
        if (this.fence?.toolFence) this.fence.bodyParts.push(piece);
        break;
      case 'callJson':
      case 'callRaw':
        this.call?.bodyParts.push(piece);
        break;
      default:
        break; // callPre/callPost/callTail whitespace and junk, discarded text
    }
  }

  private primaryTag(): string {
    return this.options.tagNames[0] ?? 'TOOL_CALL';
  }

  /** Decides what a line starts with. Bounded lookahead. */
  private lineStart(text: string, position: number, final: boolean): 'need' | 'fenceOpen' | 'fenceClose' | 'fakeResult' | 'none' {
    const length = text.length;
    let index = position;
    while (index < length && index - position < 3 && text.charCodeAt(index) === CHAR_SPACE) index++;
    if (index >= length) return final ? 'none' : 'need';
    const code = text.charCodeAt(index);
    if (code === CHAR_BACKTICK || code === CHAR_TILDE) {
      // The marker run is read at most LOOKAHEAD long (a longer run is not a fence): a huge
      // run of backticks arriving in small chunks is never re-read from its start.
      let run = index;
      while (run < length && run - index < LOOKAHEAD && text.charCodeAt(run) === code) run++;
      const runLength = run - index;
      if (run >= length && !final) return 'need';
      if (runLength >= 3 && runLength < LOOKAHEAD) {
        // Decide from the window [run, run + LOOKAHEAD] only (stream == one-shot).
        const windowEnd = run + LOOKAHEAD;
        let newline = -1;
        for (let scan = run; scan < length && scan < windowEnd; scan++) {
          if (text.charCodeAt(scan) === CHAR_NEWLINE) {
            newline = scan;
            break;
          }
        }
        if (newline === -1 && length < windowEnd && !final) return 'need';
        this.recognisedFenceLineEnd = newline === -1 ? Math.min(length, windowEnd) : newline + 1;
        const rest = text.slice(run, newline === -1 ? Math.min(length, windowEnd) : newline);
        if (this.mode === 'fence') {
          const fence = this.fence!;
          if (code === fence.marker && runLength >= fence.length && rest.trim() === '') return 'fenceClose';
          return 'none';
        }
        if (code === CHAR_BACKTICK && rest.includes('`')) return 'none'; // inline code, not a fence
        return 'fenceOpen';
      }
    }
    if (this.mode === 'outside' && this.segmentCount > 0) {
      const lineEnd = text.indexOf('\n', index);
      const available = lineEnd === -1 ? length - index : lineEnd - index;
      if (lineEnd === -1 && available < 40 && !final) return 'need';
      if (FAKE_RESULT.test(text.slice(index, index + Math.min(available, 40)))) return 'fakeResult';
    }
    if (this.mode === 'outside' && code === CHAR_OPEN_BRACE) this.lineHead = '';
    return 'none';
  }

  private openFence(text: string, position: number, lineEnd: number): void {
    const line = text.slice(position, lineEnd).trim();
    const marker = line.charCodeAt(0);
    let run = 0;
    while (run < line.length && line.charCodeAt(run) === marker) run++;
    const language = line
      .slice(run)
      .trim()
      .replace(/^\{?\.?/, '')
      .split(/[\s{}]/)[0]
      .toLowerCase();
    const callCapable = CALL_FENCE_LANGUAGES.has(language);
    this.fence = {
      marker,
      length: run,
      language,
      callCapable,
      toolFence: TOOL_FENCE_LANGUAGES.has(language),
      contentStartIndex: this.contentParts.length - 1, // the fence line itself was just captured
      bodyParts: [],
      hadCall: false,
    };
    this.mode = 'fence';
    this.inlineCode = false;
  }

  /** Closes the fence; true when a ```tool fence's body was taken as a call (its text leaves the prose). */
  private closeFence(): boolean {
    const fence = this.fence!;
    this.fence = undefined;
    this.mode = 'outside';
    if (!fence.toolFence || fence.hadCall) return false;
    const body = fence.bodyParts.join('');
    if (body.trim() === '') return false;
    const parsed = parseCallBody(body, this.repairBudget);
    this.addSegment(parsed);
    if (!parsed.ok) return false;
    this.completeCalls++;
    this.contentParts.length = Math.max(0, fence.contentStartIndex);
    return true;
  }

  /**
   * Inside a call, before or after its JSON: skips one blank character or one ``` fence line.
   * Returns the position after it, -1 when there is nothing to skip, 'need' to wait for more text.
   */
  private skipCallPadding(text: string, position: number, final: boolean): number | 'need' {
    const code = text.charCodeAt(position);
    if (isSkippableSpace(code)) return position + 1;
    if (code === CHAR_BACKTICK) return this.fenceLineEnd(text, position, final);
    return -1;
  }

  /** Returns the index after a ``` fence line (call-internal fences), -1 if not a fence, 'need' to wait. */
  private fenceLineEnd(text: string, position: number, final: boolean): number | 'need' {
    const length = text.length;
    let run = position;
    while (run < length && run - position < LOOKAHEAD && text.charCodeAt(run) === CHAR_BACKTICK) run++;
    if (run >= length && !final) return 'need';
    if (run - position < 3 || run - position >= LOOKAHEAD) return -1;
    // Decide from the window [run, run + LOOKAHEAD] only, so the answer does not depend on
    // how much text happens to be buffered (stream == one-shot).
    const windowEnd = Math.min(length, run + LOOKAHEAD);
    for (let index = run; index < windowEnd; index++) {
      if (text.charCodeAt(index) === CHAR_NEWLINE) return index + 1;
    }
    if (!final && length - run < LOOKAHEAD) return 'need';
    // No newline close after the fence marker: consume the language word only.
    let wordEnd = run;
    while (wordEnd < windowEnd && /[\w-]/.test(text[wordEnd])) wordEnd++;
    return wordEnd;
  }

  private startCall(tagName: string): void {
    this.call = {
      tagName,
      returnMode: this.mode === 'fence' ? 'fence' : 'outside',
      bodyParts: [],
      extent: new JsonExtentTracker(),
    };
    this.mode = 'callPre';
    this.lineHead = undefined;
  }

  private finishCall(): void {
    const call = this.call!;
    const parsed = parseCallBody(stripFences(call.bodyParts.join('')), this.repairBudget);
    this.addSegment(parsed);
    if (parsed.ok) this.completeCalls++;
    this.endCall(call);
  }

  /** A new opening tag arrived before this call was closed. */
  private abandonCall(): void {
    const call = this.call!;
    this.addSegment(
      this.firstInvalid
        ? undefined
        : { ok: false, reason: 'malformed_json', error: `A <${call.tagName}> tag was not closed with </${call.tagName}> before the next call started.` },
    );
    this.endCall(call);
  }

  private endCall(call: CallState): void {
    this.call = undefined;
    this.mode = call.returnMode === 'fence' && this.fence ? 'fence' : 'outside';
    if (this.fence) this.fence.hadCall = true;
    this.atLineStart = false;
    this.inlineCode = false;
  }

  /** Records a parsed call or a broken one (undefined: a broken one whose message is not needed). */
  private addSegment(segment: Segment | undefined): void {
    this.segmentCount++;
    if (!segment) return;
    if (segment.ok) this.calls.push(segment);
    else this.firstInvalid ??= segment;
  }

  private endLine(): void {
    this.evaluateLineHead();
    this.quotedTagOnLine = false;
    this.atLineStart = true;
    this.inlineCode = false;
  }

  private evaluateLineHead(): void {
    const head = this.lineHead;
    this.lineHead = undefined;
    if (head === undefined || this.nearMiss !== undefined) return;
    const namesTool = /"(?:tool|name)"\s*:/.test(head);
    const hasArgs = /"(?:args|arguments)"\s*:/.test(head);
    if (namesTool && hasArgs) {
      this.nearMiss = `a JSON tool call without the <${this.primaryTag()}> tags around it`;
    }
  }

  private finishOpenState(): void {
    if (this.call) {
      const call = this.call;
      if (this.mode === 'callJson') {
        // The JSON never balanced. If a closing tag follows, repair what is before it.
        const body = call.bodyParts.join('');
        const closing = lastClosingTag(body, call.tagName);
        if (closing !== -1) {
          const parsed = parseCallBody(stripFences(body.slice(0, closing)), this.repairBudget);
          this.addSegment(parsed.ok ? { ...parsed, repaired: true } : parsed);
          if (parsed.ok) this.completeCalls++;
          const after = body.slice(body.indexOf('>', closing) + 1);
          if (after.trim() !== '') this.contentParts.push(after);
          this.call = undefined;
          this.mode = 'outside';
          return;
        }
      }
      this.addSegment({
        ok: false,
        reason: 'truncated',
        error: `Your reply ended inside a <${call.tagName}> tag (no </${call.tagName}>): the call was cut off and was not run. Send the complete call again.`,
      });
      this.call = undefined;
      this.mode = 'outside';
    }
    if (this.mode === 'fence' && this.fence?.toolFence && !this.fence.hadCall && this.fence.bodyParts.join('').trim() !== '') {
      this.addSegment({
        ok: false,
        reason: 'truncated',
        error: 'Your reply ended inside a ```tool block that was never closed: the call was not run. Send the complete call again.',
      });
    }
    this.evaluateLineHead();
  }

  private buildResponse(): PTKResponse {
    const raw = this.text;
    const content = cleanContent(this.contentParts.join(''));
    const base = { raw, ...(this.discardedFakeResult ? { discardedFakeResult: true } : {}) };
    const invalid = this.firstInvalid;
    if (invalid) {
      return { ...base, type: 'invalid', content, toolCalls: [], reason: invalid.reason, error: invalid.error };
    }
    const calls = this.calls;
    if (calls.length > 0) {
      const toolCalls = calls.map((segment) => segment.toolCall);
      const repaired = calls.some((segment) => segment.repaired);
      return { ...base, type: 'tool_call', content, toolCall: toolCalls[0], toolCalls, ...(repaired ? { repaired } : {}) };
    }
    for (const protocol of this.options.alternativeProtocols) {
      const found = safeAlternative(protocol, raw);
      if (found && found.toolCalls.length > 0) {
        const content = found.content.trim();
        const tooDeep = found.toolCalls.map((toolCall) => tooDeepArguments(toolCall.args)).find((refusal) => refusal !== undefined);
        if (tooDeep) return { ...base, type: 'invalid', content, toolCalls: [], reason: tooDeep.reason, error: tooDeep.error };
        return { ...base, type: 'tool_call', content, toolCall: found.toolCalls[0], toolCalls: found.toolCalls };
      }
    }
    if (this.nearMiss !== undefined) {
      const tag = this.primaryTag();
      return {
        ...base,
        type: 'invalid',
        content,
        toolCalls: [],
        reason: 'near_miss',
        error: `Your reply looks like a tool call but none could be read (found ${this.nearMiss}). To call a tool write exactly <${tag}>{"tool": "name", "args": {...}}</${tag}>; to answer, write plain text without tags.`,
      };
    }
    return { ...base, type: 'text', content: raw.trim(), toolCalls: [] };
  }
}

function isSkippableSpace(code: number): boolean {
  return (
    code === CHAR_SPACE ||
    code === CHAR_TAB ||
    code === CHAR_NEWLINE ||
    code === CHAR_RETURN ||
    code === CHAR_BYTE_ORDER_MARK ||
    code === CHAR_ZERO_WIDTH_SPACE ||
    code === CHAR_NO_BREAK_SPACE
  );
}

/** Removes a ```lang opening line and a closing ``` from a call body. */
function stripFences(body: string): string {
  let text = body.trim();
  if (text.startsWith('```')) {
    const newline = text.indexOf('\n');
    text = newline === -1 ? '' : text.slice(newline + 1);
  }
  if (text.endsWith('```')) text = text.slice(0, text.length - 3);
  return text;
}

function lastClosingTag(body: string, tagName: string): number {
  const upper = body.toUpperCase();
  return upper.lastIndexOf(`</${tagName.toUpperCase()}`);
}

/** Prose around calls: drop fences left empty by a call taken out of them, tidy blank lines. */
function cleanContent(content: string): string {
  return tidyProse(content).trim();
}

function safeAlternative(protocol: AlternativeProtocol, text: string): { toolCalls: PTKToolCall[]; content: string } | null {
  try {
    return protocol.parse(text);
  } catch {
    return null;
  }
}

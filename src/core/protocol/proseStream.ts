/**
 * The prose of a streaming reply, kept as appends. The scanner's prose is its raw prose parts
 * tidied (empty fences dropped, blank lines collapsed) and trimmed. Text before a settled cut
 * is tidied once and never again; each update tidies only the open tail after the last cut,
 * so a long reply costs linear time in all, not its whole prose per chunk.
 *
 * A cut sits between two characters where neither tidying nor trimming can reach across: the
 * character before it is not white space, nor a fence marker, and its line is no fence line;
 * the character after it is a newline or a character that is neither white space nor a fence
 * marker. Tidying the text on both sides of such a cut separately gives exactly the tidied whole.
 *
 * The settled prose (`settledProse()`) is the part of the text before a cut that no later text
 * can change however the reply ends: a piece whose tidying changes nothing (so it reads the same
 * tidied or only trimmed), or any piece once the finished prose is known to be tidied (the reply
 * has a call). An append-only sink (a progress stream that cannot take text back) shows it.
 */

/** What changed in the prose: `text` appended, or (`rewrite`) `text` is the whole new prose. */
export interface ProseChange {
  text: string;
  rewrite: boolean;
}

/** The raw prose as the scanner holds it. */
interface ProseSource {
  /** Raw prose parts, append-only. */
  readonly parts: readonly string[];
  /** How many parts are shown now (an open ```tool block hides the parts from its start). */
  readonly shownParts: number;
  /** Tidy the prose (a reply with calls), or only trim it (a plain reply). */
  readonly tidy: boolean;
  /**
   * How the finished reply's prose will read: 'tidied' (the reply has a call), 'either' (tidied
   * or only trimmed, not known yet), 'unknown' (an alternative protocol may still take the reply
   * and give prose of its own: nothing settles before the end).
   */
  readonly finalProse: 'tidied' | 'either' | 'unknown';
}

/**
 * An opening fence line, blank lines, then the same fence marker alone on its line: a fence
 * left empty by a call taken out of it. The marker run is taken whole (`(?!`)`, `(?!~)`):
 * without that, a run of n tildes could be split between the marker and the info string
 * in n ways, each retried to the end of the line, and a long run of `~` took quadratic time.
 * With it, each line start is tried once and gives back at most its own line and the blank
 * lines after it, so the search is linear.
 */
const EMPTY_FENCE = /(^|\n)[ ]{0,3}(`{3,}(?!`)|~{3,}(?!~))[^\n`]*\n\s*\2[ \t]*(?=\n|$)/g;

/** Prose around calls, untrimmed: drops fences left empty by a call taken out of them and tidies blank lines. */
export function tidyProse(content: string): string {
  return content.replace(EMPTY_FENCE, '$1').replace(/\n{3,}/g, '\n\n');
}

const WHITE_SPACE = /\s/;

function isFenceMarker(character: string): boolean {
  return character === '`' || character === '~';
}

/** May a cut follow this character? */
function endsBeforeCut(character: string): boolean {
  return !WHITE_SPACE.test(character) && !isFenceMarker(character);
}

/** May a cut precede this character? */
function startsAfterCut(character: string): boolean {
  return character === '\n' || endsBeforeCut(character);
}

/** Whether the line starting at `start` is a fence line (up to 3 spaces, then ``` or ~~~); undefined: not known yet. */
function fenceLineAt(text: string, start: number): boolean | undefined {
  let index = start;
  while (index < text.length && index - start < 3 && text[index] === ' ') index++;
  if (index >= text.length) return undefined;
  const marker = text[index];
  if (!isFenceMarker(marker)) return false;
  for (let count = 1; count < 3; count++) {
    if (index + count >= text.length) return undefined;
    if (text[index + count] !== marker) return false;
  }
  return true;
}

/**
 * Where the longest prefix of `piece` that tidying leaves alone ends, when a cut is there: at
 * the newline that starts the first run of blank lines or empty fence. 0: no such prefix.
 */
function untouchedPrefix(piece: string): number {
  const blankRun = piece.search(/\n{3,}/);
  const emptyFence = new RegExp(EMPTY_FENCE.source).exec(piece)?.index ?? -1;
  const first = blankRun === -1 ? emptyFence : emptyFence === -1 ? blankRun : Math.min(blankRun, emptyFence);
  if (first <= 0 || piece[first] !== '\n' || !endsBeforeCut(piece[first - 1])) return 0;
  return fenceLineAt(piece, piece.lastIndexOf('\n', first - 1) + 1) === false ? first : 0;
}

export class ProseStream {
  /** Tidied prose before the last cut (the first piece trimmed at its start). */
  private readonly settled: string[] = [];
  /** Per settled piece: tidying its raw text changes nothing (it reads the same tidied or trimmed). */
  private readonly settledUntouched: boolean[] = [];
  /** Leading settled pieces (since the last restart) that no later text changes, and their text. */
  private finalPieces = 0;
  private finalText = '';
  /** The longest final text reported: a restart may find it again later, never take it back. */
  private settledProseText = '';
  /** Settled prose gained since it was last taken (takeSettledGain). */
  private settledGain = '';
  /** Settled prose added since the last change was reported. */
  private settledSinceChange = '';
  /** Where the unsettled raw text starts: a part and an offset in it. */
  private partIndex = 0;
  private partOffset = 0;
  /** Unsettled characters already searched for a cut (a cut depends only on text that never changes). */
  private searched = 0;
  /** The line running at `searched` is a fence line; undefined: the unsettled text starts a line not read yet. */
  private lineIsFence: boolean | undefined = undefined;
  private tidy: boolean | undefined;
  /** The tidied open tail, as last computed. */
  private tail = '';
  /** The tail as last reported (the prose reported is the settled prose then + this). */
  private reportedTail = '';
  /** The next change must be a rewrite (the prose was rebuilt from the start). */
  private rebuilt = false;
  private reportedAny = false;

  /** Brings the prose up to date with `source`. Costs the unsettled text's length. */
  update(source: ProseSource): void {
    if (this.tidy !== source.tidy || source.shownParts < this.partIndex) this.restart(source.tidy);
    let raw = '';
    if (this.partIndex < source.shownParts) {
      raw = source.parts[this.partIndex].slice(this.partOffset);
      if (source.shownParts - this.partIndex > 1) raw += source.parts.slice(this.partIndex + 1, source.shownParts).join('');
    }
    if (raw.length < this.searched) {
      // Parts were hidden (an open ```tool block): search the shown text again from its start.
      this.searched = 0;
      this.lineIsFence = this.settled.length > 0 ? false : undefined;
    }
    const cut = this.findCut(raw);
    if (cut > 0) {
      this.settle(raw.slice(0, cut));
      raw = raw.slice(cut);
      this.advance(source, cut);
      this.searched -= cut;
    }
    const tidied = this.tidy ? tidyProse(raw) : raw;
    this.tail = this.settled.length === 0 ? tidied.trim() : tidied.trimEnd();
    this.extendFinal(source.finalProse);
  }

  /** The prefix of the prose that no later text changes (grows only). */
  settledProse(): string {
    return this.settledProseText;
  }

  /** The reply ended with `prose` (which starts with the settled prose): all of it is settled now. */
  settleWhole(prose: string): void {
    if (prose.length > this.settledProseText.length) this.settledGain += prose.slice(this.settledProseText.length);
    this.settledProseText = prose;
  }

  /** What the settled prose gained since the last call (costs the gain, not the whole prose). */
  takeSettledGain(): string {
    const gain = this.settledGain;
    this.settledGain = '';
    return gain;
  }

  /** Counts the settled pieces that are final now (in order: the final text is a prefix). */
  private extendFinal(finalProse: ProseSource['finalProse']): void {
    if (finalProse === 'unknown') return;
    const tidiedForGood = finalProse === 'tidied' && this.tidy === true;
    while (this.finalPieces < this.settled.length && (tidiedForGood || this.settledUntouched[this.finalPieces])) {
      const piece = this.settled[this.finalPieces];
      // After a restart the final text is found again from the start: only what passes the
      // settled prose reported before is a gain (slicing the piece, never the whole text).
      const known = this.settledProseText.length - this.finalText.length;
      this.finalText += piece;
      this.finalPieces++;
      if (known < piece.length) {
        const gain = known > 0 ? piece.slice(known) : piece;
        this.settledProseText += gain;
        this.settledGain += gain;
      }
    }
  }

  /** The whole prose (joins every settled piece: for reading it once, not per chunk). */
  full(): string {
    return this.settled.join('') + this.tail;
  }

  /** What changed since the last report: appended text, or the whole prose when it was not an append. */
  change(): ProseChange {
    const grown = this.settledSinceChange + this.tail;
    const appended = !this.rebuilt && grown.startsWith(this.reportedTail);
    const change = appended ? { text: grown.slice(this.reportedTail.length), rewrite: false } : { text: this.full(), rewrite: this.reportedAny };
    this.settledSinceChange = '';
    this.reportedTail = this.tail;
    this.rebuilt = false;
    if (change.text !== '' || change.rewrite) this.reportedAny = true;
    return change;
  }

  /** The change to `prose`, the reply's final prose (compares the whole prose once). */
  changeTo(prose: string): ProseChange {
    const settledText = this.settled.join('');
    const reported = settledText.slice(0, settledText.length - this.settledSinceChange.length) + this.reportedTail;
    const change = prose.startsWith(reported) && !this.rebuilt ? { text: prose.slice(reported.length), rewrite: false } : { text: prose, rewrite: this.reportedAny };
    this.settled.length = 0;
    this.settled.push(prose);
    this.settledUntouched.length = 0;
    this.settledUntouched.push(true);
    this.finalPieces = 1;
    this.finalText = prose;
    this.settleWhole(prose);
    this.settledSinceChange = '';
    this.tail = '';
    this.reportedTail = '';
    this.rebuilt = false;
    if (change.text !== '' || change.rewrite) this.reportedAny = true;
    return change;
  }

  private restart(tidy: boolean): void {
    if (this.settled.length > 0 || this.reportedTail !== '') this.rebuilt = true;
    this.tidy = tidy;
    this.settled.length = 0;
    this.settledUntouched.length = 0;
    this.finalPieces = 0;
    this.finalText = '';
    this.settledSinceChange = '';
    this.partIndex = 0;
    this.partOffset = 0;
    this.searched = 0;
    this.lineIsFence = undefined;
  }

  /** The last cut in `raw` (0: none), searching only what was not searched before. */
  private findCut(raw: string): number {
    let cut = 0;
    let index = this.searched;
    if (this.lineIsFence === undefined) {
      const fence = fenceLineAt(raw, 0);
      if (fence === undefined) return 0;
      this.lineIsFence = fence;
    }
    // `index` is the character before a candidate cut; the cut needs the character after it.
    for (; index < raw.length - 1; index++) {
      const character = raw[index];
      if (character === '\n') {
        const fence = fenceLineAt(raw, index + 1);
        if (fence === undefined) break;
        this.lineIsFence = fence;
      } else if (!this.lineIsFence && endsBeforeCut(character) && startsAfterCut(raw[index + 1])) {
        cut = index + 1;
      }
    }
    this.searched = index;
    return cut;
  }

  private settle(piece: string): void {
    const cleaned = tidyProse(piece);
    const before = cleaned === piece ? 0 : untouchedPrefix(piece);
    if (before > 0) {
      // The text before the first spot tidying changes reads the same however the reply ends:
      // settled as a piece of its own, it can be final while the rest waits.
      const rest = piece.slice(before);
      this.settlePiece(piece.slice(0, before), true);
      this.settlePiece(this.tidy ? tidyProse(rest) : rest, false);
      return;
    }
    this.settlePiece(this.tidy ? cleaned : piece, cleaned === piece);
  }

  private settlePiece(tidied: string, untouched: boolean): void {
    const settledPiece = this.settled.length === 0 ? tidied.trimStart() : tidied;
    this.settled.push(settledPiece);
    this.settledUntouched.push(untouched);
    this.settledSinceChange += settledPiece;
  }

  /** Moves the start of the unsettled text `count` characters on. */
  private advance(source: ProseSource, count: number): void {
    let left = count;
    while (left > 0) {
      const available = source.parts[this.partIndex].length - this.partOffset;
      if (left < available) {
        this.partOffset += left;
        return;
      }
      left -= available;
      this.partIndex++;
      this.partOffset = 0;
    }
  }
}

/**
 * The prose of a reply that is still streaming, as appended pieces: what a caller that cannot
 * take text back (a VS Code progress stream, a chat response stream) may be shown. Everything
 * from the first tool-call marker on (an opening call tag, a ```tool fence, a fenced JSON call)
 * is held back, and so is a tail that could still become a marker ("<TOOL_C", "``") or trailing
 * whitespace. Linear: it works on the appended pieces (never on the whole reply, whose string a
 * backend builds by appending and which every scan would have to flatten again), holding back
 * only a short tail. Without tag names (a request without tools) there is no markup: everything is
 * shown as it arrives but trailing whitespace.
 */

import { TOOL_FENCE_LANGUAGES } from '../protocol/fenceLanguages';

/** Longest tail held back because it could be the start of a marker. */
const HOLD_BACK_CHARS = 40;

function cleanTagNames(tagNames: readonly string[]): string[] {
  return tagNames.map((name) => name.replace(/[^A-Za-z0-9_]/g, '')).filter(Boolean);
}

function markerPattern(tagNames: readonly string[]): RegExp {
  const tags = cleanTagNames(tagNames).join('|');
  const toolFences = [...TOOL_FENCE_LANGUAGES].join('|');
  return new RegExp(`<\\s*(?:${tags})\\b|\`\`\`\\s*(?:${toolFences})\\b|\`\`\`\\s*json\\s*\\n\\s*\\{\\s*"(?:tool|name)"`, 'i');
}

/**
 * The end of `text` without a call tag cut off in its first letters ("\n\n<", "<TOOL_CAL"): the
 * start of a call the reply never finished is markup, not prose.
 */
export function withoutPartialTag(text: string, tagNames: readonly string[]): string {
  const start = text.lastIndexOf('<');
  if (start < 0 || text.length - start > HOLD_BACK_CHARS) return text;
  const tail = text.slice(start + 1).replace(/^\s*\/?\s*/, '').toUpperCase();
  if (!/^[A-Z0-9_]*$/.test(tail) || !cleanTagNames(tagNames).some((name) => name.toUpperCase().startsWith(tail))) return text;
  return text.slice(0, start).trimEnd();
}

export class VisibleTextStream {
  private readonly pattern: RegExp | undefined;
  private readonly tagNames: readonly string[];
  private readonly shownPieces: string[] = [];
  private shownLength = 0;
  /** Received text after what was shown, not shown yet (a short tail, unless a marker blocked it). */
  private pending = '';
  /** A marker was seen: nothing more is shown while streaming. */
  private blocked = false;
  /** A rewrite changed text already shown: nothing more is shown while streaming. */
  private diverged = false;

  constructor(tagNames: readonly string[] = ['TOOL_CALL', 'PTK_CALL']) {
    this.tagNames = tagNames;
    this.pattern = cleanTagNames(tagNames).length > 0 ? markerPattern(tagNames) : undefined;
  }

  /** The text shown so far. */
  get shown(): string {
    return this.shownPieces.join('');
  }

  /** Takes the text appended to the reply; returns the newly visible text ('' when none). */
  push(appended: string): string {
    if (this.blocked || this.diverged || appended === '') return '';
    this.pending += appended;
    return this.release();
  }

  /**
   * The reply changed other than by appending (the site re-rendered it): takes the whole reply.
   * When text already shown changed, nothing more is shown until `finish`.
   */
  rewrite(full: string): string {
    if (this.diverged) return '';
    if (!full.startsWith(this.shown)) {
      this.diverged = true;
      return '';
    }
    this.blocked = false;
    this.pending = full.slice(this.shownLength);
    return this.release();
  }

  private release(): string {
    const pending = this.pending;
    const marker = this.pattern?.exec(pending);
    let end = pending.length;
    if (marker) {
      this.blocked = true;
      end = marker.index;
    } else if (this.pattern) {
      for (let index = pending.length - 1; index >= Math.max(0, pending.length - HOLD_BACK_CHARS); index--) {
        if (pending[index] === '<' || pending[index] === '`') {
          end = index;
          // A fence is a run of backticks: hold the whole run.
          while (end > 0 && pending[end - 1] === '`') end--;
          break;
        }
      }
    }
    while (end > 0 && /\s/.test(pending[end - 1])) end--;
    if (this.blocked) this.pending = '';
    if (end === 0) return '';
    const piece = pending.slice(0, end);
    if (!this.blocked) this.pending = pending.slice(end);
    this.shownPieces.push(piece);
    this.shownLength += piece.length;
    return piece;
  }

  /**
   * The reply is complete and `prose` is what the parser says its visible text is: returns what
   * is still to be shown of it ('' when the shown text is not a prefix of it: it cannot be taken back).
   */
  finish(prose: string): string {
    const shown = this.shown;
    const trimmed = withoutPartialTag(prose.trimEnd(), this.tagNames);
    if (!trimmed.startsWith(shown) || trimmed.length <= shown.length) return '';
    const rest = trimmed.slice(shown.length);
    this.shownPieces.push(rest);
    this.shownLength += rest.length;
    this.pending = '';
    this.blocked = true;
    return rest;
  }
}

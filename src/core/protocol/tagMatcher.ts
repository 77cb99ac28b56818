/**
 * Recognises the protocol's call tags at a `<`: `<TOOL_CALL>` opens a call, `</TOOL_CALL>`
 * closes one. Every tag name the parser accepts counts (protocolTags() in tagNames.ts: the
 * configured tag first, then the built-in TOOL_CALL and PTK_CALL), in any case, with up to
 * three spaces inside the brackets, since models write `< TOOL_CALL >` and `</ tool_call>`.
 * An opening tag with something after its name (`<TOOL_CALL name="x">`) is reported as a tag
 * with attributes, so the parser can tell the model to write the tag bare.
 *
 * The matcher reads at most the longest tag name plus a few spaces past the `<`, and answers
 * 'need' when the text ends before it can decide: a tag split across streamed pieces is
 * decided once it is whole, with the same answer as in the whole reply.
 */
import * as charCodes from './charCodes';

// Module constants, not imported bindings: see charCodes.ts.
const {
  CHAR_DIGIT_NINE,
  CHAR_DIGIT_ZERO,
  CHAR_GREATER,
  CHAR_LOWER_A,
  CHAR_LOWER_Z,
  CHAR_NEWLINE,
  CHAR_SLASH,
  CHAR_SPACE,
  CHAR_UNDERSCORE,
  CHAR_UPPER_A,
  CHAR_UPPER_Z,
} = charCodes;

/** Spaces allowed after `<` or `</` and before `>`. */
const MAX_TAG_SPACES = 3;

/**
 * What stands at a `<`: an opening or closing call tag (its `length` from the `<` through the
 * `>`, its `name` upper-cased), an opening tag with attributes, nothing of ours (null), or
 * 'need' when the text ends before the answer is known and more may follow.
 */
type TagMatch = { kind: 'open' | 'close'; length: number; name: string } | { kind: 'attributes' } | null | 'need';

export class TagMatcher {
  private readonly names: ReadonlySet<string>;
  private readonly longestName: number;

  /** `tagNames`: the accepted tag names, compared in any case. */
  constructor(tagNames: readonly string[]) {
    this.names = new Set(tagNames.map((name) => name.toUpperCase()));
    this.longestName = Math.max(...tagNames.map((name) => name.length));
  }

  /** Matches the tag whose `<` is at `position`; `final` says no more text will follow. */
  match(text: string, position: number, final: boolean): TagMatch {
    const length = text.length;
    const need: TagMatch = final ? null : 'need';
    let index = position + 1;
    if (index >= length) return need;
    const closing = text.charCodeAt(index) === CHAR_SLASH;
    if (closing) index++;
    index = skipTagSpaces(text, index);
    const nameStart = index;
    while (index < length && index - nameStart <= this.longestName && isTagNameChar(text.charCodeAt(index))) index++;
    if (index >= length) return need;
    const name = text.slice(nameStart, index).toUpperCase();
    if (!this.names.has(name)) return null;
    const nameEnd = index;
    index = skipTagSpaces(text, index);
    if (index >= length) return need;
    const code = text.charCodeAt(index);
    if (code === CHAR_GREATER) return { kind: closing ? 'close' : 'open', length: index + 1 - position, name };
    if (!closing && code !== CHAR_NEWLINE && index > nameEnd) return { kind: 'attributes' };
    return null;
  }
}

/** The index after at most MAX_TAG_SPACES spaces from `index`. */
function skipTagSpaces(text: string, index: number): number {
  const limit = Math.min(text.length, index + MAX_TAG_SPACES);
  let position = index;
  while (position < limit && text.charCodeAt(position) === CHAR_SPACE) position++;
  return position;
}

function isTagNameChar(code: number): boolean {
  return (
    (code >= CHAR_UPPER_A && code <= CHAR_UPPER_Z) ||
    (code >= CHAR_LOWER_A && code <= CHAR_LOWER_Z) ||
    code === CHAR_UNDERSCORE ||
    (code >= CHAR_DIGIT_ZERO && code <= CHAR_DIGIT_NINE)
  );
}

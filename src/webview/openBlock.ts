/**
 * Text rules for the open block at the end of a streaming answer, so it can grow without being
 * rendered again whole: when an open fenced code block's shown code only gains characters, and
 * where an open paragraph can be cut so that the part before the cut renders the same now and
 * in any longer text. Each rule is conservative: when it cannot tell, the caller renders the
 * block whole, which is always right.
 */
import { Lexer, type Token, type Tokens } from 'marked';

/** The fence that opens `text` (a block start) with its header line complete, or undefined. */
export function openingFence(text: string): { fence: string; bodyStart: number } | undefined {
  const match = /^(`{3,}(?=[^`\n]*\n)|~{3,})[^\n]*\n/.exec(text);
  return match ? { fence: match[1], bodyStart: match[0].length } : undefined;
}

/** Whether `line` (without its line break) closes a code block opened by `fence`. */
export function closesFence(line: string, fence: string): boolean {
  if (!line.trimStart().startsWith(fence)) return false;
  const mark = fence[0] === '`' ? '`' : '~';
  return new RegExp(`^ {0,3}${mark}{${fence.length},} *$`).test(line);
}

/**
 * The code an open fenced block shows for `body` (the text after its header line, no closing
 * fence in it): the body with a line break ending its last line, nothing for an empty body.
 */
export function openFenceCode(body: string): string {
  return body === '' || body.endsWith('\n') ? body : `${body}\n`;
}

/** Whether a line still arriving might become a closing fence (only blanks and fence marks so far). */
export function mayCloseFence(line: string): boolean {
  return /^ {0,3}[`~]*$/.test(line);
}

/**
 * Whether the lines of `text` that got their first visible character at or after `from` all
 * continue a paragraph as plain text: none starts a heading, list, quote, fence, table row,
 * setext underline or HTML, and no complete blank line ends the paragraph. A line must start
 * with a letter or an opening quote/bracket to count (a conservative allowlist). Characters that
 * never occur in a rendered answer unchanged (\r, \0) also fail.
 */
export function plainLinesFrom(text: string, from: number): boolean {
  if (/[\r\0]/.test(text.slice(from))) return false;
  let start = text.lastIndexOf('\n', from - 1) + 1;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end < 0) end = text.length;
    let first = start;
    while (first < end && (text[first] === ' ' || text[first] === '\t')) first++;
    if (first === end) {
      if (end < text.length && end >= from) return false;
    } else if (first >= from && !/[\p{L}(["'“‘]/u.test(text[first])) return false;
    start = end + 1;
  }
  return true;
}

/**
 * The last place in `text` after `from` where an open paragraph may be cut: just after a single
 * space, before a letter, so both sides start like the start of a line. -1 when there is none.
 */
export function lastCutCandidate(text: string, from: number): number {
  for (let index = text.length - 1; index > from + 1; index--) {
    if (text[index - 1] === ' ' && text[index - 2] !== ' ' && text[index - 2] !== '\n' && /\p{L}/u.test(text[index])) return index;
  }
  return -1;
}

/**
 * Whether `segment` (paragraph text from a cut, ending with a space) renders the same whatever
 * follows it: it is one paragraph, and no delimiter in its plain text is left open for a later
 * character to close (backticks, brackets, a tag's `<`, emphasis or strike marks that could
 * open or close). Marks inside finished spans (code, links, emphasis) are closed already.
 */
export function closedParagraphSegment(segment: string): boolean {
  const tokens = Lexer.lex(segment, { gfm: true }).filter((token) => token.type !== 'space');
  if (tokens.length !== 1 || tokens[0].type !== 'paragraph') return false;
  return (tokens[0] as Tokens.Paragraph).tokens.every(closedInline);
}

function closedInline(token: Token): boolean {
  if (token.type === 'html') return false;
  if (token.type !== 'text') return true;
  const raw = token.raw;
  for (let index = 0; index < raw.length; index++) {
    const character = raw[index];
    if ('`[]'.includes(character)) return false;
    if (character === '<' && raw[index + 1] !== ' ') return false;
    if ('*_~'.includes(character) && !inertMark(raw, index)) return false;
  }
  return true;
}

/** A `*`, `_` or `~` that can neither open nor close a span: blanks on both sides, or `_` inside a word. */
function inertMark(raw: string, index: number): boolean {
  let end = index;
  while (raw[end] === raw[index]) end++;
  let start = index;
  while (start > 0 && raw[start - 1] === raw[index]) start--;
  const before = raw[start - 1];
  const after = raw[end];
  if (before === undefined || after === undefined) return false;
  if (/\s/.test(before) && /\s/.test(after)) return true;
  return raw[index] === '_' && /[\p{L}\p{N}]/u.test(before) && /[\p{L}\p{N}]/u.test(after);
}

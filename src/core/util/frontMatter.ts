/**
 * YAML front matter at the top of a Markdown file ("---\nkey: value\n---\nbody"), the header
 * that rule files, prompt files, chat modes and slash commands share. Split and parsed here
 * once; each reader decides what a missing, unclosed or invalid header means for its files.
 * Parsed with js-yaml's JSON schema: plain values only (no dates, no custom tags).
 */
import { JSON_SCHEMA, load } from 'js-yaml';

/** What the top of a file holds. */
export type FrontMatter =
  /** No header: `body` is the whole text (a leading byte-order mark dropped). */
  | { status: 'none'; body: string }
  /** A `---` opening line with no closing `---` line. */
  | { status: 'unclosed'; body: string }
  /** A closed header that is not valid YAML; `problem` is the parser's first line, `header` its text. */
  | { status: 'invalid'; header: string; body: string; problem: string }
  /** A closed, valid header: `data` as YAML gives it (any value, possibly null), `header` its text, `body` after it. */
  | { status: 'ok'; header: string; data: unknown; body: string };

const CLOSED = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;
const OPENING = /^---[ \t]*\r?\n/;

/** Splits `text` into its front matter and body; never throws. */
export function readFrontMatter(text: string): FrontMatter {
  const unmarked = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const match = CLOSED.exec(unmarked);
  if (!match) return OPENING.test(unmarked) ? { status: 'unclosed', body: unmarked } : { status: 'none', body: unmarked };
  const body = unmarked.slice(match[0].length);
  const header = match[1] ?? '';
  try {
    return { status: 'ok', header, data: load(header, { schema: JSON_SCHEMA }), body };
  } catch (error) {
    return { status: 'invalid', header, body, problem: (error as Error).message.split('\n')[0]! };
  }
}

/**
 * A call tag cut off in its first letters at the end of a finished reply ("\n\n<", "<TOOL_CAL"):
 * the parser keeps it as prose (it never became a tag), but it is the start of a call the reply
 * never finished, so a sink that shows the reply's prose leaves it out.
 */

/** Longest tail looked at: a tag name is at most 32 characters, with `<`, `/` and spaces around. */
const PARTIAL_TAG_MAX_CHARS = 40;

/**
 * The end of `text` without a call tag (one of `tagNames`, any case) cut off in its first
 * letters, spelt as the tag matcher reads tags (tagMatcher.ts: `/` right after `<`, then up to
 * three spaces): what the scanner held back as a tag still arriving, so text already shown
 * never holds it.
 */
export function withoutPartialTag(text: string, tagNames: readonly string[]): string {
  const start = text.lastIndexOf('<');
  if (start < 0 || text.length - start > PARTIAL_TAG_MAX_CHARS) return text;
  const tail = text.slice(start + 1).replace(/^\/?[ ]{0,3}/, '').toUpperCase();
  if (!/^[A-Z0-9_]*$/.test(tail) || !tagNames.some((name) => name.toUpperCase().startsWith(tail))) return text;
  return text.slice(0, start).trimEnd();
}

/**
 * A unified diff ("--- a/path", "+++ b/path", "@@ -l,n +l,n @@" hunks with three lines of
 * context) of two texts, as `git diff` prints it: what a reviewer reads. The line matching is
 * jsdiff's (Myers); past `maxEditLength` edits the file is shown as all removed then all added
 * (still a correct diff, only less fine), so a huge rewrite costs bounded time.
 */
import { structuredPatch, type StructuredPatchHunk } from 'diff';

/** Lines of unchanged context around each change. */
const CONTEXT_LINES = 3;
/** Most edits (lines removed + added) the line matching looks for before giving up. */
const DEFAULT_MAX_EDIT_LENGTH = 5_000;

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** "@@ -start,count +start,count @@" as git writes it (an empty side starts at the line before; a count of 1 is left out). */
function hunkHeader({ oldStart, oldLines, newStart, newLines }: StructuredPatchHunk): string {
  const side = (start: number, count: number) => `${count === 0 ? start - 1 : start}${count === 1 ? '' : `,${count}`}`;
  return `@@ -${side(oldStart, oldLines)} +${side(newStart, newLines)} @@`;
}

/** The whole file as one hunk: every old line removed, every new line added. */
function wholeReplacement(before: string, after: string): StructuredPatchHunk[] {
  const removed = splitLines(before);
  const added = splitLines(after);
  return [{ oldStart: 1, oldLines: removed.length, newStart: 1, newLines: added.length, lines: [...removed.map((line) => `-${line}`), ...added.map((line) => `+${line}`)] }];
}

/**
 * The unified diff of one file: `before` undefined means the file was created, `after`
 * undefined that it was deleted. Empty when the texts are the same.
 */
export function unifiedDiff(path: string, before: string | undefined, after: string | undefined, maxEditLength = DEFAULT_MAX_EDIT_LENGTH): string {
  if (before === after) return '';
  const oldText = before ?? '';
  const newText = after ?? '';
  const hunks = structuredPatch(path, path, oldText, newText, '', '', { context: CONTEXT_LINES, maxEditLength })?.hunks ?? wholeReplacement(oldText, newText);
  if (hunks.length === 0) return '';
  const lines = [before === undefined ? '--- /dev/null' : `--- a/${path}`, after === undefined ? '+++ /dev/null' : `+++ b/${path}`];
  for (const hunk of hunks) lines.push(hunkHeader(hunk), ...hunk.lines);
  return `${lines.join('\n')}\n`;
}

/**
 * A unified diff ("--- a/path", "+++ b/path", "@@ -l,n +l,n @@" hunks with three lines of
 * context) of two texts, as `git diff` prints it: what a reviewer reads. The line matching is a
 * longest common subsequence over the lines between the common head and tail; past
 * `maxCells` cells of that table the middle is shown as all removed then all added (still a
 * correct diff, only less fine), so a huge rewrite costs bounded time and memory.
 */

/** Lines of unchanged context around each change. */
const CONTEXT_LINES = 3;
/** Largest LCS table (lines before × lines after of the changed middle) computed. */
const DEFAULT_MAX_CELLS = 4_000_000;

type Edit = { kind: ' ' | '-' | '+'; line: string };

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** The edit script turning `before` into `after`, line by line. */
function lineEdits(before: readonly string[], after: readonly string[], maxCells: number): Edit[] {
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (tail < before.length - head && tail < after.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  const removed = before.slice(head, before.length - tail);
  const added = after.slice(head, after.length - tail);
  const edits: Edit[] = before.slice(0, head).map((line) => ({ kind: ' ', line }));
  if (removed.length * added.length > maxCells || removed.length === 0 || added.length === 0) {
    edits.push(...removed.map((line): Edit => ({ kind: '-', line })), ...added.map((line): Edit => ({ kind: '+', line })));
  } else {
    // lengths[i][j]: the LCS length of removed[i..] and added[j..].
    const width = added.length + 1;
    const lengths = new Uint32Array((removed.length + 1) * width);
    for (let i = removed.length - 1; i >= 0; i--) {
      for (let j = added.length - 1; j >= 0; j--) {
        lengths[i * width + j] = removed[i] === added[j] ? lengths[(i + 1) * width + j + 1]! + 1 : Math.max(lengths[(i + 1) * width + j]!, lengths[i * width + j + 1]!);
      }
    }
    let i = 0;
    let j = 0;
    while (i < removed.length || j < added.length) {
      if (i < removed.length && j < added.length && removed[i] === added[j]) {
        edits.push({ kind: ' ', line: removed[i]! });
        i++;
        j++;
      } else if (j >= added.length || (i < removed.length && lengths[(i + 1) * width + j]! >= lengths[i * width + j + 1]!)) {
        edits.push({ kind: '-', line: removed[i++]! });
      } else {
        edits.push({ kind: '+', line: added[j++]! });
      }
    }
  }
  edits.push(...before.slice(before.length - tail).map((line): Edit => ({ kind: ' ', line })));
  return edits;
}

/** "@@ -start,count +start,count @@" as git writes it (an empty side starts at the line before). */
function hunkHeader(beforeStart: number, beforeCount: number, afterStart: number, afterCount: number): string {
  const side = (start: number, count: number) => `${count === 0 ? start - 1 : start}${count === 1 ? '' : `,${count}`}`;
  return `@@ -${side(beforeStart, beforeCount)} +${side(afterStart, afterCount)} @@`;
}

/**
 * The unified diff of one file: `before` undefined means the file was created, `after`
 * undefined that it was deleted. Empty when the texts are the same.
 */
export function unifiedDiff(path: string, before: string | undefined, after: string | undefined, maxCells = DEFAULT_MAX_CELLS): string {
  if (before === after) return '';
  const edits = lineEdits(splitLines(before ?? ''), splitLines(after ?? ''), maxCells);
  const changed = edits.flatMap((edit, index) => (edit.kind === ' ' ? [] : [index]));
  if (changed.length === 0) return '';
  const lines = [before === undefined ? '--- /dev/null' : `--- a/${path}`, after === undefined ? '+++ /dev/null' : `+++ b/${path}`];
  // Changes closer than twice the context share a hunk.
  let start = 0;
  while (start < changed.length) {
    let end = start;
    while (end + 1 < changed.length && changed[end + 1]! - changed[end]! <= 2 * CONTEXT_LINES + 1) end++;
    const from = Math.max(0, changed[start]! - CONTEXT_LINES);
    const to = Math.min(edits.length, changed[end]! + CONTEXT_LINES + 1);
    const beforeStart = edits.slice(0, from).filter((edit) => edit.kind !== '+').length + 1;
    const afterStart = edits.slice(0, from).filter((edit) => edit.kind !== '-').length + 1;
    const hunk = edits.slice(from, to);
    lines.push(hunkHeader(beforeStart, hunk.filter((edit) => edit.kind !== '+').length, afterStart, hunk.filter((edit) => edit.kind !== '-').length));
    for (const edit of hunk) lines.push(`${edit.kind}${edit.line}`);
    start = end + 1;
  }
  return `${lines.join('\n')}\n`;
}

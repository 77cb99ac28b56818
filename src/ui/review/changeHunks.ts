/**
 * The changes between two texts as line hunks a reviewer keeps or undoes one by one: each hunk
 * is a run of lines the change removed and the lines it put in their place, with no context
 * around it (two changes a line apart are two hunks). Lines keep their terminators ("\n" or
 * "\r\n"), so undoing a hunk puts back exactly the earlier bytes of those lines, the final
 * newline or its absence included. The line matching is jsdiff's (Myers).
 */
import { diffArrays } from 'diff';

export interface ChangeHunk {
  /** Index (0-based) of the hunk's first line in the earlier text. */
  oldStart: number;
  /** The earlier text's lines the change replaced (none: lines were added). */
  oldLines: string[];
  /** Index (0-based) of the hunk's first line in the later text. */
  newStart: number;
  /** The lines the change put there (none: lines were removed). */
  newLines: string[];
}

/** Most edits (lines removed + added) the matching looks for before treating the file as rewritten. */
const MAX_EDIT_LENGTH = 5_000;

/** The text's lines, each with its terminator (the last one may have none). */
export function linesOf(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** The hunks that turn `before` into `after` (undefined: the text did not exist, same as empty). */
export function changeHunks(before: string | undefined, after: string | undefined): ChangeHunk[] {
  const oldLines = linesOf(before ?? '');
  const newLines = linesOf(after ?? '');
  const changes = diffArrays(oldLines, newLines, { maxEditLength: MAX_EDIT_LENGTH });
  if (!changes) return oldLines.length + newLines.length === 0 ? [] : [{ oldStart: 0, oldLines, newStart: 0, newLines }];
  const hunks: ChangeHunk[] = [];
  let oldIndex = 0;
  let newIndex = 0;
  let open: ChangeHunk | undefined;
  for (const change of changes) {
    if (!change.added && !change.removed) {
      oldIndex += change.count;
      newIndex += change.count;
      open = undefined;
      continue;
    }
    open ??= hunks[hunks.push({ oldStart: oldIndex, oldLines: [], newStart: newIndex, newLines: [] }) - 1];
    if (change.removed) {
      open!.oldLines.push(...change.value);
      oldIndex += change.count;
    } else {
      open!.newLines.push(...change.value);
      newIndex += change.count;
    }
  }
  return hunks;
}

/** Where one hunk sits in a text, as character offsets [start, end), and the text that goes there. */
export interface TextReplacement {
  start: number;
  end: number;
  text: string;
}

function offsetOfLine(lines: readonly string[], index: number): number {
  let offset = 0;
  for (let line = 0; line < index; line++) offset += lines[line]!.length;
  return offset;
}

/** Undoing `hunk` in `after` (the text the hunk was computed against): its new lines give way to its old ones. */
export function undoReplacement(after: string, hunk: ChangeHunk): TextReplacement {
  const lines = linesOf(after);
  const start = offsetOfLine(lines, hunk.newStart);
  return { start, end: start + hunk.newLines.join('').length, text: hunk.oldLines.join('') };
}

/** Keeping `hunk` in `before` (the text the hunk was computed from): its old lines give way to its new ones. */
export function keepReplacement(before: string, hunk: ChangeHunk): TextReplacement {
  const lines = linesOf(before);
  const start = offsetOfLine(lines, hunk.oldStart);
  return { start, end: start + hunk.oldLines.join('').length, text: hunk.newLines.join('') };
}

export function applyReplacement(text: string, replacement: TextReplacement): string {
  return text.slice(0, replacement.start) + replacement.text + text.slice(replacement.end);
}

/** Lines added and removed from `before` to `after` (as `git diff --stat` counts them). */
export function changeCounts(before: string | undefined, after: string | undefined): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const hunk of changeHunks(before, after)) {
    added += hunk.newLines.length;
    removed += hunk.oldLines.length;
  }
  return { added, removed };
}

/** Two hunks are the same change (a command's argument against the hunks computed again now). */
export function sameHunk(left: ChangeHunk, right: ChangeHunk): boolean {
  const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((line, index) => line === b[index]);
  return left.oldStart === right.oldStart && left.newStart === right.newStart && same(left.oldLines, right.oldLines) && same(left.newLines, right.newLines);
}

/** The hunk's lines as the later text numbers them (1-based), for a label: "lines 3–5", "line 3", "after line 2". */
export function hunkLines(hunk: ChangeHunk): string {
  if (hunk.newLines.length === 0) return hunk.newStart === 0 ? 'at the start' : `after line ${hunk.newStart}`;
  const first = hunk.newStart + 1;
  const last = hunk.newStart + hunk.newLines.length;
  return first === last ? `line ${first}` : `lines ${first}–${last}`;
}

/**
 * edit_file's search/replace engine: exact match first, then a whitespace-tolerant match of
 * whole lines. Pure: the edits are applied in memory and the new text is returned only if
 * every edit matched exactly once, so a failed edit never changes (or empties) the file.
 */
import { PTKErrorCode, WorkspaceError } from '../../core/errors';

/** One search/replace pair. */
interface TextEdit {
  search: string;
  replace: string;
}

/** How one edit matched. */
export type EditMatchKind = 'exact' | 'whitespace';

/** Result of `applyEdits`. */
interface AppliedEdits {
  content: string;
  matches: EditMatchKind[];
}

function countOccurrences(haystack: string, needle: string): { count: number; first: number } {
  let count = 0;
  let first = -1;
  let from = 0;
  for (;;) {
    const index = haystack.indexOf(needle, from);
    if (index === -1) break;
    if (first === -1) first = index;
    count++;
    from = index + 1;
  }
  return { count, first };
}

function normaliseLine(line: string): string {
  return line.trim().replace(/\s+/g, ' ');
}

function leadingWhitespace(line: string): string {
  return /^[ \t]*/.exec(line)![0];
}

/** Splits keeping track of each line's start offset. */
function linesWithOffsets(text: string): { line: string; start: number; end: number }[] {
  const result: { line: string; start: number; end: number }[] = [];
  let start = 0;
  for (;;) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    result.push({ line: text.slice(start, end).replace(/\r$/, ''), start, end: text[end - 1] === '\r' ? end - 1 : end });
    if (newline === -1) break;
    start = newline + 1;
  }
  return result;
}

function describeEdit(index: number, total: number): string {
  return total > 1 ? `Edit ${index + 1} of ${total}` : 'The edit';
}

/**
 * Applies the edits one after another. Throws WorkspaceError EDIT_NO_MATCH (the search text
 * is not in the file) or EDIT_AMBIGUOUS (it is there more than once) naming the edit; the
 * input is never modified.
 */
export function applyEdits(original: string, edits: readonly TextEdit[]): AppliedEdits {
  const eol = original.includes('\r\n') ? '\r\n' : '\n';
  let content = original;
  const matches: EditMatchKind[] = [];
  edits.forEach((edit, index) => {
    const label = describeEdit(index, edits.length);
    const search = edit.search.replace(/\r\n/g, '\n').split('\n').join(eol);
    const replace = edit.replace.replace(/\r\n/g, '\n').split('\n').join(eol);
    if (search.length === 0) {
      throw new WorkspaceError(`${label}: "search" is empty; copy the exact text to replace from the file (use write_file to create a file).`, { code: PTKErrorCode.EDIT_NO_MATCH, context: { editIndex: index } });
    }
    const exact = countOccurrences(content, search);
    if (exact.count === 1) {
      content = content.slice(0, exact.first) + replace + content.slice(exact.first + search.length);
      matches.push('exact');
      return;
    }
    if (exact.count > 1) {
      throw new WorkspaceError(`${label}: the search text occurs ${exact.count} times in the file; add surrounding lines so it matches exactly once. Nothing was changed.`, { code: PTKErrorCode.EDIT_AMBIGUOUS, context: { editIndex: index, occurrences: exact.count } });
    }
    // Whitespace-tolerant: compare whole lines with indentation and inner runs of spaces ignored.
    const searchLines = search.split(eol).map((line) => line.replace(/\r$/, ''));
    while (searchLines.length > 1 && searchLines[searchLines.length - 1]!.trim() === '') searchLines.pop();
    while (searchLines.length > 1 && searchLines[0]!.trim() === '') searchLines.shift();
    const wanted = searchLines.map(normaliseLine);
    const fileLines = linesWithOffsets(content);
    const found: number[] = [];
    for (let start = 0; start + wanted.length <= fileLines.length; start++) {
      let same = true;
      for (let offset = 0; offset < wanted.length; offset++) {
        if (normaliseLine(fileLines[start + offset]!.line) !== wanted[offset]) {
          same = false;
          break;
        }
      }
      if (same) found.push(start);
    }
    if (found.length === 0 || wanted.every((line) => line === '')) {
      throw new WorkspaceError(`${label}: the search text was not found in the file (not even ignoring whitespace). Read the file again and copy the lines exactly. Nothing was changed.`, { code: PTKErrorCode.EDIT_NO_MATCH, context: { editIndex: index } });
    }
    if (found.length > 1) {
      throw new WorkspaceError(`${label}: the search text matches ${found.length} places when whitespace is ignored; add surrounding lines so it matches exactly once. Nothing was changed.`, { code: PTKErrorCode.EDIT_AMBIGUOUS, context: { editIndex: index, occurrences: found.length } });
    }
    const first = fileLines[found[0]!]!;
    const last = fileLines[found[0]! + wanted.length - 1]!;
    // Re-indent the replacement by the difference between the file's and the search's indentation.
    const searchIndent = leadingWhitespace(searchLines[0]!);
    const fileIndent = leadingWhitespace(first.line);
    const replaceLines = replace.split(eol);
    const reindented = searchIndent !== fileIndent && replaceLines.every((line) => line === '' || line.startsWith(searchIndent))
      ? replaceLines.map((line) => (line === '' ? line : fileIndent + line.slice(searchIndent.length)))
      : replaceLines;
    content = content.slice(0, first.start) + reindented.join(eol) + content.slice(last.end);
    matches.push('whitespace');
  });
  return { content, matches };
}

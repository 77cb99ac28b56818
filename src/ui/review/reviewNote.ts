/**
 * What the user undid while reviewing a task's changes, told to the model with the
 * conversation's next message: the model's picture of the files is otherwise its own writes.
 * The notes wait per conversation until its next prompt takes them.
 */
import type { ChangeHunk } from './changeHunks';

/** One undo: a hunk of a file, or a whole file (put back as it was before the task, or deleted when the task created it). */
export type UndoneChange = { path: string; hunk: ChangeHunk } | { path: string; wholeFile: 'restored' | 'deleted' };

const lineRange = (first: number, count: number) => (count === 1 ? `line ${first}` : `lines ${first}–${first + count - 1}`);
const lineCount = (count: number) => (count === 1 ? '1 line' : `${count} lines`);

/** One undo in the file's numbering after it. */
function describe(change: UndoneChange): string {
  if ('wholeFile' in change) return change.wholeFile === 'deleted' ? `${change.path}: deleted (the file you created was removed)` : `${change.path}: the whole file is back as it was before your changes`;
  const { hunk } = change;
  if (hunk.oldLines.length === 0) return `${change.path}: removed what you added ${hunk.newStart === 0 ? 'at the start' : `after line ${hunk.newStart}`} (${lineCount(hunk.newLines.length)})`;
  const replaced = hunk.newLines.length === 0 ? 'you had removed them' : hunk.newLines.length === 1 ? 'your line there was undone' : `your ${hunk.newLines.length} lines there were undone`;
  return `${change.path} ${lineRange(hunk.newStart + 1, hunk.oldLines.length)}: back as before your change (${replaced})`;
}

/** The note for the model; empty when nothing was undone. */
export function reviewNote(changes: readonly UndoneChange[]): string {
  if (changes.length === 0) return '';
  return ['[Review] The user reviewed your changes and undid some of them; read a file again before editing it:', ...changes.map((change) => `- ${describe(change)}`)].join('\n');
}

/** The undone changes not yet told to the model, per conversation. */
export class ReviewNotes {
  private readonly pending = new Map<string, UndoneChange[]>();

  add(conversationId: string, change: UndoneChange): void {
    const list = this.pending.get(conversationId) ?? [];
    // A whole-file undo replaces the file's earlier hunk undos: the file is as it was.
    const kept = 'wholeFile' in change ? list.filter((earlier) => earlier.path !== change.path) : list;
    this.pending.set(conversationId, [...kept, change]);
  }

  /** The note for the conversation's next prompt (empty: nothing undone); the notes are then told. */
  take(conversationId: string): string {
    const note = reviewNote(this.pending.get(conversationId) ?? []);
    this.pending.delete(conversationId);
    return note;
  }
}

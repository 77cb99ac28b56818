/**
 * A task's end-of-task line after the user undid some of its changes in a review: the files it
 * still changed with their +/− counts now, or, when every file is back as before the task, the
 * same "Undone" line the task's Undo all leaves. Pure.
 */
import type { ChatEvent, ChatItem, FileChangeCount } from '../../shared/chat/protocol';

type TaskLine = Extract<ChatItem, { kind: 'checkpoint' }>;

/**
 * The event that redraws `line` from `counts` (every text file of the task, counted from its
 * content before the task to now); undefined when the line already says it. A file without a
 * count (binary, or its content before the task was not kept) is taken as still changed.
 */
export function taskLineAfterReview(line: TaskLine, counts: readonly FileChangeCount[]): ChatEvent | undefined {
  if (line.scope !== 'task' || line.undone) return undefined;
  const countOf = new Map(counts.map((count) => [count.path, count]));
  const changed = (path: string): boolean => {
    const count = countOf.get(path);
    return count === undefined || count.added + count.removed > 0;
  };
  const files = line.files.filter(changed);
  const kept = counts.filter((count) => files.includes(count.path));
  const base = { type: 'checkpoint', id: line.id, scope: 'task', taskId: line.taskId, notes: line.notes } as const;
  if (files.length === 0) return { ...base, files: line.files, undone: line.files };
  const same = files.length === line.files.length && JSON.stringify(kept) === JSON.stringify(line.counts ?? []);
  return same ? undefined : { ...base, files, ...(kept.length > 0 ? { counts: kept } : {}) };
}

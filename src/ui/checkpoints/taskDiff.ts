/**
 * What one chat task changed, as a unified diff: each file its checkpoints recorded (the
 * files "Undo all changes of this task" would put back), from its saved content before the
 * task to what the file holds now. A file whose earlier content was not saved (size caps), or
 * that is not text, is named on one line instead of diffed.
 */
import { unifiedDiff } from '../../core/util/unifiedDiff';
import type { FileChangeCount } from '../../shared/chat/protocol';
import { changeCounts } from '../review/changeHunks';
import type { CheckpointStore } from './checkpointStore';
import { planRestore } from './restorePlan';

/** Where the task's files are read from. */
export interface TaskDiffSources {
  store: Pick<CheckpointStore, 'load' | 'readBlob'>;
  /** A file's bytes now; undefined when it does not exist. */
  readFile(path: string): Promise<Uint8Array | undefined>;
  /** The path as the user knows it (relative to the workspace folder). */
  displayPath(path: string): string;
}

/** The bytes as text, or undefined when they are not UTF-8 text (a NUL byte, invalid UTF-8). */
function textOf(bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** One file a task changed: its text before the task and now (undefined: the file did not exist), or why it has none. */
export type TaskFileChange =
  | { kind: 'text'; path: string; displayPath: string; before: string | undefined; after: string | undefined; beforeBytes: Uint8Array | undefined }
  | { kind: 'binary'; path: string; displayPath: string; created: boolean; deleted: boolean }
  | { kind: 'unkept'; path: string; displayPath: string };

/**
 * The files task `taskId` of conversation `conversationId` changed, from their saved content
 * before the task to what they hold now; empty when it changed none (or its checkpoints are no
 * longer kept).
 */
export async function taskFileChanges(sources: TaskDiffSources, conversationId: string, taskId: string): Promise<TaskFileChange[]> {
  const log = sources.store.load(conversationId);
  const plan = planRestore(log, { scope: 'task', taskId });
  if (!plan) return [];
  const changes: TaskFileChange[] = [];
  for (const entry of plan.entries) {
    const displayPath = sources.displayPath(entry.path);
    const before = entry.target.exists ? await sources.store.readBlob(conversationId, log, entry.target.sha256) : undefined;
    const after = await sources.readFile(entry.path);
    if (entry.target.exists && !before) {
      changes.push({ kind: 'unkept', path: entry.path, displayPath });
      continue;
    }
    const beforeText = before && textOf(before);
    const afterText = after && textOf(after);
    if ((before && beforeText === undefined) || (after && afterText === undefined)) changes.push({ kind: 'binary', path: entry.path, displayPath, created: !before, deleted: !after });
    else changes.push({ kind: 'text', path: entry.path, displayPath, before: beforeText, after: afterText, beforeBytes: before });
  }
  for (const path of plan.unrestorable) changes.push({ kind: 'unkept', path, displayPath: sources.displayPath(path) });
  return changes;
}

/** The +/− line counts of each text file task `taskId` changed, from its content before the task to now. */
export async function taskChangeCounts(sources: TaskDiffSources, conversationId: string, taskId: string): Promise<FileChangeCount[]> {
  const changes = await taskFileChanges(sources, conversationId, taskId);
  return changes.flatMap((change) => (change.kind === 'text' ? [{ path: change.displayPath, ...changeCounts(change.before, change.after) }] : []));
}

/**
 * The diff of task `taskId` of conversation `conversationId`; an empty string when the task
 * changed no file (or its checkpoints are no longer kept).
 */
export async function taskDiff(sources: TaskDiffSources, conversationId: string, taskId: string): Promise<string> {
  const parts = (await taskFileChanges(sources, conversationId, taskId)).map((change) => {
    if (change.kind === 'unkept') return `(${change.displayPath}: changed; its content before the task was not kept)\n`;
    if (change.kind === 'binary') return `(${change.displayPath}: binary file ${change.created ? 'created' : change.deleted ? 'deleted' : 'changed'})\n`;
    return unifiedDiff(change.displayPath, change.before, change.after);
  });
  return parts.join('');
}

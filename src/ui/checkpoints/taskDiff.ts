/**
 * What one chat task changed, as a unified diff: each file its checkpoints recorded (the
 * files "Undo all changes of this task" would put back), from its saved content before the
 * task to what the file holds now. A file whose earlier content was not saved (size caps), or
 * that is not text, is named on one line instead of diffed.
 */
import { unifiedDiff } from '../../core/util/unifiedDiff';
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

/**
 * The diff of task `taskId` of conversation `conversationId`; an empty string when the task
 * changed no file (or its checkpoints are no longer kept).
 */
export async function taskDiff(sources: TaskDiffSources, conversationId: string, taskId: string): Promise<string> {
  const log = sources.store.load(conversationId);
  const plan = planRestore(log, { scope: 'task', taskId });
  if (!plan) return '';
  const parts: string[] = [];
  for (const entry of plan.entries) {
    const path = sources.displayPath(entry.path);
    const before = entry.target.exists ? await sources.store.readBlob(conversationId, log, entry.target.sha256) : undefined;
    const after = await sources.readFile(entry.path);
    if (entry.target.exists && !before) {
      parts.push(`(${path}: changed; its content before the task was not kept)\n`);
      continue;
    }
    const beforeText = before && textOf(before);
    const afterText = after && textOf(after);
    if ((before && beforeText === undefined) || (after && afterText === undefined)) {
      parts.push(`(${path}: binary file ${!before ? 'created' : !after ? 'deleted' : 'changed'})\n`);
      continue;
    }
    parts.push(unifiedDiff(path, beforeText, afterText));
  }
  for (const path of plan.unrestorable) parts.push(`(${sources.displayPath(path)}: changed; its content before the task was not kept)\n`);
  return parts.join('');
}

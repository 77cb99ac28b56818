/**
 * What restoring a checkpoint means, as a pure function of the conversation's checkpoint log.
 *
 * - A turn's "Restore checkpoint" puts every file changed from that turn on (that turn, the
 *   later turns, the later tasks) back to its state before that turn.
 * - A task's "Undo all changes of this task" puts the files that task changed back to their
 *   state before the task (later tasks' other files are left alone).
 *
 * A file's target is its state in the first of those checkpoints that mentions it. Files the
 * tasks left as they were are not part of the plan. A restore must not overwrite work done
 * outside the tasks: `findConflicts` compares each file with what the tasks last wrote to it.
 */
import { checkpointsOfTask, sameFingerprint, type CheckpointLog, type FileFingerprint, type TurnCheckpoint } from './checkpointLog';

export type RestoreTarget = { scope: 'turn'; checkpointId: string } | { scope: 'task'; taskId: string };

export interface RestoreEntry {
  path: string;
  /** The state the file goes back to. */
  target: FileFingerprint;
  /** What the tasks last left in the file (undefined: unknown). */
  expected: FileFingerprint | undefined;
}

interface RestorePlan {
  /** The first checkpoint restored: a truncation removes it and everything after it. */
  first: TurnCheckpoint;
  entries: RestoreEntry[];
  /** Files changed in that span whose earlier state was not saved: they stay as they are. */
  unrestorable: string[];
}

/** What a file holds now, and whether an editor has unsaved changes to it. */
export interface CurrentFileState {
  fingerprint: FileFingerprint;
  unsavedEdits: boolean;
}

/** The plan for a target; undefined when its checkpoints are no longer kept. */
export function planRestore(log: CheckpointLog, target: RestoreTarget): RestorePlan | undefined {
  let checkpoints: TurnCheckpoint[];
  if (target.scope === 'turn') {
    const start = log.checkpoints.findIndex((checkpoint) => checkpoint.id === target.checkpointId);
    checkpoints = start === -1 ? [] : log.checkpoints.slice(start);
  } else {
    checkpoints = checkpointsOfTask(log, target.taskId);
  }
  if (checkpoints.length === 0) return undefined;
  const targets = new Map<string, FileFingerprint | 'unsaved'>();
  for (const checkpoint of checkpoints) {
    for (const [path, state] of Object.entries(checkpoint.before)) if (!targets.has(path)) targets.set(path, state);
    for (const path of checkpoint.unsaved) if (!targets.has(path)) targets.set(path, 'unsaved');
  }
  const entries: RestoreEntry[] = [];
  const unrestorable: string[] = [];
  for (const [path, state] of targets) {
    if (state === 'unsaved') unrestorable.push(path);
    else if (!sameFingerprint(state, log.lastKnown[path])) entries.push({ path, target: state, expected: log.lastKnown[path] });
  }
  return { first: checkpoints[0]!, entries, unrestorable };
}

/** The entries the restore would change: those whose file is not already in its target state. */
export function entriesToApply(entries: readonly RestoreEntry[], current: ReadonlyMap<string, CurrentFileState>): RestoreEntry[] {
  return entries.filter((entry) => {
    const now = current.get(entry.path);
    return !now || now.unsavedEdits || !sameFingerprint(now.fingerprint, entry.target);
  });
}

/** The entries whose file changed outside the tasks since they last wrote it (or has unsaved edits). */
export function findConflicts(entries: readonly RestoreEntry[], current: ReadonlyMap<string, CurrentFileState>): RestoreEntry[] {
  return entries.filter((entry) => {
    const now = current.get(entry.path);
    return !now || now.unsavedEdits || !sameFingerprint(now.fingerprint, entry.expected);
  });
}

/**
 * Records checkpoints while a chat task runs. The session tells it which task and which model
 * turn is running; the checkpointing workspace (checkpointingWorkspace.ts) calls it around every
 * write and every command. Before the first change of a turn it opens the turn's checkpoint and
 * saves the state of every file the task touched so far; before each file's first change in
 * the turn it saves that file's state (absent for a new file). A command that may write is
 * bracketed by two workspace snapshots (workspaceSnapshot.ts), and each file it changed gets its
 * earlier state from the first one. After every change it notes what the file now holds (what
 * the task last wrote), which a restore compares with the disk. Nothing here touches git.
 */
import { errorMessage } from '../../core/errors';
import type { CommandResult, Workspace } from '../../core/workspace';
import type { FileChangeCount } from '../../shared/chat/protocol';
import { canonicalRootsOf, displayPathFor } from '../../tools/pathSafety';
import { checkpointsOfTask, fingerprintOf, sameFingerprint, type CheckpointLog, type FileFingerprint, type TurnCheckpoint } from './checkpointLog';
import type { CheckpointStore } from './checkpointStore';
import { taskConversation } from '../taskConversation';
import { commandMayWrite } from './readOnlyCommands';
import { taskChangeCounts } from './taskDiff';
import { findChanges, takeSnapshot, type SnapshotLimits, type WorkspaceChange, type WorkspaceSnapshot } from './workspaceSnapshot';

const DEFAULT_CHECKPOINT_LIMITS: SnapshotLimits = {
  maxFiles: 20_000,
  maxBytes: 32 * 1024 * 1024,
  maxFileBytes: 8 * 1024 * 1024,
};

/** A turn's checkpoint as the chat shows it. */
export interface CheckpointUpdate {
  checkpointId: string;
  turn: number;
  /** The files the turn changed, as workspace paths. */
  files: string[];
  notes: string[];
}

/** What a whole task changed (the task-level "Undo all changes of this task"). */
interface TaskChanges {
  files: string[];
  notes: string[];
  /** Lines added and removed in each text file the task changed (workspace paths). */
  counts: FileChangeCount[];
}

/** The session's side of the checkpoints: which task and which turn is running. */
export interface TaskCheckpoints {
  startTask(conversationId: string, taskId: string, onUpdate: (update: CheckpointUpdate) => void): void;
  /** A model turn of the task of `conversationId` begins (its reply is in; its tools are about to run). */
  startTurn(turn: number, transcriptLength: number, conversationId?: string): void;
  /** The task of `conversationId` ended: saves what is pending and tells what the task changed (undefined: nothing). */
  finishTask(conversationId?: string): Promise<TaskChanges | undefined>;
}

interface CheckpointRecorderOptions {
  /** The undecorated workspace: the recorder's own reads are never recorded. */
  workspace: Workspace;
  store: CheckpointStore;
  /** Globs never read into a checkpoint (the tools' deny list: secrets). */
  exclude?: () => readonly string[];
  limits?: Partial<SnapshotLimits>;
  now?: () => number;
  createId?: () => string;
  log?: (line: string) => void;
}

interface ActiveTask {
  conversationId: string;
  taskId: string;
  log: CheckpointLog;
  onUpdate: (update: CheckpointUpdate) => void;
  turn: number;
  transcriptLength: number;
  /** The running turn's checkpoint, once the turn changes something. */
  checkpoint?: TurnCheckpoint;
  /** Files of the running turn's checkpoint whose earlier state could not be saved. */
  unsavable: Set<string>;
  /** Every file the task wrote or saw a command change. */
  touched: Set<string>;
  canonicalRoots?: string[];
  /** The last command's "after" snapshot: contents the next command need not read again. */
  lastSnapshot?: WorkspaceSnapshot;
}

let idCounter = 0;
function defaultId(): string {
  return `cp${Date.now().toString(36)}${(++idCounter).toString(36)}`;
}

export class CheckpointRecorder implements TaskCheckpoints {
  /** The running tasks, by conversation: conversations of the chat view run tasks at once. */
  private readonly tasks = new Map<string, ActiveTask>();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly limits: SnapshotLimits;
  private readonly workspace: Workspace;

  constructor(private readonly options: CheckpointRecorderOptions) {
    this.workspace = options.workspace;
    this.limits = { ...DEFAULT_CHECKPOINT_LIMITS, ...options.limits };
  }

  startTask(conversationId: string, taskId: string, onUpdate: (update: CheckpointUpdate) => void): void {
    this.tasks.set(conversationId, { conversationId, taskId, log: this.options.store.load(conversationId), onUpdate, turn: 0, transcriptLength: 0, unsavable: new Set(), touched: new Set() });
  }

  startTurn(turn: number, transcriptLength: number, conversationId?: string): void {
    const task = this.taskOf(conversationId);
    if (!task) return;
    Object.assign(task, { turn, transcriptLength, checkpoint: undefined, unsavable: new Set<string>() });
  }

  async finishTask(conversationId?: string): Promise<TaskChanges | undefined> {
    const task = this.taskOf(conversationId);
    if (!task) return undefined;
    this.tasks.delete(task.conversationId);
    return this.serialized(async () => {
      // A turn whose command changed nothing keeps no checkpoint.
      task.log.checkpoints = task.log.checkpoints.filter((checkpoint) => checkpoint.taskId !== task.taskId || checkpoint.changed.length > 0 || checkpoint.unsaved.length > 0);
      await this.persist(task);
      const checkpoints = checkpointsOfTask(task.log, task.taskId);
      if (checkpoints.length === 0) return undefined;
      const files = [...new Set(checkpoints.flatMap((checkpoint) => [...checkpoint.changed, ...checkpoint.unsaved]))];
      return { files: files.map((path) => this.display(task, path)), notes: checkpoints.flatMap((checkpoint) => checkpoint.notes), counts: await this.countChanges(task) };
    });
  }

  /** Around one write of the task: the file's state is saved before, its new state noted after. */
  async recordWrite<Result>(path: string, write: () => Promise<Result>): Promise<Result> {
    const task = this.taskOf();
    if (!task) return write();
    await this.serialized(async () => {
      const checkpoint = await this.openCheckpoint(task);
      await this.saveState(task, checkpoint, path);
    }).catch((error: unknown) => this.reportFailure(`before writing ${path}`, error));
    let written = false;
    try {
      const result = await write();
      written = true;
      return result;
    } finally {
      await this.serialized(async () => {
        // A failed write may still have changed the file (VS Code: applied, then not saved); that shows against a saved state only.
        if (!written && !task.checkpoint?.before[path]) return;
        if (this.noteChanged(task, path, await this.currentState(path)) && task.checkpoint) this.noteUnsaved(task, task.checkpoint, [path], 'This write');
        await this.persist(task);
        this.publish(task);
      }).catch((error: unknown) => this.reportFailure(`after writing ${path}`, error));
    }
  }

  /** Around one command of the task: a command that may write is bracketed by two snapshots. */
  async recordCommand(command: string, run: () => Promise<CommandResult>): Promise<CommandResult> {
    const task = this.taskOf();
    if (!task || !commandMayWrite(command)) return run();
    const before = await this.serialized(() => this.snapshotBeforeCommand(task, command)).catch((error: unknown) => this.reportFailure(`before "${command}"`, error));
    try {
      return await run();
    } finally {
      if (before) await this.serialized(() => this.recordCommandChanges(task, command, before)).catch((error: unknown) => this.reportFailure(`after "${command}"`, error));
    }
  }

  /**
   * The task a write, a command or a turn belongs to: that of `conversationId`, else of the
   * conversation whose task runs this code, else the only one running. With several running and
   * none named, none: a change is never recorded in another conversation's checkpoints.
   */
  private taskOf(conversationId = taskConversation()): ActiveTask | undefined {
    if (conversationId !== undefined) return this.tasks.get(conversationId);
    return this.tasks.size === 1 ? [...this.tasks.values()][0] : undefined;
  }

  /** A checkpoint that cannot be recorded never stops the write or the command: it is logged. */
  private reportFailure(when: string, error: unknown): undefined {
    this.options.log?.(`checkpoint: recording failed ${when}: ${errorMessage(error)}`);
    return undefined;
  }

  /** Runs state changes one at a time (a write and a command of parallel callers never interleave them). */
  private serialized<Result>(step: () => Promise<Result>): Promise<Result> {
    const run = this.queue.then(step, step);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** The +/− line counts of the task's text files, from their content before the task to now. */
  private async countChanges(task: ActiveTask): Promise<FileChangeCount[]> {
    const sources = { store: this.options.store, readFile: (path: string) => this.workspace.readFile(path).catch(() => undefined), displayPath: (path: string) => this.display(task, path) };
    return taskChangeCounts(sources, task.conversationId, task.taskId).catch((error: unknown) => {
      this.reportFailure('counting the changed lines', error);
      return [];
    });
  }

  private display(task: ActiveTask, path: string): string {
    return displayPathFor(this.workspace, path, task.canonicalRoots ?? this.workspace.roots);
  }

  /** The turn's checkpoint, opened on its first change with the state of every file the task touched so far. */
  private async openCheckpoint(task: ActiveTask): Promise<TurnCheckpoint> {
    task.canonicalRoots ??= await canonicalRootsOf(this.workspace);
    if (task.checkpoint) return task.checkpoint;
    const checkpoint: TurnCheckpoint = {
      id: this.options.createId?.() ?? defaultId(),
      taskId: task.taskId,
      turn: task.turn,
      createdAt: (this.options.now ?? Date.now)(),
      transcriptLength: task.transcriptLength,
      before: {},
      changed: [],
      unsaved: [],
      notes: [],
    };
    task.checkpoint = checkpoint;
    task.log.checkpoints.push(checkpoint);
    for (const path of task.touched) await this.saveState(task, checkpoint, path);
    return checkpoint;
  }

  /** What the disk holds at `path` now. */
  private async currentState(path: string): Promise<FileFingerprint> {
    const stat = await this.workspace.stat(path).catch(() => undefined);
    if (!stat || stat.type !== 'file') return { exists: false };
    const bytes = await this.workspace.readFile(path).catch(() => undefined);
    return bytes ? fingerprintOf(bytes) : { exists: true, size: stat.size, sha256: '' };
  }

  /**
   * Saves a file's state into the checkpoint unless it already has one (the earliest state of
   * the turn wins). `known` is the state a command snapshot read; otherwise the disk is read.
   */
  private async saveState(task: ActiveTask, checkpoint: TurnCheckpoint, path: string, known?: { fingerprint: FileFingerprint; bytes?: Uint8Array }): Promise<void> {
    task.touched.add(path);
    if (checkpoint.before[path] || task.unsavable.has(path)) return;
    let state: FileFingerprint | undefined;
    try {
      if (known) state = known.fingerprint.exists && known.bytes ? await this.options.store.putBlob(task.conversationId, task.log, known.bytes) : known.fingerprint.exists ? undefined : { exists: false };
      else {
        const stat = await this.workspace.stat(path);
        if (stat && stat.type !== 'file') {
          // A folder: no write or command result is kept there as a file's change.
          task.touched.delete(path);
          return;
        }
        if (!stat) state = { exists: false };
        else if (stat.size <= this.limits.maxFileBytes) state = await this.options.store.putBlob(task.conversationId, task.log, await this.workspace.readFile(path));
      }
    } catch (error) {
      this.options.log?.(`checkpoint: could not save ${path}: ${errorMessage(error)}`);
      state = undefined;
    }
    if (!state) {
      task.unsavable.add(path);
      return;
    }
    checkpoint.before[path] = state;
    task.log.lastKnown[path] ??= state;
  }

  /**
   * Notes the state a change left a file in. A file whose state differs from the checkpoint's
   * joins the turn's changed files; one whose earlier state could not be saved joins its
   * unsaved files (returns true then).
   */
  private noteChanged(task: ActiveTask, path: string, after: FileFingerprint): boolean {
    const checkpoint = task.checkpoint;
    if (!checkpoint) return false;
    task.log.lastKnown[path] = after;
    const before = checkpoint.before[path];
    if (before) {
      if (!sameFingerprint(before, after) && !checkpoint.changed.includes(path)) checkpoint.changed.push(path);
      return false;
    }
    if (!task.unsavable.has(path) || checkpoint.unsaved.includes(path)) return false;
    checkpoint.unsaved.push(path);
    return true;
  }

  /** Adds the note about files that changed without a saved earlier state (the size caps). */
  private noteUnsaved(task: ActiveTask, checkpoint: TurnCheckpoint, paths: readonly string[], what: string): void {
    if (paths.length === 0) return;
    const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
    const shown = paths.slice(0, 10).map((path) => this.display(task, path)).join(', ') + (paths.length > 10 ? ` and ${paths.length - 10} more` : '');
    this.addNote(checkpoint, `${what} changed ${paths.length === 1 ? 'a file' : `${paths.length} files`} whose earlier content is over the checkpoint size cap (${megabytes(this.limits.maxFileBytes)} per file, ${megabytes(this.limits.maxBytes)} per command), so ${paths.length === 1 ? 'it' : 'they'} cannot be restored: ${shown}.`);
  }

  /** Tells the chat what the running turn changed. */
  private publish(task: ActiveTask): void {
    const checkpoint = task.checkpoint;
    if (!checkpoint || checkpoint.changed.length + checkpoint.unsaved.length === 0) return;
    task.onUpdate({ checkpointId: checkpoint.id, turn: checkpoint.turn, files: [...checkpoint.changed, ...checkpoint.unsaved].map((file) => this.display(task, file)), notes: [...checkpoint.notes] });
  }

  private addNote(checkpoint: TurnCheckpoint, note: string): void {
    if (!checkpoint.notes.includes(note)) checkpoint.notes.push(note);
  }

  private snapshotOptions(task: ActiveTask) {
    return { roots: task.canonicalRoots ?? this.workspace.roots, exclude: this.options.exclude?.(), extraPaths: task.touched, limits: this.limits };
  }

  private async snapshotBeforeCommand(task: ActiveTask, command: string): Promise<WorkspaceSnapshot | undefined> {
    const checkpoint = await this.openCheckpoint(task);
    try {
      const snapshot = await takeSnapshot(this.workspace, this.snapshotOptions(task), task.lastSnapshot);
      if (snapshot.listingTruncated) this.addNote(checkpoint, `The workspace has more than ${this.limits.maxFiles} files: only the first ${this.limits.maxFiles} of each folder were watched while "${command}" ran.`);
      return snapshot;
    } catch (error) {
      this.addNote(checkpoint, `The files could not be snapshotted before "${command}" (${errorMessage(error)}): what it changed cannot be restored.`);
      this.options.log?.(`checkpoint: snapshot before "${command}" failed: ${errorMessage(error)}`);
      return undefined;
    }
  }

  private async recordCommandChanges(task: ActiveTask, command: string, before: WorkspaceSnapshot): Promise<void> {
    let changes: WorkspaceChange[];
    try {
      const found = await findChanges(this.workspace, before, this.snapshotOptions(task));
      changes = found.changes;
      task.lastSnapshot = found.now;
    } catch (error) {
      this.options.log?.(`checkpoint: comparing after "${command}" failed: ${errorMessage(error)}`);
      task.lastSnapshot = undefined;
      return;
    }
    const checkpoint = await this.openCheckpoint(task);
    const unsaved: string[] = [];
    for (const change of changes) {
      if (change.before) await this.saveState(task, checkpoint, change.path, change.before);
      else if (!checkpoint.before[change.path]) {
        task.touched.add(change.path);
        task.unsavable.add(change.path);
      }
      if (this.noteChanged(task, change.path, change.after)) unsaved.push(change.path);
    }
    this.noteUnsaved(task, checkpoint, unsaved, `"${command}"`);
    await this.persist(task);
    this.publish(task);
  }

  private async persist(task: ActiveTask): Promise<void> {
    try {
      await this.options.store.save(task.conversationId, task.log);
    } catch (error) {
      this.options.log?.(`checkpoint: could not save the checkpoints: ${errorMessage(error)}`);
    }
  }
}

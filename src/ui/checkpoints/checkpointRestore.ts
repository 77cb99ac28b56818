/**
 * Restores a checkpoint the user picked in the chat ("Restore checkpoint" on a turn, "Undo all
 * changes of this task" on a task): plans it from the conversation's checkpoint log, asks the
 * user (for a turn: truncate the conversation to that point, or keep it), refuses when a file
 * changed outside the tasks since they last wrote it unless the user confirms, applies the
 * files through the host's editor port (VS Code: one WorkspaceEdit, so Undo and open editors
 * behave), records what the files now hold, and tells the chat what happened.
 *
 * Every file is checked with the tools' path safety when the restore is planned and again right
 * before it is written or deleted: a folder on its path may have become a symbolic link to
 * somewhere outside the workspace since the task ran. Such a file is refused
 * (PATH_OUTSIDE_WORKSPACE): it is left alone, the others are restored, and the chat names it.
 */
import { errorMessage, PTKErrorCode, WorkspaceError } from '../../core/errors';
import type { Workspace } from '../../core/workspace';
import { assertWriteTargetInsideWorkspace } from '../../tools/pathSafety';
import type { ChatEvent, ChatViewState } from '../../shared/chat/protocol';
import { quotedStart } from '../../shared/chat/quotedStart';
import type { CheckpointLog } from './checkpointLog';
import type { CheckpointStore } from './checkpointStore';
import { entriesToApply, findConflicts, planRestore, type CurrentFileState, type RestoreEntry, type RestoreTarget } from './restorePlan';
import { turnCheckpointItemId } from './taskCheckpointView';

/** One file as the restore leaves it: its content, or undefined for "deleted". */
export interface FileRestore {
  path: string;
  content: Uint8Array | undefined;
}

/** The host's files, as a restore reads and writes them. */
export interface RestoreEditor {
  readState(path: string): Promise<CurrentFileState>;
  /** Puts every file in its state at once (one undoable edit where the host has one). */
  apply(files: readonly FileRestore[]): Promise<void>;
}

/** One file the question lists: its workspace path and what the restore does to it. */
interface RestoreQuestionFile {
  path: string;
  action: 'restore' | 'delete' | 'recreate';
}

export interface RestoreQuestion {
  scope: 'turn' | 'task';
  /** The point the files go back to, as the user knows it: “write hello…” (a message) / the model's turn 2 of “write hello…” / this task. */
  what: string;
  /** What truncating removes besides (a turn): the message itself, or that turn, and everything after it. */
  truncates?: string;
  files: RestoreQuestionFile[];
  unrestorable: string[];
}

/** What the user is asked (modal dialogs in VS Code). */
export interface RestoreDialogs {
  /** A turn: restore and truncate the conversation, restore and keep it, or nothing (undefined). */
  chooseTurnRestore(question: RestoreQuestion): Promise<'truncate' | 'keep' | undefined>;
  /** A task: undo its changes, or not. */
  confirmTaskUndo(question: RestoreQuestion): Promise<boolean>;
  /** These files changed outside the tasks since: overwrite them anyway? */
  confirmOverwrite(paths: readonly string[]): Promise<boolean>;
}

/** The part of the chat session a restore uses. */
export interface RestoreSession {
  readonly busy: boolean;
  readonly state: ChatViewState;
  notice(text: string): void;
  /** Applies a chat event to the shown conversation and saves it (a task's item marked undone). */
  record(event: ChatEvent): Promise<void>;
  truncateFrom(itemId: string, transcriptLength: number): Promise<void>;
}

export interface RestoreDependencies {
  session: RestoreSession;
  /** The workspace whose folders every restored path must still lie in. */
  workspace: Workspace;
  store: CheckpointStore;
  editor: RestoreEditor;
  dialogs: RestoreDialogs;
  /** An absolute path as the user reads it (relative to its workspace folder). */
  displayPath(path: string): string;
}

export type RestoreOutcome =
  | { status: 'restored'; files: string[]; truncated: boolean; outside: string[] }
  | { status: 'refused'; conflicts: string[] }
  | { status: 'cancelled' | 'nothing' | 'unavailable' | 'busy' }
  | { status: 'outside'; outside: string[] }
  | { status: 'failed'; message: string };

function listOf(paths: readonly string[]): string {
  return paths.length <= 5 ? paths.join(', ') : `${paths.slice(0, 5).join(', ')} and ${paths.length - 5} more`;
}

/**
 * The paths that, followed through symbolic links now, lead outside every workspace folder
 * (PATH_OUTSIDE_WORKSPACE from the tools' path safety). Other failures are thrown.
 */
async function pathsNowOutside(workspace: Workspace, paths: readonly string[]): Promise<Set<string>> {
  const outside = new Set<string>();
  for (const path of paths) {
    try {
      await assertWriteTargetInsideWorkspace(workspace, path);
    } catch (error) {
      if (!(error instanceof WorkspaceError) || error.code !== PTKErrorCode.PATH_OUTSIDE_WORKSPACE) throw error;
      outside.add(path);
    }
  }
  return outside;
}

/** The sentence naming the files a restore refused because they now lie outside the workspace. */
function outsideNotice(paths: readonly string[]): string {
  const one = paths.length === 1;
  return `Not restored, ${one ? 'it now leads' : 'they now lead'} outside the workspace (a folder on the path became a symbolic link; nothing was changed there): ${listOf(paths)}.`;
}

/** Where a turn checkpoint puts the conversation back to, named as the user sees it, and what truncating it cuts. */
interface TurnPoint {
  what: string;
  truncates: string;
  /** The user message the truncation starts at (the task's first checkpoint: files and conversation go back to before that message). */
  cutFrom?: string;
  cutTranscript?: number;
}

/**
 * The turn checkpoint `itemId` as the user knows it: the first checkpoint after a user message
 * holds the files as they were before that message, so it is named by the message and
 * truncating removes the message too; a later one of the same task is the model's turn `turn`
 * of it, and truncating keeps the message and the turns before.
 */
function turnPoint(state: ChatViewState, itemId: string, turn: number): TurnPoint {
  const index = state.items.findIndex((item) => item.id === itemId);
  const before = state.items.slice(0, Math.max(index, 0));
  const messageIndex = before.map((item) => item.kind).lastIndexOf('user');
  const message = before[messageIndex];
  if (message?.kind !== 'user') return { what: `the model's turn ${turn}`, truncates: 'that turn' };
  const quoted = quotedStart(message.text);
  const firstOfMessage = !before.slice(messageIndex + 1).some((item) => item.kind === 'checkpoint' && item.scope === 'turn');
  if (!firstOfMessage) return { what: `the model's turn ${turn} of ${quoted}`, truncates: 'that turn' };
  return { what: quoted, truncates: 'that message', cutFrom: message.id, cutTranscript: message.transcriptLength ?? 0 };
}

/**
 * The turn checkpoint item that holds the files as they were before user message `itemId`: the
 * first turn checkpoint after it (its own task's or a later task's); undefined when no turn from
 * that message on changed files.
 */
export function checkpointBeforeEdit(state: ChatViewState, itemId: string): string | undefined {
  const index = state.items.findIndex((item) => item.id === itemId);
  if (state.items[index]?.kind !== 'user') return undefined;
  return state.items.slice(index + 1).find((item) => item.kind === 'checkpoint' && item.scope === 'turn' && item.checkpointId !== undefined)?.id;
}

/** The checkpoints of the turns from user message `itemId` on: the ones a resend of that message removes with its turns. */
function checkpointsFromMessage(state: ChatViewState, itemId: string): string[] {
  const index = state.items.findIndex((item) => item.id === itemId);
  if (state.items[index]?.kind !== 'user') return [];
  return state.items.slice(index).flatMap((item) => (item.kind === 'checkpoint' && item.scope === 'turn' && item.checkpointId !== undefined ? [item.checkpointId] : []));
}

/**
 * "Resend" of an edited message `editedItemId` (the files stay as the removed turns left them):
 * the checkpoints of the turns the resend removes go with them, so a later restore offers only
 * what the conversation as it then stands changed, never a file only a removed turn touched.
 * Nothing goes while a task runs (the resend is refused then).
 */
export async function forgetRemovedCheckpoints(session: Pick<RestoreSession, 'busy' | 'state'>, store: CheckpointStore, editedItemId: string): Promise<void> {
  if (session.busy) return;
  const removed = new Set(checkpointsFromMessage(session.state, editedItemId));
  if (removed.size === 0) return;
  const conversationId = session.state.conversationId;
  const log = store.load(conversationId);
  const kept = log.checkpoints.filter((checkpoint) => !removed.has(checkpoint.id));
  if (kept.length === log.checkpoints.length) return;
  log.checkpoints = kept;
  await store.save(conversationId, log);
}

/**
 * Where a restore comes from: a checkpoint item (the user is asked what it does), or "Restore
 * files and resend" on an edited message (already answered: the files go back, and the
 * checkpoints of the turns the resend removes go with them; the resend cuts the conversation).
 */
type RestoreMode = 'item' | 'beforeResend';

/** Restores the checkpoint of chat item `itemId` of the shown conversation. */
export async function restoreCheckpoint(dependencies: RestoreDependencies, itemId: string): Promise<RestoreOutcome> {
  return restore(dependencies, itemId, 'item');
}

/** What "Restore files and resend" leads to: whether the edit goes, and what the chat says after it went. */
export interface ResendRestore {
  outcome: RestoreOutcome;
  /** True when the files were restored (or already were as before): the edited message is sent. */
  resend: boolean;
  /** The restore's notices, told once the resend has cut the conversation (told at once when nothing is sent). */
  notices: string[];
}

/**
 * "Restore files and resend" on an edit of user message `editedItemId`: puts every file the
 * turns from that message on changed back to its state before it. Only the overwrite check is
 * asked; the conversation is left to the resend, which removes those turns.
 */
export async function restoreBeforeResend(dependencies: RestoreDependencies, editedItemId: string): Promise<ResendRestore> {
  const { session } = dependencies;
  const itemId = checkpointBeforeEdit(session.state, editedItemId);
  if (!itemId) {
    session.notice('No turn since that message changed files: nothing to restore.');
    return { outcome: { status: 'unavailable' }, resend: false, notices: [] };
  }
  const notices: string[] = [];
  const held: RestoreSession = {
    get busy() {
      return session.busy;
    },
    get state() {
      return session.state;
    },
    notice: (text) => notices.push(text),
    record: (event) => session.record(event),
    truncateFrom: (id, transcriptLength) => session.truncateFrom(id, transcriptLength),
  };
  const outcome = await restore({ ...dependencies, session: held }, itemId, 'beforeResend');
  const resend = outcome.status === 'restored';
  if (!resend) for (const text of notices) session.notice(text);
  return { outcome, resend, notices: resend ? notices : [] };
}

async function restore(dependencies: RestoreDependencies, itemId: string, mode: RestoreMode): Promise<RestoreOutcome> {
  const { session, store, editor, dialogs, displayPath, workspace } = dependencies;
  if (session.busy) {
    session.notice('A task is running: stop it before restoring a checkpoint.');
    return { status: 'busy' };
  }
  const item = session.state.items.find((candidate) => candidate.id === itemId);
  if (!item || item.kind !== 'checkpoint') return { status: 'unavailable' };
  const conversationId = session.state.conversationId;
  const log = store.load(conversationId);
  const target: RestoreTarget = item.scope === 'turn' && item.checkpointId ? { scope: 'turn', checkpointId: item.checkpointId } : { scope: 'task', taskId: item.taskId };
  const plan = planRestore(log, target);
  if (!plan) {
    session.notice('This checkpoint is no longer kept (a conversation keeps its latest checkpoints only); nothing was restored.');
    return { status: 'unavailable' };
  }
  const point = target.scope === 'turn' ? turnPoint(session.state, itemId, plan.first.turn) : undefined;
  const what = point?.what ?? 'this task';

  // A file that now leads outside the workspace is neither read, nor offered, nor written.
  const outside = await pathsNowOutside(workspace, plan.entries.map((entry) => entry.path));
  const inside = plan.entries.filter((entry) => !outside.has(entry.path));
  const current = new Map<string, CurrentFileState>();
  for (const entry of inside) current.set(entry.path, await editor.readState(entry.path));
  const toApply = entriesToApply(inside, current);
  const unrestorable = plan.unrestorable.map(displayPath);
  const question: RestoreQuestion = {
    scope: target.scope,
    what,
    ...(point ? { truncates: point.truncates } : {}),
    files: toApply.map((entry) => ({ path: displayPath(entry.path), action: !entry.target.exists ? 'delete' : current.get(entry.path)?.fingerprint.exists ? 'restore' : 'recreate' })),
    unrestorable,
  };

  let truncate = false;
  let dropCheckpoints = false;
  if (target.scope === 'turn' && mode === 'beforeResend') {
    dropCheckpoints = true;
  } else if (target.scope === 'turn') {
    const choice = await dialogs.chooseTurnRestore(question);
    if (!choice) return { status: 'cancelled' };
    truncate = choice === 'truncate';
    dropCheckpoints = truncate;
  } else {
    if (toApply.length === 0 && outside.size > 0) {
      const refused = [...outside].map(displayPath);
      session.notice(`Nothing was undone. ${outsideNotice(refused)}`);
      return { status: 'outside', outside: refused };
    }
    if (toApply.length === 0) {
      session.notice(`Nothing to undo: the files this task changed are already as they were before it.${unrestorable.length > 0 ? ` Not restorable: ${listOf(unrestorable)}.` : ''}`);
      return { status: 'nothing' };
    }
    if (!(await dialogs.confirmTaskUndo(question))) return { status: 'cancelled' };
  }

  const conflicts = findConflicts(toApply, current).map((entry) => displayPath(entry.path));
  if (conflicts.length > 0 && !(await dialogs.confirmOverwrite(conflicts))) {
    const one = conflicts.length === 1;
    session.notice(`Restore refused: ${listOf(conflicts)} changed since a task last wrote ${one ? 'it' : 'them'} (an edit outside this conversation's tasks, or unsaved changes in an editor). Nothing was restored.`);
    return { status: 'refused', conflicts };
  }

  const candidates: FileRestore[] = [];
  const missing: string[] = [];
  for (const entry of toApply) {
    const content = entry.target.exists ? await store.readBlob(conversationId, log, entry.target.sha256) : undefined;
    if (entry.target.exists && !content) missing.push(displayPath(entry.path));
    else candidates.push({ path: entry.path, content });
  }
  let files: FileRestore[];
  try {
    // Checked again at the moment of writing: the dialogs may have stayed open for a while.
    const nowOutside = await pathsNowOutside(workspace, candidates.map((file) => file.path));
    for (const path of nowOutside) outside.add(path);
    files = candidates.filter((file) => !nowOutside.has(file.path));
    if (files.length > 0) await editor.apply(files);
  } catch (error) {
    session.notice(`Restore failed: ${errorMessage(error)}`);
    return { status: 'failed', message: errorMessage(error) };
  }
  const applied = new Set(files.map((file) => file.path));
  await recordRestoredStates(log, toApply.filter((entry) => applied.has(entry.path)), editor);
  if (dropCheckpoints) log.checkpoints = log.checkpoints.slice(0, log.checkpoints.indexOf(plan.first));
  await store.save(conversationId, log);
  if (truncate && point) await session.truncateFrom(point.cutFrom ?? turnCheckpointItemId(plan.first.id), point.cutTranscript ?? plan.first.transcriptLength);

  const restored = files.map((file) => displayPath(file.path));
  const refused = [...outside].map(displayPath);
  const notRestored = [...unrestorable, ...missing];
  const nothingDone = refused.length > 0 ? `Nothing was restored.` : `The files already were as before ${what}.`;
  const parts = [restored.length > 0 ? `Restored ${restored.length === 1 ? '1 file to its' : `${restored.length} files to their`} state before ${what}: ${listOf(restored)}.` : nothingDone];
  if (truncate) parts.push(point?.cutFrom ? 'The conversation went back to before that message; its text is in the message box to edit and send again.' : 'The conversation was truncated to that point.');
  if (refused.length > 0) parts.push(outsideNotice(refused));
  if (notRestored.length > 0) parts.push(`Not restored (their earlier content was not saved): ${listOf(notRestored)}.`);
  // A task's undo that restored everything is told by the task's line itself ("Undone: … back as
  // it was before this task"): a notice saying the same again would be a second line of it.
  const toldByLine = item.scope === 'task' && !truncate && restored.length > 0 && refused.length === 0 && notRestored.length === 0;
  if (!toldByLine) session.notice(parts.join(' '));
  // The task's line says its changes are undone, naming every file of it now as before it (restored,
  // or already put back by a turn's restore); saved with the conversation, notice and all, so the
  // Undo is not offered again after a reload either.
  if (item.scope === 'task' && restored.length > 0) {
    const left = new Set([...refused, ...notRestored]);
    await session.record({ type: 'checkpoint', id: item.id, scope: 'task', taskId: item.taskId, files: item.files, notes: item.notes, undone: item.files.filter((file) => !left.has(file)) });
  }
  return { status: 'restored', files: restored, truncated: truncate, outside: refused };
}

/** After a restore, what the files hold is what the next restore compares with. */
async function recordRestoredStates(log: CheckpointLog, entries: readonly RestoreEntry[], editor: RestoreEditor): Promise<void> {
  for (const entry of entries) {
    const now = await editor.readState(entry.path).catch(() => undefined);
    log.lastKnown[entry.path] = now?.fingerprint ?? entry.target;
  }
}

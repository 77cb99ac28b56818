/**
 * "Review changes" in VS Code: a task's files in VS Code's multi-file diff editor
 * (`vscode.changes`), each from its checkpoint content (left) to the file now (right), with
 * Keep / Undo per change and per file. The left side is the review's baseline, a virtual
 * document that starts as the checkpoint's content: keeping a change moves it into the baseline,
 * undoing it takes it out of the file through a WorkspaceEdit (the rest of the file stays as it
 * is); either way it leaves the diff. A whole file's Undo puts back the checkpoint's content (a
 * file the task created is deleted), its Keep ends its review. Every undo is noted for the
 * model's next message (ReviewNotes). The changes are offered as CodeLens ("Keep | Undo") over
 * each change in the file's editor and in quick picks from the commands.
 */
import * as vscode from 'vscode';
import { errorMessage } from '../../core/errors';
import type { ChatViewState, FileChangeCount } from '../../shared/chat/protocol';
import { taskChangeCounts, taskFileChanges, type TaskDiffSources } from '../../ui/checkpoints/taskDiff';
import { applyReplacement, changeHunks, hunkLines, keepReplacement, sameHunk, undoReplacement, type ChangeHunk } from '../../ui/review/changeHunks';
import type { ReviewNotes } from '../../ui/review/reviewNote';
import { VSCodeRestoreEditor } from './checkpointRestore';

/** The review's tab title (VS Code adds the file count). */
const REVIEW_TITLE = 'PTK: Review changes';

/** The scheme of the baselines (the diff's left sides) and of a deleted file's empty right side. */
const SCHEME = 'ptk-review';

interface ReviewedFile {
  path: string;
  displayPath: string;
  conversationId: string;
  taskId: string;
  /** The diff's left side: the checkpoint's content with the kept changes in it. */
  baseline: string;
  /** The file's bytes before the task (undefined: the task created it). */
  beforeBytes: Uint8Array | undefined;
  /** Kept or undone as a whole, or no change left: out of the review (its baseline still serves the open diff). */
  done: boolean;
}

/** The commands the review registers (apart from the command table: they act on the review's own state). */
export const REVIEW_COMMANDS = { open: 'ptk.reviewChanges', keepChange: 'ptk.review.keepChange', undoChange: 'ptk.review.undoChange', keepFile: 'ptk.review.keepFile', undoFile: 'ptk.review.undoFile' } as const;

interface ChangeReviewDependencies {
  /** The conversation the chat view shows (the palette's command reviews its last task). */
  shownState: () => ChatViewState;
  sources: TaskDiffSources;
  notes: ReviewNotes;
  /** Changes of a task were undone: what it still changes, counted now, for its end-of-task line. */
  taskRecounted?: (conversationId: string, taskId: string, counts: readonly FileChangeCount[]) => Promise<void>;
  log: (line: string) => void;
}

/** A hunk as a command argument: the file and the change as the CodeLens or quick pick saw it. */
type HunkArgument = [uri: string, hunk: ChangeHunk];

const baselineUri = (path: string) => vscode.Uri.from({ scheme: SCHEME, path: vscode.Uri.file(path).path, query: 'baseline' });

export class ChangeReview implements vscode.CodeLensProvider, vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly files = new Map<string, ReviewedFile>();
  private readonly baselineChanged = new vscode.EventEmitter<vscode.Uri>();
  private readonly lensesChanged = new vscode.EventEmitter<void>();
  readonly onDidChange = this.baselineChanged.event;
  readonly onDidChangeCodeLenses = this.lensesChanged.event;
  private readonly disposables: vscode.Disposable[] = [];

  /** A file still in the review. */
  private pending(key: string): ReviewedFile | undefined {
    const file = this.files.get(key);
    return file && !file.done ? file : undefined;
  }

  private get pendingFiles(): [string, ReviewedFile][] {
    return [...this.files].filter(([, file]) => !file.done);
  }

  constructor(private readonly dependencies: ChangeReviewDependencies) {
    this.disposables.push(
      this.baselineChanged,
      this.lensesChanged,
      vscode.workspace.registerTextDocumentContentProvider(SCHEME, this),
      vscode.languages.registerCodeLensProvider({ scheme: 'file' }, this),
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (this.pending(event.document.uri.toString())) this.lensesChanged.fire();
      }),
      // A review tab VS Code restores after a reload has lost its left sides (the review lives in
      // this window): it would show every line as new. It is closed; Review changes opens it again.
      vscode.window.tabGroups.onDidChangeTabs((event) => void this.closeStaleTabs(event.opened)),
      vscode.commands.registerCommand(REVIEW_COMMANDS.open, () => this.run('open the review', () => this.open(dependencies.shownState()))),
      vscode.commands.registerCommand(REVIEW_COMMANDS.keepChange, (...args: unknown[]) => this.run('keep the change', () => this.onChange('keep', args))),
      vscode.commands.registerCommand(REVIEW_COMMANDS.undoChange, (...args: unknown[]) => this.run('undo the change', () => this.onChange('undo', args))),
      vscode.commands.registerCommand(REVIEW_COMMANDS.keepFile, (uri?: unknown) => this.run('keep the file', () => this.onFile('keep', uri))),
      vscode.commands.registerCommand(REVIEW_COMMANDS.undoFile, (uri?: unknown) => this.run('undo the file', () => this.onFile('undo', uri))),
    );
    void this.closeStaleTabs(vscode.window.tabGroups.all.flatMap((group) => group.tabs));
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }

  /** The baseline of a reviewed file (a deleted file's right side is empty). */
  /** Closes review tabs of an earlier window (none of this window's reviews is open yet). */
  private async closeStaleTabs(tabs: readonly vscode.Tab[]): Promise<void> {
    if (this.files.size > 0) return;
    const stale = tabs.filter((tab) => tab.label.startsWith(REVIEW_TITLE));
    if (stale.length === 0) return;
    this.dependencies.log(`review: closed ${stale.length} review tab(s) restored from before the reload`);
    await vscode.window.tabGroups.close(stale);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    if (uri.query !== 'baseline') return '';
    return this.files.get(vscode.Uri.file(uri.path).toString())?.baseline ?? '';
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const file = this.pending(document.uri.toString());
    if (!file) return [];
    return changeHunks(file.baseline, document.getText()).flatMap((hunk) => {
      const line = Math.min(hunk.newStart, Math.max(document.lineCount - 1, 0));
      const range = new vscode.Range(line, 0, line, 0);
      const argument: HunkArgument = [document.uri.toString(), hunk];
      return [
        new vscode.CodeLens(range, { title: 'Keep', command: REVIEW_COMMANDS.keepChange, arguments: argument, tooltip: 'Keep this change of the task' }),
        new vscode.CodeLens(range, { title: 'Undo', command: REVIEW_COMMANDS.undoChange, arguments: argument, tooltip: 'Put these lines back as they were before the task' }),
      ];
    });
  }

  /**
   * Opens the review of the task of the chat item `itemId` of `state` (without it: the last task
   * that changed files).
   */
  async open(state: ChatViewState, itemId?: string): Promise<void> {
    const item = [...state.items].reverse().find((candidate) => candidate.kind === 'checkpoint' && candidate.scope === 'task' && (itemId === undefined || candidate.id === itemId));
    if (item?.kind !== 'checkpoint') {
      void vscode.window.showInformationMessage('PTK: no task of this conversation changed files.');
      return;
    }
    const changes = await taskFileChanges(this.dependencies.sources, state.conversationId, item.taskId);
    const resources: [vscode.Uri, vscode.Uri, vscode.Uri][] = [];
    const skipped: string[] = [];
    for (const change of changes) {
      if (change.kind !== 'text') {
        skipped.push(change.displayPath);
        continue;
      }
      const uri = vscode.Uri.file(change.path);
      // The same task reviewed again goes on from what was kept; another task starts from its checkpoint.
      const earlier = this.files.get(uri.toString());
      const baseline = earlier?.conversationId === state.conversationId && earlier.taskId === item.taskId ? earlier.baseline : (change.before ?? '');
      const file: ReviewedFile = { path: change.path, displayPath: change.displayPath, conversationId: state.conversationId, taskId: item.taskId, baseline, beforeBytes: change.beforeBytes, done: changeHunks(baseline, change.after).length === 0 };
      this.files.set(uri.toString(), file);
      this.baselineChanged.fire(baselineUri(change.path));
      if (!file.done) resources.push([uri, baselineUri(change.path), change.after === undefined ? vscode.Uri.from({ scheme: SCHEME, path: uri.path, query: 'deleted' }) : uri]);
    }
    this.reviewChanged();
    if (skipped.length > 0) void vscode.window.showInformationMessage(`PTK: not in the review (binary, or their content before the task was not kept): ${skipped.join(', ')}`);
    if (resources.length === 0) {
      if (skipped.length === 0) void vscode.window.showInformationMessage('PTK: nothing of this task is left to review (its changes were kept or undone).');
      return;
    }
    this.dependencies.log(`review of task ${item.taskId}: ${resources.length} file(s)`);
    await vscode.commands.executeCommand('vscode.changes', REVIEW_TITLE, resources);
  }

  private async run(what: string, action: () => Promise<void>): Promise<void> {
    try {
      await action();
    } catch (error) {
      this.dependencies.log(`review: could not ${what}: ${errorMessage(error)}`);
      void vscode.window.showErrorMessage(`PTK: could not ${what}: ${errorMessage(error)}`);
    }
  }

  /** A change's Keep / Undo: from a CodeLens (its file and hunk), else the change the user picks. */
  private async onChange(action: 'keep' | 'undo', args: readonly unknown[]): Promise<void> {
    const chosen = isHunkArgument(args) ? { key: args[0], hunk: args[1] } : await this.pickChange(action);
    if (!chosen) return;
    const file = this.pending(chosen.key);
    if (!file) return;
    const document = await vscode.workspace.openTextDocument(vscode.Uri.file(file.path));
    const hunk = changeHunks(file.baseline, document.getText()).find((candidate) => sameHunk(candidate, chosen.hunk));
    if (!hunk) throw new Error(`${file.displayPath} changed since: that change is no longer there as it was.`);
    if (action === 'keep') {
      file.baseline = applyReplacement(file.baseline, keepReplacement(file.baseline, hunk));
      this.baselineChanged.fire(baselineUri(file.path));
    } else {
      const replacement = undoReplacement(document.getText(), hunk);
      const edit = new vscode.WorkspaceEdit();
      edit.replace(document.uri, new vscode.Range(document.positionAt(replacement.start), document.positionAt(replacement.end)), replacement.text, { label: 'PTK: undo a change of the task', needsConfirmation: false });
      if (!(await vscode.workspace.applyEdit(edit))) throw new Error('VS Code refused the edit.');
      if (!(await document.save())) throw new Error(`${file.displayPath} was changed in the editor but could not be saved.`);
      this.dependencies.notes.add(file.conversationId, { path: file.displayPath, hunk });
    }
    this.dependencies.log(`review: ${action} ${file.displayPath} ${hunkLines(hunk)}`);
    if (changeHunks(file.baseline, document.getText()).length === 0) file.done = true;
    this.reviewChanged();
    if (action === 'undo') await this.recount(file);
  }

  /** The task's end-of-task line counts what it still changes after an undo. */
  private async recount(file: ReviewedFile): Promise<void> {
    if (!this.dependencies.taskRecounted) return;
    const counts = await taskChangeCounts(this.dependencies.sources, file.conversationId, file.taskId);
    await this.dependencies.taskRecounted(file.conversationId, file.taskId, counts);
  }

  /** A file's Keep / Undo: the file given (the editor's title menu), else the one the user picks (the active editor's first). */
  private async onFile(action: 'keep' | 'undo', argument: unknown): Promise<void> {
    const given = argument instanceof vscode.Uri ? vscode.Uri.file(argument.path).toString() : undefined;
    const key = given !== undefined && this.pending(given) ? given : await this.pickFile(action);
    const file = key && this.pending(key);
    if (!file) return;
    if (action === 'undo') {
      await new VSCodeRestoreEditor().apply([{ path: file.path, content: file.beforeBytes }]);
      this.dependencies.notes.add(file.conversationId, { path: file.displayPath, wholeFile: file.beforeBytes ? 'restored' : 'deleted' });
    } else {
      // The diff's left side becomes the file now: no change is left to show.
      file.baseline = await vscode.workspace.fs.readFile(vscode.Uri.file(file.path)).then((bytes) => new TextDecoder().decode(bytes), () => '');
      this.baselineChanged.fire(baselineUri(file.path));
    }
    file.done = true;
    this.dependencies.log(`review: ${action} all of ${file.displayPath}`);
    this.reviewChanged();
    if (action === 'undo') await this.recount(file);
  }

  private async pickChange(action: 'keep' | 'undo'): Promise<{ key: string; hunk: ChangeHunk } | undefined> {
    const items: (vscode.QuickPickItem & { key: string; hunk: ChangeHunk })[] = [];
    for (const [key, file] of this.pendingFiles) {
      const document = await vscode.workspace.openTextDocument(vscode.Uri.file(file.path));
      for (const hunk of changeHunks(file.baseline, document.getText())) {
        const first = (hunk.newLines[0] ?? hunk.oldLines[0] ?? '').trim();
        items.push({ key, hunk, label: `${file.displayPath} ${hunkLines(hunk)}`, description: `+${hunk.newLines.length} \u2212${hunk.oldLines.length}`, detail: first });
      }
    }
    if (items.length === 0) {
      void vscode.window.showInformationMessage('PTK: no change is waiting for review.');
      return undefined;
    }
    return vscode.window.showQuickPick(items, { placeHolder: action === 'keep' ? 'The change to keep' : 'The change to undo (its lines go back to before the task)' });
  }

  private async pickFile(action: 'keep' | 'undo'): Promise<string | undefined> {
    const active = vscode.window.activeTextEditor?.document.uri.toString();
    const files = this.pendingFiles.sort(([left], [right]) => Number(right === active) - Number(left === active));
    const items = files.map(([key, file]) => ({ key, label: file.displayPath, description: file.beforeBytes ? undefined : 'created by the task' }));
    if (items.length === 0) {
      void vscode.window.showInformationMessage('PTK: no file is waiting for review.');
      return undefined;
    }
    return (await vscode.window.showQuickPick(items, { placeHolder: action === 'keep' ? 'The file whose changes to keep' : 'The file to put back as it was before the task' }))?.key;
  }

  /** The lenses follow the review, and `ptk.reviewing` shows the review's commands while files wait. */
  private reviewChanged(): void {
    this.lensesChanged.fire();
    void vscode.commands.executeCommand('setContext', 'ptk.reviewing', this.pendingFiles.length > 0);
  }
}

function isHunkArgument(args: readonly unknown[]): args is HunkArgument {
  const [uri, hunk] = args;
  return typeof uri === 'string' && typeof hunk === 'object' && hunk !== null && Array.isArray((hunk as ChangeHunk).oldLines) && Array.isArray((hunk as ChangeHunk).newLines);
}

/**
 * Checkpoint restores in VS Code: the editor port and the dialogs of the pure restore flow
 * (src/ui/checkpoints/checkpointRestore.ts). Files go back through one WorkspaceEdit (replace
 * the text of an existing file, create a missing one, delete one the tasks created), so the
 * restore is one step on the editors' undo stacks and open editors follow it; then the edited
 * documents are saved. The user's answers come from modal dialogs.
 */
import * as vscode from 'vscode';
import { errorMessage } from '../../core/errors';
import { displayPathFor } from '../../tools/pathSafety';
import { fingerprintOf } from '../../ui/checkpoints/checkpointLog';
import { restoreBeforeResend, restoreCheckpoint, type FileRestore, type RestoreDependencies, type RestoreDialogs, type RestoreEditor, type RestoreQuestion, type ResendRestore } from '../../ui/checkpoints/checkpointRestore';
import type { CurrentFileState } from '../../ui/checkpoints/restorePlan';

/** The label of the restore on the undo stack. */
const EDIT_METADATA: vscode.WorkspaceEditEntryMetadata = { label: 'PTK: restore checkpoint', needsConfirmation: false };

/**
 * The content as text an editor can hold and save back to the same bytes: UTF-8 without a
 * byte order mark, one kind of line ending. undefined otherwise (then the bytes are written as is).
 */
function editableText(bytes: Uint8Array): { text: string; eol?: vscode.EndOfLine } | undefined {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
  if (text.startsWith('\uFEFF')) return undefined;
  const crlf = text.includes('\r\n');
  const lone = /\r(?!\n)|(^|[^\r])\n/.test(text);
  if (crlf && lone) return undefined;
  if (!crlf && /\r/.test(text)) return undefined;
  return { text, eol: crlf ? vscode.EndOfLine.CRLF : text.includes('\n') ? vscode.EndOfLine.LF : undefined };
}

function sameBytes(left: Uint8Array, right: Uint8Array): boolean {
  return left.byteLength === right.byteLength && Buffer.compare(Buffer.from(left.buffer, left.byteOffset, left.byteLength), Buffer.from(right.buffer, right.byteOffset, right.byteLength)) === 0;
}

async function fileExists(uri: vscode.Uri): Promise<boolean> {
  try {
    return ((await vscode.workspace.fs.stat(uri)).type & vscode.FileType.File) !== 0;
  } catch {
    return false;
  }
}

/** Puts files back through one WorkspaceEdit and saves them (the bytes on disk are the given ones). */
export class VSCodeRestoreEditor implements RestoreEditor {
  async readState(path: string): Promise<CurrentFileState> {
    const uri = vscode.Uri.file(path);
    const document = vscode.workspace.textDocuments.find((candidate) => !candidate.isClosed && candidate.uri.toString() === uri.toString());
    const unsavedEdits = document?.isDirty ?? false;
    try {
      const stat = await vscode.workspace.fs.stat(uri);
      // A folder where the file was: never what a checkpoint or a task left there.
      if (!(stat.type & vscode.FileType.File)) return { fingerprint: { exists: true, size: 0, sha256: '' }, unsavedEdits };
      return { fingerprint: fingerprintOf(await vscode.workspace.fs.readFile(uri)), unsavedEdits };
    } catch {
      return { fingerprint: { exists: false }, unsavedEdits };
    }
  }

  async apply(files: readonly FileRestore[]): Promise<void> {
    const edit = new vscode.WorkspaceEdit();
    const toSave: vscode.Uri[] = [];
    for (const file of files) {
      const uri = vscode.Uri.file(file.path);
      const exists = await fileExists(uri);
      if (file.content === undefined) {
        if (exists) edit.deleteFile(uri, { ignoreIfNotExists: true }, EDIT_METADATA);
        continue;
      }
      const editable = editableText(file.content);
      if (!editable) {
        edit.createFile(uri, { overwrite: true, contents: file.content }, EDIT_METADATA);
        continue;
      }
      if (exists) {
        const document = await vscode.workspace.openTextDocument(uri);
        const whole = new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length));
        const edits: [vscode.TextEdit, vscode.WorkspaceEditEntryMetadata][] = [[vscode.TextEdit.replace(whole, editable.text), EDIT_METADATA]];
        if (editable.eol !== undefined && editable.eol !== document.eol) edits.push([vscode.TextEdit.setEndOfLine(editable.eol), EDIT_METADATA]);
        edit.set(uri, edits);
      } else {
        edit.createFile(uri, { ignoreIfExists: true }, EDIT_METADATA);
        if (editable.text.length > 0) edit.insert(uri, new vscode.Position(0, 0), editable.text, EDIT_METADATA);
      }
      toSave.push(uri);
    }
    if (!(await vscode.workspace.applyEdit(edit))) throw new Error('VS Code refused the edit (a file may be read-only or open in a conflicting editor).');
    for (const uri of toSave) {
      const document = await vscode.workspace.openTextDocument(uri);
      if (document.isDirty && !(await document.save())) throw new Error(`${uri.fsPath} was restored in the editor but could not be saved.`);
    }
    // The disk must hold the checkpoint's exact bytes; an editor setting (encoding, line endings) may have changed them.
    for (const file of files) {
      if (file.content === undefined) continue;
      const uri = vscode.Uri.file(file.path);
      const now = await vscode.workspace.fs.readFile(uri).then(undefined, () => undefined);
      if (!now || !sameBytes(now, file.content)) await vscode.workspace.fs.writeFile(uri, file.content);
    }
  }
}

function describe(question: RestoreQuestion): string {
  const actions = { restore: 'back to its earlier content', delete: 'deleted (it did not exist then)', recreate: 'created again (it was deleted since)' } as const;
  const lines = question.files.length > 0 ? question.files.map((file) => `${file.path}: ${actions[file.action]}`) : ['The files already are in that state.'];
  if (question.unrestorable.length > 0) lines.push('', `Cannot be restored (their earlier content was not saved): ${question.unrestorable.join(', ')}`);
  return lines.join('\n');
}

const restoreDialogs: RestoreDialogs = {
  async chooseTurnRestore(question) {
    const truncate = 'Restore Files and Truncate Conversation';
    const keep = 'Restore Files Only';
    const returned = question.truncates === 'that message' ? ' Its text goes back to the message box, to edit and send again.' : '';
    const detail = `${describe(question)}\n\nTruncating also removes ${question.truncates ?? 'that turn'} and everything after it from the conversation.${returned}`;
    const answer = await vscode.window.showWarningMessage(`Restore files to before ${question.what}?`, { modal: true, detail }, keep, truncate);
    return answer === truncate ? 'truncate' : answer === keep ? 'keep' : undefined;
  },
  async confirmTaskUndo(question) {
    const undo = 'Undo Changes';
    return (await vscode.window.showWarningMessage('Undo all changes of this task?', { modal: true, detail: describe(question) }, undo)) === undo;
  },
  async confirmOverwrite(paths) {
    const overwrite = 'Overwrite';
    const message = `${paths.length === 1 ? `${paths[0]} has` : `${paths.length} files have`} changed outside this conversation's tasks since a task last wrote ${paths.length === 1 ? 'it' : 'them'}.`;
    const detail = `${paths.join('\n')}\n\nRestoring overwrites those changes (Undo in each editor brings them back).`;
    return (await vscode.window.showWarningMessage(message, { modal: true, detail }, overwrite)) === overwrite;
  },
};

type HandlerDependencies = Omit<RestoreDependencies, 'editor' | 'dialogs' | 'displayPath'> & { log: (line: string) => void };

/** The restore flow's dependencies with VS Code's editor and dialogs. */
function vscodeRestoreDependencies(dependencies: HandlerDependencies, editor: RestoreEditor): RestoreDependencies {
  return { ...dependencies, editor, dialogs: restoreDialogs, displayPath: (path) => displayPathFor(dependencies.workspace, path, dependencies.workspace.roots) };
}

/** "Restore files and resend" on an edited message: the restore with VS Code's editor and dialogs; resolves whether to send. */
export function createResendRestoreHandler(dependencies: HandlerDependencies): (itemId: string) => Promise<ResendRestore> {
  const editor = new VSCodeRestoreEditor();
  return async (itemId) => {
    const restored = await restoreBeforeResend(vscodeRestoreDependencies(dependencies, editor), itemId);
    dependencies.log(`restore before resending ${itemId}: ${restored.outcome.status}`);
    return restored;
  };
}

/** The chat view's restore handler: runs the restore flow with VS Code's editor and dialogs. */
export function createCheckpointRestoreHandler(dependencies: HandlerDependencies): (itemId: string) => void {
  const editor = new VSCodeRestoreEditor();
  return (itemId) => {
    restoreCheckpoint(vscodeRestoreDependencies(dependencies, editor), itemId).then(
      (outcome) => dependencies.log(`checkpoint restore of ${itemId}: ${outcome.status}`),
      (error: unknown) => {
        dependencies.log(`checkpoint restore of ${itemId} failed: ${errorMessage(error)}`);
        void vscode.window.showErrorMessage(`PTK: the checkpoint could not be restored: ${errorMessage(error)}`);
      },
    );
  };
}

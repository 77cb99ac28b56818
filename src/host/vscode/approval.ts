/**
 * Asking the user about dangerous operations in VS Code. The approver is pluggable (the chat UI
 * supplies its own); the default one shows the change in VS Code's diff editor and asks with a
 * notification: Approve / Reject / Always.
 */
import * as vscode from 'vscode';
import { raceWithSignal } from '../../core/util/abortSignals';
import type { ApprovalDecision, ApprovalRequest } from '../../core/workspace';

/** Something that answers approval requests (a notification, a diff editor, a test script). */
export type Approver = (request: ApprovalRequest, signal?: AbortSignal) => Promise<ApprovalDecision>;

/** URI scheme of the read-only 'before'/'after' documents shown in the approval diff. */
const APPROVAL_DIFF_SCHEME = 'ptk-approval';

/**
 * Serves the texts of pending approvals as read-only documents (`ptk-approval:/<id>/<name>`),
 * so vscode.diff can show before/after without touching the disk. A new file's proposed content
 * is shown on its own, every line in the diff editor's "inserted" colour, wherever it is shown.
 */
export class ApprovalContentProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  /** Documents shown as added (a new file's content): all their lines are highlighted. */
  private readonly added = new Set<string>();
  private addedDecoration: vscode.TextEditorDecorationType | undefined;
  private nextId = 1;
  private readonly registrations: vscode.Disposable[];

  /** @param scheme URI scheme to serve (tests use their own so they do not clash with the extension's). */
  constructor(readonly scheme: string = APPROVAL_DIFF_SCHEME) {
    this.registrations = [
      vscode.workspace.registerTextDocumentContentProvider(scheme, this),
      // An editor shown again (tab switch, split) is a new editor: its highlight is set again.
      vscode.window.onDidChangeVisibleTextEditors((editors) => editors.forEach((editor) => this.highlightAdded(editor))),
    ];
  }

  /** Stores a text and returns the URI that shows it. */
  add(text: string, fileName: string, label: 'before' | 'after'): vscode.Uri {
    const id = `${this.nextId++}-${label}`;
    this.contents.set(id, text);
    return vscode.Uri.from({ scheme: this.scheme, path: `/${id}/${fileName}` });
  }

  /** Marks a stored text as added content (a new file's): its editors show every line as inserted. */
  markAdded(uri: vscode.Uri): void {
    this.added.add(uri.toString());
  }

  /** Highlights every line of an editor that shows added content. */
  highlightAdded(editor: vscode.TextEditor): void {
    const document = editor.document;
    if (!this.added.has(document.uri.toString())) return;
    this.addedDecoration ??= vscode.window.createTextEditorDecorationType({
      isWholeLine: true,
      backgroundColor: new vscode.ThemeColor('diffEditor.insertedLineBackground'),
      overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.addedForeground'),
      overviewRulerLane: vscode.OverviewRulerLane.Left,
    });
    // The last line of a text that ends with a newline is empty and not part of the content.
    const lastLine = document.lineCount > 1 && document.lineAt(document.lineCount - 1).text === '' ? document.lineCount - 2 : document.lineCount - 1;
    editor.setDecorations(this.addedDecoration, [new vscode.Range(0, 0, lastLine, 0)]);
  }

  /** Forgets a stored text. */
  remove(uri: vscode.Uri): void {
    this.contents.delete(uri.path.split('/')[1] ?? '');
    this.added.delete(uri.toString());
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.path.split('/')[1] ?? '') ?? '';
  }

  dispose(): void {
    this.contents.clear();
    this.added.clear();
    this.addedDecoration?.dispose();
    for (const registration of this.registrations) registration.dispose();
  }
}

const APPROVE = 'Approve';
const REJECT = 'Reject';
const ALWAYS = 'Always';

function describe(request: ApprovalRequest): string {
  if (request.protectedReason) return `PTK: ${request.toolName}: ${request.summary ?? request.path ?? ''}. Protected: ${request.protectedReason}, so PTK always asks.`;
  if (request.summary) return `PTK: ${request.toolName}: ${request.summary}`;
  if (request.kind === 'command') return `PTK: run "${request.command ?? ''}" in ${request.cwd ?? 'the workspace'}?`;
  return `PTK: ${request.toolName} ${request.path ?? ''}?`;
}

/** True when the change creates its file (there is nothing before it). */
function createsFile(request: ApprovalRequest): boolean {
  return request.kind === 'write' && request.before === undefined;
}

/** The language VS Code gives a file of this name (a document named after it, opened to ask). */
async function languageOf(contentProvider: ApprovalContentProvider, fileName: string): Promise<string> {
  const probe = contentProvider.add('', fileName, 'after');
  try {
    return (await vscode.workspace.openTextDocument(probe)).languageId;
  } finally {
    contentProvider.remove(probe);
  }
}

/**
 * A new file's proposed content on its own, read-only, every line highlighted as inserted and its
 * tab titled "name (new file, proposed)": VS Code's diff against an empty text would draw that
 * empty text as one removed line, which reads as "replaced a line" rather than "added a file".
 */
async function showNewFile(contentProvider: ApprovalContentProvider, fileName: string, text: string, label: string): Promise<vscode.Uri> {
  const state = label.replace(/ ?change$/, '');
  const uri = contentProvider.add(text, `${fileName} (new file${state ? `, ${state}` : ''})`, 'after');
  contentProvider.markAdded(uri);
  const document = await vscode.workspace.openTextDocument(uri);
  const language = await languageOf(contentProvider, fileName);
  const shown = language === document.languageId ? document : await vscode.languages.setTextDocumentLanguage(document, language);
  contentProvider.highlightAdded(await vscode.window.showTextDocument(shown, { preview: true }));
  return uri;
}

/**
 * Opens a proposed write or edit: the diff (before ↔ after) of a changed file, a new file's
 * content on its own (see showNewFile); returns the shown documents' URIs (to remove once
 * answered), none when the request carries no new content.
 */
export async function showProposedChange(contentProvider: ApprovalContentProvider, request: ApprovalRequest, label = 'proposed change'): Promise<vscode.Uri[]> {
  if (request.after === undefined) return [];
  const fileName = (request.path ?? 'file').split(/[\\/]/).pop() ?? 'file';
  if (createsFile(request)) return [await showNewFile(contentProvider, fileName, request.after, label)];
  const beforeUri = contentProvider.add(request.before ?? '', fileName, 'before');
  const afterUri = contentProvider.add(request.after, fileName, 'after');
  await vscode.commands.executeCommand('vscode.diff', beforeUri, afterUri, `PTK: ${fileName} (${label})`, { preview: true });
  return [beforeUri, afterUri];
}

/**
 * Asks in a notification: Approve / Reject / Always (no "Always" for a protected file).
 * Dismissing it counts as Reject; after Reject the user may type a reason for the model.
 */
export const askInNotification: Approver = async (request, signal) => {
  const ask = request.kind === 'command' ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
  const detail = request.kind === 'command' ? request.command : request.path;
  // "Always" is not offered for a protected file: it would not cover the next write there.
  const choices = request.protectedReason ? [APPROVE, REJECT] : [APPROVE, REJECT, ALWAYS];
  const choice = await raceWithSignal(Promise.resolve(ask(describe(request), { modal: false, detail }, ...choices)), signal);
  if (choice === APPROVE) return { decision: 'approve' };
  if (choice === ALWAYS) return { decision: 'always' };
  const reason = await raceWithSignal(
    Promise.resolve(vscode.window.showInputBox({ prompt: 'Why? (optional: sent to the model)', placeHolder: 'e.g. use the existing helper instead' })),
    signal,
  );
  return reason ? { decision: 'reject', reason } : { decision: 'reject' };
};

/**
 * The default approver (before the chat view takes over): for writes and edits it opens a diff
 * (before ↔ after) and asks in a notification; for commands it shows the command line in a warning.
 */
export function createNotificationApprover(contentProvider: ApprovalContentProvider): Approver {
  return async (request, signal) => {
    const shownUris: vscode.Uri[] = [];
    try {
      if (request.kind === 'write' || request.kind === 'edit') shownUris.push(...(await showProposedChange(contentProvider, request)));
      return await askInNotification(request, signal);
    } finally {
      for (const uri of shownUris) contentProvider.remove(uri);
    }
  };
}

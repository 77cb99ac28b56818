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
 * so vscode.diff can show before/after without touching the disk.
 */
export class ApprovalContentProvider implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  private nextId = 1;
  private readonly registration: vscode.Disposable;

  /** @param scheme URI scheme to serve (tests use their own so they do not clash with the extension's). */
  constructor(readonly scheme: string = APPROVAL_DIFF_SCHEME) {
    this.registration = vscode.workspace.registerTextDocumentContentProvider(scheme, this);
  }

  /** Stores a text and returns the URI that shows it. */
  add(text: string, fileName: string, label: 'before' | 'after'): vscode.Uri {
    const id = `${this.nextId++}-${label}`;
    this.contents.set(id, text);
    return vscode.Uri.from({ scheme: this.scheme, path: `/${id}/${fileName}` });
  }

  /** Forgets a stored text. */
  remove(uri: vscode.Uri): void {
    this.contents.delete(uri.path.split('/')[1] ?? '');
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.path.split('/')[1] ?? '') ?? '';
  }

  dispose(): void {
    this.contents.clear();
    this.registration.dispose();
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

/**
 * Opens the diff (before ↔ after) of a proposed write or edit; returns the two documents' URIs
 * (to remove once answered), none when the request carries no new content. A new file's left
 * side is an empty document and its title says "new file", so it reads as added.
 */
export async function showProposedChange(contentProvider: ApprovalContentProvider, request: ApprovalRequest, label = 'proposed change'): Promise<vscode.Uri[]> {
  if (request.after === undefined) return [];
  const fileName = (request.path ?? 'file').split(/[\\/]/).pop() ?? 'file';
  const beforeUri = contentProvider.add(request.before ?? '', fileName, 'before');
  const afterUri = contentProvider.add(request.after, fileName, 'after');
  const title = createsFile(request) ? `PTK: ${fileName} (new file) (${label})` : `PTK: ${fileName} (${label})`;
  await vscode.commands.executeCommand('vscode.diff', beforeUri, afterUri, title, { preview: true });
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

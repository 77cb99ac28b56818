/**
 * The proposed-change tabs of the chat's approvals: "Open diff" shows a card's change in VS
 * Code's diff editor (a new file's content on its own, shown as added); while the approval waits, the editor's title bar offers Accept / Reject
 * (package.json editor/title menus, shown for the documents named in the context key below), and
 * once the approval is settled, however (card, title bar, Stop), its "(proposed change)" tab closes.
 */
import * as vscode from 'vscode';
import type { ApprovalRequest } from '../../core/workspace';
import type { ApprovalOutcome } from '../../ui/approvalBroker';
import { showProposedChange, type ApprovalContentProvider } from './approval';

/** Context key: paths of the 'after' documents of diffs whose approval still waits (the menus' when-clause). */
const PENDING_DIFFS_CONTEXT = 'ptk.pendingApprovalDiffs';

/** Commands of the diff editor's title bar. */
export const ACCEPT_IN_DIFF_COMMAND = 'ptk.acceptProposedChange';
export const REJECT_IN_DIFF_COMMAND = 'ptk.rejectProposedChange';

interface ShownDiff {
  approvalId: string;
  uris: vscode.Uri[];
}

export class ApprovalDiffTabs implements vscode.Disposable {
  private readonly shown: ShownDiff[] = [];
  private readonly pendingPaths = new Map<string, string>();
  private readonly registrations: vscode.Disposable[];

  /**
   * @param isPending whether an approval still waits (only then the title bar offers Accept / Reject)
   * @param answer gives the user's decision to the approval (the same path as the card's buttons)
   */
  constructor(
    private readonly contentProvider: ApprovalContentProvider,
    private readonly isPending: (approvalId: string) => boolean,
    answer: (approvalId: string, decision: 'approve' | 'reject') => void,
  ) {
    const decide = (decision: 'approve' | 'reject') => (uri?: vscode.Uri) => {
      const approvalId = this.approvalOf(uri ?? vscode.window.activeTextEditor?.document.uri);
      if (approvalId) answer(approvalId, decision);
      else void vscode.window.showInformationMessage('PTK: this diff has no approval waiting (it was already answered).');
    };
    this.registrations = [vscode.commands.registerCommand(ACCEPT_IN_DIFF_COMMAND, decide('approve')), vscode.commands.registerCommand(REJECT_IN_DIFF_COMMAND, decide('reject'))];
  }

  /**
   * Opens the diff of a card's change, with Accept / Reject in the title bar while it waits (from
   * the card, or on its own while the chat view is hidden); a settled one says how it ended.
   */
  async show(approvalId: string, request: ApprovalRequest, outcome?: ApprovalOutcome): Promise<void> {
    const pending = this.isPending(approvalId);
    const label = pending ? 'proposed change' : outcome === 'rejected' ? 'rejected change' : outcome === 'cancelled' ? 'cancelled change' : 'change';
    const uris = await showProposedChange(this.contentProvider, request, label);
    if (uris.length === 0) return;
    this.shown.push({ approvalId, uris });
    if (pending) {
      for (const uri of uris) this.pendingPaths.set(uri.path, approvalId);
      await this.publish();
    }
  }

  /** The approval was answered or cancelled: its pending tabs close and lose their title-bar buttons. */
  async settle(approvalId: string): Promise<void> {
    const settled = this.shown.filter((entry) => entry.approvalId === approvalId);
    if (settled.length === 0) return;
    const uris = new Set(settled.flatMap((entry) => entry.uris.filter((uri) => this.pendingPaths.has(uri.path)).map((uri) => uri.toString())));
    for (const entry of settled) for (const uri of entry.uris) this.pendingPaths.delete(uri.path);
    await this.publish();
    const shownUri = (input: unknown) => (input instanceof vscode.TabInputTextDiff ? input.modified : input instanceof vscode.TabInputText ? input.uri : undefined);
    const tabs = vscode.window.tabGroups.all.flatMap((group) => group.tabs).filter((tab) => uris.has(shownUri(tab.input)?.toString() ?? ''));
    if (tabs.length > 0) await vscode.window.tabGroups.close(tabs, true);
  }

  private approvalOf(uri: vscode.Uri | undefined): string | undefined {
    if (!uri || uri.scheme !== this.contentProvider.scheme) return undefined;
    return this.pendingPaths.get(uri.path);
  }

  private async publish(): Promise<void> {
    await vscode.commands.executeCommand('setContext', PENDING_DIFFS_CONTEXT, [...this.pendingPaths.keys()]);
  }

  dispose(): void {
    for (const registration of this.registrations) registration.dispose();
  }
}

/**
 * Tells the user, with a VS Code notification, that a task ended, failed or waits for their
 * approval while they look elsewhere (attentionNotice.ts decides when and what). "Show chat"
 * opens the conversation in the chat view. (Stable VS Code offers extensions no call that asks
 * the OS to draw attention to its window; the notification waits in the window until seen.)
 */
import * as vscode from 'vscode';
import { attentionMessage, type Attention } from '../../ui/attentionNotice';

interface AttentionNoticeDependencies {
  /** `ptk.notify`. */
  enabled(): boolean;
  /** Whether the chat view is on screen. */
  viewVisible(): boolean;
  /** Opens the conversation in the chat view and shows the view. */
  show(conversationId: string): Promise<void>;
  /** How many approvals the shown conversation waits for (after Show: one answered elsewhere meanwhile is said so). */
  pendingApprovals(): number;
}

const SHOW_CHAT = 'Show chat';

/** Shows the notification an attention calls for, if any. */
export function notifyAttention(attention: Attention, dependencies: AttentionNoticeDependencies): void {
  const message = attentionMessage(attention, { enabled: dependencies.enabled(), windowFocused: vscode.window.state.focused, viewVisible: dependencies.viewVisible() });
  if (!message) return;
  const notify = attention.kind === 'failed' ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
  void notify(message, SHOW_CHAT).then(async (choice) => {
    if (choice !== SHOW_CHAT) return;
    await dependencies.show(attention.conversationId);
    // A notification outlives its question: it may have been answered elsewhere (the diff's title bar) meanwhile.
    if (attention.kind === 'approval' && dependencies.pendingApprovals() === 0) void vscode.window.setStatusBarMessage('PTK: nothing waits for your approval there any more.', 5000);
  });
}

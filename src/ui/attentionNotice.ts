/**
 * When PTK asks for the user's attention and what it says: a task that ended, failed, or waits
 * for an approval, told by a notification when the user is not looking at it (the window is
 * not focused, the chat view is not visible, or another conversation is shown). A task the user
 * stopped is not told: they did it. An approval asked while the view is hidden is not told
 * either: it is asked in a notification of its own. Free of 'vscode': the host shows the message.
 */

/** Something in a conversation that wants the user. */
export interface Attention {
  kind: 'approval' | 'done' | 'failed';
  conversationId: string;
  /** The task's own message (or the conversation's title). */
  title: string;
  /** Why it failed (kind 'failed'). */
  detail?: string;
  /** Whether the chat view shows this conversation. */
  shown: boolean;
}

/** Where the user's eyes are, and their choice. */
export interface AttentionContext {
  /** `ptk.notify`. */
  enabled: boolean;
  /** The VS Code window has the focus. */
  windowFocused: boolean;
  /** The chat view is on screen. */
  viewVisible: boolean;
}

const TITLE_CHARS = 60;
const DETAIL_CHARS = 160;

const clip = (text: string, chars: number): string => (text.length > chars ? `${text.slice(0, chars - 1)}…` : text);

/**
 * The notification's text, or undefined when the user sees it already (the shown conversation
 * in a visible chat view of a focused window) or turned notifications off.
 */
export function attentionMessage(attention: Attention, context: AttentionContext): string | undefined {
  if (!context.enabled) return undefined;
  if (attention.shown && context.windowFocused && context.viewVisible) return undefined;
  // With the view hidden, an approval is asked in a notification of its own (the host's approver).
  if (attention.kind === 'approval' && !context.viewVisible) return undefined;
  const task = `the task “${clip(attention.title, TITLE_CHARS)}”`;
  switch (attention.kind) {
    case 'approval':
      return `PTK: ${task} has a tool call waiting for your approval.`;
    case 'done':
      return `PTK: ${task} is done.`;
    case 'failed':
      return `PTK: ${task} failed${attention.detail ? `: ${clip(attention.detail, DETAIL_CHARS)}` : '.'}`;
  }
}

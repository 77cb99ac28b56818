/** What the history says of a conversation: a task runs in it, or it waits for the user's approval. */
import type { ChatViewState, ConversationSummary } from './protocol';

export function conversationActivity(state: Pick<ChatViewState, 'busy' | 'pendingApprovals'>): ConversationSummary['activity'] {
  if (state.pendingApprovals.length > 0) return 'waiting';
  return state.busy ? 'running' : undefined;
}

/** The history row's words for it. */
export function activityLabel(activity: ConversationSummary['activity']): string {
  return activity === 'waiting' ? 'waits for approval' : activity === 'running' ? 'running' : '';
}

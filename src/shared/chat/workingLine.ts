/**
 * The chat's "working…" row (pure): what the running task is doing, read from the view state so
 * the host and the webview agree and no extra event is needed. Undefined while no task runs.
 */
import type { ChatViewState } from './protocol';

/** What the chat view's working row and @ptk's progress say while a model call waits for a tab of the site. */
export const WAITING_FOR_TAB = 'Waiting for a free tab…';

export function workingLine(state: ChatViewState): string | undefined {
  if (!state.busy) return undefined;
  if (state.pendingApprovals.length > 0) return 'Waiting for your approval…';
  if (state.waitingForTab) return WAITING_FOR_TAB;
  // The latest message or card says what happens now (checkpoint, rules and notice rows say nothing of it).
  for (let index = state.items.length - 1; index >= 0; index--) {
    const item = state.items[index];
    if (item.kind === 'assistant') return item.streaming && item.text ? 'Reading the answer…' : 'Waiting for the site…';
    if (item.kind === 'tool') return item.status === 'running' || item.status === 'approved' ? `Running ${item.tool}…` : 'Waiting for the site…';
    if (item.kind === 'user') return 'Waiting for the site…';
  }
  return 'Waiting for the site…';
}

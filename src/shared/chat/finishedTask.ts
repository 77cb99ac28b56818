/**
 * The conversation's last task when it finished, which Second Opinion may send for a review:
 * shared by the host (which refuses to send otherwise) and the view (which offers the button
 * on its answer only).
 */
import type { ChatItem, ChatViewState } from './protocol';

/** What the review is about: the request that started the task, its answer, and its task id when it changed files. */
export interface FinishedTask {
  goal: string;
  answer: string;
  /** The answer's item (where the view offers "Second opinion"). */
  answerId: string;
  /** The task whose checkpoint item ends the turn (it changed files). */
  taskId?: string;
}

/**
 * The conversation's last task when it finished: no task runs, and the last user message's
 * turn has an answer and ended neither stopped nor failed. Undefined otherwise.
 */
export function finishedTask(state: ChatViewState): FinishedTask | undefined {
  if (state.busy) return undefined;
  const start = state.items.map((item) => item.kind).lastIndexOf('user');
  const goal = state.items[start];
  if (goal?.kind !== 'user') return undefined;
  const turn = state.items.slice(start + 1);
  if (turn.some((item) => item.kind === 'error' || (item.kind === 'notice' && item.endsTurn))) return undefined;
  const answer = turn.filter((item): item is Extract<ChatItem, { kind: 'assistant' }> => item.kind === 'assistant').at(-1);
  if (!answer || answer.streaming || answer.stopped) return undefined;
  const checkpoint = turn.find((item) => item.kind === 'checkpoint' && item.scope === 'task');
  return { goal: goal.text, answer: answer.text, answerId: answer.id, ...(checkpoint?.kind === 'checkpoint' ? { taskId: checkpoint.taskId } : {}) };
}

/**
 * The answers that offer "Act on this plan": a task's final answer in Plan mode, finished (not
 * streaming, not stopped, the task not failed), whose text holds a numbered list ("1. …" or
 * "1) …" at the start of a line), not acted on yet (the next message is not its "Act on this
 * plan"). Both sides use it: the view to show the button, the host to
 * accept only those answers when it is pressed.
 */
import { PLAN_MODE_ID } from './modeIds';
import type { ChatItem, ChatViewState } from './protocol';

/** What the transcript shows for the message "Act on this plan" sends; a plan acted on offers it no more. */
export const ACT_ON_PLAN_TEXT = 'Act on this plan';

/** A line that starts a numbered list: "1. Read…", "  2) Change…". */
const NUMBERED_LINE = /^\s{0,3}\d{1,3}[.)]\s+\S/m;

/** Whether `text` holds a numbered list. */
export function hasNumberedList(text: string): boolean {
  return NUMBERED_LINE.test(text);
}

/** The ids of the answers that offer "Act on this plan", in `state`. */
export function planAnswerIds(state: ChatViewState): Set<string> {
  const ids = new Set<string>();
  const users = state.items.flatMap((item, index) => (item.kind === 'user' ? [index] : []));
  users.forEach((start, turnIndex) => {
    const goal = state.items[start];
    if (goal.kind !== 'user' || goal.mode?.id !== PLAN_MODE_ID) return;
    const last = turnIndex === users.length - 1;
    if (last && state.busy) return;
    const next = users[turnIndex + 1] === undefined ? undefined : state.items[users[turnIndex + 1]!];
    if (next?.kind === 'user' && next.text === ACT_ON_PLAN_TEXT) return;
    const turn = state.items.slice(start + 1, users[turnIndex + 1] ?? state.items.length);
    if (turn.some((item) => item.kind === 'error' || (item.kind === 'notice' && item.endsTurn))) return;
    const answer = turn.filter((item): item is Extract<ChatItem, { kind: 'assistant' }> => item.kind === 'assistant').at(-1);
    if (answer && !answer.streaming && !answer.stopped && hasNumberedList(answer.text)) ids.add(answer.id);
  });
  return ids;
}

/**
 * Tool-call ids: readable, and unique within a conversation. A run over an empty history (a
 * conversation's first task, a one-off task) numbers its calls `call_<iteration>_<index>`; a
 * run that continues a conversation numbers them `call_<task>_<iteration>_<index>`, where
 * `task` is past every earlier prompt of the history and every task number its ids carry, so
 * no id of the history comes back (a card, a log line, a transcript's tool message each name
 * one call).
 */
import type { PTKMessage } from '../types';

/** The first run of a conversation: ids keep the short `call_<iteration>_<index>` shape. */
export const FIRST_TASK = 1;

const SHORT_ID = /^call_\d+_\d+$/;
const TASK_ID = /^call_(\d+)_\d+_\d+$/;

/** The task number of the run over `history`: one past its prompts and the task numbers of its ids. */
export function taskNumberAfter(history: readonly PTKMessage[]): number {
  let latest = 0;
  for (const message of history) {
    if (message.role === 'user') latest++;
    const ids = [message.toolCallId, ...(message.toolCalls ?? []).map((toolCall) => toolCall.id)];
    for (const id of ids) {
      if (id === undefined) continue;
      if (SHORT_ID.test(id)) latest = Math.max(latest, FIRST_TASK);
      const task = TASK_ID.exec(id)?.[1];
      if (task !== undefined) latest = Math.max(latest, Number(task));
    }
  }
  return latest + 1;
}

/** The id of the `index`-th call of turn `iteration` in task `task`. */
export function callIdFor(task: number, iteration: number, index: number): string {
  return task === FIRST_TASK ? `call_${iteration}_${index}` : `call_${task}_${iteration}_${index}`;
}

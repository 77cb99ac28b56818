/**
 * Which item of the conversation carries "Retry". Retry sends the conversation's last message
 * again, so it is offered only on that message's turn: on the turn's last answer, or, when the
 * turn ended without one (stopped or failed before any text) or ended on its "Stopped." notice
 * after a tool card that followed the answer, on that notice (the turn's end). An
 * earlier answer never offers it: there it would re-run a question other than its own.
 */
import type { ChatItem, ChatViewState } from './protocol';

/** A notice that ended its turn (conversations saved before the flag existed: a "Stopped…" notice). */
const endsTurn = (item: ChatItem): boolean => item.kind === 'notice' && (item.endsTurn ?? /^Stopped\b/.test(item.text));

/** The id of the item that offers Retry; undefined while a task runs or when nothing can be retried. */
export function retryTargetId(state: ChatViewState): string | undefined {
  if (state.busy) return undefined;
  let lastUser = -1;
  for (let index = state.items.length - 1; index >= 0; index--) {
    if (state.items[index].kind === 'user') {
      lastUser = index;
      break;
    }
  }
  // Informative notices after the turn (an undo, a warning) are not part of how it ended.
  const turn = state.items.slice(lastUser + 1).filter((item) => item.kind !== 'notice' || endsTurn(item));
  const answerAt = turn.map((item) => item.kind).lastIndexOf('assistant');
  const ending = turn.at(-1);
  // A turn that ended on its notice after more than its answer (a tool card the Stop cancelled):
  // Retry goes at its end, not between the answer and the card.
  if (answerAt !== -1 && !(ending?.kind === 'notice' && turn.slice(answerAt + 1, -1).length > 0)) return turn[answerAt]!.id;
  if (lastUser === -1) return undefined;
  return turn.filter(endsTurn).at(-1)?.id;
}

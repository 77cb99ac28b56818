/**
 * `DONE`: the action name workflow-style prompts use to say "the task is complete". When the
 * loop offers a completion tool (`finishTool`), a call of `DONE` ends the task the same way,
 * so a model that answers in that style is understood.
 */
import type { PTKToolCall } from '../types';

export const DONE_ACTION = 'DONE';

/** True for a call of the `DONE` action. */
export function isDoneAction(toolCall: PTKToolCall): boolean {
  return toolCall.tool === DONE_ACTION;
}

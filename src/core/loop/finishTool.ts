/** The completion tool: the model calls it (or `DONE`) to end the task with its answer. */
import { z } from 'zod';
import { DEFAULTS } from '../constants';
import { isDoneAction } from '../compat/doneAction';
import { defineTool } from '../tools/defineTool';
import type { PTKTool, PTKToolCall } from '../types';

/** The name of the completion tool for a `finishTool` option, or undefined when disabled. */
export function finishToolName(option: boolean | string | undefined): string | undefined {
  if (option === true) return DEFAULTS.finishToolName;
  if (typeof option === 'string' && option.length > 0) return option;
  return undefined;
}

/** The completion tool shown to the model. */
export function createFinishTool(name: string = DEFAULTS.finishToolName): PTKTool {
  return defineTool({
    name,
    description: 'Call this when the task is complete. `result` is your final answer to the user.',
    inputSchema: z.object({ result: z.string().describe('The final answer shown to the user.') }),
    run: () => null,
    readOnly: true,
  });
}

/** True for a call of the completion tool (or the `DONE` action). */
export function isFinishCall(toolCall: PTKToolCall, name: string): boolean {
  return toolCall.tool === name || isDoneAction(toolCall);
}

/** The final answer carried by a completion call (`result`, `answer`, `summary` or `content`). */
export function finishCallAnswer(toolCall: PTKToolCall, fallback: string): string {
  for (const key of ['result', 'answer', 'summary', 'content', 'reason']) {
    const value = toolCall.args?.[key];
    if (typeof value === 'string' && value.length > 0) return value;
  }
  return fallback;
}

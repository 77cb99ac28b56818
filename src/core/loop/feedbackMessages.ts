/**
 * The transcript messages that answer a reply: a tool's result (role `tool`, `TOOL_RESULT: …`),
 * why a call was not run (role `system`: `TOOL_ERROR: …` or a rule's warning), a cached result
 * with its note, the one-call-per-reply note. The wording comes from protocol/feedback.ts and
 * the formatter; this file only decides which text and role each outcome gets.
 */
import type { PTKFormatter } from '../protocol/formatter';
import { cachedResultNote, cycleWarning, duplicateWarning, oneCallPerReplyNote, UNREADABLE_CALL_MESSAGE } from '../protocol/feedback';
import type { PTKMessage, PTKToolCall, PTKToolResult } from '../types';
import type { PlannedStep } from './callPlanning';

interface FeedbackFormat {
  formatter: PTKFormatter;
  /** Cap of one tool result (undefined: the formatter's own). */
  resultMaxChars?: number;
}

/** The message answering one planned step; `result` is the run's result for a `run` step. */
export function stepMessage(step: PlannedStep, result: PTKToolResult | undefined, format: FeedbackFormat): PTKMessage {
  switch (step.kind) {
    case 'run':
      return resultMessage(step.toolCall, result!, format);
    case 'cached':
      return {
        role: 'tool',
        content: `${cachedResultNote(step.toolCall.tool)}\n${formatResult(step.result, step.toolCall.tool, format)}`,
        toolCallId: step.toolCall.id,
        toolName: step.toolCall.tool,
      };
    case 'rejected':
      return { role: 'system', content: format.formatter.formatToolError(step.error.message) };
    case 'cycle':
      return { role: 'system', content: cycleWarning(step.period) };
    case 'duplicate':
      return { role: 'system', content: duplicateWarning(step.toolCall.tool) };
  }
}

/** `TOOL_RESULT: …` for a call that ran. */
function resultMessage(toolCall: PTKToolCall, result: PTKToolResult, format: FeedbackFormat): PTKMessage {
  return { role: 'tool', content: formatResult(result, toolCall.tool, format), toolCallId: toolCall.id, toolName: toolCall.tool };
}

/** `TOOL_ERROR: …` for a reply the parser judged invalid. */
export function invalidReplyMessage(parserError: string | undefined, format: FeedbackFormat): PTKMessage {
  return { role: 'system', content: format.formatter.formatToolError(parserError ?? UNREADABLE_CALL_MESSAGE) };
}

/** Only the first call of the reply ran. */
export function oneCallPerReplyMessage(ranToolName: string, ignoredCount: number): PTKMessage {
  return { role: 'system', content: oneCallPerReplyNote(ranToolName, ignoredCount) };
}

function formatResult(result: PTKToolResult, toolName: string, format: FeedbackFormat): string {
  // Only the three protocol fields reach the model (not the code or the duration).
  const plain: PTKToolResult = { success: result.success, data: result.data, error: result.error };
  return format.formatter.formatToolResult(plain, { maxChars: format.resultMaxChars, toolName });
}

/**
 * The wording the model reads when the loop answers something other than a tool's result:
 * why a call could not be run (sent as `TOOL_ERROR: …` by the formatter), and the warnings and
 * notes of the loop's rules (repeated calls, cycles, cached results, one call per reply).
 * Kept in one place so both loop facades, the tool registry and the docs say the same thing.
 */
import type { ToolInputIssue } from '../errors';

/** A tool that does not exist: names the tools that do. */
export function unknownToolMessage(toolName: string, availableToolNames: readonly string[]): string {
  const available = availableToolNames.length > 0 ? availableToolNames.join(', ') : '(none)';
  return `Unknown tool "${toolName}". Available tools: ${available}. Tool names are case-sensitive.`;
}

/** A tool that exists but this task does not offer (`reason`: "in Ask mode"): names the tools it may call. */
export function withheldToolMessage(toolName: string, reason: string, availableToolNames: readonly string[]): string {
  const available = availableToolNames.length > 0 ? availableToolNames.join(', ') : '(none)';
  return `The tool "${toolName}" is not available ${reason}: it was not run. Available tools: ${available}. Use only these, or answer in text.`;
}

/** Arguments that do not fit the tool: one `path: problem` per issue. */
export function invalidArgumentsMessage(toolName: string, issues: readonly ToolInputIssue[]): string {
  const problems = issues.map((issue) => `${issue.path.length > 0 ? issue.path.map(String).join('.') : '(arguments)'}: ${issue.message}`);
  return `Invalid arguments for ${toolName}: ${problems.join('; ')}.`;
}

/** A reply judged invalid without an explanation from the parser. */
export const UNREADABLE_CALL_MESSAGE = 'The tool call could not be read.';

/** A call equal to a recent one: it was not run. */
export function duplicateWarning(toolName: string): string {
  return `⚠️ WARNING: You just called "${toolName}" with the same arguments. This looks like a loop. Please try a DIFFERENT approach or provide a final answer if you have enough information.`;
}

/** The latest calls repeat a block of `period` calls: the call was not run. */
export function cycleWarning(period: number): string {
  return `⚠️ WARNING: Your last ${period * 2} tool calls repeat the same ${period} calls in a cycle. This looks like a loop: the call was not run. Try a DIFFERENT approach or provide a final answer. Repeating the cycle again ends the task.`;
}

/** Put before a repeated read-only call's earlier result. */
export function cachedResultNote(toolName: string): string {
  return `NOTE: you already called "${toolName}" with these arguments and nothing has changed since; this is the earlier result, from cache. Use it instead of calling again.`;
}

/** Only the first of several calls in one reply ran. */
export function oneCallPerReplyNote(ranToolName: string, ignoredCount: number): string {
  return `NOTE: only one tool call per reply is allowed. Only the first call (${ranToolName}) was run; ${ignoredCount} other call(s) were ignored. Send them one per reply if you still need them.`;
}

/** A message the user sent while the task ran (steering): it goes with the next turn's results as the user's newest instruction. */
export function steeringMessageText(text: string): string {
  return `USER_MESSAGE (sent by the user while you were working; it is their newest instruction for this task: follow it, and go on from where you are):\n${text}`;
}

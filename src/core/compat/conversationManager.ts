/**
 * Standard conversation messages for a tool loop kept as plain chat messages: the call
 * (`AI ACTION …`), the result (`TOOL RESPONSE …`), success and failure wording, and duplicate
 * detection that reads the last call back from the conversation. The wording is fixed,
 * because `extractToolCallFromMessage` parses it back and callers compare it as it is.
 * `ConversationManager` groups the same functions under one name (static-method style).
 */
import { DEFAULTS } from '../constants';
import type { PTKMessage, PTKRole, PTKToolResult } from '../types';
import { stableStringify } from '../util/callSignature';
import { toolDisplayName, toolNameFromDisplayName } from './displayName';

/** A plain `{ role, content }` message. */
export function buildConversationMessage(role: PTKRole, content: string): PTKMessage {
  return { role, content };
}

function formatParameterValue(value: unknown, truncation: number): string {
  if (typeof value === 'string') return value.length > truncation ? `${value.slice(0, truncation)}...` : value;
  return stableStringify(value);
}

export interface ToolMessageOptions {
  /** Display name to use instead of the one derived from the tool name. */
  displayName?: string;
  /** String parameters longer than this are cut to `N...` (default 50). */
  truncation?: number;
}

/**
 * `AI ACTION (Turn 1): Executing Google Search with parameters: query: …, num_results: 5`
 * (turn 0 leaves out the turn). Strings over 50 characters become `first 50...`.
 */
export function formatToolCallMessage(
  toolName: string,
  toolParameters: Record<string, unknown>,
  turnCount: number,
  options: ToolMessageOptions = {},
): PTKMessage {
  const truncation = options.truncation ?? DEFAULTS.parameterTruncation;
  const displayName = options.displayName ?? toolDisplayName(toolName);
  const parameters = Object.entries(toolParameters)
    .map(([key, value]) => `${key}: ${formatParameterValue(value, truncation)}`)
    .join(', ');
  const turn = turnCount > 0 ? ` (Turn ${turnCount})` : '';
  const content = `AI ACTION${turn}: Executing ${displayName}${parameters ? ` with parameters: ${parameters}` : ''}`;
  return { role: 'assistant', content };
}

/**
 * Rewrites the success message of a finished tool call (e.g. to show the URL a publish tool
 * returned). Filters run in the order they were added, each on the previous one's output.
 */
export type SuccessMessageFilter = (
  message: string,
  toolName: string,
  toolResult: PTKToolResult,
  toolParameters: Record<string, unknown>,
) => string;

const successMessageFilters: SuccessMessageFilter[] = [];

/** Registers a success-message filter (applied in order); returns a function that removes it. */
export function addSuccessMessageFilter(filter: SuccessMessageFilter): () => void {
  successMessageFilters.push(filter);
  return () => {
    const index = successMessageFilters.indexOf(filter);
    if (index !== -1) successMessageFilters.splice(index, 1);
  };
}

/**
 * `SUCCESS: Twitter Publish completed successfully. The requested operation has been finished as requested.`
 * (after the filters), or `TOOL FAILED: twitter_publish execution failed - <error>` for a failed result.
 */
export function generateSuccessMessage(toolName: string, toolResult: PTKToolResult, toolParameters: Record<string, unknown>): string {
  if (!toolResult.success) {
    return `TOOL FAILED: ${toolName} execution failed - ${toolResult.error ?? 'Unknown error'}`;
  }
  let message = `SUCCESS: ${toolDisplayName(toolName)} completed successfully. The requested operation has been finished as requested.`;
  for (const filter of successMessageFilters) message = filter(message, toolName, toolResult, toolParameters);
  return message;
}

/** `TOOL FAILED: Google Search execution failed - <error>. Please review the error and adjust your approach if needed.` */
export function generateFailureMessage(toolName: string, errorMessageText: string): string {
  return `TOOL FAILED: ${toolDisplayName(toolName)} execution failed - ${errorMessageText}. Please review the error and adjust your approach if needed.`;
}

/**
 * `TOOL RESPONSE (Turn N): <success or failure message>`, followed (for non-handler tools
 * with data) by a blank line and the JSON-encoded `data`. A user message.
 */
export function formatToolResultMessage(
  toolName: string,
  toolResult: PTKToolResult,
  toolParameters: Record<string, unknown>,
  isHandlerTool = false,
  turnCount = 0,
): PTKMessage {
  const turn = turnCount > 0 ? ` (Turn ${turnCount})` : '';
  let content = `TOOL RESPONSE${turn}: ${generateSuccessMessage(toolName, toolResult, toolParameters)}`;
  if (!isHandlerTool && toolResult.success && toolResult.data !== undefined && toolResult.data !== null) {
    content += `\n\n${JSON.stringify(toolResult.data, null, 2)}`;
  }
  return { role: 'user', content, toolName };
}

/** `You just called the Google Search tool with the exact same parameters as your previous action. …` */
export function generateDuplicateToolCallMessage(toolName: string): PTKMessage {
  return {
    role: 'user',
    content: `You just called the ${toolDisplayName(toolName)} tool with the exact same parameters as your previous action. Please try a different approach or use different parameters instead.`,
  };
}

export interface ExtractedToolCall {
  toolName: string;
  parameters: Record<string, unknown>;
}

const TOOL_CALL_MESSAGE = /^AI ACTION(?: \(Turn \d+\))?: Executing (.+?)(?: with parameters: ([\s\S]*))?$/;

/**
 * Reads a call back from an `AI ACTION …` message; null for any other message.
 * Values are JSON-decoded where possible; a truncated value (`…...`) gets
 * `_truncated_<timestamp>` appended so it never equals a real value.
 */
export function extractToolCallFromMessage(message: PTKMessage): ExtractedToolCall | null {
  if (message.role !== 'assistant') return null;
  const match = TOOL_CALL_MESSAGE.exec(message.content);
  if (!match) return null;
  const parameters: Record<string, unknown> = {};
  if (match[2]) {
    for (const pair of match[2].split(', ')) {
      const separator = pair.indexOf(': ');
      if (separator === -1) continue;
      const key = pair.slice(0, separator);
      const rawValue = pair.slice(separator + 2);
      if (rawValue.endsWith('...') && rawValue.length === DEFAULTS.parameterTruncation + 3) {
        parameters[key] = `${rawValue}_truncated_${Date.now()}`;
        continue;
      }
      try {
        parameters[key] = JSON.parse(rawValue);
      } catch {
        parameters[key] = rawValue;
      }
    }
  }
  return { toolName: toolNameFromDisplayName(match[1]), parameters };
}

export interface DuplicateValidation {
  isDuplicate: boolean;
  message: string;
}

/** Is this call the same as the most recent `AI ACTION` in the conversation (same tool, same parameters)? */
export function validateToolCall(
  toolName: string,
  toolParameters: Record<string, unknown>,
  conversationMessages: readonly PTKMessage[],
): DuplicateValidation {
  for (let index = conversationMessages.length - 1; index >= 0; index--) {
    const previous = extractToolCallFromMessage(conversationMessages[index]);
    if (!previous) continue;
    const normalized = JSON.parse(JSON.stringify(toolParameters)) as Record<string, unknown>;
    const isDuplicate = previous.toolName === toolName && stableStringify(previous.parameters) === stableStringify(normalized);
    return { isDuplicate, message: isDuplicate ? generateDuplicateToolCallMessage(toolName).content : '' };
  }
  return { isDuplicate: false, message: '' };
}

/**
 * The functions above under one name, so code written in static-method style
 * (`ConversationManager.formatToolCallMessage('google_search', parameters, 1)`) runs as it is.
 */
export const ConversationManager = Object.freeze({
  buildConversationMessage,
  formatToolCallMessage,
  formatToolResultMessage,
  generateSuccessMessage,
  generateFailureMessage,
  generateDuplicateToolCallMessage,
  extractToolCallFromMessage,
  validateToolCall,
  addSuccessMessageFilter,
});

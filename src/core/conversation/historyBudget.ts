/**
 * The history budget, so a long task fits the chat: when the transcript passes a
 * character budget, older tool results are shortened first (head and tail kept), then
 * older turns are folded into one summary message. The system prompt, the task (the
 * first user message) and the latest messages are always kept whole.
 */
import { DEFAULTS } from '../constants';
import type { PTKMessage } from '../types';
import { truncateMiddle } from '../util/truncate';

interface HistoryBudgetOptions {
  /** Character budget for the whole transcript (default DEFAULTS.historyBudgetChars). */
  budgetChars?: number;
  /** The latest messages kept untouched (default DEFAULTS.historyKeepRecentMessages). */
  keepRecentMessages?: number;
  /** An older tool result is cut to about this many characters (default DEFAULTS.historyShortenedResultChars). */
  shortenedResultChars?: number;
}

/** Total characters of the messages' contents. */
export function historyLength(messages: readonly PTKMessage[]): number {
  let total = 0;
  for (const message of messages) total += message.content.length;
  return total;
}

/** Keeps the head and the tail of `text` within `maxChars`, saying how much was left out. */
export function shortenText(text: string, maxChars: number): string {
  return truncateMiddle(text, maxChars).text;
}

function isToolResultMessage(message: PTKMessage): boolean {
  return message.role === 'tool' || message.content.startsWith('TOOL_RESULT:');
}

function oneLine(text: string, maxChars: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > maxChars ? `${flat.slice(0, maxChars)}…` : flat;
}

const SUMMARY_HEADER = 'Summary of earlier steps (older messages were compacted to fit the history budget):';

function summaryLines(message: PTKMessage): string[] {
  if (message.compacted && message.content.startsWith(SUMMARY_HEADER)) {
    return message.content.split('\n').slice(1);
  }
  if (message.role === 'assistant' && message.toolCalls && message.toolCalls.length > 0) {
    return message.toolCalls.map((toolCall) => `- called ${toolCall.tool} ${oneLine(JSON.stringify(toolCall.args), 160)}`);
  }
  if (isToolResultMessage(message)) return [`  → ${oneLine(message.content, 160)}`];
  return [`- ${message.role}: ${oneLine(message.content, 160)}`];
}

/**
 * Returns the messages fitted to the budget (the input array is not changed; messages
 * that were changed are new objects with `compacted: true`).
 */
export function compactHistory(messages: readonly PTKMessage[], options: HistoryBudgetOptions = {}): PTKMessage[] {
  const budget = options.budgetChars ?? DEFAULTS.historyBudgetChars;
  const keepRecent = Math.max(1, options.keepRecentMessages ?? DEFAULTS.historyKeepRecentMessages);
  const shortenedChars = options.shortenedResultChars ?? DEFAULTS.historyShortenedResultChars;
  let total = historyLength(messages);
  if (total <= budget) return [...messages];

  // The protected head: leading system messages and the first user message (the task).
  let headEnd = 0;
  while (headEnd < messages.length && messages[headEnd].role === 'system') headEnd++;
  if (headEnd < messages.length && messages[headEnd].role === 'user') headEnd++;
  const recentStart = Math.max(headEnd, messages.length - keepRecent);

  // 1. Shorten older tool results, oldest first.
  const result = [...messages];
  for (let index = headEnd; index < recentStart && total > budget; index++) {
    const message = result[index];
    if (!isToolResultMessage(message) || message.content.length <= shortenedChars) continue;
    const content = shortenText(message.content, shortenedChars);
    total += content.length - message.content.length;
    result[index] = { ...message, content, compacted: true };
  }
  if (total <= budget || recentStart <= headEnd) return result;

  // 2. Fold the older turns into one summary message.
  const lines: string[] = [];
  for (let index = headEnd; index < recentStart; index++) lines.push(...summaryLines(result[index]));
  const head = result.slice(0, headEnd);
  const recent = result.slice(recentStart);
  const fixedLength = historyLength(head) + historyLength(recent) + SUMMARY_HEADER.length;
  // Drop the oldest summary lines while still over budget (always keep the latest few).
  let linesLength = lines.reduce((sum, line) => sum + line.length + 1, 0);
  while (lines.length > 4 && fixedLength + linesLength > budget) linesLength -= lines.shift()!.length + 1;
  const summary: PTKMessage = { role: 'user', content: [SUMMARY_HEADER, ...lines].join('\n'), compacted: true };
  return [...head, summary, ...recent];
}

/**
 * Compaction of a chat before it reaches the site's limit. A chat tab keeps the whole
 * conversation, and every site caps how much one chat may hold; rather than wait for the site
 * to refuse a message ("the conversation is too long"), the loop measures what the chat holds
 * and, past a share of the limit, asks the model itself for a summary of the task so far, then
 * goes on in a new chat that starts from the system prompt, the task, that summary and what the
 * model has not seen yet. The same request serves a compaction the user asks for between tasks.
 */
import type { PTKMessage } from '../types';

/** The first line of the message that carries a model-written summary (how it is recognised). */
export const COMPACTION_SUMMARY_HEADER = 'Summary of the conversation so far, written by you before the chat was compacted into a new one:';

/** Default share of the chat limit at which the chat is compacted. */
export const DEFAULT_COMPACTION_THRESHOLD = 0.8;

/** The request that asks the model for its summary. */
export function compactionRequest(): string {
  return [
    'This chat is nearly full, so we will go on in a new chat. Before that, write a summary of the work so far for yourself, to continue from it without this chat:',
    '- the goal, as the user gave it, and anything the user asked for since;',
    '- the decisions taken and why;',
    '- the files read or changed, by path, and what matters in them;',
    '- what is done, what is left, and the next step (keep the task list if you have one).',
    'Answer with the summary only, in plain text: no tool call.',
  ].join('\n');
}

/** The summary as the new chat's message (marked compacted). */
export function summaryMessage(summary: string): PTKMessage {
  return { role: 'user', content: `${COMPACTION_SUMMARY_HEADER}\n\n${summary.trim()}`, compacted: true };
}

/** True for a message made by summaryMessage. */
export function isSummaryMessage(message: PTKMessage): boolean {
  return message.compacted === true && message.content.startsWith(COMPACTION_SUMMARY_HEADER);
}

/** What a chat holds against its limit, and the conversation against its history budget (characters). */
export interface ContextUsage {
  /** Characters the site's current chat holds (what PTK sent to it and what the model answered in it). */
  chatChars: number;
  /** The chat's limit in characters (undefined: not known). */
  limitChars?: number;
  /** Characters of the whole transcript (the history the next chat would start from, before the budget). */
  historyChars: number;
  historyBudgetChars: number;
}

/** How a run measures and compacts its chat. */
export interface CompactionSettings {
  /** The chat's limit in characters. */
  limitChars: number;
  /** Share of the limit at which the chat is compacted (default DEFAULT_COMPACTION_THRESHOLD). */
  threshold?: number;
}

/**
 * True when sending `nextChars` more to a chat that holds `chatChars` would pass the threshold.
 * A chat that has not had a whole turn yet is never compacted: a summary of it would hold as
 * much as it does.
 */
export function compactionDue(settings: CompactionSettings, chatChars: number, nextChars: number, turnsInChat: number): boolean {
  if (turnsInChat < 1) return false;
  return chatChars + nextChars > settings.limitChars * (settings.threshold ?? DEFAULT_COMPACTION_THRESHOLD);
}

/**
 * The transcript a new chat starts from after a compaction: the system prompt (when there is
 * one), the task's own message, the summary, then what the old chat had not seen
 * (`transcript.slice(seenLength)`: the model's last reply and the results that answer it).
 * The earlier history is in the summary.
 */
export function compactedTranscript(transcript: readonly PTKMessage[], taskIndex: number, seenLength: number, summary: string): PTKMessage[] {
  const system = transcript[0]?.role === 'system' ? [transcript[0]] : [];
  const task = transcript[taskIndex] ? [transcript[taskIndex]] : [];
  const unseen = transcript.slice(Math.max(seenLength, taskIndex + 1));
  return [...system, ...task, summaryMessage(summary), ...unseen];
}

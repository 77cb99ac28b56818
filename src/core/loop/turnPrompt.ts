/**
 * What is sent to the model for a turn. A backend that keeps its own conversation (a chat tab,
 * `keepsThread`) gets the whole transcript once, when its thread starts, and afterwards only
 * what is new since it last saw the transcript (tool results, errors, warnings; never its own
 * replies), with a compact protocol reminder every DEFAULTS.protocolReminderEvery turns. Any
 * other backend gets the whole transcript every turn. The whole transcript is always fitted to
 * the history budget first.
 */
import { DEFAULTS } from '../constants';
import { compactHistory } from '../conversation/historyBudget';
import type { LLMCallOptions } from '../ports';
import type { PTKFormatter } from '../protocol/formatter';
import type { PTKMessage, PTKTool } from '../types';

export interface TurnPromptInput {
  /** The whole transcript, system prompt first. */
  transcript: readonly PTKMessage[];
  /** The transcript as the backend's thread last saw it (undefined: no thread yet). */
  sentTranscript: readonly PTKMessage[] | undefined;
  keepsThread: boolean;
  /** The conversation the turn belongs to (LLMCallOptions.thread.key): its chat is continued where it is. */
  threadKey?: string;
  formatter: PTKFormatter;
  /** The tools on offer (named by the reminder). */
  tools: readonly PTKTool[];
  /** This turn's number (1-based). */
  iteration: number;
  /** History budget in characters (default DEFAULTS.historyBudgetChars). */
  historyBudgetChars?: number;
  /**
   * Text that ends every turn's prompt without being part of the transcript (the model's task
   * list): sent again each turn, and with the whole transcript when a thread starts over.
   */
  turnNote?: string;
}

export interface TurnPrompt {
  prompt: string;
  /** For thread-keeping backends. */
  thread?: NonNullable<LLMCallOptions['thread']>;
}

export function buildTurnPrompt(input: TurnPromptInput): TurnPrompt {
  const { transcript, formatter, turnNote } = input;
  const withNote = (text: string): string => (turnNote ? `${text}\n\n${turnNote}` : text);
  const fullTranscript = (): string => withNote(formatter.formatConversation(compactHistory(transcript, { budgetChars: input.historyBudgetChars })));
  if (!input.keepsThread) return { prompt: fullTranscript() };
  const sent = input.sentTranscript;
  if (sent === undefined || !continuesTranscript(sent, transcript)) {
    return { prompt: fullTranscript(), thread: { newThread: true, fullTranscript, ...keyOf(input) } };
  }
  const parts = transcript.slice(sent.length).filter((message) => message.role !== 'assistant').map((message) => message.content);
  if (input.iteration % DEFAULTS.protocolReminderEvery === 0) parts.push(formatter.formatProtocolReminder(input.tools));
  return { prompt: withNote(parts.join('\n\n')), thread: { newThread: false, fullTranscript, ...keyOf(input) } };
}

function keyOf(input: TurnPromptInput): { key?: string } {
  return input.threadKey === undefined ? {} : { key: input.threadKey };
}

/** True when `transcript` begins with the messages of `sent` (so the thread only needs the rest). */
function continuesTranscript(sent: readonly PTKMessage[], transcript: readonly PTKMessage[]): boolean {
  if (sent.length === 0 || sent.length > transcript.length) return false;
  return sent.every((message, index) => {
    const current = transcript[index];
    return message === current || (message.role === current.role && message.content === current.content);
  });
}

/**
 * What the @ptk chat participant sends as a PTK task: the user's request, then the context the
 * user attached with # (files, selections), each under its own header and capped; and the
 * earlier turns of the same chat as history. Pure: the VS Code adapter reads the references.
 */
import type { PTKMessage } from '../../core/types';

/** One attached piece of context, already read. */
export interface ParticipantReference {
  /** e.g. "src/main.ts" or "src/main.ts:3-10". */
  label: string;
  text: string;
}

/** One earlier turn of the chat with @ptk. */
export interface ParticipantTurn {
  role: 'user' | 'assistant';
  text: string;
}

/** Longest text kept of one reference. */
const REFERENCE_MAX_CHARS = 20_000;
/** Earlier turns kept as history. */
const HISTORY_MAX_TURNS = 20;

function capped(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  return `${text.slice(0, maxChars)}\n[… ${text.length - maxChars} more characters not shown: use read_file for the rest]`;
}

/** The task prompt: the request and the attached context. */
export function participantPrompt(request: string, references: readonly ParticipantReference[], maxChars = REFERENCE_MAX_CHARS): string {
  if (references.length === 0) return request;
  const attached = references.map((reference) => `--- ${reference.label} ---\n${capped(reference.text, maxChars)}\n--- end of ${reference.label} ---`);
  return `${request}\n\nATTACHED CONTEXT (the user attached these):\n${attached.join('\n\n')}`;
}

/** Earlier turns as the task's history (the latest HISTORY_MAX_TURNS, empty turns left out). */
export function participantHistory(turns: readonly ParticipantTurn[]): PTKMessage[] {
  return turns
    .filter((turn) => turn.text.trim() !== '')
    .slice(-HISTORY_MAX_TURNS)
    .map((turn) => ({ role: turn.role, content: turn.text }));
}

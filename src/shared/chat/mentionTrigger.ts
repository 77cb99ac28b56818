/**
 * Finds the `@` mention being typed at the cursor of the chat input: `@`, `@fi`, `@file:`,
 * `@file:src/ma`, and `@https://…` (a `url` mention of that address). The `@` must start the text or follow white space (so `me@example.com` is
 * not a mention) and nothing between it and the cursor may be white space.
 */
import { MENTION_KINDS, type MentionKind } from './mentions';

/** The token being typed. */
export interface MentionTrigger {
  /** Index of the `@` in the text. */
  start: number;
  /** Index just after the token (the cursor). */
  end: number;
  /** Set when the token names a kind (`@file:…`): the query is then that kind's search. */
  kind?: MentionKind;
  /** What follows `@` (or `@kind:`). */
  query: string;
}

/** Longest token looked back over: a mention is a short word or a path. */
const MAX_TOKEN_CHARS = 300;

/** The mention token ending at `cursor`, or undefined when the cursor is not in one. */
export function findMentionTrigger(text: string, cursor: number): MentionTrigger | undefined {
  const end = Math.max(0, Math.min(cursor, text.length));
  const lowest = Math.max(0, end - MAX_TOKEN_CHARS);
  for (let index = end - 1; index >= lowest; index--) {
    const character = text[index]!;
    if (/\s/.test(character)) return undefined;
    if (character !== '@') continue;
    if (index > 0 && !/\s/.test(text[index - 1]!)) return undefined;
    const token = text.slice(index + 1, end);
    if (/^https?:\/\//i.test(token)) return { start: index, end, kind: 'url', query: token };
    const colon = token.indexOf(':');
    const named = colon > 0 ? token.slice(0, colon).toLowerCase() : '';
    const kind = MENTION_KINDS.find((candidate) => candidate === named);
    return kind ? { start: index, end, kind, query: token.slice(colon + 1) } : { start: index, end, query: token };
  }
  return undefined;
}

/** The text with the token removed (the chip replaces it), and where the cursor goes. */
export function removeMentionToken(text: string, trigger: Pick<MentionTrigger, 'start' | 'end'>): { text: string; cursor: number } {
  const before = text.slice(0, trigger.start);
  let after = text.slice(trigger.end);
  // One space is enough between the words the token separated.
  if (/\s$/.test(before) || before === '') after = after.replace(/^ /, '');
  return { text: before + after, cursor: before.length };
}

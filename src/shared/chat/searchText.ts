/**
 * The text the history's search matches besides a conversation's title: its messages (the user's
 * and the answers), kept with the history's summaries. Bounded, so the summaries stay small: the
 * head of each message is kept rather than only the first messages.
 */
import type { ChatViewState } from './protocol';

/** Characters kept per conversation. */
const MAX_SEARCH_CHARS = 4000;
/** Characters kept per message. */
const MAX_MESSAGE_CHARS = 600;

export function conversationSearchText(state: Pick<ChatViewState, 'items'>): string {
  const parts: string[] = [];
  let length = 0;
  for (const item of state.items) {
    if (item.kind !== 'user' && item.kind !== 'assistant') continue;
    const text = item.text.replace(/\s+/g, ' ').trim().slice(0, MAX_MESSAGE_CHARS);
    if (!text) continue;
    if (length + text.length > MAX_SEARCH_CHARS) break;
    parts.push(text);
    length += text.length + 1;
  }
  return parts.join('\n');
}

/** True when every word of `query` (any case) is in the title or in the messages' text. */
export function matchesSearch(entry: { title: string; text?: string }, query: string): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = `${entry.title}\n${entry.text ?? ''}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

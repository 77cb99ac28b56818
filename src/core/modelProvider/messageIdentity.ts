/**
 * Message identity for thread mode: a caller re-sends the whole conversation on every request,
 * and the chat tab already holds all of it but the newest messages. Two messages are the same
 * when their keys are equal: role, text with whitespace collapsed (callers re-join streamed
 * text parts differently), tool-call ids, and tool results by id and content. An assistant
 * message that called tools is known by its call ids alone: callers may drop or merge its prose.
 */
import type { ProviderMessage } from './providerMessages';

/**
 * cyrb53: a fast 53-bit string hash (not cryptographic: keys only tell apart messages of the
 * same conversation, and a collision costs at worst a continued thread where a new chat was due).
 */
export function textHash(text: string, seed = 0): string {
  let first = 0xdeadbeef ^ seed;
  let second = 0x41c6ce57 ^ seed;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    first = Math.imul(first ^ code, 2654435761);
    second = Math.imul(second ^ code, 1597334677);
  }
  first = Math.imul(first ^ (first >>> 16), 2246822507) ^ Math.imul(second ^ (second >>> 13), 3266489909);
  second = Math.imul(second ^ (second >>> 16), 2246822507) ^ Math.imul(first ^ (first >>> 13), 3266489909);
  return (4294967296 * (2097151 & second) + (first >>> 0)).toString(36);
}

function normalized(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The identity of one message (equal keys: the same message). */
export function messageKey(message: ProviderMessage): string {
  const callIds: string[] = [];
  const results: string[] = [];
  let text = '';
  for (const part of message.parts) {
    if (part.type === 'text') text += part.text;
    else if (part.type === 'toolCall') callIds.push(part.callId);
    else results.push(`${part.callId}:${part.isError ? 'error:' : ''}${textHash(normalized(part.text))}`);
  }
  if (message.role === 'assistant' && callIds.length > 0) return `assistant|calls:${callIds.join(',')}`;
  const resultKey = results.length ? `|results:${results.join(',')}` : '';
  const callKey = callIds.length ? `|calls:${callIds.join(',')}` : '';
  return `${message.role}|${textHash(normalized(text))}${callKey}${resultKey}`;
}

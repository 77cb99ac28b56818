/** Checks shared by the context stores. */
import { ConfigurationError } from '../errors';
import type { PTKMessage } from '../types';

const CONVERSATION_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

/** Conversation ids are file-name safe: letters, digits, _ . - (max 128, not starting with . _ -). */
export function assertConversationId(conversationId: string): void {
  if (typeof conversationId !== 'string' || !CONVERSATION_ID.test(conversationId)) {
    throw new ConfigurationError(
      `Invalid conversation id ${JSON.stringify(conversationId)}: use letters, digits, _ . - (max 128 characters, starting with a letter or digit).`,
    );
  }
}

/** Deep copies so a store never shares objects with its callers. */
export function copyMessages(messages: readonly PTKMessage[]): PTKMessage[] {
  return structuredClone([...messages]);
}

/**
 * An IContextManager kept in memory: conversations in a Map, copied in and out so callers never
 * share objects with the store. For callers that pass a context manager to PTKManager (tests,
 * scripts); the hosts keep their transcripts elsewhere.
 */
import type { IContextManager } from '../ports';
import type { PTKMessage } from '../types';
import { assertConversationId, copyMessages } from '../context/conversationId';

export class InMemoryContextManager implements IContextManager {
  private readonly conversations = new Map<string, PTKMessage[]>();

  async load(conversationId: string): Promise<PTKMessage[]> {
    assertConversationId(conversationId);
    return copyMessages(this.conversations.get(conversationId) ?? []);
  }

  async save(conversationId: string, messages: PTKMessage[]): Promise<void> {
    assertConversationId(conversationId);
    this.conversations.set(conversationId, copyMessages(messages));
  }

  async list(): Promise<string[]> {
    return [...this.conversations.keys()].sort();
  }

  async delete(conversationId: string): Promise<void> {
    assertConversationId(conversationId);
    this.conversations.delete(conversationId);
  }
}

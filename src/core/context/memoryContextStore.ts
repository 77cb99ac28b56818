/** The in-memory Context Manager (seed 000): conversations kept in a Map, copied in and out. */
import type { IContextManager } from '../ports';
import type { PTKMessage } from '../types';
import { assertConversationId, copyMessages } from './conversationId';

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

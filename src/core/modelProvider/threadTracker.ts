/**
 * Which chat thread a caller's request belongs to. The tab holds one chat at a time: a request
 * continues it when its messages start with exactly the messages of the previous request plus
 * the answer PTK gave (message-prefix identity), for the same model and the same tools; then
 * only the messages after that prefix are sent. Anything else starts a new chat with the whole
 * conversation. After a failure or a cancellation, or when something else used the tab, the tab's
 * chat no longer matches what the caller knows, so the next request starts a new chat.
 * The caller's system messages are left out of the identity: they are taught when a chat starts,
 * and callers that rewrite them every request (a date, the open files) still get a thread.
 */
import { messageKey } from './messageIdentity';
import type { ProviderMessage } from './providerMessages';

/** What to send for a request. */
export type ThreadPlan =
  | { kind: 'new'; threadId: string }
  | { kind: 'continue'; threadId: string; newMessages: ProviderMessage[]; turn: number };

interface KnownThread {
  threadId: string;
  modelId: string;
  toolsKey: string;
  /** Keys of every message the caller will re-send: its messages and PTK's answers. */
  keys: string[];
  /** Answers given in this thread so far. */
  turns: number;
}

export class ThreadTracker {
  private known: KnownThread | undefined;
  private threadCount = 0;
  private readonly sessionPrefix: string;

  /** @param sessionPrefix Makes thread ids (and the call ids built from them) unique across sessions. */
  constructor(sessionPrefix: string = Date.now().toString(36).slice(-5)) {
    this.sessionPrefix = sessionPrefix;
  }

  /** Continue the tab's chat, or start a new one. */
  plan(modelId: string, allMessages: readonly ProviderMessage[], toolsKey: string): ThreadPlan {
    const known = this.known;
    const messages = conversationOnly(allMessages);
    if (known && known.modelId === modelId && known.toolsKey === toolsKey && messages.length > known.keys.length) {
      let matches = true;
      for (let index = 0; index < known.keys.length && matches; index++) matches = messageKey(messages[index]) === known.keys[index];
      const newMessages = messages.slice(known.keys.length);
      // The tab never saw an assistant message the caller wrote itself: that needs the whole conversation.
      if (matches && newMessages.every((message) => message.role !== 'assistant')) {
        return { kind: 'continue', threadId: known.threadId, newMessages, turn: known.turns };
      }
    }
    return { kind: 'new', threadId: `${this.sessionPrefix}${(++this.threadCount).toString(36)}` };
  }

  /** The request was answered with `answer`: the next request may continue after both. */
  record(plan: ThreadPlan, modelId: string, toolsKey: string, messages: readonly ProviderMessage[], answer: ProviderMessage): void {
    const keys = plan.kind === 'continue' && this.known?.threadId === plan.threadId
      ? [...this.known.keys, ...plan.newMessages.map(messageKey)]
      : conversationOnly(messages).map(messageKey);
    keys.push(messageKey(answer));
    this.known = { threadId: plan.threadId, modelId, toolsKey, keys, turns: (plan.kind === 'continue' ? plan.turn : 0) + 1 };
  }

  /** The tab's chat is no longer the one the caller knows (failure, cancellation, another user of the tab). */
  forget(): void {
    this.known = undefined;
  }
}

/** The messages that make up the conversation (system messages left out). */
function conversationOnly(messages: readonly ProviderMessage[]): readonly ProviderMessage[] {
  return messages.some((message) => message.role === 'system') ? messages.filter((message) => message.role !== 'system') : messages;
}

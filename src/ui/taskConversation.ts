/**
 * Which conversation the code running now works for. A chat task runs its engine inside
 * `runForConversation`, so what the engine reaches from there (an approval request, a site's
 * failover notice) can find the conversation it belongs to while several tasks run at once.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const storage = new AsyncLocalStorage<string>();

/** Runs `work` (and everything it starts) as work of conversation `conversationId`. */
export function runForConversation<Result>(conversationId: string, work: () => Result): Result {
  return storage.run(conversationId, work);
}

/** The conversation the running code works for; undefined outside a chat task (e.g. @ptk). */
export function taskConversation(): string | undefined {
  return storage.getStore();
}

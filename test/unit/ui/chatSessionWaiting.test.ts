/** The chat session shows "Waiting for a free tab…" while a model call of its task waits for a tab, and removes it when the call starts. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PTKManager } from '../../../src/core/loop/ptkManager';
import { ScriptedChatModel, type ScriptedReply } from '../../../src/core/testing/scriptedChatModel';
import type { ChatEvent } from '../../../src/shared/chat/protocol';
import { workingLine } from '../../../src/shared/chat/workingLine';
import { ChatSession } from '../../../src/ui/chatSession';
import { ConversationStore } from '../../../src/ui/conversationStore';
import { MemoryKeyValueStore } from './memoryStore';

function sessionOver(replies: ScriptedReply[]) {
  const model = new ScriptedChatModel(replies);
  const manager = new PTKManager(model);
  let nextId = 0;
  const session = new ChatSession({
    runTask: (prompt, options) => manager.orchestrateToolCalling(prompt, options),
    store: new ConversationStore(new MemoryKeyValueStore()),
    createId: () => `id${++nextId}`,
    now: () => 1000,
  });
  const events: ChatEvent[] = [];
  session.onEvent((_conversationId, event) => events.push(event));
  return { session, events, model };
}

describe('ChatSession: waiting for a free tab', () => {
  it('posts the line while the call waits and clears it when the call starts', async () => {
    const seen: Array<string | undefined> = [];
    const shown: { session?: ChatSession } = {};
    const replies: ScriptedReply[] = [
      (_prompt, recorded) => {
        recorded.options.onWaiting?.(true);
        seen.push(workingLine(shown.session!.state));
        recorded.options.onWaiting?.(false);
        seen.push(workingLine(shown.session!.state));
        return 'The answer.';
      },
    ];
    const setup = sessionOver(replies);
    const session = (shown.session = setup.session);
    const result = await session.send('Hello');
    assert.equal(result?.success, true);
    assert.deepEqual(seen, ['Waiting for a free tab…', 'Waiting for the site…']);
    const waits = setup.events.filter((event) => event.type === 'waitingForTab');
    assert.deepEqual(waits.map((event) => event.type === 'waitingForTab' && event.waiting), [true, false]);
    assert.equal(session.state.waitingForTab, undefined);
  });

  it('a task stopped while waiting leaves no waiting line', async () => {
    const shown: { session?: ChatSession } = {};
    const replies: ScriptedReply[] = [
      (_prompt, recorded) =>
        new Promise<string>((_resolve, reject) => {
          recorded.options.onWaiting?.(true);
          // Stopped while it waits: the backend gives up its place in the queue.
          recorded.options.signal?.addEventListener('abort', () => reject(recorded.options.signal?.reason));
          shown.session!.stop();
        }),
    ];
    const setup = sessionOver(replies);
    const session = (shown.session = setup.session);
    await session.send('Hello');
    assert.equal(session.state.busy, false);
    assert.equal(session.state.waitingForTab, undefined);
    assert.equal(workingLine(session.state), undefined);
    assert.ok(setup.events.some((event) => event.type === 'waitingForTab' && event.waiting));
  });
});

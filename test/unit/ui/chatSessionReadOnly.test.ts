import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PTKExecuteResult } from '../../../src/core/loop/loopTypes';
import type { AssistantRunOptions } from '../../../src/host/shared/assistantRun';
import { ChatSession } from '../../../src/ui/chatSession';
import { ConversationStore } from '../../../src/ui/conversationStore';
import { MemoryKeyValueStore } from './memoryStore';

/** A session whose runner records the options of each task and fails the first one. */
function setup() {
  const seen: AssistantRunOptions[] = [];
  const session = new ChatSession({
    runTask: async (_prompt, options) => {
      seen.push(options);
      if (seen.length === 1) throw new Error('the site did not answer');
      return { success: true, content: 'ok', messages: [], iterations: 1, totalToolCalls: 0, duration: 1 } as unknown as PTKExecuteResult;
    },
    store: new ConversationStore(new MemoryKeyValueStore()),
  });
  return { session, seen };
}

describe('ChatSession: read-only requests', () => {
  it('passes readOnly to the task runner, and Retry keeps it', async () => {
    const { session, seen } = setup();
    await session.send('Explain this', { extraOptions: { readOnly: true } });
    await session.retry();
    assert.deepEqual(seen.map((options) => options.readOnly), [true, true]);
  });

  it('a message from the chat input is not read-only, nor its Retry', async () => {
    const { session, seen } = setup();
    await session.send('Fix it');
    await session.retry();
    assert.deepEqual(seen.map((options) => options.readOnly), [undefined, undefined]);
  });
});

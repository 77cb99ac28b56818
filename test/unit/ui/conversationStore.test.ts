import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { emptyChatState, reduceChat } from '../../../src/shared/chat/chatReducer';
import { ConversationStore } from '../../../src/ui/conversationStore';
import { MemoryKeyValueStore } from './memoryStore';

describe('ConversationStore', () => {
  it('saves, lists newest first, and loads conversations', async () => {
    const store = new ConversationStore(new MemoryKeyValueStore());
    await store.save({ state: { ...emptyChatState('a'), title: 'First' }, messages: [{ role: 'user', content: 'hi' }], updatedAt: 1 });
    await store.save({ state: { ...emptyChatState('b'), title: 'Second' }, messages: [], updatedAt: 2 });
    await store.save({ state: { ...emptyChatState('a'), title: 'First again' }, messages: [], updatedAt: 3 });
    assert.deepEqual(store.list().map((entry) => [entry.id, entry.title]), [['a', 'First again'], ['b', 'Second']]);
    assert.equal(store.load('b')?.state.title, 'Second');
  });

  it("keeps the messages' text with each summary, for the history's search", async () => {
    const store = new ConversationStore(new MemoryKeyValueStore());
    const state = reduceChat(reduceChat(emptyChatState('a'), { type: 'userMessage', id: 'u', text: 'Why does login fail?', time: 1 }), { type: 'assistantDone', id: 'b', text: 'The token expires.' });
    await store.save({ state, messages: [], updatedAt: 1 });
    assert.equal(store.list()[0].text, 'Why does login fail?\nThe token expires.');
  });

  it('two conversations saving at once (two tasks running) both stay in the index, each with its own data', async () => {
    const storage = new MemoryKeyValueStore();
    const store = new ConversationStore(storage, 2);
    for (const id of ['old1', 'old2']) await store.save({ state: emptyChatState(id), messages: [], updatedAt: 0 });
    // Each save drops the oldest entry, waiting on the storage between reading the index and writing it back.
    await Promise.all([
      store.save({ state: { ...emptyChatState('a'), title: 'A' }, messages: [{ role: 'user', content: 'a' }], updatedAt: 1 }),
      store.save({ state: { ...emptyChatState('b'), title: 'B' }, messages: [{ role: 'user', content: 'b' }], updatedAt: 2 }),
    ]);
    assert.deepEqual(store.list().map((entry) => entry.id), ['b', 'a']);
    assert.deepEqual([store.load('a')?.state.title, store.load('a')?.messages[0].content, store.load('b')?.state.title, store.load('b')?.messages[0].content], ['A', 'a', 'B', 'b']);
  });

  it('drops the oldest past the limit, with their data', async () => {
    const storage = new MemoryKeyValueStore();
    const store = new ConversationStore(storage, 2);
    for (const id of ['a', 'b', 'c']) await store.save({ state: emptyChatState(id), messages: [], updatedAt: 0 });
    assert.deepEqual(store.list().map((entry) => entry.id), ['c', 'b']);
    assert.equal(store.load('a'), undefined);
    assert.equal(storage.values.has('ptk.conversation.a'), false);
  });

  it('ignores unreadable stored data instead of throwing', async () => {
    const storage = new MemoryKeyValueStore();
    await storage.update('ptk.conversation.x', { state: { nope: true }, messages: 'no' });
    const store = new ConversationStore(storage);
    assert.equal(store.load('x'), undefined);
    await store.setCurrentId('x');
    assert.equal(store.currentId(), 'x');
    await store.delete('x');
    assert.equal(storage.values.has('ptk.conversation.x'), false);
  });
});

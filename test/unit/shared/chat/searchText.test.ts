import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { emptyChatState, reduceChat } from '../../../../src/shared/chat/chatReducer';
import { conversationSearchText } from '../../../../src/shared/chat/searchText';
import type { ChatEvent } from '../../../../src/shared/chat/protocol';

describe('conversationSearchText', () => {
  it('keeps the user messages and the answers, not the cards or notices', () => {
    const events: ChatEvent[] = [
      { type: 'userMessage', id: 'u1', text: 'Why does  the\nlogin fail?', time: 1 },
      { type: 'assistantStart', id: 'a1' },
      { type: 'assistantDone', id: 'a1', text: 'The token expires.' },
      { type: 'notice', text: 'Stopped.' },
    ];
    const state = events.reduce(reduceChat, emptyChatState('c'));
    assert.equal(conversationSearchText(state), 'Why does the login fail?\nThe token expires.');
  });

  it('stays bounded however long the conversation, keeping the head of each message', () => {
    const events: ChatEvent[] = Array.from({ length: 40 }, (_, index) => ({ type: 'userMessage', id: `u${index}`, text: `message ${index} ${'x'.repeat(2000)}`, time: index }));
    const text = conversationSearchText(events.reduce(reduceChat, emptyChatState('c')));
    assert.ok(text.length <= 4000, `bounded (got ${text.length})`);
    assert.match(text, /^message 0 x/);
    assert.match(text, /message 5 x/, 'later messages keep their heads');
  });
});

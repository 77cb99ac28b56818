import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { JSDOM } from 'jsdom';
import { emptyChatState, reduceChat } from '../../../src/shared/chat/chatReducer';
import { QueuedMessages, type QueueAction } from '../../../src/webview/queuedMessages';

const dom = new JSDOM('<!DOCTYPE html><body></body>');
after(() => dom.window.close());

describe('queued messages', () => {
  it('shows each queued message with Edit, Remove and Send now, and posts the action with its id', () => {
    const actions: Array<[string, QueueAction]> = [];
    const queued = new QueuedMessages(dom.window.document, (id, action) => actions.push([id, action]));
    assert.equal(queued.element.hidden, true);
    const state = reduceChat(emptyChatState('c'), { type: 'queueChanged', queue: [{ id: 'q1', text: 'first' }, { id: 'q2', text: 'second', steering: true, images: 1 }] });
    queued.update(state.queued, true);
    assert.equal(queued.element.hidden, false);
    const rows = [...queued.element.querySelectorAll<HTMLElement>('[data-testid="queued-message"]')];
    assert.deepEqual(rows.map((row) => row.querySelector('[data-testid="queued-text"]')?.textContent), ['first', 'second']);
    assert.deepEqual(rows.map((row) => row.querySelector('[data-testid="queued-label"]')?.textContent), ['Queued', 'Next']);
    assert.equal(rows[1].querySelector('[data-testid="queued-send-now"]'), null, 'a message already sent on has no Send now');
    for (const testId of ['queued-edit', 'queued-remove', 'queued-send-now']) rows[0].querySelector<HTMLButtonElement>(`[data-testid="${testId}"]`)!.click();
    assert.deepEqual(actions, [['q1', 'edit'], ['q1', 'remove'], ['q1', 'sendNow']]);
  });

  it('an emptied queue hides, and leaves no `queued` in the state', () => {
    const queued = new QueuedMessages(dom.window.document, () => undefined);
    let state = reduceChat(emptyChatState('c'), { type: 'queueChanged', queue: [{ id: 'q1', text: 'first' }] });
    queued.update(state.queued, false);
    state = reduceChat(state, { type: 'queueChanged', queue: [] });
    assert.equal('queued' in state, false);
    queued.update(state.queued, false);
    assert.equal(queued.element.hidden, true);
    assert.equal(queued.element.children.length, 0);
  });
});

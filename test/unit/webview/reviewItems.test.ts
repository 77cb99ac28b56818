/**
 * Second Opinion in the chat view: the review item (one column per site, side by side:
 * waiting, streaming markdown, done with "Send to task", failed saying why), its reducer
 * events and messages, and the "Second opinion" button on the last finished answer.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { JSDOM } from 'jsdom';
import { reduceChat, replayChat } from '../../../src/shared/chat/chatReducer';
import { parseHostMessage, parseWebviewMessage, type ChatEvent } from '../../../src/shared/chat/protocol';
import { createMarkdownRenderer, type WindowLike } from '../../../src/webview/markdown';
import { ChatRenderer } from '../../../src/webview/render';
import { quietHandlers } from './rendererFixture';

const dom = new JSDOM('<!DOCTYPE html><body><div id="list"></div></body>');
after(() => dom.window.close());

const task: ChatEvent[] = [
  { type: 'userMessage', id: 'u', text: 'Add a lock', time: 0 },
  { type: 'taskStarted', taskId: 't', title: 'Add a lock' },
  { type: 'assistantDone', id: 'a', text: 'Done.' },
  { type: 'taskFinished', taskId: 't', outcome: 'done' },
];
const started: ChatEvent = { type: 'reviewStarted', id: 'review:1', time: 5, sites: [{ site: 'claude', label: 'Claude' }, { site: 'gemini', label: 'Gemini' }] };

function setup() {
  const list = dom.window.document.getElementById('list') as HTMLElement;
  list.replaceChildren();
  const calls: string[] = [];
  const renderer = new ChatRenderer(
    list,
    createMarkdownRenderer(dom.window as unknown as WindowLike),
    quietHandlers({ retry: () => calls.push('retry'), secondOpinion: () => calls.push('secondOpinion'), sendReview: (itemId, site) => calls.push(`sendReview ${itemId} ${site}`) }),
  );
  return { list, calls, renderer };
}

const columns = (list: HTMLElement) => [...list.querySelectorAll<HTMLElement>('[data-testid="review-column"]')];

describe('review items', () => {
  it('one column per site, side by side, each named and waiting…; a review streams in as markdown, then offers Send to task', () => {
    const { list, calls, renderer } = setup();
    let state = replayChat('c', [...task, started]);
    renderer.update(state);
    const review = list.querySelector<HTMLElement>('[data-testid="review"]')!;
    assert.equal(review.querySelector('.review-columns')!.getAttribute('style'), '--review-columns: 2;');
    assert.deepEqual(columns(list).map((column) => [column.dataset.site, column.querySelector('.review-site')!.textContent, column.dataset.status, column.querySelector('[data-testid="review-body"]')!.textContent]), [
      ['claude', 'Claude', 'waiting', 'waiting…'],
      ['gemini', 'Gemini', 'waiting', 'waiting…'],
    ]);
    state = reduceChat(state, { type: 'reviewUpdate', id: 'review:1', site: 'claude', status: 'streaming', text: 'The lock **leaks**' });
    renderer.update(state);
    assert.equal(columns(list)[0]!.dataset.status, 'streaming');
    assert.match(columns(list)[0]!.innerHTML, /<strong>leaks<\/strong>/);
    assert.equal(columns(list)[0]!.querySelector('[data-testid="send-review"]'), null, 'nothing to send before the review is done');
    state = reduceChat(state, { type: 'reviewUpdate', id: 'review:1', site: 'claude', status: 'done', text: 'The lock **leaks** on error.' });
    renderer.update(state);
    (columns(list)[0]!.querySelector('[data-testid="send-review"]') as HTMLButtonElement).click();
    assert.deepEqual(calls, ['sendReview review:1 claude']);
    assert.equal(columns(list)[1]!.dataset.status, 'waiting');
  });

  it('a sent review says "Sent to the task" instead of offering it again; only a finished review can be marked sent', () => {
    const { list, renderer } = setup();
    const done: ChatEvent = { type: 'reviewUpdate', id: 'review:1', site: 'claude', status: 'done', text: 'Fine.' };
    let state = replayChat('c', [...task, started, done, { type: 'reviewSent', id: 'review:1', site: 'claude' }]);
    // A column still waiting has nothing to send: marking it changes nothing.
    const same = reduceChat(state, { type: 'reviewSent', id: 'review:1', site: 'gemini' });
    assert.equal(same, state);
    state = same;
    renderer.update(state);
    const [sent, waiting] = columns(list);
    assert.equal(sent!.querySelector('[data-testid="send-review"]'), null);
    assert.equal(sent!.querySelector('[data-testid="review-sent"]')!.textContent, 'Sent to the task');
    assert.equal(waiting!.querySelector('[data-testid="review-sent"]'), null);
  });

  it('a failed site says why in its own column; a late update of a settled column changes nothing', () => {
    const { list, renderer } = setup();
    let state = replayChat('c', [...task, started, { type: 'reviewUpdate', id: 'review:1', site: 'gemini', status: 'failed', text: 'Gemini could not review (signed out): log in.' }]);
    state = reduceChat(state, { type: 'reviewUpdate', id: 'review:1', site: 'gemini', status: 'streaming', text: 'late' });
    renderer.update(state);
    const failed = columns(list)[1]!;
    assert.equal(failed.dataset.status, 'failed');
    assert.equal(failed.querySelector('[role="alert"]')!.textContent, 'Gemini could not review (signed out): log in.');
    assert.equal(failed.querySelector('[data-testid="send-review"]'), null);
  });

  it('"Second opinion" is on the last finished answer only, not while a task runs, and not on a stopped answer', () => {
    const { list, calls, renderer } = setup();
    renderer.update(replayChat('c', task));
    (list.querySelector('[data-testid="second-opinion"]') as HTMLButtonElement).click();
    assert.deepEqual(calls, ['secondOpinion']);
    renderer.update(replayChat('c', task.slice(0, 3)));
    assert.equal(list.querySelector('[data-testid="second-opinion"]'), null);
    renderer.update(replayChat('c', [...task.slice(0, 3), { type: 'taskFinished', taskId: 't', outcome: 'stopped' }]));
    assert.equal(list.querySelector('[data-testid="second-opinion"]'), null);
  });

  it('the messages cross the boundary checked', () => {
    assert.equal(parseWebviewMessage({ type: 'secondOpinion' }).ok, true);
    assert.equal(parseWebviewMessage({ type: 'sendReview', itemId: 'review:1', site: 'claude' }).ok, true);
    assert.equal(parseWebviewMessage({ type: 'sendReview', itemId: '', site: 'claude' }).ok, false);
    assert.equal(parseHostMessage({ type: 'event', conversationId: 'c', event: { type: 'reviewUpdate', id: 'r', site: 's', status: 'bogus', text: '' } }).ok, false);
    assert.equal(parseHostMessage({ type: 'event', conversationId: 'c', event: started }).ok, true);
    assert.equal(parseHostMessage({ type: 'event', conversationId: 'c', event: { type: 'reviewSent', id: 'review:1', site: 'claude' } }).ok, true);
  });
});

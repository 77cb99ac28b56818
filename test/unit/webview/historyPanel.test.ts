import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { JSDOM } from 'jsdom';
import { emptyChatState, reduceChat } from '../../../src/shared/chat/chatReducer';
import { filterHistory, formatHistoryDate, HistoryPanel, withShownConversation } from '../../../src/webview/historyPanel';

const dom = new JSDOM('<!DOCTYPE html><body></body>');
after(() => dom.window.close());

const entries = [
  { id: 'a', title: 'Fix the login bug', updatedAt: Date.UTC(2026, 10, 25, 12) },
  { id: 'b', title: 'Explain the parser', updatedAt: Date.UTC(2026, 10, 20, 12) },
  { id: 'c', title: 'Write tests for login', updatedAt: Date.UTC(2025, 2, 1, 12) },
];

describe('history panel', () => {
  it('finds conversations by every word of the search, in any case', () => {
    assert.deepEqual(filterHistory(entries, 'LOGIN').map((entry) => entry.id), ['a', 'c']);
    assert.deepEqual(filterHistory(entries, 'login tests').map((entry) => entry.id), ['c']);
    assert.deepEqual(filterHistory(entries, '  ').map((entry) => entry.id), ['a', 'b', 'c']);
  });

  it('finds conversations by the words of their messages too, not only their titles', () => {
    const withText = [
      { ...entries[0], text: 'Fix the login bug\nThe token expired before the redirect.' },
      { ...entries[1], text: 'Explain the parser\nIt reads <TOOL_CALL> blocks as they stream.' },
      entries[2],
    ];
    assert.deepEqual(filterHistory(withText, 'redirect').map((entry) => entry.id), ['a']);
    assert.deepEqual(filterHistory(withText, 'parser stream').map((entry) => entry.id), ['b'], 'a title word and a message word together');
    assert.deepEqual(filterHistory(withText, 'nowhere').map((entry) => entry.id), []);
  });

  it('dates a conversation by its clock today, and adds the year only for an earlier year', () => {
    const now = Date.UTC(2026, 10, 25, 13);
    assert.match(formatHistoryDate(entries[0].updatedAt, now), /^\d{1,2}:\d{2}/);
    assert.doesNotMatch(formatHistoryDate(entries[1].updatedAt, now), /2026/);
    assert.match(formatHistoryDate(entries[2].updatedAt, now), /2025/);
  });

  it('puts a conversation begun since the list came first, under its current title, dated by its message', () => {
    const empty = emptyChatState('new');
    assert.deepEqual(withShownConversation(entries, empty).map((entry) => entry.id), ['a', 'b', 'c']);
    const sent = Date.UTC(2026, 10, 26, 9);
    const begun = reduceChat(empty, { type: 'userMessage', id: 'u', text: 'Rename the helper', time: sent });
    assert.deepEqual(withShownConversation(entries, begun)[0], { id: 'new', title: 'Rename the helper', updatedAt: sent, text: 'Rename the helper' });
  });

  it('an older conversation opened from the history keeps its date and place; a message sent in it moves it to the top', () => {
    const saved = entries[1];
    const opened = reduceChat(emptyChatState('b'), { type: 'userMessage', id: 'u', text: 'Explain the parser', time: saved.updatedAt - 60_000 });
    const shown = withShownConversation(entries, { ...opened, title: saved.title });
    assert.deepEqual(shown.map((entry) => entry.id), ['a', 'b', 'c']);
    assert.equal(shown[1].updatedAt, saved.updatedAt, 'showing it does not change its date');
    const later = Date.UTC(2026, 10, 26, 9);
    const continued = reduceChat(opened, { type: 'userMessage', id: 'v', text: 'And the scanner?', time: later });
    const after = withShownConversation(entries, continued);
    assert.deepEqual(after.map((entry) => entry.id), ['b', 'a', 'c']);
    assert.equal(after[0].updatedAt, later);
  });

  it('lists titles with dates, opens a row, deletes one, and searches', () => {
    const opened: string[] = [];
    const removed: string[] = [];
    const panel = new HistoryPanel(dom.window.document, { open: (id) => opened.push(id), remove: (id) => removed.push(id) });
    dom.window.document.body.append(panel.element);
    panel.update(entries, 'a');
    panel.toggle(true);
    const rows = () => [...panel.element.querySelectorAll('[data-testid="history-entry"]')];
    assert.deepEqual(rows().map((row) => row.querySelector('.history-title')?.textContent), ['Fix the login bug', 'Explain the parser', 'Write tests for login']);
    assert.ok(rows().every((row) => row.querySelector('[data-testid="history-date"]')?.textContent));
    (rows()[1].querySelector('.history-open') as HTMLButtonElement).click();
    assert.deepEqual(opened, ['b']);
    assert.equal(panel.open, false, 'choosing a conversation closes the list');
    panel.toggle(true);
    (rows()[2].querySelector('[data-testid="history-delete"]') as HTMLButtonElement).click();
    assert.deepEqual(removed, ['c']);
    const search = panel.element.querySelector('[data-testid="history-search"]') as HTMLInputElement;
    search.value = 'parser';
    search.dispatchEvent(new dom.window.Event('input'));
    assert.deepEqual(rows().map((row) => (row as HTMLElement).dataset.id), ['b']);
  });

  it('marks a conversation whose task runs and one that waits for an approval; the shown one by its live state', () => {
    const panel = new HistoryPanel(dom.window.document, { open: () => undefined, remove: () => undefined });
    dom.window.document.body.append(panel.element);
    const sent = Date.UTC(2026, 10, 26, 9);
    // The shown conversation 'a' has since started a task; the host marked 'b' as waiting when it sent the list.
    const shown = reduceChat(reduceChat(emptyChatState('a'), { type: 'userMessage', id: 'u', text: 'Fix the login bug', time: sent }), { type: 'taskStarted', taskId: 't', title: 'Fix the login bug' });
    panel.update(withShownConversation([entries[0], { ...entries[1], activity: 'waiting' }, entries[2]], shown), 'a');
    panel.toggle(true);
    const marks = [...panel.element.querySelectorAll('[data-testid="history-entry"]')].map((row) => row.querySelector('[data-testid="history-activity"]')?.textContent ?? '');
    assert.deepEqual(marks, ['running', 'waits for approval', '']);
    const done = reduceChat(shown, { type: 'taskFinished', taskId: 't', outcome: 'done' });
    assert.equal(withShownConversation(entries, done)[0].activity, undefined, 'a finished task leaves no mark');
  });
});

import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { JSDOM } from 'jsdom';
import { replayChat } from '../../../src/shared/chat/chatReducer';
import { parseHostMessage, parseWebviewMessage, type ChatEvent } from '../../../src/shared/chat/protocol';
import { compactCount, ContextMeter } from '../../../src/webview/contextMeter';
import { createMarkdownRenderer, type WindowLike } from '../../../src/webview/markdown';
import { ChatRenderer } from '../../../src/webview/render';
import { quietHandlers } from './rendererFixture';

const dom = new JSDOM('<!DOCTYPE html><body><div id="list"></div></body>');
after(() => dom.window.close());

const started: ChatEvent[] = [
  { type: 'userMessage', id: 'u', text: 'Fix it', time: 0, transcriptLength: 4 },
  { type: 'taskStarted', taskId: 't', title: 'Fix it' },
  { type: 'compaction', id: 'k', taskId: 't', stage: 'summarizing', chatChars: 105_000, limitChars: 128_000 },
];

function render(events: readonly ChatEvent[]) {
  const list = dom.window.document.getElementById('list') as HTMLElement;
  list.replaceChildren();
  const renderer = new ChatRenderer(list, createMarkdownRenderer(dom.window as unknown as WindowLike), quietHandlers());
  const state = replayChat('c', events);
  renderer.update(state);
  return { list, state };
}

describe('a compaction in the chat view', () => {
  it('says the summary is being written, then shows it folded under why, in place', () => {
    const writing = render(started).list.querySelector('[data-testid="compaction"]') as HTMLElement;
    assert.equal(writing.dataset.state, 'summarizing');
    assert.match(writing.textContent ?? '', /writing a summary/);
    const { list, state } = render([...started, { type: 'compaction', id: 'k', taskId: 't', stage: 'done', summary: 'Goal: **fix it**.', chatChars: 105_000, limitChars: 128_000 }]);
    const items = list.querySelectorAll('[data-testid="compaction"]');
    assert.equal(items.length, 1, 'the same item, given its summary');
    const item = items[0] as HTMLElement;
    assert.equal(item.dataset.state, 'done');
    assert.equal(item.querySelector('summary')?.textContent, 'Chat compacted at 82% of its limit: the task goes on in a new chat from this summary');
    assert.equal(item.querySelector('details')?.open, false);
    assert.equal(item.querySelector('.compaction-summary strong')?.textContent, 'fix it');
    // The earlier message no longer has a place in the (compacted) transcript.
    assert.equal(state.items[0].kind === 'user' && state.items[0].transcriptLength, 0);
  });

  it('says when no summary came, and a compaction asked for between tasks says so', () => {
    const failed = render([...started, { type: 'compaction', id: 'k', taskId: 't', stage: 'failed', chatChars: 105_000, limitChars: 128_000 }]);
    assert.match(failed.list.querySelector('[data-testid="compaction"]')?.textContent ?? '', /failed: the chat goes on as it was/);
    assert.equal(failed.state.items[0].kind === 'user' && failed.state.items[0].transcriptLength, 4, 'nothing moved');
    const asked = render([{ type: 'compaction', id: 'k', stage: 'done', summary: 'S', chatChars: 42_500 }]);
    assert.equal(asked.list.querySelector('summary')?.textContent, 'Conversation compacted (43k characters of history)');
  });

  it('the events and the Compact message pass the protocol check', () => {
    for (const event of started) assert.equal(parseHostMessage({ type: 'event', conversationId: 'c', event }).ok, true);
    assert.equal(parseHostMessage({ type: 'event', conversationId: 'c', event: { type: 'contextUsage', usage: { chatChars: 1, historyChars: 2, historyBudgetChars: 3 } } }).ok, true);
    assert.equal(parseHostMessage({ type: 'event', conversationId: 'c', event: { type: 'compaction', id: 'k', stage: 'later', chatChars: 1 } }).ok, false);
    assert.deepEqual(parseWebviewMessage({ type: 'compact' }), { ok: true, message: { type: 'compact' } });
  });
});

describe('the context meter', () => {
  it('is hidden until measured, then shows the chat against its limit, its level, the figures in its tooltip, and compacts on a click', () => {
    let compacted = 0;
    const meter = new ContextMeter(dom.window.document, () => compacted++);
    meter.update(undefined, false);
    assert.equal(meter.element.hidden, true);
    meter.update({ chatChars: 96_000, limitChars: 128_000, historyChars: 30_000, historyBudgetChars: 120_000 }, false);
    assert.equal(meter.element.hidden, false);
    assert.equal(meter.element.querySelector('.context-label')?.textContent, '75%');
    assert.equal(meter.element.dataset.level, 'high');
    assert.equal((meter.element.querySelector('.context-bar') as HTMLElement).style.width, '75%');
    assert.match(meter.element.title, /holds 96,000 of 128,000 characters \(about 24,000 of 32,000 tokens\)/);
    assert.match(meter.element.title, /history: 30,000 characters of the 120,000-character budget/);
    meter.element.click();
    assert.equal(compacted, 1, 'a click compacts');
    assert.match(meter.element.title, /Click to compact/);
    meter.update({ chatChars: 120_000, limitChars: 128_000, historyChars: 1, historyBudgetChars: 2 }, true);
    assert.equal(meter.element.dataset.level, 'full');
    assert.equal(meter.element.disabled, true, 'not while a task runs');
    meter.update({ chatChars: 900, historyChars: 1, historyBudgetChars: 2 }, false);
    assert.equal(meter.element.querySelector('.context-label')?.textContent, '900');
    assert.equal(meter.element.dataset.level, 'unknown');
  });

  it('counts compactly', () => {
    assert.deepEqual([950, 1_000, 1_234, 9_960, 56_789, 4_000_000].map(compactCount), ['950', '1k', '1.2k', '10k', '57k', '4M']);
  });
});

import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { JSDOM } from 'jsdom';
import { reduceChat, replayChat } from '../../../src/shared/chat/chatReducer';
import { parseWebviewMessage, type ChatEvent } from '../../../src/shared/chat/protocol';
import { createMarkdownRenderer, type WindowLike } from '../../../src/webview/markdown';
import { ChatRenderer } from '../../../src/webview/render';
import { quietHandlers } from './rendererFixture';

const dom = new JSDOM('<!DOCTYPE html><body><div id="list"></div></body>');
after(() => dom.window.close());

const turn: ChatEvent[] = [
  { type: 'userMessage', id: 'u', text: 'Change it', time: 0 },
  { type: 'assistantDone', id: 'a1', text: 'Turn one.' },
  { type: 'toolCall', id: 'call_1_0', taskId: 'task', tool: 'write_file', args: {}, dangerous: true, time: 0 },
];
const checkpoint = (files: string[], notes: string[] = []): ChatEvent => ({ type: 'checkpoint', id: 'checkpoint:c1', scope: 'turn', taskId: 'task', checkpointId: 'c1', turn: 1, files, notes, beforeItemId: 'a1' });

/** A renderer on an emptied list; its restore handler records the item ids it posts. */
function setup() {
  const list = dom.window.document.getElementById('list') as HTMLElement;
  list.replaceChildren();
  const restored: string[] = [];
  const renderer = new ChatRenderer(list, createMarkdownRenderer(dom.window as unknown as WindowLike), quietHandlers({ restoreCheckpoint: (itemId) => restored.push(itemId) }));
  return { list, restored, renderer };
}

describe('checkpoint items', () => {
  it('a turn checkpoint stands before the turn\'s first item and is replaced where it stands when the turn changes more files', () => {
    let state = replayChat('conv', [...turn, checkpoint(['a.txt'])]);
    assert.deepEqual(state.items.map((item) => item.id), ['u', 'checkpoint:c1', 'a1', 'tool:task:call_1_0']);
    state = reduceChat(state, checkpoint(['a.txt', 'b.txt'], ['b.txt could not be saved']));
    assert.deepEqual(state.items.map((item) => item.id), ['u', 'checkpoint:c1', 'a1', 'tool:task:call_1_0']);
    assert.deepEqual(state.items[1], { kind: 'checkpoint', id: 'checkpoint:c1', scope: 'turn', taskId: 'task', checkpointId: 'c1', turn: 1, files: ['a.txt', 'b.txt'], notes: ['b.txt could not be saved'], number: 1 });
    state = reduceChat(state, { type: 'checkpoint', id: 'checkpoint-task:task', scope: 'task', taskId: 'task', files: ['a.txt'], notes: [] });
    assert.equal(state.items.at(-1)?.id, 'checkpoint-task:task', 'without an anchor: at the end');
  });

  it('numbers the turn checkpoints per conversation: a second task\'s turn 1 is checkpoint 2, and a checkpoint sent again keeps its number', () => {
    let state = replayChat('conv', [...turn, checkpoint(['a.txt'])]);
    state = reduceChat(state, { type: 'userMessage', id: 'u2', text: 'Again', time: 0 });
    state = reduceChat(state, { type: 'assistantDone', id: 'b1', text: 'Task two.' });
    state = reduceChat(state, { type: 'checkpoint', id: 'checkpoint:c2', scope: 'turn', taskId: 'task2', checkpointId: 'c2', turn: 1, files: ['c.txt'], notes: [], beforeItemId: 'b1' });
    state = reduceChat(state, checkpoint(['a.txt', 'b.txt']));
    state = reduceChat(state, { type: 'checkpoint', id: 'checkpoint-task:task2', scope: 'task', taskId: 'task2', files: ['c.txt'], notes: [] });
    const numbers = state.items.flatMap((item) => (item.kind === 'checkpoint' ? [[item.id, item.number]] : []));
    assert.deepEqual(numbers, [['checkpoint:c1', 1], ['checkpoint:c2', 2], ['checkpoint-task:task2', undefined]]);
  });

  it('renders "Restore checkpoint" and "Undo all changes of this task", which post the item id', () => {
    const { list, restored, renderer } = setup();
    renderer.update(replayChat('conv', [...turn, checkpoint(['a.txt'], ['big.bin cannot be restored']), { type: 'checkpoint', id: 'checkpoint-task:task', scope: 'task', taskId: 'task', files: ['a.txt', 'b.txt'], notes: [] }]));
    const turnItem = list.querySelector('[data-testid="checkpoint"]') as HTMLElement;
    assert.match(turnItem.textContent ?? '', /^Checkpoint 1 · changed a\.txt/);
    assert.match(turnItem.textContent ?? '', /big\.bin cannot be restored/);
    (turnItem.querySelector('[data-testid="restore-checkpoint"]') as HTMLButtonElement).click();
    const taskItem = list.querySelector('[data-testid="task-changes"]') as HTMLElement;
    assert.match(taskItem.textContent ?? '', /This task changed a\.txt, b\.txt/);
    (taskItem.querySelector('[data-testid="undo-task"]') as HTMLButtonElement).click();
    assert.deepEqual(restored, ['checkpoint:c1', 'checkpoint-task:task']);
  });

  it('a task whose changes were undone says which files are back, and offers no second undo', () => {
    const { list, renderer } = setup();
    const task = (undone?: string[]): ChatEvent => ({ type: 'checkpoint', id: 'checkpoint-task:task', scope: 'task', taskId: 'task', files: ['notes/bye.txt', 'b.txt'], notes: [], ...(undone ? { undone } : {}) });
    const taskItem = () => list.querySelector('[data-testid="task-changes"]') as HTMLElement;
    renderer.update(replayChat('conv', [...turn, task(['notes/bye.txt'])]));
    assert.equal(taskItem().querySelector('.checkpoint-label')?.textContent, 'Undone: notes/bye.txt is back as it was before this task');
    assert.equal(taskItem().querySelector('[data-testid="undo-task"]'), null);
    assert.equal(taskItem().dataset.undone, 'true');
    renderer.update(replayChat('conv', [...turn, task(), task(['notes/bye.txt', 'b.txt'])]));
    assert.equal(taskItem().querySelector('.checkpoint-label')?.textContent, 'Undone: notes/bye.txt, b.txt are back as they were before this task', 'the undo replaces the line where it stands');
    assert.equal(list.querySelectorAll('[data-testid="task-changes"]').length, 1);
  });

  it('a task\'s line names its files with their +/− counts and offers "Review changes", which posts the item id', () => {
    const list = dom.window.document.getElementById('list') as HTMLElement;
    list.replaceChildren();
    const reviewed: string[] = [];
    const renderer = new ChatRenderer(list, createMarkdownRenderer(dom.window as unknown as WindowLike), quietHandlers({ restoreCheckpoint: () => undefined, reviewChanges: (itemId) => reviewed.push(itemId) }));
    const counts = [{ path: 'a.txt', added: 3, removed: 1 }];
    renderer.update(replayChat('conv', [...turn, { type: 'checkpoint', id: 'checkpoint-task:task', scope: 'task', taskId: 'task', files: ['a.txt', 'big.bin'], notes: [], counts }]));
    const taskItem = list.querySelector('[data-testid="task-changes"]') as HTMLElement;
    assert.equal(taskItem.querySelector('.checkpoint-label')?.textContent, 'This task changed a.txt +3 \u22121, big.bin', 'a file without counts (binary) is named alone');
    (taskItem.querySelector('[data-testid="review-changes"]') as HTMLButtonElement).click();
    assert.deepEqual(reviewed, ['checkpoint-task:task']);
    assert.deepEqual(parseWebviewMessage({ type: 'reviewChanges', itemId: 'checkpoint-task:task' }), { ok: true, message: { type: 'reviewChanges', itemId: 'checkpoint-task:task' } });
    // Undone: nothing is left to review.
    renderer.update(replayChat('conv', [...turn, { type: 'checkpoint', id: 'checkpoint-task:task', scope: 'task', taskId: 'task', files: ['a.txt'], notes: [], counts, undone: ['a.txt'] }]));
    assert.equal(list.querySelector('[data-testid="review-changes"]'), null);
  });

  it('the host accepts a restoreCheckpoint message with an item id only', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'restoreCheckpoint', itemId: 'checkpoint:c1' }), { ok: true, message: { type: 'restoreCheckpoint', itemId: 'checkpoint:c1' } });
    assert.equal(parseWebviewMessage({ type: 'restoreCheckpoint', itemId: '' }).ok, false);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { replayChat } from '../../../src/shared/chat/chatReducer';
import type { ChatEvent } from '../../../src/shared/chat/protocol';
import { retryTargetId } from '../../../src/shared/chat/retryTarget';

const first: ChatEvent[] = [
  { type: 'userMessage', id: 'uA', text: 'A', time: 0 },
  { type: 'taskStarted', taskId: 'tA', title: 'A' },
  { type: 'assistantDone', id: 'aA', text: 'one' },
  { type: 'taskFinished', taskId: 'tA', outcome: 'done' },
  { type: 'userMessage', id: 'uB', text: 'B', time: 1 },
  { type: 'taskStarted', taskId: 'tB', title: 'B' },
];

describe('retryTargetId', () => {
  it('is nothing while a task runs', () => {
    assert.equal(retryTargetId(replayChat('c', first)), undefined);
  });

  it('a turn stopped before any answer: its "Stopped." notice, never the earlier answer', () => {
    assert.equal(retryTargetId(replayChat('c', [...first, { type: 'taskFinished', taskId: 'tB', outcome: 'stopped' }])), 'notice:tB');
  });

  it('a turn stopped after it began answering: its own answer', () => {
    assert.equal(retryTargetId(replayChat('c', [...first, { type: 'assistantDelta', id: 'aB', text: 'half' }, { type: 'taskFinished', taskId: 'tB', outcome: 'stopped' }])), 'aB');
  });

  it('a turn stopped at a tool card after its answer: the "Stopped." notice at its end, not the answer before the card', () => {
    const stoppedAtCard: ChatEvent[] = [
      ...first,
      { type: 'assistantDone', id: 'aB', text: 'I will write the file.' },
      { type: 'toolCall', id: 'call_1', taskId: 'tB', tool: 'write_file', args: { path: 'notes/a.txt', content: 'a' }, dangerous: false, time: 2 },
      { type: 'taskFinished', taskId: 'tB', outcome: 'stopped' },
    ];
    assert.equal(retryTargetId(replayChat('c', stoppedAtCard)), 'notice:tB');
  });

  it('a turn that failed with neither answer nor notice: nothing (its error card carries its own actions)', () => {
    assert.equal(retryTargetId(replayChat('c', [...first, { type: 'taskFinished', taskId: 'tB', outcome: 'failed' }])), undefined);
  });

  it('the last turn answered: its last answer', () => {
    assert.equal(retryTargetId(replayChat('c', first.slice(0, 4))), 'aA');
  });

  it('an informative notice after the turn (an undo, a busy warning) never carries Retry: the turn keeps it where it ended', () => {
    const undone: ChatEvent[] = [
      ...first,
      { type: 'assistantDone', id: 'aB', text: 'I will write the file.' },
      { type: 'toolCall', id: 'call_1', taskId: 'tB', tool: 'write_file', args: { path: 'notes/a.txt', content: 'a' }, dangerous: false, time: 2 },
      { type: 'taskFinished', taskId: 'tB', outcome: 'done' },
      { type: 'notice', text: 'Restored 1 file to its state before this task.' },
    ];
    assert.equal(retryTargetId(replayChat('c', undone)), 'aB');
    const stopped: ChatEvent[] = [...first, { type: 'taskFinished', taskId: 'tB', outcome: 'stopped' }, { type: 'notice', text: 'Nothing to undo.' }];
    assert.equal(retryTargetId(replayChat('c', stopped)), 'notice:tB');
  });

  it('a conversation saved before notices said how they came: a "Stopped…" notice still ends its turn', () => {
    const state = replayChat('c', [...first, { type: 'taskFinished', taskId: 'tB', outcome: 'stopped' }]);
    const saved = { ...state, items: state.items.map((item) => (item.kind === 'notice' ? { kind: 'notice' as const, id: item.id, text: item.text } : item)) };
    assert.equal(retryTargetId(saved), 'notice:tB');
  });
});

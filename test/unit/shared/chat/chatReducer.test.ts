import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { emptyChatState, reduceChat, replayChat } from '../../../../src/shared/chat/chatReducer';
import type { ChatEvent } from '../../../../src/shared/chat/protocol';

describe('reduceChat', () => {
  it('streams an answer into one bubble and finishes it', () => {
    const state = replayChat('c', [
      { type: 'userMessage', id: 'u1', text: 'What is 2+2?', time: 1 },
      { type: 'taskStarted', taskId: 't', title: 'x' },
      { type: 'assistantStart', id: 'a1' },
      { type: 'assistantDelta', id: 'a1', full: 'It is' },
      { type: 'assistantDelta', id: 'a1', full: 'It is 4' },
    ]);
    assert.equal(state.busy, true);
    assert.equal(state.title, 'What is 2+2?');
    assert.deepEqual(state.items[1], { kind: 'assistant', id: 'a1', text: 'It is 4', streaming: true });
    const done = reduceChat(reduceChat(state, { type: 'assistantDone', id: 'a1', text: 'It is 4.' }), { type: 'taskFinished', taskId: 't', outcome: 'done' });
    assert.deepEqual(done.items[1], { kind: 'assistant', id: 'a1', text: 'It is 4.', streaming: false });
    assert.equal(done.busy, false);
  });

  it('does not mutate the state it is given', () => {
    const before = emptyChatState('c');
    const frozen = JSON.stringify(before);
    reduceChat(before, { type: 'userMessage', id: 'u', text: 'hi', time: 0 });
    assert.equal(JSON.stringify(before), frozen);
  });

  it('binds an approval to the running card of that tool, then records a rejection with its reason', () => {
    const events: ChatEvent[] = [
      { type: 'toolCall', id: 'call_1_0', tool: 'read_file', args: { path: 'a' }, dangerous: false, time: 1 },
      { type: 'toolResult', id: 'call_1_0', success: true, summary: 'a', durationMs: 3 },
      { type: 'toolCall', id: 'call_2_0', tool: 'write_file', args: { path: 'a' }, dangerous: true, time: 2 },
      { type: 'approvalRequested', approvalId: 'ap1', toolName: 'write_file', kind: 'write', summary: 'Write a', path: '/w/a', hasDiff: true },
    ];
    const waiting = replayChat('c', events);
    const card = waiting.items[1];
    assert.equal(card.kind === 'tool' && card.status, 'awaitingApproval');
    assert.equal(card.kind === 'tool' && card.approval?.approvalId, 'ap1');
    assert.deepEqual(waiting.pendingApprovals, ['ap1']);

    const rejected = reduceChat(waiting, { type: 'approvalResolved', approvalId: 'ap1', decision: 'reject', reason: 'wrong file' });
    const afterResult = reduceChat(rejected, { type: 'toolResult', id: 'call_2_0', success: false, summary: 'Error: rejected', durationMs: 9 });
    const final = afterResult.items[1];
    assert.equal(final.kind, 'tool');
    if (final.kind === 'tool') {
      assert.equal(final.status, 'rejected');
      assert.equal(final.approval?.reason, 'wrong file');
      assert.equal(final.durationMs, 9);
    }
    assert.deepEqual(afterResult.pendingApprovals, []);
  });

  it('shows a standalone card for an approval no card announced', () => {
    const state = reduceChat(emptyChatState('c'), { type: 'approvalRequested', approvalId: 'x', toolName: 'run_command', kind: 'command', summary: 'Run ls', command: 'ls', hasDiff: false });
    assert.equal(state.items.length, 1);
    assert.equal(state.items[0].kind === 'tool' && state.items[0].status, 'awaitingApproval');
  });

  it('marks open cards cancelled and adds a notice when stopped', () => {
    const state = replayChat('c', [
      { type: 'taskStarted', taskId: 't', title: 'x' },
      { type: 'assistantStart', id: 'a' },
      { type: 'toolCall', id: 'k', tool: 'run_command', args: {}, dangerous: true, time: 0 },
      { type: 'taskFinished', taskId: 't', outcome: 'stopped', message: 'Stopped.' },
    ]);
    assert.equal(state.busy, false);
    assert.equal(state.items[0].kind === 'assistant' && state.items[0].streaming, false);
    assert.equal(state.items[1].kind === 'tool' && state.items[1].status, 'cancelled');
    assert.deepEqual(state.items[2], { kind: 'notice', id: 'notice:t', text: 'Stopped.' });
  });

  it('ignores a result for an unknown card and a duplicate tool call', () => {
    const start = replayChat('c', [{ type: 'toolCall', id: 'k', tool: 't', args: {}, dangerous: false, time: 0 }]);
    assert.equal(reduceChat(start, { type: 'toolResult', id: 'nope', success: true, summary: '', durationMs: 0 }), start);
    assert.equal(reduceChat(start, { type: 'toolCall', id: 'k', tool: 't', args: {}, dangerous: false, time: 0 }), start);
  });

  it('keeps the first message as the title, shortened', () => {
    const long = 'x'.repeat(100);
    const state = replayChat('c', [
      { type: 'userMessage', id: 'u1', text: long, time: 0 },
      { type: 'userMessage', id: 'u2', text: 'second', time: 0 },
    ]);
    assert.equal(state.title.length, 60);
    assert.ok(state.title.endsWith('…'));
  });
});

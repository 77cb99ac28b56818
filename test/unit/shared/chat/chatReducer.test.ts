import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { emptyChatState, reduceChat, replayChat } from '../../../../src/shared/chat/chatReducer';
import { isChatViewState, type ChatEvent, type ChatViewState } from '../../../../src/shared/chat/protocol';

describe('reduceChat', () => {
  it('streams an answer into one bubble and finishes it', () => {
    const state = replayChat('c', [
      { type: 'userMessage', id: 'u1', text: 'What is 2+2?', time: 1 },
      { type: 'taskStarted', taskId: 't', title: 'x' },
      { type: 'assistantStart', id: 'a1' },
      { type: 'assistantDelta', id: 'a1', text: 'It is' },
      { type: 'assistantDelta', id: 'a1', text: ' 4' },
    ]);
    assert.equal(state.busy, true);
    assert.equal(state.title, 'What is 2+2?');
    assert.deepEqual(state.items[1], { kind: 'assistant', id: 'a1', text: 'It is 4', streaming: true });
    const done = reduceChat(reduceChat(state, { type: 'assistantDone', id: 'a1', text: 'It is 4.' }), { type: 'taskFinished', taskId: 't', outcome: 'done' });
    assert.deepEqual(done.items[1], { kind: 'assistant', id: 'a1', text: 'It is 4.', streaming: false });
    assert.equal(done.busy, false);
  });

  it('appends each delta to its bubble, and a rewrite replaces the bubble text', () => {
    const streamed = replayChat('c', [
      { type: 'assistantStart', id: 'a1' },
      { type: 'assistantDelta', id: 'a1', text: 'Draft' },
      { type: 'assistantDelta', id: 'a1', text: 'Final', rewrite: true },
      { type: 'assistantDelta', id: 'a1', text: ' answer.' },
    ]);
    assert.deepEqual(streamed.items[0], { kind: 'assistant', id: 'a1', text: 'Final answer.', streaming: true });
  });

  it('does not mutate the state it is given', () => {
    const before = emptyChatState('c');
    const frozen = JSON.stringify(before);
    reduceChat(before, { type: 'userMessage', id: 'u', text: 'hi', time: 0 });
    assert.equal(JSON.stringify(before), frozen);
  });

  it('binds an approval to the running card of that tool, then records a rejection with its reason', () => {
    const events: ChatEvent[] = [
      { type: 'taskStarted', taskId: 't', title: 'x' },
      { type: 'toolCall', id: 'call_1_0', taskId: 't', tool: 'read_file', args: { path: 'a' }, dangerous: false, time: 1 },
      { type: 'toolResult', id: 'call_1_0', taskId: 't', success: true, summary: 'a', durationMs: 3 },
      { type: 'toolCall', id: 'call_2_0', taskId: 't', tool: 'write_file', args: { path: 'a' }, dangerous: true, time: 2 },
      { type: 'approvalRequested', approvalId: 'ap1', toolName: 'write_file', kind: 'write', summary: 'Write a', path: '/w/a', hasDiff: true },
    ];
    const waiting = replayChat('c', events);
    const card = waiting.items[1];
    assert.equal(card.kind === 'tool' && card.status, 'awaitingApproval');
    assert.equal(card.kind === 'tool' && card.approval?.approvalId, 'ap1');
    assert.deepEqual(waiting.pendingApprovals, ['ap1']);

    const rejected = reduceChat(waiting, { type: 'approvalResolved', approvalId: 'ap1', decision: 'reject', reason: 'wrong file' });
    const afterResult = reduceChat(rejected, { type: 'toolResult', id: 'call_2_0', taskId: 't', success: false, summary: 'Error: rejected', durationMs: 9 });
    const final = afterResult.items[1];
    assert.equal(final.kind, 'tool');
    if (final.kind === 'tool') {
      assert.equal(final.status, 'rejected');
      assert.equal(final.approval?.reason, 'wrong file');
      // The result line only says it was rejected: the reason is shown once, on its own line.
      assert.equal(final.resultSummary, 'Rejected');
      assert.equal(final.durationMs, 9);
    }
    assert.deepEqual(afterResult.pendingApprovals, []);
  });

  it('an approval cancelled by Stop keeps its card "cancelled" when the call\'s failed result comes in', () => {
    const events: ChatEvent[] = [
      { type: 'taskStarted', taskId: 't', title: 'x' },
      { type: 'toolCall', id: 'call_1_0', taskId: 't', tool: 'write_file', args: { path: 'a' }, dangerous: true, time: 1 },
      { type: 'approvalRequested', approvalId: 'ap1', toolName: 'write_file', kind: 'write', summary: 'Write a', path: '/w/a', hasDiff: true },
      { type: 'approvalResolved', approvalId: 'ap1', decision: 'cancelled' },
      { type: 'toolResult', id: 'call_1_0', taskId: 't', success: false, summary: 'Error: cancelled', durationMs: 4 },
    ];
    const card = replayChat('c', events).items[0];
    assert.equal(card.kind === 'tool' && card.status, 'cancelled');
  });

  it('a tool the user stopped while it ran (approved, then Stop) is cancelled, not failed', () => {
    const events: ChatEvent[] = [
      { type: 'taskStarted', taskId: 't', title: 'x' },
      { type: 'toolCall', id: 'call_1_0', taskId: 't', tool: 'run_command', args: { command: 'npm test' }, dangerous: true, time: 1 },
      { type: 'approvalRequested', approvalId: 'ap1', toolName: 'run_command', kind: 'command', summary: 'Run npm test', command: 'npm test', hasDiff: false },
      { type: 'approvalResolved', approvalId: 'ap1', decision: 'approve' },
      { type: 'toolResult', id: 'call_1_0', taskId: 't', success: false, cancelled: true, summary: 'Stopped by the user.', durationMs: 40 },
    ];
    const card = replayChat('c', events).items[0];
    assert.equal(card.kind === 'tool' && card.status, 'cancelled');
    assert.equal(card.kind === 'tool' && card.resultSummary, 'Stopped by the user.');
    const failed = replayChat('c', [...events.slice(0, 4), { type: 'toolResult', id: 'call_1_0', taskId: 't', success: false, summary: 'Error: exit 1', durationMs: 40 }]).items[0];
    assert.equal(failed.kind === 'tool' && failed.status, 'failed');
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
      { type: 'toolCall', id: 'k', taskId: 't', tool: 'run_command', args: {}, dangerous: true, time: 0 },
      { type: 'taskFinished', taskId: 't', outcome: 'stopped', message: 'Stopped.' },
    ]);
    assert.equal(state.busy, false);
    assert.equal(state.items[0].kind === 'assistant' && state.items[0].streaming, false);
    assert.equal(state.items[1].kind === 'tool' && state.items[1].status, 'cancelled');
    assert.deepEqual(state.items[2], { kind: 'notice', id: 'notice:t', text: 'Stopped.', endsTurn: true });
  });

  it('ignores a result for an unknown card and a duplicate tool call', () => {
    const start = replayChat('c', [{ type: 'toolCall', id: 'k', taskId: 't', tool: 't', args: {}, dangerous: false, time: 0 }]);
    assert.equal(reduceChat(start, { type: 'toolResult', id: 'nope', taskId: 't', success: true, summary: '', durationMs: 0 }), start);
    assert.equal(reduceChat(start, { type: 'toolCall', id: 'k', taskId: 't', tool: 't', args: {}, dangerous: false, time: 0 }), start);
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

/** The events of one task that calls tools, as ChatSession emits them; `calls` in order, each answered before the next. */
interface ScriptedCall {
  id: string;
  tool: string;
  args: Record<string, unknown>;
  /** Absent: a read-only call that asks nothing. */
  approval?: { id: string; decision: 'approve' | 'reject'; reason?: string };
  result: { success: boolean; summary: string; durationMs: number };
}

function taskEvents(taskId: string, prompt: string, calls: ScriptedCall[], answer: string): ChatEvent[] {
  const events: ChatEvent[] = [{ type: 'userMessage', id: `u-${taskId}`, text: prompt, time: 0 }, { type: 'taskStarted', taskId, title: prompt }];
  for (const call of calls) {
    events.push({ type: 'toolCall', id: call.id, taskId, tool: call.tool, args: call.args, dangerous: call.approval !== undefined, time: 0 });
    if (call.approval) {
      events.push({ type: 'approvalRequested', approvalId: call.approval.id, toolName: call.tool, kind: 'write', summary: `Write ${String(call.args.path)}`, path: `/w/${String(call.args.path)}`, hasDiff: true });
      events.push({ type: 'approvalResolved', approvalId: call.approval.id, decision: call.approval.decision, reason: call.approval.reason });
    }
    events.push({ type: 'toolResult', id: call.id, taskId, ...call.result });
  }
  events.push({ type: 'assistantDone', id: `a-${taskId}`, text: answer }, { type: 'taskFinished', taskId, outcome: 'done' });
  return events;
}

/** What a card shows: the fields a test compares. */
function cards(state: ChatViewState) {
  return state.items.flatMap((item) => (item.kind === 'tool' ? [{ taskId: item.taskId, callId: item.callId, tool: item.tool, args: item.args, status: item.status, resultSummary: item.resultSummary, durationMs: item.durationMs, reason: item.approval?.reason }] : []));
}

const writeHello = (content: string) => ({ path: 'notes/hello.txt', content });
// Each task numbers its calls from call_1_0, as any caller may: the cards must still be told apart.
const rejectTask = taskEvents('t1', 'Please write hello', [{ id: 'call_1_0', tool: 'write_file', args: writeHello('Hello'), approval: { id: 'ap1', decision: 'reject', reason: 'another name' }, result: { success: false, summary: 'Error: write_file was rejected', durationMs: 11 } }], 'I did not write it.');
const approveTask = taskEvents('t2', 'Please write hello again', [{ id: 'call_1_0', tool: 'write_file', args: writeHello('Hello again'), approval: { id: 'ap2', decision: 'approve' }, result: { success: true, summary: 'notes/hello.txt, bytesWritten: 11', durationMs: 22 } }], 'Written.');
const readThenWriteTask = taskEvents('t3', 'Copy hello', [
  { id: 'call_1_0', tool: 'read_file', args: { path: 'notes/hello.txt' }, result: { success: true, summary: 'notes/hello.txt, 1 line', durationMs: 3 } },
  { id: 'call_2_0', tool: 'read_file', args: { path: 'src/greeting.ts' }, result: { success: true, summary: 'src/greeting.ts, 3 lines', durationMs: 4 } },
  { id: 'call_3_0', tool: 'write_file', args: { path: 'notes/copy.txt', content: 'Hello again' }, approval: { id: 'ap3', decision: 'approve' }, result: { success: true, summary: 'notes/copy.txt, bytesWritten: 11', durationMs: 33 } },
], 'Copied.');

const rejectedCard = { taskId: 't1', callId: 'call_1_0', tool: 'write_file', args: writeHello('Hello'), status: 'rejected', resultSummary: 'Rejected', durationMs: 11, reason: 'another name' };
const approvedCard = { taskId: 't2', callId: 'call_1_0', tool: 'write_file', args: writeHello('Hello again'), status: 'succeeded', resultSummary: 'notes/hello.txt, bytesWritten: 11', durationMs: 22, reason: undefined };

describe('reduceChat: the tool cards of several tasks in one conversation', () => {
  it('two tasks (reject, then approve): each card keeps its own arguments, status, result and duration', () => {
    const state = replayChat('c', [...rejectTask, ...approveTask]);
    assert.deepEqual(cards(state), [rejectedCard, approvedCard]);
    assert.equal(new Set(state.items.map((item) => item.id)).size, state.items.length, 'every item has its own id');
    assert.deepEqual(state.pendingApprovals, []);
    assert.equal(state.busy, false);
  });

  it('three tasks (reject, approve, approve after two reads): five cards, none touched by another task\'s events', () => {
    const state = replayChat('c', [...rejectTask, ...approveTask, ...readThenWriteTask]);
    assert.deepEqual(cards(state), [
      rejectedCard,
      approvedCard,
      { taskId: 't3', callId: 'call_1_0', tool: 'read_file', args: { path: 'notes/hello.txt' }, status: 'succeeded', resultSummary: 'notes/hello.txt, 1 line', durationMs: 3, reason: undefined },
      { taskId: 't3', callId: 'call_2_0', tool: 'read_file', args: { path: 'src/greeting.ts' }, status: 'succeeded', resultSummary: 'src/greeting.ts, 3 lines', durationMs: 4, reason: undefined },
      { taskId: 't3', callId: 'call_3_0', tool: 'write_file', args: { path: 'notes/copy.txt', content: 'Hello again' }, status: 'succeeded', resultSummary: 'notes/copy.txt, bytesWritten: 11', durationMs: 33, reason: undefined },
    ]);
    assert.equal(state.items.filter((item) => item.id.startsWith('approval:')).length, 0, 'no standalone approval card');
  });

  it('an approval binds only to a card of the running task, and a late event of an earlier task changes nothing', () => {
    // Task 1 ended with its write card still running (its result never came).
    const unanswered = replayChat('c', [
      { type: 'taskStarted', taskId: 't1', title: 'one' },
      { type: 'toolCall', id: 'call_1_0', taskId: 't1', tool: 'write_file', args: writeHello('one'), dangerous: true, time: 0 },
      { type: 'taskFinished', taskId: 't1', outcome: 'done' },
      { type: 'taskStarted', taskId: 't2', title: 'two' },
      { type: 'toolCall', id: 'call_1_0', taskId: 't2', tool: 'write_file', args: writeHello('two'), dangerous: true, time: 0 },
      { type: 'approvalRequested', approvalId: 'ap2', toolName: 'write_file', kind: 'write', summary: 'Write', hasDiff: true },
    ]);
    const [first, second] = cards(unanswered);
    assert.deepEqual([first.taskId, first.status], ['t1', 'running']);
    assert.deepEqual([second.taskId, second.status], ['t2', 'awaitingApproval']);
    const late = reduceChat(unanswered, { type: 'toolResult', id: 'call_1_0', taskId: 't1', success: true, summary: 'late', durationMs: 99 });
    assert.deepEqual(cards(late)[1], second, 'task 2\'s card is untouched by task 1\'s result');
    const stopped = reduceChat(late, { type: 'taskFinished', taskId: 't2', outcome: 'stopped' });
    assert.deepEqual(cards(stopped).map((card) => card.status), ['succeeded', 'cancelled'], 'stopping task 2 settles only its own cards');
  });

  it('an approval outside any task gets a standalone card', () => {
    const state = replayChat('c', [...rejectTask, { type: 'approvalRequested', approvalId: 'ext', toolName: 'write_file', kind: 'write', summary: 'Write x', hasDiff: false }]);
    assert.equal(state.items.at(-1)?.id, 'approval:ext');
    assert.deepEqual(cards(state)[0], rejectedCard);
  });

  it('a saved conversation restores every card as it was, and a task running at the save is the only one settled', () => {
    const finished = replayChat('c', [...rejectTask, ...approveTask, ...readThenWriteTask]);
    const restored = JSON.parse(JSON.stringify(finished)) as unknown;
    assert.ok(isChatViewState(restored));
    assert.deepEqual(cards(restored), cards(finished));
    assert.deepEqual(restored.items.map((item) => item.id), finished.items.map((item) => item.id));

    // Saved while task 3 waited for its write's approval, then the window went away.
    const midTask = replayChat('c', [...rejectTask, ...approveTask, ...readThenWriteTask.slice(0, -5)]);
    assert.equal(midTask.runningTaskId, 't3');
    const saved = JSON.parse(JSON.stringify(midTask)) as ChatViewState;
    const reloaded = reduceChat(saved, { type: 'taskFinished', taskId: saved.runningTaskId ?? 'reload', outcome: 'stopped', message: 'Stopped by a window reload.' });
    assert.deepEqual(cards(reloaded).map((card) => [card.taskId, card.status]), [['t1', 'rejected'], ['t2', 'succeeded'], ['t3', 'succeeded'], ['t3', 'succeeded'], ['t3', 'cancelled']]);
    assert.deepEqual(cards(reloaded).slice(0, 2), [rejectedCard, approvedCard]);
    assert.equal(reloaded.runningTaskId, undefined);
  });

  it('leaves the time spent waiting for approval out of the tool\'s duration', () => {
    const state = replayChat('c', [
      { type: 'taskStarted', taskId: 't', title: 'x' },
      { type: 'toolCall', id: 'w', taskId: 't', tool: 'write_file', args: { path: 'a' }, dangerous: true, time: 1 },
      { type: 'approvalRequested', approvalId: 'ap1', toolName: 'write_file', kind: 'write', summary: 'Write a', path: '/w/a', hasDiff: true },
      { type: 'approvalResolved', approvalId: 'ap1', decision: 'approve', waitedMs: 9000 },
      { type: 'toolResult', id: 'w', taskId: 't', success: true, summary: 'wrote a', durationMs: 9040 },
    ]);
    const card = state.items[0];
    assert.equal(card.kind === 'tool' && card.durationMs, 40);
  });

  it('an auto-approved call keeps its change summary and diff on a running card, with nothing waiting', () => {
    const state = replayChat('c', [
      { type: 'taskStarted', taskId: 't', title: 'x' },
      { type: 'toolCall', id: 'w', taskId: 't', tool: 'write_file', args: { path: 'a' }, dangerous: true, time: 1 },
      { type: 'approvalRequested', approvalId: 'ap1', toolName: 'write_file', kind: 'write', summary: 'Replace a', path: '/w/a', hasDiff: true, auto: true },
    ]);
    const card = state.items[0];
    assert.equal(card.kind === 'tool' && card.status, 'running');
    assert.deepEqual(card.kind === 'tool' && card.approval, { approvalId: 'ap1', summary: 'Replace a', kind: 'write', path: '/w/a', command: undefined, hasDiff: true, auto: true });
    assert.deepEqual(state.pendingApprovals, []);
    const done = reduceChat(state, { type: 'toolResult', id: 'w', taskId: 't', success: true, summary: 'wrote a', durationMs: 5 });
    assert.equal(done.items[0].kind === 'tool' && done.items[0].status, 'succeeded');
  });
});

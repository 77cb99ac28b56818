import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { replayChat } from '../../../../src/shared/chat/chatReducer';
import type { ChatEvent } from '../../../../src/shared/chat/protocol';
import { workingLine } from '../../../../src/shared/chat/workingLine';

const line = (events: ChatEvent[]) => workingLine(replayChat('conv', events));
const started: ChatEvent[] = [
  { type: 'userMessage', id: 'u', text: 'Write it', time: 0 },
  { type: 'taskStarted', taskId: 't', title: 'Write it' },
];

describe('workingLine: what the running task is doing', () => {
  it('follows the task: the site, the answer, a tool, an approval, the site again, then nothing', () => {
    assert.equal(line([started[0]!]), undefined, 'no task runs');
    assert.equal(line(started), 'Waiting for the site…');
    assert.equal(line([...started, { type: 'assistantStart', id: 'a' }]), 'Waiting for the site…', 'an empty bubble: nothing read yet');
    const reading: ChatEvent[] = [...started, { type: 'assistantDelta', id: 'a', text: 'I will' }];
    assert.equal(line(reading), 'Reading the answer…');
    const calling: ChatEvent[] = [...reading, { type: 'assistantDone', id: 'a', text: 'I will write it.' }, { type: 'toolCall', id: 'c1', taskId: 't', tool: 'write_file', args: {}, dangerous: true, time: 0 }];
    assert.equal(line(calling), 'Running write_file…');
    const asking: ChatEvent[] = [...calling, { type: 'approvalRequested', approvalId: 'p1', toolName: 'write_file', kind: 'write', summary: 'Create a.txt', hasDiff: true }];
    assert.equal(line(asking), 'Waiting for your approval…');
    const approved: ChatEvent[] = [...asking, { type: 'approvalResolved', approvalId: 'p1', decision: 'approve' }];
    assert.equal(line(approved), 'Running write_file…');
    const done: ChatEvent[] = [...approved, { type: 'toolResult', id: 'c1', taskId: 't', success: true, summary: 'Created a.txt (1 line)', durationMs: 3 }];
    assert.equal(line(done), 'Waiting for the site…');
    assert.equal(line([...done, { type: 'taskFinished', taskId: 't', outcome: 'done' }]), undefined);
  });

  it('says a call waits for a free tab while it does, and what follows once it got one', () => {
    const waiting: ChatEvent[] = [...started, { type: 'waitingForTab', taskId: 't', waiting: true }];
    assert.equal(line(waiting), 'Waiting for a free tab…');
    assert.equal(line([...waiting, { type: 'waitingForTab', taskId: 't', waiting: false }]), 'Waiting for the site…');
    assert.equal(line([...waiting, { type: 'waitingForTab', taskId: 't', waiting: false }, { type: 'assistantDelta', id: 'a', text: 'Here' }]), 'Reading the answer…');
    assert.equal(line([...waiting, { type: 'taskFinished', taskId: 't', outcome: 'stopped' }]), undefined, 'a stopped task waits no more');
  });

  it('a wait reported for another task than the running one changes nothing', () => {
    assert.equal(line([...started, { type: 'waitingForTab', taskId: 'old', waiting: true }]), 'Waiting for the site…');
    const afterEnd = replayChat('conv', [...started, { type: 'taskFinished', taskId: 't', outcome: 'done' }, { type: 'waitingForTab', taskId: 't', waiting: true }]);
    assert.equal(afterEnd.waitingForTab, undefined);
  });
});

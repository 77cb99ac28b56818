import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PTKAbortError } from '../../../src/core/errors';
import type { ApprovalRequest } from '../../../src/core/workspace';
import { ApprovalBroker } from '../../../src/ui/approvalBroker';
import type { ChatEvent } from '../../../src/shared/chat/protocol';

const writeRequest: ApprovalRequest = { toolName: 'write_file', kind: 'write', path: '/w/a.ts', before: 'a', after: 'b' };

function makeBroker(visible = true, extra: Partial<ConstructorParameters<typeof ApprovalBroker>[0]> = {}) {
  const events: ChatEvent[] = [];
  const fallbackCalls: ApprovalRequest[] = [];
  let next = 0;
  const broker = new ApprovalBroker({
    emit: (event) => events.push(event),
    isViewVisible: () => visible,
    fallback: async (request) => {
      fallbackCalls.push(request);
      return { decision: 'reject', reason: 'modal said no' };
    },
    createId: () => `ap${++next}`,
    // A still clock: no test depends on real time passing between ask and answer.
    now: () => 0,
    ...extra,
  });
  return { broker, events, fallbackCalls };
}

describe('ApprovalBroker', () => {
  it('asks through the view and resolves with the user decision', async () => {
    const { broker, events } = makeBroker();
    const answer = broker.request(writeRequest);
    assert.deepEqual(events[0], { type: 'approvalRequested', approvalId: 'ap1', toolName: 'write_file', kind: 'write', summary: 'Write /w/a.ts', path: '/w/a.ts', command: undefined, hasDiff: true });
    assert.deepEqual(broker.pendingIds(), ['ap1']);
    assert.equal(broker.resolve('ap1', { decision: 'approve' }), true);
    assert.deepEqual(await answer, { decision: 'approve', reason: undefined });
    assert.equal(broker.resolve('ap1', { decision: 'approve' }), false, 'a second answer is refused');
    assert.equal(broker.getRequest('ap1'), writeRequest, 'the request stays available for open diff');
  });

  it('passes a trimmed reject reason on', async () => {
    const { broker, events } = makeBroker();
    const answer = broker.request({ toolName: 'run_command', kind: 'command', command: 'rm -rf x' });
    broker.resolve('ap1', { decision: 'reject', reason: '  not that  ' });
    assert.deepEqual(await answer, { decision: 'reject', reason: 'not that' });
    assert.deepEqual(events[1], { type: 'approvalResolved', approvalId: 'ap1', decision: 'reject', reason: 'not that' });
  });

  it('when the view is hidden, asks another way too and opens the diff (with its title-bar answers): the first answer wins', async () => {
    const shown: string[] = [];
    const { broker, events, fallbackCalls } = makeBroker(false, { showDiff: (approvalId) => shown.push(approvalId) });
    assert.deepEqual(await broker.request(writeRequest), { decision: 'reject', reason: 'modal said no' });
    assert.equal(fallbackCalls.length, 1);
    assert.deepEqual(shown, ['ap1'], 'the diff opened as a pending one, so its title bar offers Accept / Reject');
    assert.deepEqual(events.map((event) => event.type), ['approvalRequested', 'approvalResolved'], 'the card shows it too, once the view is back');

    // Answered in the diff's title bar (or the card): the notification stops asking.
    let notificationSignal: AbortSignal | undefined;
    const second = makeBroker(false, {
      fallback: (_request, signal) => {
        notificationSignal = signal;
        return new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(new PTKAbortError())));
      },
    });
    const answer = second.broker.request(writeRequest);
    assert.equal(second.broker.resolve('ap1', { decision: 'approve' }), true);
    assert.deepEqual(await answer, { decision: 'approve', reason: undefined });
    assert.equal(notificationSignal?.aborted, true);
  });

  it('rejects with PTKAbortError when the signal fires, and marks the card cancelled', async () => {
    const { broker, events } = makeBroker();
    const controller = new AbortController();
    const answer = broker.request(writeRequest, controller.signal);
    controller.abort();
    await assert.rejects(answer, PTKAbortError);
    assert.deepEqual(events.at(-1), { type: 'approvalResolved', approvalId: 'ap1', decision: 'cancelled' });
    assert.deepEqual(broker.pendingIds(), []);
  });

  it('cancelAll rejects every waiting request', async () => {
    const { broker } = makeBroker();
    const first = broker.request(writeRequest);
    const second = broker.request(writeRequest);
    broker.cancelAll();
    await assert.rejects(first, PTKAbortError);
    await assert.rejects(second, PTKAbortError);
  });

  it('reports how long the user took to decide, records auto-approved changes, and says when a diff is gone', () => {
    let clock = 1000;
    const shown: string[] = [];
    const unavailable: string[] = [];
    const settled: string[] = [];
    const { broker, events } = makeBroker(true, {
      now: () => clock,
      showDiff: (approvalId) => shown.push(approvalId),
      diffUnavailable: (approvalId) => unavailable.push(approvalId),
      onSettled: (approvalId) => settled.push(approvalId),
    });
    void broker.request(writeRequest);
    clock += 7000;
    broker.resolve('ap1', { decision: 'approve' });
    assert.deepEqual(events[1], { type: 'approvalResolved', approvalId: 'ap1', decision: 'approve', reason: undefined, waitedMs: 7000 });
    assert.deepEqual(settled.slice(0, 1), ['ap1']);
    void broker.request(writeRequest).catch(() => undefined);
    clock += 3000;
    broker.cancelAll();
    assert.deepEqual(events.at(-1), { type: 'approvalResolved', approvalId: 'ap2', decision: 'cancelled', waitedMs: 3000 }, 'a cancelled card leaves the wait out too');
    events.splice(2);
    broker.recordAutoApproved(writeRequest, 'autoApprove');
    assert.equal(events[2].type === 'approvalRequested' && events[2].auto, true);
    assert.equal(events[2].type === 'approvalRequested' && events[2].autoBy, 'autoApprove', 'the card can say what approved it');
    broker.openDiff('ap3');
    broker.openDiff('from-before-reload');
    assert.deepEqual(shown, ['ap3']);
    assert.deepEqual(unavailable, ['from-before-reload']);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PTKAbortError, PTKError, PTKErrorCode } from '../../../../src/core/errors';
import { abortableSleep, abortErrorOf, linkAbortSignals, raceWithSignal } from '../../../../src/core/util/abortSignals';

describe('linkAbortSignals', () => {
  it('fires when a parent fires, with its reason, and removes its listener', async () => {
    const parent = new AbortController();
    const link = linkAbortSignals({ signals: [parent.signal] });
    parent.abort(new PTKAbortError('stop'));
    assert.equal(link.signal.aborted, true);
    assert.equal((link.signal.reason as Error).message, 'stop');
    assert.equal(link.timedOut(), false);
  });

  it('fires on its timeout with the given code, and dispose clears the timer', async () => {
    const link = linkAbortSignals({ timeoutMs: 5, timeoutCode: PTKErrorCode.TOOL_TIMEOUT, timeoutMessage: 'too slow' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(link.timedOut(), true);
    const error = abortErrorOf(link.signal);
    assert.equal(error.code, PTKErrorCode.TOOL_TIMEOUT);
    const disposed = linkAbortSignals({ timeoutMs: 5 });
    disposed.dispose();
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(disposed.signal.aborted, false);
  });

  it('is already aborted when a parent already is', () => {
    const parent = new AbortController();
    parent.abort();
    const link = linkAbortSignals({ signals: [parent.signal, undefined], timeoutMs: 1000 });
    assert.equal(link.signal.aborted, true);
    assert.ok(abortErrorOf(link.signal) instanceof PTKAbortError);
  });
});

describe('raceWithSignal', () => {
  it('rejects with the abort error as soon as the signal fires', async () => {
    const controller = new AbortController();
    const pending = raceWithSignal(new Promise(() => undefined), controller.signal);
    controller.abort();
    await assert.rejects(pending, (error: unknown) => error instanceof PTKError && error.code === PTKErrorCode.ABORTED);
  });

  it('passes the value through when the signal does not fire', async () => {
    assert.equal(await raceWithSignal(Promise.resolve(7), new AbortController().signal), 7);
  });
});

describe('abortableSleep', () => {
  it("rejects with the signal's error as soon as it fires, mid-wait or before", async () => {
    const controller = new AbortController();
    const waiting = abortableSleep(3_600_000, controller.signal);
    controller.abort(new PTKAbortError('stop waiting'));
    await assert.rejects(waiting, (error: unknown) => error instanceof PTKAbortError && error.message === 'stop waiting');
    await assert.rejects(abortableSleep(10, controller.signal), PTKAbortError);
  });

  it('resolves when its time has passed', async () => {
    assert.equal(await abortableSleep(0, new AbortController().signal), undefined);
  });
});

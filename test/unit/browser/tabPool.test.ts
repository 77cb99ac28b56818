import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TabPool, type PoolClock, type TabLease } from '../../../src/browser/tabPool';
import { PTKError, PTKErrorCode } from '../../../src/core/errors';

interface FakeTab {
  id: number;
  alive: boolean;
}

/** A clock whose timers fire only when the test says so. */
class ManualClock implements PoolClock {
  readonly timers: Array<{ callback: () => void; ms: number; cancelled: boolean }> = [];
  setTimer(callback: () => void, ms: number): { cancel(): void } {
    const timer = { callback, ms, cancelled: false };
    this.timers.push(timer);
    return { cancel: () => void (timer.cancelled = true) };
  }
  /** Fires every pending timer. */
  fireAll(): void {
    for (const timer of this.timers.splice(0)) if (!timer.cancelled) timer.callback();
  }
  get pending(): number {
    return this.timers.filter((timer) => !timer.cancelled).length;
  }
}

function fakePool(maxTabs: number, clock = new ManualClock()) {
  let nextId = 1;
  const opened: FakeTab[] = [];
  const closed: FakeTab[] = [];
  const pool = new TabPool<FakeTab>({
    maxTabs,
    idleMs: 600_000,
    clock,
    open: async () => {
      const tab = { id: nextId++, alive: true };
      opened.push(tab);
      return tab;
    },
    close: (tab) => {
      tab.alive = false;
      closed.push(tab);
    },
    isAlive: (tab) => tab.alive,
  });
  return { pool, opened, closed, clock };
}

/** Whether a promise has settled, after the pending microtasks ran. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  promise.then(
    () => (done = true),
    () => (done = true),
  );
  for (let index = 0; index < 10; index++) await Promise.resolve();
  return done;
}

describe('TabPool', () => {
  it('gives each call its own tab up to maxTabs, then queues in order of arrival', async () => {
    const { pool, opened } = fakePool(2);
    const first = await pool.lease();
    const second = await pool.lease();
    assert.notEqual(first.tab, second.tab);
    const order: string[] = [];
    const third = pool.lease().then((lease) => (order.push('third'), lease));
    const fourth = pool.lease().then((lease) => (order.push('fourth'), lease));
    assert.equal(await settled(third), false);
    assert.equal(pool.waiting, 2);
    assert.equal(opened.length, 2, 'never more than maxTabs tabs');
    second.release();
    const thirdLease = await third;
    assert.equal(thirdLease.tab, second.tab);
    assert.equal(await settled(fourth), false);
    first.release();
    const fourthLease = await fourth;
    assert.equal(fourthLease.tab, first.tab);
    assert.deepEqual(order, ['third', 'fourth']);
    assert.equal(opened.length, 2);
  });

  it('one at a time: once every tab shows the same chat, a call waits while another holds a tab, even with idle tabs and room', async () => {
    const { pool, opened } = fakePool(3);
    const first = await pool.lease({ key: 'a' });
    const second = await pool.lease({ key: 'b' });
    second.release('b');
    pool.oneAtATime();
    const waiting: boolean[] = [];
    const third = pool.lease({ key: 'b', onWaiting: (value) => waiting.push(value) });
    const fourth = pool.lease({ key: 'c' });
    assert.equal(await settled(third), false, 'waits although its own tab is idle');
    assert.equal(await settled(fourth), false, 'waits although there is room for a new tab');
    assert.deepEqual(waiting, [true]);
    first.release('a');
    const thirdLease = await third;
    assert.equal(thirdLease.tab, second.tab);
    assert.equal(await settled(fourth), false, 'still one at a time');
    thirdLease.release('b');
    (await fourth).release('c');
    assert.equal(opened.length, 2, 'no tab opened while calls take turns');
  });

  it('tells a call when it starts and stops waiting; a call that gets a tab at once is not told', async () => {
    const { pool } = fakePool(1);
    const calls: boolean[] = [];
    const first = await pool.lease({ onWaiting: (waiting) => calls.push(waiting) });
    assert.deepEqual(calls, []);
    const waitingCalls: boolean[] = [];
    const second = pool.lease({ onWaiting: (waiting) => waitingCalls.push(waiting) });
    assert.deepEqual(waitingCalls, [true]);
    first.release();
    await second;
    assert.deepEqual(waitingCalls, [true, false]);
  });

  it('reuses a released tab warm instead of opening another', async () => {
    const { pool, opened } = fakePool(3);
    const first = await pool.lease();
    assert.equal(first.warm, false);
    first.release();
    const again = await pool.lease();
    assert.equal(again.tab, first.tab);
    assert.equal(again.warm, true);
    assert.equal(opened.length, 1);
  });

  it('prefers the idle tab whose chat holds the call\'s key; another key gets a fresh tab while there is room', async () => {
    const { pool, opened } = fakePool(3);
    const alpha = await pool.lease({ key: 'alpha' });
    const beta = await pool.lease({ key: 'beta' });
    alpha.release('alpha');
    beta.release('beta');
    const betaAgain = await pool.lease({ key: 'beta' });
    assert.equal(betaAgain.tab, beta.tab);
    assert.equal(betaAgain.holdsKey, true);
    const gamma = await pool.lease({ key: 'gamma' });
    assert.notEqual(gamma.tab, alpha.tab, 'a new key does not take the tab holding another conversation while a tab may be opened');
    assert.equal(gamma.holdsKey, false);
    assert.equal(opened.length, 3);
    const alphaAgain = await pool.lease({ key: 'alpha' });
    assert.equal(alphaAgain.tab, alpha.tab);
    assert.equal(alphaAgain.holdsKey, true);
  });

  it('when every tab is taken by other conversations, a key takes the least recently used idle tab (holdsKey false)', async () => {
    const { pool } = fakePool(2);
    const alpha = await pool.lease({ key: 'alpha' });
    const beta = await pool.lease({ key: 'beta' });
    alpha.release('alpha');
    beta.release('beta');
    const gamma = await pool.lease({ key: 'gamma' });
    assert.equal(gamma.tab, alpha.tab);
    assert.equal(gamma.holdsKey, false);
    gamma.release('gamma');
    const alphaAgain = await pool.lease({ key: 'alpha' });
    assert.equal(alphaAgain.holdsKey, false, 'its chat was replaced by gamma\'s');
  });

  it('closes a tab idle for idleMs (on the clock\'s event), and a lease cancels the idle timer', async () => {
    const clock = new ManualClock();
    const { pool, closed } = fakePool(2, clock);
    const first = await pool.lease();
    first.release();
    assert.equal(clock.pending, 1);
    assert.equal(clock.timers[0]!.ms, 600_000);
    const again = await pool.lease();
    assert.equal(clock.pending, 0, 'a leased tab has no idle timer');
    again.release();
    clock.fireAll();
    assert.deepEqual(closed, [first.tab]);
    assert.equal(pool.size, 0);
    const fresh = await pool.lease();
    assert.notEqual(fresh.tab, first.tab);
  });

  it('replaces a dead tab for its own lease only; the other lease keeps its tab', async () => {
    const { pool, opened } = fakePool(2);
    const first = await pool.lease();
    const second = await pool.lease();
    const dead = first.tab;
    dead.alive = false;
    const replacement = await first.replace();
    assert.notEqual(replacement, dead);
    assert.equal(first.tab, replacement);
    assert.equal(second.tab.alive, true);
    assert.equal(pool.size, 2, 'the replacement takes the dead tab\'s slot');
    assert.equal(opened.length, 3);
    first.release();
    second.release();
    const next = await pool.lease();
    assert.notEqual(next.tab, dead);
  });

  it('drops a tab that died while idle, and a tab that died during a lease is not reused', async () => {
    const { pool } = fakePool(1);
    const first = await pool.lease();
    first.tab.alive = false;
    const waiting = pool.lease();
    first.release();
    const next = await waiting;
    assert.notEqual(next.tab, first.tab);
    assert.equal(next.warm, false);
    next.release();
    next.tab.alive = false;
    const third = await pool.lease();
    assert.notEqual(third.tab, next.tab);
  });

  it('an aborted waiting call leaves the queue with ABORTED; the next one gets the tab', async () => {
    const { pool } = fakePool(1);
    const first = await pool.lease();
    const controller = new AbortController();
    const waitingCalls: boolean[] = [];
    const aborted = pool.lease({ signal: controller.signal, onWaiting: (waiting) => waitingCalls.push(waiting) });
    const after = pool.lease();
    assert.equal(pool.waiting, 2);
    controller.abort();
    await assert.rejects(aborted, (error: unknown) => error instanceof PTKError && error.code === PTKErrorCode.ABORTED);
    assert.equal(pool.waiting, 1);
    assert.deepEqual(waitingCalls, [true, false]);
    first.release();
    const next: TabLease<FakeTab> = await after;
    assert.equal(next.tab, first.tab);
  });

  it('close() closes every tab and rejects the waiting calls', async () => {
    const { pool, closed } = fakePool(1);
    const first = await pool.lease();
    const waiting = pool.lease();
    await pool.close();
    await assert.rejects(waiting, /closed/);
    assert.deepEqual(closed, [first.tab]);
    await assert.rejects(pool.lease(), /closed/);
  });
});

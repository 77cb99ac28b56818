/**
 * The tab pool's scheduling, free of Playwright: which tab a call gets, who waits, which tab
 * closes. Each call leases one tab for itself; at most `maxTabs` tabs exist; beyond that calls
 * wait in order of arrival (FIFO). A lease that ends puts its tab back warm, remembering the
 * conversation (key) its chat now holds; a call with a key prefers the idle tab holding that
 * key, then a tab holding no conversation, then a new tab (while there is room), and only then
 * the idle tab used least recently (whose chat it will replace). A tab idle for `idleMs` is
 * closed, through an injectable clock so tests decide on events. A tab that died (closed,
 * crashed) is dropped: the lease that holds it asks for a replacement for itself only. Once
 * every tab shows the same chat (`oneAtATime`), calls take turns: one lease at a time.
 */
import { abortErrorOf } from '../core/util/abortSignals';

/** Timers the pool uses for idle expiry (injectable: tests fire them by hand). */
export interface PoolClock {
  setTimer(callback: () => void, ms: number): { cancel(): void };
}

const systemClock: PoolClock = {
  setTimer(callback, ms) {
    const handle = setTimeout(callback, ms);
    handle.unref?.();
    return { cancel: () => clearTimeout(handle) };
  },
};

interface TabPoolOptions<Tab> {
  /** Most tabs at once (at least 1). */
  maxTabs: number;
  /** A tab idle this long is closed (ms). */
  idleMs: number;
  /** Opens a new tab. */
  open: () => Promise<Tab>;
  /** Closes a tab (idle expiry, pool closed); errors are ignored. */
  close: (tab: Tab) => Promise<void> | void;
  /** False for a tab that was closed or crashed. */
  isAlive: (tab: Tab) => boolean;
  clock?: PoolClock;
}

/** What a call asks for. */
interface LeaseRequest {
  /** The conversation the call belongs to (prefers the tab whose chat holds it). */
  key?: string;
  /** Aborting a waiting call removes it from the queue and rejects with the abort's error. */
  signal?: AbortSignal;
  /** True when the call starts waiting for a free tab, false when it gets one (or stops waiting). */
  onWaiting?: (waiting: boolean) => void;
  /** Take this tab when it is idle (the UI's actions on "the tab": the most recently used one). */
  prefer?: unknown;
}

/** One call's hold on one tab. */
export interface TabLease<Tab> {
  readonly tab: Tab;
  /** True when the tab's chat holds the request's key (the call may continue that chat). */
  readonly holdsKey: boolean;
  /** True when the tab was in the pool before this lease (warm), false when opened for it. */
  readonly warm: boolean;
  /** The conversation the tab's chat held when the lease began (release(heldKey) leaves it as it was). */
  readonly heldKey: string | undefined;
  /**
   * The tab died: drops it and opens another for this lease only (counted in the same slot,
   * so the bound holds). The lease's `tab` is the new one afterwards.
   */
  replace(): Promise<Tab>;
  /** Ends the lease: the tab goes back to the pool holding `key` (the chat's conversation now; undefined: none known). */
  release(key?: string): void;
}

interface Slot<Tab> {
  tab: Tab;
  /** The conversation the tab's chat holds. */
  key: string | undefined;
  leased: boolean;
  /** Order of the last release (least recently used first). */
  usedAt: number;
  idleTimer?: { cancel(): void };
}

interface Waiter<Tab> {
  request: LeaseRequest;
  resolve: (lease: TabLease<Tab>) => void;
  reject: (error: unknown) => void;
  dispose: () => void;
}

export class TabPool<Tab> {
  private readonly slots: Array<Slot<Tab>> = [];
  private readonly waiters: Array<Waiter<Tab>> = [];
  /** Tabs being opened (count against maxTabs). */
  private opening = 0;
  private useCounter = 0;
  private closed = false;
  private readonly clock: PoolClock;
  /** The tab of the latest lease (the UI's "the tab"). */
  private latest: Tab | undefined;
  /** Calls take turns: one lease at a time, whatever maxTabs allows (oneAtATime). */
  private single = false;

  constructor(private readonly options: TabPoolOptions<Tab>) {
    this.clock = options.clock ?? systemClock;
  }

  get maxTabs(): number {
    return Math.max(1, Math.floor(this.options.maxTabs));
  }

  /** Tabs open (leased or idle). */
  get size(): number {
    return this.slots.length;
  }

  /** Calls waiting for a tab. */
  get waiting(): number {
    return this.waiters.length;
  }

  /** Tabs leased now. */
  get busy(): number {
    return this.slots.filter((slot) => slot.leased).length;
  }

  /**
   * From now on one lease at a time: every tab shows the same chat (a site whose address
   * reopens its last chat and has no new-chat control), so calls wait their turn in order.
   */
  oneAtATime(): void {
    this.single = true;
  }

  /** The tab most recently leased, if it is still open. */
  get mostRecent(): Tab | undefined {
    const latest = this.latest;
    return latest !== undefined && this.slots.some((slot) => slot.tab === latest) && this.options.isAlive(latest) ? latest : undefined;
  }

  /** The open tabs. */
  get tabs(): Tab[] {
    return this.slots.map((slot) => slot.tab);
  }

  /** A tab for one call: at once when one is free or may be opened, else after the calls before it. */
  lease(request: LeaseRequest = {}): Promise<TabLease<Tab>> {
    if (this.closed) return Promise.reject(new Error('The tab pool is closed.'));
    if (request.signal?.aborted) return Promise.reject(abortErrorOf(request.signal));
    if (this.waiters.length === 0) {
      const granted = this.tryGrant(request);
      if (granted) return granted;
    }
    return new Promise<TabLease<Tab>>((resolve, reject) => {
      const onAbort = (): void => {
        const index = this.waiters.indexOf(waiter);
        if (index < 0) return;
        this.waiters.splice(index, 1);
        notify(request.onWaiting, false);
        reject(abortErrorOf(request.signal!));
      };
      const waiter: Waiter<Tab> = { request, resolve, reject, dispose: () => request.signal?.removeEventListener('abort', onAbort) };
      request.signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
      notify(request.onWaiting, true);
    });
  }

  /** Closes every tab; waiting calls are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    for (const waiter of this.waiters.splice(0)) {
      waiter.dispose();
      waiter.reject(new Error('The tab pool is closed.'));
    }
    const slots = this.slots.splice(0);
    for (const slot of slots) slot.idleTimer?.cancel();
    await Promise.all(slots.map((slot) => this.closeTab(slot.tab)));
  }

  /** A lease now if a tab is idle or may be opened; undefined when the call must wait. */
  private tryGrant(request: LeaseRequest): Promise<TabLease<Tab>> | undefined {
    this.dropDead();
    if (this.single && (this.opening > 0 || this.slots.some((slot) => slot.leased))) return undefined;
    const idle = this.slots.filter((slot) => !slot.leased);
    const key = request.key;
    const preferred = request.prefer === undefined ? undefined : idle.find((slot) => slot.tab === request.prefer);
    const own = key === undefined ? undefined : idle.find((slot) => slot.key === key);
    // Taking turns, every tab shows the same chat: an idle one serves as well as a new one.
    const shared = this.single ? idle.sort((left, right) => right.usedAt - left.usedAt)[0] : undefined;
    const free = preferred ?? own ?? idle.find((slot) => slot.key === undefined) ?? shared;
    if (free) return Promise.resolve(this.take(free, key));
    if (this.slots.length + this.opening < this.maxTabs) return this.openFor();
    const oldest = idle.sort((left, right) => left.usedAt - right.usedAt)[0];
    return oldest ? Promise.resolve(this.take(oldest, key)) : undefined;
  }

  private take(slot: Slot<Tab>, key: string | undefined): TabLease<Tab> {
    slot.idleTimer?.cancel();
    slot.idleTimer = undefined;
    slot.leased = true;
    return this.leaseOf(slot, key !== undefined && slot.key === key, true);
  }

  private async openFor(): Promise<TabLease<Tab>> {
    this.opening++;
    let tab: Tab;
    try {
      tab = await this.options.open();
    } catch (error) {
      this.opening--;
      this.dispatch(); // the room it held is free again
      throw error;
    }
    this.opening--;
    const slot: Slot<Tab> = { tab, key: undefined, leased: true, usedAt: 0 };
    if (this.closed) {
      await this.closeTab(tab);
      throw new Error('The tab pool is closed.');
    }
    this.slots.push(slot);
    return this.leaseOf(slot, false, false);
  }

  private leaseOf(slot: Slot<Tab>, holdsKey: boolean, warm: boolean): TabLease<Tab> {
    let ended = false;
    this.latest = slot.tab;
    const lease: TabLease<Tab> = {
      tab: slot.tab,
      holdsKey,
      warm,
      heldKey: slot.key,
      replace: async () => {
        if (ended) throw new Error('The lease has ended.');
        const dead = slot.tab;
        slot.key = undefined;
        void this.closeTab(dead);
        const tab = await this.options.open();
        if (ended || this.closed) {
          await this.closeTab(tab);
          throw new Error('The tab pool is closed.');
        }
        slot.tab = tab;
        (lease as { tab: Tab }).tab = tab;
        this.latest = tab;
        return tab;
      },
      release: (key?: string) => {
        if (ended) return;
        ended = true;
        slot.leased = false;
        slot.key = key;
        slot.usedAt = ++this.useCounter;
        if (!this.slots.includes(slot)) return;
        if (!this.options.isAlive(slot.tab)) {
          this.remove(slot);
        } else if (!this.closed) {
          slot.idleTimer = this.clock.setTimer(() => this.expire(slot), this.options.idleMs);
        }
        this.dispatch();
      },
    };
    return lease;
  }

  /** Hands free tabs (or room for new ones) to the waiting calls, in order. */
  private dispatch(): void {
    while (this.waiters.length > 0 && !this.closed) {
      const waiter = this.waiters[0]!;
      const granted = this.tryGrant(waiter.request);
      if (!granted) return;
      this.waiters.shift();
      waiter.dispose();
      notify(waiter.request.onWaiting, false);
      granted.then(waiter.resolve, waiter.reject);
    }
  }

  private expire(slot: Slot<Tab>): void {
    if (slot.leased || !this.slots.includes(slot)) return;
    this.remove(slot);
    void this.closeTab(slot.tab);
  }

  private dropDead(): void {
    for (const slot of [...this.slots]) if (!slot.leased && !this.options.isAlive(slot.tab)) this.remove(slot);
  }

  private remove(slot: Slot<Tab>): void {
    slot.idleTimer?.cancel();
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
  }

  private async closeTab(tab: Tab): Promise<void> {
    try {
      await this.options.close(tab);
    } catch {
      // Closing a tab that is already gone is not an error.
    }
  }
}

/** Calls the waiting callback; a throwing callback must not break the pool. */
function notify(callback: ((waiting: boolean) => void) | undefined, waiting: boolean): void {
  try {
    callback?.(waiting);
  } catch {
    // ignored: the caller's display problem
  }
}

/**
 * What each site can do now, kept from the failures its calls met: limited until a time (a usage
 * limit: the site's stated time, else a back-off), signed out, held by a bot check, broken (the
 * adapter no longer finds the page's elements), or cooling down after site errors in a row
 * (a back-off that doubles with each cool-down in a row). An answer makes the site ready again.
 * A state with a time ends by itself when the clock passes it; a site that is signed out, held
 * or broken is tried again after the back-off too (the user may have fixed it), or at once
 * after `markReady`. Time comes from the injected clock: nothing here uses timers.
 */
import { DEFAULTS } from '../constants';
import { ConfigurationError } from '../errors';
import { notify, type PTKLogger } from '../util/notify';
import type { SiteFailure, SiteFailureReason } from './siteFailure';

export type SiteStatus = 'ready' | 'limited' | 'coolingDown' | 'signedOut' | 'blocked' | 'broken';

/** One site's state as the status item shows it. */
export interface SiteState {
  site: string;
  label: string;
  status: SiteStatus;
  /** When the site is tried again (epoch ms); absent when ready. */
  until?: number;
  /** Why it is not ready. */
  reason?: SiteFailureReason;
  /** The message of the failure that put it in this state. */
  detail?: string;
}

/** A usage limit kept across a restart: the site, when it ends (epoch ms) and what the site said. */
export interface RememberedLimit {
  site: string;
  until: number;
  detail?: string;
}

/** The usage limits among `states` that have not ended at `now`, as they are kept across a restart. */
export function limitsToRemember(states: readonly SiteState[], now: number): RememberedLimit[] {
  return states
    .filter((state) => state.status === 'limited' && state.until !== undefined && state.until > now)
    .map((state) => ({ site: state.site, until: state.until!, ...(state.detail === undefined ? {} : { detail: state.detail }) }));
}

export interface SiteHealthOptions {
  now: () => number;
  /** A usage limit without a stated time, and the recheck of a signed-out, held or broken site (ms). */
  limitBackoffMs?: number;
  /** Site errors in a row that start a cool-down. */
  errorsBeforeCooldown?: number;
  /** The first cool-down (ms); doubles with each one in a row, up to limitBackoffMs. */
  cooldownMs?: number;
  /** Where a throwing listener is reported. */
  logger?: PTKLogger;
}

interface SiteRecord {
  label: string;
  status: SiteStatus;
  until?: number;
  reason?: SiteFailureReason;
  error?: unknown;
  errorsInRow: number;
  cooldownsInRow: number;
}

const STATUS_OF: Record<Exclude<SiteFailureReason, 'siteError'>, SiteStatus> = {
  usageLimit: 'limited',
  signedOut: 'signedOut',
  botCheck: 'blocked',
  pageChanged: 'broken',
};

export class SiteHealth {
  private readonly records = new Map<string, SiteRecord>();
  private readonly listeners = new Set<(states: SiteState[]) => void>();
  private readonly limitBackoffMs: number;
  private readonly errorsBeforeCooldown: number;
  private readonly cooldownMs: number;

  constructor(sites: ReadonlyArray<{ site: string; label: string }>, private readonly options: SiteHealthOptions) {
    for (const { site, label } of sites) this.records.set(site, { label, status: 'ready', errorsInRow: 0, cooldownsInRow: 0 });
    this.limitBackoffMs = options.limitBackoffMs ?? DEFAULTS.routerLimitBackoffMs;
    this.errorsBeforeCooldown = Math.max(1, options.errorsBeforeCooldown ?? DEFAULTS.routerErrorsBeforeCooldown);
    this.cooldownMs = options.cooldownMs ?? DEFAULTS.routerCooldownMs;
  }

  /** True when the site may be called now (ready, or its time has passed). */
  isAvailable(site: string): boolean {
    const record = this.record(site);
    return record.until === undefined || record.until <= this.options.now();
  }

  /** True when the site is out only until a time a wait can reach (a usage limit, a cool-down). */
  isWaitable(site: string): boolean {
    const status = this.record(site).status;
    return status === 'limited' || status === 'coolingDown';
  }

  /**
   * Takes back usage limits met before a restart (a window reload): a configured site whose
   * limit has not ended is limited until then, so no task goes back to it first. Others are ignored.
   */
  restore(limits: readonly RememberedLimit[]): void {
    const now = this.options.now();
    let changed = false;
    for (const limit of limits) {
      const record = this.records.get(limit.site);
      if (!record || !(limit.until > now)) continue;
      record.status = 'limited';
      record.until = limit.until;
      record.reason = 'usageLimit';
      record.error = limit.detail === undefined ? undefined : new Error(limit.detail);
      changed = true;
    }
    if (!changed) return;
    const states = this.states();
    for (const listener of [...this.listeners]) notify('onDidChange', listener, states, this.options.logger);
  }

  /** The failure that put the site in its state, if any. */
  lastError(site: string): unknown {
    return this.record(site).error;
  }

  /**
   * Records a failure of the site. True when the site is now out (the task should move on);
   * false for a site error that does not yet make a run of them.
   */
  failed(site: string, failure: SiteFailure): boolean {
    const record = this.record(site);
    const now = this.options.now();
    record.error = failure.error;
    if (failure.reason === 'siteError') {
      record.errorsInRow += 1;
      if (record.errorsInRow < this.errorsBeforeCooldown) return false;
      const cooldown = Math.min(this.cooldownMs * 2 ** record.cooldownsInRow, Math.max(this.cooldownMs, this.limitBackoffMs));
      record.cooldownsInRow += 1;
      record.errorsInRow = 0;
      this.set(record, 'coolingDown', now + cooldown, failure.reason);
      return true;
    }
    const waitMs = failure.reason === 'usageLimit' && failure.retryAfterMs !== undefined && failure.retryAfterMs >= 0 ? failure.retryAfterMs : this.limitBackoffMs;
    this.set(record, STATUS_OF[failure.reason], now + waitMs, failure.reason);
    return true;
  }

  /**
   * Makes the site ready, and its runs of errors start over: it answered, or the user fixed
   * what stopped it (signed in again, passed a check).
   */
  markReady(site: string): void {
    const record = this.record(site);
    record.errorsInRow = 0;
    record.cooldownsInRow = 0;
    record.error = undefined;
    if (record.status !== 'ready') this.set(record, 'ready', undefined, undefined);
  }

  /** Each site's state in the configured order; a state whose time has passed reads as ready. */
  states(): SiteState[] {
    const now = this.options.now();
    return [...this.records].map(([site, record]) => {
      if (record.until === undefined || record.until <= now) return { site, label: record.label, status: 'ready' };
      const detail = record.error instanceof Error ? record.error.message : undefined;
      return { site, label: record.label, status: record.status, until: record.until, reason: record.reason, ...(detail === undefined ? {} : { detail }) };
    });
  }

  /** The earliest time a state ends by itself (the status item re-reads `states()` then), if any. */
  nextChangeAt(): number | undefined {
    const now = this.options.now();
    const times = [...this.records.values()].map((record) => record.until).filter((until): until is number => until !== undefined && until > now);
    return times.length > 0 ? Math.min(...times) : undefined;
  }

  /** Calls `listener` with every site's state after each change; returns its removal. */
  onDidChange(listener: (states: SiteState[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private record(site: string): SiteRecord {
    const record = this.records.get(site);
    if (!record) throw new ConfigurationError(`No site ${JSON.stringify(site)} is configured.`);
    return record;
  }

  private set(record: SiteRecord, status: SiteStatus, until: number | undefined, reason: SiteFailureReason | undefined): void {
    record.status = status;
    record.until = until;
    record.reason = reason;
    const states = this.states();
    for (const listener of [...this.listeners]) notify('onDidChange', listener, states, this.options.logger);
  }
}

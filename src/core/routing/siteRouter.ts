/**
 * The site router: one model (ILLMManager) over an ordered list of web-chat sites, so a task
 * goes on when its site cannot (a usage limit, a lost sign-in, a bot check, a page the adapter
 * no longer recognises, site errors in a row). Each site's state is kept from the failures its
 * calls meet (SiteHealth), so later calls skip a limited site until its time.
 *
 * A conversation stays on the site that holds its chat. When that site cannot go on, the
 * policy decides: 'auto' moves to the first ready site of the list, 'ask' asks `confirm` first,
 * 'off' fails the call. The next site gets a NEW chat that starts with the task's whole state
 * (`thread.fullTranscript()`: the goal, the conversation within the history budget, the tool
 * calls made and their results); no tool call is run again, since a tool call runs only after
 * an answer. When no listed site can go on, `whenAllLimited` decides: 'stop' fails with
 * RATE_LIMITED naming each site and its time, 'wait' waits (abortable) for the earliest time.
 * Only the listed sites are ever called.
 */
import { DEFAULTS } from '../constants';
import { ConfigurationError, errorMessage, LLMBackendError, PTKErrorCode } from '../errors';
import type { ILLMManager, LLMCallOptions } from '../ports';
import { abortableSleep, abortErrorOf, raceWithSignal, throwIfAborted } from '../util/abortSignals';
import { notify, type PTKLogger } from '../util/notify';
import { markFailedSite } from './failedSite';
import { backendCodeOf, siteFailureOf, type SiteFailureReason } from './siteFailure';
import { SiteHealth, type RememberedLimit, type SiteState, type SiteStatus } from './siteHealth';
import { describeSiteState, failoverLine, formatClockTime, statesSummary, type TimeFormat } from './siteStateText';
import { StreamRelay } from './streamRelay';

/** One site the router may use. `site` is its id (as in ptk.sites), `label` its name for people. */
interface RoutedModel {
  site: string;
  label: string;
  model: ILLMManager;
}

type FailoverPolicy = 'auto' | 'ask' | 'off';
type WhenAllLimited = 'wait' | 'stop';

/** A move of a task from one site to another. */
export interface FailoverEvent {
  /** Labels of the sites. */
  from: string;
  to: string;
  fromSite: string;
  toSite: string;
  reason: SiteFailureReason;
  /** When the site it leaves can be used again (epoch ms), when known. */
  until?: number;
  /** The line to show: "ChatGPT: usage limit until 15:00 — continuing on Claude". */
  message: string;
}

/** A wait for the earliest site to reopen (whenAllLimited 'wait'). */
export interface RouterWaitEvent {
  until: number;
  /** Label of the site that reopens first. */
  label: string;
  /** Every site with its state. */
  message: string;
}

export interface SiteRouterOptions {
  failover?: FailoverPolicy;
  whenAllLimited?: WhenAllLimited;
  /** 'ask': resolves true to move the task on. A rejection counts as no. */
  confirm?: (question: Omit<FailoverEvent, 'message'>) => Promise<boolean>;
  /** Told each time a task moves on, for the one line the UI shows. */
  onFailover?: (event: FailoverEvent) => void;
  /** Told when a call waits for a site to reopen. */
  onWait?: (event: RouterWaitEvent) => void;
  /** The clock (epoch ms). */
  now?: () => number;
  /** The wait of whenAllLimited 'wait'; rejects with the signal's error when it fires. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** How times read in messages (default: local HH:MM). */
  formatTime?: TimeFormat;
  /** See SiteHealthOptions. */
  limitBackoffMs?: number;
  errorsBeforeCooldown?: number;
  cooldownMs?: number;
  logger?: PTKLogger;
  /** Usage limits met before a restart, taken back at once (see SiteHealth.restore). */
  limits?: readonly RememberedLimit[];
}

/** The code of the error a site's state stands for. */
const STATE_CODE: Record<SiteStatus, PTKErrorCode> = {
  ready: PTKErrorCode.SITE_ERROR,
  limited: PTKErrorCode.RATE_LIMITED,
  coolingDown: PTKErrorCode.SITE_ERROR,
  signedOut: PTKErrorCode.LOGIN_REQUIRED,
  blocked: PTKErrorCode.BOT_CHECK,
  broken: PTKErrorCode.SELECTOR_NOT_FOUND,
};

/** The key of calls that name no conversation. */
const DEFAULT_THREAD = '';

export class SiteRouter implements ILLMManager {
  readonly keepsThread: boolean;
  private readonly health: SiteHealth;
  private readonly models = new Map<string, RoutedModel>();
  /** Per conversation, the site whose chat holds it. */
  private readonly holders = new Map<string, string>();
  private readonly now: () => number;

  constructor(private readonly routed: readonly RoutedModel[], private readonly options: SiteRouterOptions = {}) {
    if (routed.length === 0) throw new ConfigurationError('The site router needs at least one site.');
    for (const entry of routed) {
      if (this.models.has(entry.site)) throw new ConfigurationError(`The site ${JSON.stringify(entry.site)} is listed twice.`);
      this.models.set(entry.site, entry);
    }
    if ((options.failover ?? DEFAULTS.routerFailover) === 'ask' && !options.confirm) {
      throw new ConfigurationError("The site router's failover 'ask' needs a confirm function.");
    }
    this.now = options.now ?? Date.now;
    this.keepsThread = routed.some((entry) => entry.model.keepsThread === true);
    this.health = new SiteHealth(routed, { now: this.now, limitBackoffMs: options.limitBackoffMs, errorsBeforeCooldown: options.errorsBeforeCooldown, cooldownMs: options.cooldownMs, logger: options.logger });
    if (options.limits) this.health.restore(options.limits);
  }

  /** Each site's state, in the configured order. */
  states(): SiteState[] {
    return this.health.states();
  }

  /** Calls `listener` after each change of a site's state; returns its removal. */
  onDidChangeStates(listener: (states: SiteState[]) => void): () => void {
    return this.health.onDidChange(listener);
  }

  /** The earliest time a state ends by itself (re-read `states()` then), if any. */
  nextStateChangeAt(): number | undefined {
    return this.health.nextChangeAt();
  }

  /** Makes a site ready at once (the user signed in again, passed a check, or repaired its adapter). */
  resetSite(site: string): void {
    this.health.markReady(site);
  }

  /** The site whose chat holds the conversation `key` (calls without a key share one), if any. */
  siteOf(key: string = DEFAULT_THREAD): string | undefined {
    return this.holders.get(key);
  }

  /** Calls a site (see the class comment); what it throws is marked with the site it was on (failedSiteOf). */
  async call(prompt: string, options: LLMCallOptions = {}): Promise<string> {
    const on = { site: options.site ?? this.routed[0].site };
    try {
      return await (options.stayOnSite && options.site !== undefined ? this.callSiteAlone(options.site, prompt, options) : this.route(prompt, options, on));
    } catch (error) {
      throw markFailedSite(error, on.site);
    }
  }

  /** A call that may move on to another site; `on.site` follows the site it is on. */
  private async route(prompt: string, options: LLMCallOptions, on: { site: string }): Promise<string> {
    const { signal } = options;
    const thread = options.thread;
    const key = thread?.key ?? DEFAULT_THREAD;
    const holder = thread && !thread.newThread ? this.holders.get(key) : undefined;
    // The conversation's site, else the one the caller chose, else the first listed.
    let site = holder ?? (options.site !== undefined && this.models.has(options.site) ? options.site : this.routed[0].site);
    // A new chat with the whole task state is needed on a site that does not hold the conversation.
    let fresh = thread !== undefined && !thread.newThread && holder === undefined;
    const relay = new StreamRelay(options);
    const tried = new Set<string>();
    let lastFailure: { error: unknown; reason: SiteFailureReason } | undefined;

    for (;;) {
      on.site = site;
      throwIfAborted(signal);
      if (this.health.isAvailable(site) && !tried.has(site)) {
        tried.add(site);
        try {
          const reply = await this.send(site, prompt, options, fresh, relay);
          this.health.markReady(site);
          if (thread) this.holders.set(key, site);
          return reply;
        } catch (error) {
          if (signal?.aborted) throw abortErrorOf(signal);
          const failure = siteFailureOf(error);
          if (!failure || !this.health.failed(site, failure)) throw error;
          relay.abandon();
          lastFailure = { error, reason: failure.reason };
          // Whatever the site got of this turn is left behind: the next attempt starts a new chat.
          fresh = true;
        }
      }
      const next = this.nextSite(site, tried);
      if (next === undefined) {
        await this.waitOrStop(site, tried, lastFailure?.error, signal);
        continue;
      }
      if (next !== site) {
        // A task that met a failure here, or whose chat this site holds, is moved (asked under
        // 'ask'); a new chat simply starts on the first listed site that can take it.
        const moving = lastFailure !== undefined || holder === site;
        await this.agreeToMove(site, next, lastFailure?.reason, signal, lastFailure?.error, moving);
        site = next;
        fresh = true;
      }
    }
  }

  /**
   * A call for `site` alone (`stayOnSite`): an unavailable site fails at once with the error its
   * state stands for; a failure of the site is remembered like any other and fails the call
   * naming the site and its state. It holds no conversation afterwards.
   */
  private async callSiteAlone(site: string, prompt: string, options: LLMCallOptions): Promise<string> {
    if (!this.models.has(site)) {
      throw new ConfigurationError(`The site ${JSON.stringify(site)} is not one of the listed sites (${this.routed.map((entry) => entry.site).join(', ')}).`, { context: { site } });
    }
    throwIfAborted(options.signal);
    if (!this.health.isAvailable(site)) throw this.stateError(site);
    try {
      const reply = await this.send(site, prompt, options, false, new StreamRelay(options));
      this.health.markReady(site);
      return reply;
    } catch (error) {
      if (options.signal?.aborted) throw abortErrorOf(options.signal);
      const failure = siteFailureOf(error);
      if (failure && this.health.failed(site, failure)) throw this.stateError(site);
      throw error;
    }
  }

  /** One attempt on one site; a new chat there starts with the whole task state. */
  private send(site: string, prompt: string, options: LLMCallOptions, fresh: boolean, relay: StreamRelay): Promise<string> {
    const { model } = this.models.get(site)!;
    const thread = options.thread;
    const sent: LLMCallOptions = { ...options, ...relay.attempt() };
    // A model name names a model of the first listed site; another site uses its own default.
    if (site !== this.routed[0].site) delete sent.model;
    let text = prompt;
    if (!model.keepsThread) {
      delete sent.thread;
      if (thread && (fresh || !thread.newThread)) text = thread.fullTranscript();
    } else if (fresh && thread) {
      text = thread.fullTranscript();
      sent.thread = { ...thread, newThread: true };
    }
    return raceWithSignal(model.call(text, sent), options.signal);
  }

  /**
   * Where the call goes on from `site`: the site itself while it can be called; else ('off': none)
   * the first listed site that can be called and was not tried in this call.
   */
  private nextSite(site: string, tried: ReadonlySet<string>): string | undefined {
    const usable = (candidate: string): boolean => this.health.isAvailable(candidate) && !tried.has(candidate);
    if (usable(site)) return site;
    if (this.policy === 'off') return undefined;
    return this.routed.find((entry) => usable(entry.site))?.site;
  }

  private get policy(): FailoverPolicy {
    return this.options.failover ?? DEFAULTS.routerFailover;
  }

  /**
   * Applies the policy to a move from `from` to `to` (`moving`: a task in flight moves; else a
   * new chat starts past a site known to be unavailable, which needs no question); throws the
   * failure when the move is refused. Either way the UI is told in one line.
   */
  private async agreeToMove(from: string, to: string, reason: SiteFailureReason | undefined, signal: AbortSignal | undefined, failure: unknown, moving: boolean): Promise<void> {
    const state = this.health.states().find((candidate) => candidate.site === from);
    const why = reason ?? state?.reason ?? 'siteError';
    const until = state?.until;
    const question = { from: this.label(from), to: this.label(to), fromSite: from, toSite: to, reason: why, ...(until === undefined ? {} : { until }) };
    if (this.policy === 'ask' && moving) {
      let agreed = false;
      try {
        agreed = await raceWithSignal(this.options.confirm!(question), signal);
      } catch (error) {
        if (signal?.aborted) throw abortErrorOf(signal);
        this.options.logger?.warn('PTK site router: confirm failed', error);
      }
      if (!agreed) throw failure ?? this.stateError(from);
    }
    const message = failoverLine(question.from, question.to, why, until, this.now(), this.options.formatTime ?? formatClockTime);
    notify('onFailover', this.options.onFailover, { ...question, message }, this.options.logger);
  }

  /**
   * No site can go on. 'wait': waits for the earliest usage limit or cool-down to end (only the
   * current site's under 'off'), and the tried sites may be tried again. Otherwise, or with
   * nothing a wait can reach, the call fails (see stopError).
   */
  private async waitOrStop(site: string, tried: Set<string>, failure: unknown, signal: AbortSignal | undefined): Promise<void> {
    const candidates = this.candidates(site);
    const earliest = this.health
      .states()
      .filter((state) => candidates.includes(state.site) && this.health.isWaitable(state.site) && state.until !== undefined)
      .reduce<SiteState | undefined>((best, state) => (best === undefined || state.until! < best.until! ? state : best), undefined);
    if ((this.options.whenAllLimited ?? DEFAULTS.routerWhenAllLimited) !== 'wait' || earliest === undefined) {
      throw this.stopError(site, failure);
    }
    const now = this.now();
    notify('onWait', this.options.onWait, { until: earliest.until!, label: earliest.label, message: this.summary(candidates, now) }, this.options.logger);
    await (this.options.sleep ?? abortableSleep)(Math.max(0, earliest.until! - now), signal);
    throwIfAborted(signal);
    tried.clear();
  }

  /** The sites a call on `site` may go on with: all listed ones, or under 'off' only itself. */
  private candidates(site: string): string[] {
    return this.policy === 'off' ? [site] : this.routed.map((entry) => entry.site);
  }

  private summary(sites: readonly string[], now: number): string {
    return statesSummary(this.health.states().filter((state) => sites.includes(state.site)), now, this.options.formatTime);
  }

  /**
   * What a call that cannot go on fails with. With one site to use (one listed, or 'off'): the
   * failure it met, else the error its state stands for. With several: an error naming each
   * with its state ("ChatGPT: limited until 15:00; Claude: signed out"), RATE_LIMITED (with the
   * wait until the earliest reopens) when one of them is limited or cooling down, else with the
   * code of the failure met, whose message it adds (it says what the user can do).
   */
  private stopError(site: string, failure: unknown): unknown {
    const candidates = this.candidates(site);
    if (candidates.length === 1) return failure ?? this.stateError(site);
    const now = this.now();
    const states = this.health.states().filter((state) => candidates.includes(state.site));
    const limited = states.filter((state) => state.until !== undefined && this.health.isWaitable(state.site));
    const summary = `No site can go on: ${this.summary(candidates, now)}.`;
    if (limited.length === 0) {
      const code = backendCodeOf(failure) ?? this.stateError(site).code;
      return new LLMBackendError(failure === undefined ? summary : `${summary} ${errorMessage(failure)}`, { code, cause: failure, context: { sites: states } });
    }
    const earliest = Math.min(...limited.map((state) => state.until!));
    return new LLMBackendError(summary, { code: PTKErrorCode.RATE_LIMITED, cause: failure, retryAfterMs: Math.max(0, earliest - now), context: { sites: states } });
  }

  /** The error a site's remembered state stands for (its code says what the user can do). */
  private stateError(site: string): LLMBackendError {
    const state = this.health.states().find((candidate) => candidate.site === site)!;
    const now = this.now();
    return new LLMBackendError(`${state.label}: ${describeSiteState(state, now, this.options.formatTime)}.`, {
      code: STATE_CODE[state.status],
      cause: this.health.lastError(site),
      ...(state.until !== undefined && this.health.isWaitable(site) ? { retryAfterMs: Math.max(0, state.until - now) } : {}),
      context: { site },
    });
  }

  private label(site: string): string {
    return this.models.get(site)?.label ?? site;
  }
}

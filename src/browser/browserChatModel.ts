/**
 * BrowserChatModel: the LLM Manager port (ILLMManager) over a chat site in a browser tab.
 * One request per tab at a time (a queue); each prompt carries a per-turn nonce; the answer
 * is observed by the in-page runtime (MutationObserver → exposeBinding → onDelta), judged
 * complete on positive evidence only (CompletionTracker), extracted through the site's copy
 * action (clipboard intercepted in the page) or DOM → markdown. Reloads and crashed tabs
 * mid-answer are survived by finding the turn again by its nonce (never resending). In thread
 * mode a "conversation too long" rolls over to a new chat seeded with the task state.
 *
 * Page states: a signed-out page that still lets the user chat (a composer next to a "Log in"
 * button) is a guest session: it proceeds and the model's status says `guest: true`. A tab on
 * one of the site's sign-in hosts is LOGIN_REQUIRED. Notices (a plan limit that switches to a
 * smaller model while the answer goes on) are warnings: in the turn log and the status, never
 * an abort.
 *
 * Model choice: a requested model (LLMCallOptions.model) is chosen through the site's picker
 * before the prompt is typed, and checked on the page (modelSelection.ts); a temperature only
 * where the site has one, else it is noted in the turn log as ignored.
 */
import type { Page } from 'playwright-core';
import { DEFAULTS } from '../core/constants';
import { LLMBackendError, PTKAbortError, PTKError, PTKErrorCode, errorMessage } from '../core/errors';
import { abortErrorOf, throwIfAborted } from '../core/util/abortSignals';
import type { ILLMManager, LLMCallOptions } from '../core/ports';
import { pageSelectorsOf, type SiteAdapter } from './adapters/types';
import { BrowserSession, type BrowserSessionOptions } from './browserSession';
import { CompletionTracker } from './completionTracker';
import { diagnoseSite, type SiteDiagnosis } from './diagnose/diagnoseSite';
import { listModelChoices, ModelChoice, type OfferedChoices } from './modelSelection';
import { classifyPageProblems, pageNotices } from './errorClassifier';
import { appendNonce, createNonce } from './nonce';
import type { ExtractResult, PageSnapshot, WatchConfig } from './page/pageRuntime';
import { RequestQueue } from './requestQueue';
import { callRuntime, ensureReady, insertPrompt, onSignInHost, onSite, openNewChat, pressSend, probe } from './siteDriver';
import { TurnLog, type TurnLogEntry } from './turnLog';

export interface BrowserChatModelOptions extends Omit<BrowserSessionOptions, 'onReport'> {
  adapter: SiteAdapter;
  /** Stop generation and return as soon as the streamed text holds a complete tool call (default true). */
  earlyStop?: boolean;
  /** Keep one chat thread per task (the engine then sends only new messages). Default true. */
  keepThread?: boolean;
  /** Called with every finished turn (for a log file / output channel). */
  onTurn?: (entry: TurnLogEntry) => void;
  /** Called when the model's status changes (guest session, a site notice). */
  onStatus?: (status: BrowserModelStatus) => void;
  /** Overrides of the adapter's timings (tests, benchmarks). */
  quietMs?: number;
  answerTimeoutMs?: number;
  submitConfirmMs?: number;
  /** Override of the action-bar debounce span (adapter timings.actionBarHoldMs). */
  actionBarHoldMs?: number;
}

/** What the UI shows next to the connection state. */
export interface BrowserModelStatus {
  /** Signed out, chatting as a guest (the site allows it). */
  guest: boolean;
  /** The latest notice the site showed (e.g. a plan limit that switched to a smaller model). */
  warning?: string;
}

/** State of the turn being answered. */
interface ActiveTurn {
  nonce: string;
  config: WatchConfig;
  text: string;
  tracker: CompletionTracker;
  wake: () => void;
  problem?: LLMBackendError;
  earlyStop: boolean;
  earlyStopRequested: boolean;
  lastSnapshot?: PageSnapshot;
  options: LLMCallOptions;
  firstTokenAt?: number;
  lastMutationAt?: number;
  pageGone: boolean;
  reloaded: boolean;
  /** Notices seen during this turn (warnings). */
  notices: string[];
  /** Which fallback of each selector list matched during the turn (latest match wins; -1 never). */
  matched: Record<string, number>;
  /** When the latest snapshot arrived (Node clock). */
  lastReportAt?: number;
}

/** How long the Node side waits for a confirmation snapshot before asking the page for one, ms. */
const CONFIRM_POLL_MS = 60;

/** The page shows our turn finished (what the completion tracker wants to see held). */
function looksFinished(snapshot: PageSnapshot): boolean {
  return snapshot.assistantTurnFound && snapshot.actionBarPresent && !snapshot.stopVisible && !snapshot.streaming && !snapshot.thinking;
}

export class BrowserChatModel implements ILLMManager {
  readonly keepsThread: boolean;
  readonly adapter: SiteAdapter;
  readonly log: TurnLog;
  private readonly session: BrowserSession;
  private readonly queue = new RequestQueue();
  private active: ActiveTurn | undefined;
  private chatUrl: string | undefined;
  private closed = false;
  /** The model / temperature applied in the tab (model choice). */
  private readonly modelChoice: ModelChoice;
  private currentStatus: BrowserModelStatus = { guest: false };
  private readonly statusListeners = new Set<(status: BrowserModelStatus) => void>();

  constructor(private readonly options: BrowserChatModelOptions) {
    this.adapter = options.adapter;
    this.keepsThread = options.keepThread ?? true;
    this.log = new TurnLog(DEFAULTS.browserTurnLogLimit, options.onTurn);
    this.session = new BrowserSession({ ...options, onReport: (page, payload) => this.onReport(page, payload) });
    this.modelChoice = new ModelChoice(options.adapter);
  }

  /** The chat tab (opened on first use). */
  async page(): Promise<Page> {
    return (await this.session.getPage()).page;
  }

  /** Opens the browser and the site, and checks it is ready (logged in, or a guest session). */
  async connect(signal?: AbortSignal): Promise<void> {
    await this.queue.run(async () => {
      const page = await this.pageOnSite(signal);
      const ready = await ensureReady(page, this.adapter, signal);
      this.updateStatus({ guest: ready.guest, warning: undefined });
    });
  }

  /** Guest session and the latest site notice. */
  get status(): BrowserModelStatus {
    return this.currentStatus;
  }

  /** Listens to status changes (guest session, notices). */
  onStatus(listener: (status: BrowserModelStatus) => void): { dispose(): void } {
    this.statusListeners.add(listener);
    return { dispose: () => this.statusListeners.delete(listener) };
  }

  private updateStatus(change: Partial<BrowserModelStatus>): void {
    const next = { ...this.currentStatus, ...change };
    if (next.guest === this.currentStatus.guest && next.warning === this.currentStatus.warning) return;
    this.currentStatus = next;
    for (const listener of [this.options.onStatus, ...this.statusListeners]) {
      try {
        listener?.(next);
      } catch {
        // A throwing listener must not break the backend.
      }
    }
  }

  /**
   * What the site's model picker offers (models / modes, switches, the temperature where there
   * is one), for the UI's model menu. The picker is opened and closed again; nothing changes.
   */
  async listModels(signal?: AbortSignal): Promise<OfferedChoices> {
    return this.queue.run(async () => {
      const page = await this.pageOnSite(signal);
      await ensureReady(page, this.adapter, signal);
      return listModelChoices(page, this.adapter, signal);
    });
  }

  /**
   * PTK: Diagnose Site: opens the site in the tab if it is not there, then reports which of
   * the adapter's selectors match, the login / guest state, and a redacted DOM snapshot.
   * It does not wait for a login: diagnosing a login wall is part of its job.
   */
  async diagnose(signal?: AbortSignal): Promise<SiteDiagnosis> {
    return this.queue.run(async () => {
      const page = await this.pageOnSite(signal);
      await page.waitForLoadState('domcontentloaded').catch(() => undefined);
      return diagnoseSite(page, this.adapter);
    });
  }

  call(prompt: string, options: LLMCallOptions = {}): Promise<string> {
    if (this.closed) return Promise.reject(new LLMBackendError('The browser backend was closed.', PTKErrorCode.TAB_CLOSED, { recoverable: false }));
    return this.queue.run(() => this.callNow(prompt, options));
  }

  /** Closes the tab's browser / context. */
  async close(): Promise<void> {
    this.closed = true;
    await this.session.close();
  }

  private async pageOnSite(signal?: AbortSignal): Promise<Page> {
    const { page } = await this.session.getPage();
    if (!onSite(page, this.adapter)) {
      await page.goto(this.chatUrl ?? this.adapter.url, { waitUntil: 'domcontentloaded' }).catch((error: unknown) => {
        throw new LLMBackendError(`Cannot open ${this.adapter.displayName} at ${this.chatUrl ?? this.adapter.url}: ${errorMessage(error).split('\n')[0]}.`, PTKErrorCode.NETWORK_ERROR, { cause: error });
      });
    }
    throwIfAborted(signal);
    return page;
  }

  private async callNow(prompt: string, options: LLMCallOptions): Promise<string> {
    throwIfAborted(options.signal);
    const newThread = !this.keepsThread || (options.thread?.newThread ?? true);
    try {
      return await this.turn(prompt, options, newThread, false);
    } catch (error) {
      if (error instanceof PTKError && error.code === PTKErrorCode.CONVERSATION_TOO_LONG && options.thread && this.keepsThread) {
        // Roll over: a new chat seeded with the whole task state.
        return this.turn(options.thread.fullTranscript(), options, true, true);
      }
      throw error;
    }
  }

  private async turn(prompt: string, options: LLMCallOptions, newThread: boolean, rolledOver: boolean): Promise<string> {
    const signal = options.signal;
    const adapter = this.adapter;
    const nonce = createNonce();
    const sent = appendNonce(prompt, nonce);
    const startedAt = Date.now();
    const entry: TurnLogEntry = {
      site: adapter.id,
      nonce,
      sent,
      rawAnswer: '',
      extracted: '',
      extractedVia: 'none',
      stoppedEarly: false,
      resumed: 0,
      rolledOver,
      submitAttempts: 0,
      timings: { startedAt },
    };
    const since = (): number => Date.now() - startedAt;
    let page = await this.pageOnSite(signal);
    try {
      const ready = await ensureReady(page, adapter, signal);
      this.updateStatus({ guest: ready.guest });
      if (newThread) await openNewChat(page, adapter, signal);
      const config: WatchConfig = { selectors: pageSelectorsOf(adapter), nonce, bindingName: this.session.bindingName, throttleMs: DEFAULTS.browserObserverThrottleMs };
      const active: ActiveTurn = {
        nonce,
        config,
        text: '',
        tracker: new CompletionTracker(this.options.quietMs ?? adapter.timings?.quietMs ?? DEFAULTS.browserQuietMs, Date.now(), {
          barHoldMs: this.options.actionBarHoldMs ?? adapter.timings?.actionBarHoldMs,
        }),
        wake: () => undefined,
        earlyStop: (this.options.earlyStop ?? DEFAULTS.browserEarlyStop) && options.isComplete !== undefined,
        earlyStopRequested: false,
        options,
        pageGone: false,
        reloaded: false,
        notices: [],
        matched: {},
      };
      this.active = active;
      const onClose = (): void => {
        active.pageGone = true;
        active.wake();
      };
      const onLoad = (): void => {
        active.reloaded = true;
        active.wake();
      };
      const attach = (target: Page): void => {
        target.on('close', onClose);
        target.on('crash', onClose);
        target.on('domcontentloaded', onLoad);
      };
      const detach = (target: Page): void => {
        target.off('close', onClose);
        target.off('crash', onClose);
        target.off('domcontentloaded', onLoad);
      };
      attach(page);
      try {
        // The requested model (and temperature) before anything is typed; a refusal sends nothing.
        active.notices.push(...(await this.modelChoice.apply(page, { model: options.model, temperature: options.temperature }, signal)));
        await insertPrompt(page, adapter, sent, signal);
        await callRuntime(page, 'watch', config);
        entry.submitAttempts = await this.submit(page, active, signal);
        entry.timings.submitted = since();
        this.chatUrl = page.url();

        // Wait for the answer.
        const deadline = Date.now() + (this.options.answerTimeoutMs ?? adapter.timings?.answerTimeoutMs ?? DEFAULTS.browserAnswerTimeoutMs);
        let lostSince: number | undefined;
        for (;;) {
          if (signal?.aborted) {
            await callRuntime(page, 'stop').catch(() => undefined);
            throw abortErrorOf(signal);
          }
          if (active.problem) throw active.problem;
          if (!page.isClosed() && onSignInHost(page, adapter)) throw signInRequired(adapter);
          if (active.pageGone || page.isClosed()) {
            detach(page);
            page = await this.recoverPage(active, signal);
            attach(page);
            entry.resumed++;
            continue;
          }
          if (active.reloaded) {
            active.reloaded = false;
            entry.resumed++;
            await callRuntime(page, 'watch', config).catch(() => {
              active.reloaded = true; // still navigating: try again at the next event
            });
            if (active.reloaded) await this.waitForWake(active, 100);
            continue;
          }
          if (active.earlyStopRequested) {
            entry.stoppedEarly = true;
            entry.timings.done = since();
            const text = await this.finishEarly(page, active);
            entry.rawAnswer = active.text;
            entry.extracted = text.text;
            entry.extractedVia = text.via;
            entry.timings.extracted = since();
            return text.text;
          }
          const now = Date.now();
          const decision = active.tracker.decide(now);
          if (decision.done) break;
          const snapshot = active.lastSnapshot;
          if (snapshot && snapshot.composerPresent && !snapshot.userTurnFound) {
            lostSince ??= now;
            if (now - lostSince > (this.options.submitConfirmMs ?? DEFAULTS.browserSubmitConfirmMs) * 3) {
              throw new LLMBackendError(`${adapter.displayName}: our message (turn ${nonce}) is no longer on the page; not resending it. Start a new conversation.`, PTKErrorCode.SITE_ERROR, { context: { nonce } });
            }
          } else {
            lostSince = undefined;
          }
          if (now > deadline) {
            throw new LLMBackendError(`${adapter.displayName} did not finish its answer in ${Math.round((deadline - startedAt) / 1000)} s.`, PTKErrorCode.ANSWER_TIMEOUT, { context: { nonce, textLength: active.text.length } });
          }
          if (snapshot && looksFinished(snapshot) && now - (active.lastReportAt ?? 0) >= CONFIRM_POLL_MS) {
            // The turn looks finished but the page's confirmation snapshots are late (a hidden
            // window throttles its timers): ask for one.
            const polled = await callRuntime<PageSnapshot | null>(page, 'snapshot').catch(() => null);
            if (polled) this.onReport(page, polled);
            else await this.waitForWake(active, CONFIRM_POLL_MS);
            continue;
          }
          await this.waitForWake(active, Math.min(decision.recheckInMs ?? 500, snapshot && looksFinished(snapshot) ? CONFIRM_POLL_MS : 500));
        }
        entry.timings.done = since();
        this.chatUrl = page.url(); // sites move a new chat to its own URL once it has an answer
        const extracted = await this.extract(page, active);
        entry.rawAnswer = active.text;
        entry.extracted = extracted.text;
        entry.extractedVia = extracted.via;
        entry.timings.extracted = since();
        return extracted.text;
      } finally {
        detach(page);
        if (this.active === active) this.active = undefined;
        if (active.notices.length > 0) entry.warnings = [...(entry.warnings ?? []), ...active.notices];
        if (this.currentStatus.guest) entry.guest = true;
        entry.matched = active.matched;
        if (active.firstTokenAt !== undefined) entry.timings.firstToken = active.firstTokenAt - startedAt;
        if (active.lastMutationAt !== undefined) entry.timings.lastMutation = active.lastMutationAt - startedAt;
        // Not awaited: the answer is returned without one more round trip; the page runs the
        // calls in order, so the next turn's watch comes after this unwatch.
        if (!page.isClosed()) void callRuntime(page, 'unwatch').catch(() => undefined);
      }
    } catch (error) {
      const failure = this.asBackendError(error);
      entry.error = { code: failure instanceof PTKError ? failure.code : 'UNKNOWN', message: errorMessage(failure) };
      throw failure;
    } finally {
      this.log.add(entry);
    }
  }

  /** Presses send and confirms a state change; retries once. Returns the attempts made. */
  private async submit(page: Page, active: ActiveTurn, signal?: AbortSignal): Promise<number> {
    const confirmMs = this.options.submitConfirmMs ?? this.adapter.timings?.submitConfirmMs ?? DEFAULTS.browserSubmitConfirmMs;
    for (let attempt = 1; attempt <= 2; attempt++) {
      const sendIndex = await pressSend(page, this.adapter, signal).catch((error: unknown) => {
        if (attempt === 2) throw error;
        return undefined;
      });
      if (sendIndex !== undefined) mergeMatched(active.matched, { sendButton: sendIndex });
      const deadline = Date.now() + confirmMs;
      while (Date.now() < deadline) {
        throwIfAborted(signal);
        if (active.problem) throw active.problem;
        const snapshot = active.lastSnapshot;
        if (snapshot && (snapshot.userTurnFound || snapshot.stopVisible || (snapshot.composerPresent && snapshot.composerText.trim() === ''))) return attempt;
        await this.waitForWake(active, 50);
      }
      // Not taken. Only press again if our text is still in the composer (never send twice).
      const composerText = await callRuntime<string | null>(page, 'readComposer', active.config.selectors).catch(() => null);
      if (!composerText || !composerText.includes(`[ptk:${active.nonce}]`)) break;
    }
    // Before blaming the send button, look at the page: a session that expired on submit
    // shows a login wall, a bot check or a banner, and that is the error to report.
    if (active.problem) throw active.problem;
    if (onSignInHost(page, this.adapter)) throw signInRequired(this.adapter);
    const lastLook = await probe(page, this.adapter).catch(() => undefined);
    const pageProblem = lastLook && classifyPageProblems({ banners: lastLook.banners, loginWall: lastLook.loginWall, botCheck: lastLook.botCheck }, this.adapter);
    if (pageProblem) throw pageProblem;
    throw new LLMBackendError(
      `${this.adapter.displayName}: the message was put in the input but sending it showed no effect (no new turn, no stop button, input not emptied) after 2 tries. The send button may have changed (${this.adapter.selectors.sendButton.join(', ')}).`,
      PTKErrorCode.SUBMIT_FAILED,
      { context: { site: this.adapter.id } },
    );
  }

  /** A crashed or closed tab: open a new one at the chat's URL and find the turn again. */
  private async recoverPage(active: ActiveTurn, signal?: AbortSignal): Promise<Page> {
    active.pageGone = false;
    const { page } = await this.session.getPage();
    try {
      await page.goto(this.chatUrl ?? this.adapter.url, { waitUntil: 'domcontentloaded' });
    } catch (error) {
      throw new LLMBackendError(`${this.adapter.displayName}: the tab was lost mid-answer and could not be reopened: ${errorMessage(error).split('\n')[0]}.`, PTKErrorCode.TAB_CLOSED, { cause: error });
    }
    throwIfAborted(signal);
    await callRuntime(page, 'watch', active.config);
    return page;
  }

  private async extract(page: Page, active: ActiveTurn): Promise<ExtractResult> {
    let result: ExtractResult;
    try {
      result = await callRuntime<ExtractResult>(page, 'extract', DEFAULTS.browserCopyTimeoutMs);
    } catch {
      result = { via: 'none', text: '' };
    }
    if (result.matched) mergeMatched(active.matched, result.matched);
    if ((result.via === 'none' || result.text === '') && active.text) result = { via: 'stream', text: active.text };
    const clean = this.adapter.hooks?.cleanAnswer;
    return clean ? { ...result, text: clean(result.text) } : result;
  }

  /** Early stop: press stop, let the site settle the turn, extract; fall back to the streamed text. */
  private async finishEarly(page: Page, active: ActiveTurn): Promise<ExtractResult> {
    await callRuntime(page, 'stop').catch(() => undefined);
    const settleBy = Date.now() + 1_500;
    while (Date.now() < settleBy) {
      const snapshot = active.lastSnapshot;
      if (snapshot && !snapshot.stopVisible && snapshot.actionBarPresent) break;
      await this.waitForWake(active, 50);
    }
    const extracted = await this.extract(page, active);
    const isComplete = active.options.isComplete;
    if (extracted.via !== 'stream' && isComplete && isComplete(extracted.text)) return extracted;
    return { via: 'stream', text: active.text };
  }

  private waitForWake(active: ActiveTurn, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(finish, Math.max(1, ms));
      const signal = active.options.signal;
      function finish(): void {
        clearTimeout(timer);
        signal?.removeEventListener('abort', finish);
        resolve();
      }
      active.wake = finish;
      signal?.addEventListener('abort', finish, { once: true });
    });
  }

  /** A snapshot from the page runtime. */
  private onReport(page: Page, payload: unknown): void {
    const active = this.active;
    const snapshot = payload as PageSnapshot;
    if (!active || !snapshot || snapshot.nonce !== active.nonce || page !== this.session.page) return;
    const now = Date.now();
    const previous = active.text;
    // The first snapshot of a (re)armed watch carries the whole text.
    const next = snapshot.rewrite !== null ? snapshot.rewrite : snapshot.sequence === 1 ? snapshot.append : previous + snapshot.append;
    const changed = next !== previous;
    if (changed) {
      active.text = next;
      active.lastMutationAt = now;
      if (active.firstTokenAt === undefined && next.length > 0) active.firstTokenAt = now;
      const appended = next.startsWith(previous);
      try {
        active.options.onDelta?.({ text: appended ? next.slice(previous.length) : '', full: next, rewrite: !appended });
      } catch {
        // A throwing onDelta must not break the backend.
      }
      if (active.earlyStop && !active.earlyStopRequested) {
        try {
          if (active.options.isComplete?.(next)) active.earlyStopRequested = true;
        } catch {
          // ignore
        }
      }
    }
    active.lastSnapshot = snapshot;
    active.lastReportAt = now;
    mergeMatched(active.matched, snapshot.matched ?? {});
    active.tracker.observe(
      {
        assistantTurnFound: snapshot.assistantTurnFound,
        stopVisible: snapshot.stopVisible,
        streaming: snapshot.streaming,
        thinking: snapshot.thinking,
        actionBarPresent: snapshot.actionBarPresent,
        textLength: next.length,
        textChanged: changed,
      },
      now,
    );
    const problem = classifyPageProblems({ banners: snapshot.banners, loginWall: snapshot.loginWall, botCheck: snapshot.botCheck }, this.adapter);
    if (problem) active.problem ??= problem;
    for (const notice of pageNotices(snapshot.banners, this.adapter)) {
      if (active.notices.includes(notice)) continue;
      active.notices.push(notice);
      this.updateStatus({ warning: notice });
    }
    if (snapshot.guest && !this.currentStatus.guest) this.updateStatus({ guest: true });
    active.wake();
  }

  private asBackendError(error: unknown): Error {
    if (error instanceof PTKError) return error;
    const message = errorMessage(error);
    if (/Target (page, context or browser )?(has been )?closed|browser has been closed|Page closed/i.test(message)) {
      return new LLMBackendError(`${this.adapter.displayName}: the browser tab was closed.`, PTKErrorCode.TAB_CLOSED, { cause: error });
    }
    if (/net::ERR_|ECONNREFUSED|ENOTFOUND/i.test(message)) {
      return new LLMBackendError(`${this.adapter.displayName}: network error: ${message.split('\n')[0]}.`, PTKErrorCode.NETWORK_ERROR, { cause: error });
    }
    if (error instanceof Error && error.name === 'AbortError') return new PTKAbortError(undefined, error);
    return new LLMBackendError(`${this.adapter.displayName}: ${message.split('\n')[0]}`, PTKErrorCode.SITE_ERROR, { cause: error });
  }
}

/**
 * Folds one report of matched fallback indexes into the turn's: a list's latest match wins and
 * a later miss (-1) never hides an earlier match (a stop button that is gone once the answer
 * is finished still matched while it showed).
 */
function mergeMatched(into: Record<string, number>, report: Record<string, number>): void {
  for (const [name, index] of Object.entries(report)) {
    if (index >= 0 || into[name] === undefined) into[name] = index;
  }
}

/** LOGIN_REQUIRED for a tab that landed on one of the site's sign-in hosts. */
function signInRequired(adapter: SiteAdapter): LLMBackendError {
  return classifyPageProblems({ banners: [], loginWall: false, botCheck: false, signInHost: true }, adapter) ?? new LLMBackendError(`${adapter.displayName} needs you to log in.`, PTKErrorCode.LOGIN_REQUIRED);
}

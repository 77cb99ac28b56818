/**
 * BrowserChatModel: the LLM Manager port (ILLMManager) over a chat site in browser tabs.
 * Each call leases a tab of its own from a pool (tabPool.ts: at most `maxTabs`, the rest wait in
 * order; warm reuse; a call with a thread key continues the chat of the tab that holds it); all
 * tabs share one context, so one sign-in. Per tab: the turn's watch (page reports are routed by
 * the page they come from), the chat URL and the applied model. Each prompt carries a per-turn nonce; the answer
 * is observed by the in-page runtime (MutationObserver → exposeBinding → the turn's TurnWatch →
 * onDelta), judged complete on positive evidence only (CompletionTracker), extracted through the
 * site's copy action (clipboard intercepted in the page) or DOM → markdown; each turn's log entry
 * is written by its TurnRecord, and what was thrown is typed by errorClassifier. Reloads and
 * crashed tabs mid-answer are survived by finding the turn again by its nonce (never resending).
 * In thread mode a "conversation too long" rolls over to a new chat that starts with the task state.
 *
 * Page states: a signed-out page that still lets the user chat (a composer next to a "Log in"
 * button) is a guest session: it proceeds and the model's status says `guest: true`. A tab on
 * one of the site's sign-in hosts is LOGIN_REQUIRED. Notices (a plan limit that switches to a
 * smaller model while the answer goes on) are warnings: in the turn log and the status, never
 * an abort.
 *
 * Site drift: when a built-in site's selectors all miss (its page was redesigned), the tab goes
 * on through site discovery and the status and the turn log say so once (driftFallback.ts).
 *
 * Model choice: a requested model (LLMCallOptions.model) is chosen through the site's picker
 * before the prompt is typed, and checked on the page (modelSelection.ts); a temperature only
 * where the site has one, else it is noted in the turn log as ignored.
 */
import type { Page } from 'playwright-core';
import { DEFAULTS } from '../core/constants';
import { LLMBackendError, PTKError, PTKErrorCode, errorMessage } from '../core/errors';
import { abortErrorOf, throwIfAborted } from '../core/util/abortSignals';
import type { ILLMManager, LLMCallOptions } from '../core/ports';
import { type SiteAdapter } from './adapters/types';
import { pageSelectorsOf } from './pageSelectors';
import { BrowserSession, type BrowserSessionOptions } from './browserSession';
import { CompletionTracker } from './completionTracker';
import { diagnoseSite, type SiteDiagnosis } from './diagnose/diagnoseSite';
import { listModelChoices, ModelChoice, type OfferedChoices } from './modelSelection';
import { backendErrorOf, classifyPageProblems, signInRequired } from './errorClassifier';
import { appendNonce, createNonce, nonceMarker } from './nonce';
import { prepareOutgoingMessage } from './outgoingMessage';
import { uploadAttachments } from './attachmentUpload';
import type { ExtractResult, PageProbe, PageSnapshot, WatchConfig } from './page/pageRuntime';
import { TabPool, type PoolClock, type TabLease } from './tabPool';
import { callRuntime, closedBeforeReady, earlierChatUsed, ensureReady, insertPrompt, onSignInHost, onSite, openNewChat, pressSend, probe } from './siteDriver';
import { DriftWatch, discoveryStandIn, driftFallbackApplies, driftWarning, markBeforeSend, selectorsMissed } from './driftFallback';
import { TurnLog, type TurnLogEntry } from './turnLog';
import { TurnRecord } from './turnRecord';
import { CONFIRM_POLL_MS, TurnWatch } from './turnWatch';
import { firstMatching, waitFor } from './pageWaits';

/** How long a press of the stop button has to take effect before it is pressed again, ms. */
const STOP_CONFIRM_MS = 1_000;

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
  /** New chats use the site's temporary (history-free) chat where it has one (default true). */
  temporaryChats?: boolean;
  /** A built-in site whose selectors all miss goes on through site discovery, with a warning (default true; driftFallback.ts). */
  driftFallback?: boolean;
  /** Tabs of the site open at once, one call each (default 1: every call queues on one tab, as before the pool; the ptk.maxTabs setting defaults to DEFAULTS.maxTabs). */
  maxTabs?: number;
  /** Minutes an idle tab stays open (default DEFAULTS.idleTabMinutes). */
  idleTabMinutes?: number;
  /** The idle-expiry timers (tests). */
  tabClock?: PoolClock;
}

/** What the model keeps per tab. */
interface TabState {
  /** The chat's URL once it has one (a replacement tab reopens it). */
  chatUrl?: string;
  /** The model / temperature applied in this tab. */
  readonly modelChoice: ModelChoice;
  /** The discovery adapter the tab runs on since the site's selectors missed (driftFallback.ts). */
  discovery?: SiteAdapter;
}

/** What the UI shows next to the connection state. */
export interface BrowserModelStatus {
  /** Signed out, chatting as a guest (the site allows it). */
  guest: boolean;
  /** The latest notice the site showed (e.g. a plan limit that switched to a smaller model). */
  warning?: string;
}

export class BrowserChatModel implements ILLMManager {
  readonly keepsThread: boolean;
  readonly adapter: SiteAdapter;
  readonly log: TurnLog;
  private readonly session: BrowserSession;
  private readonly pool: TabPool<Page>;
  /** The watch of the turn being answered in each tab (a tab's reports go to its watch only). */
  private readonly watches = new Map<Page, TurnWatch>();
  private readonly tabStates = new WeakMap<Page, TabState>();
  private closed = false;
  private currentStatus: BrowserModelStatus = { guest: false };
  /** The site's selectors missed in a tab of this model: its next tabs do not wait for them (readyAfterDrift). */
  private drifted = false;
  /**
   * Set once the site reopened an earlier chat for a new thread (no new-chat control): every
   * tab then shows that one chat, so calls take turns (the pool leases one tab at a time), and
   * `lastKey` is the conversation whose call used it last: another conversation's next call
   * cannot count on the chat's last messages and sends its whole transcript.
   */
  private sharedChat: { lastKey: string | undefined } | undefined;
  /** The header's notice that a message went into an earlier chat: cleared once a new thread gets a fresh chat. */
  private earlierChatNotice: string | undefined;
  private readonly statusListeners = new Set<(status: BrowserModelStatus) => void>();

  constructor(private readonly options: BrowserChatModelOptions) {
    this.adapter = options.adapter;
    this.keepsThread = options.keepThread ?? true;
    this.log = new TurnLog(DEFAULTS.browserTurnLogLimit, options.onTurn);
    this.session = new BrowserSession({ ...options, onReport: (page, payload) => this.onReport(page, payload) });
    this.pool = new TabPool<Page>({
      maxTabs: options.maxTabs ?? 1,
      idleMs: (options.idleTabMinutes ?? DEFAULTS.idleTabMinutes) * 60_000,
      clock: options.tabClock,
      open: () => this.session.newPage(),
      close: (page) => this.session.closePage(page),
      isAlive: (page) => this.session.isAlive(page),
    });
  }

  /**
   * "The" chat tab for the UI (log in, bring to front, diagnose): the tab of the most recent
   * call while it is open, else a tab of the pool (opened on first use).
   */
  async page(): Promise<Page> {
    return this.pool.mostRecent ?? this.withTab((page) => Promise.resolve(page));
  }

  /** The pool's tabs open now (for the UI and tests). */
  get pages(): Page[] {
    return this.pool.tabs;
  }

  /** Opens the browser and the site, and checks it is ready (logged in, or a guest session). */
  async connect(signal?: AbortSignal): Promise<void> {
    await this.withTab(async (tab) => {
      const page = await this.pageOnSite(tab, signal);
      const ready = await this.readyOrDrift(page, [], signal);
      // A fresh connection drops the site's old notices, but not a tab's switch to discovery.
      this.updateStatus({ guest: ready.guest, warning: this.stateOf(page).discovery ? driftWarning(this.adapter) : undefined });
    }, signal);
  }

  /** Runs `work` on a tab of the pool, the most recently used one when it is free; its chat stays as it was. */
  private async withTab<T>(work: (page: Page) => Promise<T>, signal?: AbortSignal): Promise<T> {
    const lease = await this.leaseTab({ signal, prefer: this.pool.mostRecent });
    try {
      return await work(lease.tab);
    } finally {
      lease.release(lease.heldKey);
    }
  }

  private leaseTab(request: Parameters<TabPool<Page>['lease']>[0]): Promise<TabLease<Page>> {
    return this.pool.lease(request).catch((error: unknown) => {
      if (error instanceof PTKError) throw error;
      if (this.closed) throw new LLMBackendError('The browser backend was closed.', { code: PTKErrorCode.TAB_CLOSED, recoverable: false });
      throw backendErrorOf(error, this.adapter);
    });
  }

  private stateOf(page: Page): TabState {
    let state = this.tabStates.get(page);
    if (!state) {
      state = { modelChoice: new ModelChoice(this.adapter) };
      this.tabStates.set(page, state);
    }
    return state;
  }

  /** The adapter a tab runs on: the site's, or discovery once the site's selectors missed there. */
  private adapterOf(page: Page): SiteAdapter {
    return this.stateOf(page).discovery ?? this.adapter;
  }

  /** True while the tab runs on the site's own selectors and discovery may stand in for them. */
  private mayDrift(page: Page): boolean {
    return !this.stateOf(page).discovery && (this.options.driftFallback ?? true) && driftFallbackApplies(this.adapter);
  }

  /**
   * Moves the tab onto discovery (`discovery`, when the caller made it already; else one with
   * the turn a DriftWatch learned, if any) and tells the user once: the warning goes to the
   * status and into `notices` (the turn's log).
   */
  private switchToDiscovery(page: Page, notices: string[], turn?: DriftWatch['result'], discovery: SiteAdapter = discoveryStandIn(this.adapter, turn)): SiteAdapter {
    this.stateOf(page).discovery = discovery;
    this.drifted = true;
    const warning = driftWarning(this.adapter);
    notices.push(warning);
    this.updateStatus({ warning });
    return discovery;
  }

  /** `step` on the tab's adapter; when the site's selectors miss, once more on discovery. */
  private async orDrift<T>(page: Page, notices: string[], step: (adapter: SiteAdapter) => Promise<T>): Promise<T> {
    try {
      return await step(this.adapterOf(page));
    } catch (error) {
      if (!selectorsMissed(error) || !this.mayDrift(page)) throw error;
      return step(this.switchToDiscovery(page, notices));
    }
  }

  /** The ready check on the tab's adapter, on discovery when the site's composer is not found. */
  private readyOrDrift(page: Page, notices: string[], signal?: AbortSignal): Promise<PageProbe> {
    if (this.drifted && this.mayDrift(page)) return this.readyAfterDrift(page, notices, signal);
    return this.orDrift(page, notices, (adapter) => ensureReady(page, adapter, signal));
  }

  /**
   * The ready check of a new tab once the site's selectors missed in another: the page is ready
   * when discovery finds its composer, and the site's own selectors are looked at then, once. A
   * tab whose page shows the site's composer (the site came back) runs on the site's selectors;
   * any other goes on through discovery at once, without waiting the whole ready timeout for a
   * composer the page no longer draws.
   */
  private async readyAfterDrift(page: Page, notices: string[], signal?: AbortSignal): Promise<PageProbe> {
    const discovery = discoveryStandIn(this.adapter);
    const ready = await ensureReady(page, discovery, signal);
    if ((await probe(page, this.adapter))?.composerPresent) return ensureReady(page, this.adapter, signal);
    this.switchToDiscovery(page, notices, undefined, discovery);
    return ready;
  }

  /** Connects, then brings the site's tab to the front so the user can see it or log in. */
  async openTab(signal?: AbortSignal): Promise<void> {
    await this.connect(signal);
    await (await this.page()).bringToFront();
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
    return this.withTab(async (tab) => {
      const page = await this.pageOnSite(tab, signal);
      await ensureReady(page, this.adapter, signal);
      return listModelChoices(page, this.adapter, signal);
    }, signal);
  }

  /**
   * PTK: Diagnose Site: opens the site in the tab if it is not there, then reports which of
   * the adapter's selectors match, the login / guest state, and a redacted DOM snapshot.
   * It does not wait for a login: diagnosing a login wall is part of its job.
   */
  async diagnose(signal?: AbortSignal): Promise<SiteDiagnosis> {
    return this.withTab(async (tab) => {
      const page = await this.pageOnSite(tab, signal);
      await page.waitForLoadState('domcontentloaded').catch(() => undefined);
      return diagnoseSite(page, this.adapter);
    }, signal);
  }

  /**
   * One model call on a tab of its own: waits (options.onWaiting) while every tab is busy. With
   * a thread key, the tab whose chat holds that conversation is preferred; on another tab a
   * continuing call starts a new chat with the whole transcript instead.
   */
  async call(prompt: string, options: LLMCallOptions = {}): Promise<string> {
    if (this.closed) throw new LLMBackendError('The browser backend was closed.', { code: PTKErrorCode.TAB_CLOSED, recoverable: false });
    const key = this.keepsThread ? options.thread?.key : undefined;
    const lease = await this.leaseTab({ key, signal: options.signal, onWaiting: options.onWaiting });
    let heldKey: string | undefined;
    try {
      const text = await this.callOnTab(lease, prompt, options);
      heldKey = key;
      return text;
    } finally {
      // A failed call leaves the chat in a state no conversation can count on.
      if (this.sharedChat) this.sharedChat.lastKey = heldKey;
      lease.release(heldKey);
    }
  }

  /** Closes the tabs and the browser / context. */
  async close(): Promise<void> {
    this.closed = true;
    await this.pool.close();
    await this.session.close();
  }

  private async pageOnSite(page: Page, signal?: AbortSignal): Promise<Page> {
    if (!onSite(page, this.adapter)) {
      const url = this.stateOf(page).chatUrl ?? this.adapter.url;
      await page.goto(url, { waitUntil: 'domcontentloaded' }).catch(async (error: unknown) => {
        // The tab (or its whole window) closed while the site loaded (the navigation is aborted first): no network problem.
        if (page.isClosed() || /Target page, context or browser has been closed|net::ERR_ABORTED/.test(errorMessage(error))) throw closedBeforeReady(this.adapter);
        throw new LLMBackendError(`Cannot open ${this.adapter.displayName} at ${url}: ${errorMessage(error).split('\n')[0]}.`, { code: PTKErrorCode.NETWORK_ERROR, cause: error });
      });
    }
    throwIfAborted(signal);
    return page;
  }

  private async callOnTab(lease: TabLease<Page>, prompt: string, options: LLMCallOptions): Promise<string> {
    throwIfAborted(options.signal);
    let newThread = !this.keepsThread || (options.thread?.newThread ?? true);
    // In a chat every conversation shares, only the conversation that used it last may go on from its last messages.
    const sharedChatHere = !this.sharedChat || (options.thread?.key !== undefined && this.sharedChat.lastKey === options.thread.key);
    const chatHere = lease.warm && (options.thread?.key === undefined || lease.holdsKey) && sharedChatHere;
    if (!newThread && !chatHere && options.thread) {
      // The conversation's chat is not in this tab (another tab, or it closed): start it again whole.
      prompt = options.thread.fullTranscript();
      newThread = true;
    }
    try {
      return await this.turn(lease, prompt, options, newThread, false);
    } catch (error) {
      if (error instanceof PTKError && error.code === PTKErrorCode.CONVERSATION_TOO_LONG && options.thread && this.keepsThread) {
        // Roll over: a new chat that starts with the whole task state.
        return this.turn(lease, options.thread.fullTranscript(), options, true, true);
      }
      throw error;
    }
  }

  private async turn(lease: TabLease<Page>, prompt: string, options: LLMCallOptions, newThread: boolean, rolledOver: boolean): Promise<string> {
    const signal = options.signal;
    let adapter = this.adapter;
    const nonce = createNonce();
    // Attachments, and a prompt too long for the box moved into files, go up before it is typed.
    const outgoing = prepareOutgoingMessage(prompt, options.attachments, adapter, { reservedChars: appendNonce('', nonce).length, fileTag: nonce });
    const sent = appendNonce(outgoing.prompt, nonce);
    const record = new TurnRecord({ site: adapter.id, nonce, sent, rolledOver });
    let page = await this.pageOnSite(lease.tab, signal);
    let replacedTab = false;
    /** The drift warning, when this turn moved the tab onto discovery. */
    const driftNotices: string[] = [];
    /** Discovery watching the sent turn while the site's selectors have not found it yet. */
    let drift: DriftWatch | undefined;
    try {
      const ready = await this.readyOrDrift(page, driftNotices, signal);
      adapter = this.adapterOf(page);
      this.updateStatus({ guest: ready.guest });
      const newChat = newThread ? await openNewChat(page, adapter, signal, { temporary: this.options.temporaryChats ?? DEFAULTS.temporaryChats }) : undefined;
      if (newChat?.reopened) {
        if (!this.sharedChat) {
          this.sharedChat = { lastKey: undefined };
          this.pool.oneAtATime();
        }
        // Said under the chat's header too: it holds for every conversation on the site.
        this.updateStatus({ warning: sharedChatWarning(adapter) });
      } else if (newChat && this.earlierChatNotice !== undefined && this.currentStatus.warning === this.earlierChatNotice) {
        // A fresh chat again: the one message that went into an earlier chat is no news for this one.
        this.updateStatus({ warning: undefined });
      }
      const newChatNotices = newChat?.notices ?? [];
      const config: WatchConfig = { selectors: pageSelectorsOf(adapter), nonce, bindingName: this.session.bindingName, throttleMs: DEFAULTS.browserObserverThrottleMs, copyTimeoutMs: DEFAULTS.browserCopyTimeoutMs };
      const watch = this.startWatch(nonce, options, adapter);
      this.watches.set(page, watch);
      watch.follow(page);
      watch.addNotices(newChatNotices);
      try {
        // The requested model (and temperature) before anything is typed; a refusal sends nothing.
        watch.addNotices(await this.stateOf(page).modelChoice.apply(page, { model: options.model, temperature: options.temperature }, signal));
        record.uploaded(outgoing.attachments, await uploadAttachments(page, adapter, outgoing.attachments, signal));
        await this.orDrift(page, driftNotices, (current) => insertPrompt(page, current, sent, signal));
        adapter = this.adapterOf(page);
        config.selectors = pageSelectorsOf(adapter);
        watch.addNotices(driftNotices);
        const mayDrift = this.mayDrift(page);
        if (mayDrift) await markBeforeSend(page);
        await callRuntime(page, 'watch', config);
        record.submitted(await this.submit(page, adapter, watch, config, signal));
        const answerTimeoutMs = this.options.answerTimeoutMs ?? adapter.timings?.answerTimeoutMs ?? DEFAULTS.browserAnswerTimeoutMs;
        // The site's selectors may miss the turn (a redesign): discovery watches it too until they find it.
        if (mayDrift && !this.turnSeen(watch)) drift = new DriftWatch(page, nonce, adapter.selectors.composer, answerTimeoutMs, () => watch.wake());
        // A site learned on the page (site discovery) learns its turn's selectors on the first turn.
        if (await adapter.hooks?.learnTurn?.({ page, adapter, signal }, { nonce, timeoutMs: answerTimeoutMs, problem: () => watch.problem })) {
          config.selectors = pageSelectorsOf(adapter);
          await callRuntime(page, 'watch', config);
          // Only now can the page's turns be counted: a new thread that found others before it went into an earlier chat.
          if (newThread && ((await probe(page, adapter))?.userTurnCount ?? 0) > 1) {
            const notice = earlierChatUsed(page, adapter);
            watch.addNotices([notice]);
            this.earlierChatNotice = notice;
            this.updateStatus({ warning: notice });
          }
        }
        this.stateOf(page).chatUrl = page.url();

        // Wait for the answer.
        const deadline = Date.now() + answerTimeoutMs;
        let lostSince: number | undefined;
        for (;;) {
          if (signal?.aborted) {
            await this.stopGeneration(page);
            throw abortErrorOf(signal);
          }
          if (watch.problem) throw watch.problem;
          if (!page.isClosed() && onSignInHost(page, adapter)) throw signInRequired(adapter);
          if (drift && this.turnSeen(watch)) {
            drift.cancel();
            drift = undefined;
          } else if (drift?.result) {
            const learned = drift.learned ? drift.result : undefined;
            drift = undefined;
            if (learned) {
              // Discovery has the whole turn and the site's selectors still do not see it: go on, on what it learned.
              const notices: string[] = [];
              adapter = this.switchToDiscovery(page, notices, learned);
              watch.addNotices(notices);
              config.selectors = pageSelectorsOf(adapter);
              await callRuntime(page, 'watch', config);
              lostSince = undefined;
              continue;
            }
          }
          if (watch.pageGone || page.isClosed()) {
            watch.release();
            if (this.watches.get(page) === watch) this.watches.delete(page);
            page = await this.recoverPage(lease, watch, config, signal);
            replacedTab = true;
            watch.follow(page);
            record.resumed();
            continue;
          }
          if (watch.reloaded) {
            watch.reloaded = false;
            record.resumed();
            await callRuntime(page, 'watch', config).catch(() => {
              watch.reloaded = true; // still navigating: try again at the next event
            });
            if (watch.reloaded) await watch.waitForWake(100);
            continue;
          }
          if (watch.earlyStopRequested) {
            record.done(true);
            const early = await this.finishEarly(page, watch, options);
            record.answered(watch.text, early);
            return early.text;
          }
          const now = Date.now();
          const decision = watch.decide(now);
          if (decision.done) break;
          if (watch.messageMissing()) {
            lostSince ??= now;
            // While discovery still looks at a turn the page shows (our nonce), its verdict comes first.
            if (now - lostSince > (this.options.submitConfirmMs ?? DEFAULTS.browserSubmitConfirmMs) * 3 && !(drift && (await this.showsNonce(page, nonce)))) {
              if (replacedTab) {
                // The turn went with its tab: the tab that replaced it does not show it.
                throw new LLMBackendError(`${adapter.displayName}: the tab was closed mid-answer and its turn (${nonce}) is not in the tab that replaced it; not resending it.`, { code: PTKErrorCode.TAB_CLOSED, context: { nonce } });
              }
              throw new LLMBackendError(`${adapter.displayName}: our message (turn ${nonce}) is no longer on the page; not resending it. Start a new conversation.`, { code: PTKErrorCode.SITE_ERROR, context: { nonce } });
            }
          } else {
            lostSince = undefined;
          }
          if (now > deadline) {
            throw new LLMBackendError(`${adapter.displayName} did not finish its answer in ${Math.round((deadline - record.startedAt) / 1000)} s.`, { code: PTKErrorCode.ANSWER_TIMEOUT, context: { nonce, textLength: watch.text.length } });
          }
          if (watch.confirmationOverdue(now)) {
            const polled = await callRuntime<PageSnapshot | null>(page, 'snapshot').catch(() => null);
            if (polled) this.onReport(page, polled);
            else await watch.waitForWake(CONFIRM_POLL_MS);
            continue;
          }
          await watch.waitForWake(watch.recheckDelay(decision));
        }
        record.done(false);
        this.stateOf(page).chatUrl = page.url(); // sites move a new chat to its own URL once it has an answer
        const extracted = await this.extract(page, watch);
        record.answered(watch.text, extracted);
        return extracted.text;
      } finally {
        drift?.cancel();
        watch.release();
        if (this.watches.get(page) === watch) this.watches.delete(page);
        record.watchEnded(watch, this.currentStatus.guest);
        // Not awaited: the answer is returned without one more round trip; the page runs the
        // calls in order, so the next turn's watch comes after this unwatch.
        if (!page.isClosed()) void callRuntime(page, 'unwatch').catch(() => undefined);
      }
    } catch (error) {
      let failure = backendErrorOf(error, adapter);
      // A step that met the closed tab first says "tab": when the whole window went, say so.
      if (failure.code === PTKErrorCode.TAB_CLOSED && page.isClosed() && (await this.session.windowClosed(page))) failure = windowClosedMidAnswer(adapter);
      record.failed(failure);
      throw failure;
    } finally {
      this.log.add(record.entry);
    }
  }

  /** True when the page shows the turn's nonce marker (our message, wherever the site drew it). */
  private async showsNonce(page: Page, nonce: string): Promise<boolean> {
    return (await page.getByText(nonceMarker(nonce)).count().catch(() => 0)) > 0;
  }

  /** True once the site's selectors found our turn and its answer on the page. */
  private turnSeen(watch: TurnWatch): boolean {
    return watch.lastSnapshot?.userTurnFound === true && watch.lastSnapshot.assistantTurnFound;
  }

  /** The watch of a new turn: completion timings from the options or the adapter, status updates to the model. */
  private startWatch(nonce: string, options: LLMCallOptions, adapter: SiteAdapter): TurnWatch {
    return new TurnWatch({
      nonce,
      adapter,
      tracker: new CompletionTracker(this.options.quietMs ?? adapter.timings?.quietMs ?? DEFAULTS.browserQuietMs, Date.now(), {
        barHoldMs: this.options.actionBarHoldMs ?? adapter.timings?.actionBarHoldMs,
      }),
      call: options,
      earlyStop: (this.options.earlyStop ?? DEFAULTS.browserEarlyStop) && options.isComplete !== undefined,
      onNotice: (notice) => this.updateStatus({ warning: notice }),
      onGuest: () => this.updateStatus({ guest: true }),
    });
  }

  /** Presses send and confirms a state change; retries once. Returns the attempts made. */
  private async submit(page: Page, adapter: SiteAdapter, watch: TurnWatch, config: WatchConfig, signal?: AbortSignal): Promise<number> {
    const confirmMs = this.options.submitConfirmMs ?? adapter.timings?.submitConfirmMs ?? DEFAULTS.browserSubmitConfirmMs;
    for (let attempt = 1; attempt <= 2; attempt++) {
      const sendIndex = await pressSend(page, adapter, signal).catch((error: unknown) => {
        if (attempt === 2) throw error;
        return undefined;
      });
      if (sendIndex !== undefined) watch.noteMatched({ sendButton: sendIndex });
      const deadline = Date.now() + confirmMs;
      while (Date.now() < deadline) {
        throwIfAborted(signal);
        if (watch.problem) throw watch.problem;
        if (watch.submitTaken()) return attempt;
        await watch.waitForWake(50);
      }
      // Not taken. Only press again if our text is still in the composer (never send twice).
      const composerText = await callRuntime<string | null>(page, 'readComposer', config.selectors).catch(() => null);
      if (!composerText || !composerText.includes(nonceMarker(watch.nonce))) break;
    }
    // Before blaming the send button, look at the page: a session that expired on submit
    // shows a login wall, a bot check or a banner, and that is the error to report.
    if (watch.problem) throw watch.problem;
    // The tab (or the whole browser window) was closed while the message was being sent.
    if (page.isClosed()) throw new LLMBackendError(`${adapter.displayName}: the browser tab was closed while the message was being sent. Retry opens it again.`, { code: PTKErrorCode.TAB_CLOSED, context: { site: adapter.id } });
    if (onSignInHost(page, adapter)) throw signInRequired(adapter);
    const lastLook = await probe(page, adapter).catch(() => undefined);
    const pageProblem = lastLook && classifyPageProblems({ banners: lastLook.banners, loginWall: lastLook.loginWall, botCheck: lastLook.botCheck }, adapter);
    if (pageProblem) throw pageProblem;
    throw new LLMBackendError(
      `${adapter.displayName}: the message was put in the input but sending it showed no effect (no new turn, no stop button, input not emptied) after 2 tries. ${sendingHint(adapter)}`,
      { code: PTKErrorCode.SUBMIT_FAILED, context: { site: adapter.id } },
    );
  }

  /**
   * A crashed or closed tab: the lease gets a new tab (the other leases keep theirs), opened at
   * the chat's URL, and the turn is looked for again by its nonce.
   */
  private async recoverPage(lease: TabLease<Page>, watch: TurnWatch, config: WatchConfig, signal?: AbortSignal): Promise<Page> {
    watch.pageGone = false;
    // The address the lost tab showed last (a closed page keeps it): a site moves a new chat to
    // its own address once the answer starts, which can be after the submit was confirmed.
    const lost = lease.tab;
    // The user closed the whole window: it is not opened again behind their back; Retry does.
    if (await this.session.windowClosed(lost)) throw windowClosedMidAnswer(this.adapter);
    const chatUrl = onSite(lost, this.adapter) && !onSignInHost(lost, this.adapter) ? lost.url() : this.stateOf(lost).chatUrl;
    const discovery = this.stateOf(lost).discovery;
    const page = await lease.replace();
    this.stateOf(page).chatUrl = chatUrl;
    // The same conversation: the replacement stays on what the lost tab ran on.
    this.stateOf(page).discovery = discovery;
    this.watches.set(page, watch);
    try {
      await page.goto(chatUrl ?? this.adapter.url, { waitUntil: 'domcontentloaded' });
    } catch (error) {
      throw new LLMBackendError(`${this.adapter.displayName}: the tab was lost mid-answer and could not be reopened: ${errorMessage(error).split('\n')[0]}.`, { code: PTKErrorCode.TAB_CLOSED, cause: error });
    }
    throwIfAborted(signal);
    await callRuntime(page, 'watch', config);
    return page;
  }

  private async extract(page: Page, watch: TurnWatch): Promise<ExtractResult> {
    let result: ExtractResult;
    try {
      result = await callRuntime<ExtractResult>(page, 'extract', DEFAULTS.browserCopyTimeoutMs);
    } catch {
      result = { via: 'none', text: '' };
    }
    if (result.matched) watch.noteMatched(result.matched);
    if ((result.via === 'none' || result.text === '') && watch.text) result = { via: 'stream', text: watch.text };
    const clean = this.adapterOf(page).hooks?.cleanAnswer;
    return clean ? { ...result, text: clean(result.text) } : result;
  }

  /**
   * Stops the site's generation: presses its stop button, and again while the button stays (a
   * press the page dropped, e.g. while it redrew the button); at most three presses.
   */
  private async stopGeneration(page: Page): Promise<void> {
    const stopShown = async (): Promise<boolean> => (await firstMatching(page, this.adapterOf(page).selectors.stopButton, { visible: true }).catch(() => undefined)) !== undefined;
    for (let press = 0; press < 3; press++) {
      const pressed = await callRuntime<boolean>(page, 'stop').catch(() => false);
      if (!pressed || (await waitFor(async () => !(await stopShown()), STOP_CONFIRM_MS))) return;
    }
  }

  /** Early stop: press stop, let the site settle the turn, extract; fall back to the streamed text. */
  private async finishEarly(page: Page, watch: TurnWatch, options: LLMCallOptions): Promise<ExtractResult> {
    await this.stopGeneration(page);
    const settleBy = Date.now() + 1_500;
    while (Date.now() < settleBy && !watch.settledAfterStop()) await watch.waitForWake(50);
    const extracted = await this.extract(page, watch);
    const isComplete = options.isComplete;
    if (extracted.via !== 'stream' && isComplete && isComplete(extracted.text)) return extracted;
    return { via: 'stream', text: watch.text };
  }

  /** A snapshot from the page runtime: the watch of the turn running in that page takes it. */
  private onReport(page: Page, payload: unknown): void {
    this.watches.get(page)?.report(payload as PageSnapshot);
  }
}

/** What may have stopped sending on `adapter`'s page: its send button's selectors, else the key it sends with. */
function sendingHint(adapter: SiteAdapter): string {
  const buttons = adapter.selectors.sendButton;
  if (buttons.length > 0) return `The send button may have changed (${buttons.join(', ')}).`;
  return `The ${adapter.sendKey === 'Control+Enter' ? 'Ctrl+Enter' : 'Enter'} key may no longer send there.`;
}

/** TAB_CLOSED for a turn whose browser window the user closed: PTK does not reopen it on its own. */
function windowClosedMidAnswer(adapter: SiteAdapter): LLMBackendError {
  return new LLMBackendError(`${adapter.displayName}: the browser window was closed in the middle of the turn. Retry opens it again.`, { code: PTKErrorCode.TAB_CLOSED, context: { site: adapter.id } });
}

/** The status line of a site whose conversations share its one chat (its address reopens it, no new-chat control). */
function sharedChatWarning(adapter: SiteAdapter): string {
  const repair = adapter.id === 'auto' ? 'PTK: Export Learned Site as ptk.customSite, with a newChatButton selector' : `a newChatButton selector in ptk.siteOverrides`;
  return `${adapter.displayName} reopens its last chat and has no new-chat control PTK knows: your conversations share it and take turns. To give each its own: ${repair}.`;
}

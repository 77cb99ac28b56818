/**
 * The chat view's conversations: one ChatSession per conversation that is shown or still runs a
 * task, and which of them the view shows. Opening another conversation (or "+") leaves a running
 * task running in the background: its conversation keeps streaming into its own state and store,
 * the history marks it (running, or waiting for an approval), and opening it again shows its live
 * state. Only the shown conversation's events reach the view; what the view does (send, Stop,
 * Retry, a restore) acts on the shown one. A hidden session is dropped once it is idle (its
 * conversation is saved). Pure (no 'vscode'): the extension passes the same options as to a session.
 */
import type { PTKExecuteResult } from '../core/loop/loopTypes';
import type { ContextMention } from '../shared/chat/mentions';
import { conversationActivity } from '../shared/chat/conversationActivity';
import type { ChatEvent, ChatViewState, ConversationSummary, FileChangeCount } from '../shared/chat/protocol';
import type { Attention } from './attentionNotice';
import type { SiteStatusLine } from './chatConnection';
import { ChatSession, type ReplaceAnswer, type SendOptions } from './chatSession';
import { ListenerSet } from './listenerSet';

type SessionOptions = ConstructorParameters<typeof ChatSession>[0];

interface ChatSessionsOptions extends Omit<SessionOptions, 'conversation' | 'isShown'> {
  /**
   * Something wants the user (attentionNotice.ts decides whether they are told): a task ended
   * (done or failed; not stopped: the user did that), or asks for an approval. A conversation the
   * view does not show, or one the view leaves while its card waits, is told once per waiting
   * approval (its card waits in that conversation; nothing is approved for the user).
   */
  onAttention?: (attention: Attention) => void;
}

type Listener = (conversationId: string, event: ChatEvent) => void;

interface LiveSession {
  session: ChatSession;
  subscriptions: Array<{ dispose(): void }>;
}

export class ChatSessions {
  /** The sessions alive, by conversation id: the shown one and every one running a task. */
  private readonly live = new Map<string, LiveSession>();
  private shownSession: ChatSession;
  private readonly listeners = new ListenerSet<Parameters<Listener>>();
  private readonly stateListeners = new ListenerSet<[state: ChatViewState]>();
  private readonly returnedListeners = new ListenerSet<[text: string, mentions: readonly ContextMention[]]>();
  private readonly activityListeners = new ListenerSet<[]>();
  /** Sessions kept alive between their tasks (a task file's steps), with how many hold each. */
  private readonly held = new Map<ChatSession, number>();
  /** The pending approvals the user was told of in a conversation not shown (onAttention): each is told once. */
  private readonly toldApprovals = new Set<string>();
  /** The message of each running task, by task id (an ended task is told by its message). */
  private readonly taskTitles = new Map<string, string>();

  constructor(private readonly options: ChatSessionsOptions) {
    this.shownSession = this.create();
  }

  /** The session the view shows. */
  get shown(): ChatSession {
    return this.shownSession;
  }

  /** The shown conversation's view state. */
  get state(): ChatViewState {
    return this.shownSession.state;
  }

  /** True while the shown conversation runs a task. */
  get busy(): boolean {
    return this.shownSession.busy;
  }

  /** True while any conversation runs a task. */
  get anyBusy(): boolean {
    return [...this.live.values()].some(({ session }) => session.busy);
  }

  /** Saved conversations, newest first, the running ones marked. */
  history(): ConversationSummary[] {
    return this.options.store.list().map((entry) => {
      const session = this.live.get(entry.id)?.session;
      const activity = session && conversationActivity(session.state);
      return activity ? { ...entry, activity } : entry;
    });
  }

  /** Every event of the shown conversation, as it happens. */
  readonly onEvent = (listener: Listener) => this.listeners.add(listener);
  /** The view must show the whole state again: another conversation shown, a cut, or the history's marks changed. */
  readonly onStateReplaced = (listener: (state: ChatViewState) => void) => this.stateListeners.add(listener);
  /** A user message of the shown conversation was cut to be sent again: its text and chips go back to the composer. */
  readonly onMessageReturned = (listener: (text: string, mentions: readonly ContextMention[]) => void) => this.returnedListeners.add(listener);
  /** A task started or finished in any conversation, or another conversation is shown (the Stop button and the status bar follow). */
  readonly onActivity = (listener: () => void) => this.activityListeners.add(listener);

  /** Starts an empty conversation; the shown one stays in the history (and keeps running, if it runs). */
  async newConversation(): Promise<void> {
    await this.show(this.create({ fresh: true }));
  }

  /** Shows a conversation: its live session when it still runs, else the saved one. Throws when it does not exist. */
  async openConversation(conversationId: string): Promise<void> {
    if (conversationId === this.shownSession.state.conversationId) return;
    const live = this.live.get(conversationId)?.session;
    await this.show(live ?? this.create({ id: conversationId }));
  }

  /**
   * Before a one-shot request from the editor (a lightbulb action, Explain Selection, Fix
   * Problems): it gets a conversation of its own, as Copilot's and Cline's do, and the shown one
   * stays in the history as it is (running on, if it runs); an empty one is used as it is.
   */
  async freshConversationFor(): Promise<void> {
    if (!this.shownSession.busy && !this.shownSession.state.items.some((item) => item.kind === 'user')) return;
    await this.newConversation();
  }

  /** A conversation's title as the history shows it (saved, else live), if it has one. */
  conversationTitle(conversationId: string): string | undefined {
    return this.options.store.list().find((entry) => entry.id === conversationId)?.title ?? this.live.get(conversationId)?.session.state.title;
  }

  /** The task running in conversation `conversationId`, named by the message it answers; else the conversation's title. */
  taskTitle(conversationId: string): string | undefined {
    return this.live.get(conversationId)?.session.runningTaskTitle ?? this.conversationTitle(conversationId);
  }

  /** The history's delete button: deletes only when the user agrees, since its checkpoints go too (resolves false when not). */
  async deleteConversationAsked(conversationId: string): Promise<boolean> {
    const title = this.conversationTitle(conversationId) ?? 'this conversation';
    const agreed = this.options.confirm ? await this.options.confirm(`Delete "${title}"? Its checkpoints are deleted too.`, 'Delete') : true;
    if (agreed) await this.deleteConversation(conversationId);
    return agreed;
  }

  /** Deletes a saved conversation (stopping its task first); deleting the shown one shows a new, empty one. */
  async deleteConversation(conversationId: string): Promise<void> {
    const live = this.live.get(conversationId)?.session;
    if (live?.stop('Stopped: its conversation was deleted.')) await live.whenIdle();
    await this.options.store.delete(conversationId);
    if (live === this.shownSession) await this.newConversation();
    else {
      if (live) this.drop(live);
      this.replaced();
    }
  }

  /**
   * Runs `work` on the shown conversation's session, which stays alive (and keeps its place in
   * the history) until `work` ends, even while hidden and idle between its tasks (a task file's steps).
   */
  async withShown<Result>(work: (session: ChatSession) => Promise<Result>): Promise<Result> {
    const session = this.shownSession;
    this.held.set(session, (this.held.get(session) ?? 0) + 1);
    try {
      return await work(session);
    } finally {
      const holds = (this.held.get(session) ?? 1) - 1;
      if (holds > 0) this.held.set(session, holds);
      else {
        this.held.delete(session);
        this.dropIfIdle(session);
      }
    }
  }

  // The shown conversation, as the view and the commands use it.

  sites(): readonly SiteStatusLine[] {
    return this.shownSession.sites();
  }

  get chosenSiteId(): string | undefined {
    return this.shownSession.chosenSiteId;
  }

  site(): string | undefined {
    return this.shownSession.site();
  }

  chooseSite(site: string): Promise<void> {
    return this.shownSession.chooseSite(site);
  }

  send(text: string, sendOptions?: SendOptions): Promise<PTKExecuteResult | undefined> {
    return this.shownSession.send(text, sendOptions);
  }

  /** The mode menu's choice, for the shown conversation (and the conversations started after it). */
  chooseMode(mode: string): Promise<void> {
    return this.shownSession.chooseMode(mode);
  }

  /** "Act on this plan" on an answer of the shown conversation. */
  actOnPlan(itemId: string): Promise<PTKExecuteResult | undefined> {
    return this.shownSession.actOnPlan(itemId);
  }

  retry(): Promise<PTKExecuteResult | undefined> {
    return this.shownSession.retry();
  }

  /** A queued message's Remove, in the shown conversation. */
  removeQueued(id: string): boolean {
    return this.shownSession.removeQueued(id);
  }

  /** A queued message's Edit: out of the queue, back to the composer. */
  editQueued(id: string): boolean {
    return this.shownSession.editQueued(id);
  }

  /** A queued message's Send now: into the running task at its next turn, or sent at once when none runs. */
  sendQueuedNow(id: string): Promise<void> {
    return this.shownSession.sendQueuedNow(id);
  }

  /** Stops the shown conversation's task (the Stop button, ptk.stop); a task in the background goes on. */
  stop(reason?: string): boolean {
    return this.shownSession.stop(reason);
  }

  whenIdle(): Promise<void> {
    return this.shownSession.whenIdle();
  }

  confirmReplace(itemId: string): Promise<ReplaceAnswer> {
    return this.shownSession.confirmReplace(itemId);
  }

  /** Compacts the shown conversation (its history becomes the model's summary of it). */
  compact(): Promise<void> {
    return this.shownSession.compact();
  }

  /** Changes of task `taskId` were undone in a review: its line in conversation `conversationId` (when open) shows what is left. */
  reviewedTask(conversationId: string, taskId: string, counts: readonly FileChangeCount[]): Promise<void> {
    return this.live.get(conversationId)?.session.reviewedTask(taskId, counts) ?? Promise.resolve();
  }

  /** The chat limit setting changed: every open conversation's meter shows the new limit. */
  limitChanged(): void {
    for (const { session } of this.live.values()) session.limitChanged();
  }

  truncateFrom(itemId: string, transcriptLength: number): Promise<void> {
    return this.shownSession.truncateFrom(itemId, transcriptLength);
  }

  record(event: ChatEvent): Promise<void> {
    return this.shownSession.record(event);
  }

  notice(text: string): void {
    this.shownSession.notice(text);
  }

  /**
   * Applies an event from elsewhere (the approval broker's cards) to the conversation it belongs
   * to: an answer to the one whose card waits for it, else `conversationId` when that one is
   * alive (the task that asked), else the shown one.
   */
  publish(event: ChatEvent, conversationId?: string): void {
    // An answer or a cancel may come from anywhere (the card, the diff's title bar, a notification,
    // Stop): it goes to the conversation whose card waits for it.
    const waiting = event.type === 'approvalResolved' ? [...this.live.values()].find(({ session }) => session.state.pendingApprovals.includes(event.approvalId))?.session : undefined;
    const target = waiting ?? (conversationId !== undefined ? this.live.get(conversationId)?.session : undefined) ?? this.shownSession;
    target.publish(event);
  }

  /** A notice line for the conversation `conversationId` (when alive and running), else the shown one when it runs. */
  noticeWhileRunning(text: string, conversationId?: string): void {
    const target = (conversationId !== undefined ? this.live.get(conversationId)?.session : undefined) ?? this.shownSession;
    if (target.busy) target.notice(text);
  }

  /** A failover moved the task of conversation `conversationId` to `site`: the conversation goes on there. */
  async movedToSite(site: string, conversationId: string): Promise<void> {
    await this.live.get(conversationId)?.session.movedToSite(site);
  }

  private create(conversation?: { id: string } | { fresh: true }): ChatSession {
    const session: ChatSession = new ChatSession({ ...this.options, conversation, isShown: () => this.shownSession === session });
    const subscriptions = [
      session.onEvent((conversationId, event) => this.eventOf(session, conversationId, event)),
      session.onStateReplaced((state) => {
        if (session === this.shownSession) this.stateListeners.fire(state);
      }),
      session.onMessageReturned((text, mentions) => {
        if (session === this.shownSession) this.returnedListeners.fire(text, mentions);
      }),
    ];
    this.live.set(session.state.conversationId, { session, subscriptions });
    return session;
  }

  private eventOf(session: ChatSession, conversationId: string, event: ChatEvent): void {
    const shown = session === this.shownSession;
    if (shown) this.listeners.fire(conversationId, event);
    const started = event.type === 'taskStarted';
    const finished = event.type === 'taskFinished';
    if (started) this.activityChanged();
    if (event.type === 'taskStarted') this.taskTitles.set(event.taskId, event.title);
    if (event.type === 'taskFinished') {
      const title = this.taskTitles.get(event.taskId) ?? session.state.title;
      this.taskTitles.delete(event.taskId);
      if (event.outcome !== 'stopped') this.options.onAttention?.({ kind: event.outcome, conversationId, title, detail: event.message, shown });
    }
    // Asked in the shown conversation: its card is there, unless the user looks elsewhere (the host knows).
    if (shown && event.type === 'approvalRequested' && !event.auto) this.options.onAttention?.({ kind: 'approval', conversationId, title: session.runningTaskTitle ?? session.state.title, shown: true });
    // A task is over once its session is idle (it saved the conversation). A hidden conversation
    // then needs no session: opening it reads the store.
    if (finished) {
      void session.whenIdle().then(() => {
        this.activityChanged();
        this.dropIfIdle(session);
      });
    }
    if (event.type === 'approvalResolved') this.toldApprovals.delete(event.approvalId);
    if (shown) return;
    if (event.type === 'approvalRequested' && !event.auto) this.tellWaitingApprovals(session);
    // The history's marks follow a hidden conversation's task and approvals.
    if (started || finished || event.type === 'approvalRequested' || event.type === 'approvalResolved') this.replaced();
  }

  private async show(session: ChatSession): Promise<void> {
    const left = this.shownSession;
    this.shownSession = session;
    await this.options.store.setCurrentId(session.state.conversationId);
    this.dropIfIdle(left);
    // Left while its card waits for an answer: the user is told as if it had asked in the background.
    if (left !== session) this.tellWaitingApprovals(left);
    this.replaced();
    this.activityChanged();
  }

  /** Tells the user that hidden `session` waits for approval, once for the approvals it was not told of yet. */
  private tellWaitingApprovals(session: ChatSession): void {
    const untold = session.state.pendingApprovals.filter((approvalId) => !this.toldApprovals.has(approvalId));
    if (untold.length === 0) return;
    for (const approvalId of untold) this.toldApprovals.add(approvalId);
    this.options.onAttention?.({ kind: 'approval', conversationId: session.state.conversationId, title: session.runningTaskTitle ?? session.state.title, shown: false });
  }

  private dropIfIdle(session: ChatSession): void {
    if (session !== this.shownSession && !session.busy && !this.held.has(session)) this.drop(session);
  }

  private drop(session: ChatSession): void {
    const id = session.state.conversationId;
    const live = this.live.get(id);
    if (live?.session !== session) return;
    this.live.delete(id);
    for (const subscription of live.subscriptions) subscription.dispose();
  }

  private replaced(): void {
    this.stateListeners.fire(this.shownSession.state);
  }

  private activityChanged(): void {
    this.activityListeners.fire();
  }
}

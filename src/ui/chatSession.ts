/**
 * The controller of one conversation: runs a user message as a PTK task through the engine,
 * turns the engine's callbacks into ChatEvents (streamed text, tool cards, results), keeps the
 * view state with the shared reducer, persists the conversation, and stops the task on request.
 * Several run at once, one per conversation with a task (chatSessions.ts shows one of them).
 * Pure (no 'vscode'): the extension binds `runTask` to PTKManager and `store` to workspaceState.
 */
import { compactionRequest, summaryMessage } from '../core/conversation/contextCompaction';
import { historyLength } from '../core/conversation/historyBudget';
import { ConfigurationError, PTKAbortError, PTKErrorCode, errorMessage, isPTKError } from '../core/errors';
import type { PTKExecuteResult } from '../core/loop/loopTypes';
import { SteeringInbox, type SteeringMessage } from '../core/loop/steering';
import type { ReplyDelta, ReplyProse } from '../core/protocol/replyStream';
import type { AssistantRunOptions } from '../host/shared/assistantRun';
import type { IterationInfo, PTKMessage, PTKToolCall } from '../core/types';
import { emptyChatState, reduceChat, toolCardId } from '../shared/chat/chatReducer';
import type { ContextMention } from '../shared/chat/mentions';
import type { MentionOutcome } from './mentionContext';
import type { ChatEvent, ChatViewState, ConnectionStatus, FileChangeCount } from '../shared/chat/protocol';
import { taskLineAfterReview } from './review/taskLineAfterReview';
import { quotedStart } from '../shared/chat/quotedStart';
import { openTodoList } from '../shared/chat/todoList';
import { ACT_ON_PLAN_TEXT, planAnswerIds } from '../shared/chat/planAnswers';
import { summarizeToolResult } from '../shared/chat/toolSummary';
import type { ApprovalBroker } from './approvalBroker';
import type { TaskCheckpoints } from './checkpoints/checkpointRecorder';
import { checkpointBeforeEdit } from './checkpoints/checkpointRestore';
import { TaskCheckpointView } from './checkpoints/taskCheckpointView';
import { attachmentForLog, attachmentInfo, type ChatAttachment } from './chatAttachments';
import { ConversationImages } from './conversationImages';
import type { SiteStatusLine } from './chatConnection';
import type { ConversationStore, LastPrompt } from './conversationStore';
import { conversationSite } from './conversationSite';
import { settleOpenReviews } from './secondOpinion';
import { connectionStatusForError, errorEvent } from './errorActions';
import { attachedContextNote, forgetAttachedContext, promptWithContext } from './mentionContext';
import { ListenerSet } from './listenerSet';
import { runForConversation } from './taskConversation';
import { AGENT_MODE, ASK_MODE, BUILTIN_MODES } from './modes/builtinModes';
import type { ChatMode } from './modes/chatMode';
import { toolsForMode } from './modes/toolsForMode';

/** Runs one task: PTKManager.orchestrateToolCalling bound to the tools and settings (`mode`: only the mode's tools). */
type TaskRunner = (prompt: string, options: AssistantRunOptions) => Promise<PTKExecuteResult>;

interface ChatSessionOptions {
  runTask: TaskRunner;
  store: ConversationStore;
  /** Stop cancels this conversation's waiting approvals (and only those). */
  approvals?: Pick<ApprovalBroker, 'cancel'>;
  /**
   * The conversation this session controls: a saved one opened in this window (`id`), a new empty
   * one (`fresh`), or by default the store's current one as a new window finds it.
   */
  conversation?: { id: string } | { fresh: true };
  /** True while the view shows this conversation: only then do its saves move the store's current pointer. */
  isShown?: () => boolean;
  /** True for a tool that asks for approval (its card shows the approval area). */
  isDangerousTool?: (toolName: string) => boolean;
  /** Told when an error says something about the connection (login wall, no browser); `site`: the site it failed on (several sites). */
  onConnectionProblem?: (status: ConnectionStatus, detail: string, site?: string) => void;
  /** Per-turn log lines (the LogOutputChannel). */
  log?: (line: string) => void;
  now?: () => number;
  createId?: () => string;
  /** Reads what a message's mentions attach, as the bounded context block (src/ui/mentionContext.ts). */
  resolveContext?: (mentions: readonly ContextMention[], signal: AbortSignal, onResolved?: (mention: ContextMention, outcome: MentionOutcome) => void) => Promise<string>;
  /** Records checkpoints of the files each task changes (src/ui/checkpoints): told the task and its turns. */
  checkpoints?: TaskCheckpoints;
  /** Takes the note of what the user undid in a review of the conversation's changes (empty: nothing): it goes with the next prompt. */
  takeReviewNote?: (conversationId: string) => string;
  /**
   * Asks the user before something that cannot be taken back (a modal warning in VS Code):
   * resolves true when `action` was chosen. Without it nothing is asked.
   */
  confirm?: (question: string, action: string) => Promise<boolean>;
  /**
   * Asks a question with several answers (a modal in VS Code): resolves the action chosen,
   * undefined for Cancel. Without it, only `confirm`'s one-answer questions are asked.
   */
  choose?: (question: string, actions: readonly string[]) => Promise<string | undefined>;
  /** True while the approval broker still keeps a card's change, so its diff can be shown. */
  diffKept?: (approvalId: string) => boolean;
  /**
   * The configured sites with their states, in the order they are tried (ptk.sites). With several,
   * every model call of a conversation asks for its site (its choice, else the first ready one).
   */
  sites?: () => readonly SiteStatusLine[];
  /**
   * How much one chat on `site` may hold, in characters (undefined `site`: the only one): a
   * task's chat is compacted before it gets there, and the context meter shows it. Without it,
   * no compaction.
   */
  chatLimitChars?: (site: string | undefined) => number | undefined;
  /** The chat modes there are (the built-ins, then the workspace's: src/ui/modes/loadModes.ts); without it, the built-ins. */
  modes?: () => readonly ChatMode[];
}

/** Options of one `send`. */
export interface SendOptions {
  /** Cancels the task too (e.g. withProgress's token bridged to a signal). */
  signal?: AbortSignal;
  /** The text shown as the user's message when it differs from the prompt sent (code actions). */
  displayText?: string;
  /** Engine options for this task only (a task file step's tools and maxIterations). */
  extraOptions?: Pick<AssistantRunOptions, 'tools' | 'maxIterations' | 'maxToolCalls'>;
  /**
   * The chat mode (id) this message runs in, when not the conversation's (Explain and Ask run in
   * Ask mode, "Act on this plan" in Agent mode): the conversation goes on in it.
   */
  mode?: string;
  /** Context chips: their content is attached to this message only (read when it is sent). */
  mentions?: readonly ContextMention[];
  /** Images sent with this message: the task's first model call uploads them to the site. */
  attachments?: readonly ChatAttachment[];
  /**
   * An edited message: the user message `replaceFrom` and everything after it leave the
   * conversation (view, saved store and the history the model gets) before this one is sent.
   */
  replaceFrom?: string;
  /** While a task runs, queue the message (the composer's Send) instead of refusing it with a notice. */
  queueIfBusy?: boolean;
}

/** A message typed while a task ran, with what goes with it; `steering`: Send now was pressed. */
interface QueuedSend {
  id: string;
  text: string;
  mentions: readonly ContextMention[];
  attachments: readonly ChatAttachment[];
  steering?: boolean;
}

type Listener = (conversationId: string, event: ChatEvent) => void;

/** The answers to the question before an edit is resent. */
export const RESEND = 'Resend';
export const RESTORE_AND_RESEND = 'Restore files and resend';
/** What the user chose before an edit is resent: send it (files stay), restore the files first and send it, or nothing (Cancel). */
export type ReplaceAnswer = 'resend' | 'restoreAndResend' | undefined;

/** The user messages after `itemId` (the turns an edit of it removes); 0 when it is not a user message. */
export function laterTurns(state: ChatViewState, itemId: string): number {
  const index = state.items.findIndex((item) => item.id === itemId);
  if (state.items[index]?.kind !== 'user') return 0;
  return state.items.slice(index + 1).filter((item) => item.kind === 'user').length;
}

/** Marks the cards whose change `diffKept` no longer has (their "Open diff" is disabled, saying why). */
function markDiffsGone(state: ChatViewState, diffKept: (approvalId: string) => boolean): ChatViewState {
  let changed = false;
  const items = state.items.map((item) => {
    if (item.kind !== 'tool' || !item.approval?.hasDiff || item.approval.diffGone || diffKept(item.approval.approvalId)) return item;
    changed = true;
    return { ...item, approval: { ...item.approval, diffGone: true } };
  });
  return changed ? { ...state, items } : state;
}

let idCounter = 0;
function defaultId(): string {
  return `${Date.now().toString(36)}${(++idCounter).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export class ChatSession {
  private current: ChatViewState;
  private messages: PTKMessage[] = [];
  private controller?: AbortController;
  private running?: Promise<PTKExecuteResult | undefined>;
  /** The running task's inbox for steered messages (Send now). */
  private steering?: SteeringInbox;
  /** Messages typed while a task ran, in the order they go; in memory only (never saved with the conversation). */
  private queue: QueuedSend[] = [];
  /**
   * The last message, for Retry; `attachments` only while no task has sent them to the site yet.
   * Saved with the conversation (without images), so Retry works after a reload too.
   */
  private lastPrompt?: LastPrompt;
  /** Images sent earlier in this conversation: each task starts a new chat on the site, so it carries them again. */
  private readonly earlierImages = new ConversationImages();
  /** The site the user chose for the shown conversation (saved with it); undefined: the first ready one. */
  private chosenSite?: string;
  private readonly listeners: ListenerSet<Parameters<Listener>>;
  private readonly stateListeners = new ListenerSet<[state: ChatViewState]>();
  private readonly returnedListeners = new ListenerSet<[text: string, mentions: readonly ContextMention[]]>();
  private readonly now: () => number;
  private readonly createId: () => string;

  constructor(private readonly options: ChatSessionOptions) {
    this.now = options.now ?? Date.now;
    this.createId = options.createId ?? defaultId;
    this.listeners = new ListenerSet((error) => this.options.log?.(`chat listener failed: ${errorMessage(error)}`));
    const chosen = options.conversation;
    // A new conversation starts in the mode chosen last.
    const startMode = options.store.lastModeId() ?? AGENT_MODE.id;
    if (chosen && 'fresh' in chosen) {
      this.current = { ...emptyChatState(this.createId()), mode: startMode };
      return;
    }
    const storedId = chosen ? chosen.id : options.store.currentId();
    const stored = storedId ? options.store.load(storedId) : undefined;
    if (chosen && !stored) throw new ConfigurationError(`No saved conversation with id "${chosen.id}".`, { context: { conversationId: chosen.id } });
    if (stored) {
      // A task cannot survive a reload, and a conversation running in this window is never read
      // back from the store: a stored running task is one a reload ended. Settle what it left open.
      const settled = stored.state.busy ? reduceChat(stored.state, { type: 'taskFinished', taskId: stored.state.runningTaskId ?? 'reload', outcome: 'stopped', message: 'Stopped by a window reload.' }) : stored.state;
      // A new window keeps none of the changes the cards proposed; one opened in this window keeps those the broker still has.
      // Nor the Second Opinion calls that were under way: their columns say so.
      const diffKept = chosen ? options.diffKept : () => false;
      this.current = settleOpenReviews(diffKept ? markDiffsGone(settled, diffKept) : settled, 'stopped by a window reload before its review arrived.');
      this.messages = stored.messages;
      this.lastPrompt = stored.lastPrompt;
      this.chosenSite = stored.site;
      // Saved before modes: Agent, unless its last request was read-only (Explain, Ask: now Ask mode).
      if (this.current.mode === undefined) this.current = { ...this.current, mode: stored.lastPrompt?.mode ?? AGENT_MODE.id };
    } else {
      this.current = { ...emptyChatState(this.createId()), mode: startMode };
    }
  }

  /** The view state of this conversation. */
  get state(): ChatViewState {
    return this.current;
  }

  get busy(): boolean {
    return this.controller !== undefined;
  }

  /** The message the running task answers, as the chat shows it, while a task runs (a question about the task names it). */
  get runningTaskTitle(): string | undefined {
    return this.busy ? (this.lastPrompt?.displayText ?? this.lastPrompt?.prompt) : undefined;
  }

  /** The configured sites with their states (none known: empty). */
  sites(): readonly SiteStatusLine[] {
    return this.options.sites?.() ?? [];
  }

  /** The site the user chose for the shown conversation, if any. */
  get chosenSiteId(): string | undefined {
    return this.chosenSite;
  }

  /** The site the shown conversation's model calls ask for: undefined with one site configured. */
  site(): string | undefined {
    return conversationSite(this.chosenSite, this.sites());
  }

  /**
   * The site menu's choice: the shown conversation's later model calls ask for `site` (a running
   * task keeps the site it started with). Saved with the conversation once it has a message.
   */
  async chooseSite(site: string): Promise<void> {
    this.chosenSite = site;
    if (this.current.items.length > 0) await this.persist();
  }

  /**
   * A failover moved this conversation's task to `site`: its chat goes on there, so the header
   * names that site and later messages go there too, as if the user had chosen it.
   */
  async movedToSite(site: string): Promise<void> {
    this.chosenSite = site;
    await this.persist();
  }

  /** The chat modes there are: the built-ins first. */
  modes(): readonly ChatMode[] {
    return this.options.modes?.() ?? BUILTIN_MODES;
  }

  /**
   * The conversation's chat mode. One that no longer exists (its file was deleted or broken) is
   * Ask, the safe one: a mode that is gone must not widen what the model may do.
   */
  get mode(): ChatMode {
    return this.modeById(this.current.mode ?? AGENT_MODE.id) ?? ASK_MODE;
  }

  private modeById(id: string): ChatMode | undefined {
    return this.modes().find((mode) => mode.id === id);
  }

  /**
   * The mode menu's choice: the conversation's later messages go in mode `id` (a running task
   * keeps its own), and new conversations start in it. Saved with the conversation once it has a message.
   */
  async chooseMode(id: string): Promise<void> {
    if (!this.modeById(id)) throw new ConfigurationError(`There is no chat mode "${id}". Modes: ${this.modes().map((mode) => mode.id).join(', ')}.`, { context: { mode: id } });
    this.emit({ type: 'modeChanged', mode: id });
    await this.options.store.setLastModeId(id);
    if (this.current.items.length > 0) await this.persist();
  }

  /**
   * "Act on this plan" on Plan-mode answer `itemId` (planAnswers.ts): the plan goes as a new task
   * in Agent mode, and the conversation goes on in Agent mode. Refused for another item.
   */
  actOnPlan(itemId: string): Promise<PTKExecuteResult | undefined> {
    const answer = this.current.items.find((item) => item.id === itemId);
    if (answer?.kind !== 'assistant' || !planAnswerIds(this.current).has(itemId)) {
      return Promise.reject(new ConfigurationError('Only a finished Plan-mode answer with a numbered plan can be acted on.', { context: { itemId } }));
    }
    const prompt = `Carry out this plan, step by step. Check each step as you go, and say what you changed at the end.\n\n${answer.text}`;
    return this.send(prompt, { displayText: ACT_ON_PLAN_TEXT, mode: AGENT_MODE.id });
  }

  /** Every event of this conversation, as it happens. */
  onEvent(listener: Listener): { dispose(): void } {
    return this.listeners.add(listener);
  }

  /** The whole state was replaced (a cut: an edit resent, a checkpoint restored). */
  onStateReplaced(listener: (state: ChatViewState) => void): { dispose(): void } {
    return this.stateListeners.add(listener);
  }

  /** A user message was cut from the conversation to be sent again (a restore before it): its text and chips go back to the composer. */
  onMessageReturned(listener: (text: string, mentions: readonly ContextMention[]) => void): { dispose(): void } {
    return this.returnedListeners.add(listener);
  }

  /**
   * Sends a message: runs it as a task with the conversation's history and resolves with the
   * engine's result (undefined when a task was already running: one task at a time).
   */
  send(text: string, sendOptions: SendOptions = {}): Promise<PTKExecuteResult | undefined> {
    const prompt = text.trim();
    if (!prompt) return Promise.reject(new Error('Cannot send an empty message.'));
    if (this.controller) {
      if (sendOptions.queueIfBusy && sendOptions.replaceFrom === undefined) {
        this.queue.push({ id: this.createId(), text: prompt, mentions: sendOptions.mentions ?? [], attachments: sendOptions.attachments ?? [] });
        this.queueChanged();
      } else {
        this.emit({ type: 'notice', text: 'A task is already running: stop it or wait for it to finish.', whileTaskRuns: true });
      }
      return Promise.resolve(undefined);
    }
    if (sendOptions.mode !== undefined && !this.modeById(sendOptions.mode)) return Promise.reject(new ConfigurationError(`There is no chat mode "${sendOptions.mode}".`, { context: { mode: sendOptions.mode } }));
    if (sendOptions.replaceFrom !== undefined) this.dropFrom(sendOptions.replaceFrom);
    if (sendOptions.mode !== undefined && sendOptions.mode !== this.current.mode) this.emit({ type: 'modeChanged', mode: sendOptions.mode });
    this.lastPrompt = { prompt, displayText: sendOptions.displayText, mentions: sendOptions.mentions, attachments: sendOptions.attachments, mode: this.mode.id };
    const controller = new AbortController();
    this.controller = controller;
    const onOuterAbort = () => controller.abort(sendOptions.signal?.reason);
    if (sendOptions.signal?.aborted) controller.abort(sendOptions.signal.reason);
    else sendOptions.signal?.addEventListener('abort', onOuterAbort, { once: true });
    const steering = new SteeringInbox();
    this.steering = steering;
    // What the user undid in a review since the last task goes to the model with this message.
    const reviewNote = this.options.takeReviewNote?.(this.current.conversationId);
    this.running = this.runTask(reviewNote ? `${prompt}\n\n${reviewNote}` : prompt, sendOptions.displayText ?? prompt, controller.signal, sendOptions.extraOptions, sendOptions.mentions ?? [], sendOptions.attachments ?? [], steering).then(
      (result) => {
        sendOptions.signal?.removeEventListener('abort', onOuterAbort);
        this.taskEnded(result?.success === true && !controller.signal.aborted);
        return result;
      },
      (error: unknown) => {
        sendOptions.signal?.removeEventListener('abort', onOuterAbort);
        this.taskEnded(false);
        throw error;
      },
    );
    return this.running;
  }

  /**
   * The task ended: a done task hands on to the first queued message (sent as the next task); a
   * failed or stopped one leaves the queue as it is (Send now or Remove decide), its Send now marks cleared.
   */
  private taskEnded(done: boolean): void {
    this.controller = undefined;
    this.running = undefined;
    this.steering = undefined;
    if (this.queue.length === 0) return;
    if (!done) {
      this.queue = this.queue.map(({ steering: _mark, ...queued }) => queued);
      this.queueChanged();
      return;
    }
    const next = this.queue.shift()!;
    this.queueChanged();
    this.send(next.text, { mentions: next.mentions, attachments: next.attachments, queueIfBusy: true }).catch((error: unknown) => this.options.log?.(`could not send the queued message: ${errorMessage(error)}`));
  }

  private queueChanged(): void {
    this.emit({
      type: 'queueChanged',
      queue: this.queue.map((queued) => ({
        id: queued.id,
        text: queued.text,
        ...(queued.steering ? { steering: true } : {}),
        ...(queued.attachments.length > 0 ? { images: queued.attachments.length } : {}),
        ...(queued.mentions.length > 0 ? { mentions: queued.mentions.length } : {}),
      })),
    });
  }

  /** Takes queued message `id` out of the queue (and out of the running task's inbox); undefined when it is not queued. */
  private unqueue(id: string): QueuedSend | undefined {
    const queued = this.queue.find((candidate) => candidate.id === id);
    if (!queued) return undefined;
    this.steering?.withdraw(id);
    this.queue = this.queue.filter((candidate) => candidate !== queued);
    this.queueChanged();
    return queued;
  }

  /** Remove on a queued message: it is not sent. */
  removeQueued(id: string): boolean {
    return this.unqueue(id) !== undefined;
  }

  /** Edit on a queued message: it leaves the queue and its text and chips go back to the composer. */
  editQueued(id: string): boolean {
    const queued = this.unqueue(id);
    if (queued) this.returnedListeners.fire(queued.text, queued.mentions);
    return queued !== undefined;
  }

  /**
   * Send now on a queued message. With no task running it is sent at once. While a task runs it is
   * steered into it: the task's next turn carries it to the model as the user's message (after the
   * tool results), and the conversation shows it there. A message with images cannot join a
   * running task (a site takes images with a task's first message only): it goes first in line
   * instead, as the next task. One the task ends before delivering goes first in line too.
   */
  async sendQueuedNow(id: string): Promise<void> {
    const queued = this.queue.find((candidate) => candidate.id === id);
    if (!queued) return;
    if (!this.controller) {
      this.unqueue(id);
      await this.send(queued.text, { mentions: queued.mentions, attachments: queued.attachments, queueIfBusy: true });
      return;
    }
    if (queued.steering) return;
    queued.steering = true;
    this.queue = [queued, ...this.queue.filter((candidate) => candidate !== queued)];
    this.queueChanged();
    if (queued.attachments.length > 0) return;
    const steering = this.steering;
    const text = await this.attachContext(queued.text, queued.mentions, this.controller.signal, this.current.runningTaskId).catch(() => queued.text);
    // Removed or edited while its context was read, or the task ended meanwhile: it stays first in line.
    if (!this.queue.includes(queued) || steering !== this.steering) return;
    steering?.steer({ id, text });
  }

  /** A steered message reached the task's transcript at `transcriptLength`: it leaves the queue and shows as the user's message there. */
  private steered(message: SteeringMessage, transcriptLength: number): void {
    const queued = this.queue.find((candidate) => candidate.id === message.id);
    if (!queued) return;
    this.queue = this.queue.filter((candidate) => candidate !== queued);
    this.queueChanged();
    this.emit({ type: 'userMessage', id: this.createId(), text: queued.text, time: this.now(), transcriptLength, ...(queued.mentions.length > 0 ? { mentions: [...queued.mentions] } : {}) });
    this.options.log?.(`steered into the running task (${message.text.length} chars): ${message.text.slice(0, 500)}`);
  }

  /**
   * Sends the last message again (the error card's Retry). Its images go again when the first try
   * never sent them; once sent, they are the conversation's earlier images and go with it anyway.
   */
  retry(): Promise<PTKExecuteResult | undefined> {
    if (!this.lastPrompt) return Promise.resolve(undefined);
    const { prompt, displayText, mentions, attachments, mode } = this.lastPrompt;
    // Retried in the mode it ran in (an Explain stays in Ask mode), in place of a turn that failed or was stopped.
    const replaceFrom = this.busy ? undefined : this.unfinishedLastTurn();
    // The turn it replaces may have sent its images already: they go again with it, not as earlier images.
    const replaced = replaceFrom === undefined ? undefined : this.current.items.find((item) => item.id === replaceFrom);
    const images = attachments ?? (replaced?.kind === 'user' && replaced.transcriptLength !== undefined ? this.earlierImages.sentSince(replaced.transcriptLength) : undefined);
    return this.send(prompt, { displayText, mentions, attachments: images?.length ? images : attachments, ...(mode !== undefined && this.modeById(mode) ? { mode } : {}), ...(replaceFrom ? { replaceFrom } : {}) });
  }

  /**
   * The last message's id when its turn failed or was stopped and changed no file: a Retry takes
   * its place, so neither the view nor the model gets the message twice. A turn that changed
   * files stays (its checkpoint is how the user undoes them): the Retry comes after it.
   */
  private unfinishedLastTurn(): string | undefined {
    const items = this.current.items;
    let start = items.length - 1;
    while (start >= 0 && items[start]!.kind !== 'user') start--;
    if (start < 0) return undefined;
    const turn = items.slice(start + 1);
    const unfinished = turn.some((item) => item.kind === 'error' || (item.kind === 'notice' && item.endsTurn));
    return unfinished && !turn.some((item) => item.kind === 'checkpoint') ? items[start]!.id : undefined;
  }

  /**
   * Stops the running task: aborts the engine (and with it the browser's generation) and cancels
   * pending approvals. `reason` is what the stopped cards say (the Stop button by default).
   */
  stop(reason = 'Stopped by the user.'): boolean {
    if (!this.controller) return false;
    this.controller.abort(new PTKAbortError(reason));
    for (const approvalId of this.current.pendingApprovals) this.options.approvals?.cancel(approvalId);
    return true;
  }

  /**
   * Compacts the conversation now (PTK: Compact Conversation): the model writes a summary of it
   * (in a new chat that gets the history), the summary becomes the history the next task starts
   * from, and it is shown folded. Stop cancels it; a task already running refuses it.
   */
  compact(): Promise<void> {
    if (this.controller) return Promise.resolve(this.notice('A task is running: compact the conversation once it has ended.'));
    if (this.messages.length === 0) return Promise.resolve(this.notice('Nothing to compact yet: the conversation has no history.'));
    const controller = new AbortController();
    this.controller = controller;
    const compaction = this.summarizeHistory(controller.signal).then((done) => this.taskEnded(done));
    this.running = compaction.then(() => undefined);
    return compaction;
  }

  /**
   * The chat limit may have changed (ptk.chatLimitChars): the meter shows the last task's
   * figures against the limit that now applies, without waiting for the next task (which also
   * measures the history's budget again).
   */
  limitChanged(): void {
    const usage = this.current.context;
    if (!usage) return;
    const limitChars = this.options.chatLimitChars?.(this.site());
    if (limitChars === usage.limitChars) return;
    const { chatChars, historyChars, historyBudgetChars } = usage;
    this.emit({ type: 'contextUsage', usage: { chatChars, historyChars, historyBudgetChars, ...(limitChars ? { limitChars } : {}) } });
  }

  /** The model's summary replaces the history; resolves true when it did. */
  private async summarizeHistory(signal: AbortSignal): Promise<boolean> {
    const taskId = this.createId();
    const site = this.site();
    const limitChars = this.options.chatLimitChars?.(site);
    const measured = { id: this.createId(), chatChars: historyLength(this.messages), ...(limitChars ? { limitChars } : {}) };
    this.emit({ type: 'taskStarted', taskId, title: 'Compact the conversation' });
    this.emit({ type: 'compaction', stage: 'summarizing', ...measured });
    let outcome: 'done' | 'stopped' | 'failed' = 'failed';
    try {
      const result = await runForConversation(this.current.conversationId, () =>
        this.options.runTask(compactionRequest(), { history: this.messages, tools: [], signal, ...(site !== undefined ? { site } : {}) }));
      const summary = result.success ? result.content.trim() : '';
      if (summary) {
        this.messages = [summaryMessage(summary)];
        this.earlierImages.truncate(0);
        this.emit({ type: 'compaction', stage: 'done', summary, ...measured });
        if (this.current.context) this.emit({ type: 'contextUsage', usage: { ...this.current.context, chatChars: 0, historyChars: historyLength(this.messages) } });
        outcome = 'done';
      } else if (signal.aborted || result.errorCode === PTKErrorCode.ABORTED) outcome = 'stopped';
      else this.reportFailure(result.error ?? 'The model answered without a summary: the conversation is left as it was.', result.failure);
    } catch (error) {
      if (signal.aborted) outcome = 'stopped';
      else this.reportFailure(errorMessage(error), error);
    }
    if (outcome !== 'done') this.emit({ type: 'compaction', stage: 'failed', ...measured });
    this.emit({ type: 'taskFinished', taskId, outcome, ...(outcome === 'stopped' ? { message: 'Stopped.' } : {}) });
    await this.persist();
    return outcome === 'done';
  }

  /** Resolves when the running task (if any) has settled. */
  async whenIdle(): Promise<void> {
    await this.running?.catch(() => undefined);
  }

  /**
   * Asks before an edit of `itemId` is sent when later turns would go with it; 'resend' when
   * there are none or the user agreed to keep their files as they are. When turns from that
   * message on changed files (a checkpoint follows it), the user may also have the files
   * restored to before the message first ('restoreAndResend'): the removed turns' checkpoints go
   * with them, so the chat could not undo those files afterwards.
   */
  async confirmReplace(itemId: string): Promise<ReplaceAnswer> {
    const later = laterTurns(this.current, itemId);
    if (later === 0) return 'resend';
    const turns = later === 1 ? 'The later turn is' : `The ${later} later turns are`;
    // Named as the conversation shows it, so the user knows which message the dialog is about.
    const edited = this.current.items.find((item) => item.id === itemId);
    const question = `Resend your edit of ${edited?.kind === 'user' ? `the message ${quotedStart(edited.text)}` : 'the message'}? ${turns} removed from this conversation.`;
    if (this.options.choose && checkpointBeforeEdit(this.current, itemId)) {
      const answer = await this.options.choose(`${question} Files changed since that message can go back to how they were before it, or stay as they are.`, [RESEND, RESTORE_AND_RESEND]);
      return answer === RESTORE_AND_RESEND ? 'restoreAndResend' : answer === RESEND ? 'resend' : undefined;
    }
    return (await this.ask(`${question} Files they changed stay as they are: restore a checkpoint first to undo them.`, RESEND)) ? 'resend' : undefined;
  }

  private async ask(question: string, action: string): Promise<boolean> {
    return this.options.confirm ? this.options.confirm(question, action) : true;
  }

  /**
   * Cuts the shown conversation back to a checkpoint: the view loses `itemId` and every item
   * after it, the transcript every message from `transcriptLength` on. When `itemId` is a user
   * message, its text and chips go back to the composer, to edit and send again. Refused while a task runs.
   */
  async truncateFrom(itemId: string, transcriptLength: number): Promise<void> {
    if (this.controller) throw new ConfigurationError('Cannot truncate the conversation while a task is running: stop it first.');
    const index = this.current.items.findIndex((item) => item.id === itemId);
    const cutMessage = this.current.items[index];
    this.cut(index, transcriptLength);
    // Retry now sends the message before the removed one, not the removed one.
    if (cutMessage?.kind === 'user') this.lastPrompt = this.lastPromptOfView();
    await this.persist();
    if (cutMessage?.kind === 'user') this.returnedListeners.fire(cutMessage.text, cutMessage.mentions ?? []);
  }

  /** The view's last user message as Retry sends it (its images are not kept); undefined when there is none. */
  private lastPromptOfView(): LastPrompt | undefined {
    const last = this.current.items.filter((item) => item.kind === 'user').at(-1);
    return last?.kind === 'user' ? { prompt: last.text, ...(last.mentions ? { mentions: last.mentions } : {}) } : undefined;
  }

  /** Keeps the view's items before `index` (all when -1) and the transcript's first `transcriptLength` messages, and shows the result. */
  private cut(index: number, transcriptLength: number): void {
    if (index !== -1) this.current = { ...this.current, items: this.current.items.slice(0, index) };
    this.messages = this.messages.slice(0, transcriptLength);
    this.earlierImages.truncate(transcriptLength);
    this.stateListeners.fire(this.current);
  }

  /**
   * Removes the user message `itemId` and everything after it, before its edited text is sent:
   * the view loses those items and the transcript the turns from that message on, so the next
   * task (which starts a new chat on the site) gives the model only the kept history.
   */
  private dropFrom(itemId: string): void {
    const index = this.current.items.findIndex((item) => item.id === itemId);
    const item = this.current.items[index];
    if (item?.kind !== 'user') return;
    // A message saved without its place in the transcript: the model gets no earlier turns rather than removed ones.
    this.cut(index, item.transcriptLength ?? 0);
  }

  /** Applies an event from elsewhere (the approval broker's cards) to the shown conversation. */
  publish(event: ChatEvent): void {
    this.emit(event);
  }

  /** Applies an event to the shown conversation and saves it at once (a change a reload must keep: a task's undo). */
  async record(event: ChatEvent): Promise<void> {
    this.emit(event);
    await this.persist();
  }

  /**
   * The user undid some of task `taskId`'s changes in a review: its end-of-task line shows what
   * the task still changes (`counts`: each text file of it, counted from before the task to now).
   */
  async reviewedTask(taskId: string, counts: readonly FileChangeCount[]): Promise<void> {
    const line = this.current.items.find((item) => item.kind === 'checkpoint' && item.scope === 'task' && item.taskId === taskId);
    const event = line?.kind === 'checkpoint' ? taskLineAfterReview(line, counts) : undefined;
    if (event) await this.record(event);
  }

  /** Adds a notice line to the conversation. */
  notice(text: string): void {
    this.emit({ type: 'notice', text });
  }

  private emit(event: ChatEvent): void {
    this.current = reduceChat(this.current, event);
    this.listeners.fire(this.current.conversationId, event);
  }

  private async persist(): Promise<void> {
    try {
      const { attachments: _images, ...lastPrompt } = this.lastPrompt ?? {};
      // The queue lives in memory only: a reload starts without it.
      const { queued: _queue, ...state } = this.current;
      await this.options.store.save({ state, messages: this.messages, updatedAt: this.now(), ...(this.lastPrompt ? { lastPrompt: lastPrompt as LastPrompt } : {}), ...(this.chosenSite !== undefined ? { site: this.chosenSite } : {}) });
      if (this.options.isShown?.() ?? true) await this.options.store.setCurrentId(this.current.conversationId);
    } catch (error) {
      this.options.log?.(`could not save the conversation: ${errorMessage(error)}`);
    }
  }

  private async runTask(prompt: string, displayText: string, signal: AbortSignal, extraOptions: SendOptions['extraOptions'], mentions: readonly ContextMention[], attachments: readonly ChatAttachment[], steering: SteeringInbox): Promise<PTKExecuteResult | undefined> {
    const taskId = this.createId();
    const log = this.options.log ?? (() => undefined);
    const mode = this.mode;
    this.emit({ type: 'userMessage', id: this.createId(), text: displayText, time: this.now(), transcriptLength: this.messages.length, ...(mentions.length > 0 ? { mentions: [...mentions] } : {}), ...(attachments.length > 0 ? { attachments: attachments.map(attachmentInfo) } : {}), mode: { id: mode.id, name: mode.name } });
    this.emit({ type: 'taskStarted', taskId, title: displayText });
    const checkpoints = this.options.checkpoints && new TaskCheckpointView(this.options.checkpoints, this.current.conversationId, taskId, (event) => this.emit(event));
    await this.persist();
    log(`[task ${taskId}] mode: ${mode.name}; prompt (${prompt.length} chars): ${prompt.slice(0, 500)}`);
    if (attachments.length > 0) log(`[task ${taskId}] attachments: ${attachments.map(attachmentForLog).join(', ')}`);
    const carried = this.earlierImages.carriedWith(attachments);
    if (carried.length > 0) log(`[task ${taskId}] images from earlier in the conversation, attached again for the new chat: ${carried.map(attachmentForLog).join(', ')}`);
    const transcriptLengthAtStart = this.messages.length;
    // The run's transcript so far without its system prompt (the history, then this task's messages): where a steered message lands.
    let transcriptLength = 0;

    let bubbleId: string | undefined;
    const bubble = () => {
      if (!bubbleId) {
        bubbleId = this.createId();
        this.emit({ type: 'assistantStart', id: bubbleId });
      }
      return bubbleId;
    };
    const closeBubble = (text: string) => {
      if (bubbleId || text) this.emit({ type: 'assistantDone', id: bubble(), text });
      bubbleId = undefined;
    };
    // Set once the task has ended. A stopped call's backend may still report the text the site
    // shows (its last deltas race the stop): that text goes into the stopped bubble, never a new one.
    let ended: { bubbleId?: string } | undefined;
    const lateDelta = (delta: ReplyDelta) => {
      if (!ended?.bubbleId) return;
      const text = delta.reply.proseSoFar();
      const bubbleItem = this.current.items.find((item) => item.id === ended?.bubbleId);
      if (bubbleItem?.kind !== 'assistant' || text.length < bubbleItem.text.length) return;
      // Until the stop is settled the bubble is still open (a rewrite keeps it so); after, its text is replaced.
      if (bubbleItem.streaming) this.emit({ type: 'assistantDelta', id: bubbleItem.id, text, rewrite: true });
      else this.emit({ type: 'assistantDone', id: bubbleItem.id, text });
      void this.persist();
    };
    // A stopped task leaves its streaming bubble open: the task's end settles it as stopped.
    const end = (stopped: boolean) => {
      ended = { bubbleId };
      if (bubbleId && !stopped) closeBubble(this.bubbleText(bubbleId));
    };
    const toolStarts = new Map<string, number>();
    // Each delta comes with the prose its model call read from it (the core reads a reply once:
    // ReplyStream). The bubble gets what the prose gained (an append), or its whole text when the
    // prose changed otherwise: the view's traffic stays linear in the answer's length. A delta of
    // another call of the same turn (a retry) replaces what the bubble showed of the earlier one.
    let reply: ReplyProse | undefined;
    const proseChange = (delta: ReplyDelta): { text: string; rewrite: boolean } => {
      const earlier = reply;
      reply = delta.reply;
      if (earlier === undefined || earlier === delta.reply || earlier.text === '') return delta.prose;
      return { text: delta.prose.text, rewrite: true };
    };

    // Several sites: the task's calls ask for the conversation's site (the router starts there).
    const site = this.site();
    if (site !== undefined) log(`[task ${taskId}] site: ${site}${this.chosenSite === site ? '' : ' (first ready site)'}`);
    // The conversation stays on the site its first task used (its chat lives there): the header
    // keeps naming it when it reaches a limit, until the user or a failover moves it.
    if (site !== undefined) this.chosenSite ??= site;
    const limitChars = this.options.chatLimitChars?.(site);
    let compactionId: string | undefined;
    const options: AssistantRunOptions = {
      ...extraOptions,
      // The mode decides the tools the model is offered; its instructions go with the prompt.
      mode: { name: mode.name, tools: (tools) => toolsForMode(mode, tools) },
      ...(mode.instructions ? { extraInstructions: mode.instructions } : {}),
      onToolWithheld: (toolCall) => {
        if (ended) return;
        log(`[task ${taskId}] ${toolCall.tool} is not available in ${mode.name} mode: not run, the model was told`);
        this.emit({ type: 'notice', text: `The model asked for ${toolCall.tool}, which ${mode.name} mode does not have: it was not run, and the model was told so. To let it change files or run commands, switch to Agent mode.` });
      },
      ...(site !== undefined ? { site } : {}),
      ...(carried.length + attachments.length > 0 ? { attachments: [...carried, ...attachments] } : {}),
      signal,
      history: this.messages,
      // The model's task list: one the conversation's last task left open goes on; each list it writes is shown and kept.
      todoList: { items: openTodoList(this.current.todos) ?? [] },
      onTodos: (items) => {
        if (ended) return;
        this.emit({ type: 'todos', taskId, items: items.map(({ text, status }) => ({ text, status })) });
        void this.persist();
      },
      onDelta: (delta) => {
        if (ended) return lateDelta(delta);
        const change = proseChange(delta);
        // No bubble for a reply without prose yet (a reply that is only a tool call never gets an empty one).
        if (change.text === '' && !bubbleId) return;
        const id = bubble();
        if (change.rewrite) this.emit({ type: 'assistantDelta', id, text: change.text, rewrite: true });
        else if (change.text !== '') this.emit({ type: 'assistantDelta', id, text: change.text });
      },
      // Every tab of the site is busy: the working row says so until the call gets one.
      onWaiting: (waiting) => {
        if (ended) return;
        log(`[task ${taskId}] ${waiting ? 'waiting for a free tab' : 'done waiting for a tab'}`);
        this.emit({ type: 'waitingForTab', taskId, waiting });
      },
      onIteration: (info: IterationInfo) => {
        checkpoints?.turnStarted(info.iteration, bubbleId);
        log(`[task ${taskId}] iteration ${info.iteration}: ${info.type}, ${info.toolCallsSoFar} tool calls so far`);
        reply = undefined;
        // `content` is the parser's prose of the reply: what the bubble showed while it streamed.
        if (info.type === 'text') closeBubble(info.content ?? '');
        else if (info.type === 'tool_call') {
          const prose = (info.content ?? '').trim();
          if (prose || bubbleId) closeBubble(prose);
        } else if (bubbleId) closeBubble(info.content ?? '');
        // Saved as far as it got: a window reload mid-task keeps its answers and cards so far.
        void this.persist();
      },
      onToolCall: (toolCall: PTKToolCall) => {
        const id = toolCall.id ?? this.createId();
        checkpoints?.toolCardShown(toolCardId(taskId, id));
        toolStarts.set(id, this.now());
        log(`[task ${taskId}] tool call ${id}: ${toolCall.tool} ${JSON.stringify(toolCall.args).slice(0, 1000)}`);
        this.emit({ type: 'toolCall', id, taskId, tool: toolCall.tool, args: toolCall.args, dangerous: this.options.isDangerousTool?.(toolCall.tool) ?? false, time: this.now() });
        void this.persist();
      },
      onToolResult: (info) => {
        const id = info.toolCall.id ?? '';
        const durationMs = info.durationMs || this.now() - (toolStarts.get(id) ?? this.now());
        const summary = (info.fromCache ? '(from cache) ' : '') + summarizeToolResult(info.result, info.toolCall.tool, info.toolCall.args ?? {});
        log(`[task ${taskId}] tool result ${id}: ${info.result.success ? 'ok' : `failed (${info.result.code ?? 'error'})`} in ${durationMs} ms: ${summary}`);
        this.emit({ type: 'toolResult', id, taskId, success: info.result.success, ...(info.result.code === 'ABORTED' ? { cancelled: true } : {}), summary, durationMs });
      },
      onError: (error) => log(`[task ${taskId}] error: ${errorMessage(error)}`),
      onMessage: (message) => {
        if (message.role !== 'system') transcriptLength++;
        checkpoints?.messageAdded(message);
        log(`[task ${taskId}] ${message.role}: ${message.content.slice(0, 2000)}`);
      },
      steering,
      onSteered: (message) => this.steered(message, transcriptLength - 1),
      ...(limitChars ? { compaction: { limitChars } } : {}),
      onContextUsage: (usage) => {
        if (!ended) this.emit({ type: 'contextUsage', usage: { ...usage } });
      },
      // The chat neared its limit: the summary is shown folded, and the transcript now starts from it.
      onCompaction: (event) => {
        if (ended) return;
        compactionId ??= this.createId();
        const measured = { id: compactionId, taskId, chatChars: event.chatChars, limitChars: event.limitChars };
        log(`[task ${taskId}] compaction: ${event.stage} (the chat holds ${event.chatChars} of ${event.limitChars} characters)`);
        if (event.stage === 'summarizing') return this.emit({ type: 'compaction', stage: 'summarizing', ...measured });
        if (event.stage === 'done') {
          transcriptLength = event.transcriptLength;
          this.emit({ type: 'compaction', stage: 'done', summary: event.summary, ...measured });
        } else this.emit({ type: 'compaction', stage: 'failed', ...measured });
        compactionId = undefined;
        void this.persist();
      },
      logger: { warn: (message, ...details) => log(`[task ${taskId}] warning: ${message} ${details.map(errorMessage).join(' ')}`) },
      // The project's rules that apply to the mentioned files are read too; the view is told which files were used.
      focusPaths: mentions.flatMap((mention) => (mention.path ? [mention.path] : [])),
      onRules: (rules) => {
        if (rules.files.length > 0) {
          log(`[task ${taskId}] project rules: ${rules.files.map((file) => `${file.displayPath} (${file.usage})`).join(', ')}`);
          this.emit({ type: 'rulesUsed', taskId, files: rules.files.map((file) => ({ path: file.displayPath, usage: file.usage })) });
        }
        if (rules.skipped?.length) log(`[task ${taskId}] project rules not applied (their paths match none of this task's files): ${rules.skipped.map((file) => `${file.displayPath} [${file.paths.join(', ')}]`).join(', ')}`);
      },
    };

    let result: PTKExecuteResult | undefined;
    let sentPrompt: string;
    try {
      sentPrompt = await this.attachContext(prompt, mentions, signal, taskId);
      // Run as this conversation's work: its approvals and site notices come back to it.
      result = await runForConversation(this.current.conversationId, () => this.options.runTask(sentPrompt, options));
    } catch (error) {
      const code = isPTKError(error) ? error.code : undefined;
      const stopped = signal.aborted || code === PTKErrorCode.ABORTED;
      end(stopped);
      await checkpoints?.finished();
      if (stopped) {
        this.emit({ type: 'taskFinished', taskId, outcome: 'stopped', message: 'Stopped.' });
      } else {
        this.reportFailure(errorMessage(error), error);
        this.emit({ type: 'taskFinished', taskId, outcome: 'failed', message: errorMessage(error) });
      }
      log(`[task ${taskId}] threw: ${errorMessage(error)}`);
      await this.persist();
      return undefined;
    }

    if (result.success) {
      ended = { bubbleId };
      if (bubbleId) closeBubble(result.content);
    } else end(signal.aborted || result.errorCode === PTKErrorCode.ABORTED);
    // Images this task sent go with the conversation's later tasks; Retry uploads them again as
    // this message's own only when this task never sent them (the site refused the upload, …).
    if (attachments.length > 0 && result.attachmentsSent !== false) this.attachmentsSent(attachments, transcriptLengthAtStart);
    await checkpoints?.finished();
    const transcript = result.messages.filter((message) => message.role !== 'system');
    // The attached context stays in this message's turn: the history keeps only a note of it.
    if (transcript.length > 0) this.messages = sentPrompt === prompt ? transcript : forgetAttachedContext(transcript, sentPrompt, promptWithContext(prompt, attachedContextNote(mentions)));
    if (result.success) {
      this.emit({ type: 'taskFinished', taskId, outcome: 'done' });
    } else if (signal.aborted || result.errorCode === PTKErrorCode.ABORTED) {
      this.emit({ type: 'taskFinished', taskId, outcome: 'stopped', message: 'Stopped.' });
    } else {
      this.reportFailure(result.error ?? 'The task failed.', result.failure);
      this.emit({ type: 'taskFinished', taskId, outcome: 'failed', message: result.error });
    }
    log(`[task ${taskId}] finished: ${result.success ? 'success' : `failed (${result.errorCode ?? 'unknown'})`} after ${result.iterations} iterations, ${result.totalToolCalls} tool calls, ${result.duration} ms`);
    await this.persist();
    return result;
  }

  /** The images of a message reached the site: later tasks carry them as earlier images, and Retry does not add them twice. */
  private attachmentsSent(attachments: readonly ChatAttachment[], transcriptLength: number): void {
    this.earlierImages.sent(attachments, transcriptLength);
    if (this.lastPrompt?.attachments === attachments) this.lastPrompt = { ...this.lastPrompt, attachments: undefined };
  }

  /**
   * The prompt with the mentions' context attached (the prompt itself when there is none). A web
   * page (`@https://…`) is read by fetch_url when the message goes: it shows as that tool's card
   * of the task (an approval it asks lands on it) with what was attached or why not.
   */
  private async attachContext(prompt: string, mentions: readonly ContextMention[], signal: AbortSignal, taskId: string | undefined): Promise<string> {
    if (mentions.length === 0 || !this.options.resolveContext) return prompt;
    const cards = new Map<ContextMention, { id: string; startedAt: number }>();
    for (const mention of mentions.filter((candidate) => candidate.kind === 'url')) {
      if (taskId === undefined) break;
      const card = { id: `mention:${this.createId()}`, startedAt: this.now() };
      cards.set(mention, card);
      this.emit({ type: 'toolCall', id: card.id, taskId, tool: 'fetch_url', args: { url: mention.url ?? mention.label }, dangerous: false, time: card.startedAt });
    }
    const context = await this.options.resolveContext(mentions, signal, (mention, outcome) => {
      const card = cards.get(mention);
      if (!card || taskId === undefined) return;
      // A page that loaded but shows no text (an app that draws nothing without its user, an empty page) is said so, not shown as attached.
      const empty = !outcome.error && outcome.chars === 0;
      const summary = outcome.error
        ? `Not attached: ${outcome.error}`
        : empty
          ? `Nothing to attach: ${outcome.title ? `the page “${outcome.title}”` : 'the page'} shows no text`
          : `Attached to the message: ${outcome.title ? `“${outcome.title}”, ` : ''}${outcome.chars.toLocaleString('en-US')} characters`;
      this.emit({ type: 'toolResult', id: card.id, taskId, success: !outcome.error && !empty, summary, durationMs: this.now() - card.startedAt });
    });
    this.options.log?.(`attached context: ${mentions.length} mention(s), ${context.length} chars`);
    return promptWithContext(prompt, context);
  }

  private bubbleText(id: string): string {
    const item = this.current.items.find((candidate) => candidate.id === id);
    return item && item.kind === 'assistant' ? item.text : '';
  }

  /** Shows a failed task's error with the buttons its code calls for, and tells the connection when it is about the site. */
  private reportFailure(message: string, error: unknown): void {
    const event = errorEvent(message, error);
    this.emit(event);
    const status = connectionStatusForError(error);
    if (status) this.options.onConnectionProblem?.(status, message, event.site);
  }
}

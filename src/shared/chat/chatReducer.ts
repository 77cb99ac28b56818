/**
 * The transcript → view model reducer: folds ChatEvents into a ChatViewState. Pure and
 * shared by the host (which persists the result) and the webview (which renders it), so
 * both always agree. Never mutates its input.
 */
import type { ChatEvent, ChatItem, ChatViewState } from './protocol';

/** Longest title derived from the first user message. */
const TITLE_MAX_CHARS = 60;

/** A fresh, empty conversation. */
export function emptyChatState(conversationId: string, title = 'New conversation'): ChatViewState {
  return { conversationId, title, items: [], busy: false, pendingApprovals: [] };
}

type ToolItem = Extract<ChatItem, { kind: 'tool' }>;

/**
 * The item id of a call's card: the task and the call, so an event of one task never reaches
 * a card of another (call ids are the engine's, which a caller may number afresh per task).
 */
export function toolCardId(taskId: string, callId: string): string {
  return `tool:${taskId}:${callId}`;
}

function replaceItem(state: ChatViewState, index: number, item: ChatItem): ChatItem[] {
  const items = state.items.slice();
  items[index] = item;
  return items;
}

function findLastIndex(items: ChatItem[], predicate: (item: ChatItem) => boolean): number {
  for (let index = items.length - 1; index >= 0; index--) if (predicate(items[index])) return index;
  return -1;
}

function titleFrom(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > TITLE_MAX_CHARS ? `${oneLine.slice(0, TITLE_MAX_CHARS - 1)}…` : oneLine;
}

/**
 * Stops every open streaming bubble and the open cards of task `taskId` (and cards of no task):
 * the task ended or was stopped.
 */
function settleOpenItems(items: ChatItem[], taskId: string, outcome: 'done' | 'stopped' | 'failed'): ChatItem[] {
  return items.map((item) => {
    if (item.kind === 'assistant' && item.streaming) return { ...item, streaming: false, ...(outcome === 'stopped' ? { stopped: true } : {}) };
    if (item.kind === 'tool' && (item.taskId === undefined || item.taskId === taskId) && (item.status === 'running' || item.status === 'awaitingApproval' || item.status === 'approved')) {
      return { ...item, status: outcome === 'done' ? item.status : 'cancelled' };
    }
    return item;
  });
}

/** Applies one event. Unknown ids are ignored (a late event after a reset loses nothing). */
export function reduceChat(state: ChatViewState, event: ChatEvent): ChatViewState {
  switch (event.type) {
    case 'userMessage': {
      const title = state.items.some((item) => item.kind === 'user') ? state.title : titleFrom(event.text) || state.title;
      const item: ChatItem = { kind: 'user', id: event.id, text: event.text, time: event.time, ...(event.transcriptLength !== undefined ? { transcriptLength: event.transcriptLength } : {}), ...(event.mentions?.length ? { mentions: event.mentions } : {}), ...(event.attachments?.length ? { attachments: event.attachments } : {}), ...(event.mode ? { mode: event.mode } : {}) };
      return { ...state, title, items: [...state.items, item] };
    }
    case 'assistantStart':
      if (state.items.some((item) => item.id === event.id)) return state;
      return { ...state, items: [...state.items, { kind: 'assistant', id: event.id, text: '', streaming: true }] };
    case 'assistantDelta':
    case 'assistantDone': {
      const streaming = event.type === 'assistantDelta';
      const index = findLastIndex(state.items, (item) => item.kind === 'assistant' && item.id === event.id);
      const bubble = index === -1 ? undefined : (state.items[index] as Extract<ChatItem, { kind: 'assistant' }>);
      // A delta appends to the bubble's text unless it rewrites it; the final text replaces it.
      const text = event.type === 'assistantDone' || event.rewrite || !bubble ? event.text : bubble.text + event.text;
      if (!bubble) return { ...state, items: [...state.items, { kind: 'assistant', id: event.id, text, streaming }] };
      return { ...state, items: replaceItem(state, index, { ...bubble, text, streaming }) };
    }
    case 'toolCall': {
      const id = toolCardId(event.taskId, event.id);
      if (state.items.some((item) => item.id === id)) return state;
      const card: ToolItem = {
        kind: 'tool',
        id,
        taskId: event.taskId,
        callId: event.id,
        tool: event.tool,
        args: event.args,
        dangerous: event.dangerous,
        status: 'running',
        startedAt: event.time,
      };
      return { ...state, items: [...state.items, card] };
    }
    case 'approvalRequested': {
      // The approval belongs to the running task's latest running card of that tool that has not asked yet.
      const taskId = state.runningTaskId;
      const index = taskId === undefined ? -1 : findLastIndex(state.items, (item) => item.kind === 'tool' && item.taskId === taskId && item.tool === event.toolName && item.status === 'running' && !item.approval);
      const approval = { approvalId: event.approvalId, summary: event.summary, kind: event.kind, path: event.path, command: event.command, hasDiff: event.hasDiff, ...(event.protection ? { protection: event.protection } : {}), ...(event.auto ? { auto: true } : {}), ...(event.autoBy ? { autoBy: event.autoBy } : {}) };
      // Approved without asking: the card shows what changed and keeps running; nothing waits for the user.
      if (event.auto) return index === -1 ? state : { ...state, items: replaceItem(state, index, { ...(state.items[index] as ToolItem), approval }) };
      const pendingApprovals = [...state.pendingApprovals, event.approvalId];
      if (index === -1) {
        // No card (the engine did not report the call, or no task runs): show a standalone card so the user can still answer.
        const card: ToolItem = { kind: 'tool', id: `approval:${event.approvalId}`, ...(taskId === undefined ? {} : { taskId }), tool: event.toolName, args: {}, dangerous: true, status: 'awaitingApproval', startedAt: 0, approval };
        return { ...state, pendingApprovals, items: [...state.items, card] };
      }
      const card = state.items[index] as ToolItem;
      return { ...state, pendingApprovals, items: replaceItem(state, index, { ...card, status: 'awaitingApproval', approval }) };
    }
    case 'approvalResolved': {
      const index = state.items.findIndex((item) => item.kind === 'tool' && item.approval?.approvalId === event.approvalId);
      const pendingApprovals = state.pendingApprovals.filter((id) => id !== event.approvalId);
      if (index === -1) return { ...state, pendingApprovals };
      const card = state.items[index] as ToolItem;
      const status = event.decision === 'reject' ? 'rejected' : event.decision === 'cancelled' ? 'cancelled' : 'approved';
      return {
        ...state,
        pendingApprovals,
        items: replaceItem(state, index, { ...card, status, approval: card.approval && { ...card.approval, reason: event.reason }, ...(event.waitedMs ? { approvalWaitMs: event.waitedMs } : {}) }),
      };
    }
    case 'toolResult': {
      const id = toolCardId(event.taskId, event.id);
      const index = state.items.findIndex((item) => item.kind === 'tool' && item.id === id);
      if (index === -1) return state;
      const card = state.items[index] as ToolItem;
      // A rejected or cancelled call keeps its status: its failed result is the rejection (or the Stop) itself.
      // A rejection's result line only says so: its reason is on the card already (the model got both).
      // A tool the user's Stop ended is cancelled, not failed.
      const status = card.status === 'rejected' || card.status === 'cancelled' ? card.status : event.success ? 'succeeded' : event.cancelled ? 'cancelled' : 'failed';
      // The time the user took to decide is not the tool's.
      const durationMs = Math.max(0, event.durationMs - (card.approvalWaitMs ?? 0));
      return { ...state, items: replaceItem(state, index, { ...card, status, resultSummary: status === 'rejected' ? 'Rejected' : event.summary, durationMs }) };
    }
    case 'taskStarted':
      return { ...state, busy: true, runningTaskId: event.taskId };
    case 'waitingForTab': {
      // Only the running task's wait shows (a late report of an ended task changes nothing).
      if (event.taskId !== state.runningTaskId || (state.waitingForTab === true) === event.waiting) return state;
      const { waitingForTab: _waited, ...rest } = state;
      return event.waiting ? { ...rest, waitingForTab: true } : rest;
    }
    case 'taskFinished': {
      const items = settleOpenItems(state.items.filter((item) => !(item.kind === 'notice' && item.whileTaskRuns)), event.taskId, event.outcome);
      if (event.outcome === 'stopped') items.push({ kind: 'notice', id: `notice:${event.taskId}`, text: event.message ?? 'Stopped.', endsTurn: true });
      const { runningTaskId: _finished, waitingForTab: _waiting, ...rest } = state;
      return { ...rest, busy: false, pendingApprovals: [], items };
    }
    case 'error':
      return {
        ...state,
        items: [...state.items, { kind: 'error', id: `error:${state.items.length}`, message: event.message, code: event.code, actions: event.actions, ...(event.site === undefined ? {} : { site: event.site }) }],
      };
    case 'notice':
      return { ...state, items: [...state.items, { kind: 'notice', id: `notice:${state.items.length}`, text: event.text, ...(event.whileTaskRuns ? { whileTaskRuns: true } : {}) }] };
    case 'checkpoint': {
      const { type: _type, beforeItemId: _anchor, ...fields } = event;
      const existing = state.items.findIndex((candidate) => candidate.id === event.id);
      const item: ChatItem = { kind: 'checkpoint', ...fields, ...(event.scope === 'turn' ? { number: checkpointNumber(state, existing) } : {}) };
      if (existing !== -1) return { ...state, items: replaceItem(state, existing, item) };
      const anchor = event.beforeItemId === undefined ? -1 : state.items.findIndex((candidate) => candidate.id === event.beforeItemId);
      if (anchor === -1) return { ...state, items: [...state.items, item] };
      return { ...state, items: [...state.items.slice(0, anchor), item, ...state.items.slice(anchor)] };
    }
    case 'todos':
      return { ...state, todos: event.items };
    case 'contextUsage':
      return { ...state, context: event.usage };
    case 'compaction':
      return compacted(state, event);
    case 'modeChanged':
      return state.mode === event.mode ? state : { ...state, mode: event.mode };
    case 'rulesUsed':
      if (state.items.some((item) => item.id === `rules:${event.taskId}`)) return state;
      return { ...state, items: [...state.items, { kind: 'rules', id: `rules:${event.taskId}`, files: event.files }] };
    case 'reviewStarted':
      if (state.items.some((item) => item.id === event.id)) return state;
      return { ...state, items: [...state.items, { kind: 'review', id: event.id, time: event.time, columns: event.sites.map(({ site, label }) => ({ site, label, status: 'waiting', text: '' })) }] };
    case 'reviewUpdate': {
      const index = state.items.findIndex((item) => item.kind === 'review' && item.id === event.id);
      if (index === -1) return state;
      const review = state.items[index] as Extract<ChatItem, { kind: 'review' }>;
      // A settled column stays as it is (a late delta after the answer or the failure changes nothing).
      const columns = review.columns.map((column) => (column.site === event.site && column.status !== 'done' && column.status !== 'failed' ? { ...column, status: event.status, text: event.text } : column));
      return { ...state, items: replaceItem(state, index, { ...review, columns }) };
    }
    case 'queueChanged': {
      if (event.queue.length === 0) {
        const { queued: _gone, ...rest } = state;
        return rest;
      }
      return { ...state, queued: event.queue };
    }
    case 'reviewSent': {
      // Only a finished review is sent, and only once.
      const index = state.items.findIndex((item) => item.kind === 'review' && item.id === event.id);
      if (index === -1) return state;
      const review = state.items[index] as Extract<ChatItem, { kind: 'review' }>;
      if (!review.columns.some((column) => column.site === event.site && column.status === 'done' && !column.sent)) return state;
      const columns = review.columns.map((column) => (column.site === event.site ? { ...column, sent: true } : column));
      return { ...state, items: replaceItem(state, index, { ...review, columns }) };
    }
  }
}

/**
 * A turn checkpoint's number in the conversation ("Checkpoint 1", "Checkpoint 2", …): the one it
 * has when sent again, else one more than the highest so far (task turns restart at 1, this does not).
 */
function checkpointNumber(state: ChatViewState, existing: number): number {
  const current = state.items[existing];
  if (current?.kind === 'checkpoint' && current.number !== undefined) return current.number;
  return state.items.reduce((highest, item) => (item.kind === 'checkpoint' && item.number !== undefined ? Math.max(highest, item.number) : highest), 0) + 1;
}

/** Folds a list of events from an empty conversation. */
export function replayChat(conversationId: string, events: readonly ChatEvent[]): ChatViewState {
  return events.reduce(reduceChat, emptyChatState(conversationId));
}

/**
 * A compaction's item: added while the summary is written, then given the summary (or marked
 * failed). Once done the transcript starts from the summary, so every earlier message's place
 * in it is gone: an edit or a restore of one of them cuts the history to nothing rather than to
 * a wrong place.
 */
function compacted(state: ChatViewState, event: Extract<ChatEvent, { type: 'compaction' }>): ChatViewState {
  const { id, taskId, chatChars, limitChars } = event;
  const fields = { id, ...(taskId === undefined ? {} : { taskId }), chatChars, ...(limitChars === undefined ? {} : { limitChars }) };
  const item: ChatItem = { kind: 'compaction', ...fields, ...(event.stage === 'done' ? { summary: event.summary ?? '' } : {}), ...(event.stage === 'failed' ? { failed: true } : {}) };
  const index = state.items.findIndex((candidate) => candidate.id === id);
  let items = index === -1 ? [...state.items, item] : replaceItem(state, index, item);
  if (event.stage === 'done') items = items.map((candidate) => (candidate.kind === 'user' && candidate.transcriptLength !== undefined ? { ...candidate, transcriptLength: 0 } : candidate));
  return { ...state, items };
}

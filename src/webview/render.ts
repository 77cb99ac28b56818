/**
 * Renders the chat view model into the DOM: user and assistant messages (markdown), tool
 * cards (tool, arguments, status, result summary, duration, Approve / Reject, open diff),
 * the project rules a task used, notices and error cards with their actions, and Second
 * Opinion's reviews side by side. Keyed by item
 * id: an unchanged item keeps its element, so streaming re-renders only the bubble that grows,
 * and of that bubble only its open tail (streamingMarkdown.ts).
 */
import { CONNECTION_ACTION_LABELS } from '../shared/chat/connectionLabels';
import type { ContextMention } from '../shared/chat/mentions';
import type { AutoApprovedBy, ChatItem, ChatViewState, ConnectionAction, FileChangeCount } from '../shared/chat/protocol';
import { finishedTask } from '../shared/chat/finishedTask';
import { retryTargetId } from '../shared/chat/retryTarget';
import { planAnswerIds } from '../shared/chat/planAnswers';
import type { MarkdownRenderer } from './markdown';
import { renderCompaction } from './compactionItem';
import { renderMessageAttachments } from './messageAttachments';
import { renderMentionChips } from './mentionChips';
import { StreamingMarkdown } from './streamingMarkdown';

interface RenderHandlers {
  approve(approvalId: string, always: boolean): void;
  reject(approvalId: string, reason: string): void;
  openDiff(approvalId: string): void;
  /** A connection button; `site`: an error card's failed site. */
  action(action: ConnectionAction, site?: string): void;
  /** Puts text on the clipboard; a returned promise resolves once it is there (the button then says "Copied"). */
  copy(text: string): unknown;
  /** The thumbnail of a sent image (a data URL), when this view still has it. */
  thumbnail?(attachmentId: string): string | undefined;
  /** Opens a workspace file (the rules line's links; without it the names are plain text). */
  openFile?(path: string): void;
  /** "Restore checkpoint" / "Undo all changes of this task" on a checkpoint item. */
  restoreCheckpoint?(itemId: string): void;
  /** "Review changes" on a task's changes: the multi-file diff with Keep / Undo. */
  reviewChanges?(itemId: string): void;
  /** A user message's "Edit": its text and chips back in the composer, to change and send in its place (`itemId`). */
  edit?(text: string, mentions: readonly ContextMention[], itemId: string): void;
  /** "Retry" on the last turn (its answer, or its "Stopped." notice): the last message is sent again. */
  retry?(): void;
  /** "Second opinion" on the last finished answer: the other sites review the task. */
  secondOpinion?(): void;
  /** A review's "Send to task": that review becomes the user's next message. */
  sendReview?(itemId: string, site: string): void;
  /** "Act on this plan" on a finished Plan-mode answer with a numbered list: the plan goes as a new task in Agent mode. */
  actOnPlan?(itemId: string): void;
}

/** How long a Copy button says "Copied" when the pointer stays on it. */
const COPIED_SHOWN_MS = 1500;

/** What a card's status says; an approved call runs until its result, so it says so (its approval shows on the card). */
const STATUS_LABELS: Record<Extract<ChatItem, { kind: 'tool' }>['status'], string> = {
  running: 'running',
  awaitingApproval: 'waiting for approval',
  approved: 'running',
  rejected: 'rejected',
  succeeded: 'done',
  failed: 'failed',
  cancelled: 'cancelled',
};

/** The diff link of a card whose change was never written: named for what it shows, not "Open diff". */
const DIFF_LINK_LABELS: Partial<Record<Extract<ChatItem, { kind: 'tool' }>['status'], string>> = {
  rejected: 'View rejected change',
  cancelled: 'View proposed change',
};

/** Why a card's "Open diff" is disabled: its change went with the window; a refused or cancelled one was never written. */
export function diffGoneTooltip(status: Extract<ChatItem, { kind: 'tool' }>['status']): string {
  const gone = 'This change is no longer kept (the window was reloaded since), so its diff cannot be shown.';
  if (status === 'rejected' || status === 'cancelled') return `${gone} It was never written to the file.`;
  if (status === 'succeeded' || status === 'approved') return `${gone} The file has it; the checkpoint above the turn restores the file as it was before.`;
  return `${gone} Whether the file has it depends on how the call ended (its result line says).`;
}

/** Tools whose approval is for a shell command line (shown after a "$"). */
const SHELL_TOOLS: ReadonlySet<string> = new Set(['run_command', 'run_tests']);

/** What "Always" covers, for its tooltip: a tool's every write, or one exact command line. */
function alwaysScope(tool: string, approval: { kind: 'write' | 'edit' | 'command'; command?: string }): string {
  const what = approval.kind === 'command' ? `this exact command of ${tool} ("${approval.command ?? ''}")` : `${tool} — all files`;
  return `Always allow ${what}: in every conversation of this window, until you turn it off (the chip above the message box) or reload the window.`;
}

/** What a card says approved it without asking, and its tooltip. */
const AUTO_APPROVED: Record<AutoApprovedBy, [string, string]> = {
  always: [
    'Auto-approved: "Always"',
    'An "Always" answer let this run without asking. It lasts in this window until turned off (the chip above the message box) or the window reloads; the chip shows what is on now.',
  ],
  autoApprove: ['Auto-approved by ptk.tools.autoApprove', 'The ptk.tools.autoApprove setting lets this tool run without asking.'],
  allowedCommands: ['Auto-approved by ptk.tools.allowedCommands', 'The ptk.tools.allowedCommands setting lets this command run without asking.'],
};

/** The task's files with their lines added and removed where counted: "a.ts +3 −1, b.ts +2 −0". */
function countedFiles(files: readonly string[], counts: readonly FileChangeCount[] | undefined): string {
  return files.map((file) => {
    const count = counts?.find((entry) => entry.path === file);
    return count ? `${file} +${count.added} \u2212${count.removed}` : file;
  }).join(', ');
}

/** A task's line once its changes were undone: which files are back as they were. */
function undoneLine(files: readonly string[]): string {
  const one = files.length === 1;
  return `Undone: ${files.join(', ')} ${one ? 'is' : 'are'} back as ${one ? 'it was' : 'they were'} before this task`;
}

/** "1.2 s" / "35 ms". */
export function formatDuration(durationMs: number): string {
  return durationMs >= 1000 ? `${(durationMs / 1000).toFixed(1)} s` : `${Math.round(durationMs)} ms`;
}

/** Arguments as shown on a card: pretty JSON, long strings cut. */
function formatArguments(args: Record<string, unknown>, maxChars = 2000): string {
  const text = JSON.stringify(args, (_key, value) => (typeof value === 'string' && value.length > 400 ? `${value.slice(0, 400)}… (${value.length} chars)` : value), 2);
  return text.length > maxChars ? `${text.slice(0, maxChars)}\n…` : text;
}

interface RenderedItem {
  /** The item rendered (the reducer gives a changed item a new object, an unchanged one keeps it). */
  item: ChatItem;
  element: HTMLElement;
  /** JSON of the item, compared when a whole new state arrives; not kept for assistant bubbles. */
  signature?: string;
  /** An assistant bubble's markdown, rendered as it grows. */
  bubble?: StreamingMarkdown;
  /** Whether it was rendered as the item that offers Retry (the last turn's answer or notice). */
  retryable?: boolean;
  /** Whether it was rendered as the finished task's answer, which offers "Second opinion". */
  opinion?: boolean;
  /** Whether it was rendered as a Plan-mode answer that offers "Act on this plan". */
  plan?: boolean;
  /** A finished answer's action bar (Copy, Retry). */
  actions?: HTMLElement;
  /** A Plan-mode answer's "Act on this plan" button. */
  planAction?: HTMLElement;
}

/**
 * An answer's classes: streaming, stopped, and `last` on the conversation's last answer once no
 * task runs, whose actions (Copy, Retry) always show: nobody has to hover or tab to find them.
 */
function assistantClass(item: Extract<ChatItem, { kind: 'assistant' }>, last: boolean): string {
  return `message assistant${item.streaming ? ' streaming' : ''}${item.stopped ? ' stopped' : ''}${last ? ' last' : ''}`;
}

/** An element of `tag` with a class and its text. */
function textElement(document: Document, tag: string, className: string, text: string): HTMLElement {
  const element = document.createElement(tag);
  element.className = className;
  element.textContent = text;
  return element;
}

/** What the message being edited says, shown on it and read with it. */
export const EDITING_MARK_TEXT = 'Editing this message';

/** Marks (or unmarks) a user message as the one the composer is editing: an outline, `aria-current`, and a line saying so. */
function markEditing(element: HTMLElement, editing: boolean): void {
  element.classList.toggle('editing-target', editing);
  const mark = element.querySelector(':scope > .editing-mark');
  if (!editing) {
    element.removeAttribute('aria-current');
    mark?.remove();
    return;
  }
  element.setAttribute('aria-current', 'true');
  if (mark) return;
  const line = element.ownerDocument.createElement('div');
  line.className = 'editing-mark';
  line.dataset.testid = 'editing-mark';
  line.textContent = EDITING_MARK_TEXT;
  // Under the message's text and chips, above its Copy / Edit bar.
  element.insertBefore(line, element.querySelector(':scope > .message-actions'));
}

export class ChatRenderer {
  private readonly elements = new Map<string, RenderedItem>();
  /** The user message being edited (marked so), if any. */
  private editingId: string | undefined;
  /** Characters of assistant markdown rendered before the bubbles shown now (for the work counter). */
  private renderedBefore = 0;

  constructor(
    private readonly list: HTMLElement,
    private readonly markdown: MarkdownRenderer,
    private readonly handlers: RenderHandlers,
  ) {}

  /** Brings the list in line with `state`. */
  update(state: ChatViewState): void {
    const document = this.list.ownerDocument;
    const seen = new Set<string>();
    let previous: Element | null = null;
    // Retry is offered on the last message's turn only, once no task runs.
    const retryTarget = retryTargetId(state);
    // "Second opinion" is offered on the finished task's answer only (the host sends nothing otherwise).
    const opinionTarget = this.handlers.secondOpinion ? finishedTask(state)?.answerId : undefined;
    // "Act on this plan" is offered on the finished Plan-mode answers with a numbered list.
    const planTargets = this.handlers.actOnPlan ? planAnswerIds(state) : undefined;
    // An error card's Retry runs the last message again: it is live only on the last turn's error, once no task runs.
    let lastUser = -1;
    state.items.forEach((item, index) => {
      if (item.kind === 'user') lastUser = index;
    });
    for (const [index, item] of state.items.entries()) {
      seen.add(item.id);
      const retryable = item.kind === 'error' ? !state.busy && index > lastUser : item.id === retryTarget;
      const opinion = item.id === opinionTarget;
      const plan = planTargets?.has(item.id) ?? false;
      let entry = this.elements.get(item.id);
      if (!entry || !this.kept(entry, item, retryable, opinion, plan)) {
        const rendered = this.renderEntry(document, item, retryable, opinion, plan);
        if (entry) {
          this.renderedBefore += entry.bubble?.renderedChars ?? 0;
          entry.element.replaceWith(rendered.element);
        }
        entry = rendered;
        this.elements.set(item.id, entry);
        if (item.id === this.editingId) markEditing(entry.element, true);
      }
      const expectedPosition: Element | null = previous ? previous.nextElementSibling : this.list.firstElementChild;
      if (expectedPosition !== entry.element) {
        if (previous) previous.after(entry.element);
        else this.list.prepend(entry.element);
      }
      previous = entry.element;
    }
    for (const [id, entry] of this.elements) {
      if (!seen.has(id)) {
        this.renderedBefore += entry.bubble?.renderedChars ?? 0;
        entry.element.remove();
        this.elements.delete(id);
      }
    }
  }

  /** Marks the user message `itemId` as the one being edited (undefined: none); the mark stays across renders until changed. */
  setEditing(itemId: string | undefined): void {
    if (itemId === this.editingId) return;
    const before = this.editingId === undefined ? undefined : this.elements.get(this.editingId);
    if (before) markEditing(before.element, false);
    this.editingId = itemId;
    const now = itemId === undefined ? undefined : this.elements.get(itemId);
    if (now) markEditing(now.element, true);
  }

  /** Characters of assistant markdown rendered so far: grows with the answers' length when streaming renders incrementally. */
  get renderedMarkdownChars(): number {
    let total = this.renderedBefore;
    for (const entry of this.elements.values()) total += entry.bubble?.renderedChars ?? 0;
    return total;
  }

  /**
   * Whether `entry` shows `item` now, updated in place if need be: a streaming bubble renders
   * its new text; when it finishes (or stops being the last answer) only its action bar changes.
   */
  private kept(entry: RenderedItem, item: ChatItem, retryable: boolean, opinion: boolean, plan: boolean): boolean {
    if (entry.item === item && entry.retryable === retryable && entry.opinion === opinion && (entry.plan ?? false) === plan) return true;
    if (item.kind === 'assistant') {
      const streamingBefore = entry.item.kind === 'assistant' && entry.item.streaming;
      const grows = entry.item !== item && streamingBefore && (item.text !== '' || item.streaming);
      if (entry.item !== item && !grows) return false;
      if (grows && !entry.bubble?.update(item.text)) return false;
      entry.item = item;
      entry.retryable = retryable;
      entry.opinion = opinion;
      entry.plan = plan;
      entry.element.className = assistantClass(item, retryable);
      this.setAnswerActions(entry, item, retryable, opinion, plan);
      return true;
    }
    if (entry.signature !== JSON.stringify(item) || entry.retryable !== retryable) return false;
    entry.item = item;
    return true;
  }

  private renderEntry(document: Document, item: ChatItem, retryable: boolean, opinion: boolean, plan: boolean): RenderedItem {
    const element = this.renderItem(document, item, retryable);
    if (item.kind === 'notice' && retryable) this.appendNoticeRetry(element);
    if (item.kind !== 'assistant') return { item, element, signature: JSON.stringify(item), retryable };
    element.className = assistantClass(item, retryable);
    const entry: RenderedItem = { item, element, retryable, opinion, plan };
    if (item.text || item.streaming) {
      entry.bubble = new StreamingMarkdown(element, this.markdown, this.handlers.copy);
      entry.bubble.update(item.text);
    }
    this.setAnswerActions(entry, item, retryable, opinion, plan);
    return entry;
  }

  /** A finished answer's Copy (and, on the last answer once no task runs, Retry; on the finished task's answer, Second opinion), after its text. */
  private setAnswerActions(entry: RenderedItem, item: Extract<ChatItem, { kind: 'assistant' }>, retryable: boolean, opinion: boolean, plan: boolean): void {
    entry.actions?.remove();
    entry.actions = undefined;
    entry.planAction?.remove();
    entry.planAction = undefined;
    if (item.streaming) return;
    if (plan) {
      // Always shown (not on hover only): the plan's next step is the user's to take.
      entry.planAction = this.button(entry.element.ownerDocument, 'Act on this plan', () => this.handlers.actOnPlan?.(item.id), 'act-on-plan', 'primary act-on-plan');
      entry.planAction.title = 'Send this plan as a new task in Agent mode: PTK carries it out, asking before each change';
      entry.element.append(entry.planAction);
    }
    entry.actions = this.messageActions(entry.element.ownerDocument, [
      ['Copy', 'copy-message', () => this.handlers.copy(item.text)],
      ...(retryable && this.handlers.retry ? [['Retry', 'retry-message', () => this.handlers.retry?.()] as const] : []),
      // The task's last answer, finished: the other sites of ptk.sites may review it.
      ...(opinion ? [['Second opinion', 'second-opinion', () => this.handlers.secondOpinion?.()] as const] : []),
    ]);
    entry.element.append(entry.actions);
  }

  /** A stopped turn without an answer offers Retry on its notice, always shown (it is the last turn). */
  private appendNoticeRetry(element: HTMLElement): void {
    if (!this.handlers.retry) return;
    element.classList.add('retryable');
    element.append(this.messageActions(element.ownerDocument, [['Retry', 'retry-message', () => this.handlers.retry?.()]]));
  }

  private renderItem(document: Document, item: ChatItem, retryable: boolean): HTMLElement {
    const element = document.createElement('div');
    element.dataset.id = item.id;
    switch (item.kind) {
      case 'user':
        element.className = 'message user';
        element.dataset.testid = 'user-message';
        element.textContent = item.text;
        // The mode its task ran in, as a badge (its name drawn by CSS from data-mode: the message's text stays its text).
        if (item.mode) element.append(modeBadge(document, item.mode));
        // The context sent with the message, as chips under its text.
        if (item.mentions?.length) element.append(renderMentionChips(document, item.mentions, undefined, this.handlers.openFile));
        // The images sent with the message: thumbnail, name and size.
        if (item.attachments?.length) element.append(renderMessageAttachments(document, item.attachments, (id) => this.handlers.thumbnail?.(id)));
        element.append(this.messageActions(document, [
          ['Copy', 'copy-message', () => this.handlers.copy(item.text)],
          ...(this.handlers.edit ? [['Edit', 'edit-message', () => this.handlers.edit?.(item.text, item.mentions ?? [], item.id)] as const] : []),
        ]));
        break;
      case 'assistant':
        element.className = assistantClass(item, false);
        element.dataset.testid = 'assistant-message';
        // Its text is rendered by its StreamingMarkdown (renderEntry); a finished empty answer says so.
        if (!item.text && !item.streaming) element.innerHTML = this.markdown('_(no text)_');
        break;
      case 'tool':
        this.renderToolCard(document, element, item);
        break;
      case 'notice':
        element.className = 'notice';
        element.dataset.testid = 'notice';
        element.textContent = item.text;
        break;
      case 'rules':
        this.renderRulesLine(document, element, item);
        break;
      case 'checkpoint':
        this.renderCheckpoint(document, element, item);
        break;
      case 'review':
        this.renderReview(document, element, item);
        break;
      case 'compaction':
        renderCompaction(document, element, item, (text) => this.markdown(text));
        break;
      case 'error': {
        element.className = 'error-card';
        element.dataset.testid = 'error-card';
        element.setAttribute('role', 'alert');
        const message = document.createElement('div');
        message.className = 'error-message';
        message.textContent = item.code ? `${item.message} (${item.code})` : item.message;
        element.append(message);
        const actions = document.createElement('div');
        actions.className = 'actions';
        for (const action of item.actions.filter((name) => name !== 'retry' || retryable)) actions.append(this.button(document, CONNECTION_ACTION_LABELS[action], () => this.handlers.action(action, item.site), `action-${action}`));
        element.append(actions);
        break;
      }
    }
    return element;
  }

  /**
   * Second Opinion: the reviews side by side, one column per site with its name; each says
   * "waiting…" until its review streams in (markdown), then offers "Send to task" (once: a sent
   * review says "Sent to the task" instead); a site that failed says why in its column.
   */
  private renderReview(document: Document, element: HTMLElement, item: Extract<ChatItem, { kind: 'review' }>): void {
    element.className = 'review';
    element.dataset.testid = 'review';
    const title = textElement(document, 'div', 'review-title', 'Second opinion');
    const columns = document.createElement('div');
    columns.className = 'review-columns';
    columns.style.setProperty('--review-columns', String(item.columns.length));
    for (const column of item.columns) {
      const box = document.createElement('section');
      box.className = `review-column status-${column.status}`;
      Object.assign(box.dataset, { testid: 'review-column', site: column.site, status: column.status });
      box.setAttribute('aria-label', `Review by ${column.label}`);
      box.setAttribute('aria-busy', String(column.status === 'waiting' || column.status === 'streaming'));
      const body = textElement(document, 'div', 'review-body', column.status === 'waiting' ? 'waiting…' : column.status === 'failed' ? column.text : '');
      body.dataset.testid = 'review-body';
      if (column.status === 'failed') body.setAttribute('role', 'alert');
      else if (column.status !== 'waiting') body.innerHTML = this.markdown(column.text);
      box.append(textElement(document, 'div', 'review-site', column.label), body);
      if (column.sent) {
        const sent = textElement(document, 'div', 'review-sent', 'Sent to the task');
        sent.dataset.testid = 'review-sent';
        box.append(sent);
      } else if (column.status === 'done' && this.handlers.sendReview) {
        box.append(this.button(document, 'Send to task', () => this.handlers.sendReview?.(item.id, column.site), 'send-review'));
      }
      columns.append(box);
    }
    element.append(title, columns);
  }

  private renderToolCard(document: Document, element: HTMLElement, item: Extract<ChatItem, { kind: 'tool' }>): void {
    element.className = `tool-card status-${item.status}`;
    element.dataset.testid = 'tool-card';
    element.dataset.tool = item.tool;
    element.dataset.status = item.status;
    if (item.callId) element.dataset.callId = item.callId;
    // The tool's own time, and the time the user took to decide (left out of it).
    if (item.durationMs !== undefined) element.dataset.durationMs = String(item.durationMs);
    if (item.approvalWaitMs !== undefined) element.dataset.approvalWaitMs = String(item.approvalWaitMs);

    const header = document.createElement('div');
    header.className = 'tool-header';
    const name = document.createElement('span');
    name.className = 'tool-name';
    name.textContent = item.tool;
    const status = document.createElement('span');
    status.className = 'tool-status';
    status.dataset.testid = 'tool-status';
    status.textContent = STATUS_LABELS[item.status];
    header.append(name, status);
    if (item.durationMs !== undefined) {
      const duration = document.createElement('span');
      duration.className = 'tool-duration';
      duration.textContent = formatDuration(item.durationMs);
      duration.title = item.approvalWaitMs ? `The tool's own time: the ${formatDuration(item.approvalWaitMs)} it waited for your answer are left out.` : "The tool's own time.";
      header.append(duration);
    }
    element.append(header);

    if (Object.keys(item.args).length > 0) {
      const details = document.createElement('details');
      const summary = document.createElement('summary');
      summary.textContent = 'Arguments';
      const pre = document.createElement('pre');
      pre.textContent = formatArguments(item.args);
      details.append(summary, pre);
      element.append(details);
    }

    const approval = item.approval;
    if (approval) {
      element.dataset.approvalId = approval.approvalId;
      if (approval.auto) element.dataset.autoApproved = 'true';
      const line = document.createElement('div');
      line.className = 'approval-summary';
      // A shell command is shown as typed; another tool's asking (a web page, an external tool) in its own words.
      line.textContent = approval.command && SHELL_TOOLS.has(item.tool) ? `$ ${approval.command}` : approval.summary;
      element.append(line);
      if (approval.auto) {
        // Why it ran without asking; a card from before this window only says "Always" (the chip says what is on now).
        const [text, title] = AUTO_APPROVED[approval.autoBy ?? 'always'];
        const auto = document.createElement('div');
        auto.className = 'approval-auto';
        auto.dataset.testid = 'approval-auto';
        auto.textContent = text;
        auto.title = title;
        element.append(auto);
      }
      if (approval.protection) {
        const protection = document.createElement('div');
        protection.className = 'approval-protection';
        protection.dataset.testid = 'approval-protection';
        protection.textContent = `Protected: ${approval.protection}, so PTK always asks before changing it (auto-approval and "Always" do not apply).`;
        element.append(protection);
      }
      if (approval.hasDiff) {
        // A rejected or cancelled change stays viewable (what was refused or never written), under a name that does not read as pending.
        const link = document.createElement('a');
        link.href = '#';
        link.className = 'open-diff';
        link.dataset.testid = 'open-diff';
        link.textContent = DIFF_LINK_LABELS[item.status] ?? 'Open diff';
        if (approval.diffGone) {
          // The change went with the window that proposed it: the link stays, disabled, saying why.
          link.removeAttribute('href');
          link.setAttribute('aria-disabled', 'true');
          link.classList.add('disabled');
          link.title = diffGoneTooltip(item.status);
        }
        link.addEventListener('click', (event) => {
          event.preventDefault();
          if (!approval.diffGone) this.handlers.openDiff(approval.approvalId);
        });
        element.append(link);
      }
      if (item.status === 'awaitingApproval') {
        const reason = document.createElement('input');
        reason.type = 'text';
        reason.className = 'reject-reason';
        reason.placeholder = 'Reason (optional)';
        reason.title = 'Why you reject it (optional): sent to the model with the rejection';
        reason.setAttribute('aria-label', reason.title);
        reason.dataset.testid = 'reject-reason';
        const actions = document.createElement('div');
        actions.className = 'actions';
        actions.append(this.button(document, 'Approve', () => this.handlers.approve(approval.approvalId, false), 'approve', 'primary'));
        // "Always" would not cover the next write to a protected file: not offered there.
        if (!approval.protection) {
          const always = this.button(document, 'Always', () => this.handlers.approve(approval.approvalId, true), 'approve-always');
          always.title = alwaysScope(item.tool, approval);
          actions.append(always);
        }
        actions.append(this.button(document, 'Reject', () => this.handlers.reject(approval.approvalId, reason.value), 'reject'));
        element.append(reason, actions);
      } else if (approval.reason) {
        const reason = document.createElement('div');
        reason.className = 'reject-reason-text';
        reason.textContent = `Reason: ${approval.reason}`;
        element.append(reason);
      }
    }

    if (item.resultSummary) {
      const result = document.createElement('div');
      result.className = 'tool-result';
      result.dataset.testid = 'tool-result';
      result.textContent = item.resultSummary;
      element.append(result);
    }
  }

  /** "Rules: AGENTS.md, .clinerules/style.md (cut)": the instruction files the task's system prompt carried, each a link to open it. */
  private renderRulesLine(document: Document, element: HTMLElement, item: Extract<ChatItem, { kind: 'rules' }>): void {
    element.className = 'rules-line';
    element.dataset.testid = 'rules-used';
    element.append('Rules: ');
    item.files.forEach((file, index) => {
      if (index > 0) element.append(', ');
      const openFile = this.handlers.openFile;
      const name = document.createElement(openFile ? 'a' : 'span');
      name.className = 'rules-file';
      name.dataset.testid = 'rules-file';
      name.textContent = file.path;
      if (openFile) {
        name.setAttribute('href', '#');
        name.title = `Open ${file.path}`;
        name.addEventListener('click', (event) => {
          event.preventDefault();
          openFile(file.path);
        });
      }
      element.append(name);
      if (file.usage !== 'whole') element.append(file.usage === 'cut' ? ' (cut)' : ' (left out)');
    });
  }

  /**
   * A turn's checkpoint ("Checkpoint 2 · changed a.ts, b.ts" + Restore checkpoint, numbered per conversation)
   * or a task's changes ("This task changed a.ts, b.ts" + Undo all changes of this task).
   */
  private renderCheckpoint(document: Document, element: HTMLElement, item: Extract<ChatItem, { kind: 'checkpoint' }>): void {
    element.className = `checkpoint scope-${item.scope}`;
    element.dataset.testid = item.scope === 'turn' ? 'checkpoint' : 'task-changes';
    const label = document.createElement('span');
    label.className = 'checkpoint-label';
    const files = item.files.join(', ');
    label.textContent = item.scope === 'turn' ? `Checkpoint ${item.number ?? `before turn ${item.turn ?? '?'}`} · changed ${files}` : item.undone ? undoneLine(item.undone) : `This task changed ${countedFiles(item.files, item.counts)}`;
    label.title = label.textContent;
    element.append(label);
    if (item.undone) element.dataset.undone = 'true';
    const review = this.handlers.reviewChanges;
    if (review && item.scope === 'task' && !item.undone) element.append(this.button(document, 'Review changes', () => review(item.id), 'review-changes', 'link'));
    const restore = this.handlers.restoreCheckpoint;
    // A task whose changes were undone offers no second undo.
    if (restore && !(item.scope === 'task' && item.undone)) {
      const [text, testId] = item.scope === 'turn' ? ['Restore checkpoint', 'restore-checkpoint'] : ['Undo all changes of this task', 'undo-task'];
      element.append(this.button(document, text, () => restore(item.id), testId, 'link'));
    }
    for (const note of item.notes) {
      const line = document.createElement('div');
      line.className = 'checkpoint-note';
      line.textContent = note;
      element.append(line);
    }
  }

  /** The message's text is on the clipboard: its Copy button says so until the pointer leaves it or a moment passes. */
  private copied(button: HTMLButtonElement): void {
    const reset = () => {
      button.dataset.label = 'Copy';
      delete button.dataset.copied;
    };
    button.dataset.label = 'Copied';
    button.dataset.copied = 'true';
    button.addEventListener('mouseleave', reset, { once: true });
    button.ownerDocument.defaultView?.setTimeout(reset, COPIED_SHOWN_MS);
  }

  /**
   * A message's action bar (Copy, Edit, Retry), shown on hover or while focus is in the message
   * (Tab reaches its buttons), and always on the last answer. The labels come from CSS
   * (`data-label`), so the message's text stays the message alone.
   */
  private messageActions(document: Document, actions: ReadonlyArray<readonly [string, string, () => unknown]>): HTMLElement {
    const bar = document.createElement('div');
    bar.className = 'message-actions';
    for (const [label, testId, onClick] of actions) {
      // Copy says "Copied" once the clipboard holds the text (a refused write changes nothing).
      const act = testId === 'copy-message' ? () => void Promise.resolve(onClick()).then(() => this.copied(button), () => undefined) : onClick;
      const button = this.button(document, '', act, testId, 'link message-action');
      button.dataset.label = label;
      button.title = label;
      button.setAttribute('aria-label', label);
      bar.append(button);
    }
    return bar;
  }

  private button(document: Document, label: string, onClick: () => void, testId: string, variant = 'secondary'): HTMLButtonElement {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = variant;
    button.textContent = label;
    button.dataset.testid = testId;
    button.addEventListener('click', onClick);
    return button;
  }
}

/** The badge of a user message: the chat mode its task ran in. */
function modeBadge(document: Document, mode: NonNullable<Extract<ChatItem, { kind: 'user' }>['mode']>): HTMLElement {
  const badge = document.createElement('span');
  badge.className = 'mode-badge';
  badge.dataset.testid = 'mode-badge';
  badge.dataset.mode = mode.name;
  badge.dataset.modeId = mode.id;
  badge.title = `Sent in ${mode.name} mode`;
  badge.setAttribute('role', 'img');
  badge.setAttribute('aria-label', `${mode.name} mode`);
  return badge;
}

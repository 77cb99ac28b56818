/**
 * The conversation history under the header: a search box and the saved conversations, newest
 * first, each with its title, whether a task runs in it (or waits for an approval), when it was
 * last used, and a delete button. Opened and closed by
 * the header's History button; choosing a row opens that conversation.
 */
import type { ChatViewState, ConversationSummary } from '../shared/chat/protocol';
import { activityLabel, conversationActivity } from '../shared/chat/conversationActivity';
import { conversationSearchText, matchesSearch } from '../shared/chat/searchText';
import { createRemoveButton } from './removeButton';

interface HistoryPanelOptions {
  open(conversationId: string): void;
  remove(conversationId: string): void;
  /** Told each time the panel opens or closes (the History button's aria-expanded). */
  onToggle?(open: boolean): void;
}

/** "14:05" today, "Mon 14:05" this week, "25 Nov" this year, "25 Nov 2025" before. */
export function formatHistoryDate(time: number, now: number): string {
  const date = new Date(time);
  const today = new Date(now);
  const clock = date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  if (date.toDateString() === today.toDateString()) return clock;
  if (now - time < 6 * 24 * 60 * 60 * 1000 && time <= now) return `${date.toLocaleDateString(undefined, { weekday: 'short' })} ${clock}`;
  const sameYear = date.getFullYear() === today.getFullYear();
  return date.toLocaleDateString(undefined, sameYear ? { day: 'numeric', month: 'short' } : { day: 'numeric', month: 'short', year: 'numeric' });
}

/** The entries whose title or messages have every word of `query` (any case), in their order. */
export function filterHistory(entries: readonly ConversationSummary[], query: string): ConversationSummary[] {
  return entries.filter((entry) => matchesSearch(entry, query));
}

/**
 * The history with the shown conversation as it stands now: the host's list is sent with the
 * whole state only, so a conversation begun since then is missing from it or has its old title.
 * It is dated by its last message, not by being shown: opening an older conversation leaves its
 * date and place; a message sent in it since the list came moves it to the top.
 */
export function withShownConversation(entries: readonly ConversationSummary[], shown: ChatViewState | undefined): ConversationSummary[] {
  const lastMessage = shown?.items.filter((item) => item.kind === 'user').at(-1);
  if (!shown || !lastMessage) return entries.slice();
  const listed = entries.find((entry) => entry.id === shown.conversationId);
  const updatedAt = Math.max(listed?.updatedAt ?? 0, lastMessage.kind === 'user' ? lastMessage.time : 0);
  const activity = conversationActivity(shown);
  const current: ConversationSummary = { id: shown.conversationId, title: shown.title, updatedAt, text: conversationSearchText(shown), ...(activity ? { activity } : {}) };
  const others = entries.filter((entry) => entry.id !== shown.conversationId);
  if (listed && updatedAt === listed.updatedAt) return entries.map((entry) => (entry === listed ? current : entry));
  return [current, ...others];
}

function textSpan(document: Document, className: string, text: string): HTMLSpanElement {
  const span = document.createElement('span');
  span.className = className;
  span.textContent = text;
  return span;
}

export class HistoryPanel {
  readonly element: HTMLElement;
  private readonly search: HTMLInputElement;
  private readonly list: HTMLElement;
  private entries: ConversationSummary[] = [];
  private currentId?: string;

  constructor(document: Document, private readonly options: HistoryPanelOptions) {
    this.element = document.createElement('div');
    this.element.className = 'history-panel';
    this.element.dataset.testid = 'history-panel';
    this.element.hidden = true;
    this.search = document.createElement('input');
    this.search.type = 'search';
    this.search.className = 'history-search';
    this.search.placeholder = 'Search conversations';
    this.search.setAttribute('aria-label', 'Search conversations');
    this.search.dataset.testid = 'history-search';
    this.search.addEventListener('input', () => this.renderList());
    this.search.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') this.toggle(false);
    });
    this.list = document.createElement('ul');
    this.list.className = 'history-list';
    this.list.setAttribute('aria-label', 'Conversations');
    this.element.append(this.search, this.list);
  }

  get open(): boolean {
    return !this.element.hidden;
  }

  /** Shows or hides the panel (the search box takes the focus when shown). */
  toggle(show = !this.open): void {
    this.element.hidden = !show;
    this.options.onToggle?.(show);
    if (show) {
      this.renderList();
      this.search.focus();
    }
  }

  update(entries: readonly ConversationSummary[], currentId: string | undefined): void {
    this.entries = entries.slice();
    this.currentId = currentId;
    if (this.open) this.renderList();
  }

  private renderList(): void {
    const document = this.element.ownerDocument;
    const now = Date.now();
    const shown = filterHistory(this.entries, this.search.value);
    const rows = shown.map((entry) => {
      const row = document.createElement('li');
      row.className = `history-entry${entry.id === this.currentId ? ' current' : ''}`;
      row.dataset.testid = 'history-entry';
      row.dataset.id = entry.id;
      const openButton = document.createElement('button');
      openButton.type = 'button';
      openButton.className = 'history-open';
      openButton.title = entry.title;
      const date = textSpan(document, 'history-date', formatHistoryDate(entry.updatedAt, now));
      date.dataset.testid = 'history-date';
      date.title = new Date(entry.updatedAt).toLocaleString();
      openButton.append(textSpan(document, 'history-title', entry.title), date);
      // A conversation whose task runs (in the background, or shown) or waits for an approval says so.
      if (entry.activity) {
        const activity = textSpan(document, `history-activity ${entry.activity}`, activityLabel(entry.activity));
        activity.dataset.testid = 'history-activity';
        date.before(activity);
      }
      openButton.addEventListener('click', () => {
        this.toggle(false);
        if (entry.id !== this.currentId) this.options.open(entry.id);
      });
      const remove = createRemoveButton(document, 'history-delete icon', 'history-delete', `conversation ${entry.title}`, () => this.options.remove(entry.id));
      remove.title = `Delete "${entry.title}"`;
      row.append(openButton, remove);
      return row;
    });
    if (rows.length === 0) {
      const none = document.createElement('li');
      none.className = 'history-none';
      none.textContent = this.entries.length === 0 ? 'No saved conversations yet.' : 'No conversation matches.';
      rows.push(none);
    }
    this.list.replaceChildren(...rows);
  }
}

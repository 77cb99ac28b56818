/**
 * Persisted conversations, per workspace: the view state (what the chat shows) and the
 * engine transcript (what the model is given as history on the next message). Backed by a
 * Memento-like key-value store (VS Code's context.workspaceState), so it survives reloads.
 */
import type { PTKMessage } from '../core/types';
import type { ContextMention } from '../shared/chat/mentions';
import { isChatViewState, type ChatViewState, type ConversationSummary } from '../shared/chat/protocol';
import { conversationSearchText } from '../shared/chat/searchText';
import type { ChatAttachment } from './chatAttachments';

/** The part of vscode.Memento this store uses. */
export interface KeyValueStore {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

/** A conversation's last message as Retry sends it again (its images are not kept). */
export interface LastPrompt {
  prompt: string;
  /** The text shown as the user's message when it differs from the prompt (code actions). */
  displayText?: string;
  mentions?: readonly ContextMention[];
  attachments?: readonly ChatAttachment[];
  /** The chat mode it ran in (an id of src/ui/modes): Retry runs it in the same mode. */
  mode?: string;
}

/** A last prompt as versions before modes saved it: `readOnly` (Explain, Ask) is Ask mode now. */
type StoredLastPrompt = LastPrompt & { readOnly?: boolean };

/** One stored conversation. */
interface StoredConversation {
  state: ChatViewState;
  /** Engine transcript without the system prompt. */
  messages: PTKMessage[];
  updatedAt: number;
  /** The last message sent, for Retry after a reload. */
  lastPrompt?: LastPrompt;
  /** The site chosen for this conversation (ptk.sites id), when the user chose one. */
  site?: string;
}

const INDEX_KEY = 'ptk.conversations';
const CURRENT_KEY = 'ptk.currentConversation';
/** The chat mode the user chose last: a new conversation starts in it. */
const LAST_MODE_KEY = 'ptk.lastChatMode';
const conversationKey = (id: string) => `ptk.conversation.${id}`;

/** Conversations kept; older ones are dropped. */
const MAX_STORED_CONVERSATIONS = 30;

export class ConversationStore {
  /** The saves and deletes in order: each reads the index and writes it back, so two at once would lose an entry. */
  private writes: Promise<unknown> = Promise.resolve();

  /**
   * `onRemoved` is told each conversation that goes (deleted, or dropped past the limit), so
   * what is kept beside it (its checkpoints) goes too.
   */
  constructor(
    private readonly storage: KeyValueStore,
    private readonly maxConversations = MAX_STORED_CONVERSATIONS,
    private readonly onRemoved?: (id: string) => Promise<void> | void,
  ) {}

  /** Summaries, most recently updated first. */
  list(): ConversationSummary[] {
    const index = this.storage.get<ConversationSummary[]>(INDEX_KEY);
    return Array.isArray(index) ? index.slice() : [];
  }

  /** A stored conversation; undefined when missing or unreadable (never throws on bad data). */
  load(id: string): StoredConversation | undefined {
    const stored = this.storage.get<StoredConversation>(conversationKey(id));
    if (!stored || !isChatViewState(stored.state) || !Array.isArray(stored.messages)) return undefined;
    let checked = stored;
    if (stored.lastPrompt !== undefined && typeof stored.lastPrompt?.prompt !== 'string') checked = { ...checked, lastPrompt: undefined };
    else if (checked.lastPrompt) {
      const { readOnly, ...lastPrompt } = checked.lastPrompt as StoredLastPrompt;
      if (readOnly !== undefined) checked = { ...checked, lastPrompt: { ...lastPrompt, ...(readOnly === true && lastPrompt.mode === undefined ? { mode: 'ask' } : {}) } };
    }
    if (stored.site !== undefined && typeof stored.site !== 'string') checked = { ...checked, site: undefined };
    return checked;
  }

  /** Saves a conversation (after any save or delete still under way: conversations running at once save in turn). */
  save(conversation: StoredConversation): Promise<void> {
    return this.inTurn(() => this.write(conversation));
  }

  private async write(conversation: StoredConversation): Promise<void> {
    const { state } = conversation;
    await this.storage.update(conversationKey(state.conversationId), conversation);
    const summary: ConversationSummary = { id: state.conversationId, title: state.title, updatedAt: conversation.updatedAt, text: conversationSearchText(state) };
    const index = [summary, ...this.list().filter((entry) => entry.id !== state.conversationId)];
    const dropped = index.splice(this.maxConversations);
    for (const entry of dropped) await this.storage.update(conversationKey(entry.id), undefined);
    await this.storage.update(INDEX_KEY, index);
    for (const entry of dropped) await this.onRemoved?.(entry.id);
  }

  delete(id: string): Promise<void> {
    return this.inTurn(async () => {
      await this.storage.update(conversationKey(id), undefined);
      await this.storage.update(INDEX_KEY, this.list().filter((entry) => entry.id !== id));
      await this.onRemoved?.(id);
    });
  }

  private inTurn(work: () => Promise<void>): Promise<void> {
    const done = this.writes.then(work, work);
    this.writes = done.catch(() => undefined);
    return done;
  }

  /** Id of the conversation shown last. */
  currentId(): string | undefined {
    return this.storage.get<string>(CURRENT_KEY);
  }

  async setCurrentId(id: string): Promise<void> {
    await this.storage.update(CURRENT_KEY, id);
  }

  /** The chat mode chosen last (a mode id), if any. */
  lastModeId(): string | undefined {
    const id = this.storage.get<unknown>(LAST_MODE_KEY);
    return typeof id === 'string' ? id : undefined;
  }

  async setLastModeId(id: string): Promise<void> {
    await this.storage.update(LAST_MODE_KEY, id);
  }
}

/**
 * The chat sidebar's front-end (bundled to out/webview.js, platform browser). Talks to the
 * host only through the typed messages of src/shared/chat/protocol.ts, folds events with the
 * shared reducer, and keeps its state with the webview API so a hidden-then-shown view
 * restores at once. It imports nothing from the host side: only src/shared and its own files.
 */
import { reduceChat } from '../shared/chat/chatReducer';
import { CONNECTION_ACTION_LABELS, connectionTooltip, HEADER_ACTIONS, siteModelLine } from '../shared/chat/connectionLabels';
import { workingLine } from '../shared/chat/workingLine';
import {
  parseHostMessage,
  type ChatViewState,
  type ConnectionState,
  type ConversationSummary,
  type WebviewToHostMessage,
} from '../shared/chat/protocol';
import type { ContextMention } from '../shared/chat/mentions';
import { ApprovalNeeded } from './approvalNeeded';
import { AttachmentComposer } from './attachmentComposer';
import { EmptyState } from './emptyState';
import { HistoryPanel, withShownConversation } from './historyPanel';
import { AutoApprovalChip } from './autoApprovalChip';
import { ModeMenu } from './modeMenu';
import { TodoPanel } from './todoPanel';
import { ContextMeter } from './contextMeter';
import { CommandComposer } from './commandComposer';
import { createMarkdownRenderer } from './markdown';
import { ThumbnailStore } from './messageAttachments';
import { MentionComposer } from './mentionComposer';
import { QueuedMessages } from './queuedMessages';
import { ChatRenderer } from './render';
import { caretOnFirstLine, caretOnLastLine, ComposerHistory } from './composerHistory';
import { RenderScheduler, revealsFirstText } from './renderScheduler';

/** Events that change the shown conversation's row in the history. */
const HISTORY_EVENTS = new Set(['userMessage', 'taskStarted', 'taskFinished', 'approvalRequested', 'approvalResolved']);

interface VsCodeApi {
  postMessage(message: WebviewToHostMessage): void;
  getState(): PersistedWebviewState | undefined;
  setState(state: PersistedWebviewState): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

interface PersistedWebviewState {
  state?: ChatViewState;
  connection?: ConnectionState;
  history?: ConversationSummary[];
  draft?: string;
  /** The context chips of the draft. */
  mentions?: ContextMention[];
  /** Small thumbnails of the images sent from this view, by attachment id (the host keeps only their names). */
  thumbnails?: Record<string, string>;
  /** The user message being edited, and the draft the composer held before (Esc brings it back). */
  editing?: Editing;
}

interface Editing {
  itemId: string;
  draft: string;
  mentions: ContextMention[];
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, attributes: Record<string, string> = {}): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  created.className = className;
  for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value);
  return created;
}

function main(): void {
  const vscode = acquireVsCodeApi();
  const persisted = vscode.getState() ?? {};
  let state: ChatViewState | undefined = persisted.state;
  let connection: ConnectionState = persisted.connection ?? { site: '', status: 'disconnected' };
  let history: ConversationSummary[] = persisted.history ?? [];
  const thumbnails = new ThumbnailStore(persisted.thumbnails);

  const post = (message: WebviewToHostMessage) => vscode.postMessage(message);
  let editing: Editing | undefined = persisted.editing;
  const save = () => vscode.setState({ state, connection, history, draft: input.value, mentions: mentionComposer.mentions, thumbnails: thumbnails.saved(), ...(editing ? { editing } : {}) });

  // ---- layout
  const app = document.getElementById('app') ?? document.body;
  const header = element('div', 'header');
  const status = element('span', 'connection', { 'data-testid': 'connection-status', role: 'status' });
  const connectionActions = element('span', 'connection-actions');
  const historyButton = element('button', 'secondary icon', { type: 'button', title: 'Conversation history', 'aria-label': 'Conversation history', 'aria-expanded': 'false', 'data-testid': 'history' });
  historyButton.textContent = '☰';
  const newButton = element('button', 'secondary icon', { type: 'button', title: 'New conversation', 'aria-label': 'New conversation', 'data-testid': 'new-conversation' });
  newButton.textContent = '+';
  const contextMeter = new ContextMeter(document, () => post({ type: 'compact' }));
  header.append(status, connectionActions, historyButton, newButton);
  // The site's latest notice (its page changed and PTK reads it through discovery, a usage
  // limit ahead): shown under the header while the connection carries one, not only on hover.
  const siteNotice = element('div', 'site-notice', { 'data-testid': 'site-notice', role: 'note' });
  siteNotice.hidden = true;
  const historyPanel = new HistoryPanel(document, {
    open: (conversationId) => post({ type: 'openConversation', conversationId }),
    remove: (conversationId) => post({ type: 'deleteConversation', conversationId }),
    onToggle: (open) => historyButton.setAttribute('aria-expanded', String(open)),
  });

  const list = element('div', 'messages', { 'data-testid': 'messages', 'aria-live': 'polite' });
  // An example prompt goes into the composer, to send as it is or change first.
  const emptyState = new EmptyState(document, (prompt) => {
    input.value = prompt;
    input.focus();
    save();
  });
  const empty = emptyState.element;

  const composer = element('form', 'composer');
  const input = element('textarea', 'input', { rows: '3', placeholder: 'Ask PTK… (@ to add context, Enter to send, Shift+Enter for a new line)', 'aria-label': 'Message', 'data-testid': 'chat-input' });
  input.value = persisted.draft ?? '';
  const sendButton = element('button', 'primary', { type: 'submit', 'data-testid': 'send' });
  sendButton.textContent = 'Send';
  const stopButton = element('button', 'secondary', { type: 'button', 'data-testid': 'stop' });
  stopButton.textContent = 'Stop';
  const buttons = element('div', 'composer-buttons');
  const modeMenu = new ModeMenu(document, (mode) => post({ type: 'chooseMode', mode }));
  buttons.append(modeMenu.element, sendButton, stopButton);
  const mentionChips = element('div', 'mention-chips', { 'data-testid': 'composer-mentions' });
  const mentionList = element('div', 'mention-list', { 'data-testid': 'mention-list' });
  const commandList = element('div', 'mention-list command-list', { 'data-testid': 'command-list' });
  // While a sent message is being edited, the composer says so; sending replaces that message and every later turn.
  const editingLine = element('div', 'editing-line', { 'data-testid': 'editing', role: 'status' });
  editingLine.textContent = 'Editing — Esc to cancel';
  composer.append(editingLine, mentionChips, input, mentionList, commandList, modeMenu.problems, buttons);
  // The composer says it edits, and the message it edits is marked in the list (renderer.setEditing).
  const showEditing = () => {
    editingLine.hidden = editing === undefined;
    composer.classList.toggle('editing', editing !== undefined);
    renderer.setEditing(editing?.itemId);
  };
  const autoApproval = new AutoApprovalChip(document, { turnOffAlways: () => post({ type: 'turnOffAlways' }), openSetting: () => post({ type: 'openAutoApproveSetting' }) });
  const approvalNeeded = new ApprovalNeeded(document, list);
  const todoPanel = new TodoPanel(document);
  // What the running task is doing ("Waiting for the site…", "Running write_file…"), under the messages.
  const working = element('div', 'working', { 'data-testid': 'working', role: 'status' });
  working.hidden = true;
  // Messages typed while a task runs wait here, under the conversation, until they are sent.
  const queued = new QueuedMessages(document, (id, action) => post({ type: 'queueAction', id, action }));
  // The auto-approval chip is a row of its own above the composer: never over the messages, whose top it would hide.
  // The meter is the header's lower edge: a line that fills as the site's chat fills (the header's one line has no room left).
  app.append(header, siteNotice, contextMeter.element, historyPanel.element, empty, list, approvalNeeded.element, working, todoPanel.element, queued.element, autoApproval.element, composer);
  // Before the input's own keydown listener: the `@` list keeps Enter, Tab, arrows and Escape.
  const mentionComposer = new MentionComposer({ input, chips: mentionChips, list: mentionList, post: (message) => post(message), onChange: () => save() });
  mentionComposer.set(persisted.mentions ?? []);
  // The `/` menu: also before the input's own keydown listener.
  const commandComposer = new CommandComposer(input, commandList, () => save());
  // Images pasted or dropped into the composer, sent with the next message. The host keeps a copy of
  // them (the webview state holds only the text): this page is dropped while the view is hidden.
  const images: AttachmentComposer = new AttachmentComposer({
    input,
    composer,
    onChange: () => {
      save();
      post({ type: 'draftImages', attachments: images.drafted() });
    },
  });

  const renderer = new ChatRenderer(list, createMarkdownRenderer(window), {
    approve: (approvalId, always) => post({ type: 'approve', approvalId, always }),
    reject: (approvalId, reason) => post({ type: 'reject', approvalId, reason: reason.trim() || undefined }),
    openDiff: (approvalId) => post({ type: 'openDiff', approvalId }),
    action: (action, site) => post({ type: 'connectionAction', action, ...(site === undefined ? {} : { site }) }),
    copy: (text) => navigator.clipboard.writeText(text),
    thumbnail: (attachmentId) => thumbnails.get(attachmentId),
    openFile: (path) => post({ type: 'openFile', path }),
    restoreCheckpoint: (itemId) => post({ type: 'restoreCheckpoint', itemId }),
    reviewChanges: (itemId) => post({ type: 'reviewChanges', itemId }),
    edit: (text, mentions, itemId) => {
      editing = { itemId, draft: editing?.draft ?? input.value, mentions: editing?.mentions ?? mentionComposer.mentions };
      showEditing();
      input.value = text;
      mentionComposer.set(mentions);
      input.focus();
      input.setSelectionRange(text.length, text.length);
      save();
    },
    retry: () => post({ type: 'connectionAction', action: 'retry' }),
    secondOpinion: () => post({ type: 'secondOpinion' }),
    sendReview: (itemId, site) => post({ type: 'sendReview', itemId, site }),
    actOnPlan: (itemId) => post({ type: 'actOnPlan', itemId }),
  });
  showEditing();
  /** Set by a send: the next render scrolls to the bottom wherever the list was scrolled. */
  let scrollToEnd = false;

  // ---- rendering
  const renderConnection = () => {
    // The line names what PTK talks to; the status is its dot, spelled out (with any detail) on hover.
    status.textContent = siteModelLine(connection);
    status.title = connectionTooltip(connection);
    status.dataset.status = connection.status;
    siteNotice.textContent = connection.warning ? `⚠ ${connection.warning}` : '';
    siteNotice.hidden = !connection.warning;
    emptyState.setDemo(connection.demo === true);
    connectionActions.replaceChildren();
    for (const action of HEADER_ACTIONS[connection.status]) {
      const button = element('button', 'link', { type: 'button', 'data-testid': `header-${action}` });
      button.textContent = CONNECTION_ACTION_LABELS[action];
      button.addEventListener('click', () => post({ type: 'connectionAction', action }));
      connectionActions.append(button);
    }
  };

  const renderHistory = () => historyPanel.update(withShownConversation(history, state), state?.conversationId);

  // The view's state is saved with each render that follows anything but streamed text: a
  // streamed delta leaves the save to the next other event (the host resends the whole state
  // to a view that comes back), so a long answer is not serialised whole once per frame.
  let unsaved = true;
  // Streamed text received and markdown rendered, in characters: both grow linearly with an
  // answer's length (the host sends appends, the bubble renders its open tail only).
  const work = { streamedChars: 0 };
  // The first text of an answer renders at once; the rest is batched per animation frame.
  const scheduler = new RenderScheduler(() => {
    const nearBottom = scrollToEnd || list.scrollHeight - list.scrollTop - list.clientHeight < 80;
    scrollToEnd = false;
    if (state) renderer.update(state);
    const doing = state ? workingLine(state) : undefined;
    working.hidden = doing === undefined;
    working.textContent = doing ?? '';
    empty.hidden = (state?.items.length ?? 0) > 0;
    const busy = state?.busy ?? false;
    queued.update(state?.queued, busy);
    // While a task runs, Send queues the message (an edit of a sent message waits for the task to end).
    sendButton.disabled = busy && editing !== undefined;
    sendButton.textContent = busy ? 'Queue' : 'Send';
    sendButton.title = busy ? 'PTK is working: the message waits in the queue (Send now sends it into the running task)' : '';
    stopButton.disabled = !busy;
    // Stop shows only while there is something to stop.
    stopButton.hidden = !busy;
    document.body.dataset.busy = String(busy);
    if (nearBottom) list.scrollTop = list.scrollHeight;
    list.dataset.streamedChars = String(work.streamedChars);
    list.dataset.renderedChars = String(renderer.renderedMarkdownChars);
    approvalNeeded.update(state?.pendingApprovals ?? []);
    todoPanel.update(state);
    contextMeter.update(state?.context, busy);
    modeMenu.show(state?.mode);
    if (unsaved) save();
    unsaved = false;
  }, (callback) => requestAnimationFrame(callback));
  const render = (immediately = false) => scheduler.request(immediately);

  // ---- input
  /**
   * The message whose edit was sent, until the host answers: the composer keeps the edit and its
   * mark while the user chooses whether to resend, and empties only once it is resent.
   */
  let editSent: string | undefined;
  // The messages sent in the shown conversation, for ArrowUp / ArrowDown.
  const sentHistory = new ComposerHistory(() => (state?.items ?? []).flatMap((item) => (item.kind === 'user' ? [item.text] : [])));
  /** Puts a recalled message (or the draft) in the composer, the caret at its end. */
  const showComposerText = (text: string) => {
    input.value = text;
    input.setSelectionRange(text.length, text.length);
    save();
  };
  const send = () => {
    const text = input.value.trim();
    // A message says what to do with what it carries: chips alone are not sent, and the user is told why.
    if (!text && images.attached.length > 0) images.say('Add a few words to send with the image.');
    else if (!text && mentionComposer.mentions.length > 0) images.say('Add a few words to send with the context.');
    if (text && state?.busy && editing) return images.say('PTK is still working on the last message: wait for it to finish, or press Stop, to resend the edit. Your message stays here.');
    if (!text) return;
    if (images.busy) return images.say('An image is still being read: send again in a moment.');
    const sent = images.take();
    for (const image of sent.images) thumbnails.addSent(image);
    const attachments = sent.attachments;
    const mentions = mentionComposer.mentions;
    post({ type: 'send', text, ...(mentions.length > 0 ? { mentions } : {}), ...(attachments.length > 0 ? { attachments } : {}), ...(editing ? { replaces: editing.itemId } : {}) });
    sentHistory.settle();
    if (editing) {
      // Sent only if the user agrees to lose the later turns: the edit stays until the host says (editSent / editKept).
      editSent = editing.itemId;
      save();
      return;
    }
    scrollToEnd = true;
    list.scrollTop = list.scrollHeight;
    input.value = '';
    mentionComposer.clear();
    save();
  };
  composer.addEventListener('submit', (event) => {
    event.preventDefault();
    send();
  });
  /** Leaves the edit: the composer gets back the draft it held before. */
  const cancelEdit = () => {
    if (!editing) return;
    input.value = editing.draft;
    mentionComposer.set(editing.mentions);
    editing = undefined;
    showEditing();
    save();
  };
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && editing) {
      event.preventDefault();
      cancelEdit();
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      send();
    }
    if (event.key === 'Escape' && !editing && sentHistory.walking) {
      event.preventDefault();
      showComposerText(sentHistory.leave() ?? '');
    }
    // ArrowUp / ArrowDown walk through the messages sent in this conversation (on the first / last line only).
    if (event.shiftKey || event.altKey || event.ctrlKey || event.metaKey || event.isComposing) return;
    const recalled =
      event.key === 'ArrowUp' && caretOnFirstLine(input.value, input.selectionStart)
        ? sentHistory.up(input.value)
        : event.key === 'ArrowDown' && caretOnLastLine(input.value, input.selectionEnd)
          ? sentHistory.down()
          : undefined;
    if (recalled === undefined) return;
    event.preventDefault();
    showComposerText(recalled);
  });
  input.addEventListener('input', () => {
    sentHistory.settle();
    save();
  });
  stopButton.addEventListener('click', () => post({ type: 'stop' }));
  newButton.addEventListener('click', () => post({ type: 'newConversation' }));
  historyButton.addEventListener('click', () => historyPanel.toggle());

  // ---- host messages
  window.addEventListener('message', (event: MessageEvent) => {
    const parsed = parseHostMessage(event.data);
    if (!parsed.ok) {
      console.warn(`PTK: ignored a malformed host message: ${parsed.error}`);
      return;
    }
    const message = parsed.message;
    switch (message.type) {
      case 'state':
        state = message.state;
        // The message being edited is gone (another conversation, or cut): what was typed stays, as a new message.
        if (editing && !state.items.some((item) => item.id === editing?.itemId)) {
          editing = undefined;
          showEditing();
        }
        connection = message.connection;
        history = message.history;
        unsaved = true;
        renderConnection();
        renderHistory();
        render();
        break;
      case 'event': {
        if (!state || state.conversationId !== message.conversationId) return;
        const firstText = revealsFirstText(state, message.event);
        state = reduceChat(state, message.event);
        if (message.event.type === 'assistantDelta') work.streamedChars += message.event.text.length;
        else unsaved = true;
        // The history's row of the shown conversation follows its title and its task's marks (running, waiting for approval).
        if (HISTORY_EVENTS.has(message.event.type)) renderHistory();
        // A notice answers something the user just did (a restore, an undo from a checkpoint up
        // in the conversation): it is shown where it lands, at the end.
        if (message.event.type === 'notice') scrollToEnd = true;
        render(firstText);
        break;
      }
      case 'connection':
        connection = message.connection;
        renderConnection();
        save();
        break;
      case 'mentionSuggestions':
        mentionComposer.receive(message);
        break;
      case 'addMention':
        mentionComposer.add(message.mention);
        input.focus();
        break;
      case 'draftImages':
        void images.restore(message.attachments);
        break;
      case 'autoApproval':
        autoApproval.update(message.autoApproval);
        break;
      case 'slashCommands':
        commandComposer.set(message.commands);
        break;
      case 'modes':
        modeMenu.setModes(message.modes, message.problems);
        break;
      case 'examplePrompts':
        emptyState.setPrompts(message.prompts);
        break;
      case 'editSent':
        // Resent: the edit ends, and the composer empties for the next message (also in a page recreated meanwhile).
        if (editSent !== message.itemId && editing?.itemId !== message.itemId) break;
        editSent = undefined;
        if (editing?.itemId === message.itemId) editing = undefined;
        showEditing();
        scrollToEnd = true;
        list.scrollTop = list.scrollHeight;
        input.value = '';
        mentionComposer.clear();
        save();
        break;
      case 'editKept':
        // The user kept the later turns: the edit stays, still replacing its message if it is there.
        if (editSent === message.itemId) editSent = undefined;
        editing = state?.items.some((item) => item.id === message.itemId) ? (editing?.itemId === message.itemId ? editing : { itemId: message.itemId, draft: '', mentions: [] }) : undefined;
        showEditing();
        input.value = message.text;
        mentionComposer.set(message.mentions);
        input.focus();
        save();
        break;
      case 'prefill':
        input.value = message.text;
        if (message.mentions) mentionComposer.set(message.mentions);
        input.focus();
        save();
        break;
    }
  });

  renderConnection();
  renderHistory();
  render();
  post({ type: 'ready' });
}

main();

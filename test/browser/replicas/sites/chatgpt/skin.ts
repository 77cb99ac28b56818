/**
 * The ChatGPT replica skin: the page builders of the current (2026) chatgpt.com DOM. They live
 * apart from app.ts so that the older variant (../chatgpt-2025-06) can reuse the parts that did
 * not change (shell, login wall, banners, the element helper) without starting this skin.
 * What each builder reproduces, with its evidence, is in the header of ./app.ts.
 */
import { copyText, type ReplicaAssistantTurn, type ReplicaShell, type ReplicaSkin } from '../../shared/app';
import { attachProseMirror } from '../../shared/proseMirror';
import { decorateChatgptAnswer } from './answerMarkup';
import { attachChatgptModelPicker } from './modelPicker';
import { chatgptUploads } from './uploads';

/** Creates an element with attributes and optional text. */
export function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value);
  if (text !== undefined) created.textContent = text;
  return created;
}

/** A stable id shaped like ChatGPT's message / turn UUIDs (the replica needs no randomness). */
export function replicaUuid(turnId: number, role: 'user' | 'assistant', index = 0): string {
  const hex = (value: number, width: number): string => value.toString(16).padStart(width, '0');
  return `${hex(turnId, 8)}-${role === 'user' ? '0001' : '0002'}-4000-8000-${hex(index, 12)}`;
}

/** What differs between the shells of the current page and the older variant. */
export interface ChatgptShellOptions {
  guest?: boolean;
  /** The composer's aria-label ("Chat with ChatGPT" in 2026, "Message ChatGPT" earlier). */
  composerLabel: string;
  /** The hidden `textarea[name="prompt-textarea"]` ORA and TOK saw next to the editor (2026). */
  hiddenTextarea: boolean;
  /** The 2026 model picker (./modelPicker.ts): the effort pill in the composer, both triggers live. */
  modelPicker?: boolean;
  /**
   * The composer's file input (./uploads.ts): 'current' is `form[data-testid="composer"]` >
   * `input#upload-files` (TOK, CDP); 'legacy' an input without id in a form without testid.
   */
  upload: 'current' | 'legacy';
}

/**
 * The page shell: sidebar with "New chat", header (guest: "Log in" / "Sign up for free"),
 * `#thread` with the turn list, `#thread-bottom-container` with page banners and the composer
 * form (ProseMirror editor, send / stop buttons), the disclaimer line.
 */
export function mountChatgptShell(root: HTMLElement, options: ChatgptShellOptions): ReplicaShell {
  const layout = element('div', { class: 'layout' });
  const nav = element('nav', { 'aria-label': 'Chat history' });
  const newChat = element('a', { 'data-testid': 'create-new-chat-button', href: '/', class: 'new-chat' }, 'New chat');
  nav.append(newChat);
  if (!options.guest) {
    const profile = element('div', { 'data-testid': 'accounts-profile-button', role: 'button', 'aria-label': 'Replica User, Plus', class: 'profile' });
    profile.append(element('span', {}, 'Replica User'));
    nav.append(profile);
  }
  const main = element('main', { id: 'main', class: 'main' });
  const header = element('header', { id: 'page-header', class: 'page-header' });
  const switcher = element('button', { type: 'button', 'data-testid': 'model-switcher-dropdown-button', 'aria-haspopup': 'menu', 'aria-label': 'Model selector, current model is GPT-5', class: 'model-switcher' }, 'ChatGPT');
  header.append(switcher);
  if (options.guest) {
    const actions = element('div', { class: 'guest-actions' });
    actions.append(
      element('button', { type: 'button', 'data-testid': 'login-button', class: 'btn btn-primary' }, 'Log in'),
      element('button', { type: 'button', 'data-testid': 'signup-button', class: 'btn btn-secondary' }, 'Sign up for free'),
    );
    header.append(actions);
  }
  const threadRoot = element('div', { id: 'thread', class: 'thread' });
  const turns = element('div', { class: 'turn-list flex flex-col text-sm' });
  threadRoot.append(turns);
  const bottom = element('div', { id: 'thread-bottom-container', class: 'thread-bottom' });
  const banners = element('div', { class: 'banners', 'data-replica-banners': '' });
  const form = element('form', { class: 'composer', 'data-type': 'unified-composer', ...(options.upload === 'current' ? { 'data-testid': 'composer' } : {}) });
  form.addEventListener('submit', (event) => event.preventDefault());
  const plus = element('button', { type: 'button', 'data-testid': 'composer-plus-btn', 'aria-label': 'Add files and more', class: 'composer-plus' }, '+');
  const composer = element('div', { id: 'prompt-textarea', class: 'ProseMirror', contenteditable: 'true', translate: 'no', role: 'textbox', 'aria-label': options.composerLabel });
  composer.innerHTML = '<p data-placeholder="Ask anything" class="placeholder"><br class="ProseMirror-trailingBreak"></p>';
  attachProseMirror(composer);
  const send = element('button', { type: 'button', id: 'composer-submit-button', 'data-testid': 'send-button', 'aria-label': 'Send prompt', class: 'composer-submit-btn' }, '↑');
  const stop = element('button', { type: 'button', id: 'composer-submit-button', 'data-testid': 'stop-button', 'aria-label': 'Stop streaming', class: 'composer-submit-btn', hidden: '' }, '■');
  if (options.hiddenTextarea) {
    form.append(element('textarea', { name: 'prompt-textarea', 'aria-label': options.composerLabel, class: 'fallback-textarea', tabindex: '-1', style: 'display: none' }));
  }
  const fileInput = element('input', { type: 'file', multiple: '', hidden: '', ...(options.upload === 'current' ? { id: 'upload-files' } : {}) });
  form.append(element('div', { class: 'file-tiles', 'data-replica-attachments': '' }), plus, fileInput, composer);
  let currentModel: (() => string) | undefined;
  if (options.modelPicker) {
    const pill = element('button', { type: 'button', class: '__composer-pill', 'aria-haspopup': 'menu' });
    form.append(pill);
    currentModel = attachChatgptModelPicker(switcher, pill);
  }
  form.append(send, stop);
  bottom.append(banners, form, element('div', { class: 'disclaimer' }, 'ChatGPT can make mistakes. Check important info.'));
  main.append(header, threadRoot, bottom);
  layout.append(nav, main);
  root.append(layout);
  return { thread: turns, composer, sendButton: send, stopButton: stop, newChatButton: newChat, ...(currentModel ? { currentModel } : {}) };
}

/** The signed-out page without a composer (a conversation URL opened signed out). */
export function mountChatgptLoginWall(root: HTMLElement): void {
  const wall = element('div', { class: 'login-wall', 'data-testid': 'login-wall' });
  wall.append(
    element('h2', {}, 'Get responses tailored to you'),
    element('p', {}, 'Log in to get answers based on saved chats, plus create images and upload files.'),
    element('button', { type: 'button', 'data-testid': 'login-button', class: 'btn btn-primary' }, 'Log in'),
    element('button', { type: 'button', 'data-testid': 'signup-button', class: 'btn btn-secondary' }, 'Sign up for free'),
  );
  root.append(wall);
}

function bannerRegion(): HTMLElement {
  return document.querySelector<HTMLElement>('[data-replica-banners]')!;
}

/** The time a server message names ("… after 3:15 PM"), if any. */
function namedTime(message: string): string | undefined {
  return /(\d{1,2}:\d{2}\s*[AP]M)/i.exec(message)?.[1];
}

/**
 * Page banners. The limit notice uses the wording of a 2026 page-text capture (the answer
 * goes on, a "Get Plus" button); its element and role are not verified. The others keep the
 * server's messages (ChatGPT's wording) in an alert.
 */
export function showChatgptBanner(kind: string, message: string): void {
  if (kind === 'limit_notice') {
    const notice = element('div', { role: 'status', class: 'limit-notice', 'data-kind': kind });
    notice.append(
      element('p', {}, `You’ve hit the Free plan limit for GPT-5. Responses will use another model until your limit resets after ${namedTime(message) ?? '7:35 AM'}.`),
      element('button', { type: 'button', class: 'btn btn-primary' }, 'Get Plus'),
    );
    bannerRegion().append(notice);
    return;
  }
  bannerRegion().append(element('div', { role: 'alert', class: 'banner text-token-text-error', 'data-kind': kind }, message));
}

/** Removes the page banners. */
export function clearChatgptBanners(): void {
  bannerRegion().innerHTML = '';
}

/** Wraps quoted strings of a code line in `span.tok-string`, as CodeMirror's highlighter does (text unchanged). */
function highlight(code: HTMLElement, source: string): void {
  code.textContent = '';
  for (const part of source.split(/("[^"\n]*"|'[^'\n]*')/)) {
    if (!part) continue;
    if (/^["']/.test(part)) code.append(element('span', { class: 'tok-string' }, part));
    else code.append(document.createTextNode(part));
  }
}

/**
 * The 2026 code block (ACF chatgpt.html; C2M code-basic): `pre.overflow-visible` > nested
 * frame divs > a sticky header (`span` with the language, `button[aria-label="Copy"]`) and
 * `pre.cm-content > code` WITHOUT a `language-x` class.
 */
function renderCodeBlock(pre: HTMLElement, language: string, copy: () => void): void {
  const source = pre.querySelector('code')?.textContent ?? '';
  pre.className = 'overflow-visible';
  pre.textContent = '';
  const frame = element('div', { class: 'relative w-full mt-4 mb-1' });
  const contents = element('div', { class: 'contents' });
  const border = element('div', { class: 'border border-token-border-light rounded-3xl' });
  const clip = element('div', { class: 'relative h-full w-full overflow-clip rounded-3xl' });
  const header = element('div', { class: 'select-none sticky top-0' });
  const bar = element('div', { class: 'flex items-center' });
  const copyButton = element('button', { type: 'button', 'aria-label': 'Copy', class: 'code-copy' }, 'Copy');
  copyButton.addEventListener('click', copy);
  bar.append(element('span', {}, language), copyButton);
  header.append(bar);
  const body = element('pre', { class: 'cm-content' });
  const code = element('code', {});
  highlight(code, source);
  body.append(code);
  clip.append(header, body);
  border.append(clip);
  contents.append(border);
  frame.append(contents);
  pre.append(frame);
}

/**
 * A writing block (C2M research-writing-block-sources): `div[data-testid="writing-block-container"]`
 * with a sticky header (Edit, `button[aria-label="Copy"]`) over an `article`. The real site
 * decides by itself when to write one; the replica renders a fenced block whose info string is
 * `writing` this way (a replica convention), one paragraph per blank-line-separated part.
 */
function renderWritingBlock(pre: HTMLElement, copy: () => void): void {
  const source = pre.querySelector('code')?.textContent ?? '';
  const container = element('div', { 'data-testid': 'writing-block-container', class: 'writing-block' });
  const header = element('div', { 'data-testid': 'writing-block-header-sticky-container', class: 'sticky top-0' });
  const copyButton = element('button', { type: 'button', 'aria-label': 'Copy', class: 'writing-copy' }, 'Copy');
  copyButton.addEventListener('click', copy);
  header.append(element('button', { type: 'button', 'data-testid': 'writing-block-header-magic-edit-button', 'aria-label': 'Edit' }, 'Edit'), copyButton);
  const article = element('article', {});
  for (const paragraph of source.trim().split(/\n\s*\n/)) article.append(element('p', {}, paragraph.trim()));
  container.append(header, article);
  pre.replaceWith(container);
}

/** Decorates a code block of the 2026 page (a `writing` fence becomes a writing block). */
export function decorateChatgptCodeBlock(pre: HTMLElement, language: string, copy: () => void): void {
  if (language === 'writing') renderWritingBlock(pre, copy);
  else renderCodeBlock(pre, language, copy);
}

/**
 * A user turn (C2M code-basic): `section[data-testid="conversation-turn-N"][data-turn="user"]`,
 * an `h4.sr-only` "You said:", the message `div[data-message-author-role="user"]` and its own
 * `div[role=group][aria-label="Your message actions"]` holding the SAME copy testid as the
 * answer's, labelled "Copy message".
 */
function renderUserSection(thread: HTMLElement, text: string, turnId: number): HTMLElement {
  const section = element('section', { 'data-testid': `conversation-turn-${turnId * 2 - 1}`, 'data-turn': 'user', 'data-turn-id': replicaUuid(turnId, 'user', 99), dir: 'auto', class: 'text-token-text-primary w-full' });
  section.append(element('h4', { class: 'sr-only select-none' }, 'You said:'));
  const message = element('div', { 'data-message-author-role': 'user', 'data-message-id': replicaUuid(turnId, 'user') });
  message.append(element('div', { class: 'user-message-bubble-color whitespace-pre-wrap' }, text));
  const actions = element('div', { role: 'group', 'aria-label': 'Your message actions', class: 'message-actions' });
  const copyButton = element('button', { type: 'button', 'data-testid': 'copy-turn-action-button', 'aria-label': 'Copy message', class: 'action' }, '⧉');
  copyButton.addEventListener('click', () => copyText('clipboardItem', text, `<p>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`));
  actions.append(copyButton, element('button', { type: 'button', 'aria-label': 'Edit message', class: 'action' }, '✎'));
  section.append(message, actions);
  thread.append(section);
  return section;
}

/** One assistant message node: `div[data-message-author-role="assistant"][data-message-id]` > `.markdown`. */
function messageNode(turnId: number, index: number): { node: HTMLElement; markdown: HTMLElement } {
  const node = element('div', { 'data-message-author-role': 'assistant', 'data-message-id': replicaUuid(turnId, 'assistant', index), 'data-message-model-slug': 'gpt-5', class: 'min-h-8 relative flex w-full flex-col' });
  const wrapper = element('div', { class: 'flex w-full flex-col gap-1 empty:hidden' });
  const markdown = element('div', { class: 'markdown prose dark:prose-invert wrap-break-word w-full light markdown-new-styling' });
  wrapper.append(markdown);
  node.append(wrapper);
  return { node, markdown };
}

/**
 * An assistant turn: `section[data-testid="conversation-turn-N"][data-turn="assistant"]` with
 * "ChatGPT said:", a column of message nodes (several per turn: preamble, tool, answer) and the
 * thinking status between them, then `div[role=group][aria-label="Response actions"]` (copy
 * "Copy response", good / bad, Share) once finished, or briefly while thinking (the flash).
 */
function renderAssistantSection(thread: HTMLElement, turnId: number): ReplicaAssistantTurn {
  const section = element('section', { 'data-testid': `conversation-turn-${turnId * 2}`, 'data-turn': 'assistant', 'data-turn-id': replicaUuid(turnId, 'assistant', 99), dir: 'auto', class: 'text-token-text-primary w-full', 'data-replica-assistant': '' });
  section.append(element('h4', { class: 'sr-only select-none' }, 'ChatGPT said:'));
  const column = element('div', { class: 'agent-turn flex max-w-full flex-col grow' });
  const first = messageNode(turnId, 0);
  column.append(first.node);
  section.append(column);
  thread.append(section);

  const nodes = [first.node];
  let status: HTMLElement | null = null;
  let thinkingSince = 0;
  let bar: HTMLElement | null = null;
  let finished = false;

  const buildBar = (copy: (() => void) | null): HTMLElement => {
    const group = element('div', { role: 'group', 'aria-label': 'Response actions', class: 'turn-actions' });
    const copyButton = element('button', { type: 'button', 'data-testid': 'copy-turn-action-button', 'aria-label': 'Copy response', class: 'action' }, '⧉');
    if (copy) copyButton.addEventListener('click', copy);
    group.append(
      copyButton,
      element('button', { type: 'button', 'data-testid': 'good-response-turn-action-button', 'aria-label': 'Good response', class: 'action' }, '👍'),
      element('button', { type: 'button', 'data-testid': 'bad-response-turn-action-button', 'aria-label': 'Bad response', class: 'action' }, '👎'),
      element('button', { type: 'button', 'aria-label': 'Share', class: 'action' }, '↗'),
    );
    return group;
  };

  return {
    content: first.markdown,
    listItem: section,
    setStreaming() {
      // No 2026 source shows a streaming class on the answer: the stop button is the signal.
    },
    finish(copy) {
      if (finished) return;
      finished = true;
      bar?.remove();
      bar = buildBar(copy);
      section.append(bar);
    },
    showError(messageText) {
      // Inside the last message node, after its markdown (see app.ts).
      const error = element('div', { class: 'text-token-text-error border-token-border-error rounded-md' });
      error.append(element('p', {}, messageText), element('button', { type: 'button', class: 'btn btn-secondary' }, 'Retry'));
      nodes.at(-1)!.append(error);
    },
    setThinking(text) {
      if (text !== null) {
        // "Thinking…" with the loading shimmer, where the next message will appear.
        if (!status) {
          status = element('div', { class: 'thinking-status flex items-center gap-1' });
          const last = nodes[nodes.length - 1]!;
          if (!(last.textContent ?? '').trim()) column.insertBefore(status, last);
          else column.append(status);
          thinkingSince = Date.now();
        }
        status.replaceChildren(element('span', { class: 'loading-shimmer' }, text));
        return;
      }
      if (!status) return;
      // Collapsed into the summary that stays after the answer ("Thought for Ns"), no shimmer.
      const seconds = Math.max(1, Math.round((Date.now() - thinkingSince) / 1000));
      const summary = element('button', { type: 'button', 'aria-expanded': 'false', class: 'thinking-summary' });
      summary.append(element('span', { class: 'flex items-center gap-1 truncate text-start align-middle text-token-text-tertiary' }, `Thought for ${seconds}s`));
      status.replaceChildren(summary);
      status = null;
    },
    setActionBarFlash(visible) {
      if (finished) return;
      if (visible && !bar) {
        bar = buildBar(null);
        section.append(bar);
      } else if (!visible && bar) {
        bar.remove();
        bar = null;
      }
    },
    addMessageNode() {
      const next = messageNode(turnId, nodes.length);
      nodes.push(next.node);
      column.append(next.node);
      return next.markdown;
    },
  };
}

/** The current (2026) chatgpt.com skin. */
export const chatgptSkin: ReplicaSkin = {
  copyMechanism: 'clipboardItem',
  mountShell: (root, options) => mountChatgptShell(root, { guest: options?.guest, composerLabel: 'Chat with ChatGPT', hiddenTextarea: true, modelPicker: true, upload: 'current' }),
  mountLoginWall: mountChatgptLoginWall,
  renderUserTurn: renderUserSection,
  renderAssistantTurn: renderAssistantSection,
  decorateCodeBlock: decorateChatgptCodeBlock,
  decorateAnswer: decorateChatgptAnswer,
  showBanner: (_shell, kind, message) => showChatgptBanner(kind, message),
  clearBanners: () => clearChatgptBanners(),
  setGenerating(shell, generating) {
    shell.sendButton.hidden = generating;
    shell.stopButton.hidden = !generating;
  },
  attachments: chatgptUploads,
};

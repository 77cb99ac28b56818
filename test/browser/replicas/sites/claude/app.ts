/**
 * Claude replica (claude.ai, 2025-2026 DOM as publicly observed). What it reproduces, with the
 * selectors the adapter uses, most stable first:
 * - composer: a ProseMirror contenteditable `div.ProseMirror[contenteditable="true"]` with
 *   aria-label "Write your prompt to Claude", inside a `fieldset`; empty → `p.is-empty` placeholder;
 * - send `button[aria-label="Send message"]` (disabled while the composer is empty); while
 *   Claude answers it is replaced by `button[aria-label="Stop response"]`;
 * - turns: each message sits in `div[data-test-render-count]`; user text in
 *   `div[data-testid="user-message"]`; the answer in `div[data-is-streaming="true"]` →
 *   `div.font-claude-message` → `div.grid-cols-1` (rendered markdown). The `data-is-streaming`
 *   attribute flips to "false" when the answer is complete (no class change: the adapter must
 *   read the attribute);
 * - code blocks: `pre.code-block__code` with a header (language, "Copy" button) and
 *   `code.language-x`;
 * - after completion only: the message action bar (`div[role="group"][aria-label="Message actions"]`)
 *   with `button[data-testid="action-bar-copy"]` (copies the markdown), retry, thumbs;
 * - errors: in-message "Something went wrong" (`.text-danger-000`), toasts
 *   (`[data-testid="toast"][role="alert"]`) for network errors, the composer banner
 *   "You are out of free messages until 3 PM", "This conversation has reached its maximum
 *   length", the login page (`input#email`, "Continue with Google"), the Cloudflare
 *   interstitial (server side).
 */
import { startReplicaApp, type ReplicaShell, type ReplicaSkin } from '../../shared/app';
import { attachProseMirror, readProseMirror } from '../../shared/proseMirror';

function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value);
  if (text !== undefined) created.textContent = text;
  return created;
}

/** Claude's wording for the states the shared server reports in ChatGPT's words. */
function claudeMessage(kind: string, message: string): string {
  const time = /(?:after|until|at)\s+(\d{1,2}(?::\d{2})?\s*[AP]M)/i.exec(message)?.[1];
  switch (kind) {
    case 'rate_limit':
      return `You are out of free messages until ${time ?? '3 PM'}. Subscribe to Pro for more usage.`;
    case 'conversation_too_long':
      return 'This conversation has reached its maximum length. Start a new chat to continue.';
    case 'network_drop':
      return 'Network error: the connection was lost. Check your internet connection and try again.';
    case 'prompt_too_long':
      return 'Your message is over the length limit. Try shortening your message or attaching fewer files.';
    case 'error_banner':
      return 'Something went wrong. Claude will return soon. Please try again.';
    default:
      return message;
  }
}

const skin: ReplicaSkin = {
  mountShell(root) {
    const app = element('div', { class: 'app' });
    const nav = element('nav', { 'aria-label': 'Sidebar' });
    const newChat = element('a', { href: '/new', 'aria-label': 'New chat', class: 'new-chat' }, 'New chat');
    nav.append(newChat);
    const main = element('main', {});
    const thread = element('div', { class: 'thread flex-1 flex flex-col gap-3' });
    const toasts = element('ol', { class: 'toast-viewport', id: 'toasts' });
    const banners = element('div', { id: 'composer-banners' });
    const fieldset = element('fieldset', { class: 'flex w-full' });
    const composer = element('div', { contenteditable: 'true', translate: 'no', class: 'ProseMirror break-words', role: 'textbox', 'aria-label': 'Write your prompt to Claude', 'aria-multiline': 'true' });
    composer.innerHTML = '<p data-placeholder="How can I help you today?" class="is-empty is-editor-empty"><br class="ProseMirror-trailingBreak"></p>';
    attachProseMirror(composer);
    const send = element('button', { type: 'button', 'aria-label': 'Send message', class: 'send', disabled: '' }, '↑');
    const stop = element('button', { type: 'button', 'aria-label': 'Stop response', class: 'stop', hidden: '' }, '■');
    composer.addEventListener('input', () => {
      send.disabled = !(readProseMirror(composer) ?? composer.innerText).trim();
    });
    fieldset.append(composer, send, stop);
    main.append(thread, toasts, banners, fieldset);
    app.append(nav, main);
    root.append(app);
    return { thread, composer, sendButton: send, stopButton: stop, newChatButton: newChat };
  },

  mountLoginWall(root) {
    const login = element('div', { class: 'login' });
    const form = element('form', { 'data-testid': 'login-form', action: '/login' });
    form.append(
      element('h1', {}, 'Your ideas, amplified'),
      element('button', { type: 'button', 'data-testid': 'login-with-google' }, 'Continue with Google'),
      element('input', { id: 'email', type: 'email', placeholder: 'Enter your personal or work email' }),
      element('button', { type: 'submit', 'data-testid': 'continue' }, 'Continue with email'),
    );
    form.addEventListener('submit', (event) => event.preventDefault());
    login.append(form);
    root.append(login);
  },

  renderUserTurn(thread, text, turnId) {
    const wrapper = element('div', { 'data-test-render-count': String(turnId * 2 - 1) });
    const group = element('div', { class: 'group relative inline-flex' });
    const message = element('div', { 'data-testid': 'user-message', class: 'font-user-message' });
    message.append(element('p', { class: 'whitespace-pre-wrap break-words' }, text));
    group.append(message);
    wrapper.append(group);
    thread.append(wrapper);
  },

  renderAssistantTurn(thread, turnId) {
    const wrapper = element('div', { 'data-test-render-count': String(turnId * 2), 'data-replica-assistant': '' });
    const streamingFlag = element('div', { 'data-is-streaming': 'true', class: 'group relative' });
    const message = element('div', { class: 'font-claude-message relative leading-[1.65rem]' });
    const content = element('div', { class: 'grid-cols-1 grid gap-2.5' });
    message.append(content);
    streamingFlag.append(message);
    wrapper.append(streamingFlag);
    thread.append(wrapper);
    const finish = (copy: () => void): void => {
      streamingFlag.setAttribute('data-is-streaming', 'false');
      if (wrapper.querySelector('[data-testid="action-bar-copy"]')) return;
      const bar = element('div', { role: 'group', 'aria-label': 'Message actions', class: 'message-actions' });
      const copyButton = element('button', { type: 'button', 'data-testid': 'action-bar-copy', 'aria-label': 'Copy' }, '⧉');
      copyButton.addEventListener('click', copy);
      bar.append(
        copyButton,
        element('button', { type: 'button', 'data-testid': 'action-bar-retry', 'aria-label': 'Retry' }, '↻'),
        element('button', { type: 'button', 'aria-label': 'Give positive feedback' }, '👍'),
        element('button', { type: 'button', 'aria-label': 'Give negative feedback' }, '👎'),
      );
      streamingFlag.append(bar);
    };
    wrapper.addEventListener('replica-stopped', () => {
      finish(() => void navigator.clipboard.writeText(content.textContent ?? ''));
    });
    return {
      content,
      setStreaming(streaming) {
        // Claude shows no class change while streaming: only the data attribute.
        streamingFlag.setAttribute('data-is-streaming', streaming ? 'true' : 'false');
      },
      finish,
      showError(messageText) {
        streamingFlag.setAttribute('data-is-streaming', 'false');
        const error = element('div', { class: 'text-danger-000 mt-2' }, claudeMessage('error_banner', messageText));
        streamingFlag.append(error, element('button', { type: 'button', 'aria-label': 'Retry' }, 'Retry'));
      },
    };
  },

  decorateCodeBlock(pre, language, copy) {
    const code = pre.querySelector('code')!;
    pre.className = 'code-block__code !my-0 !rounded-lg';
    const header = element('div', { class: 'code-header text-text-500 font-small' });
    header.append(element('span', { class: 'code-language' }, language));
    const copyButton = element('button', { type: 'button', class: 'copy-button', 'aria-label': 'Copy to clipboard' }, 'Copy');
    copyButton.addEventListener('click', copy);
    header.append(copyButton);
    pre.innerHTML = '';
    pre.append(header, code);
  },

  showBanner(shell, kind, message) {
    const text = claudeMessage(kind, message);
    if (kind === 'network_drop') {
      const toasts = shell.thread.parentElement!.querySelector('#toasts')!;
      toasts.append(element('li', { 'data-testid': 'toast', role: 'alert', class: 'toast' }, text));
      return;
    }
    const banners = shell.thread.parentElement!.querySelector('#composer-banners')!;
    banners.append(element('div', { role: 'alert', class: 'composer-banner', 'data-kind': kind }, text));
  },

  clearBanners(shell: ReplicaShell) {
    const main = shell.thread.parentElement!;
    main.querySelector('#toasts')!.innerHTML = '';
    main.querySelector('#composer-banners')!.innerHTML = '';
  },

  setGenerating(shell, generating) {
    shell.sendButton.hidden = generating;
    shell.stopButton.hidden = !generating;
    if (!generating) shell.sendButton.disabled = !(readProseMirror(shell.composer) ?? '').trim();
  },
};

startReplicaApp(skin);

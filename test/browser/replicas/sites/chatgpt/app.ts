/**
 * ChatGPT replica (chatgpt.com, 2025-2026 DOM as publicly observed). What it reproduces:
 * - composer `#prompt-textarea`: a ProseMirror-like contenteditable inside a form, with
 *   `button[data-testid="send-button"]` (aria-label "Send prompt") that becomes
 *   `button[data-testid="stop-button"]` (aria-label "Stop streaming") while generating;
 * - turns: `article[data-testid="conversation-turn-N"]` holding a screen-reader heading
 *   ("You said:" / "ChatGPT said:") and `div[data-message-author-role="user"|"assistant"]`;
 *   the answer in `div.markdown.prose` with `result-streaming` while streaming;
 * - code blocks: `<pre>` with a header (language, "Copy code" button) and `code.language-x`;
 * - the per-turn action bar (copy `button[data-testid="copy-turn-action-button"]`, good/bad
 *   response) appears only when the answer is complete;
 * - errors: in-turn "Something went wrong…" (`.text-token-text-error`), page banners
 *   (`[role="alert"]`) for rate limits / network errors / conversation too long, the login
 *   wall (`button[data-testid="login-button"]`), the Cloudflare interstitial (server side).
 */
import { startReplicaApp, type ReplicaSkin } from '../../shared/app';
import { attachProseMirror } from '../../shared/proseMirror';

function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value);
  if (text !== undefined) created.textContent = text;
  return created;
}

const skin: ReplicaSkin = {
  mountShell(root) {
    const layout = element('div', { class: 'layout' });
    const nav = element('nav', { 'aria-label': 'Chat history' });
    const newChat = element('a', { 'data-testid': 'create-new-chat-button', 'aria-label': 'New chat', href: '/' }, 'New chat');
    nav.append(newChat);
    const main = element('main', { class: 'main' });
    const thread = element('div', { role: 'presentation', class: 'thread' });
    const banners = element('div', { id: 'banners' });
    const form = element('form', { class: 'composer', 'data-type': 'unified-composer' });
    const composer = element('div', { id: 'prompt-textarea', class: 'ProseMirror', contenteditable: 'true', translate: 'no', role: 'textbox', 'aria-label': 'Message ChatGPT' });
    composer.innerHTML = '<p data-placeholder="Ask anything" class="placeholder"><br class="ProseMirror-trailingBreak"></p>';
    attachProseMirror(composer);
    const send = element('button', { type: 'button', id: 'composer-submit-button', 'data-testid': 'send-button', 'aria-label': 'Send prompt', class: 'composer-submit-btn' }, '↑');
    const stop = element('button', { type: 'button', id: 'composer-submit-button', 'data-testid': 'stop-button', 'aria-label': 'Stop streaming', class: 'composer-submit-btn', hidden: '' }, '■');
    form.addEventListener('submit', (event) => event.preventDefault());
    form.append(composer, send, stop);
    main.append(thread, banners, form);
    layout.append(nav, main);
    root.append(layout);
    return { thread, composer, sendButton: send, stopButton: stop, newChatButton: newChat };
  },

  mountLoginWall(root) {
    const wall = element('div', { class: 'login-wall', 'data-testid': 'login-wall' });
    wall.append(
      element('h2', {}, 'Get smarter responses, upload files and images, and more.'),
      element('button', { 'data-testid': 'login-button', class: 'btn btn-primary' }, 'Log in'),
      element('button', { 'data-testid': 'signup-button', class: 'btn btn-secondary' }, 'Sign up for free'),
    );
    root.append(wall);
  },

  renderUserTurn(thread, text, turnId) {
    const article = element('article', { 'data-testid': `conversation-turn-${turnId * 2 - 1}`, 'data-turn': 'user', dir: 'auto' });
    article.append(element('h5', { class: 'sr-only' }, 'You said:'));
    const message = element('div', { 'data-message-author-role': 'user', 'data-message-id': `user-${turnId}` });
    message.append(element('div', { class: 'whitespace-pre-wrap' }, text));
    article.append(message);
    thread.append(article);
  },

  renderAssistantTurn(thread, turnId) {
    const article = element('article', { 'data-testid': `conversation-turn-${turnId * 2}`, 'data-turn': 'assistant', dir: 'auto', 'data-replica-assistant': '' });
    article.append(element('h6', { class: 'sr-only' }, 'ChatGPT said:'));
    const message = element('div', { 'data-message-author-role': 'assistant', 'data-message-id': `assistant-${turnId}`, 'data-message-model-slug': 'gpt-5' });
    const content = element('div', { class: 'markdown prose w-full break-words' });
    message.append(content);
    article.append(message);
    thread.append(article);
    const finish = (copy: () => void): void => {
      if (article.querySelector('[data-testid="copy-turn-action-button"]')) return;
      const bar = element('div', { class: 'turn-actions', 'aria-label': 'Response actions', role: 'group' });
      const copyButton = element('button', { 'data-testid': 'copy-turn-action-button', 'aria-label': 'Copy', class: 'action' }, '⧉');
      copyButton.addEventListener('click', copy);
      bar.append(
        copyButton,
        element('button', { 'data-testid': 'good-response-turn-action-button', 'aria-label': 'Good response', class: 'action' }, '👍'),
        element('button', { 'data-testid': 'bad-response-turn-action-button', 'aria-label': 'Bad response', class: 'action' }, '👎'),
      );
      article.append(bar);
    };
    article.addEventListener('replica-stopped', () => {
      content.classList.remove('result-streaming');
      finish(() => void navigator.clipboard.writeText(content.textContent ?? ''));
    });
    return {
      content,
      setStreaming(streaming) {
        content.classList.toggle('result-streaming', streaming);
      },
      finish,
      showError(messageText) {
        const error = element('div', { class: 'text-token-text-error border-token-border-error rounded-md' }, messageText);
        const retry = element('button', { class: 'btn btn-secondary' }, 'Retry');
        article.append(error, retry);
      },
    };
  },

  decorateCodeBlock(pre, language, copy) {
    const code = pre.querySelector('code')!;
    const container = element('div', { class: 'contain-inline-size rounded-md border' });
    const header = element('div', { class: 'code-header flex items-center' }, language);
    const sticky = element('div', { class: 'sticky' });
    const copyButton = element('button', { class: 'flex gap-1 items-center' }, 'Copy code');
    copyButton.addEventListener('click', copy);
    sticky.append(copyButton);
    const body = element('div', { class: 'overflow-y-auto p-4', dir: 'ltr' });
    code.classList.add('whitespace-pre!');
    body.append(code);
    container.append(header, sticky, body);
    pre.innerHTML = '';
    pre.append(container);
  },

  showBanner(shell, kind, message) {
    const banners = shell.thread.parentElement!.querySelector('#banners')!;
    banners.append(element('div', { role: 'alert', class: 'banner text-token-text-error', 'data-kind': kind }, message));
  },

  clearBanners(shell) {
    shell.thread.parentElement!.querySelector('#banners')!.innerHTML = '';
  },

  setGenerating(shell, generating) {
    shell.sendButton.hidden = generating;
    shell.stopButton.hidden = !generating;
  },
};

startReplicaApp(skin);

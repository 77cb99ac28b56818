/**
 * DeepSeek replica (chat.deepseek.com, 2025-2026 DOM as publicly observed). What it
 * reproduces, with the selectors the adapter uses, most stable first. DeepSeek's CSS-module
 * class names are hashed (`_7436101`, `_4f9bf79`, `dad65929`…) and change between deploys;
 * the stable hooks are `#chat-input`, the `ds-*` design-system classes and the structure.
 * - composer: a TEXTAREA `textarea#chat-input` (placeholder "Message DeepSeek");
 * - send: NOT a <button> but a `div.ds-icon-button[role="button"]` whose `aria-disabled`
 *   follows the composer; while the answer streams the same div shows a square stop icon
 *   (`svg rect`) and stops generation when clicked; no aria-labels on these icons;
 * - the "DeepThink (R1)" and "Search" toggles (`div.ds-button[role="button"]`) next to it;
 * - turns: user `div._9663006 > div.ds-message`; assistant `div._4f9bf79 > div.ds-message`
 *   holding the DeepThink section first (`div.ds-think`: header "Thinking…" then "Thought for
 *   N seconds", content `div.ds-think-content` with its OWN `div.ds-markdown` — here with a
 *   draft tool call) and then the answer `div.ds-markdown.ds-markdown--block`;
 * - code blocks: a banner (`md-code-block-banner`: language, "Copy" and "Download" as
 *   div[role=button]) and `code.language-x`;
 * - after completion only: the row of icon buttons `div._965abe9` (copy = first, regenerate,
 *   like, dislike), copy writes the answer's markdown;
 * - errors: "The server is busy. Please try again later." inside the turn, toasts
 *   (`div.ds-toast`) for rate limits and network errors, "This conversation has reached its
 *   length limit" notice, the sign-in page (phone / email input), the Cloudflare interstitial.
 * Deviation: the real `div.md-code-block` wraps the <pre>; here the banner sits inside the
 * <pre> so the generic DOM → markdown keeps only the code (see the report on this).
 */
import { startReplicaApp, type ReplicaShell, type ReplicaSkin } from '../../shared/app';

function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value);
  if (text !== undefined) created.textContent = text;
  return created;
}

const SEND_ICON = '<svg width="14" height="16" viewBox="0 0 14 16"><path d="M7 16c-.6 0-1.1-.5-1.1-1V4.1L2.8 7.2a1 1 0 0 1-1.5-1.5L7 0l5.7 5.7a1 1 0 0 1-1.5 1.5L8.1 4.1V15c0 .5-.5 1-1.1 1z"/></svg>';
const STOP_ICON = '<svg width="14" height="14" viewBox="0 0 14 14"><rect x="1" y="1" width="12" height="12" rx="2"/></svg>';

/** DeepSeek's wording for the states the shared server reports in ChatGPT's words. */
function deepSeekMessage(kind: string, message: string): string {
  const time = /(?:after|until|at)\s+(\d{1,2}(?::\d{2})?\s*[AP]M)/i.exec(message)?.[1];
  switch (kind) {
    case 'rate_limit':
      return `You are sending messages too frequently. Please try again after ${time ?? '3:15 PM'}.`;
    case 'conversation_too_long':
      return 'This conversation has reached its length limit. Please start a new chat.';
    case 'network_drop':
      return 'Network error. Please check your connection and retry.';
    case 'prompt_too_long':
      return 'The message is too long. Please shorten it and try again.';
    case 'error_banner':
      return 'The server is busy. Please try again later.';
    default:
      return message;
  }
}

/** What DeepThink "thinks" first: a draft tool call that is not the answer. */
const THOUGHTS = 'Okay, the user wants something. Maybe I should call <TOOL_CALL>{"tool": "read_file", "args": {"path": "draft-only.txt"}}</TOOL_CALL> first. No, answer directly.';

let sendDiv: HTMLElement | undefined;

const skin: ReplicaSkin = {
  mountShell(root) {
    const app = element('div', { class: 'ds-app' });
    const sidebar = element('div', { class: 'ds-sidebar' });
    const newChat = element('div', { class: 'ds-icon-button _217e214', role: 'button', tabindex: '0' }, 'New chat');
    sidebar.append(newChat);
    const main = element('div', { class: 'ds-main' });
    const thread = element('div', { class: 'dad65929' });
    const toasts = element('div', { class: 'ds-toast-container', id: 'toasts' });
    const notices = element('div', { id: 'notices' });
    const composerBox = element('div', { class: 'ds-composer _77cefa5' });
    const composer = element('textarea', { id: 'chat-input', placeholder: 'Message DeepSeek', rows: '2', class: 'c92459f0' });
    const toggles = element('div', { class: 'ec4f5d61' });
    toggles.append(
      element('div', { class: 'ds-button ds-button--primary ds-button--filled _3172d9f', role: 'button', 'aria-pressed': 'true' }, 'DeepThink (R1)'),
      element('div', { class: 'ds-button _3172d9f', role: 'button', 'aria-pressed': 'false' }, 'Search'),
    );
    const attach = element('div', { class: 'ds-icon-button f02f0e25', role: 'button', 'aria-disabled': 'false' }, '📎');
    const send = element('div', { class: 'ds-icon-button _7436101', role: 'button', 'aria-disabled': 'true', tabindex: '0' });
    send.innerHTML = SEND_ICON;
    // The icon div sends or stops; the app's send / stop handles are proxies for it.
    const sendProxy = document.createElement('button');
    const stopProxy = document.createElement('button');
    send.addEventListener('click', () => {
      if (send.querySelector('rect')) stopProxy.click();
      else if (send.getAttribute('aria-disabled') !== 'true') sendProxy.click();
    });
    composer.addEventListener('input', () => {
      if (!send.querySelector('rect')) send.setAttribute('aria-disabled', String(!composer.value.trim()));
    });
    sendDiv = send;
    composerBox.append(composer, toggles, attach, send);
    main.append(thread, toasts, notices, composerBox);
    app.append(sidebar, main);
    root.append(app);
    return { thread, composer, sendButton: sendProxy, stopButton: stopProxy, newChatButton: newChat };
  },

  mountLoginWall(root) {
    const page = element('div', { class: 'ds-sign-in' });
    page.append(
      element('h2', {}, 'Log in to DeepSeek'),
      element('input', { class: 'ds-input__input', placeholder: 'Phone number / email address', type: 'text' }),
      element('input', { class: 'ds-input__input', placeholder: 'Password', type: 'password' }),
      element('div', { class: 'ds-button ds-button--primary ds-sign-in-button', role: 'button' }, 'Log in'),
    );
    root.append(page);
  },

  renderUserTurn(thread, text, turnId) {
    const wrapper = element('div', { class: '_9663006', 'data-um-id': String(turnId) });
    const message = element('div', { class: 'ds-message _63c77b1' });
    message.append(element('div', { class: 'fbb737a4' }, text));
    wrapper.append(message);
    thread.append(wrapper);
  },

  renderAssistantTurn(thread, turnId) {
    const wrapper = element('div', { class: '_4f9bf79 _43c05b5', 'data-replica-assistant': '', 'data-turn': String(turnId) });
    const message = element('div', { class: 'ds-message _63c77b1' });
    const think = element('div', { class: 'ds-think' });
    const thinkHeader = element('div', { class: 'ds-think-header _58a6d71' }, 'Thinking…');
    const thinkContent = element('div', { class: 'ds-think-content e1675d8b' });
    thinkContent.append(element('div', { class: 'ds-markdown ds-markdown--block' }, THOUGHTS));
    think.append(thinkHeader, thinkContent);
    const content = element('div', { class: 'ds-markdown ds-markdown--block' });
    message.append(think, content);
    wrapper.append(message);
    thread.append(wrapper);
    const startedAt = Date.now();
    const finish = (copy: () => void): void => {
      thinkHeader.textContent = `Thought for ${Math.max(1, Math.round((Date.now() - startedAt) / 1000))} seconds`;
      if (wrapper.querySelector('._965abe9')) return;
      const actions = element('div', { class: 'ds-flex _965abe9' });
      const copyIcon = element('div', { class: 'ds-icon-button db183363', role: 'button', tabindex: '0' }, '⧉');
      copyIcon.addEventListener('click', copy);
      actions.append(
        copyIcon,
        element('div', { class: 'ds-icon-button db183363', role: 'button', tabindex: '0' }, '↻'),
        element('div', { class: 'ds-icon-button db183363', role: 'button', tabindex: '0' }, '👍'),
        element('div', { class: 'ds-icon-button db183363', role: 'button', tabindex: '0' }, '👎'),
      );
      wrapper.append(actions);
    };
    wrapper.addEventListener('replica-stopped', () => {
      finish(() => void navigator.clipboard.writeText(content.textContent ?? ''));
    });
    return {
      content,
      setStreaming(streaming) {
        wrapper.classList.toggle('_streaming', streaming);
        if (streaming && !content.textContent) thinkHeader.textContent = 'Thinking…';
      },
      finish,
      showError(messageText) {
        wrapper.classList.remove('_streaming');
        wrapper.append(element('div', { class: 'ds-notice _error' }, deepSeekMessage('error_banner', messageText)));
      },
    };
  },

  decorateCodeBlock(pre, language, copy) {
    const code = pre.querySelector('code')!;
    pre.classList.add('md-code-block');
    const banner = element('div', { class: 'md-code-block-banner code-header' });
    banner.append(element('span', { class: 'd813de27' }, language));
    const copyButton = element('div', { class: 'ds-button ds-button--secondary copy-button', role: 'button' }, 'Copy');
    copyButton.addEventListener('click', copy);
    banner.append(copyButton, element('div', { class: 'ds-button ds-button--secondary', role: 'button' }, 'Download'));
    pre.innerHTML = '';
    pre.append(banner, code);
  },

  showBanner(shell, kind, message) {
    const main = shell.thread.parentElement!;
    const text = deepSeekMessage(kind, message);
    if (kind === 'conversation_too_long' || kind === 'prompt_too_long') {
      main.querySelector('#notices')!.append(element('div', { class: 'ds-notice', 'data-kind': kind }, text));
      return;
    }
    main.querySelector('#toasts')!.append(element('div', { class: 'ds-toast ds-toast--error', role: 'alert', 'data-kind': kind }, text));
  },

  clearBanners(shell: ReplicaShell) {
    const main = shell.thread.parentElement!;
    main.querySelector('#toasts')!.innerHTML = '';
    main.querySelector('#notices')!.innerHTML = '';
  },

  setGenerating(shell, generating) {
    if (!sendDiv) return;
    sendDiv.innerHTML = generating ? STOP_ICON : SEND_ICON;
    sendDiv.setAttribute('aria-disabled', generating ? 'false' : String(!(shell.composer as HTMLTextAreaElement).value.trim()));
  },
};

startReplicaApp(skin);

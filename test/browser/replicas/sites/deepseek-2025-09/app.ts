/**
 * DeepSeek replica, the 2025 page (what chat.deepseek.com looked like around September 2025),
 * kept so the DeepSeek adapter's fallbacks stay tested. Same adapter as ../deepseek; the
 * differences:
 * - composer: `textarea#chat-input[placeholder="Message DeepSeek"]`, no `name`
 *   (robertpiosik/CodeWebChat chatbots/deepseek.ts before fd46ca50, 2025-09-04, reads
 *   `textarea#chat-input`), with the "DeepThink (R1)" / "Search" toggles as
 *   `div.ds-button[role=button]` (INFERRED from the adapter's earlier builds);
 * - send / stop: one `div.ds-icon-button._7436101[role=button]` right after the
 *   `input[type=file]`, `aria-disabled` following the input, and enabled with an empty input
 *   while the answer streams (CWC fd46ca50: `input[type="file"] + div[aria-disabled="false"]`
 *   and an empty `textarea`); no `ds-button--primary`;
 * - turns: no virtual list; the chat container `div.dad65929` holds `div._9663006` (user:
 *   `div.ds-message > div.fbb737a4`) and `div._4f9bf79` (assistant) items
 *   (blueberrycongee/DeepSeek-Chat-Exporter@7468962f, selectors of 2025-09-08);
 * - answer: `div.ds-message > div.ds-markdown.ds-markdown--block`, no
 *   `ds-assistant-message-main-content`; DeepThink in `div.e1675d8b > div.ds-markdown` (BDE's
 *   thinking container), no `ds-think-content`;
 * - footer: `div.ds-message + div.ds-message-feedback-container + div > div.ds-flex._965abe9`
 *   with copy, regenerate, like, dislike as `div.ds-icon-button[role=button]` (CWC fd46ca50:
 *   `div.ds-message + div + div > div.ds-flex`, copy `.ds-icon-button` until that commit; BDE
 *   strips `.ds-message-feedback-container`);
 * - code blocks: the aiweb-copyfix 044367e9 shape, `<pre>` inside `div.md-code-block-content`.
 * Wording, banners and the sign-in page are the current replica's (../deepseek/pieces.ts).
 */
import { startReplicaApp, type ReplicaShell, type ReplicaSkin } from '../../shared/app';
import { decorateDeepSeekCodeBlock, deepSeekMessage, deepThinkBlock, element, mountDeepSeekSignIn } from '../deepseek/pieces';

const SEND_ICON = '<svg width="14" height="16" viewBox="0 0 14 16"><path d="M7 1 12.5 6.5l-1.4 1.4L8 4.8V15H6V4.8L2.9 7.9 1.5 6.5z"/></svg>';
const STOP_ICON = '<svg width="14" height="14" viewBox="0 0 14 14"><path d="M2 4a2 2 0 0 1 2-2h6a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2z"/></svg>';

let sendIcon: HTMLElement | undefined;
let generatingNow = false;

function showIcon(icon: HTMLElement, enabled: boolean, generating: boolean): void {
  icon.setAttribute('aria-disabled', String(!enabled));
  icon.innerHTML = generating ? STOP_ICON : SEND_ICON;
}

const skin: ReplicaSkin = {
  copyMechanism: 'writeText',

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
    const fileInput = element('input', { type: 'file', multiple: '', hidden: '' });
    const send = element('div', { class: 'ds-icon-button _7436101', role: 'button', tabindex: '0' });
    showIcon(send, false, false);
    const sendProxy = document.createElement('button');
    const stopProxy = document.createElement('button');
    generatingNow = false;
    send.addEventListener('click', () => {
      if (send.getAttribute('aria-disabled') === 'true') return;
      if (generatingNow) stopProxy.click();
      else sendProxy.click();
    });
    composer.addEventListener('input', () => {
      if (!generatingNow) showIcon(send, composer.value.trim() !== '', false);
    });
    sendIcon = send;
    composerBox.append(composer, toggles, attach, fileInput, send);
    main.append(thread, toasts, notices, composerBox);
    app.append(sidebar, main);
    root.append(app);
    return { thread, composer, sendButton: sendProxy, stopButton: stopProxy, newChatButton: newChat };
  },

  mountLoginWall: mountDeepSeekSignIn,

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
    const content = element('div', { class: 'ds-markdown ds-markdown--block' });
    message.append(content);
    wrapper.append(message);
    thread.append(wrapper);
    let thinking: ReturnType<typeof deepThinkBlock> | undefined;
    let finished = false;
    return {
      content,
      setStreaming(streaming) {
        wrapper.classList.toggle('_streaming', streaming);
      },
      finish(copy) {
        if (finished) return;
        finished = true;
        thinking?.settle();
        const holder = element('div', {});
        const actions = element('div', { class: 'ds-flex _965abe9' });
        const copyIcon = element('div', { class: 'ds-icon-button db183363', role: 'button', tabindex: '0' }, '⧉');
        copyIcon.addEventListener('click', copy);
        actions.append(
          copyIcon,
          element('div', { class: 'ds-icon-button db183363', role: 'button', tabindex: '0' }, '↻'),
          element('div', { class: 'ds-icon-button db183363', role: 'button', tabindex: '0' }, '👍'),
          element('div', { class: 'ds-icon-button db183363', role: 'button', tabindex: '0' }, '👎'),
        );
        holder.append(actions);
        wrapper.append(element('div', { class: 'ds-message-feedback-container' }), holder);
      },
      showError(messageText) {
        wrapper.append(element('div', { class: 'ds-notice _error', role: 'alert' }, deepSeekMessage('error_banner', messageText)));
      },
      setThinking(text) {
        if (text === null) {
          thinking?.settle();
          return;
        }
        if (thinking) {
          thinking.update(text);
          return;
        }
        thinking = deepThinkBlock(text, 'e1675d8b');
        message.prepend(thinking.block);
      },
    };
  },

  decorateCodeBlock(pre, language, copy) {
    decorateDeepSeekCodeBlock(pre, language, copy, { contentWrapper: true });
  },

  showBanner(shell, kind, message) {
    const main = shell.thread.parentElement!;
    const text = deepSeekMessage(kind, message);
    if (kind === 'conversation_too_long' || kind === 'prompt_too_long' || kind === 'limit_notice') {
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
    if (!sendIcon) return;
    generatingNow = generating;
    showIcon(sendIcon, generating || (shell.composer as HTMLTextAreaElement).value.trim() !== '', generating);
  },
};

startReplicaApp(skin);

/**
 * Qwen Chat replica (chat.qwen.ai). Sources, read 2026-11-27:
 *   CWC  robertpiosik/CodeWebChat apps/browser/src/content-scripts/send-prompt-content-script/
 *        chatbots/qwen.ts@584e0bde (last changed 25d353db, 2026-08-11): ready = the model menu
 *        `.header-left .ant-dropdown-trigger`; composer `textarea`; temporary chat
 *        `.temporary-chat-entry`; thinking / search toggles `.chat-message-input-thinking-budget-btn`;
 *        generating = no `.send-button.disabled` in the page; footer
 *        `.qwen-chat-package-comp-new-action-control-icons`, copy
 *        `div.qwen-chat-package-comp-new-action-control-container-copy`. Its version before
 *        5db0fd69 (2025-12-17) submits with `button.send-button`
 *   GF   beak2825/greasyfork_archives js_greasyfork/559319.js (a Qwen Chat userscript, index text):
 *        `textarea#chat-input` in a form, Enter sends
 *   IDX  public code in the index (text only, files not named): turns `.qwen-chat-message-user` /
 *        `.qwen-chat-message-assistant` (marked verified against a real chat 2026-08-01, with a
 *        "Thinking completed" status card `[class*="qwen-chat-thinking"]` opening each answer);
 *        the answer `.qwen-chat-message-assistant .response-message-content .qwen-markdown`,
 *        `.response-message-content.phase-answer`; `button.stop-button`; the footer's icons
 *        filled only once the answer is finished
 * The page reproduced:
 * - header `div.header-left` with the model menu `.ant-dropdown-trigger` (CWC; not driven);
 * - composer `form` > `textarea#chat-input` (GF, CWC); Enter sends; then `button.send-button`
 *   (CWC), `.disabled` while the textarea is empty; while generating it is replaced by
 *   `button.stop-button` (IDX; the swap itself is INFERRED from CWC's rule: no disabled send
 *   button = generating);
 * - user `div.qwen-chat-message.qwen-chat-message-user` > `div.user-message-content` (IDX for the
 *   turn class; the inner class INFERRED);
 * - assistant `div.qwen-chat-message.qwen-chat-message-assistant` > the status card
 *   `div.qwen-chat-thinking-status-card-wraper` (IDX; kept after thinking, as the real page
 *   does) > `div.response-message-content.phase-answer` > `div.qwen-markdown` (IDX), then
 *   `div.qwen-chat-package-comp-new-action-control` > `…-icons`, filled when done with
 *   `div.…-container-copy` first (CWC; the other icons INFERRED);
 * - errors and notices: `div[role=alert]` (INFERRED: antd's toasts are likely, not read);
 * - new chat `nav a[href="/"]`, signed out a "Log in" link to `/auth` (INFERRED);
 * - temporary chat: `.temporary-chat-entry` (CWC); a click turns it on, another off, and the chat
 *   sent while it is on is temporary (INFERRED: CWC clicks it once on a fresh page); a new chat
 *   leaves it (INFERRED); the page shows nothing of it: no source says how it does.
 * Not reproduced: the model menu's options, thinking / search toggles, uploads, a virtual list.
 */
import { startReplicaApp, type ReplicaSkin, type ReplicaTemporaryChat } from '../../shared/app';
import { assistantTurnHandle, clearBanners, decorateCodeBlock, element, notificationsRegion, SendStopSlot, showBanner, sideNav } from '../../shared/inferredPieces';

/** The footer's class prefix (CWC). */
const ACTION = 'qwen-chat-package-comp-new-action-control';

const sendStop = new SendStopSlot();

const skin: ReplicaSkin = {
  copyMechanism: 'writeText',

  mountShell(root) {
    const { nav, newChat } = sideNav('/', 'New Chat');
    const header = element('header', { class: 'header' });
    const left = element('div', { class: 'header-left' });
    left.append(element('div', { class: 'ant-dropdown-trigger model-selector' }, 'Qwen3-Max'));
    header.append(left, element('div', { class: 'temporary-chat-entry', role: 'button' }, 'Temporary'));
    const main = element('main', { class: 'chat-container' });
    const thread = element('div', { class: 'chat-messages' });
    const form = element('form', { class: 'chat-message-input' });
    form.addEventListener('submit', (event) => event.preventDefault());
    const composer = element('textarea', { id: 'chat-input', placeholder: 'How can I help you today?', rows: '1' });
    const bar = element('div', { class: 'chat-message-input-footer flex' });
    bar.append(element('div', { class: 'chat-message-input-thinking-budget-btn' }, 'Thinking'), element('div', { class: 'chat-message-input-search-btn' }, 'Search'));
    const slot = element('div', { class: 'chat-message-input-send' });
    const sendButton = element('button', { type: 'button', class: 'send-button disabled' }, '↑');
    const stopButton = element('button', { type: 'button', class: 'stop-button' }, '■');
    composer.addEventListener('input', () => sendButton.classList.toggle('disabled', composer.value.trim() === ''));
    sendStop.mount(slot, sendButton, stopButton);
    bar.append(slot);
    form.append(composer, bar);
    main.append(thread, form);
    root.append(nav, header, main, notificationsRegion());
    return { thread, composer, sendButton, stopButton, newChatButton: newChat };
  },

  mountLoginWall(root) {
    const page = element('div', { class: 'flex flex-col items-center gap-4' });
    page.append(element('h1', {}, 'Qwen Chat'), element('a', { href: '/auth?action=signin', class: 'login-button' }, 'Log in'), element('a', { href: '/auth?action=signup' }, 'Sign up'));
    root.append(page);
  },

  renderUserTurn(thread, text, turnId) {
    const turn = element('div', { id: `qwen-chat-message-user-${turnId}`, class: 'qwen-chat-message qwen-chat-message-user' });
    turn.append(element('div', { class: 'user-message-content' }, text));
    thread.append(turn);
    return turn;
  },

  renderAssistantTurn(thread, turnId) {
    const turn = element('div', { id: `qwen-chat-message-assistant-${turnId}`, class: 'qwen-chat-message qwen-chat-message-assistant' });
    const card = element('div', { class: 'qwen-chat-thinking-status-card-wraper' }, 'Thinking completed');
    const response = element('div', { class: 'response-message-content phase-answer' });
    const content = element('div', { class: 'qwen-markdown' });
    response.append(content);
    const footer = element('div', { class: `${ACTION} response-message-footer` });
    const icons = element('div', { class: `${ACTION}-icons` });
    footer.append(icons);
    turn.append(card, response, footer);
    thread.append(turn);
    return assistantTurnHandle(turn, content, (copy) => {
      const copyButton = element('div', { class: `${ACTION}-container ${ACTION}-container-copy`, role: 'button' }, '⧉');
      copyButton.addEventListener('click', copy);
      icons.append(copyButton, element('div', { class: `${ACTION}-container ${ACTION}-container-like`, role: 'button' }, '+'), element('div', { class: `${ACTION}-container ${ACTION}-container-more`, role: 'button' }, '⋯'));
    }, response);
  },

  decorateCodeBlock,
  showBanner,
  clearBanners,

  setGenerating: sendStop.setGenerating,
};

/** The temporary chat: `.temporary-chat-entry` toggles it (see the header). */
const qwenTemporaryChat: ReplicaTemporaryChat = {
  mount(root, on, set) {
    let temporary = on;
    root.querySelector('.temporary-chat-entry')?.addEventListener('click', () => {
      temporary = !temporary;
      set(temporary);
    });
  },
};

startReplicaApp({ ...skin, temporaryChat: qwenTemporaryChat });

/**
 * Z.ai replica (chat.z.ai). Sources, read 2026-11-27:
 *   CWC  robertpiosik/CodeWebChat apps/browser/src/content-scripts/send-prompt-content-script/
 *        chatbots/z-ai.ts@584e0bde (last changed 25d353db, 2026-08-11): ready and composer
 *        `textarea`; the deep-think switch `button[data-autothink]` ("true" when on); generating =
 *        no `button#send-message-button` in the page; footer `.chat-assistant + div`, copy
 *        `button.copy-response-button`; the user sends with Enter (CWC waits for the Enter key)
 *   IDX  public code in the index (text only, files not named): turns `.chat-user` /
 *        `.chat-assistant` (marked verified against a real chat 2026-08-01, with a
 *        `.thinking-chain-container` reasoning block and `.edit-user-message-button` in the user
 *        turn); the answer `.chat-assistant #response-content-container`
 * These are Open WebUI's names (see ../openwebui/app.ts); the layout around them below follows
 * Open WebUI's and is INFERRED for Z.ai:
 * - composer `form` > `textarea#chat-input` (the id INFERRED), the controls box `div.self-end`
 *   with `button#send-message-button[type=submit]` (CWC), replaced while generating by a stop
 *   button with no id (INFERRED from CWC's rule: no send button = generating);
 * - user: a message wrapper > `div.chat-user` > bubble `div.rounded-3xl`, then its edit button
 *   `.edit-user-message-button` (IDX);
 * - assistant: a message wrapper > `div.chat-assistant` > `div#response-content-container` > the
 *   markdown (IDX), then the footer div right after `.chat-assistant` (CWC), filled when done
 *   with `button.copy-response-button` (CWC) among its buttons (the others INFERRED);
 * - errors and notices: `div[role=alert]` (INFERRED: no source shows Z.ai's error markup);
 * - new chat `nav a[href="/"]`, signed out a "Sign in" link to `/auth` (INFERRED);
 * - `button[data-autothink="false"]` drawn by the composer (CWC; not driven).
 * Not reproduced: reasoning blocks, the model menu, uploads, a virtual list.
 */
import { startReplicaApp, type ReplicaSkin } from '../../shared/app';
import { assistantTurnHandle, clearBanners, decorateCodeBlock, element, notificationsRegion, SendStopSlot, showBanner, sideNav, svgShape } from '../../shared/inferredPieces';

const sendStop = new SendStopSlot();

/** The wrapper every message sits in (Open WebUI's, INFERRED for Z.ai). */
function messageWrapper(thread: HTMLElement): HTMLElement {
  const wrapper = element('div', { class: 'flex flex-col justify-between px-5 mb-3 w-full mx-auto rounded-lg group' });
  thread.append(wrapper);
  return wrapper;
}

const skin: ReplicaSkin = {
  copyMechanism: 'writeText',

  mountShell(root) {
    const { nav, newChat } = sideNav('/', 'New Chat');
    const main = element('main', { id: 'chat-container' });
    const thread = element('div', { id: 'messages-container', class: 'flex flex-col' });
    const form = element('form', { class: 'w-full flex gap-1.5' });
    form.addEventListener('submit', (event) => event.preventDefault());
    const composer = element('textarea', { id: 'chat-input', placeholder: 'Send a Message', rows: '1' });
    const bottom = element('div', { class: 'flex justify-between mt-1' });
    bottom.append(element('button', { type: 'button', 'data-autothink': 'false' }, 'Deep Think'));
    const slot = element('div', { class: 'self-end flex space-x-1 mr-1 shrink-0' });
    const sendButton = element('button', { id: 'send-message-button', type: 'submit', class: 'rounded-full p-1.5 self-center' });
    sendButton.append(svgShape('path', { d: 'M8 14V4.56L4.03 7.78 8 2l4.5 4.5' }, '0 0 16 16'));
    const stopButton = element('button', { class: 'rounded-full p-1.5' });
    stopButton.append(svgShape('rect', { x: '8', y: '8', width: '8', height: '8', rx: '1' }));
    sendStop.mount(slot, sendButton, stopButton);
    bottom.append(slot);
    form.append(composer, bottom);
    main.append(thread, form);
    root.append(nav, main, notificationsRegion());
    return { thread, composer, sendButton, stopButton, newChatButton: newChat };
  },

  mountLoginWall(root) {
    const page = element('div', { class: 'flex flex-col items-center gap-4' });
    page.append(element('h1', {}, 'Z.ai'), element('a', { href: '/auth', class: 'sign-in' }, 'Sign in'));
    root.append(page);
  },

  renderUserTurn(thread, text) {
    const wrapper = messageWrapper(thread);
    const user = element('div', { class: 'chat-user w-full markdown-prose' });
    const bubble = element('div', { class: 'rounded-3xl max-w-[90%] px-4 py-1.5' });
    bubble.append(element('p', {}, text));
    user.append(bubble, element('button', { class: 'edit-user-message-button', 'aria-label': 'Edit' }, '✎'));
    wrapper.append(user);
    return wrapper;
  },

  renderAssistantTurn(thread) {
    const wrapper = messageWrapper(thread);
    const body = element('div', { class: 'flex-auto w-0 pl-1' });
    const assistant = element('div', { class: 'chat-assistant w-full markdown-prose' });
    const container = element('div', { id: 'response-content-container', class: 'w-full flex flex-col relative' });
    const content = element('div');
    container.append(content);
    assistant.append(container);
    const footer = element('div', { class: 'flex justify-start buttons text-gray-600' });
    body.append(assistant, footer);
    wrapper.append(body);
    return assistantTurnHandle(wrapper, content, (copy) => {
      const copyButton = element('button', { class: 'copy-response-button', 'aria-label': 'Copy' }, '⧉');
      copyButton.addEventListener('click', copy);
      footer.append(element('button', { 'aria-label': 'Edit' }, '✎'), copyButton, element('button', { class: 'regenerate-response-button', 'aria-label': 'Regenerate' }, '↻'));
    }, container);
  },

  decorateCodeBlock,
  showBanner,
  clearBanners,

  setGenerating: sendStop.setGenerating,
};

startReplicaApp(skin);

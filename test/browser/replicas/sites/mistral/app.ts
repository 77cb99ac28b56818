/**
 * Le Chat replica (chat.mistral.ai). Sources, read 2026-11-27:
 *   CWC  robertpiosik/CodeWebChat apps/browser/src/content-scripts/send-prompt-content-script/
 *        chatbots/mistral.ts@584e0bde (last changed 25d353db, 2026-08-11): ready and composer
 *        `div[contenteditable="true"]`; incognito `a[href="/incognito"]` (the chat is then at
 *        /incognito); the mode menu (`form path[d="M16 10.5L12 14.5L8 10.5"]` → Fast / Think
 *        `div[role=menuitem]`); generating = no footer yet, or `form rect[rx="2"]`; footer
 *        `div[data-message-author-role="assistant"] > div + div > div:last-child > div:first-child`,
 *        copy its 6th button; the user sends with Enter (CWC waits for the Enter key). Its version
 *        before 5db0fd69 (2025-12-17) finds the answer in `div[data-message-part-type="answer"]`
 *        inside the footer's grandparent
 *   IDX  public code in the index (text only, files not named): "VERIFIED 2026-08-01" selectors
 *        `[data-message-author-role="user"]`, `[data-message-part-type="answer"]`, `.text-hint` (a
 *        timestamp inside the user turn); a reasoning part `data-message-part-type="reasoning"`; a
 *        test page `div[data-message-author-role][data-message-id]`, user text in `div.select-text`,
 *        the answer part holding `div.markdown-container-style`; user bubbles
 *        `.bg-basic-gray-alpha-4`; `button[aria-label="Stop generating"]`; the send button
 *        `button[aria-label="Send question"]` (a script of the textarea era)
 * The page reproduced:
 * - composer: a contenteditable in the page's `form` (CWC), ProseMirror-like here (INFERRED:
 *   the editor library is not named); Enter sends;
 * - send `button[type=submit][aria-label="Send question"]` (IDX; its type INFERRED); while
 *   generating, stop `button[aria-label="Stop generating"]` (IDX) drawn with `rect[rx="2"]` (CWC);
 * - user: `div[data-message-author-role=user][data-message-id]` > `div.bg-basic-gray-alpha-4` >
 *   `div.select-text` > span, then `div.text-hint` with the time (IDX);
 * - assistant: `div[data-message-author-role=assistant][data-message-id]` > a header div, then the
 *   body div > the parts `div[data-message-part-type=answer]` > `div.markdown-container-style`
 *   (IDX), and once done the footer `div > div` of seven buttons, Copy the 6th (CWC; the other
 *   buttons and their order are INFERRED);
 * - errors and notices: `div[role=alert]` (INFERRED: no source shows Le Chat's error markup);
 * - new chat `a[href="/chat"]` (INFERRED from CWC's start address), incognito `a[href="/incognito"]`
 *   (CWC): clicking it takes the tab to /incognito, where CWC reads that it is on, and the chat
 *   sent from there is incognito (shared/temporaryChatLink.ts); a new chat leaves it (INFERRED);
 *   nothing else on the page shows it (no source);
 * - signed out: a page with "Log in" / "Sign up" links to auth.mistral.ai (INFERRED).
 * Not reproduced: a reload at /incognito, the mode menu, reasoning parts, uploads, a virtual list.
 */
import { startReplicaApp, type ReplicaSkin } from '../../shared/app';
import { assistantTurnHandle, clearBanners, decorateCodeBlock, element, notificationsRegion, SendStopSlot, showBanner, sideNav, svgShape } from '../../shared/inferredPieces';
import { attachProseMirror } from '../../shared/proseMirror';
import { temporaryChatLink } from '../../shared/temporaryChatLink';



const sendStop = new SendStopSlot();

const skin: ReplicaSkin = {
  copyMechanism: 'writeText',

  mountShell(root) {
    const { nav, newChat } = sideNav('/chat', 'New chat', ['/incognito', 'Incognito']);
    const main = element('main', { class: 'flex flex-col' });
    const thread = element('div', { class: 'flex flex-col gap-4' });
    const form = element('form', { class: 'relative w-full' });
    form.addEventListener('submit', (event) => event.preventDefault());
    const composer = element('div', { contenteditable: 'true', class: 'ProseMirror', translate: 'no' });
    attachProseMirror(composer);
    const bar = element('div', { class: 'flex items-center gap-2' });
    const mode = element('button', { type: 'button', 'aria-haspopup': 'menu' }, 'Fast');
    mode.append(svgShape('path', { d: 'M16 10.5L12 14.5L8 10.5' }));
    const controls = element('div', { class: 'ms-auto flex' });
    const sendButton = element('button', { type: 'submit', 'aria-label': 'Send question' });
    sendButton.append(svgShape('path', { d: 'M12 19V5M5 12l7-7 7 7' }));
    const stopButton = element('button', { type: 'button', 'aria-label': 'Stop generating' });
    stopButton.append(svgShape('rect', { x: '7', y: '7', width: '10', height: '10', rx: '2' }));
    sendStop.mount(controls, sendButton, stopButton);
    bar.append(mode, controls);
    form.append(composer, bar);
    main.append(thread, form);
    root.append(nav, main, notificationsRegion());
    return { thread, composer, sendButton, stopButton, newChatButton: newChat };
  },

  mountLoginWall(root) {
    const page = element('div', { class: 'flex flex-col items-center gap-4' });
    page.append(element('h1', {}, 'Le Chat'), element('a', { href: 'https://auth.mistral.ai/ui/login' }, 'Log in'), element('a', { href: 'https://auth.mistral.ai/ui/registration' }, 'Sign up'));
    root.append(page);
  },

  renderUserTurn(thread, text, turnId) {
    const turn = element('div', { 'data-message-author-role': 'user', 'data-message-id': `u-${turnId}`, class: 'flex flex-col ms-auto' });
    const bubble = element('div', { class: 'bg-basic-gray-alpha-4 rounded-3xl px-4 py-2' });
    const selectable = element('div', { class: 'select-text' });
    selectable.append(element('span', {}, text));
    bubble.append(selectable);
    turn.append(bubble, element('div', { class: 'text-hint text-xs' }, '10:01pm'));
    thread.append(turn);
    return turn;
  },

  renderAssistantTurn(thread, turnId) {
    const turn = element('div', { 'data-message-author-role': 'assistant', 'data-message-id': `a-${turnId}`, class: 'flex flex-col gap-1' });
    const header = element('div', { class: 'flex items-center gap-2' }, 'Le Chat');
    const body = element('div', { class: 'flex flex-col' });
    const parts = element('div', { class: 'flex flex-col gap-2' });
    const answer = element('div', { 'data-message-part-type': 'answer' });
    const content = element('div', { class: 'markdown-container-style' });
    answer.append(content);
    parts.append(answer);
    body.append(parts);
    turn.append(header, body);
    thread.append(turn);
    return assistantTurnHandle(turn, content, (copy) => {
      const row = element('div', { class: 'flex items-center justify-between' });
      const footer = element('div', { class: 'flex items-center gap-0.5' });
      for (let index = 1; index <= 7; index += 1) {
        const button = element('button', { type: 'button', class: 'icon-button' }, index === 6 ? '⧉' : '·');
        if (index === 6) button.addEventListener('click', copy);
        footer.append(button);
      }
      row.append(footer);
      body.append(row);
    }, parts);
  },

  decorateCodeBlock,
  showBanner,
  clearBanners,

  setGenerating: sendStop.setGenerating,
};

startReplicaApp({ ...skin, temporaryChat: temporaryChatLink('/incognito') });

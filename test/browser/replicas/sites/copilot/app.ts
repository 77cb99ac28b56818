/**
 * Microsoft Copilot replica (copilot.microsoft.com). Sources, read 2026-11-27:
 *   CWC  robertpiosik/CodeWebChat apps/browser/src/content-scripts/send-prompt-content-script/
 *        chatbots/copilot.ts@584e0bde (last changed 25d353db, 2026-08-11): ready and composer
 *        `textarea`; generating = `button[data-testid="stop-button"]` in the page; footer
 *        `div[data-testid="message-item-reactions"]`, copy
 *        `button[data-testid="copy-ai-message-button"]`; the user sends with Enter (CWC waits for
 *        the Enter key)
 *   IDX  public code in the index (text only, files not named): turns `[data-content="user-message"]`
 *        / `[data-content="ai-message"]` (marked verified against a real chat 2026-08-01, each
 *        turn prefixed by screen-reader text "You said" / "Copilot said"); the answer
 *        `[data-testid="ai-message-body"]`
 * The page reproduced:
 * - composer `form` > `textarea` (its id `userInput` INFERRED); Enter sends; a send button with no
 *   evidenced name (INFERRED, the adapter does not use it), replaced while generating by
 *   `button[data-testid="stop-button"]` (CWC);
 * - user `div[data-content="user-message"]` with a screen-reader "You said" (IDX);
 * - assistant `div[data-content="ai-message"]` with "Copilot said" (IDX) > `div[data-testid=
 *   "ai-message-body"]` (IDX), then, once done, `div[data-testid="message-item-reactions"]` with
 *   the copy button first (CWC; its place inside the message and the other buttons INFERRED);
 * - errors and notices: `div[role=alert]` (INFERRED: no source shows Copilot's error markup);
 * - new chat `nav a[href="/"]`, signed out a "Sign in" link to login.microsoftonline.com
 *   (INFERRED).
 * Not reproduced: modes (Smart, Think Deeper), uploads, a virtual list.
 */
import { startReplicaApp, type ReplicaSkin } from '../../shared/app';
import { assistantTurnHandle, clearBanners, decorateCodeBlock, element, notificationsRegion, SendStopSlot, showBanner, sideNav } from '../../shared/inferredPieces';

const sendStop = new SendStopSlot();

const skin: ReplicaSkin = {
  copyMechanism: 'writeText',

  mountShell(root) {
    const { nav, newChat } = sideNav('/', 'New chat');
    const main = element('main', {});
    const thread = element('div', { class: 'flex flex-col gap-4' });
    const form = element('form', { class: 'relative' });
    form.addEventListener('submit', (event) => event.preventDefault());
    const composer = element('textarea', { id: 'userInput', placeholder: 'Message Copilot', rows: '1' });
    const slot = element('div', { class: 'flex' });
    const sendButton = element('button', { type: 'button', title: 'Submit message' }, '↑');
    const stopButton = element('button', { type: 'button', 'data-testid': 'stop-button', title: 'Interrupt message' }, '■');
    sendStop.mount(slot, sendButton, stopButton);
    form.append(composer, slot);
    main.append(thread, form);
    root.append(nav, main, notificationsRegion());
    return { thread, composer, sendButton, stopButton, newChatButton: newChat };
  },

  mountLoginWall(root) {
    const page = element('div', { class: 'flex flex-col items-center gap-4' });
    page.append(element('h1', {}, 'Copilot'), element('a', { href: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize' }, 'Sign in'));
    root.append(page);
  },

  renderUserTurn(thread, text) {
    const turn = element('div', { 'data-content': 'user-message', class: 'group/user-message' });
    turn.append(element('span', { class: 'sr-only' }, 'You said'), element('div', { class: 'whitespace-pre-wrap' }, text));
    thread.append(turn);
    return turn;
  },

  renderAssistantTurn(thread) {
    const turn = element('div', { 'data-content': 'ai-message', class: 'group/ai-message' });
    const content = element('div', { 'data-testid': 'ai-message-body' });
    turn.append(element('span', { class: 'sr-only' }, 'Copilot said'), content);
    thread.append(turn);
    return assistantTurnHandle(turn, content, (copy) => {
      const reactions = element('div', { 'data-testid': 'message-item-reactions', class: 'flex' });
      const copyButton = element('button', { type: 'button', 'data-testid': 'copy-ai-message-button', title: 'Copy' }, '⧉');
      copyButton.addEventListener('click', copy);
      reactions.append(copyButton, element('button', { type: 'button', title: 'Like' }, '+'), element('button', { type: 'button', title: 'Dislike' }, '-'));
      turn.append(reactions);
    }, turn);
  },

  decorateCodeBlock,
  showBanner,
  clearBanners,

  setGenerating: sendStop.setGenerating,
};

startReplicaApp(skin);

/**
 * Grok replica (grok.com). Sources, read 2026-11-27:
 *   CWC  robertpiosik/CodeWebChat apps/browser/src/content-scripts/send-prompt-content-script/
 *        chatbots/grok.ts@584e0bde (file last changed 25d353db, 2026-08-11): ready check `.is-empty`,
 *        composer `div[contenteditable="true"]`, private chat `a[href="/c#private"]`, generating =
 *        the stop icon `path[d="M4 9.2v5.6c0 1.116…"]` in the page, the answer's footer
 *        `div.items-start div.action-buttons > div`, copy = its first button; the user sends with
 *        Enter (CWC fills the composer and waits for the user's Enter key)
 *   TOK  jazelly/tokenless test/fixtures/provider-dom/grok/signed-in-unknown/composer-idle.html
 *        @6413e3dc (observed 2026-07-17): `div.tiptap.ProseMirror[contenteditable=true]
 *        [role=textbox][aria-label="Ask Grok anything"][aria-multiline=true]`; file-input-ready.html
 *        @7c808aa2: `button[data-testid=attach-button][aria-label=Attach]`, `input[type=file]
 *        [name=files][multiple][hidden]` (not reproduced: no chip evidence)
 *   IDX  public scripts in the code index (text only, files not named by the index):
 *        `.message-bubble` is a message, a user's carries `bg-surface-l1` (hsrvc/clawd-skills
 *        ask-grok/SKILL.md); user turns are `.items-end`, the assistant's `.items-start`, the
 *        answer `.response-content-markdown` inside `div.message-bubble`; the send button
 *        `button[aria-label="Submit"][type="submit"]`
 * The page reproduced:
 * - composer: TOK's tiptap editor (a `<p>` per line, `.is-empty` on the empty paragraph as tiptap
 *   does: INFERRED from CWC's ready check), in a `form` (INFERRED) with the Submit button (IDX)
 *   and, while generating, the stop button drawn with CWC's icon path (its label is INFERRED);
 * - turns: user `div.relative.group.flex.flex-col.items-end` > `div.message-bubble.bg-surface-l1`
 *   (IDX); assistant `div[id^="response-"].items-start` > `div.message-bubble` >
 *   `div.response-content-markdown` (IDX), then `div.action-buttons > div` with Copy first (CWC),
 *   added when the answer is done (INFERRED: CWC finds it only once not generating);
 * - errors and notices: `div[role=alert]` (INFERRED: no source shows Grok's error markup); the
 *   wording is the server's default;
 * - new chat: the side bar's `a[href="/"]` (INFERRED: no source shows Grok's new-chat control);
 * - signed out: a "Sign in" / "Sign up" page (INFERRED markup: no capture of it was found).
 * - private chat: the side bar's `a[href="/c#private"]` (CWC); clicking it takes the tab to
 *   /c#private and the chat sent from there is private (INFERRED: CWC only clicks it;
 *   shared/temporaryChatLink.ts); a new chat leaves it (INFERRED); nothing else on the page shows
 *   it (no source).
 * Not reproduced: the model menu, thinking, uploads, a virtual list, a reload at /c#private.
 */
import { startReplicaApp, type ReplicaSkin } from '../../shared/app';
import { assistantTurnHandle, clearBanners, decorateCodeBlock, element, notificationsRegion, SendStopSlot, showBanner, sideNav, svgShape } from '../../shared/inferredPieces';
import { attachProseMirror } from '../../shared/proseMirror';
import { temporaryChatLink } from '../../shared/temporaryChatLink';

/** CWC's stop icon (the whole path: the adapter matches its start). */
export const GROK_STOP_PATH = 'M4 9.2v5.6c0 1.116 0 1.673.11 2.134a4 4 0 0 0 2.956 2.956c.46.11 1.018.11 2.134.11h5.6c1.116 0 1.673 0 2.134-.11a4 4 0 0 0 2.956-2.956c.11-.46.11-1.018.11-2.134V9.2c0-1.116 0-1.673-.11-2.134a4 4 0 0 0-2.956-2.955C16.474 4 15.916 4 14.8 4H9.2c-1.116 0-1.673 0-2.134.11a4 4 0 0 0-2.955 2.956C4 7.526 4 8.084 4 9.2Z';



const sendStop = new SendStopSlot();

/** tiptap marks the empty paragraph `.is-empty` (what CWC's ready check waits for). */
function markEmpty(composer: HTMLElement): void {
  const empty = (composer.textContent ?? '').trim() === '';
  composer.querySelectorAll('p').forEach((paragraph, index) => paragraph.classList.toggle('is-empty', empty && index === 0));
}

const skin: ReplicaSkin = {
  copyMechanism: 'writeText',

  mountShell(root) {
    const main = element('main', { class: 'h-dvh flex flex-col' });
    const { nav: sidebar, newChat } = sideNav('/', 'New chat', ['/c#private', 'Private']);
    const thread = element('div', { class: 'flex flex-col items-center w-full max-w-breakout' });
    const form = element('form', { class: 'bottom-0 w-full text-base flex flex-col gap-2 items-center' });
    form.addEventListener('submit', (event) => event.preventDefault());
    const box = element('div', { class: 'query-bar group relative w-full rounded-3xl' });
    const composer = element('div', { class: 'tiptap ProseMirror', contenteditable: 'true', role: 'textbox', 'aria-label': 'Ask Grok anything', 'aria-multiline': 'true', translate: 'no' });
    attachProseMirror(composer);
    composer.addEventListener('input', () => markEmpty(composer));
    const controls = element('div', { class: 'flex gap-1.5 absolute inset-x-0 bottom-0' });
    controls.append(element('button', { type: 'button', 'data-testid': 'attach-button', 'aria-label': 'Attach', 'aria-haspopup': 'menu' }, '+'));
    const submitSlot = element('div', { class: 'ms-auto flex flex-row items-end gap-1' });
    const sendButton = element('button', { type: 'submit', 'aria-label': 'Submit', class: 'group flex flex-col justify-center rounded-full' });
    sendButton.append(svgShape('path', { d: 'M5 11l7-7 7 7M12 4v16' }));
    const stopButton = element('button', { type: 'button', 'aria-label': 'Stop model response', class: 'group flex flex-col justify-center rounded-full' });
    stopButton.append(svgShape('path', { d: GROK_STOP_PATH }));
    sendStop.mount(submitSlot, sendButton, stopButton);
    controls.append(submitSlot);
    box.append(composer, controls);
    form.append(box);
    main.append(sidebar, thread, form);
    root.append(main, notificationsRegion());
    markEmpty(composer);
    return { thread, composer, sendButton, stopButton, newChatButton: newChat };
  },

  mountLoginWall(root) {
    const page = element('div', { class: 'flex flex-col items-center gap-4' });
    page.append(element('h1', {}, 'Grok'), element('a', { href: 'https://accounts.x.ai/sign-in', class: 'sign-in' }, 'Sign in'), element('a', { href: 'https://accounts.x.ai/sign-up', class: 'sign-up' }, 'Sign up'));
    root.append(page);
  },

  renderUserTurn(thread, text, turnId) {
    const turn = element('div', { id: `response-user-${turnId}`, class: 'relative group flex flex-col justify-center w-full items-end' });
    const bubble = element('div', { class: 'message-bubble relative rounded-3xl bg-surface-l1 px-4 py-2.5' });
    const markdown = element('div', { class: 'response-content-markdown markdown' });
    markdown.append(element('p', { class: 'break-words' }, text));
    bubble.append(markdown);
    turn.append(bubble);
    thread.append(turn);
    return turn;
  },

  renderAssistantTurn(thread, turnId) {
    const turn = element('div', { id: `response-${turnId}`, class: 'relative group flex flex-col justify-center w-full items-start' });
    const bubble = element('div', { class: 'message-bubble relative w-full max-w-none' });
    const content = element('div', { class: 'relative response-content-markdown markdown' });
    bubble.append(content);
    const actions = element('div', { class: 'action-buttons flex flex-row items-center' });
    turn.append(bubble, actions);
    thread.append(turn);
    return assistantTurnHandle(turn, content, (copy) => {
      const row = element('div', { class: 'flex items-center gap-[2px]' });
      const copyButton = element('button', { type: 'button', 'aria-label': 'Copy' }, '⧉');
      copyButton.addEventListener('click', copy);
      row.append(copyButton, element('button', { type: 'button', 'aria-label': 'Regenerate' }, '↻'), element('button', { type: 'button', 'aria-label': 'Like' }, '+'), element('button', { type: 'button', 'aria-label': 'Dislike' }, '-'));
      actions.append(row);
    }, bubble);
  },

  decorateCodeBlock,
  showBanner,
  clearBanners,

  setGenerating: sendStop.setGenerating,
};

startReplicaApp({ ...skin, temporaryChat: temporaryChatLink('/c#private') });

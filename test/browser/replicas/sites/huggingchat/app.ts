/**
 * HuggingChat replica (huggingface.co/chat). Sources, read 2026-11-27:
 *   CWC  robertpiosik/CodeWebChat apps/browser/src/content-scripts/send-prompt-content-script/
 *        chatbots/hugging-chat.ts@584e0bde (last changed 25d353db, 2026-08-11): composer
 *        `textarea`; generating = `button.stop-generating-btn` in the page; footer
 *        `div[data-message-role="assistant"] > div:nth-child(3)`; the thinking-effort button
 *        `button[aria-label="Select thinking effort"]`; the model link `form + div > a`
 *   HF   huggingface/chat-ui at c100c162 (2026-08-21), the app HuggingChat runs:
 *        src/lib/components/chat/ChatWindow.svelte (6ca4b34c): the composer `form`, send
 *        `button[type=submit][aria-label="Send message"][name=submit]` disabled while the draft is
 *        empty, replaced while loading by StopGeneratingBtn; below the form a line with the
 *        model link "Model: <name>";
 *        StopGeneratingBtn.svelte (4b949c85): `button.stop-generating-btn[aria-label="Stop
 *        generating"]` with a `span.sr-only`;
 *        chat/ChatInput.svelte (e1b48060): `textarea`, placeholder "Ask anything", Enter sends
 *        when the text is not blank;
 *        chat/ChatMessage.svelte (9e31ac82): user `div[data-message-type="user"]` > `p`; assistant
 *        `div[data-message-role="assistant"]` > avatar, bubble `div.rounded-2xl` > content div >
 *        `div.prose` blocks, then, once done, the footer `div.absolute` with
 *        CopyToClipBoardBtn then a Retry button;
 *        CopyToClipBoardBtn.svelte (be4e9355): `button[title="Copy to clipboard"]`, writes the
 *        answer's markdown with navigator.clipboard.writeText;
 *        NavMenu.svelte (00372794): the "New Chat" link `a[href="/chat/"]`;
 *        Toast.svelte (4b949c85): errors as a fixed `div.pointer-events-none` > `div` > `h2`
 *        message;
 * INFERRED here: a turn's own error as `div[role=alert]` in the bubble (chat-ui shows the toast
 * and a disabled composer reading "Sorry, something went wrong."), the code-block header (chat-ui
 * draws its own, not read), the avatar's markup, the signed-out page (a link to `/chat/login`).
 * Not reproduced: thinking blocks, tool calls, alternatives, uploads, the model dialog.
 */
import { startReplicaApp, type ReplicaSkin } from '../../shared/app';
import { assistantTurnHandle, decorateCodeBlock, element, SendStopSlot } from '../../shared/inferredPieces';

const sendStop = new SendStopSlot();

/** The messages' `data-message-id`s (chat-ui's are the stored message ids). */
let nextMessageId = 0;
const messageId = (): string => `replica-message-${++nextMessageId}`;

const skin: ReplicaSkin = {
  copyMechanism: 'writeText',

  mountShell(root) {
    const nav = element('nav', { class: 'flex flex-col' });
    const newChat = element('a', { href: '/chat/', title: 'Ctrl/Cmd + Shift + O' }, 'New Chat');
    newChat.addEventListener('click', (event) => event.preventDefault());
    nav.append(newChat);
    const main = element('main', {});
    const thread = element('div', { 'aria-label': 'Conversation messages', class: 'flex flex-col gap-8' });
    const form = element('form', { tabindex: '-1', class: 'relative flex w-full max-w-4xl flex-1 items-center rounded-xl border' });
    form.addEventListener('submit', (event) => event.preventDefault());
    const inner = element('div', { class: 'flex w-full flex-1 rounded-xl border-none bg-transparent' });
    const composer = element('textarea', { rows: '1', placeholder: 'Ask anything', class: 'scroll-p-3 w-full resize-none' });
    const slot = element('span', { class: 'contents' });
    const sendButton = element('button', { class: 'absolute right-2 bottom-2 btn', type: 'submit', 'aria-label': 'Send message', name: 'submit' }, '↑');
    const stopButton = element('button', { type: 'button', class: 'stop-generating-btn btn stop-generating-btn--spinning', 'aria-label': 'Stop generating' });
    stopButton.append(element('span', { class: 'sr-only' }, 'Stop generating'), '■');
    sendStop.mount(slot, sendButton, stopButton);
    inner.append(composer, slot);
    form.append(inner);
    const below = element('div', { class: 'mt-1.5 flex h-5 items-center text-xs' });
    below.append(element('a', { href: '/chat/settings/model', class: 'inline-flex' }, 'Model: replica-model'));
    main.append(thread, form, below);
    root.append(nav, main);
    return { thread, composer, sendButton, stopButton, newChatButton: newChat };
  },

  mountLoginWall(root) {
    const page = element('div', { class: 'flex flex-col items-center gap-4' });
    page.append(element('h1', {}, 'HuggingChat'), element('a', { href: '/chat/login' }, 'Sign in with Hugging Face'));
    root.append(page);
  },

  renderUserTurn(thread, text) {
    const turn = element('div', { class: 'group relative w-full items-start justify-start gap-4', 'data-message-id': messageId(), 'data-message-type': 'user', role: 'presentation' });
    const column = element('div', { class: 'flex w-full flex-col gap-2' });
    const row = element('div', { class: 'flex w-full flex-row flex-nowrap' });
    row.append(element('p', { class: 'disabled w-full appearance-none bg-inherit px-5 py-3.5 whitespace-break-spaces' }, text));
    column.append(row);
    turn.append(column);
    thread.append(turn);
    return turn;
  },

  renderAssistantTurn(thread) {
    const turn = element('div', { class: 'group relative -mb-4 flex w-fit max-w-full items-start gap-4 pb-4', 'data-message-id': messageId(), 'data-message-role': 'assistant', role: 'presentation' });
    const bubble = element('div', { class: 'relative flex min-w-[60px] flex-col gap-2 rounded-2xl border px-5 py-3.5' });
    const contentEl = element('div');
    const content = element('div', { class: 'prose max-w-none' });
    contentEl.append(content);
    bubble.append(contentEl);
    turn.append(element('div', { class: 'mt-5 size-3.5 flex-none rounded-full' }), bubble);
    thread.append(turn);
    return assistantTurnHandle(turn, content, (copy) => {
      const footer = element('div', { class: 'absolute -bottom-3.5 right-1 flex items-center gap-0.5' });
      const copyButton = element('button', { class: 'btn rounded-xs p-1 text-sm', title: 'Copy to clipboard', type: 'button' }, '⧉');
      copyButton.addEventListener('click', copy);
      footer.append(copyButton, element('button', { class: 'btn rounded-xs p-1 text-xs', title: 'Retry', type: 'button' }, '↻'));
      turn.append(footer);
    }, bubble);
  },

  decorateCodeBlock,

  // The page's errors are chat-ui's Toast: a fixed overlay holding the message in an h2 (HF).
  showBanner(_shell, kind, message) {
    const toast = element('div', { class: 'pointer-events-none fixed top-12 right-0 z-50', 'data-kind': kind });
    const pill = element('div', { class: 'pointer-events-auto flex items-center rounded-full' });
    pill.append(element('h2', { class: 'line-clamp-2 max-w-2xl font-semibold' }, message));
    toast.append(pill);
    document.body.append(toast);
  },

  clearBanners() {
    for (const toast of document.querySelectorAll('div.pointer-events-none.fixed')) toast.remove();
  },

  setGenerating: sendStop.setGenerating,
};

startReplicaApp(skin);

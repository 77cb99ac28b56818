/**
 * Open WebUI replica (a self-hosted instance's chat page). Evidence: Open WebUI's own source,
 * open-webui/open-webui, read through the public code index on 2026-11-27 at these commits:
 *   MI  src/lib/components/chat/MessageInput.svelte@562112e6
 *   RM  src/lib/components/chat/Messages/ResponseMessage.svelte@d79ba4ac
 *   UM  src/lib/components/chat/Messages/UserMessage.svelte@306c598a
 *   ER  src/lib/components/chat/Messages/Error.svelte@68d4e92f
 *   CR  src/lib/components/chat/Messages/ContentRenderer.svelte@99241ada
 *   TT  src/lib/components/common/Tooltip.svelte@7c489ffe
 *   AU  src/routes/auth/+page.svelte@54871846
 *   TC  the app layout's start-up: `?temporary-chat=true` turns the temporary chat on (see the
 *       adapter's header, src/browser/adapters/openwebui.ts)
 * The page reproduced, most stable selector first:
 * - composer: `div#chat-input-container` > the rich-text editor `#chat-input` (MI passes the id to
 *   RichTextInput, a TipTap / ProseMirror editor; the id ON the contenteditable is INFERRED from MI
 *   focusing `getElementById('chat-input')`); Enter sends, the form's submit is the send button;
 *   the hidden `input[type=file][multiple]` before the form (MI; the file chips: ./uploads.ts);
 * - controls `form div.self-end`: dictate `button#voice-input-button` while idle; then one of stop
 *   (while the last message is not done: no id / label / type, stop-circle path icon), voice mode
 *   `button[aria-label="Call"]` (prompt and files empty) or `button#send-message-button
 *   [type=submit]` (MI); the Tooltip wrapper `div.flex` names nothing (TT);
 * - messages in `#messages-container`; each one wrapped in `div.px-5.mb-3.group` (Message.svelte,
 *   not read: INFERRED). User: `div#message-<id>.user-message.group` > `div.chat-user.markdown-prose`
 *   > bubble `div.rounded-3xl`, then its own buttons (edit `.edit-user-message-button`, copy) (UM).
 *   Assistant: `div#message-<id>.message-<id>` > profile image + `div.flex-auto` > model name, then
 *   `div.chat-assistant.markdown-prose` > div > [status line `div.status-description` with
 *   `.shimmer` while not done] + `div#response-content-container` > [ContentRenderer's bare root
 *   `div` with the markdown, its hidden floating Ask / Explain buttons (CR), the error box when
 *   one], then `div.buttons`,
 *   empty until `done`, then Edit, Copy `button.copy-response-button[aria-label="Copy"]`, Read
 *   Aloud, Good / Bad Response (not in a temporary chat), Continue Response, Regenerate (RM);
 * - errors: in the message, ER's box `div.flex.my-2.border.border-red-600/10.bg-red-600/10` with
 *   the backend's text; page notices as svelte-sonner toasts (./pieces.ts, INFERRED markup). The
 *   wording is the backend's, so the server's default wording is kept;
 * - code blocks: CodeBlock.svelte is not read; a wrapper holding the language label, a "Copy"
 *   `button.copy-code-button` (the class the page's Ctrl+Shift+; shortcut clicks, in the code
 *   index's copy of the app layout) and the `<pre><code>` (INFERRED shape);
 * - copy: navigator.clipboard.writeText of the message's markdown source (RM copyToClipboard ->
 *   $lib/utils copyToClipboard; its formatted-copy option is off by default);
 * - sign-in: /auth (AU, ./pieces.ts); no guest chat;
 * - temporary chat: `?temporary-chat=true` (TC); a new chat leaves it.
 */
import { startReplicaApp, type ReplicaShell, type ReplicaSkin } from '../../shared/app';
import { attachProseMirror, readProseMirror } from '../../shared/proseMirror';
import { composerControls, element, mountOpenWebUiSignIn, toast, toaster, type OpenWebUiControls } from './pieces';
import { openWebUiUploads } from './uploads';

let controls: OpenWebUiControls | undefined;
let generatingNow = false;
/** The chat is temporary (rating buttons are not shown then, RM). */
let temporaryNow = false;

function composerEmpty(composer: HTMLElement): boolean {
  return (readProseMirror(composer) ?? composer.textContent ?? '').trim() === '';
}

/** The wrapper every message sits in (Message.svelte, INFERRED). */
function messageWrapper(): HTMLElement {
  return element('div', { class: 'flex flex-col justify-between px-5 mb-3 w-full max-w-5xl mx-auto rounded-lg group' });
}

/** A footer icon button of a message (RM / UM). */
function footerButton(label: string, extraClass = ''): HTMLButtonElement {
  return element('button', { 'aria-label': label, class: `visible p-1.5 hover:bg-black/5 rounded-lg transition ${extraClass}`.trim() }, label === 'Copy' ? '⧉' : '·');
}

const skin: ReplicaSkin = {
  copyMechanism: 'writeText',
  attachments: openWebUiUploads,

  mountShell(root) {
    const app = element('div', { class: 'app relative' });
    const container = element('div', { id: 'chat-container', class: 'h-screen max-h-[100dvh] flex flex-col' });
    const navbar = element('nav', { class: 'sticky top-0 z-30 w-full px-1.5 py-1.5' });
    navbar.append(element('button', { id: 'model-selector-0-button', class: 'model-selector' }, 'llama3.2:latest'));
    const messages = element('div', { id: 'messages-container', class: 'pb-2.5 flex flex-col justify-between w-full flex-auto overflow-auto' });
    const thread = element('div', { class: 'h-full w-full flex flex-col' });
    messages.append(thread);
    const input = element('div', { class: 'w-full font-primary' });
    const fileInput = element('input', { type: 'file', hidden: '', multiple: '' });
    const form = element('form', { class: 'w-full flex gap-1.5' });
    // The page dispatches its own submit; a real form post would leave the page.
    form.addEventListener('submit', (event) => event.preventDefault());
    const box = element('div', { class: 'flex-1 flex flex-col relative w-full shadow-lg rounded-3xl border px-1' });
    const editorWrap = element('div', { class: 'px-2.5' });
    const editorContainer = element('div', { id: 'chat-input-container', class: 'scrollbar-hidden w-full pt-2.5 pb-[5px] px-1 resize-none h-fit max-h-80 overflow-auto' });
    const composer = element('div', { id: 'chat-input', class: 'ProseMirror', contenteditable: 'true', translate: 'no', 'data-placeholder': 'Send a Message' });
    attachProseMirror(composer);
    editorContainer.append(composer);
    editorWrap.append(editorContainer);
    const bottom = element('div', { class: 'flex justify-between mt-1 mb-2.5 mx-0.5 max-w-full' });
    const menu = element('div', { class: 'ml-1 self-end flex items-center flex-1 max-w-[80%] gap-0.5' });
    menu.append(element('button', { type: 'button', 'aria-label': 'More', class: 'bg-transparent transition rounded-full p-1.5' }, '+'));
    controls = composerControls();
    generatingNow = false;
    controls.show({ generating: false, empty: true });
    composer.addEventListener('input', () => controls?.show({ generating: generatingNow, empty: composerEmpty(composer) }));
    bottom.append(menu, controls.box);
    box.append(editorWrap, bottom);
    form.append(box);
    input.append(fileInput, form);
    container.append(navbar, messages, input);
    app.append(container, toaster());
    root.append(app);
    return { thread, composer, sendButton: controls.send, stopButton: controls.stop };
  },

  mountLoginWall: mountOpenWebUiSignIn,

  renderUserTurn(thread, text, turnId) {
    const wrapper = messageWrapper();
    const message = element('div', { class: 'flex w-full user-message group', dir: 'ltr', id: `message-user-${turnId}` });
    const column = element('div', { class: 'flex-auto w-0 max-w-full pl-1' });
    const prose = element('div', { class: 'chat-user w-full min-w-full markdown-prose' });
    const bubbleRow = element('div', { class: 'flex justify-end pb-1' });
    const bubble = element('div', { class: 'rounded-3xl max-w-[90%] px-4 py-1.5 bg-gray-50' });
    bubble.append(element('p', {}, text));
    bubbleRow.append(bubble);
    prose.append(element('div', { class: 'w-full' }, ''), bubbleRow);
    const buttons = element('div', { class: 'flex justify-end text-gray-600' });
    buttons.append(footerButton('Edit', 'edit-user-message-button'), footerButton('Copy'));
    prose.append(buttons);
    column.append(prose);
    message.append(column);
    wrapper.append(message);
    thread.append(wrapper);
    return wrapper;
  },

  renderAssistantTurn(thread, turnId) {
    const wrapper = messageWrapper();
    const id = `assistant-${turnId}`;
    const message = element('div', { class: `flex w-full message-${id}`, id: `message-${id}`, dir: 'ltr', 'data-replica-assistant': '' });
    const avatar = element('div', { class: 'shrink-0 ltr:mr-3 hidden @lg:flex' });
    avatar.append(element('img', { src: '/static/favicon.png', alt: '', class: 'size-8 rounded-full' }));
    const column = element('div', { class: 'flex-auto w-0 pl-1 relative' });
    column.append(element('div', { class: 'self-end text-base flex items-center gap-1' }, 'llama3.2:latest'));
    const body = element('div');
    const prose = element('div', { class: 'chat-assistant w-full min-w-full markdown-prose' });
    const inner = element('div');
    const container = element('div', { class: 'w-full flex flex-col relative', id: 'response-content-container' });
    const content = element('div');
    const floating = element('div', { class: 'absolute rounded-lg mt-1 text-xs z-[9999]', style: 'display: none' });
    container.append(content, floating);
    inner.append(container);
    prose.append(inner);
    const buttons = element('div', { class: 'flex justify-start overflow-x-auto buttons text-gray-600 mt-0.5' });
    body.append(prose, buttons);
    column.append(body);
    message.append(avatar, column);
    wrapper.append(message);
    thread.append(wrapper);
    let status: HTMLElement | undefined;
    let finished = false;
    return {
      content,
      listItem: wrapper,
      setStreaming(streaming) {
        message.toggleAttribute('data-replica-streaming', streaming);
      },
      setThinking(text) {
        if (text === null) {
          // The status is done: its line stays, without the shimmer (RM).
          status?.querySelector('.shimmer')?.classList.remove('shimmer');
          return;
        }
        if (!status) {
          status = element('div', { class: 'status-description flex items-center gap-2 py-0.5' });
          status.append(element('div', { class: 'flex flex-col justify-center -space-y-0.5' }));
          inner.prepend(status);
        }
        status.firstElementChild!.replaceChildren(element('div', { class: 'shimmer text-gray-500 text-base line-clamp-1 text-wrap' }, text));
      },
      finish(copy) {
        if (finished) return;
        finished = true;
        const copyButton = footerButton('Copy', 'copy-response-button');
        copyButton.addEventListener('click', copy);
        buttons.append(footerButton('Edit'), copyButton, footerButton('Read Aloud'));
        if (!temporaryNow) buttons.append(footerButton('Good Response'), footerButton('Bad Response'));
        const again = footerButton('Continue Response', 'regenerate-response-button');
        again.id = 'continue-response-button';
        buttons.append(again, footerButton('Regenerate', 'regenerate-response-button'));
      },
      showError(messageText) {
        const box = element('div', { class: 'flex my-2 gap-2.5 border px-4 py-3 border-red-600/10 bg-red-600/10 rounded-lg' });
        box.append(element('div', { class: 'self-start mt-0.5' }, 'ⓘ'), element('div', { class: 'self-center text-sm' }, messageText));
        container.append(box);
      },
    };
  },

  decorateCodeBlock(pre, language, copy) {
    // One wrapper per block: its language label and Copy button, then the code (INFERRED shape).
    const block = element('div', { class: 'relative my-2 flex flex-col rounded-lg' });
    block.append(element('div', { class: 'text-xs font-medium p-1' }, language));
    const copyButton = element('button', { class: 'copy-code-button bg-none border-none p-1' }, 'Copy');
    copyButton.addEventListener('click', copy);
    pre.replaceWith(block);
    block.append(copyButton, pre);
  },

  showBanner(shell, kind, message) {
    const root = shell.thread.closest('.app')!;
    toast(root as HTMLElement, kind === 'limit_notice' ? 'info' : 'error', message, kind);
  },

  clearBanners(shell: ReplicaShell) {
    shell.thread.closest('.app')!.querySelector('ol[data-sonner-toaster]')!.innerHTML = '';
  },

  setGenerating(shell, generating) {
    generatingNow = generating;
    controls?.show({ generating, empty: composerEmpty(shell.composer) });
  },

  temporaryChat: {
    urlParam: 'temporary-chat',
    mount(_root, on) {
      temporaryNow = on;
    },
  },
};

startReplicaApp(skin);

/**
 * Kimi replica (www.kimi.com). Sources, read 2026-11-27:
 *   CWC  robertpiosik/CodeWebChat apps/browser/src/content-scripts/send-prompt-content-script/
 *        chatbots/kimi.ts@584e0bde (last changed 25d353db, 2026-08-11): ready = `.current-model`;
 *        composer `div[contenteditable=true]` (typed by an insertText input event); generating =
 *        the stop icon `path[d="M331.946667 379.904c…"]` in the page; footer
 *        `.segment-assistant-actions-content`, copy its first `div`. Its version before 5db0fd69
 *        (2025-12-17) clicks `div.send-button` unless `.send-button-container` is `.disabled`
 *   IDX  public code in the index (text only, files not named): a Kimi exporter "calibrated against
 *        a saved live page (extracted 2026-09)": `div.segment.segment-user` (text
 *        `.user-content > span.user-content__text`) / `div.segment.segment-assistant` >
 *        `.segment-container` > `.segment-content` > [`.segment-content-box` >
 *        `.markdown-container > .markdown`, `.segment-assistant-actions >
 *        .segment-assistant-actions-content > .icon-button` with `svg[name=Copy]`]; thinking and
 *        tool calls in `.toolcall-flow` / `.thinking-container` hold another `.markdown`; turns
 *        `.chat-content-item-user` / `.chat-content-item-assistant` (marked verified 2026-08-01);
 *        the composer `.chat-input-editor[contenteditable=true][data-lexical-editor=true]
 *        [role=textbox]` (robotbird/chatab public/apps/kimi.js and others)
 * The page reproduced:
 * - `.current-model` "K2" above the composer (CWC's ready check);
 * - composer `div.chat-input` > `div.chat-input-editor[contenteditable][data-lexical-editor]
 *   [role=textbox]` (IDX; Lexical's own paragraph markup is INFERRED from its `<p>` per line);
 *   Enter sends (INFERRED: CWC's current version waits for the user's Enter);
 * - `div.send-button-container` (`.disabled` while empty) > `div.send-button` (CWC 2025); while
 *   generating the same place holds a `div.send-button` drawn with CWC's stop icon (the control
 *   around the icon is INFERRED);
 * - user `div.chat-content-item.chat-content-item-user` > `div.segment.segment-user` >
 *   `div.user-content` > `span.user-content__text` (IDX);
 * - assistant `div.chat-content-item.chat-content-item-assistant` > `div.segment.segment-assistant`
 *   > `.segment-container` > `.segment-content` > `.segment-content-box` > `.markdown-container` >
 *   `.markdown` (IDX), and once done `.segment-assistant-actions > .segment-assistant-actions-content`
 *   with Copy (`div.icon-button` > `svg[name=Copy]`) first, then Refresh (CWC, IDX; that it shows
 *   only once done is INFERRED from CWC finding it when not generating);
 * - errors and notices: `div[role=alert]` (INFERRED: no source shows Kimi's error markup);
 * - new chat `nav a[href="/"]`, signed out a "Log in" button `.login-button` (INFERRED).
 * Not reproduced: thinking / tool-call rollups, the model menu, uploads, a virtual list.
 */
import { startReplicaApp, type ReplicaSkin } from '../../shared/app';
import { assistantTurnHandle, clearBanners, decorateCodeBlock, element, notificationsRegion, SendStopSlot, showBanner, sideNav, svgShape } from '../../shared/inferredPieces';
import { attachProseMirror } from '../../shared/proseMirror';

/** CWC's stop icon (the whole path: the adapter matches its start). */
const KIMI_STOP_PATH = 'M331.946667 379.904c-11.946667 23.466667-11.946667 54.186667-11.946667 115.626667v32.938666c0 61.44 0 92.16 11.946667 115.626667 10.538667 20.650667 27.306667 37.418667 47.957333 47.957333 23.466667 11.946667 54.186667 11.946667 115.626667 11.946667h32.938666c61.44 0 92.16 0 115.626667-11.946667 20.650667-10.538667 37.418667-27.306667 47.957333-47.957333 11.946667-23.466667 11.946667-54.186667 11.946667-115.626667v-32.938666c0-61.44 0-92.16-11.946667-115.626667a109.696 109.696 0 0 0-47.957333-47.957333c-23.466667-11.946667-54.186667-11.946667-115.626667-11.946667h-32.938666c-61.44 0-92.16 0-115.626667 11.946667-20.650667 10.538667-37.418667 27.306667-47.957333 47.957333z';

const sendStop = new SendStopSlot();

/** A Kimi icon control: a div around an iconify svg naming its icon. */
function iconControl(className: string, name: string, path: string, viewBox = '0 0 24 24'): HTMLElement {
  const control = element('div', { class: className });
  const svg = svgShape('path', { d: path }, viewBox);
  svg.setAttribute('class', 'iconify');
  svg.setAttribute('name', name);
  control.append(svg);
  return control;
}

const skin: ReplicaSkin = {
  copyMechanism: 'writeText',

  mountShell(root) {
    const { nav, newChat } = sideNav('/', 'New Chat');
    const main = element('main', { class: 'chat-page' });
    const thread = element('div', { class: 'chat-content-list' });
    const input = element('div', { class: 'chat-input' });
    const editorContainer = element('div', { class: 'chat-input-editor-container' });
    const composer = element('div', { class: 'chat-input-editor', contenteditable: 'true', 'data-lexical-editor': 'true', role: 'textbox', spellcheck: 'true' });
    attachProseMirror(composer);
    editorContainer.append(composer);
    const actions = element('div', { class: 'chat-editor-action' });
    actions.append(element('div', { class: 'current-model' }, 'K2'));
    const container = element('div', { class: 'send-button-container disabled' });
    const sendButton = iconControl('send-button', 'Send', 'M12 19V5M5 12l7-7 7 7');
    const stopButton = iconControl('send-button', 'Stop', KIMI_STOP_PATH, '0 0 1024 1024');
    composer.addEventListener('input', () => container.classList.toggle('disabled', (composer.textContent ?? '').trim() === ''));
    sendStop.mount(container, sendButton, stopButton);
    actions.append(container);
    input.append(editorContainer, actions);
    main.append(thread, input);
    root.append(nav, main, notificationsRegion());
    // The page's controls are divs (CWC clicks them); the app only wires their clicks.
    return { thread, composer, sendButton: sendButton as HTMLButtonElement, stopButton: stopButton as HTMLButtonElement, newChatButton: newChat };
  },

  mountLoginWall(root) {
    const page = element('div', { class: 'flex flex-col items-center gap-4' });
    page.append(element('h1', {}, 'Kimi'), element('button', { type: 'button', class: 'login-button' }, 'Log in'));
    root.append(page);
  },

  renderUserTurn(thread, text, turnId) {
    const item = element('div', { class: 'chat-content-item chat-content-item-user', 'data-turn': `user-${turnId}` });
    const segment = element('div', { class: 'segment segment-user' });
    const content = element('div', { class: 'user-content' });
    content.append(element('span', { class: 'user-content__text' }, text));
    segment.append(content);
    item.append(segment);
    thread.append(item);
    return item;
  },

  renderAssistantTurn(thread, turnId) {
    const item = element('div', { class: 'chat-content-item chat-content-item-assistant', 'data-turn': `assistant-${turnId}` });
    const segment = element('div', { class: 'segment segment-assistant' });
    const segmentContainer = element('div', { class: 'segment-container' });
    const segmentContent = element('div', { class: 'segment-content' });
    const box = element('div', { class: 'segment-content-box' });
    const markdownContainer = element('div', { class: 'markdown-container' });
    const content = element('div', { class: 'markdown' });
    markdownContainer.append(content);
    box.append(markdownContainer);
    segmentContent.append(box);
    segmentContainer.append(segmentContent);
    segment.append(segmentContainer);
    item.append(segment);
    thread.append(item);
    return assistantTurnHandle(item, content, (copy) => {
      const bar = element('div', { class: 'segment-assistant-actions' });
      const actions = element('div', { class: 'segment-assistant-actions-content' });
      const copyButton = iconControl('icon-button', 'Copy', 'M8 8h12v12H8zM4 4h12v2H6v10H4z');
      copyButton.addEventListener('click', copy);
      actions.append(copyButton, iconControl('icon-button', 'Refresh', 'M4 12a8 8 0 1 0 3-6.2'));
      bar.append(actions);
      segmentContent.append(bar);
    }, box);
  },

  decorateCodeBlock,
  showBanner,
  clearBanners,

  setGenerating: sendStop.setGenerating,
};

startReplicaApp(skin);

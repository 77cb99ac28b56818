/**
 * DeepSeek replica (chat.deepseek.com as captured in 2026). Evidence, with the selector each
 * part reproduces:
 *   TOK  jazelly/tokenless test/fixtures/provider-dom/deepseek/signed-in-unknown/
 *        {response-complete@f660f76c, deepthink-response-complete@3f210569,
 *        search-response-complete@3f210569, composer-instant@06908f82, composer-expert@f660f76c,
 *        composer-vision@06908f82} observed 2026-08-01 (redacted, reduced DOM)
 *   CWC  robertpiosik/CodeWebChat chatbots/deepseek.ts@25d353db (footer and model radios from
 *        2bca34a1, 2026-08-10; generating rule since fd46ca50, 2025-09-04)
 *   ACF  mcgaffertybodway62-cell/aiweb-copyfix test/fixtures/deepseek.html@044367e9 / ffa4fd34
 *   BDE  blueberrycongee/DeepSeek-Chat-Exporter@7468962f (selectors of 2025-09-08)
 *   UNATTRIBUTED  2026 scripts and tests (index text only): the virtual list
 *        `.ds-virtual-list-visible-items > [data-virtual-list-item-key] > .ds-message`, the
 *        toolbar `div.ds-flex._965abe9._54866f7` of five `div[role=button].ds-button--icon`,
 *        user text `.ds-collapsible-text`, the composer inside `.ds-virtual-list` but outside
 *        `.ds-virtual-list-items`, send / stop drawn as path icons on a `.ds-button`
 *
 * DeepSeek's CSS-module classes are hashed and change per deploy; this page keeps them where
 * the evidence shows them (`_965abe9`, `_63c77b1`, `fbb737a4`, `_9663006`, `_4f9bf79`, `d813de27`,
 * `dad65929`…) so a hashed fallback can still match, but every element is also reachable by a
 * `ds-*` class, a name, a role or the structure, which is what the adapter tries first.
 * - composer: `textarea[name="search"][placeholder="Message DeepSeek"]`, no id (TOK); above it the
 *   model radios `div[role=radiogroup] > div[role=radio][data-model-type="default|expert|vision"]
 *   [aria-checked]` "Instant" / "Expert" / "Vision" (TOK composer-*, CWC), below it the
 *   `div.ds-toggle-button[aria-pressed]` "DeepThink" / "Search" toggles (TOK, CWC); Expert drops
 *   Search and the file input, Vision drops Search (TOK; ./modePicker.ts names its evidence and
 *   choices);
 * - send: `div[role=button].ds-button.ds-button--primary`, `ds-button--disabled` (+
 *   aria-disabled) while the input is empty (TOK prompt.submit), right after the
 *   `input[type=file]` (CWC's `input[type="file"] + div[aria-disabled]`; TOK's reduced DOM lists
 *   an attach `ds-button--iconLabelPrimary` between them with the wrappers removed: ORDER CHOSEN
 *   from CWC). Stop: the SAME control, enabled while the input is empty (CWC); its icon (a
 *   rounded square drawn with a path, no `<rect>`) is INFERRED;
 * - the list: `div.ds-virtual-list` > `div.ds-virtual-list-items` >
 *   `div.ds-virtual-list-visible-items` > one `div[data-virtual-list-item-key]` per message; it
 *   virtualizes (renderUserTurn returns the user's item, the assistant handle's listItem is its
 *   item);
 * - user item: `div.ds-message` > `div.fbb737a4` > `div.ds-collapsible-text` (text), then its
 *   own footer `div > div.ds-flex` with copy / edit `div[role=button].ds-button--icon`
 *   (INFERRED: the real page shows them on hover; here always present);
 * - assistant item: `div.ds-message._63c77b1` > [DeepThink block `div.ds-think-content >
 *   div.ds-markdown` (TOK deepthink) with a "Thinking…" / "Thought for N seconds" header] +
 *   `div.ds-markdown.ds-assistant-message-main-content` (TOK response-complete, ACF); then, once
 *   finished, `div > div.ds-flex._965abe9._54866f7` with copy, regenerate, like, dislike, share
 *   as `div[role=button].ds-button.ds-button--icon` (CWC footer `div.ds-message + div >
 *   div.ds-flex`, copy = its first `div[role="button"]`). The answer block is added when the
 *   answer starts, after the thinking (INFERRED; the reduced captures show only the end state);
 *   the thinking stays above it afterwards (TOK);
 * - code blocks: `div.md-code-block` > `div.md-code-block-banner-wrap` (language, Copy /
 *   Download) + `<pre>` without `<code>` (ACF ffa4fd34; pieces.ts);
 * - formulas: standard KaTeX (MathML with the TeX annotation + aria-hidden glyphs; a displayed
 *   one is `span.katex-display.ds-markdown-math`; ../../shared/math.ts): endolith/
 *   DeepSeek-Chat-Exporter deepseek_chat_exporter.user.js @09ebc309 (1.7.3, read 2026-11-26)
 *   reads an answer's inline formulas as `p > .katex` with `annotation[encoding=
 *   "application/x-tex"]` and displayed ones as `.katex-display.ds-markdown-math`; a
 *   formula-copy extension's platform notes in the code index (2026, unattributed) name DeepSeek
 *   as standard KaTeX keeping the annotation. No capture shows one;
 * - copy: navigator.clipboard.writeText (INFERRED: no source shows DeepSeek's mechanism);
 * - sign-in: `/sign_in` with "Phone number / email address", "Password", "Log in", "Log in with
 *   Google" (2026 scripts, unattributed);
 * - file upload: the `input[type=file]` above; accepted files as cards in a container that is the
 *   sibling of the textarea's wrapper, each `div > [div name, div "TXT 0.50KB"]` (TOK
 *   attachment-cards-accepted, 2026-08-09; ./uploads.ts names what is inferred: classes,
 *   spinner, remove control, refusal toast);
 * - banners: toasts `div.ds-toast[role=alert]`, notices `div.ds-notice` are INFERRED; the usage
 *   cap reads "The server is busy. Please try again later." (deepseek-ai/DeepSeek-R1#119,
 *   2025-01-28; #194, 2025-01-30), naming no time; the other wordings are INFERRED.
 */
import { copyText, startReplicaApp, type ReplicaShell, type ReplicaSkin } from '../../shared/app';
import { renderKatex } from '../../shared/math';
import { mountDeepSeekModes } from './modePicker';
import { decorateDeepSeekCodeBlock, deepSeekMessage, deepThinkBlock, element, mountDeepSeekSignIn } from './pieces';
import { deepSeekUploads } from './uploads';

const SEND_ICON = '<svg width="16" height="16" viewBox="0 0 16 16"><path d="M8 1.5 13.5 7l-1.4 1.4L9 5.3V14.5H7V5.3L3.9 8.4 2.5 7z"/></svg>';
const STOP_ICON = '<svg width="16" height="16" viewBox="0 0 16 16"><path d="M3 5a2 2 0 0 1 2-2h6a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z"/></svg>';

/** The composer's send / stop control (one per page) and whether it is the stop right now. */
let sendControl: HTMLElement | undefined;
let generatingNow = false;

/** Sets the control's state: enabled (send or stop) or disabled, and its icon. */
function showControl(control: HTMLElement, enabled: boolean, generating: boolean): void {
  control.classList.toggle('ds-button--disabled', !enabled);
  control.setAttribute('aria-disabled', String(!enabled));
  control.innerHTML = generating ? STOP_ICON : SEND_ICON;
}

/** A footer of icon buttons after a message (`div.ds-message + div > div.ds-flex`). */
function footer(toolbarClasses: string, buttons: Array<{ label: string; onClick?: () => void }>): HTMLElement {
  const holder = element('div', { class: '_0a3d93b' });
  const bar = element('div', { class: `ds-flex ${toolbarClasses}` });
  for (const button of buttons) {
    const icon = element('div', { role: 'button', tabindex: '0', class: 'ds-button ds-button--icon ds-button--borderless' }, button.label);
    if (button.onClick) icon.addEventListener('click', button.onClick);
    bar.append(icon);
  }
  holder.append(bar);
  return holder;
}

const skin: ReplicaSkin = {
  copyMechanism: 'writeText',
  attachments: deepSeekUploads,

  mountShell(root) {
    const app = element('div', { class: 'ds-theme _2be88ba' });
    const sidebar = element('div', { class: 'ds-sidebar b8812f16' });
    const newChat = element('div', { class: 'ds-button ds-button--secondary _217e214', role: 'button', tabindex: '0' }, 'New chat');
    sidebar.append(newChat);
    const main = element('div', { class: 'ds-main _7780f2e' });
    const scrollArea = element('div', { class: 'ds-scroll-area _765a5cd' });
    const list = element('div', { class: 'ds-virtual-list dad65929' });
    const items = element('div', { class: 'ds-virtual-list-items' });
    const thread = element('div', { class: 'ds-virtual-list-visible-items' });
    items.append(thread);
    const toasts = element('div', { class: 'ds-toast-container', id: 'toasts' });
    const notices = element('div', { id: 'notices' });
    const composerBox = element('div', { class: '_871cbca composer' });
    const composer = element('textarea', { name: 'search', placeholder: 'Message DeepSeek', rows: '2', class: '_27c9245' });
    const toggles = element('div', { class: 'ec4f5d61' });
    const controls = element('div', { class: 'bf38813a' });
    const attach = element('div', { role: 'button', class: 'ds-button ds-button--iconLabelPrimary', tabindex: '0' }, '📎');
    const fileInput = element('input', { type: 'file', multiple: '', hidden: '' });
    const send = element('div', { role: 'button', class: 'ds-button ds-button--primary ds-button--filled ds-button--circle', tabindex: '0' });
    showControl(send, false, false);
    // The one control sends or stops; the app's send / stop handles are proxies for it.
    const sendProxy = document.createElement('button');
    const stopProxy = document.createElement('button');
    generatingNow = false;
    send.addEventListener('click', () => {
      if (send.classList.contains('ds-button--disabled')) return;
      if (generatingNow) stopProxy.click();
      else sendProxy.click();
    });
    composer.addEventListener('input', () => {
      if (!generatingNow) showControl(send, composer.value.trim() !== '', false);
    });
    sendControl = send;
    controls.append(attach, fileInput, send);
    const modes = mountDeepSeekModes({ toggles, controls, attach, fileInput });
    // Accepted files' cards sit in a sibling of the textarea's wrapper (TOK attachment-cards-accepted).
    const inputBox = element('div', { class: '_020ab5b' });
    inputBox.append(composer, toggles, controls);
    const inputWrap = element('div', { class: '_24fad49' });
    inputWrap.append(inputBox);
    composerBox.append(modes.radios, element('div', { class: '_7436f1a', 'data-replica-attachments': '' }), inputWrap);
    list.append(items, composerBox);
    scrollArea.append(list);
    main.append(scrollArea, toasts, notices);
    app.append(sidebar, main);
    root.append(app);
    return { thread, composer, sendButton: sendProxy, stopButton: stopProxy, newChatButton: newChat, currentModel: modes.currentModel };
  },

  mountLoginWall: mountDeepSeekSignIn,

  renderUserTurn(thread, text, turnId) {
    const item = element('div', { 'data-virtual-list-item-key': `${turnId}-user`, class: '_9663006' });
    const message = element('div', { class: 'ds-message _63c77b1' });
    const bubble = element('div', { class: 'fbb737a4' });
    bubble.append(element('div', { class: 'ds-collapsible-text' }, text));
    message.append(bubble);
    item.append(
      message,
      footer('_78e0558', [
        { label: '⧉', onClick: () => copyText('writeText', text, '') },
        { label: '✎' },
      ]),
    );
    thread.append(item);
    return item;
  },

  renderAssistantTurn(thread, turnId) {
    const item = element('div', { 'data-virtual-list-item-key': `${turnId}-assistant`, class: '_4f9bf79 _43c05b5', 'data-replica-assistant': '' });
    const message = element('div', { class: 'ds-message _63c77b1' });
    // The answer block joins the message with the answer's first token (see placeAnswer).
    const content = element('div', { class: 'ds-markdown ds-assistant-message-main-content' });
    item.append(message);
    thread.append(item);
    let thinking: ReturnType<typeof deepThinkBlock> | undefined;
    let finished = false;
    // The answer block exists once the answer starts: while DeepThink thinks, only the thinking shows.
    const placeAnswer = (): void => {
      if (!content.isConnected && content.childNodes.length > 0) message.append(content);
    };
    new MutationObserver(placeAnswer).observe(content, { childList: true });
    return {
      content,
      listItem: item,
      setStreaming(streaming) {
        item.classList.toggle('_1ff0d4f', streaming);
      },
      finish(copy) {
        if (finished) return;
        finished = true;
        thinking?.settle();
        if (!content.isConnected) message.append(content);
        item.append(
          footer('_965abe9 _54866f7', [
            { label: '⧉', onClick: copy },
            { label: '↻' },
            { label: '👍' },
            { label: '👎' },
            { label: '⇪' },
          ]),
        );
      },
      showError(messageText) {
        item.append(element('div', { class: 'ds-notice _error', role: 'alert' }, deepSeekMessage('error_banner', messageText)));
      },
      setThinking(text) {
        if (text === null) {
          thinking?.settle();
          placeAnswer();
          return;
        }
        if (thinking) {
          thinking.update(text);
          return;
        }
        thinking = deepThinkBlock(text, 'ds-think-content e1675d8b');
        message.prepend(thinking.block);
      },
    };
  },

  decorateCodeBlock(pre, language, copy) {
    decorateDeepSeekCodeBlock(pre, language, copy);
  },
  decorateAnswer(content) {
    renderKatex(content);
    for (const display of content.querySelectorAll('.katex-display')) display.classList.add('ds-markdown-math');
  },

  showBanner(shell, kind, message) {
    const main = shell.thread.closest('.ds-main')!;
    const text = deepSeekMessage(kind, message);
    if (kind === 'conversation_too_long' || kind === 'prompt_too_long' || kind === 'limit_notice') {
      main.querySelector('#notices')!.append(element('div', { class: 'ds-notice', 'data-kind': kind }, text));
      return;
    }
    main.querySelector('#toasts')!.append(element('div', { class: 'ds-toast ds-toast--error', role: 'alert', 'data-kind': kind }, text));
  },

  clearBanners(shell: ReplicaShell) {
    const main = shell.thread.closest('.ds-main')!;
    main.querySelector('#toasts')!.innerHTML = '';
    main.querySelector('#notices')!.innerHTML = '';
  },

  setGenerating(shell, generating) {
    if (!sendControl) return;
    generatingNow = generating;
    const hasText = (shell.composer as HTMLTextAreaElement).value.trim() !== '';
    showControl(sendControl, generating || hasText, generating);
  },
};

startReplicaApp(skin);

/**
 * Gemini replica (gemini.google.com, 2025-2026 DOM as publicly observed). What it reproduces,
 * with the selectors the adapter uses, most stable first:
 * - Angular custom elements: `chat-window` → `infinite-scroller` → `div.conversation-container`
 *   per exchange, holding `user-query` and `model-response`;
 * - composer: Quill, `rich-textarea > div.ql-editor[contenteditable="true"]` (role textbox,
 *   aria-label "Enter a prompt here", `ql-blank` while empty);
 * - ONE send button that toggles: `button.send-button[aria-label="Send message"]`
 *   (aria-disabled while the composer is empty) becomes `button.send-button.stop` with
 *   aria-label "Stop response" while Gemini answers (same element, not a second button);
 * - user text: `user-query .query-text` with one `p.query-text-line` per line;
 * - the answer: `model-response message-content.model-response-text > div.markdown`
 *   (`aria-busy="true"` on message-content while streaming); a collapsed `model-thoughts`
 *   section ("Show thinking") precedes it and is not part of the answer;
 * - code blocks: header `div.code-block-decoration` (language, `button[aria-label="Copy code"]`)
 *   and `code.code-container[data-test-id="code-content"]`;
 * - after completion only: the footer `message-actions` with thumbs, redo and
 *   `button[data-test-id="copy-button"][aria-label="Copy"]`; Gemini uses `data-test-id`
 *   (with a hyphen), not `data-testid`;
 * - errors: Material snack bars (`mat-snack-bar-container`) for "Something went wrong" and
 *   network errors, a limit notice "You've reached your limit … until 3:15 PM", "Sign in"
 *   link on the signed-out page, the bot-check interstitial (server side).
 * Deviation: the real site puts the code language only in the header; the replica also
 * keeps marked's `language-x` class on `code` so the DOM fallback can name the fence.
 */
import { startReplicaApp, type ReplicaShell, type ReplicaSkin } from '../../shared/app';
import { attachProseMirror, readProseMirror } from '../../shared/proseMirror';

function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value);
  if (text !== undefined) created.textContent = text;
  return created;
}

function custom(tag: string, attributes: Record<string, string> = {}, text?: string): HTMLElement {
  return element(tag as 'div', attributes, text);
}

/** Gemini's wording for the states the shared server reports in ChatGPT's words. */
function geminiMessage(kind: string, message: string): string {
  const time = /(?:after|until|at)\s+(\d{1,2}(?::\d{2})?\s*[AP]M)/i.exec(message)?.[1];
  switch (kind) {
    case 'rate_limit':
      return `You've reached your limit for 2.5 Pro until ${time ?? '3:15 PM'}. Upgrade for higher limits.`;
    case 'conversation_too_long':
      return 'This chat has grown too long. Start a new chat to keep going.';
    case 'network_drop':
      return "Couldn't connect. Check your internet connection and try again.";
    case 'prompt_too_long':
      return 'Your prompt is too long. Try a shorter prompt.';
    case 'error_banner':
      return 'Something went wrong. (13)';
    default:
      return message;
  }
}

const THOUGHTS = 'The user wants an answer. I should consider the request and reply concisely.';

let sendButton: HTMLButtonElement | undefined;

const skin: ReplicaSkin = {
  mountShell(root) {
    const app = custom('chat-app', { class: 'app' });
    const sidenav = custom('bard-sidenav', {});
    const newChat = element('button', { 'data-test-id': 'new-chat-button', 'aria-label': 'New chat', class: 'new-chat-button' }, 'New chat');
    sidenav.append(newChat);
    const window_ = custom('chat-window', {});
    const thread = custom('infinite-scroller', { class: 'chat-history', 'data-test-id': 'chat-history-container' });
    const snackbars = element('div', { class: 'cdk-overlay-container', id: 'overlay' });
    const notices = element('div', { id: 'limit-notices' });
    const inputArea = custom('input-area-v2', {});
    const richTextarea = custom('rich-textarea', { class: 'text-input-field_textarea' });
    const composer = element('div', { class: 'ql-editor ql-blank textarea new-input-ui', contenteditable: 'true', role: 'textbox', 'aria-multiline': 'true', 'aria-label': 'Enter a prompt here', 'data-placeholder': 'Ask Gemini' });
    composer.innerHTML = '<p><br></p>';
    attachProseMirror(composer);
    richTextarea.append(composer);
    // The visible button toggles between send and stop; the app's handles are proxies.
    const visible = element('button', { class: 'send-button submit', 'aria-label': 'Send message', 'aria-disabled': 'true', type: 'button' });
    visible.append(custom('mat-icon', { fonticon: 'send' }, 'send'));
    const sendProxy = document.createElement('button');
    const stopProxy = document.createElement('button');
    visible.addEventListener('click', () => {
      if (visible.classList.contains('stop')) stopProxy.click();
      else if (visible.getAttribute('aria-disabled') !== 'true') sendProxy.click();
    });
    composer.addEventListener('input', () => {
      const empty = !(readProseMirror(composer) ?? '').trim();
      composer.classList.toggle('ql-blank', empty);
      if (!visible.classList.contains('stop')) visible.setAttribute('aria-disabled', String(empty));
    });
    sendButton = visible;
    inputArea.append(richTextarea, visible);
    window_.append(thread, snackbars, notices, inputArea);
    app.append(sidenav, window_);
    root.append(app);
    return { thread, composer, sendButton: sendProxy, stopButton: stopProxy, newChatButton: newChat };
  },

  mountLoginWall(root) {
    const page = element('div', { class: 'sign-in' });
    page.append(
      element('h1', {}, 'Meet Gemini, your personal AI assistant'),
      element('a', { href: 'https://accounts.google.com/ServiceLogin?continue=https://gemini.google.com/app', 'aria-label': 'Sign in', class: 'sign-in-button', 'data-test-id': 'sign-in-button' }, 'Sign in'),
    );
    root.append(page);
  },

  renderUserTurn(thread, text, turnId) {
    const container = element('div', { class: 'conversation-container', id: `c_${turnId}` });
    const query = custom('user-query', {});
    const content = custom('user-query-content', { class: 'user-query-container' });
    const queryText = element('div', { class: 'query-text', dir: 'ltr' });
    for (const line of text.split('\n')) queryText.append(element('p', { class: 'query-text-line' }, line));
    content.append(queryText);
    query.append(content);
    container.append(query);
    thread.append(container);
  },

  renderAssistantTurn(thread, turnId) {
    let container = thread.querySelector<HTMLElement>(`#c_${turnId}`);
    if (!container) {
      container = element('div', { class: 'conversation-container', id: `c_${turnId}` });
      thread.append(container);
    }
    const response = custom('model-response', { 'data-replica-assistant': '' });
    const responseContainer = custom('response-container', {});
    const inner = element('div', { class: 'response-container-content' });
    const thoughts = custom('model-thoughts', {});
    const thoughtsHeader = element('button', { class: 'thoughts-header-button', 'aria-expanded': 'false' }, 'Show thinking');
    const thoughtsContent = element('div', { class: 'thoughts-content', hidden: '' });
    thoughtsContent.append(element('div', { class: 'markdown' }, THOUGHTS));
    thoughtsHeader.addEventListener('click', () => {
      thoughtsContent.hidden = !thoughtsContent.hidden;
      thoughtsHeader.setAttribute('aria-expanded', String(!thoughtsContent.hidden));
    });
    thoughts.append(thoughtsHeader, thoughtsContent);
    const messageContent = custom('message-content', { class: 'model-response-text', 'aria-busy': 'true' });
    const content = element('div', { class: 'markdown markdown-main-panel', dir: 'ltr' });
    messageContent.append(content);
    inner.append(thoughts, messageContent);
    responseContainer.append(inner);
    response.append(responseContainer);
    container.append(response);
    const finish = (copy: () => void): void => {
      messageContent.setAttribute('aria-busy', 'false');
      if (response.querySelector('message-actions')) return;
      const actions = custom('message-actions', {});
      const bar = element('div', { class: 'actions-container-v2' });
      const copyButton = element('button', { 'data-test-id': 'copy-button', 'aria-label': 'Copy', class: 'icon-button' }, 'content_copy');
      copyButton.addEventListener('click', copy);
      bar.append(
        element('button', { 'aria-label': 'Good response', class: 'icon-button' }, 'thumb_up'),
        element('button', { 'aria-label': 'Bad response', class: 'icon-button' }, 'thumb_down'),
        element('button', { 'aria-label': 'Redo', class: 'icon-button' }, 'refresh'),
        copyButton,
        element('button', { 'aria-label': 'Show more options', class: 'icon-button' }, 'more_vert'),
      );
      actions.append(bar);
      responseContainer.append(actions);
    };
    response.addEventListener('replica-stopped', () => {
      finish(() => void navigator.clipboard.writeText(content.textContent ?? ''));
    });
    return {
      content,
      setStreaming(streaming) {
        messageContent.setAttribute('aria-busy', String(streaming));
        response.classList.toggle('is-streaming', streaming);
      },
      finish,
      showError(messageText) {
        messageContent.setAttribute('aria-busy', 'false');
        response.classList.remove('is-streaming');
        const overlay = document.getElementById('overlay')!;
        const snackbar = custom('mat-snack-bar-container', { class: 'mat-mdc-snack-bar-container', role: 'alert' });
        snackbar.append(element('div', { class: 'mat-mdc-snack-bar-label' }, geminiMessage('error_banner', messageText)));
        overlay.append(snackbar);
      },
    };
  },

  decorateCodeBlock(pre, language, copy) {
    const code = pre.querySelector('code')!;
    const decoration = element('div', { class: 'code-block-decoration header-formatted gds-title-s' });
    decoration.append(element('span', {}, language));
    const copyButton = element('button', { 'aria-label': 'Copy code', class: 'copy-button' }, 'content_copy');
    copyButton.addEventListener('click', copy);
    decoration.append(copyButton);
    code.classList.add('code-container', 'formatted');
    code.setAttribute('data-test-id', 'code-content');
    pre.innerHTML = '';
    pre.append(decoration, code);
  },

  showBanner(shell, kind, message) {
    const text = geminiMessage(kind, message);
    const window_ = shell.thread.parentElement!;
    if (kind === 'rate_limit' || kind === 'conversation_too_long' || kind === 'prompt_too_long') {
      window_.querySelector('#limit-notices')!.append(element('div', { class: 'limit-notice', role: 'alert', 'data-kind': kind }, text));
      return;
    }
    const snackbar = custom('mat-snack-bar-container', { class: 'mat-mdc-snack-bar-container', role: 'alert' });
    snackbar.append(element('div', { class: 'mat-mdc-snack-bar-label' }, text));
    window_.querySelector('#overlay')!.append(snackbar);
  },

  clearBanners(shell: ReplicaShell) {
    const window_ = shell.thread.parentElement!;
    window_.querySelector('#overlay')!.innerHTML = '';
    window_.querySelector('#limit-notices')!.innerHTML = '';
  },

  setGenerating(shell, generating) {
    if (!sendButton) return;
    sendButton.classList.toggle('stop', generating);
    sendButton.setAttribute('aria-label', generating ? 'Stop response' : 'Send message');
    sendButton.querySelector('mat-icon')!.textContent = generating ? 'stop' : 'send';
    sendButton.setAttribute('aria-disabled', generating ? 'false' : String(!(readProseMirror(shell.composer) ?? '').trim()));
  },
};

startReplicaApp(skin);

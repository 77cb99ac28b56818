/**
 * Google AI Studio replica (aistudio.google.com, 2025-2026 DOM as publicly observed). What it
 * reproduces, with the selectors the adapter uses, most stable first:
 * - Angular `ms-*` custom elements; the chat in `ms-chat-session`, one `ms-chat-turn` per
 *   message holding `div.chat-turn-container.user` or `.model` → `div.turn-content` →
 *   `ms-prompt-chunk` → `ms-text-chunk` → `ms-cmark-node` (rendered markdown);
 * - composer: a plain TEXTAREA, `ms-prompt-input-wrapper ms-autosize-textarea textarea`
 *   (aria-label "Start typing a prompt");
 * - ONE Run button that toggles: `ms-run-button button.run-button[aria-label="Run"]`
 *   ("Run Ctrl ⏎", disabled while the composer is empty) becomes aria-label "Stop" with
 *   class `stoppable` while the model runs;
 * - thinking models: an `ms-thought-chunk` (a collapsed `mat-expansion-panel` "Thoughts",
 *   its body in the DOM but hidden) inside the same `ms-prompt-chunk` as the answer, before
 *   it: it holds its own `ms-cmark-node`, and here a draft tool call, which must never be
 *   taken as the answer;
 * - after completion only: `div.actions-container` with thumbs and `ms-chat-turn-options`
 *   ("Open options" → a menu with "Copy text" / "Copy markdown", see below);
 * - errors: toasts (`ms-toast`, role alert) "You've reached your rate limit. Please try again
 *   later.", "Failed to generate content…", an in-turn "An internal error has occurred.",
 *   "The input token count (N) exceeds the maximum number of tokens allowed (M)." when the
 *   chat outgrows the context window, the Google sign-in link, the bot-check interstitial.
 * - the options menu opens, as on the real site, in a CDK overlay at the end of <body>
 *   (`div.cdk-overlay-container > .cdk-overlay-pane > .mat-mdc-menu-panel[role=menu] >
 *   button.mat-mdc-menu-item`), outside the turn; an item click, Escape or the backdrop
 *   closes it;
 * - the rate-limit toast names no time ("Please try again later."), like the real one.
 */
import { startReplicaApp, type ReplicaShell, type ReplicaSkin } from '../../shared/app';

function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value);
  if (text !== undefined) created.textContent = text;
  return created;
}

function custom(tag: string, attributes: Record<string, string> = {}, text?: string): HTMLElement {
  return element(tag as 'div', attributes, text);
}

/** AI Studio's wording for the states the shared server reports in ChatGPT's words. */
function aiStudioMessage(kind: string, message: string): string {
  switch (kind) {
    case 'rate_limit':
      return "You've reached your rate limit. Please try again later.";
    case 'conversation_too_long':
      return 'The input token count (1048601) exceeds the maximum number of tokens allowed (1048576).';
    case 'network_drop':
      return 'Failed to generate content. Please check your network connection and try again.';
    case 'prompt_too_long':
      return 'The input token count exceeds the maximum number of tokens allowed for this model.';
    case 'error_banner':
      return 'An internal error has occurred.';
    default:
      return message;
  }
}

/** What a thinking model "thinks" first: a draft tool call that is not the answer. */
const THOUGHTS = '**Planning the reply**\n\nDraft: <TOOL_CALL>{"tool": "read_file", "args": {"path": "draft-only.txt"}}</TOOL_CALL> — no, answer directly.';

let runButton: HTMLButtonElement | undefined;

/** The open options menu (one at a time, like Angular Material's), and its trigger. */
let openMenu: { trigger: HTMLElement; pane: HTMLElement } | undefined;

/** The CDK overlay container: created on first use at the end of <body>, as Angular does. */
function overlayContainer(): HTMLElement {
  let container = document.querySelector<HTMLElement>('body > div.cdk-overlay-container:not(#toasts)');
  if (!container) {
    container = element('div', { class: 'cdk-overlay-container' });
    document.body.append(container);
  }
  return container;
}

/** Closes the open options menu; returns its trigger. */
function closeOptionsMenu(): HTMLElement | undefined {
  if (!openMenu) return undefined;
  const { trigger, pane } = openMenu;
  openMenu = undefined;
  pane.remove();
  overlayContainer().querySelector('.cdk-overlay-backdrop')?.remove();
  trigger.setAttribute('aria-expanded', 'false');
  return trigger;
}

/** Opens a turn's options menu in the overlay (outside the turn): closed by an item, Escape or the backdrop. */
function openOptionsMenu(trigger: HTMLElement, items: Array<[string, () => void]>): void {
  const container = overlayContainer();
  const backdrop = element('div', { class: 'cdk-overlay-backdrop cdk-overlay-transparent-backdrop cdk-overlay-backdrop-showing' });
  backdrop.addEventListener('click', () => closeOptionsMenu());
  const pane = element('div', { class: 'cdk-overlay-pane' });
  const panel = element('div', { class: 'mat-mdc-menu-panel mat-mdc-elevation-specific', role: 'menu', tabindex: '-1' });
  const menuContent = element('div', { class: 'mat-mdc-menu-content' });
  for (const [label, action] of items) {
    const item = element('button', { class: 'mat-mdc-menu-item mat-focus-indicator', role: 'menuitem', tabindex: '0' });
    item.append(element('span', { class: 'mat-icon notranslate material-symbols-outlined', 'aria-hidden': 'true' }, label === 'Copy markdown' ? 'markdown' : 'content_copy'), element('span', { class: 'mat-mdc-menu-item-text' }, label));
    item.addEventListener('click', () => {
      closeOptionsMenu();
      action();
    });
    menuContent.append(item);
  }
  panel.append(menuContent);
  pane.append(panel);
  container.append(backdrop, pane);
  trigger.setAttribute('aria-expanded', 'true');
  openMenu = { trigger, pane };
}

document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') closeOptionsMenu();
});

const skin: ReplicaSkin = {
  mountShell(root) {
    const app = custom('ms-app', {});
    const navbar = custom('ms-navbar', {});
    const newChat = element('a', { href: '/prompts/new_chat', 'aria-label': 'New chat', class: 'new-chat-button' }, 'Chat');
    navbar.append(newChat);
    const editor = custom('ms-chunk-editor', {});
    const session = custom('ms-chat-session', {});
    const thread = element('div', { class: 'chat-container' });
    session.append(thread);
    const toasts = element('div', { class: 'cdk-overlay-container', id: 'toasts' });
    const inputWrapper = custom('ms-prompt-input-wrapper', {});
    const autosize = custom('ms-autosize-textarea', {});
    const composer = element('textarea', { class: 'textarea gmat-body-medium', 'aria-label': 'Start typing a prompt', placeholder: 'Start typing a prompt', rows: '1' });
    autosize.append(composer);
    const runHost = custom('ms-run-button', {});
    const visible = element('button', { type: 'submit', class: 'run-button', 'aria-label': 'Run', disabled: '' });
    visible.append(element('span', { class: 'label' }, 'Run'), element('span', { class: 'secondary-key' }, 'Ctrl ⏎'));
    runHost.append(visible);
    // One button runs or stops; the app's send / stop handles are proxies for it.
    const sendProxy = document.createElement('button');
    const stopProxy = document.createElement('button');
    visible.addEventListener('click', () => {
      if (visible.classList.contains('stoppable')) stopProxy.click();
      else sendProxy.click();
    });
    composer.addEventListener('input', () => {
      if (!visible.classList.contains('stoppable')) visible.disabled = !composer.value.trim();
    });
    composer.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && event.ctrlKey) visible.click();
    });
    runButton = visible;
    inputWrapper.append(autosize, runHost);
    editor.append(session, toasts, inputWrapper);
    app.append(navbar, editor);
    root.append(app);
    return { thread, composer, sendButton: sendProxy, stopButton: stopProxy, newChatButton: newChat };
  },

  mountLoginWall(root) {
    const page = element('div', { class: 'sign-in' });
    page.append(
      element('h1', {}, 'Google AI Studio'),
      element('p', {}, 'The fastest path from prompt to production with Gemini.'),
      element('a', { href: 'https://accounts.google.com/ServiceLogin?continue=https://aistudio.google.com/', class: 'sign-in-button', 'aria-label': 'Sign in' }, 'Sign in to Google AI Studio'),
    );
    root.append(page);
  },

  renderUserTurn(thread, text, turnId) {
    const turn = custom('ms-chat-turn', { id: `turn-user-${turnId}` });
    const container = element('div', { class: 'chat-turn-container render user' });
    container.append(element('div', { class: 'author-label' }, 'User'));
    const content = element('div', { class: 'turn-content' });
    const chunk = custom('ms-prompt-chunk', {});
    const textChunk = custom('ms-text-chunk', {});
    const node = custom('ms-cmark-node', { class: 'cmark-node user-chunk', style: 'white-space: pre-wrap' }, text);
    textChunk.append(node);
    chunk.append(textChunk);
    content.append(chunk);
    container.append(content);
    turn.append(container);
    thread.append(turn);
  },

  renderAssistantTurn(thread, turnId) {
    const turn = custom('ms-chat-turn', { id: `turn-model-${turnId}`, 'data-replica-assistant': '' });
    const container = element('div', { class: 'chat-turn-container render model' });
    container.append(element('div', { class: 'author-label' }, 'Model'));
    const turnContent = element('div', { class: 'turn-content' });
    const chunk = custom('ms-prompt-chunk', {});
    const thought = custom('ms-thought-chunk', {});
    const panel = custom('mat-expansion-panel', { class: 'thought-panel' });
    const header = element('div', { class: 'mat-expansion-panel-header', role: 'button', 'aria-expanded': 'false' }, 'Thinking…');
    const body = element('div', { class: 'mat-expansion-panel-content collapsed', role: 'region' });
    body.append(custom('ms-cmark-node', { class: 'cmark-node thought' }, THOUGHTS));
    header.addEventListener('click', () => {
      body.classList.toggle('collapsed');
      header.setAttribute('aria-expanded', String(!body.classList.contains('collapsed')));
    });
    panel.append(header, body);
    thought.append(panel);
    const textChunk = custom('ms-text-chunk', {});
    const content = custom('ms-cmark-node', { class: 'cmark-node' });
    textChunk.append(content);
    chunk.append(thought, textChunk);
    turnContent.append(chunk);
    container.append(turnContent);
    turn.append(container);
    thread.append(turn);
    const startedAt = Date.now();
    const finish = (copy: () => void): void => {
      header.textContent = `Thoughts (${Math.max(1, Math.round((Date.now() - startedAt) / 1000))}s)`;
      if (turn.querySelector('ms-chat-turn-options')) return;
      const actions = element('div', { class: 'actions-container' });
      const options = custom('ms-chat-turn-options', {});
      const open = element('button', { 'aria-label': 'Open options', class: 'mat-mdc-menu-trigger', 'aria-haspopup': 'menu', 'aria-expanded': 'false' }, 'more_vert');
      open.addEventListener('click', () => {
        if (closeOptionsMenu() === open) return;
        openOptionsMenu(open, [
          ['Copy text', () => void navigator.clipboard.writeText(content.innerText)],
          ['Copy markdown', copy],
        ]);
      });
      options.append(open);
      actions.append(
        element('button', { 'aria-label': 'Good response', class: 'response-feedback-button' }, 'thumb_up'),
        element('button', { 'aria-label': 'Bad response', class: 'response-feedback-button' }, 'thumb_down'),
        options,
      );
      container.append(actions);
    };
    turn.addEventListener('replica-stopped', () => {
      finish(() => void navigator.clipboard.writeText(content.textContent ?? ''));
    });
    return {
      content,
      setStreaming(streaming) {
        container.classList.toggle('generating', streaming);
      },
      finish,
      showError(messageText) {
        container.classList.remove('generating');
        container.append(element('div', { class: 'model-error', role: 'alert' }, aiStudioMessage('error_banner', messageText)));
      },
    };
  },

  decorateCodeBlock(pre, language, copy) {
    const code = pre.querySelector('code')!;
    const header = element('div', { class: 'code-block-header code-header' });
    header.append(element('span', { class: 'language' }, language));
    const copyButton = element('button', { 'aria-label': 'Copy to clipboard', class: 'copy-button' }, 'content_copy');
    copyButton.addEventListener('click', copy);
    header.append(copyButton);
    pre.innerHTML = '';
    pre.append(header, code);
  },

  showBanner(shell, kind, message) {
    const toasts = shell.thread.closest('ms-chunk-editor')!.querySelector('#toasts')!;
    toasts.append(custom('ms-toast', { role: 'alert', class: 'toast', 'data-kind': kind }, aiStudioMessage(kind, message)));
  },

  clearBanners(shell: ReplicaShell) {
    shell.thread.closest('ms-chunk-editor')!.querySelector('#toasts')!.innerHTML = '';
  },

  setGenerating(shell, generating) {
    if (!runButton) return;
    runButton.classList.toggle('stoppable', generating);
    runButton.setAttribute('aria-label', generating ? 'Stop' : 'Run');
    runButton.querySelector('.label')!.textContent = generating ? 'Stop' : 'Run';
    runButton.disabled = generating ? false : !(shell.composer as HTMLTextAreaElement).value.trim();
  },
};

startReplicaApp(skin);

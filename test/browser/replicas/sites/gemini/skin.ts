/**
 * Gemini replica building blocks shared by the current skin (./app.ts, the 2026 "lr26" UI) and
 * the older one (../gemini-2026-04/app.ts): the page frame, user and model turns, code blocks,
 * banners and the signed-out page. What differs between the two UIs (send / stop control,
 * message-content attributes, action-bar buttons, thoughts, new-chat control, copy mechanism)
 * comes in a `GeminiEra`. The evidence behind each element is in the header of each app.ts.
 */
import type { ReplicaAssistantTurn, ReplicaCopyMechanism, ReplicaShell, ReplicaSkin } from '../../shared/app';
import { attachProseMirror, readProseMirror } from '../../shared/proseMirror';
import { decorateGeminiAnswer } from './answerMarkup';
import { attachGeminiModePicker, type GeminiMode } from './modePicker';
import { geminiUploads, type GeminiUploadForm } from './uploads';

export function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value);
  if (text !== undefined) created.textContent = text;
  return created;
}

/** A custom element (Angular component host) such as `model-response`. */
export function custom(tag: string, attributes: Record<string, string> = {}, text?: string): HTMLElement {
  return element(tag as 'div', attributes, text);
}

/** A Material icon as Gemini renders it: the ligature as text, the name in `fonticon`. */
export function icon(name: string): HTMLElement {
  return custom('mat-icon', { class: 'mat-icon notranslate gds-icon-m google-symbols mat-ligature-font', fonticon: name, 'aria-hidden': 'true' }, name);
}

/** An icon button with an aria-label. */
export function iconButton(label: string, iconName: string, attributes: Record<string, string> = {}): HTMLButtonElement {
  const button = element('button', { type: 'button', 'aria-label': label, class: 'mdc-icon-button mat-mdc-icon-button gds-icon-button', ...attributes });
  button.append(icon(iconName));
  return button;
}

/** Gemini's wording for the states the shared server reports in ChatGPT's words. */
export function geminiMessage(kind: string, message: string): string {
  const time = /(?:after|until|at)\s+(\d{1,2}(?::\d{2})?\s*[AP]M)/i.exec(message)?.[1];
  switch (kind) {
    case 'rate_limit':
      return `You've reached your limit for 2.5 Pro until ${time ?? '3:15 PM'}. Upgrade for higher limits.`;
    case 'limit_notice':
      return `You've reached your limit for 3 Pro. Responses will use 3 Flash until your limit resets at ${time ?? '3:15 PM'}.`;
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

/** The send / stop control of one UI: built once, redrawn on every state change. */
export interface SendControl {
  /** Redraws the control for the composer's state (empty?) and the generation state. */
  update(state: { empty: boolean; generating: boolean }): void;
}

/** The parts of the page that differ between Gemini's UIs. */
export interface GeminiEra {
  copyMechanism: ReplicaCopyMechanism;
  /** The composer's aria-label. */
  composerLabel: string;
  /** Builds the send / stop control into `host`; its buttons click `send` / `stop`. */
  mountSendControl(host: HTMLElement, send: () => void, stop: () => void): SendControl;
  /** The new-chat control in the side navigation; returns the element the app wires. */
  mountNewChat(sidenav: HTMLElement): HTMLElement;
  /** Attributes of the answer's `message-content` (and how it marks streaming, if it does). */
  messageContent(streaming: boolean): Record<string, string>;
  /** The buttons of the finished answer's `message-actions` bar; `copy` copies the answer. */
  actionButtons(copy: () => void): HTMLElement[];
  /**
   * Where the thoughts go while the model thinks; the element is built by `thoughtsPanel`.
   * Expanded: the thought text sits in a second `message-content` (the lr26 UI, as when the user
   * opens "Show thinking"); collapsed: hidden until the header is clicked.
   */
  thoughtsExpanded: boolean;
  /** The mode picker's modes (./modePicker.ts); absent: the trigger is a static label. */
  modes?: readonly GeminiMode[];
  /** How files get in (./uploads.ts); absent: no upload. */
  uploadForm?: GeminiUploadForm;
}

/** The thoughts section of a model turn (`model-thoughts`), built on the first setThinking. */
function thoughtsPanel(expanded: boolean): { root: HTMLElement; show(text: string): void; done(): void } {
  const root = custom('model-thoughts', { 'data-test-id': 'model-thoughts' });
  const container = element('div', { class: 'thoughts-container' });
  const header = element('button', { class: 'thoughts-header-button', 'data-test-id': 'thoughts-header-button', 'aria-expanded': String(expanded) });
  const label = element('span', { class: 'thoughts-header-label' }, 'Thinking');
  const spinner = element('div', { class: 'thinking-spinner', role: 'progressbar', 'aria-label': 'Thinking' });
  header.append(label, spinner);
  const body = element('div', { class: 'thoughts-content' });
  if (!expanded) body.hidden = true;
  const messageContent = custom('message-content', { class: 'thoughts-message' });
  const markdown = element('div', { class: 'markdown markdown-main-panel', dir: 'ltr' });
  messageContent.append(markdown);
  body.append(messageContent);
  header.addEventListener('click', () => {
    body.hidden = !body.hidden;
    header.setAttribute('aria-expanded', String(!body.hidden));
  });
  container.append(header, body);
  root.append(container);
  return {
    root,
    show(text) {
      markdown.innerHTML = '';
      for (const paragraph of text.split(/\n{2,}/)) markdown.append(element('p', {}, paragraph));
    },
    done() {
      spinner.remove();
      label.textContent = 'Show thinking';
    },
  };
}

/** Gemini's code block: `code-block` > header (language, Copy code, Download) + the code. */
function decorateCodeBlock(pre: HTMLElement, language: string, copy: () => void): void {
  const code = pre.querySelector('code')!;
  const block = custom('code-block', { class: 'code-block', 'animated-opacity': 'true' });
  const decoration = element('div', { class: 'code-block-decoration header-formatted gds-title-s' });
  const buttons = element('div', { class: 'buttons' });
  const copyButton = iconButton('Copy code', 'content_copy', { class: 'copy-button mdc-icon-button mat-mdc-icon-button' });
  copyButton.addEventListener('click', copy);
  buttons.append(copyButton, iconButton('Download code', 'download'));
  decoration.append(element('span', {}, language), buttons);
  // Gemini names the language only in the header; the code element has no language class.
  code.className = 'code-container formatted';
  code.setAttribute('role', 'text');
  code.setAttribute('data-test-id', 'code-content');
  const internal = element('div', { class: 'formatted-code-block-internal-container' });
  const content = element('div', { class: 'code-block-content animated-opacity' });
  pre.replaceWith(block);
  content.append(pre);
  internal.append(content);
  block.append(decoration, internal);
}

/** The skin of one Gemini UI. */
export function geminiSkin(era: GeminiEra): ReplicaSkin {
  let sendControl: SendControl | undefined;
  let isGenerating = false;

  const composerEmpty = (composer: HTMLElement): boolean => !(readProseMirror(composer) ?? '').trim();

  const skin: ReplicaSkin = {
    copyMechanism: era.copyMechanism,
    ...(era.uploadForm ? { attachments: geminiUploads(era.uploadForm) } : {}),

    mountShell(root, options) {
      isGenerating = false;
      const app = custom('chat-app', { class: 'app' });
      const sidenav = custom('bard-sidenav', {});
      const newChat = era.mountNewChat(sidenav);
      const main = element('div', { class: 'main' });
      const topBar = custom('top-bar-actions', {});
      const modeSwitcher = custom('bard-mode-switcher', {});
      const modeButton = element('button', { 'data-test-id': 'bard-mode-menu-button', 'aria-label': 'Open mode picker, currently Fast' }, 'Fast');
      modeSwitcher.append(modeButton);
      topBar.append(modeSwitcher);
      if (options?.guest) {
        // Signed out, chatting allowed: the account corner is a "Sign in" button.
        topBar.append(element('button', { 'aria-label': 'Sign in', class: 'gb_sign_in' }, 'Sign in'));
      } else {
        topBar.append(element('a', { href: 'https://accounts.google.com/SignOutOptions?continue=https://gemini.google.com/app', 'aria-label': 'Google Account: Replica User', class: 'gb_account' }, 'R'));
      }
      const window_ = custom('chat-window', {});
      const thread = custom('infinite-scroller', { class: 'chat-history', 'data-test-id': 'chat-history-container' });
      const overlay = element('div', { class: 'cdk-overlay-container', id: 'overlay' });
      const notices = element('div', { id: 'limit-notices' });
      const inputArea = custom('input-area-v2', {});
      const richTextarea = custom('rich-textarea', { class: 'text-input-field_textarea' });
      const composer = element('div', {
        class: 'ql-editor ql-blank textarea new-input-ui',
        'data-gramm': 'false',
        contenteditable: 'true',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': era.composerLabel,
        'data-placeholder': 'Ask Gemini',
      });
      composer.innerHTML = '<p><br></p>';
      attachProseMirror(composer);
      richTextarea.append(composer);
      const trailing = element('div', { class: 'trailing-actions-wrapper' });
      // The app wires these two; the visible control calls them.
      const sendProxy = document.createElement('button');
      const stopProxy = document.createElement('button');
      sendControl = era.mountSendControl(
        trailing,
        () => sendProxy.click(),
        () => stopProxy.click(),
      );
      sendControl.update({ empty: true, generating: false });
      composer.addEventListener('input', () => {
        const empty = composerEmpty(composer);
        composer.classList.toggle('ql-blank', empty);
        sendControl?.update({ empty, generating: isGenerating });
      });
      inputArea.append(richTextarea, trailing);
      window_.append(thread, notices, inputArea);
      main.append(topBar, window_);
      app.append(sidenav, main, overlay);
      root.append(app);
      const currentModel = era.modes ? attachGeminiModePicker(modeButton, overlay, era.modes, { guest: options?.guest }) : undefined;
      return { thread, composer, sendButton: sendProxy, stopButton: stopProxy, newChatButton: newChat, ...(currentModel ? { currentModel } : {}) };
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
      const container = element('div', { class: 'conversation-container message-actions-hover-boundary', id: `c_${turnId}` });
      const query = custom('user-query', {});
      const content = custom('user-query-content', { class: 'user-query-container' });
      content.append(element('span', { class: 'cdk-visually-hidden screen-reader-user-query-label' }, 'You said'));
      const queryText = element('div', { class: 'query-text gds-body-l', role: 'heading', 'aria-level': '2', dir: 'ltr' });
      for (const line of text.split('\n')) queryText.append(element('p', { class: 'query-text-line' }, line));
      const queryActions = element('div', { class: 'query-actions' });
      // The user turn carries a copy button with the same icon as the answer's.
      queryActions.append(iconButton('Copy prompt', 'content_copy'), iconButton('Edit', 'edit'));
      content.append(queryText, queryActions);
      query.append(content);
      container.append(query);
      thread.append(container);
    },

    renderAssistantTurn(thread, turnId): ReplicaAssistantTurn {
      let container = thread.querySelector<HTMLElement>(`#c_${turnId}`);
      if (!container) {
        container = element('div', { class: 'conversation-container message-actions-hover-boundary', id: `c_${turnId}` });
        thread.append(container);
      }
      const response = custom('model-response', { 'data-replica-assistant': '' });
      const responseHost = custom('response-container', { class: 'reduced-bottom-padding' });
      const inner = element('div', { class: 'response-container response-container-with-gpi' });
      const label = element('h2', { class: 'cdk-visually-hidden screen-reader-model-response-label' }, 'Gemini said');
      const presented = element('div', { class: 'presented-response-container' });
      const messageContent = custom('message-content', { id: `message-content-id-r_${turnId}`, ...era.messageContent(true) });
      const content = element('div', { class: 'markdown markdown-main-panel md-content', dir: 'ltr' });
      messageContent.append(content);
      presented.append(messageContent);
      const footer = element('div', { class: 'response-footer gap' });
      inner.append(label, presented, footer);
      responseHost.append(inner);
      response.append(responseHost);
      container.append(response);
      let thoughts: ReturnType<typeof thoughtsPanel> | undefined;
      const setMessageContent = (streaming: boolean): void => {
        for (const [name, value] of Object.entries(era.messageContent(streaming))) messageContent.setAttribute(name, value);
      };
      return {
        content,
        setStreaming(streaming) {
          setMessageContent(streaming);
        },
        setThinking(text) {
          if (text === null) {
            thoughts?.done();
            return;
          }
          if (!thoughts) {
            thoughts = thoughtsPanel(era.thoughtsExpanded);
            inner.insertBefore(thoughts.root, label);
          }
          thoughts.show(text);
        },
        finish(copy) {
          setMessageContent(false);
          if (footer.querySelector('message-actions')) return;
          const actions = custom('message-actions', {});
          const bar = element('div', { class: 'actions-container-v2' });
          const buttons = element('div', { class: 'buttons-container-v2' });
          buttons.append(...era.actionButtons(copy));
          bar.append(buttons);
          actions.append(bar);
          footer.append(actions);
          footer.classList.add('complete');
        },
        showError(messageText) {
          setMessageContent(false);
          showSnackBar(document.getElementById('overlay')!, geminiMessage('error_banner', messageText));
        },
      };
    },

    decorateCodeBlock,
    decorateAnswer: decorateGeminiAnswer,

    showBanner(shell, kind, message) {
      const text = geminiMessage(kind, message);
      const window_ = shell.thread.parentElement!;
      if (kind === 'rate_limit' || kind === 'conversation_too_long' || kind === 'prompt_too_long' || kind === 'limit_notice') {
        window_.querySelector('#limit-notices')!.append(element('div', { class: 'limit-notice', role: 'alert', 'data-kind': kind }, text));
        return;
      }
      showSnackBar(document.getElementById('overlay')!, text);
    },

    clearBanners(shell: ReplicaShell) {
      document.getElementById('overlay')!.innerHTML = '';
      shell.thread.parentElement!.querySelector('#limit-notices')!.innerHTML = '';
    },

    setGenerating(shell, generating) {
      isGenerating = generating;
      sendControl?.update({ empty: composerEmpty(shell.composer), generating });
    },
  };
  return skin;
}

/** A Material snack bar in the CDK overlay (role alert), as Gemini shows transient errors. */
function showSnackBar(overlay: HTMLElement, text: string): void {
  const snackbar = custom('mat-snack-bar-container', { class: 'mat-mdc-snack-bar-container', role: 'alert' });
  snackbar.append(element('div', { class: 'mat-mdc-snack-bar-label' }, text));
  overlay.append(snackbar);
}

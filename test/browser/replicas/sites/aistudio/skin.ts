/**
 * Google AI Studio replica building blocks shared by the current skin (./app.ts, the Dec 2025+
 * UI) and the older one (../aistudio-2025-11/app.ts): the `ms-*` page frame, chat turns, the
 * options menu in a CDK overlay, code blocks, thoughts, toasts and the signed-out page. What
 * differs between the two UIs (composer, Run / Stop control, completion footer, action-bar
 * visibility, error components, copy mechanism) comes in an `AiStudioEra`. The evidence behind
 * each element is in the header of each app.ts.
 */
import { copyText, type ReplicaAssistantTurn, type ReplicaCopyMechanism, type ReplicaShell, type ReplicaSkin } from '../../shared/app';
import { mountRunSettings } from './runSettings';
import { aiStudioUploads, type AiStudioUploadForm } from './uploads';
import { decorateAiStudioAnswer } from './answerMarkup';

export function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value);
  if (text !== undefined) created.textContent = text;
  return created;
}

/** A custom element (Angular component host) such as `ms-chat-turn`. */
export function custom(tag: string, attributes: Record<string, string> = {}, text?: string): HTMLElement {
  return element(tag as 'div', attributes, text);
}

/** A Material Symbols glyph as AI Studio renders it (the ligature as text). */
export function symbol(name: string): HTMLElement {
  return element('span', { class: 'material-symbols-outlined notranslate', 'aria-hidden': 'true' }, name);
}

/** An icon button carrying the `iconname` attribute AI Studio puts on its ms-button hosts. */
export function iconButton(label: string, iconName: string, attributes: Record<string, string> = {}): HTMLButtonElement {
  const button = element('button', { type: 'button', 'aria-label': label, iconname: iconName, class: 'ms-button-icon', ...attributes });
  button.append(symbol(iconName));
  return button;
}

/** AI Studio's wording for the states the shared server reports in ChatGPT's words. */
export function aiStudioMessage(kind: string, message: string): string {
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

/** The Run / Stop control of one UI. */
export interface RunControl {
  /** Redraws the control for the composer's state (empty?) and the generation state. */
  update(state: { empty: boolean; generating: boolean }): void;
}

/** The parts of the page that differ between AI Studio's UIs. */
export interface AiStudioEra {
  copyMechanism: ReplicaCopyMechanism;
  /** Builds the prompt box into `editor`: returns the textarea and the Run control's host. */
  mountPromptBox(editor: HTMLElement): { composer: HTMLTextAreaElement; runHost: HTMLElement };
  /** Builds the Run / Stop control into `host`; its button runs `send` or `stop`. */
  mountRunControl(host: HTMLElement, send: () => void, stop: () => void): RunControl;
  /** True: the per-turn `.actions-container` shows only while the turn is hovered. */
  hoverRevealedActions: boolean;
  /** True: a `.turn-footer` with thumbs appears when the answer is complete. */
  turnFooter: boolean;
  /** Shows a page-level message of `kind` in the page's toast / callout area. */
  showMessage(area: HTMLElement, kind: string, text: string): void;
  /**
   * True: the run settings panel with a live model selector and temperature (./runSettings.ts);
   * false: the model card is a static label in the header.
   */
  runSettings?: boolean;
  /** The upload control (./uploads.ts); absent: no upload. */
  upload?: AiStudioUploadForm;
}

/** The open options menu (one at a time, like Angular Material's), and its trigger. */
let openMenu: { trigger: HTMLElement; pane: HTMLElement } | undefined;

/** The CDK overlay container: created on first use at the end of <body>, as Angular does. */
export function overlayContainer(): HTMLElement {
  let container = document.querySelector<HTMLElement>('body > div.cdk-overlay-container');
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

/** One item of the turn options menu: its icon ligature, its label, what it does. */
type MenuItem = [icon: string, label: string, action: () => void];

/** Opens a turn's options menu in the overlay (outside the turn): closed by an item, Escape or the backdrop. */
function openOptionsMenu(trigger: HTMLElement, items: MenuItem[]): void {
  const container = overlayContainer();
  const backdrop = element('div', { class: 'cdk-overlay-backdrop cdk-overlay-transparent-backdrop cdk-overlay-backdrop-showing' });
  backdrop.addEventListener('click', () => closeOptionsMenu());
  const pane = element('div', { class: 'cdk-overlay-pane' });
  const panel = element('div', { class: 'mat-mdc-menu-panel mat-mdc-elevation-specific', role: 'menu', tabindex: '-1' });
  const menuContent = element('div', { class: 'mat-mdc-menu-content' });
  for (const [iconName, label, action] of items) {
    const item = element('button', { class: 'mat-mdc-menu-item mat-focus-indicator', role: 'menuitem', tabindex: '0' });
    item.append(symbol(iconName), element('span', { class: 'mat-mdc-menu-item-text' }, label));
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

/**
 * The per-turn actions: Edit and `ms-chat-turn-options > div > button[aria-label="Open options"]`,
 * whose menu holds Delete, Branch from here, Copy text, Copy markdown (Copy markdown is the
 * fourth item). Delete and Branch do nothing here.
 */
function turnActions(copyText: () => void, copyMarkdown: () => void): HTMLElement {
  const actions = element('div', { class: 'actions-container' });
  const group = element('div', { class: 'actions' });
  const options = custom('ms-chat-turn-options', {});
  const wrapper = element('div', {});
  const open = iconButton('Open options', 'more_vert', { class: 'mat-mdc-menu-trigger ms-button-icon', 'aria-haspopup': 'menu', 'aria-expanded': 'false' });
  open.addEventListener('click', () => {
    if (closeOptionsMenu() === open) return;
    const nothing = (): void => undefined;
    openOptionsMenu(open, [
      ['delete', 'Delete', nothing],
      ['call_split', 'Branch from here', nothing],
      ['content_copy', 'Copy text', copyText],
      ['markdown_copy', 'Copy markdown', copyMarkdown],
    ]);
  });
  wrapper.append(open);
  options.append(wrapper);
  group.append(iconButton('Edit', 'edit', { class: 'toggle-edit-button ms-button-icon' }), options);
  actions.append(group);
  return actions;
}

/** AI Studio's code block: `ms-code-block[data-test-language]` > an expansion panel (title, copy) + the code. */
function decorateCodeBlock(pre: HTMLElement, language: string, copy: () => void): void {
  const code = pre.querySelector('code')!;
  const block = custom('ms-code-block', language ? { 'data-test-language': language } : {});
  const panel = custom('mat-expansion-panel', { class: 'mat-expansion-panel mat-expanded' });
  const header = custom('mat-expansion-panel-header', { class: 'mat-expansion-panel-header', role: 'button', 'aria-expanded': 'true' });
  const title = custom('mat-panel-title', { class: 'mat-expansion-panel-header-title' });
  title.append(symbol('code'), element('span', {}, language ? language[0]!.toUpperCase() + language.slice(1) : 'Code'));
  const headerContent = element('span', { class: 'mat-content' });
  headerContent.append(title);
  header.append(headerContent);
  const body = element('div', { class: 'mat-expansion-panel-content' });
  const bodyInner = element('div', { class: 'mat-expansion-panel-body' });
  const tools = element('div', { class: 'code-block-actions' });
  const copyButton = iconButton('Copy to clipboard', 'content_copy');
  copyButton.addEventListener('click', copy);
  tools.append(copyButton, iconButton('Download', 'download'), iconButton('Collapse', 'expand_less', { 'data-test-id': 'expand-icon-button' }));
  // The language is on the ms-code-block host and in the panel title, not on the code element.
  code.removeAttribute('class');
  pre.replaceWith(block);
  bodyInner.append(tools, pre);
  body.append(bodyInner);
  panel.append(header, body);
  block.append(panel);
}

/** The skin of one AI Studio UI. */
export function aiStudioSkin(era: AiStudioEra): ReplicaSkin {
  let runControl: RunControl | undefined;
  let isGenerating = false;
  let messageArea: HTMLElement | undefined;

  const composerEmpty = (composer: HTMLElement): boolean => !(composer as HTMLTextAreaElement).value.trim();

  /** `ms-chat-turn > div.chat-turn-container.<role>` with its hover actions, author label and content. */
  const chatTurn = (role: 'user' | 'model', turnId: number): { turn: HTMLElement; container: HTMLElement; chunk: HTMLElement } => {
    const turn = custom('ms-chat-turn', { id: `turn-${role}-${turnId}` });
    const container = element('div', { class: `chat-turn-container render ${role}`, 'data-turn-role': role === 'user' ? 'User' : 'Model' });
    if (era.hoverRevealedActions) container.classList.add('hover-actions');
    const content = element('div', { class: 'turn-content' });
    const chunk = custom('ms-prompt-chunk', {});
    content.append(chunk);
    container.append(element('div', { class: 'author-label' }, role === 'user' ? 'User' : 'Model'), content);
    turn.append(container);
    return { turn, container, chunk };
  };

  return {
    copyMechanism: era.copyMechanism,
    ...(era.upload ? { attachments: aiStudioUploads(era.upload) } : {}),

    mountShell(root) {
      isGenerating = false;
      const app = custom('ms-app', {});
      const navbar = custom('ms-navbar', {});
      const nav = element('nav', {});
      const newChat = element('a', { href: '/prompts/new_chat', 'aria-label': 'New chat', class: 'new-chat-button' }, 'Chat');
      nav.append(newChat, element('div', { class: 'bottom-actions' }));
      navbar.append(nav);
      const editor = custom('ms-chunk-editor', {});
      const header = element('div', { class: 'title-tokencount-container' });
      if (!era.runSettings) header.append(element('button', { class: 'model-selector-card' }, 'Gemini 3.1 Pro Preview'));
      const session = custom('ms-chat-session', {});
      const scroller = custom('ms-autoscroll-container', {});
      const thread = element('div', { class: 'chat-session-content' });
      scroller.append(thread);
      session.append(scroller);
      messageArea = element('div', { class: 'message-area', id: 'messages' });
      editor.append(header, session, messageArea);
      const { composer, runHost } = era.mountPromptBox(editor);
      const sendProxy = document.createElement('button');
      const stopProxy = document.createElement('button');
      runControl = era.mountRunControl(
        runHost,
        () => sendProxy.click(),
        () => stopProxy.click(),
      );
      runControl.update({ empty: true, generating: false });
      composer.addEventListener('input', () => runControl?.update({ empty: composerEmpty(composer), generating: isGenerating }));
      // AI Studio runs the prompt on Ctrl+Enter (Cmd+Enter on macOS); a plain Enter is a newline.
      // Registered before the shared app's Enter handler, which it keeps from running.
      composer.addEventListener('keydown', (event) => {
        if (event.key !== 'Enter') return;
        event.stopImmediatePropagation();
        if (event.ctrlKey || event.metaKey) {
          event.preventDefault();
          runHost.querySelector('button')?.click();
        }
      });
      app.append(navbar, editor);
      let currentModel: (() => string) | undefined;
      if (era.runSettings) {
        const sidePanel = custom('ms-right-side-panel', {});
        currentModel = mountRunSettings(sidePanel, overlayContainer);
        app.append(sidePanel);
      }
      root.append(app);
      return { thread, composer, sendButton: sendProxy, stopButton: stopProxy, newChatButton: newChat, ...(currentModel ? { currentModel } : {}) };
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
      const { turn, container, chunk } = chatTurn('user', turnId);
      const textChunk = custom('ms-text-chunk', {});
      textChunk.append(custom('ms-cmark-node', { class: 'cmark-node user-chunk', style: 'white-space: pre-wrap' }, text));
      chunk.append(textChunk);
      // The user turn has the same hover actions and options menu as the model's.
      container.insertBefore(
        turnActions(
          () => undefined,
          () => undefined,
        ),
        container.firstChild,
      );
      thread.append(turn);
      return turn;
    },

    renderAssistantTurn(thread, turnId): ReplicaAssistantTurn {
      const { turn, container, chunk } = chatTurn('model', turnId);
      turn.setAttribute('data-replica-assistant', '');
      const textChunk = custom('ms-text-chunk', {});
      const content = custom('ms-cmark-node', { class: 'cmark-node' });
      textChunk.append(content);
      chunk.append(textChunk);
      let footer: HTMLElement | undefined;
      if (era.turnFooter) {
        // The footer is there while the answer streams; its thumbs come with completion.
        footer = element('div', { class: 'turn-footer' });
        container.append(footer);
      }
      thread.append(turn);
      let thought: { root: HTMLElement; title: HTMLElement; spinner: HTMLElement; text: HTMLElement; startedAt: number } | undefined;
      let finished = false;
      return {
        content,
        listItem: turn,
        setStreaming(streaming) {
          container.classList.toggle('generating', streaming);
        },
        setThinking(text) {
          if (text === null) {
            if (!thought) return;
            thought.spinner.remove();
            thought.title.textContent = `Thoughts (${Math.max(1, Math.round((Date.now() - thought.startedAt) / 1000))}s)`;
            return;
          }
          if (!thought) {
            const root = custom('ms-thought-chunk', {});
            const accordion = custom('mat-accordion', {});
            const panel = custom('mat-expansion-panel', { class: 'mat-expansion-panel thought-panel' });
            const header = custom('mat-expansion-panel-header', { class: 'mat-expansion-panel-header', role: 'button', 'aria-expanded': 'false' });
            const title = element('span', { class: 'thought-title' }, 'Thinking…');
            const spinner = element('span', { class: 'thinking-progress', role: 'progressbar', 'aria-label': 'Thinking' });
            header.append(title, spinner);
            const body = element('div', { class: 'mat-expansion-panel-content collapsed', role: 'region' });
            const bodyInner = element('div', { class: 'mat-expansion-panel-body' });
            const thoughtText = custom('ms-cmark-node', { class: 'cmark-node thought' });
            bodyInner.append(thoughtText);
            body.append(bodyInner);
            header.addEventListener('click', () => {
              body.classList.toggle('collapsed');
              panel.classList.toggle('mat-expanded', !body.classList.contains('collapsed'));
              header.setAttribute('aria-expanded', String(!body.classList.contains('collapsed')));
            });
            panel.append(header, body);
            accordion.append(panel);
            root.append(accordion);
            chunk.insertBefore(root, textChunk);
            thought = { root, title, spinner, text: thoughtText, startedAt: Date.now() };
          }
          thought.text.textContent = text;
        },
        finish(copy) {
          if (finished) return;
          finished = true;
          container.classList.remove('generating');
          container.insertBefore(
            turnActions(() => copyText(era.copyMechanism, content.innerText, content.innerHTML), copy),
            container.firstChild,
          );
          if (footer) footer.append(iconButton('Good response', 'thumb_up', { class: 'response-feedback-button' }), iconButton('Bad response', 'thumb_down', { class: 'response-feedback-button' }));
        },
        showError(messageText) {
          container.classList.remove('generating');
          if (messageArea) era.showMessage(messageArea, 'error_banner', aiStudioMessage('error_banner', messageText));
        },
      };
    },

    decorateCodeBlock,
    decorateAnswer: decorateAiStudioAnswer,

    showBanner(_shell, kind, message) {
      if (messageArea) era.showMessage(messageArea, kind, aiStudioMessage(kind, message));
    },

    clearBanners(_shell: ReplicaShell) {
      if (messageArea) messageArea.innerHTML = '';
    },

    setGenerating(shell, generating) {
      isGenerating = generating;
      runControl?.update({ empty: composerEmpty(shell.composer), generating });
    },
  };
}

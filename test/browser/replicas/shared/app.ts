/**
 * The page side every replica shares (bundled for the browser by the replica server): session
 * loading, submitting, following the server's NDJSON events (thinking, action-bar flash,
 * preamble + gap + second message node, tokens, notices, done / error / reload), markdown
 * rendering with `marked` (raw HTML escaped, as the real sites do: a `<TOOL_CALL>` tag shows as
 * text), the copy actions with the site's clipboard mechanism, the virtualized list, guest mode,
 * off-host sign-in and the failure states. A site supplies a `ReplicaSkin` that builds its own
 * DOM (ids, classes, data-testids, ARIA) and toggles its own states; it decides how things look,
 * never when they happen. 2026-11-25: a diff code block's removed lines render as a red "danger"
 * span (highlightDeletions; no site source, an adversarial case for the page-state scans).
 * 2026-11-25: `$…$` / `$$…$$` formulas (./math.ts) and a skin hook (decorateAnswer) that gives
 * an answer its site's real markup beyond code blocks (KaTeX, AI Studio's ms-cmark-node, …).
 */
import { Marked } from 'marked';
import { startUploads, type ReplicaUploadSkin, type ReplicaUploads } from './attachments';
import { copyText, type ReplicaCopyMechanism } from './clipboard';
import { CONVERSATION_HEADER, CONVERSATION_STORAGE_KEY } from './conversationKeys';
import { mathExtension } from './math';
import { clearProseMirror, readProseMirror } from './proseMirror';

export { copyText, type ReplicaCopyMechanism } from './clipboard';

/** Handles of the page shell a skin builds. */
export interface ReplicaShell {
  /** Where turns are appended. */
  thread: HTMLElement;
  /** The composer: a textarea or a contenteditable element. */
  composer: HTMLElement;
  /** The send button (the app wires its click). */
  sendButton: HTMLButtonElement;
  /** The stop button (the app wires its click). */
  stopButton: HTMLButtonElement;
  /** New chat control, if the site has one (the app wires its click). */
  newChatButton?: HTMLElement;
  /**
   * The model / mode the page's picker shows as chosen now (sites with a picker). Sent with each
   * message, so the server records which model a submission went out with.
   */
  currentModel?(): string;
}

/** Handles of one assistant turn a skin renders. */
export interface ReplicaAssistantTurn {
  /** Where the rendered markdown goes (the first message node of the turn). */
  content: HTMLElement;
  /** Streaming on/off (classes, cursor). Off during a preamble gap. */
  setStreaming(streaming: boolean): void;
  /**
   * Adds the per-turn action bar; `copy` copies the answer's markdown with the site's mechanism.
   * Called once per turn: when it is done, or when the user stopped it (the app calls it then too,
   * so skins need no 'replica-stopped' handling; a second call must do nothing).
   */
  finish(copy: () => void): void;
  /** Shows an error inside the turn (e.g. "Something went wrong"). */
  showError(message: string): void;
  /**
   * Shows (text) or removes (null) the site's thinking / reasoning element in the turn. Never
   * inside `content`. null comes when the answer's first token arrives (and at a preamble gap,
   * done, error, stop); the skin may remove the element or collapse it into a "done thinking"
   * summary, but what stays must not look like a thinking indicator. Optional: sites without a
   * visible thinking phase omit it.
   */
  setThinking?(text: string | null): void;
  /** Shows or hides the turn's action bar while the answer is not finished (a mid-thinking flash). */
  setActionBarFlash?(visible: boolean): void;
  /**
   * Starts a new assistant message node in the same turn (multi-message turns) and returns
   * where its markdown goes; later tokens render there. Optional: single-node sites omit it
   * (then the answer continues in `content` after the preamble).
   */
  addMessageNode?(): HTMLElement;
  /**
   * Draws a tool widget after the current answer block and starts a new answer block in the same
   * message (claude.ai: several `.standard-markdown` blocks with tool and search widgets between
   * them); returns where the next part of the answer goes. The answer's markdown is the blocks'
   * joined by a blank line. Optional: other skins go on in the same block.
   */
  addAnswerBlock?(): HTMLElement;
  /** The list item that holds this turn (what a virtualized list mounts and unmounts). */
  listItem?: HTMLElement;
}

/** What a site provides. */
export interface ReplicaSkin {
  /** The site's copy mechanism (default writeText), used by the turn copy and the code-block copy. */
  copyMechanism?: ReplicaCopyMechanism;
  /**
   * Builds the page: composer, buttons, thread container. `guest`: signed out but chatting
   * allowed, so the page also shows the site's "Log in" button.
   */
  mountShell(root: HTMLElement, options?: { guest?: boolean }): ReplicaShell;
  /** Builds the logged-out page. */
  mountLoginWall(root: HTMLElement): void;
  /** Appends a user turn; returns its list item (what a virtualized list unmounts). */
  renderUserTurn(thread: HTMLElement, text: string, turnId: number): HTMLElement | void;
  /** Appends an (empty) assistant turn. */
  renderAssistantTurn(thread: HTMLElement, turnId: number): ReplicaAssistantTurn;
  /** Wraps a rendered code block (header with language + "Copy code"); `copy` copies the code. */
  decorateCodeBlock(pre: HTMLElement, language: string, copy: () => void): void;
  /**
   * Gives a rendered answer the site's own markup for the rest (formulas from ./math.ts, list,
   * table, link and inline-code shapes), after its code blocks are decorated; called on every
   * re-render. Must leave the code blocks and the text as they are. Optional: without it the
   * answer keeps Marked's HTML and formulas show their TeX.
   */
  decorateAnswer?(content: HTMLElement): void;
  /**
   * Shows a page-level banner: rate_limit, network_drop, conversation_too_long, prompt_too_long,
   * and limit_notice (informational, the answer goes on). Messages use ChatGPT's wording; a
   * skin may rewrite them in its site's words.
   */
  showBanner(shell: ReplicaShell, kind: string, message: string): void;
  /** Removes page-level banners. */
  clearBanners(shell: ReplicaShell): void;
  /** Toggles send ↔ stop. */
  setGenerating(shell: ReplicaShell, generating: boolean): void;
  /** The site's file upload (./attachments.ts), where the replica has one. */
  attachments?: ReplicaUploadSkin;
  /** The site's temporary (history-free) chat, where it has one. */
  temporaryChat?: ReplicaTemporaryChat;
}

/**
 * A site's temporary chat: on when the page is opened with `urlParam` in its address, or once
 * the toggle `mount` draws is clicked (it calls `set`). `mount` also draws how the page shows
 * the mode is on. Every message carries the state, and the server records it
 * (ReplicaSubmission.temporary). A new chat leaves the mode, as on the real sites.
 */
export interface ReplicaTemporaryChat {
  urlParam?: string;
  mount(root: HTMLElement, on: boolean, set: (on: boolean) => void): void;
}

interface SessionTurn {
  id: number;
  user: string;
  preamble?: string;
  assistant: string;
  /** Where in `assistant` each answer block after the first starts. */
  blocksAt: number[];
  status: 'thinking' | 'streaming' | 'done' | 'failed';
  notice?: { kind: string; message: string };
  error?: { kind: string; message: string };
}

interface Session {
  loggedIn: boolean;
  guest: boolean;
  /** Set when the signed-out page belongs on an off-host sign-in page. */
  signInUrl: string | null;
  /** The conversation the tab chats in (its address is /c/<id> once it has a message). */
  conversationId: string;
  turns: SessionTurn[];
  ignoreFirstSubmit: boolean;
  composerLimit: number | null;
  virtualizeAfterChars: number | null;
}

/** One NDJSON event (see ReplicaEvent in ../server.ts). */
interface ServerEvent {
  type: 'thinking' | 'action_bar' | 'preamble_token' | 'gap' | 'node' | 'block' | 'token' | 'notice' | 'done' | 'error' | 'reload';
  text?: string;
  visible?: boolean;
  kind?: string;
  message?: string;
}

const markdown = new Marked({ gfm: true, breaks: false });
markdown.use(mathExtension, {
  renderer: {
    html(token) {
      return escapeHtml(token.text);
    },
  },
});

/**
 * The red "danger" span an answer may hold: a diff's removed lines are highlighted in red, as
 * sites' code highlighters do (hljs `hljs-deletion`). Deliberately adversarial: the span also
 * carries the error classes and role the adapters' error-banner selectors look for (claude.ai's
 * `text-danger-000`, Tailwind's `text-red-500`, ChatGPT's `text-token-text-error`, `[role=alert]`,
 * `.error`), so a page-state scan that looked inside the answer would take the answer's own
 * text for a site error. The text is unchanged (the copy and the DOM read the same characters).
 */
const DANGER_SPAN_CLASS = 'hljs-deletion text-danger-000 text-red-500 text-token-text-error error';

function highlightDeletions(code: HTMLElement, text: string): void {
  code.innerHTML = text
    .split('\n')
    .map((line) => (line.startsWith('-') ? `<span class="${DANGER_SPAN_CLASS}" role="alert" style="color: #dc2626">${escapeHtml(line)}</span>` : escapeHtml(line)))
    .join('\n');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const networkErrorMessage = 'A network error occurred. Please check your connection and try again.';

/**
 * The tab's own conversation: kept in sessionStorage (one per tab, kept across reloads) and sent
 * with every API call, so several tabs of one browser chat at once, each in its own chat. Once a
 * chat has a message its address is /c/<id>, as on the real sites, and a tab opened at that
 * address chats in it. A tab with none yet (a new tab at /) is given the server's latest
 * conversation by /api/session, or a new one while another tab is generating in the latest.
 */
const conversationStorageKey = CONVERSATION_STORAGE_KEY;
const conversationHeader = CONVERSATION_HEADER;
const conversationPath = /^\/c\/(conv-\d+)$/;

/** The address of a conversation (the site's search parameters kept, e.g. a temporary chat's). */
function showConversationAddress(conversationId: string | undefined): void {
  const path = conversationId ? `/c/${conversationId}` : '/';
  if (location.pathname !== path) history.replaceState(history.state, '', `${path}${location.search}`);
}

/** A call to the replica's API on behalf of this tab's conversation; a returned conversationId becomes the tab's. */
async function callApi(path: string, init: RequestInit = {}): Promise<Response> {
  const own = sessionStorage.getItem(conversationStorageKey);
  const headers = new Headers(init.headers);
  if (own) headers.set(conversationHeader, own);
  const response = await fetch(path, { ...init, headers });
  const given = response.headers.get(conversationHeader);
  if (given) sessionStorage.setItem(conversationStorageKey, given);
  return response;
}

/** Boots the replica app with a site's skin. */
export function startReplicaApp(skin: ReplicaSkin): void {
  const root = document.getElementById('root')!;
  const addressed = conversationPath.exec(location.pathname)?.[1];
  if (addressed) sessionStorage.setItem(conversationStorageKey, addressed);
  const mechanism = skin.copyMechanism ?? 'writeText';
  let shell: ReplicaShell | undefined;
  let uploads: ReplicaUploads | undefined;
  let generating = false;
  /** The site's temporary chat is on (skin.temporaryChat). */
  let temporary = false;
  let abortCurrent: (() => void) | undefined;
  let virtualizeAfterChars: number | null = null;
  /** List items of the thread in order (user items a skin returned, assistant listItems). */
  let listItems: HTMLElement[] = [];
  /** The answer being generated, if any (what the stop button finishes). */
  let activeAnswer: AnswerView | undefined;

  function readComposer(composer: HTMLElement): string {
    if (composer instanceof HTMLTextAreaElement) return composer.value;
    return readProseMirror(composer) ?? composer.innerText.replace(/\n$/, '');
  }

  function clearComposer(composer: HTMLElement): void {
    if (composer instanceof HTMLTextAreaElement) composer.value = '';
    else if (readProseMirror(composer) !== undefined) clearProseMirror(composer);
    else composer.innerHTML = '<p><br class="ProseMirror-trailingBreak"></p>';
    composer.dispatchEvent(new Event('input', { bubbles: true }));
  }

  /** Copies the answer: its markdown, and its HTML (made once when the answer finished, as a site keeps its rendered message). */
  function copyMarkdown(source: string, html: string): void {
    copyText(mechanism, source, html);
  }

  /** The top-level markdown blocks rendered into a target: each block's source and its nodes. */
  interface RenderedBlocks {
    source: string;
    blocks: Array<{ raw: string; space: boolean; nodes: ChildNode[] }>;
  }
  const renderedBlocks = new WeakMap<HTMLElement, RenderedBlocks>();

  /**
   * Renders `source` into `target` the way the sites' renderers update a streaming answer: the
   * finished top-level blocks keep their DOM nodes, and only the tail (the last two blocks, which
   * the new text can still change) is parsed and drawn again. A source that is not an extension
   * of the last one is drawn from scratch.
   */
  function render(target: HTMLElement, source: string): void {
    let state = renderedBlocks.get(target);
    if (!state || !source.startsWith(state.source)) {
      for (const block of state?.blocks ?? []) for (const node of block.nodes) node.remove();
      state = { source: '', blocks: [] };
      renderedBlocks.set(target, state);
    }
    let keep = state.blocks.length;
    for (let content = 0; keep > 0 && content < 2; keep--) if (!state.blocks[keep - 1]!.space) content++;
    for (const block of state.blocks.splice(keep)) for (const node of block.nodes) node.remove();
    const offset = state.blocks.reduce((sum, block) => sum + block.raw.length, 0);
    const tokens = markdown.lexer(source.slice(offset));
    for (const token of tokens) {
      const template = document.createElement('template');
      template.innerHTML = markdown.parser(Object.assign([token], { links: tokens.links }));
      const before = target.lastChild;
      // Decorated in a holder of its own: code frames first, then the skin's answer markup
      // (which reads the block from its parent and must not touch earlier blocks).
      const holder = document.createElement('div');
      holder.append(...Array.from(template.content.childNodes));
      for (const node of Array.from(holder.children)) if (node instanceof HTMLElement) decorate(node);
      skin.decorateAnswer?.(holder);
      target.append(...Array.from(holder.childNodes));
      // The block's nodes as decorated (a skin may wrap a code block in its frame).
      const nodes: ChildNode[] = [];
      for (let node = before ? before.nextSibling : target.firstChild; node; node = node.nextSibling) nodes.push(node);
      state.blocks.push({ raw: token.raw, space: token.type === 'space', nodes });
    }
    state.source = source;
  }

  /** Gives the code blocks of a freshly drawn block the skin's frame (and a diff its red lines). */
  function decorate(root: HTMLElement): void {
    const diffs: string[] = [];
    const codes = root.matches('pre > code') ? [root] : Array.from(root.querySelectorAll('pre > code'));
    for (const code of codes) {
      const language = /language-(\S+)/.exec(code.className)?.[1] ?? '';
      const text = code.textContent ?? '';
      if (language === 'diff') diffs.push(text);
      skin.decorateCodeBlock(code.parentElement as HTMLElement, language, () => copyText(mechanism, text, `<pre><code>${escapeHtml(text)}</code></pre>`));
    }
    // After the skin's decoration: the element that now holds the diff's text (skins rebuild blocks).
    const scope = root.parentElement ?? root;
    for (const text of diffs) {
      const holder = Array.from(scope.querySelectorAll<HTMLElement>('pre, code')).find((candidate) => candidate.textContent === text && !candidate.querySelector('pre, code'));
      if (holder) highlightDeletions(holder, text);
    }
  }

  function setGenerating(value: boolean): void {
    generating = value;
    if (shell) skin.setGenerating(shell, value);
  }

  function track(item: HTMLElement | void | undefined): void {
    if (item) listItems.push(item);
  }

  /**
   * The page state of one assistant turn: which message node tokens render into, the markdown
   * of that node, whether a thinking element shows. The final answer is the markdown of the
   * last node: the reply alone when the skin has addMessageNode, else preamble + "\n\n" + reply.
   */
  class AnswerView {
    target: HTMLElement;
    source = '';
    /** Where the current answer block's part of `source` starts. */
    blockStart = 0;
    streamedChars = 0;
    thinkingShown = false;
    finished = false;
    /** List items before this turn's own (a virtual list drops them during a long answer). */
    readonly earlierItems: HTMLElement[];

    constructor(readonly turn: ReplicaAssistantTurn) {
      this.target = turn.content;
      this.earlierItems = listItems.slice();
      track(turn.listItem);
    }

    think(text: string | undefined): void {
      this.turn.setStreaming(true);
      if (text && this.turn.setThinking) {
        this.turn.setThinking(text);
        this.thinkingShown = true;
      }
    }

    endThinking(): void {
      if (!this.thinkingShown) return;
      this.thinkingShown = false;
      this.turn.setThinking?.(null);
    }

    append(text: string, live: boolean): void {
      this.endThinking();
      this.source += text;
      this.streamedChars += text.length;
      render(this.target, this.source.slice(this.blockStart));
      if (live && virtualizeAfterChars !== null && this.streamedChars >= virtualizeAfterChars) this.virtualize();
    }

    /** A tool widget, then the answer goes on in a new answer block of the same message (skins that have them). */
    startBlock(): void {
      if (!this.turn.addAnswerBlock) return;
      this.target = this.turn.addAnswerBlock();
      this.blockStart = this.source.length;
    }

    startNode(): void {
      this.blockStart = 0;
      if (this.turn.addMessageNode) {
        this.target = this.turn.addMessageNode();
        this.source = '';
      } else if (this.source) {
        this.source += '\n\n';
      }
    }

    /** Removes every earlier list item from the DOM, as a virtual list does once they scroll away. */
    virtualize(): void {
      for (const item of this.earlierItems) item.remove();
    }

    finish(): void {
      if (this.finished) return;
      this.finished = true;
      this.endThinking();
      this.turn.setStreaming(false);
      const answer = this.source;
      const html = markdown.parse(answer, { async: false }) as string;
      this.turn.finish(() => copyMarkdown(answer, html));
    }
  }

  async function follow(response: Response, answer: AnswerView): Promise<void> {
    activeAnswer = answer;
    const turn = answer.turn;
    let buffered = '';
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let cancelled = false;
    abortCurrent = () => {
      cancelled = true;
      void reader.cancel();
    };
    const handle = (event: ServerEvent): boolean => {
      switch (event.type) {
        case 'thinking':
          setGenerating(true);
          answer.think(event.text);
          return false;
        case 'action_bar':
          turn.setActionBarFlash?.(event.visible === true);
          return false;
        case 'preamble_token':
        case 'token':
          answer.append(event.text ?? '', true);
          return false;
        case 'gap':
          answer.endThinking();
          turn.setStreaming(false);
          setGenerating(false);
          return false;
        case 'node':
          answer.startNode();
          return false;
        case 'block':
          answer.startBlock();
          return false;
        case 'notice':
          if (shell) skin.showBanner(shell, event.kind ?? 'limit_notice', event.message ?? '');
          return false;
        case 'done':
          setGenerating(false);
          answer.finish();
          return true;
        case 'error':
          answer.endThinking();
          turn.setStreaming(false);
          setGenerating(false);
          failure(event.kind ?? 'error', event.message ?? 'Something went wrong.', turn);
          return true;
        case 'reload':
          location.reload();
          return true;
        default:
          return false;
      }
    };
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffered += decoder.decode(value, { stream: true });
        let newline: number;
        while ((newline = buffered.indexOf('\n')) !== -1) {
          const line = buffered.slice(0, newline);
          buffered = buffered.slice(newline + 1);
          if (line.trim() && handle(JSON.parse(line) as ServerEvent)) return;
        }
      }
      if (!cancelled) throw new Error('stream ended early');
    } catch {
      if (cancelled) return;
      answer.endThinking();
      turn.setStreaming(false);
      setGenerating(false);
      failure('network_drop', networkErrorMessage, turn);
    } finally {
      abortCurrent = undefined;
      if (activeAnswer === answer) activeAnswer = undefined;
    }
  }

  function failure(kind: string, message: string, turn?: ReplicaAssistantTurn): void {
    if (kind === 'bot_check' || kind === 'login') {
      location.href = '/';
      return;
    }
    if (kind === 'error_banner' && turn) {
      turn.showError(message);
      return;
    }
    if (shell) skin.showBanner(shell, kind, message);
  }

  async function submit(): Promise<void> {
    if (!shell || generating) return;
    const text = readComposer(shell.composer);
    if (!text.trim()) return;
    skin.clearBanners(shell);
    clearComposer(shell.composer);
    const attachments = uploads?.takeForMessage() ?? [];
    const session = (await (await callApi('/api/session')).json()) as Session;
    showConversationAddress(session.conversationId);
    const turnId = (session.turns.at(-1)?.id ?? 0) + 1;
    track(skin.renderUserTurn(shell.thread, text, turnId));
    setGenerating(true);
    const answer = new AnswerView(skin.renderAssistantTurn(shell.thread, turnId));
    answer.turn.setStreaming(true);
    activeAnswer = answer;
    try {
      const response = await callApi('/api/conversation', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text, model: shell.currentModel?.(), attachments, temporary }) });
      if (response.status === 401) return failure('login', 'login');
      await follow(response, answer);
    } catch {
      setGenerating(false);
      failure('network_drop', networkErrorMessage, answer.turn);
    }
  }

  /** A turn of the session as the page shows it after a load: finished, failed, or re-attached. */
  function restore(current: ReplicaShell, turn: SessionTurn): void {
    track(skin.renderUserTurn(current.thread, turn.user, turn.id));
    const answer = new AnswerView(skin.renderAssistantTurn(current.thread, turn.id));
    if (turn.status === 'done' || turn.status === 'failed') {
      if (turn.preamble) {
        answer.append(turn.preamble, false);
        answer.startNode();
      }
      // The answer blocks as they streamed (claude.ai: several `.standard-markdown` with tool widgets between).
      let blockStart = 0;
      for (const at of turn.blocksAt) {
        answer.append(turn.assistant.slice(blockStart, at), false);
        answer.startBlock();
        blockStart = at;
      }
      if (turn.assistant.length > blockStart) answer.append(turn.assistant.slice(blockStart), false);
      if (turn.notice) skin.showBanner(current, turn.notice.kind, turn.notice.message);
      if (turn.status === 'done') answer.finish();
      else failure(turn.error?.kind ?? 'error', turn.error?.message ?? 'Something went wrong.', answer.turn);
      return;
    }
    // Still generating: the stream replays every event from the start, then goes on live.
    setGenerating(true);
    answer.turn.setStreaming(true);
    void callApi(`/api/stream?turn=${turn.id}`).then((response) => follow(response, answer));
  }

  async function boot(): Promise<void> {
    const session = (await (await callApi('/api/session')).json()) as Session;
    if (!session.loggedIn && !session.guest && session.signInUrl) {
      location.replace(session.signInUrl);
      return;
    }
    // A new page: nothing of the chat shown before goes on in it (a stream it followed is
    // dropped, the composer can send), as when a real site opens a new chat.
    abortCurrent?.();
    abortCurrent = undefined;
    generating = false;
    root.innerHTML = '';
    listItems = [];
    activeAnswer = undefined;
    showConversationAddress(session.turns.length > 0 ? session.conversationId : undefined);
    virtualizeAfterChars = session.virtualizeAfterChars;
    if (!session.loggedIn && !session.guest) {
      skin.mountLoginWall(root);
      return;
    }
    shell = skin.mountShell(root, { guest: session.guest });
    temporary = skin.temporaryChat?.urlParam !== undefined && new URL(location.href).searchParams.has(skin.temporaryChat.urlParam);
    skin.temporaryChat?.mount(root, temporary, (on) => {
      temporary = on;
    });
    const current = shell;
    uploads = skin.attachments ? startUploads(skin.attachments, current) : undefined;
    let ignoredOnce = false;
    if (session.ignoreFirstSubmit) current.sendButton.dataset.ignoreNext = '1';
    if (session.composerLimit !== null) {
      current.composer.dataset.limit = String(session.composerLimit);
      if (current.composer instanceof HTMLTextAreaElement) current.composer.maxLength = session.composerLimit;
    }
    // The scenario's ignoreFirstSubmit drops the first send, by the button or by Enter (a site
    // that sends with Enter only, e.g. Copilot as PTK drives it).
    const submitUnlessIgnored = (): void => {
      if (current.sendButton.dataset.ignoreNext === '1' && !ignoredOnce) {
        ignoredOnce = true;
        return;
      }
      void submit();
    };
    current.sendButton.addEventListener('click', submitUnlessIgnored);
    current.stopButton.addEventListener('click', () => {
      abortCurrent?.();
      setGenerating(false);
      const stopped = activeAnswer;
      activeAnswer = undefined;
      stopped?.finish();
      // Kept for skins that style a stopped turn; finishing is the app's job.
      const turns = current.thread.querySelectorAll('[data-replica-assistant]');
      const last = turns[turns.length - 1] as HTMLElement | undefined;
      last?.dispatchEvent(new CustomEvent('replica-stopped'));
    });
    current.newChatButton?.addEventListener('click', (event) => {
      event.preventDefault();
      void callApi('/api/new', { method: 'POST' }).then(() => boot());
    });
    current.composer.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.shiftKey) {
        event.preventDefault();
        submitUnlessIgnored();
      }
    });
    for (const turn of session.turns) restore(current, turn);
  }

  // Opening the temporary-chat address starts a new chat, as on the real sites; a reload keeps
  // the chat the tab showed.
  const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const temporaryUrl = skin.temporaryChat?.urlParam !== undefined && new URL(location.href).searchParams.has(skin.temporaryChat.urlParam);
  if (temporaryUrl && navigation?.type !== 'reload') void callApi('/api/new', { method: 'POST' }).then(() => boot());
  else void boot();
}

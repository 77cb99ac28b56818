/**
 * The page side every replica shares (bundled for the browser by the replica server): session
 * loading, submitting, streaming the answer from the server's NDJSON, markdown rendering with
 * `marked` (raw HTML escaped, as the real sites do: a `<TOOL_CALL>` tag shows as text), the
 * copy actions through navigator.clipboard, the failure states. A site supplies a `ReplicaSkin`
 * that builds its own DOM (ids, classes, data-testids, ARIA) and toggles its own states.
 */
import { Marked } from 'marked';
import { clearProseMirror, readProseMirror } from './proseMirror';

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
}

/** Handles of one assistant turn a skin renders. */
export interface ReplicaAssistantTurn {
  /** Where the rendered markdown goes. */
  content: HTMLElement;
  /** Streaming on/off (classes, cursor). */
  setStreaming(streaming: boolean): void;
  /** Adds the per-turn action bar; `copy` copies the answer's markdown. */
  finish(copy: () => void): void;
  /** Shows an error inside the turn (e.g. "Something went wrong"). */
  showError(message: string): void;
  /**
   * Shows (text) or removes (null) the site's thinking / reasoning element in the turn. Never
   * inside `content`. Optional: sites without a visible thinking phase omit it.
   */
  setThinking?(text: string | null): void;
  /** Shows or hides the turn's action bar while the answer is not finished (a mid-thinking flash). */
  setActionBarFlash?(visible: boolean): void;
  /**
   * Starts a new assistant message node in the same turn (multi-message turns) and returns
   * where its markdown goes; later tokens render there. Optional: single-node sites omit it.
   */
  addMessageNode?(): HTMLElement;
  /** The list item that holds this turn (what a virtualized list mounts and unmounts). */
  listItem?: HTMLElement;
}

/** How a site's copy buttons put text on the clipboard (the app implements each once). */
export type ReplicaCopyMechanism = 'writeText' | 'clipboardItem' | 'execCommand';

/** What a site provides. */
export interface ReplicaSkin {
  /** The site's copy mechanism (default writeText). */
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
  /** Shows a page-level banner (rate limit, network error, conversation too long…). */
  showBanner(shell: ReplicaShell, kind: string, message: string): void;
  /** Removes page-level banners. */
  clearBanners(shell: ReplicaShell): void;
  /** Toggles send ↔ stop. */
  setGenerating(shell: ReplicaShell, generating: boolean): void;
}

interface SessionTurn {
  id: number;
  user: string;
  assistant: string;
  status: 'thinking' | 'streaming' | 'done' | 'failed';
  error?: { kind: string; message: string };
}

interface ServerEvent {
  type: 'thinking' | 'token' | 'done' | 'error' | 'reload';
  text?: string;
  kind?: string;
  message?: string;
}

const markdown = new Marked({ gfm: true, breaks: false });
markdown.use({
  renderer: {
    html(token) {
      return escapeHtml(token.text);
    },
  },
});

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Boots the replica app with a site's skin. */
export function startReplicaApp(skin: ReplicaSkin): void {
  const root = document.getElementById('root')!;
  let shell: ReplicaShell | undefined;
  let generating = false;
  let abortCurrent: (() => void) | undefined;

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

  function render(target: HTMLElement, source: string): void {
    target.innerHTML = markdown.parse(source, { async: false }) as string;
    for (const code of Array.from(target.querySelectorAll('pre > code'))) {
      const language = /language-(\S+)/.exec(code.className)?.[1] ?? '';
      const text = code.textContent ?? '';
      skin.decorateCodeBlock(code.parentElement as HTMLElement, language, () => void navigator.clipboard.writeText(text));
    }
  }

  function setGenerating(value: boolean): void {
    generating = value;
    if (shell) skin.setGenerating(shell, value);
  }

  async function follow(response: Response, turn: ReplicaAssistantTurn): Promise<void> {
    let source = '';
    let buffered = '';
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let cancelled = false;
    abortCurrent = () => {
      cancelled = true;
      void reader.cancel();
    };
    const handle = (event: ServerEvent): boolean => {
      if (event.type === 'thinking') {
        turn.setStreaming(true);
      } else if (event.type === 'token') {
        source += event.text ?? '';
        render(turn.content, source);
      } else if (event.type === 'done') {
        turn.setStreaming(false);
        setGenerating(false);
        const answer = source;
        turn.finish(() => void navigator.clipboard.writeText(answer));
        return true;
      } else if (event.type === 'error') {
        turn.setStreaming(false);
        setGenerating(false);
        failure(event.kind ?? 'error', event.message ?? 'Something went wrong.', turn);
        return true;
      } else if (event.type === 'reload') {
        location.reload();
        return true;
      }
      return false;
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
      turn.setStreaming(false);
      setGenerating(false);
      failure('network_drop', 'A network error occurred. Please check your connection and try again.', turn);
    } finally {
      abortCurrent = undefined;
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
    const session = (await (await fetch('/api/session')).json()) as { turns: SessionTurn[] };
    const turnId = (session.turns.at(-1)?.id ?? 0) + 1;
    skin.renderUserTurn(shell.thread, text, turnId);
    setGenerating(true);
    const assistant = skin.renderAssistantTurn(shell.thread, turnId);
    assistant.setStreaming(true);
    try {
      const response = await fetch('/api/conversation', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text }) });
      if (response.status === 401) return failure('login', 'login');
      await follow(response, assistant);
    } catch {
      setGenerating(false);
      failure('network_drop', 'A network error occurred. Please check your connection and try again.', assistant);
    }
  }

  async function boot(): Promise<void> {
    const session = (await (await fetch('/api/session')).json()) as { loggedIn: boolean; turns: SessionTurn[]; ignoreFirstSubmit: boolean; composerLimit: number | null };
    root.innerHTML = '';
    if (!session.loggedIn) {
      skin.mountLoginWall(root);
      return;
    }
    shell = skin.mountShell(root);
    const current = shell;
    let ignoredOnce = false;
    if (session.ignoreFirstSubmit) current.sendButton.dataset.ignoreNext = '1';
    if (session.composerLimit !== null) {
      current.composer.dataset.limit = String(session.composerLimit);
      if (current.composer instanceof HTMLTextAreaElement) current.composer.maxLength = session.composerLimit;
    }
    current.sendButton.addEventListener('click', () => {
      if (current.sendButton.dataset.ignoreNext === '1' && !ignoredOnce) {
        ignoredOnce = true;
        return;
      }
      void submit();
    });
    current.stopButton.addEventListener('click', () => {
      abortCurrent?.();
      setGenerating(false);
      const turns = current.thread.querySelectorAll('[data-replica-assistant]');
      const last = turns[turns.length - 1] as HTMLElement | undefined;
      last?.dispatchEvent(new CustomEvent('replica-stopped'));
    });
    current.newChatButton?.addEventListener('click', (event) => {
      event.preventDefault();
      void fetch('/api/new', { method: 'POST' }).then(() => boot());
    });
    current.composer.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.shiftKey) {
        event.preventDefault();
        void submit();
      }
    });
    for (const turn of session.turns) {
      skin.renderUserTurn(current.thread, turn.user, turn.id);
      const assistant = skin.renderAssistantTurn(current.thread, turn.id);
      render(assistant.content, turn.assistant);
      if (turn.status === 'done') {
        const answer = turn.assistant;
        assistant.finish(() => void navigator.clipboard.writeText(answer));
      } else if (turn.status === 'failed') {
        failure(turn.error?.kind ?? 'error', turn.error?.message ?? 'Something went wrong.', assistant);
      } else {
        setGenerating(true);
        assistant.setStreaming(true);
        void fetch(`/api/stream?turn=${turn.id}`).then((response) => follow(response, assistant));
      }
    }
  }

  void boot();
}

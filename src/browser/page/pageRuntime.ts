/**
 * The ONE script the backend injects into the chat page (context.addInitScript, so it survives
 * reloads; evaluated once more in pages already open). It installs `window.__ptkRuntime`:
 *
 * - clipboard interception: navigator.clipboard.writeText / write and DataTransfer.setData
 *   (copy events) are captured inside the page, never written: the user's clipboard is never
 *   touched, and the site's copy action hands us the answer's markdown;
 * - watch(config): a MutationObserver that finds the user turn carrying our nonce and the
 *   assistant turn after it, and reports snapshots through the exposed binding: text deltas
 *   (append or full rewrite), stop button / streaming / action bar state, error banners,
 *   login wall, bot check;
 * - extract(): the turn's copy button (or its menu's copy item, copyMenuButton → copyMenuItem)
 *   with the clipboard intercepted, else DOM → markdown;
 * - stop(): clicks the stop button; readComposer(): the composer's text.
 *
 * Serialised with toString: self-contained except `domToMarkdown`, which buildPageScript
 * defines next to it in the same script.
 */
import type { PageSelectors } from '../adapters/types';
import { domToMarkdown as domToMarkdownFunction } from './domToMarkdown';

declare const domToMarkdown: typeof domToMarkdownFunction;

/** What watch() needs. */
export interface WatchConfig {
  selectors: PageSelectors;
  nonce: string;
  /** Name of the binding exposed on the context. */
  bindingName: string;
  /** Coalescing window of snapshots, ms. */
  throttleMs: number;
}

/** One report of the page's state for our turn. */
export interface PageSnapshot {
  /** Nonce of the watched turn. */
  nonce: string;
  /** Increments per snapshot of a watch (resets after a reload). */
  sequence: number;
  /** Page clock (ms since epoch) of the latest answer-text change seen by the observer. */
  lastTextMutationAt: number;
  composerPresent: boolean;
  composerText: string;
  userTurnFound: boolean;
  assistantTurnFound: boolean;
  /** Appended answer text since the previous snapshot (when `rewrite` is false). */
  append: string;
  /** The whole answer text, sent only when it changed other than by appending. */
  rewrite: string | null;
  /** Length of the whole answer text. */
  textLength: number;
  stopVisible: boolean;
  streaming: boolean;
  actionBarPresent: boolean;
  banners: string[];
  loginWall: boolean;
  botCheck: boolean;
  /** Which fallback of each selector list matched (-1: none), for selector-drift diagnostics. */
  matched: Record<string, number>;
}

/** Result of extract(). */
export interface ExtractResult {
  /** 'stream': the observer's streamed text (Node side fallback). */
  via: 'copy' | 'dom' | 'stream' | 'none';
  text: string;
}

/** Result of probe(): the page's readiness and problems, without a watch. */
export interface PageProbe {
  composerPresent: boolean;
  userTurnCount: number;
  loginWall: boolean;
  botCheck: boolean;
  banners: string[];
}

export interface PageRuntime {
  watch(config: WatchConfig): void;
  probe(selectors: PageSelectors): PageProbe;
  unwatch(): void;
  snapshot(): PageSnapshot | null;
  extract(timeoutMs: number): Promise<ExtractResult>;
  stop(): boolean;
  readComposer(selectors: PageSelectors): string | null;
  clearCaptured(): void;
  captured(): string[];
}

/** Installs window.__ptkRuntime (idempotent). Runs in the page. */
export function installPageRuntime(): void {
  const pageWindow = window as unknown as { __ptkRuntime?: PageRuntime } & Record<string, unknown>;
  if (pageWindow.__ptkRuntime) return;

  // ---- clipboard interception -------------------------------------------------------------
  const capturedTexts: string[] = [];
  const waiters: Array<(text: string) => void> = [];
  const capture = (text: string): void => {
    capturedTexts.push(text);
    for (const waiter of waiters.splice(0)) waiter(text);
  };
  const writeText = async (text: string): Promise<void> => {
    capture(String(text));
  };
  const write = async (items: ClipboardItem[]): Promise<void> => {
    for (const item of items) {
      if (item.types.includes('text/plain')) {
        capture(await (await item.getType('text/plain')).text());
        return;
      }
    }
  };
  try {
    if (typeof Clipboard !== 'undefined') {
      Object.defineProperty(Clipboard.prototype, 'writeText', { value: writeText, configurable: true, writable: true });
      Object.defineProperty(Clipboard.prototype, 'write', { value: write, configurable: true, writable: true });
    }
    if (!navigator.clipboard) {
      Object.defineProperty(navigator, 'clipboard', { value: { writeText, write, readText: async () => capturedTexts[capturedTexts.length - 1] ?? '' }, configurable: true });
    }
    const originalSetData = DataTransfer.prototype.setData;
    DataTransfer.prototype.setData = function setData(this: DataTransfer, format: string, data: string): void {
      if (format === 'text/plain' || format === 'text') capture(data);
      return originalSetData.call(this, format, data);
    };
  } catch {
    // A page that froze these objects: extraction falls back to the DOM.
  }

  // ---- selectors --------------------------------------------------------------------------
  const matchedIndex: Record<string, number> = {};
  const all = (name: string, list: readonly string[], scope: ParentNode = document): Element[] => {
    for (let index = 0; index < list.length; index++) {
      let found: Element[];
      try {
        found = Array.from(scope.querySelectorAll(list[index]!));
      } catch {
        continue; // an invalid selector in a custom config: skip it
      }
      if (found.length > 0) {
        matchedIndex[name] = index;
        return found;
      }
    }
    matchedIndex[name] = -1;
    return [];
  };
  const first = (name: string, list: readonly string[], scope: ParentNode = document): Element | null => all(name, list, scope)[0] ?? null;
  const visible = (element: Element | null): boolean => {
    if (!element) return false;
    if ((element as HTMLElement).hidden) return false;
    if (element.closest('[hidden]')) return false;
    const style = getComputedStyle(element);
    if (style.display === 'none' || style.visibility === 'hidden') return false;
    return element.getClientRects().length > 0;
  };
  const closestOf = (element: Element, list: readonly string[]): Element | null => {
    for (const selector of list) {
      try {
        const found = element.closest(selector);
        if (found) return found;
      } catch {
        // invalid selector
      }
    }
    return null;
  };

  // ---- watching ---------------------------------------------------------------------------
  let config: WatchConfig | null = null;
  let observer: MutationObserver | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let sequence = 0;
  let lastText = '';
  let lastTextMutationAt = 0;
  let lastKey = '';
  let staleBanners = new WeakSet<Element>();

  const findTurn = (selectors: PageSelectors, nonce: string): { user: Element | null; assistant: Element | null } => {
    const marker = `[ptk:${nonce}]`;
    const users = all('userTurn', selectors.userTurn);
    let user: Element | null = null;
    for (let index = users.length - 1; index >= 0; index--) {
      if ((users[index]!.textContent ?? '').includes(marker)) {
        user = users[index]!;
        break;
      }
    }
    if (!user) return { user: null, assistant: null };
    const nextUser = users[users.indexOf(user) + 1];
    const assistants = all('assistantTurn', selectors.assistantTurn);
    for (const candidate of assistants) {
      if (user.contains(candidate) || candidate.contains(user)) continue;
      if (!(user.compareDocumentPosition(candidate) & Node.DOCUMENT_POSITION_FOLLOWING)) continue;
      if (nextUser && nextUser.compareDocumentPosition(candidate) & Node.DOCUMENT_POSITION_FOLLOWING) break;
      return { user, assistant: candidate };
    }
    return { user, assistant: null };
  };

  const answerElement = (selectors: PageSelectors, assistant: Element): Element => first('answerContent', selectors.answerContent, assistant) ?? assistant;
  const scopeOf = (selectors: PageSelectors, assistant: Element): Element => closestOf(assistant, selectors.turnScope) ?? assistant;

  const readComposer = (selectors: PageSelectors): string | null => {
    const composer = first('composer', selectors.composer);
    if (!composer) return null;
    if (composer instanceof HTMLTextAreaElement || composer instanceof HTMLInputElement) return composer.value;
    return (composer as HTMLElement).innerText ?? composer.textContent ?? '';
  };

  const takeSnapshot = (): PageSnapshot | null => {
    if (!config) return null;
    const selectors = config.selectors;
    const { user, assistant } = findTurn(selectors, config.nonce);
    const text = assistant ? domToMarkdown(answerElement(selectors, assistant)) : '';
    let append = '';
    let rewrite: string | null = null;
    if (text !== lastText) {
      if (text.startsWith(lastText)) append = text.slice(lastText.length);
      else rewrite = text;
      lastText = text;
      lastTextMutationAt = Date.now();
    }
    const scope = assistant ? scopeOf(selectors, assistant) : null;
    const bannerTexts: string[] = [];
    for (const banner of all('errorBanner', selectors.errorBanner)) {
      if (staleBanners.has(banner) || !visible(banner)) continue;
      const turnOwner = closestOf(banner, [...selectors.turnScope, ...selectors.assistantTurn, ...selectors.userTurn]);
      if (turnOwner && (!scope || (turnOwner !== scope && !scope.contains(turnOwner) && turnOwner !== assistant))) continue;
      const bannerText = (banner as HTMLElement).innerText ?? banner.textContent ?? '';
      if (bannerText.trim()) bannerTexts.push(bannerText.trim());
    }
    const bodyText = document.body ? document.body.innerText.slice(0, 2000) : '';
    const composer = first('composer', selectors.composer);
    const botCheck =
      all('botCheck', selectors.botCheck).some((element) => visible(element) || element.tagName === 'IFRAME') ||
      (!composer && /verify you are human|checking your browser|just a moment/i.test(`${document.title}\n${bodyText}`));
    return {
      nonce: config.nonce,
      sequence: ++sequence,
      lastTextMutationAt,
      composerPresent: composer !== null,
      composerText: readComposer(selectors) ?? '',
      userTurnFound: user !== null,
      assistantTurnFound: assistant !== null,
      append,
      rewrite,
      textLength: text.length,
      stopVisible: all('stopButton', selectors.stopButton).some(visible),
      streaming: scope ? all('streamingIndicator', selectors.streamingIndicator, scope).length > 0 : false,
      actionBarPresent: scope ? all('turnActionBar', selectors.turnActionBar, scope).some(visible) : false,
      banners: bannerTexts,
      loginWall: all('loginWall', selectors.loginWall).some(visible),
      botCheck,
      matched: { ...matchedIndex },
    };
  };

  const send = (force: boolean): void => {
    timer = null;
    if (!config) return;
    const snapshot = takeSnapshot();
    if (!snapshot) return;
    const key = JSON.stringify([snapshot.append, snapshot.rewrite, snapshot.composerPresent, snapshot.composerText.length, snapshot.userTurnFound, snapshot.assistantTurnFound, snapshot.stopVisible, snapshot.streaming, snapshot.actionBarPresent, snapshot.banners, snapshot.loginWall, snapshot.botCheck]);
    if (!force && key === lastKey && snapshot.append === '' && snapshot.rewrite === null) return;
    lastKey = key;
    const binding = pageWindow[config.bindingName] as ((payload: PageSnapshot) => Promise<void>) | undefined;
    if (binding) void binding(snapshot).catch(() => undefined);
  };

  const schedule = (): void => {
    if (timer !== null || !config) return;
    timer = setTimeout(() => send(false), config.throttleMs);
  };

  const runtime: PageRuntime = {
    watch(next) {
      runtime.unwatch();
      config = next;
      sequence = 0;
      lastText = '';
      lastKey = '';
      lastTextMutationAt = Date.now();
      staleBanners = new WeakSet(all('errorBanner', next.selectors.errorBanner));
      observer = new MutationObserver(schedule);
      observer.observe(document.documentElement, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['hidden', 'class', 'style', 'disabled', 'aria-hidden', 'data-testid', 'aria-label', 'data-is-streaming', 'aria-busy', 'aria-disabled'] });
      send(true);
    },
    unwatch() {
      observer?.disconnect();
      observer = null;
      if (timer !== null) clearTimeout(timer);
      timer = null;
      config = null;
    },
    snapshot: () => takeSnapshot(),
    probe(selectors) {
      const composer = first('composer', selectors.composer);
      const bodyText = document.body ? document.body.innerText.slice(0, 2000) : '';
      return {
        composerPresent: composer !== null,
        userTurnCount: all('userTurn', selectors.userTurn).length,
        loginWall: all('loginWall', selectors.loginWall).some(visible),
        botCheck:
          all('botCheck', selectors.botCheck).some((element) => visible(element) || element.tagName === 'IFRAME') ||
          (!composer && /verify you are human|checking your browser|just a moment/i.test(`${document.title}\n${bodyText}`)),
        banners: all('errorBanner', selectors.errorBanner)
          .filter(visible)
          .map((banner) => ((banner as HTMLElement).innerText ?? '').trim())
          .filter(Boolean),
      };
    },
    async extract(timeoutMs) {
      if (!config) return { via: 'none', text: '' };
      const selectors = config.selectors;
      const { assistant } = findTurn(selectors, config.nonce);
      if (!assistant) return { via: 'none', text: '' };
      const scope = scopeOf(selectors, assistant);
      const deadline = Date.now() + timeoutMs;
      const copied = (before: number): Promise<string | null> =>
        new Promise<string | null>((resolve) => {
          if (capturedTexts.length > before) {
            resolve(capturedTexts[capturedTexts.length - 1]!);
            return;
          }
          const timeout = setTimeout(() => resolve(null), Math.max(0, deadline - Date.now()));
          waiters.push((text) => {
            clearTimeout(timeout);
            resolve(text);
          });
        });
      const copyButton = first('copyButton', selectors.copyButton, scope) as HTMLElement | null;
      if (copyButton) {
        const before = capturedTexts.length;
        copyButton.click();
        const text = await copied(before);
        if (text !== null) return { via: 'copy', text };
      }
      const menuButton = (copyButton ? null : first('copyMenuButton', selectors.copyMenuButton, scope)) as HTMLElement | null;
      if (menuButton) {
        // The copy action lives in a menu that may open in an overlay outside the turn.
        let pattern: RegExp | null = null;
        try {
          pattern = selectors.copyMenuItemText ? new RegExp(selectors.copyMenuItemText, 'i') : null;
        } catch {
          pattern = null;
        }
        const findItem = (): HTMLElement | null =>
          (all('copyMenuItem', selectors.copyMenuItem).find((item) => visible(item) && (!pattern || pattern.test((item as HTMLElement).innerText ?? item.textContent ?? ''))) as HTMLElement | undefined) ?? null;
        const closeMenu = (): void => {
          const open = all('copyMenuItem', selectors.copyMenuItem).find(visible);
          if (!open) return;
          const target = open.closest('[role="menu"]') ?? open;
          target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', code: 'Escape', keyCode: 27, bubbles: true, cancelable: true } as KeyboardEventInit));
        };
        menuButton.click();
        let item = findItem();
        while (!item && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 25));
          item = findItem();
        }
        if (item) {
          const before = capturedTexts.length;
          item.click();
          const text = await copied(before);
          closeMenu();
          if (text !== null) return { via: 'copy', text };
        } else {
          closeMenu();
        }
      }
      return { via: 'dom', text: domToMarkdown(answerElement(selectors, assistant)) };
    },
    stop() {
      if (!config) return false;
      const stopButton = all('stopButton', config.selectors.stopButton).find(visible) as HTMLElement | undefined;
      stopButton?.click();
      return stopButton !== undefined;
    },
    readComposer,
    clearCaptured() {
      capturedTexts.length = 0;
    },
    captured: () => [...capturedTexts],
  };
  Object.defineProperty(pageWindow, '__ptkRuntime', { value: runtime, configurable: true });
}

/** The script text injected into pages: domToMarkdown + the runtime, installed at once. */
export function buildPageScript(): string {
  // `__name` shim: tsx/esbuild's keepNames may wrap serialised functions with it.
  return `(() => { var __name = function (target) { return target; };\n${domToMarkdown_source()}\n(${installPageRuntime.toString()})(); })();`;
}

function domToMarkdown_source(): string {
  const source = domToMarkdownFunction.toString();
  // Bundlers may rename the function; the runtime calls it by its source name.
  const declared = /^function\s+([\w$]+)/.exec(source)?.[1];
  return declared && declared !== 'domToMarkdown' ? `${source}\nvar domToMarkdown = ${declared};` : source;
}

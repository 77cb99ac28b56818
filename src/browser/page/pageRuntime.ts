/**
 * The ONE script the backend injects into the chat page (context.addInitScript, so it survives
 * reloads; evaluated once more in pages already open). It installs `window.__ptkRuntime`:
 *
 * - clipboard interception, for every way a site copies: navigator.clipboard.writeText and
 *   write([ClipboardItem]), document.execCommand('copy') on a selected temporary textarea or a
 *   selection (Angular CDK's Clipboard), and DataTransfer.setData in copy events. The text is
 *   captured inside the page and never written: the user's clipboard is never touched, and the
 *   site's copy action hands us the answer's markdown;
 * - watch(config): a MutationObserver that finds the user turn carrying our nonce and the
 *   assistant turn after it, then KEEPS that assistant element by identity (virtualized message
 *   lists drop our user turn from the DOM during a long answer; it is searched again only if
 *   the kept element is detached). It reports snapshots through the exposed binding: text
 *   deltas (append or full rewrite), stop button / streaming / thinking / action bar state,
 *   banners, login wall (or guest mode), bot check. While the turn looks finished it keeps
 *   sending confirmation snapshots, so the Node side can require the finished state over
 *   several consecutive observations (a bar that flashes mid-thinking does not end a turn);
 * - multi-message turns (ChatGPT: one `section[data-turn=assistant]` holding a preamble node,
 *   then the answer node): the answer text is the LAST non-empty assistant node of the turn
 *   scope that follows the kept one (the preamble is shown until the answer has text);
 * - extract(): the turn's copy button (never one inside a code block or a user turn; one in the
 *   turn's action bar first, the last of them) or its menu's copy item, with the clipboard
 *   intercepted, else DOM → markdown;
 * - stop(): clicks the stop button; readComposer(): the composer's text; matched(): which
 *   fallback index of each selector list matched last.
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
  /** Interval of the confirmation snapshots while the turn looks finished, ms (default 25). */
  confirmIntervalMs?: number;
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
  /** Our user turn is on the page, or was and our assistant turn (kept by identity) still is. */
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
  /** A thinking indicator is visible in the turn scope. */
  thinking: boolean;
  actionBarPresent: boolean;
  /** Banner texts (errors and notices alike; the Node side sorts them). */
  banners: string[];
  /** A login wall and no composer: the user must log in. */
  loginWall: boolean;
  /** A login wall next to a working composer: signed out, chatting as a guest. */
  guest: boolean;
  botCheck: boolean;
  /** Which fallback of each selector list matched (-1: none), for selector-drift diagnostics. */
  matched: Record<string, number>;
}

/** Result of extract(). */
export interface ExtractResult {
  /** 'stream': the observer's streamed text (Node side fallback). */
  via: 'copy' | 'dom' | 'stream' | 'none';
  text: string;
  /** Which fallback of each selector list matched, the copy look-ups included. */
  matched?: Record<string, number>;
}

/** Result of probe(): the page's readiness and problems, without a watch. */
export interface PageProbe {
  composerPresent: boolean;
  userTurnCount: number;
  /** A login wall and no composer. */
  loginWall: boolean;
  /** A login wall next to a working composer (guest chat). */
  guest: boolean;
  botCheck: boolean;
  /**
   * The bot check rests only on a hidden challenge frame, with no interstitial title or text:
   * an app shell that has not drawn its composer yet looks the same, so it counts only if it lasts.
   */
  botCheckWeak: boolean;
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
  matched(): Record<string, number>;
}

/** Installs window.__ptkRuntime (idempotent). Runs in the page. */
function installPageRuntime(): void {
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
    for (const item of Array.from(items ?? [])) {
      if (item && item.types.includes('text/plain')) {
        capture(await (await item.getType('text/plain')).text());
        return;
      }
    }
  };
  /** The text a `copy` command would put on the clipboard: a selected field's selection, else the page selection. */
  const selectedText = (target: Document): string => {
    const fields = [target.activeElement, ...Array.from(target.querySelectorAll('textarea, input')).reverse()];
    for (const field of fields) {
      if (!(field instanceof HTMLTextAreaElement || field instanceof HTMLInputElement)) continue;
      const start = field.selectionStart ?? 0;
      const end = field.selectionEnd ?? 0;
      if (end > start) return field.value.slice(start, end);
    }
    return target.getSelection()?.toString() ?? '';
  };
  /**
   * document.execCommand('copy') (Angular CDK Clipboard: a temporary textarea, selected, then
   * the command). A copy event goes to the page first, as the real command sends one (a handler
   * may fill clipboardData: the setData hook below captures it); else the selection is taken.
   * Returns true (the copy "worked") without touching the real clipboard.
   */
  const copyCommand = (target: Document): void => {
    const before = capturedTexts.length;
    try {
      const event = new ClipboardEvent('copy', { clipboardData: new DataTransfer(), bubbles: true, cancelable: true });
      (target.activeElement ?? target.body ?? target.documentElement).dispatchEvent(event);
    } catch {
      // No ClipboardEvent constructor: the selection below still gives the text.
    }
    if (capturedTexts.length === before) capture(selectedText(target));
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
    const originalExecCommand = Document.prototype.execCommand;
    Document.prototype.execCommand = function execCommand(this: Document, command: string, showUI?: boolean, value?: string): boolean {
      if (String(command).toLowerCase() === 'copy') {
        copyCommand(this);
        return true;
      }
      return originalExecCommand.call(this, command, showUI, value);
    };
  } catch {
    // A page that froze these objects: extraction falls back to the DOM.
  }

  // ---- selectors --------------------------------------------------------------------------
  const matchedIndex: Record<string, number> = {};
  /** Elements of the first selector of `list` with a match passing `accept`; records which one. */
  const all = (name: string, list: readonly string[] | undefined, scope: ParentNode = document, accept?: (element: Element) => boolean): Element[] => {
    const selectors = list ?? [];
    for (let index = 0; index < selectors.length; index++) {
      let found: Element[];
      try {
        found = Array.from(scope.querySelectorAll(selectors[index]!));
      } catch {
        continue; // an invalid selector in a custom config: skip it
      }
      if (accept) found = found.filter(accept);
      if (found.length > 0) {
        matchedIndex[name] = index;
        return found;
      }
    }
    matchedIndex[name] = -1;
    return [];
  };
  /** Like all(), without recording (scoped look-ups that would blur the diagnostics). */
  const quietAll = (list: readonly string[] | undefined, scope: ParentNode): Element[] => {
    for (const selector of list ?? []) {
      try {
        const found = scope.querySelectorAll(selector);
        if (found.length > 0) return Array.from(found);
      } catch {
        // invalid selector
      }
    }
    return [];
  };
  /** Every element any selector of `list` matches (not a fallback list: a set of alternatives). */
  const union = (list: readonly string[] | undefined, scope: ParentNode): Element[] => {
    const found = new Set<Element>();
    for (const selector of list ?? []) {
      try {
        for (const element of Array.from(scope.querySelectorAll(selector))) found.add(element);
      } catch {
        // invalid selector
      }
    }
    return [...found];
  };
  const first = (name: string, list: readonly string[] | undefined, scope: ParentNode = document): Element | null => all(name, list, scope)[0] ?? null;
  const visible = (element: Element | null): boolean => {
    if (!element) return false;
    if ((element as HTMLElement).hidden) return false;
    if (element.closest('[hidden]')) return false;
    const style = getComputedStyle(element);
    if (style.display === 'none' || style.visibility === 'hidden') return false;
    return element.getClientRects().length > 0;
  };
  /**
   * Present for completion: attached and rendered (not [hidden], not display:none), whatever its
   * opacity or visibility. Hover-revealed action bars (AI Studio) sit in the DOM at opacity 0 or
   * visibility:hidden until the pointer is over the turn; they still prove the turn finished.
   */
  const rendered = (element: Element): boolean => {
    if (!element.isConnected || element.closest('[hidden]')) return false;
    if (element.getClientRects().length > 0) return true;
    return getComputedStyle(element).display === 'contents';
  };
  const closestOf = (element: Element, list: readonly string[] | undefined): Element | null => {
    for (const selector of list ?? []) {
      try {
        const found = element.closest(selector);
        if (found) return found;
      } catch {
        // invalid selector
      }
    }
    return null;
  };
  const regex = (source: string | undefined): RegExp | null => {
    if (!source) return null;
    try {
      return new RegExp(source, 'i');
    } catch {
      return null;
    }
  };
  const textOf = (element: Element): string => ((element as HTMLElement).innerText ?? element.textContent ?? '').trim();

  // ---- the watched turn -------------------------------------------------------------------
  let config: WatchConfig | null = null;
  let observer: MutationObserver | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let confirmTimer: ReturnType<typeof setTimeout> | null = null;
  let confirmations = 0;
  let sequence = 0;
  let lastText = '';
  let lastTextMutationAt = 0;
  let lastKey = '';
  let staleBanners = new WeakMap<Element, string>();
  let keptAssistant: Element | null = null;
  let keptUser: Element | null = null;
  /** Assistant turns already on the page when the watch began (none of them is ours, unless re-armed). */
  let preexisting = new WeakSet<Element>();

  /** Our user turn (by nonce) and the first assistant turn after it, searched in the document. */
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

  /**
   * The watched turn: the kept assistant element while it is attached (the user turn may have
   * left the DOM: virtual lists), else a fresh search, whose assistant is kept from then on.
   */
  const locateTurn = (selectors: PageSelectors, nonce: string): { user: Element | null; assistant: Element | null; userSeen: boolean } => {
    if (keptAssistant?.isConnected) {
      return { user: keptUser?.isConnected ? keptUser : null, assistant: keptAssistant, userSeen: true };
    }
    const found = findTurn(selectors, nonce);
    if (found.user) keptUser = found.user;
    if (found.assistant) keptAssistant = found.assistant;
    if (!found.user) {
      // Our user turn is not (or no longer) in the DOM: a virtual list can unmount it before
      // it was ever seen. The newest assistant turn that was not on the page when the watch
      // began is then ours (one request per tab at a time). Used for this look only, never
      // kept: identity is only taken from a turn found through the nonce.
      const assistants = quietAll(selectors.assistantTurn, document);
      const newest = assistants[assistants.length - 1];
      if (newest && !preexisting.has(newest)) {
        return { user: null, assistant: newest, userSeen: true };
      }
    }
    return { ...found, userSeen: found.user !== null };
  };

  const scopeOf = (selectors: PageSelectors, assistant: Element): Element => closestOf(assistant, selectors.turnScope) ?? assistant;
  const answerElement = (selectors: PageSelectors, node: Element): Element => first('answerContent', selectors.answerContent, node) ?? node;

  /**
   * The assistant message nodes of our turn, in order: the kept one, then the ones after it in
   * the same turn scope, up to the next user turn.
   */
  const messageNodes = (selectors: PageSelectors, assistant: Element, scope: Element): Element[] => {
    if (scope === assistant) return [assistant];
    const following = (node: Element): boolean => (assistant.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0 && !assistant.contains(node);
    const boundary = quietAll(selectors.userTurn, scope).find(following);
    const nodes = [assistant];
    for (const node of quietAll(selectors.assistantTurn, scope)) {
      if (node === assistant || !following(node) || node.contains(assistant)) continue;
      if (boundary && (boundary.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0) continue;
      if (nodes.some((kept) => kept.contains(node))) continue;
      nodes.push(node);
    }
    return nodes;
  };

  /** The answer's markdown: the last non-empty message node of the turn. */
  const answerText = (selectors: PageSelectors, assistant: Element): string => {
    const nodes = messageNodes(selectors, assistant, scopeOf(selectors, assistant));
    for (let index = nodes.length - 1; index >= 0; index--) {
      const text = domToMarkdown(answerElement(selectors, nodes[index]!));
      if (text.trim() !== '' || index === 0) return text;
    }
    return '';
  };

  const readComposer = (selectors: PageSelectors): string | null => {
    const composer = first('composer', selectors.composer);
    if (!composer) return null;
    if (composer instanceof HTMLTextAreaElement || composer instanceof HTMLInputElement) return composer.value;
    return (composer as HTMLElement).innerText ?? composer.textContent ?? '';
  };

  // ---- page state: walls, bot check, banners (one place for the watch and the probe) -------
  const isTurnElement = (selectors: PageSelectors, element: Element): Element | null => closestOf(element, [...(selectors.turnScope ?? []), ...(selectors.assistantTurn ?? []), ...(selectors.userTurn ?? [])]);

  /**
   * Texts of the banners showing now. The adapter's errorBanner elements count unless they sit
   * in another turn than ours (an old turn's error); generic regions (toasts, status lines, live
   * regions) count only outside every turn, never wrapping the turns or the composer, short,
   * and with a text a known error or notice pattern matches. Banners that showed the same text
   * when the watch began are stale.
   */
  const scanBanners = (selectors: PageSelectors, scope: Element | null, assistant: Element | null, composer: Element | null): string[] => {
    const texts: string[] = [];
    const reported: Element[] = [];
    const fresh = (element: Element, text: string): boolean => staleBanners.get(element) !== text;
    for (const banner of all('errorBanner', selectors.errorBanner)) {
      if (!visible(banner)) continue;
      const owner = isTurnElement(selectors, banner);
      if (owner && (!scope || (owner !== scope && !scope.contains(owner) && owner !== assistant))) continue;
      const text = textOf(banner);
      if (!text || !fresh(banner, text)) continue;
      texts.push(text);
      reported.push(banner);
    }
    const pattern = regex(selectors.genericBannerText);
    if (!pattern) return texts;
    const turnSelectors = [...(selectors.turnScope ?? []), ...(selectors.assistantTurn ?? []), ...(selectors.userTurn ?? [])];
    for (const region of union(selectors.genericBanner, document)) {
      if (reported.some((element) => element.contains(region) || region.contains(element))) continue;
      if (isTurnElement(selectors, region) || (composer && region.contains(composer))) continue;
      if (quietAll(turnSelectors, region).length > 0) continue;
      if (!visible(region)) continue;
      const text = textOf(region);
      if (!text || text.length > (selectors.genericBannerMaxChars ?? 400) || !pattern.test(text) || !fresh(region, text)) continue;
      texts.push(text);
      reported.push(region);
    }
    return texts;
  };

  /** Walls and bot check: written once for takeSnapshot and probe. */
  const pageState = (selectors: PageSelectors, composer: Element | null): { loginWall: boolean; guest: boolean; botCheck: boolean; botCheckWeak: boolean } => {
    const wall = all('loginWall', selectors.loginWall).some(visible);
    const titleSignal = regex(selectors.botCheckTitle)?.test(document.title) ?? false;
    let botCheck = titleSignal;
    let botCheckWeak = false;
    if (!botCheck && !composer) {
      // Challenge widgets and interstitial text count only without the app shell: Cloudflare
      // injects its challenge-platform frame into healthy pages too. A hidden frame alone is
      // weak evidence: the shell may simply not have drawn its composer yet.
      const bodyText = document.body ? document.body.innerText.slice(0, 2000) : '';
      const widgets = all('botCheck', selectors.botCheck);
      const strong = widgets.some(visible) || (regex(selectors.botCheckText)?.test(bodyText) ?? false);
      botCheckWeak = !strong && widgets.some((element) => element.tagName === 'IFRAME');
      botCheck = strong || botCheckWeak;
    }
    return { loginWall: wall && !composer, guest: wall && composer !== null, botCheck, botCheckWeak };
  };

  const finishedLooking = (snapshot: PageSnapshot): boolean => snapshot.assistantTurnFound && snapshot.actionBarPresent && !snapshot.stopVisible && !snapshot.streaming && !snapshot.thinking;

  const takeSnapshot = (): PageSnapshot | null => {
    if (!config) return null;
    const selectors = config.selectors;
    const { assistant, userSeen } = locateTurn(selectors, config.nonce);
    // A turn that left the DOM keeps its last text: never rewritten to empty for that.
    const text = assistant ? answerText(selectors, assistant) : lastText;
    let append = '';
    let rewrite: string | null = null;
    if (text !== lastText) {
      if (text.startsWith(lastText)) append = text.slice(lastText.length);
      else rewrite = text;
      lastText = text;
      lastTextMutationAt = Date.now();
    }
    const scope = assistant ? scopeOf(selectors, assistant) : null;
    const composer = first('composer', selectors.composer);
    const state = pageState(selectors, composer);
    return {
      nonce: config.nonce,
      sequence: ++sequence,
      lastTextMutationAt,
      composerPresent: composer !== null,
      composerText: readComposer(selectors) ?? '',
      userTurnFound: userSeen,
      assistantTurnFound: assistant !== null,
      append,
      rewrite,
      textLength: text.length,
      stopVisible: all('stopButton', selectors.stopButton).some(visible),
      streaming: scope ? all('streamingIndicator', selectors.streamingIndicator, scope).length > 0 : false,
      thinking: scope ? all('thinkingIndicator', selectors.thinkingIndicator, scope).some(visible) : false,
      actionBarPresent: scope ? all('turnActionBar', selectors.turnActionBar, scope).some(rendered) : false,
      banners: scanBanners(selectors, scope, assistant, composer),
      loginWall: state.loginWall,
      guest: state.guest,
      botCheck: state.botCheck,
      matched: { ...matchedIndex },
    };
  };

  const send = (force: boolean): void => {
    timer = null;
    if (!config) return;
    const snapshot = takeSnapshot();
    if (!snapshot) return;
    const key = JSON.stringify([snapshot.append, snapshot.rewrite, snapshot.composerPresent, snapshot.composerText.length, snapshot.userTurnFound, snapshot.assistantTurnFound, snapshot.stopVisible, snapshot.streaming, snapshot.thinking, snapshot.actionBarPresent, snapshot.banners, snapshot.loginWall, snapshot.guest, snapshot.botCheck]);
    const changed = key !== lastKey || snapshot.append !== '' || snapshot.rewrite !== null;
    lastKey = key;
    if (force || changed) {
      const binding = pageWindow[config.bindingName] as ((payload: PageSnapshot) => Promise<void>) | undefined;
      if (binding) void binding(snapshot).catch(() => undefined);
    }
    // While the turn looks finished, confirm it with further snapshots even if nothing mutates:
    // quickly at first, then slower (the Node side ends the turn after a few of them).
    if (confirmTimer !== null) clearTimeout(confirmTimer);
    confirmTimer = null;
    if (changed) confirmations = 0;
    if (finishedLooking(snapshot)) {
      const interval = config.confirmIntervalMs ?? 25;
      confirmTimer = setTimeout(
        () => {
          confirmTimer = null;
          confirmations++;
          if (timer === null) send(true);
        },
        confirmations < 20 ? interval : interval * 10,
      );
    }
  };

  const schedule = (): void => {
    if (timer !== null || !config) return;
    timer = setTimeout(() => send(false), config.throttleMs);
  };

  /** The turn's copy button: never one inside a code block or a user turn; in the action bar first; the last one. */
  const copyButtonOf = (selectors: PageSelectors, scope: Element, assistant: Element): HTMLElement | null => {
    const CODE = 'pre, code, code-block, ms-code-block, .code-block, .md-code-block, [role="group"][aria-label$=" code" i]';
    const eligible = (button: Element): boolean => {
      try {
        if (button.closest(CODE)) return false;
      } catch {
        if (button.closest('pre, code')) return false;
      }
      const userTurn = closestOf(button, selectors.userTurn);
      return !(userTurn && !userTurn.contains(assistant));
    };
    const candidates = all('copyButton', selectors.copyButton, scope, eligible);
    if (candidates.length === 0) return null;
    const bars = quietAll(selectors.turnActionBar, scope);
    const inBar = candidates.filter((button) => bars.some((bar) => bar.contains(button)));
    const chosen = inBar.length > 0 ? inBar : candidates;
    return chosen[chosen.length - 1] as HTMLElement;
  };

  const runtime: PageRuntime = {
    watch(next) {
      runtime.unwatch();
      config = next;
      sequence = 0;
      lastText = '';
      lastKey = '';
      confirmations = 0;
      keptAssistant = null;
      keptUser = null;
      preexisting = new WeakSet(union(next.selectors.assistantTurn, document));
      lastTextMutationAt = Date.now();
      staleBanners = new WeakMap();
      for (const banner of [...all('errorBanner', next.selectors.errorBanner), ...union(next.selectors.genericBanner, document)]) staleBanners.set(banner, textOf(banner));
      observer = new MutationObserver(schedule);
      observer.observe(document.documentElement, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['hidden', 'class', 'style', 'disabled', 'aria-hidden', 'data-testid', 'aria-label', 'data-is-streaming', 'aria-busy', 'aria-disabled'] });
      send(true);
    },
    unwatch() {
      observer?.disconnect();
      observer = null;
      if (timer !== null) clearTimeout(timer);
      if (confirmTimer !== null) clearTimeout(confirmTimer);
      timer = null;
      confirmTimer = null;
      config = null;
    },
    snapshot: () => takeSnapshot(),
    probe(selectors) {
      const composer = first('composer', selectors.composer);
      const state = pageState(selectors, composer);
      return {
        composerPresent: composer !== null,
        userTurnCount: all('userTurn', selectors.userTurn).length,
        loginWall: state.loginWall,
        guest: state.guest,
        botCheck: state.botCheck,
        botCheckWeak: state.botCheckWeak,
        banners: scanBanners(selectors, null, null, composer),
      };
    },
    async extract(timeoutMs) {
      if (!config) return { via: 'none', text: '' };
      const selectors = config.selectors;
      const { assistant } = locateTurn(selectors, config.nonce);
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
      const copyButton = copyButtonOf(selectors, scope, assistant);
      if (copyButton) {
        const before = capturedTexts.length;
        copyButton.click();
        const text = await copied(before);
        if (text !== null) return { via: 'copy', text, matched: { ...matchedIndex } };
      }
      const menuButton = (copyButton ? null : first('copyMenuButton', selectors.copyMenuButton, scope)) as HTMLElement | null;
      if (menuButton) {
        // The copy action lives in a menu that may open in an overlay outside the turn.
        const pattern = regex(selectors.copyMenuItemText);
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
          if (text !== null) return { via: 'copy', text, matched: { ...matchedIndex } };
        } else {
          closeMenu();
        }
      }
      return { via: 'dom', text: answerText(selectors, assistant), matched: { ...matchedIndex } };
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
    matched: () => ({ ...matchedIndex }),
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

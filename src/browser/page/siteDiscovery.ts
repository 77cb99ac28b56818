/**
 * Site discovery in the page: finds, on a chat page PTK has no selectors for, the elements the
 * adapter contract needs, and writes a CSS selector for each (so what was learned is plain
 * adapter data: kept per origin, shown by Diagnose Site, exportable as a `ptk.customSite`).
 *
 * - composer: the visible textarea / contenteditable / textbox the page is built around (the
 *   largest, preferring one labelled like a prompt box);
 * - send: a button that turns enabled once the prompt is typed (else one labelled "send",
 *   "submit" or "run" next to the composer; else none: Enter);
 * - new chat: the visible links and buttons labelled like one ("New chat", "New conversation",
 *   "New thread", "新对话"…), each by a selector that names it alone, for the Node side to try;
 * - learnTurn: after the send, the user turn (the element outside the composer that carries the
 *   turn's nonce), the answer (a sibling subtree after it, at the lowest level where one grows,
 *   never the echo of the prompt), the stop control (a control that showed after the send,
 *   outside both turns, and is gone when the answer ends), the turn's action bar and copy
 *   control (controls that appear in the answer's turn once it stopped changing, not the ones
 *   drawn while it streamed: code-block headers), and the rendered answer inside the turn.
 *   The end of the turn is judged on positive evidence held over HOLD_MS: no stop control, no
 *   `aria-busy`, the action bar present and the text unchanged over several looks.
 *
 * A page piece: serialised with Function.prototype.toString and evaluated in the chat page
 * (pageCall in pageScript.ts), so it must stay self-contained: no imports at run time, no
 * reference to anything outside the function. Its state lives on `window.__ptkDiscoveryState`
 * between calls (a reload forgets it: what is learned goes to the Node side as selectors).
 */

/** The composer discovery found. */
export interface DiscoveredComposer {
  selector: string;
  kind: 'textarea' | 'contenteditable';
}

/** What learnTurn found; `missing` names what it could not find (then the rest may be partial). */
export interface DiscoveredTurn {
  missing: string | null;
  userTurn: string[];
  assistantTurn: string[];
  answerContent: string[];
  turnScope: string[];
  turnActionBar: string[];
  copyButton: string[];
  stopButton: string[];
}

/** The methods and their results (the Node side's view of this piece). */
export type SiteDiscoveryMethod = 'findComposer' | 'markButtons' | 'findSendButton' | 'findNewChatControls' | 'beforeSend' | 'learnTurn' | 'cancel';

/** Runs one discovery method in the page. Runs in the page. */
export function siteDiscovery(method: SiteDiscoveryMethod, args: unknown[]): unknown {
  interface State {
    buttonStates: WeakMap<Element, boolean>;
    preElements: WeakSet<Element>;
    preVisibleButtons: WeakSet<Element>;
    preLabels: WeakMap<Element, string>;
    cancel: (() => void) | null;
  }
  const pageWindow = window as unknown as { __ptkDiscoveryState?: State };
  const state: State = (pageWindow.__ptkDiscoveryState ??= { buttonStates: new WeakMap(), preElements: new WeakSet(), preVisibleButtons: new WeakSet(), preLabels: new WeakMap(), cancel: null });

  const BUTTONS = 'button, [role="button"], input[type="submit"]';
  /** Attributes whose values can name an element's role stably (data-* come after these). */
  const NAMING_ATTRIBUTES = ['data-testid', 'data-test-id', 'data-message-author-role', 'data-role', 'role', 'aria-label', 'name', 'placeholder', 'title', 'type'];

  const hidden = (element: Element): boolean => (element as HTMLElement).hidden === true || element.closest('[hidden]') !== null || element.closest('[aria-hidden="true"]') !== null;
  const visible = (element: Element): boolean => {
    if (!element.isConnected || hidden(element)) return false;
    const style = getComputedStyle(element);
    if (style.display === 'none' || style.visibility === 'hidden') return false;
    return element.getClientRects().length > 0;
  };
  /** Rendered, whatever its opacity or visibility (hover-revealed action bars count). */
  const rendered = (element: Element): boolean => element.isConnected && element.closest('[hidden]') === null && (element.getClientRects().length > 0 || getComputedStyle(element).display === 'contents');
  const disabled = (element: Element): boolean => (element as HTMLButtonElement).disabled === true || element.getAttribute('aria-disabled') === 'true';
  const labelOf = (element: Element): string =>
    [element.getAttribute('aria-label'), element.getAttribute('title'), element.getAttribute('data-testid'), element.getAttribute('data-test-id'), (element as HTMLElement).innerText ?? element.textContent]
      .filter((part) => part)
      .join(' ')
      .trim();
  /** An element's text without its controls' (a "Copy" label that shows with the action bar is no change of the answer). */
  const contentText = (element: Element): string => {
    let text = '';
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement?.closest(`${BUTTONS}, svg`)) text += node.textContent ?? '';
    }
    return text.trim();
  };

  /** A value fit for a selector: short, and no long run of digits (a generated id). */
  const stableValue = (value: string): boolean => value.length > 0 && value.length <= 60 && !/\d{4,}/.test(value) && !/["\\\n]/.test(value);
  /** Selector atoms of an element, most stable first. */
  const atoms = (element: Element, allowId: boolean): string[] => {
    const tag = element.tagName.toLowerCase();
    const found: string[] = [];
    if (allowId && element.id && stableValue(element.id) && !/\d{2,}/.test(element.id)) found.push(`#${CSS.escape(element.id)}`);
    const names = [...NAMING_ATTRIBUTES, ...element.getAttributeNames().filter((name) => name.startsWith('data-') && !NAMING_ATTRIBUTES.includes(name))];
    for (const name of names) {
      // The replicas' own markers and PTK's never name a real page's element.
      if (name.startsWith('data-replica') || name.startsWith('data-ptk')) continue;
      const value = element.getAttribute(name);
      // Without ids (the turns, whose elements repeat), a value with a digit is an index ("conversation-turn-2").
      if (value === null || !stableValue(value) || (!allowId && /\d/.test(value))) continue;
      // A state ("true", data-is-streaming, aria-expanded) changes with the turn: it names no element.
      if (/^(true|false)$/.test(value) || /stream|busy|state|expanded|selected|active|hover|open|loading|pressed|checked/.test(name)) continue;
      found.push(`${tag}[${name}="${value}"]`);
    }
    if (tag.includes('-')) found.push(tag);
    const classes = Array.from(element.classList).filter((name) => /^[A-Za-z_-][\w-]*$/.test(name) && name.length <= 40);
    for (const name of classes) found.push(`${tag}.${CSS.escape(name)}`);
    for (let first = 0; first < classes.length; first++) {
      for (let second = first + 1; second < classes.length && second < first + 4; second++) found.push(`${tag}.${CSS.escape(classes[first]!)}.${CSS.escape(classes[second]!)}`);
    }
    return found;
  };
  const matches = (selector: string, scope: ParentNode = document): Element[] => {
    try {
      return Array.from(scope.querySelectorAll(selector));
    } catch {
      return [];
    }
  };
  /** The first atom of `element` (or of it under an ancestor's atom) that `accept` takes. */
  const selectorFor = (element: Element, accept: (selector: string) => boolean, allowId = true): string | null => {
    const own = atoms(element, allowId);
    for (const selector of own) if (accept(selector)) return selector;
    for (let ancestor = element.parentElement, depth = 0; ancestor && ancestor !== document.body && depth < 4; ancestor = ancestor.parentElement, depth++) {
      for (const above of atoms(ancestor, allowId).slice(0, 6)) {
        for (const selector of [...own.slice(0, 6), element.tagName.toLowerCase()]) {
          const joined = `${above} ${selector}`;
          if (accept(joined)) return joined;
        }
      }
    }
    return null;
  };
  const firstVisible = (selector: string): Element | undefined => matches(selector).find(visible);

  const composerCandidates = (): Element[] =>
    matches('textarea, [contenteditable="true"], [contenteditable=""], [contenteditable="plaintext-only"], [role="textbox"], input[type="text"]:not([readonly])').filter(
      (element) => visible(element) && !disabled(element) && !(element as HTMLTextAreaElement).readOnly && !element.parentElement?.closest('[contenteditable="true"], [contenteditable=""]'),
    );
  const score = (element: Element): number => {
    const box = element.getBoundingClientRect();
    const label = `${element.getAttribute('placeholder') ?? ''} ${element.getAttribute('aria-label') ?? ''} ${element.getAttribute('data-placeholder') ?? ''} ${element.id} ${element.className}`;
    let value = Math.min(box.width, 2000) + Math.min(box.height, 400);
    if (/message|ask|prompt|chat|type|send|reply|anything|question|composer|input/i.test(label)) value += 1000;
    if (/search/i.test(label)) value -= 500;
    return value;
  };
  const findComposer = (): Element | null => {
    const candidates = composerCandidates().sort((left, right) => score(right) - score(left));
    return candidates[0] ?? null;
  };
  const composerOf = (selector: string | undefined): Element | null => (selector ? (matches(selector).find(visible) ?? null) : findComposer());
  /**
   * The region of the page around the composer: its form, else the ancestors up to four levels
   * that hold little text besides it (the box with its buttons, never the conversation).
   */
  const composerRegion = (composer: Element): Element => {
    const form = composer.closest('form');
    if (form) return form;
    let region: Element = composer;
    for (let depth = 0; depth < 4 && region.parentElement && region.parentElement !== document.body; depth++) {
      if ((region.parentElement.textContent ?? '').length > 400) break;
      region = region.parentElement;
    }
    return region;
  };
  const distance = (left: Element, right: Element): number => {
    const a = left.getBoundingClientRect();
    const b = right.getBoundingClientRect();
    return Math.hypot(a.left + a.width / 2 - (b.left + b.width / 2), a.top + a.height / 2 - (b.top + b.height / 2));
  };

  if (method === 'findComposer') {
    const composer = findComposer();
    if (!composer) return null;
    const selector = selectorFor(composer, (candidate) => matches(candidate).find(visible) === composer);
    if (!selector) return null;
    const kind = composer instanceof HTMLTextAreaElement || composer instanceof HTMLInputElement ? 'textarea' : 'contenteditable';
    return { selector, kind } satisfies DiscoveredComposer;
  }

  if (method === 'markButtons') {
    state.buttonStates = new WeakMap();
    for (const button of matches(BUTTONS)) state.buttonStates.set(button, disabled(button) || !visible(button));
    return null;
  }

  if (method === 'findSendButton') {
    const composer = composerOf(args[0] as string);
    if (!composer) return null;
    const region = composerRegion(composer);
    const shown = matches(BUTTONS).filter((button) => visible(button) && !disabled(button));
    // A button the typed prompt enabled (or showed), nearest the composer; else one labelled so.
    const enabled = shown.filter((button) => state.buttonStates.get(button) === true).sort((left, right) => distance(left, composer) - distance(right, composer));
    const labelled = shown.filter((button) => region.contains(button) && /send|submit|run\b|发送/i.test(labelOf(button)) && !/stop/i.test(labelOf(button)));
    const button = enabled.find((candidate) => distance(candidate, composer) < 600) ?? labelled[0];
    if (!button) return null;
    return selectorFor(button, (candidate) => firstVisible(candidate) === button && matches(candidate).filter(visible).length === 1);
  }

  if (method === 'findNewChatControls') {
    const label = /^\s*(\+\s*)?(start\s+(a\s+)?)?new\s+(chat|conversation|thread|session|topic)\b|新(对话|聊天|会话)|开启新对话/i;
    const found: string[] = [];
    for (const control of matches('a[href], button, [role="button"], [role="link"], [role="menuitem"]')) {
      if (found.length >= 3 || !visible(control) || disabled(control)) continue;
      if (!label.test(control.getAttribute('aria-label') ?? '') && !label.test(control.getAttribute('title') ?? '') && !label.test(((control as HTMLElement).innerText ?? '').trim().slice(0, 60))) continue;
      const selector = selectorFor(control, (candidate) => matches(candidate).filter(visible).length === 1 && firstVisible(candidate) === control);
      if (selector && !found.includes(selector)) found.push(selector);
    }
    return found;
  }

  if (method === 'beforeSend') {
    state.preElements = new WeakSet(matches('*'));
    state.preVisibleButtons = new WeakSet();
    state.preLabels = new WeakMap();
    for (const button of matches(BUTTONS)) {
      if (visible(button)) state.preVisibleButtons.add(button);
      state.preLabels.set(button, labelOf(button));
    }
    return null;
  }

  if (method === 'cancel') {
    state.cancel?.();
    return null;
  }

  // learnTurn(nonce, composerSelector, timeoutMs, holdMs)
  const [nonce, composerSelector, timeoutMs, holdMs] = args as [string, string, number, number];
  const marker = `[ptk:${nonce}]`;
  return new Promise<DiscoveredTurn>((resolve) => {
    const result: DiscoveredTurn = { missing: null, userTurn: [], assistantTurn: [], answerContent: [], turnScope: [], turnActionBar: [], copyButton: [], stopButton: [] };
    let userText: Element | null = null;
    /** The user's and the answer's entries: siblings under their lowest common ancestor. */
    let userEntry: Element | null = null;
    let answerEntry: Element | null = null;
    const lengths = new Map<Element, number>();
    /** Records since the last look, and where the answer's text last changed (the last looks that changed it). */
    const pending: MutationRecord[] = [];
    const growth: Element[][] = [];
    /** Where a record changed text (not a control's): the elements it added with text, else the element whose text it changed. */
    const textTargets = (record: MutationRecord): Element[] => {
      if (record.type === 'characterData') {
        const parent = record.target.parentElement;
        return parent && !parent.closest(`${BUTTONS}, svg`) ? [parent] : [];
      }
      if (record.type !== 'childList' || !(record.target instanceof Element) || record.target.closest(`${BUTTONS}, svg`)) return [];
      const added = Array.from(record.addedNodes).filter((node) => (node instanceof Element ? contentText(node) !== '' : (node.textContent ?? '').trim() !== ''));
      if (added.length === 0) return [];
      return added.every((node) => node instanceof Element) ? (added as Element[]) : [record.target];
    };
    const initialTexts = new WeakMap<Node, string>();
    const stops = new Map<Element, string[]>();
    const streamingButtons = new WeakSet<Element>();
    let lastText = '';
    let finishedSince = 0;
    /** Whether a stop control was seen showing since the send, and since when the answer has looked stopped with it gone (page clock). */
    let stopSeenShowing = false;
    let stoppedSince = 0;
    /** How long a stopped answer waits for a control in its turn (an action bar a site draws late) before discovery gives up. */
    const NO_END_CONTROL_MS = 15_000;
    let finishedLooks = 0;
    let done = false;
    const composer = (): Element | null => matches(composerSelector).find(visible) ?? null;
    /** In the composer or its form (a box's hidden mirror of the typed text is ruled out by visibility). */
    const insideComposer = (node: Node): boolean => {
      const field = composer();
      return field !== null && (field.contains(node) || (field.closest('form')?.contains(node) ?? false));
    };

    const findUserText = (): Element | null => {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!(node.textContent ?? '').includes(marker)) continue;
        const parent = node.parentElement;
        if (parent && visible(parent) && !insideComposer(parent) && !parent.closest('textarea, [contenteditable="true"]')) return parent;
      }
      return null;
    };
    /** Whether a sibling holds something drawn since the send. */
    const newish = (element: Element): boolean => !state.preElements.has(element) || Array.from(element.querySelectorAll('*')).some((inner) => !state.preElements.has(inner));
    /** The lowest level at which a sibling after the user's text grows: [user entry, answer entry]. */
    const findAnswer = (stopShowing: boolean): [Element, Element] | null => {
      for (let node: Element | null = userText; node && node.parentElement && node !== document.body; node = node.parentElement) {
        for (let sibling = node.nextElementSibling; sibling; sibling = sibling.nextElementSibling) {
          if (insideComposer(sibling) || sibling.contains(composer())) continue;
          const text = contentText(sibling);
          if (!text || text.includes(marker) || !newish(sibling)) continue;
          const before = lengths.get(sibling);
          lengths.set(sibling, text.length);
          // It grows; or it is new and the stop control shows (an answer drawn too fast to be seen growing).
          if ((before !== undefined && text.length > before) || (stopShowing && !state.preElements.has(sibling))) return [node, sibling];
        }
      }
      return null;
    };
    const inTurns = (element: Element): boolean => (userEntry?.contains(element) ?? false) || (answerEntry?.contains(element) ?? false);
    const trackStops = (): boolean => {
      for (const button of matches(BUTTONS)) {
        if (!visible(button) || inTurns(button) || stops.has(button)) continue;
        const label = labelOf(button);
        const changed = state.preLabels.has(button) && state.preLabels.get(button) !== label;
        if (state.preVisibleButtons.has(button) && !(changed && /stop|cancel|abort/i.test(label))) continue;
        // Its selectors while it shows (a send button that turned into a stop button changes its label back).
        const others = (candidate: string): boolean => matches(candidate).filter(visible).length === 1 && matches(candidate).includes(button);
        // A control that was there before the send and turned into stop is named by what says "stop" only.
        const fit = (candidate: string): boolean => others(candidate) && (!changed || /stop|cancel|abort/i.test(candidate));
        const selectors = atoms(button, true).filter(fit);
        const scoped = selectorFor(button, fit);
        if (scoped && !selectors.includes(scoped)) selectors.push(scoped);
        if (changed && selectors.length === 0) continue;
        stops.set(button, selectors);
      }
      for (const button of [...stops.keys()]) if (inTurns(button)) stops.delete(button);
      const labelled = [...stops.keys()].filter((button) => /stop|cancel|abort/i.test(labelOf(button)) || (stops.get(button) ?? []).some((selector) => /stop/i.test(selector)));
      const counted = labelled.length > 0 ? labelled : [...stops.keys()];
      // Still a stop control: shown, and still what its selectors named (a stop button that turned back into send is not).
      const still = (button: Element): boolean => {
        const selectors = stops.get(button) ?? [];
        return visible(button) && (selectors.length === 0 || selectors.some((selector) => matches(selector).includes(button)));
      };
      return counted.some(still);
    };
    /** When each control of the answer's turn was first seen, and when the answer last changed (page clock). */
    const firstSeen = new WeakMap<Element, number>();
    let lastChangeAt = 0;
    /** The controls that came after the answer's last change and were never there while it streamed. */
    /** A code block's own control (its header's copy or download): a near ancestor is mostly that block's code. */
    const codeControl = (button: Element): boolean => {
      if (button.closest('pre')) return true;
      // A label right before or after a code block (its own copy control).
      for (const sibling of [button.previousElementSibling, button.nextElementSibling]) if (sibling && (sibling.tagName === 'PRE' || sibling.querySelector(':scope > pre'))) return true;
      for (let node = button.parentElement, depth = 0; node && node !== answerEntry && depth < 6; node = node.parentElement, depth++) {
        const code = node.querySelector('pre');
        if (code && (code.textContent ?? '').trim().length * 2 >= contentText(node).length) return true;
      }
      return false;
    };
    const barButtons = (): Element[] =>
      answerEntry
        ? matches(BUTTONS, answerEntry).filter((button) => rendered(button) && !streamingButtons.has(button) && (firstSeen.get(button) ?? 0) >= lastChangeAt && !button.hasAttribute('aria-expanded') && !codeControl(button))
        : [];

    const finish = (missing: string | null): void => {
      if (done) return;
      done = true;
      observer.disconnect();
      clearInterval(interval);
      clearTimeout(deadline);
      state.cancel = null;
      result.missing = missing;
      if (!missing) describe();
      resolve(result);
    };

    /** Writes the selectors of what was found. */
    const describe = (): void => {
      const user = userEntry!;
      const answer = answerEntry!;
      const buttons = barButtons();
      const outsideBoth = (selector: string, own: Element, other: Element): boolean =>
        matches(selector).every((found) => !found.contains(other) && !other.contains(found) && !insideComposer(found)) && matches(selector).some((found) => found === own);
      // The user turn: the highest element of its chain a selector names apart from the answer.
      const userChain: Element[] = [];
      for (let node: Element | null = userText; node && node !== user.parentElement; node = node.parentElement) userChain.unshift(node);
      for (const node of userChain) {
        const selector = selectorFor(node, (candidate) => outsideBoth(candidate, node, answer), false);
        if (selector) {
          result.userTurn = [selector];
          break;
        }
      }
      // The rendered answer: the common ancestor of the answer's own text (not the controls').
      const texts: Node[] = [];
      const walker = document.createTreeWalker(answer, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || !(node.textContent ?? '').trim()) continue;
        if (parent.closest(`${BUTTONS}, svg, [aria-hidden="true"], .sr-only, [class*="visually-hidden"], [class*="screen-reader"]`) || buttons.some((button) => button.parentElement?.contains(parent) && !parent.closest('pre'))) continue;
        // A label for screen readers only (clipped to a pixel) is not the answer.
        const box = parent.getBoundingClientRect();
        if (box.width <= 1 || box.height <= 1) continue;
        texts.push(node);
      }
      // The answer's own text: where its last changes were (a reasoning panel changed before), else
      // what came or changed after the turn was first seen, else all of it.
      const grown = texts.filter((node) => initialTexts.get(node) !== node.textContent);
      if (grown.length > 0) texts.splice(0, texts.length, ...grown);
      const last = growth.flat().filter((target) => target.isConnected && answer.contains(target) && target !== answer && !buttons.some((button) => target.contains(button)));
      const held: Node[] = last.length > 0 ? last : texts;
      let content: Element | null = held[0] instanceof Element ? held[0] : (held[0]?.parentElement ?? null);
      while (content && content !== answer && !held.every((node) => content!.contains(node))) content = content.parentElement;
      // Containers side by side (a reasoning panel settling as the answer begins, then the answer): the last one.
      // Blocks of markdown side by side (paragraphs, a code block) are the answer itself.
      for (let depth = 0; content && depth < 4; depth++) {
        const holders: Element[] = Array.from(content.children).filter((child) => held.some((node) => child.contains(node)));
        if (holders.length < 2 || holders.some((child) => /^(P|PRE|UL|OL|H[1-6]|TABLE|BLOCKQUOTE|HR|LI|SPAN|A|STRONG|EM|CODE)$/.test(child.tagName) || child.querySelector(':scope > pre'))) break;
        content = holders[holders.length - 1]!;
      }
      // A paragraph, a heading, an inline run is one block of the answer, not its container (the next answer has more).
      while (content && content !== answer && /^(P|H[1-6]|LI|UL|OL|PRE|CODE|BLOCKQUOTE|TABLE|STRONG|EM|B|I|SPAN|A)$/.test(content.tagName)) content = content.parentElement;
      let found: Element = content ?? answer;
      // The answer is not where its controls are: down to the one child that holds its text and none of them.
      while (buttons.some((button) => found.contains(button))) {
        const holders: Element[] = Array.from(found.children).filter((child) => contentText(child) !== '' && !buttons.some((button) => child.contains(button)));
        if (holders.length === 0) break;
        // Several: the one where the text last changed, else the last (an answer comes after its reasoning).
        found = holders.find((holder) => last.some((target) => holder.contains(target))) ?? holders[holders.length - 1]!;
      }
      // Still around the controls: the answer is read from the whole turn (DOM → markdown drops controls).
      content = buttons.some((button) => found.contains(button)) ? null : found;
      // The assistant turn: the highest element from the answer entry down to the content a selector names apart from the user's.
      const answerChain: Element[] = [];
      for (let node: Element | null = found; node && node !== answer.parentElement; node = node.parentElement) answerChain.unshift(node);
      let turn: Element | null = null;
      for (const node of answerChain) {
        const selector = selectorFor(node, (candidate) => outsideBoth(candidate, node, user), false);
        if (selector) {
          result.assistantTurn = [selector];
          turn = node;
          break;
        }
      }
      if (!turn) {
        result.missing = 'the answer (no selector tells it from your message)';
        return;
      }
      if (content && content !== turn) {
        const named = content;
        const selector = selectorFor(named, (candidate) => matches(candidate, turn!)[0] === named || matches(candidate, turn!).every((inner) => named.contains(inner)), false);
        if (selector) result.answerContent = [selector];
      }
      // The action bar and its copy control; the turn scope when they sit outside the turn element.
      let scope: Element = turn;
      if (!buttons.every((button) => turn!.contains(button))) {
        for (let node: Element | null = turn.parentElement; node && answer.contains(node); node = node.parentElement) {
          if (!buttons.every((button) => node!.contains(button))) continue;
          let selector = selectorFor(node, (candidate) => outsideBoth(candidate, node!, user) && matches(candidate).every((found) => !found.contains(user)), false);
          if (!selector) {
            // Nothing names it: the ancestor that holds the turn element that many levels down.
            const path: string[] = [];
            for (let inner: Element | null = turn.parentElement; inner && inner !== node; inner = inner.parentElement) path.unshift(inner.tagName.toLowerCase());
            const candidate = `${node.tagName.toLowerCase()}:has(> ${[...path, result.assistantTurn[0]!].join(' > ')})`;
            if (turn.closest(candidate) === node && outsideBoth(candidate, node, user)) selector = candidate;
          }
          if (selector) {
            result.turnScope = [selector];
            scope = node;
          }
          break;
        }
      }
      let inScope = buttons.filter((button) => scope.contains(button));
      const copy = inScope.find((button) => /copy|复制/i.test(labelOf(button)));
      if (copy) {
        // The bar is the copy control's group: the ancestor (a few levels up) holding most of the new controls, not the answer.
        let group: Element = copy;
        for (let node = copy.parentElement, depth = 0; node && node !== scope && depth < 3 && (content === null || !node.contains(content)); node = node.parentElement, depth++) group = node;
        inScope = inScope.filter((button) => group.contains(button));
      }
      let bar: Element | null = inScope[0] ?? null;
      while (bar && bar !== scope && !inScope.every((button) => bar!.contains(button))) bar = bar.parentElement;
      const outsideContent = (candidate: string): boolean => matches(candidate, scope).length > 0 && (content === null || matches(candidate, scope).every((found) => !found.contains(content!) && !content!.contains(found)));
      if (bar && bar !== scope) {
        const selector = selectorFor(bar, (candidate) => matches(candidate, scope).includes(bar!) && outsideContent(candidate), false);
        if (selector) result.turnActionBar = [selector];
      }
      if (copy) {
        // Only the copy control: a selector that also names the bar's other controls ("Again",
        // "Share") would have extraction click one of them.
        const selector = selectorFor(
          copy,
          (candidate) => {
            const found = matches(candidate, scope);
            return found.length === 1 && found[0] === copy && outsideContent(candidate);
          },
          false,
        );
        if (selector) result.copyButton = [selector];
      }
      if (result.turnActionBar.length === 0 && inScope[0]) {
        const selector = selectorFor(inScope[0], (candidate) => matches(candidate, scope).includes(inScope[0]!) && outsideContent(candidate), false);
        if (selector) result.turnActionBar = [selector];
      }
      if (result.turnActionBar.length === 0) result.missing = "the answer's end (a control that appears in its turn once it is done)";
      // The stop control: its selectors that show nothing now the answer is done.
      for (const [button, selectors] of stops) {
        if (!/stop|cancel|abort/i.test(labelOf(button)) && ![...stops.keys()].every((other) => other === button || !/stop|cancel|abort/i.test(labelOf(other)))) continue;
        const fit = selectors.filter((selector) => !matches(selector).some(visible));
        if (fit.length > 0) {
          result.stopButton = fit.slice(0, 2);
          break;
        }
      }
    };

    const look = (): void => {
      if (done) return;
      if (!userText || !userText.isConnected) userText = findUserText() ?? (answerEntry ? userText : null);
      if (!userText) return;
      let stopShowing = trackStops();
      const firstLook = !answerEntry;
      if (!answerEntry) {
        const found = findAnswer(stopShowing);
        if (!found) return;
        [userEntry, answerEntry] = found;
        // Controls that came with the turn are its own, not the page's stop control: with the turn
        // known, they are no longer counted (a whole answer seen at once brings its bar with it).
        stopShowing = trackStops();
        // The text the turn holds when it is first seen growing: labels ("Model", "Gemini said") are in it, most of the answer is not.
        const walker = document.createTreeWalker(answerEntry, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) initialTexts.set(node, node.textContent ?? '');
      }
      const text = contentText(answerEntry);
      const changed = text !== lastText;
      lastText = text;
      const now = Date.now();
      const records = pending.splice(0, pending.length);
      if (changed) {
        lastChangeAt = now;
        const targets = records.flatMap(textTargets).filter((target) => answerEntry!.contains(target));
        if (targets.length > 0) growth.push(targets);
        if (growth.length > 1) growth.shift();
      }
      const controls = matches(BUTTONS, answerEntry);
      const seenBefore = controls.filter((button) => firstSeen.has(button));
      for (const button of controls) if (!firstSeen.has(button)) firstSeen.set(button, now);
      const busy = answerEntry.closest('[aria-busy="true"]') !== null || answerEntry.querySelector('[aria-busy="true"]') !== null;
      // The controls drawn while the answer is generating (code-block headers) are not its action bar. A stop
      // control or aria-busy says it is generating: every control of the turn then is such a one. Without a stop
      // control, a change of the text says so for the controls seen before this look, not for the ones drawn with
      // it: a short answer on a busy machine may get its last words and its bar between two looks (the bar would
      // otherwise never count); a control drawn with words that more words follow is no bar either (firstSeen
      // before the last change). The look that first finds the answer says nothing of the kind.
      if (stopShowing || busy) {
        for (const button of controls) streamingButtons.add(button);
      } else if (changed && stops.size === 0 && !firstLook) {
        for (const button of seenBefore) streamingButtons.add(button);
      }
      if (stopShowing) stopSeenShowing = true;
      // Nothing says it is still generating: the answer is done if a control in its turn says so.
      const quiet = text !== '' && !changed && !stopShowing && !busy;
      const hasEnd = quiet && barButtons().length > 0;
      // The stop control that showed is gone and the text has stopped: the answer is done. With no
      // control in its turn by then, nothing would ever tell its end: said now, not at the timeout.
      const stopped = quiet && stopSeenShowing;
      if (!stopped) stoppedSince = 0;
      else if (stoppedSince === 0) stoppedSince = now;
      if (stopped && !hasEnd && now - stoppedSince >= NO_END_CONTROL_MS) {
        finish("the answer's end (the answer stopped and its stop control went, but no control appeared in its turn)");
        return;
      }
      if (!hasEnd) {
        finishedSince = 0;
        finishedLooks = 0;
        return;
      }
      if (finishedLooks === 0) finishedSince = Date.now();
      finishedLooks++;
      if (finishedLooks >= 3 && Date.now() - finishedSince >= holdMs) finish(null);
    };

    let scheduled = false;
    const observer = new MutationObserver((records) => {
      pending.push(...records);
      if (scheduled) return;
      scheduled = true;
      setTimeout(() => {
        scheduled = false;
        look();
      }, 25);
    });
    observer.observe(document.documentElement, { subtree: true, childList: true, characterData: true, attributes: true });
    const interval = setInterval(look, Math.max(20, Math.round(holdMs / 4)));
    const deadline = setTimeout(() => {
      finish(!userText ? 'your message on the page after sending (the user turn)' : !answerEntry ? 'the answer (nothing new grew after your message)' : "the answer's end (it never settled with a control in its turn)");
    }, timeoutMs);
    state.cancel = () => finish('(cancelled)');
    look();
  });
}

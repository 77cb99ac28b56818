/**
 * The watch of the page runtime: a MutationObserver that, on every change (coalesced over
 * `throttleMs`), takes a snapshot of our turn (turnFinder.ts) and the page (pageStateScan.ts)
 * and reports it through the binding the Node side exposed: text deltas (append or full
 * rewrite), stop button / streaming / thinking / action bar state, banners, login wall (or
 * guest mode), bot check. While the turn looks finished it keeps sending confirmation
 * snapshots, so the Node side can require the finished state over several consecutive
 * observations (a bar that flashes mid-thinking does not end a turn).
 *
 * The cost stays linear in the answer's length:
 * - the answer's finished blocks are converted once: domToMarkdown keeps each top-level block's
 *   markdown, and the MutationObserver records delete the entries of the blocks they touch;
 *   a read starts after the leading blocks it read before (domToMarkdown's prefixes: the
 *   records forget a prefix from the first child they touched, removed or inserted before), so
 *   it looks at the blocks that changed, not at the whole answer; an answer in several answer
 *   elements (Claude's blocks between tool widgets) reads only the elements records touched;
 * - each part of the snapshot is read again only when a record touched where it lives: the
 *   answer's markdown (its text only), the rest of the turn (indicators, action bar, in-turn
 *   errors, and the text) or the page around it (stop button, composer, banners, walls); a
 *   confirmation snapshot with no record since the last one converts nothing;
 * - the answer's text is a rope of its elements' and blocks' markdown, never copied whole while
 *   it streams: a read says which leading part it left unchanged, and the text is compared with
 *   the last report only past it, so a report costs its append; an answer element appended next
 *   to the others (with page furniture that carries no state) joins them without a search of
 *   the turn;
 * - the streamed text holds back its last line while that line can still change other than by
 *   growing (a closing code fence, which moves on with every token of the code; a table row,
 *   whose cells show empty first; an empty heading or list item) until the turn looks
 *   finished, so the text only grows and goes to the Node side as appends;
 * - a change that may carry a state (the stop button, the action bar) has the states read once
 *   the page has drawn it: the page's own frame brings its style up to date, so the visibility
 *   checks force no style recalculation of a long answer in the task that changed it, nor in a
 *   text snapshot due before that frame (it reads the text only, and the look reports the
 *   states);
 * - a record walks up from its target to the answer element it lies in, not to the document;
 * - the next snapshot waits at least COST_FACTOR times what the recent ones took, and text
 *   churn at least TEXT_INTERVAL_MS, also when other records came with it that a look at the
 *   states reads (a look that finds a state changed reports at once, text included), so the
 *   watch keeps a small share of the page's main thread on a long answer, however small the
 *   site's tokens.
 *
 * A page piece: serialised with Function.prototype.toString and evaluated in the chat page
 * (see pageScript.ts), so it must stay self-contained: no imports at run time, no reference
 * to anything outside the function.
 */
import type { MarkdownSplit, ReadPrefix } from './domToMarkdown';
import type { PageSnapshot, WatchConfig } from './pageApi';
import type { PageStateScan } from './pageStateScan';
import type { SelectorHelpers } from './selectorHelpers';
import type { ElementText, TurnFinder } from './turnFinder';

interface TurnObserver {
  /** Starts watching the turn `config` names (ends any previous watch) and reports at once. */
  watch(config: WatchConfig): void;
  unwatch(): void;
  /** A snapshot now, without reporting it; null without a watch. */
  snapshot(): PageSnapshot | null;
  /** The current watch's config, or null. */
  config(): WatchConfig | null;
  /** The answer's markdown now (what was read last, read again only where records touched it); null without a watch or a turn. */
  answerText(): string | null;
}

/** Creates the observer. Runs in the page. */
export function createTurnObserver(helpers: SelectorHelpers, turns: TurnFinder, scan: PageStateScan, onFinishedLooking?: (config: WatchConfig, assistant: Element, text: string) => void): TurnObserver {
  const { all, first, visible, rendered, fieldText, matchedIndex } = helpers;
  const pageWindow = window as unknown as Record<string, unknown>;
  /** The next snapshot waits this many times the last one's cost (the watch's share of the main thread stays under 1 / (1 + COST_FACTOR)). */
  const COST_FACTOR = 9;
  /**
   * Text churn alone is read and reported at most once per this many ms (20 a second: smooth to
   * a reader), counted from the last snapshot: each report reads the changed blocks, compares
   * and sends, so a slow stream of small tokens costs a report per interval, not per token.
   * States (the stop button, the action bar, a banner) are looked at sooner (checkState).
   */
  const TEXT_INTERVAL_MS = 50;
  /** Attributes that carry a turn's or a control's state, not the answer's text. */
  /** How long a look at the states waits for the page's next frame: a hidden tab draws none. Longer than a frame (16.7 ms), so a visible tab's look comes after its frame. */
  const FRAME_WAIT_MS = 100;
  const STATE_ATTRIBUTES = new Set(['hidden', 'disabled', 'aria-hidden', 'data-is-streaming', 'aria-busy', 'aria-disabled']);
  /**
   * The end of the text while it can still change other than by growing, held back while the
   * turn streams: a code block with no code yet (its language is still being written: "```t"
   * becomes "```ts"), a code block's closing fence (drawn after the code that is still
   * streaming), a line that starts with a pipe (a table row shows its cells empty first, and a
   * paragraph "| a | b" becomes a table's header once its separator row arrives), or a line of
   * markers only ("#" is an empty heading until "## Title", "-" an empty list item until "---"
   * or "- item", "1." an empty numbered item).
   */
  const UNSETTLED_TAIL = /(?:^|\n)(?:(?:`{3,}|~{3,})[^\n`~]*\n\n?(?:`{3,}|~{3,})|`{3,}|~{3,}|\|[^\n]*|[-*+_=# ]+|\d+[.)] *)$/;
  /**
   * The length of `text` without its unsettled end. The pattern spans at most three lines, so it
   * runs on the last three: anchored at the end, it would otherwise be tried at every position
   * of the whole answer. Given the part of the text a read changed (it starts at a block's
   * start, and the unsettled end lies in the last block), it finds the same end.
   */
  const settledLength = (text: string): number => {
    let start = text.length;
    for (let lines = 0; lines < 3 && start > 0; lines++) start = text.lastIndexOf('\n', start - 1);
    if (start < 0) start = 0;
    const unsettled = UNSETTLED_TAIL.exec(text.slice(start));
    return unsettled ? start + unsettled.index : text.length;
  };
  let config: WatchConfig | null = null;
  let observer: MutationObserver | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** When the scheduled snapshot runs (page clock). */
  let dueAt = 0;
  /** When the last snapshot was taken (page clock). */
  let snapshotAt = 0;
  /** A look at the states alone (checkState), pending (its cancel), and when the last one ran (page clock). */
  let cancelCheck: (() => void) | null = null;
  let checkedAt = 0;
  let confirmTimer: ReturnType<typeof setTimeout> | null = null;
  let confirmations = 0;
  let sequence = 0;
  /** The text the reports so far add up to (a rope of their appends), and its part from reportedFrom on (reportedTail). */
  let lastText = '';
  let reportedFrom = 0;
  let reportedTail = '';
  /** How the last read split the text (what it left unchanged, and the rest), and the reads since the last comparison. */
  let readSplit: MarkdownSplit = { unchanged: 0, tail: '' };
  let readsSinceCompare = 0;
  /** When a record last touched the answer (page clock): snapshots report its age. */
  let answerChangedAt = 0;
  let lastKey = '';
  /** What the last two snapshots took, ms (the lower one paces the next: one slow snapshot, a collection or a layout, is no trend). */
  let lastCostMs = 0;
  let previousCostMs = 0;
  /** Converted top-level blocks of the answer (domToMarkdown's cache). */
  let blockCache = new WeakMap<Node, string>();
  /** Per answer element, its leading children read so far (domToMarkdown's prefixes): a read starts after them. */
  let prefixes = new WeakMap<Node, ReadPrefix>();
  /** Records touched the turn / the page around it since the last snapshot. */
  let turnDirty = true;
  let textDirty = true;
  /** Records may have added or removed message nodes or answer elements: the answer's elements are searched again. */
  let structureDirty = true;
  let chromeDirty = true;
  /** The answer elements of each message node (turnFinder's groups), and all of them: what the last text was read from. */
  let answerGroups: Element[][] = [];
  let answerRoots: Element[] = [];
  let answerRootSet = new Set<Node>();
  /** Each answer element's markdown at its last read, and the ones records touched since: an element no record touched is not read again. */
  let rootTexts = new WeakMap<Node, string>();
  const touchedRoots = new Set<Node>();
  /** The answer elements a selector named (not a message node read whole for want of one): what comes or goes under them is text, never structure. */
  let namedRootSet = new Set<Node>();
  /** The parent of each named answer element, and the group it is in: where a next answer element joins its group. */
  let rootParents = new Map<Node, number>();
  let lastAssistant: Element | null = null;
  let lastScope: Element | null = null;
  /** Whether the last look at the states found our user turn. */
  let lastUserSeen = false;
  let fullText = '';
  type TurnState = Pick<PageSnapshot, 'streaming' | 'thinking' | 'actionBarPresent' | 'banners'>;
  type ChromeState = Pick<PageSnapshot, 'composerPresent' | 'stopVisible' | 'banners' | 'loginWall' | 'guest' | 'botCheck'> & { composer: Element | null };
  let turnState: TurnState | null = null;
  let chromeState: ChromeState | null = null;

  /**
   * Runs `run` after the page has drawn its next frame, else after FRAME_WAIT_MS (a hidden tab
   * draws none). The page's own frame brings its style up to date, so the visibility checks of
   * a look at the states force no style recalculation of the whole page (on a long answer that
   * just changed, tens of milliseconds) in the task that changed the DOM. Returns its cancel.
   */
  const afterFrame = (run: () => void): (() => void) => {
    let pending = true;
    let drawn: ReturnType<typeof setTimeout> | null = null;
    const once = (): void => {
      if (!pending) return;
      pending = false;
      clearTimeout(fallback);
      run();
    };
    const fallback = setTimeout(once, FRAME_WAIT_MS);
    requestAnimationFrame(() => {
      if (pending) drawn = setTimeout(once, 0);
    });
    return () => {
      pending = false;
      clearTimeout(fallback);
      if (drawn !== null) clearTimeout(drawn);
    };
  };

  const finishedLooking = (snapshot: PageSnapshot): boolean => snapshot.assistantTurnFound && snapshot.actionBarPresent && !snapshot.stopVisible && !snapshot.streaming && !snapshot.thinking;

  /** Whether `element` is, or (with `within`) holds, an element one of `listed` names. */
  const namedBy = (element: Element, listed: readonly string[], within: boolean): boolean =>
    listed.some((entry) => {
      // A child-of-the-message selector (":scope > .answer") names the answer element itself.
      const selector = entry.replace(/^:scope\s*>\s*/, '');
      try {
        return element.matches(selector) || (within && element.querySelector(selector) !== null);
      } catch {
        return false;
      }
    });

  /** Whether an added node is, or holds, a message node or an answer element. */
  const holdsAnswer = (node: Node): boolean => node.nodeType === 1 && config !== null && namedBy(node as Element, [...config.selectors.assistantTurn, ...config.selectors.answerContent], true);

  /**
   * Whether the record only appended answer elements next to named ones, with page furniture
   * that carries no state (Claude's next markdown block after a tool widget): each added element
   * is an answer element or holds none, and none is or holds a message node, an indicator, an
   * action bar or an error. The answer elements join their group in page order and are read as
   * text: a long turn is not searched again for its answer elements and states (a scan of every
   * element of the turn) each time the answer gets a block.
   */
  const joinsGroup = (record: MutationRecord): boolean => {
    const group = rootParents.get(record.target);
    if (group === undefined || !config || record.removedNodes.length > 0) return false;
    const { answerContent, assistantTurn, streamingIndicator, thinkingIndicator, turnActionBar, errorBanner } = config.selectors;
    const stateful = [...assistantTurn, ...streamingIndicator, ...thinkingIndicator, ...turnActionBar, ...errorBanner];
    const added = Array.from(record.addedNodes).filter((node): node is Element => node.nodeType === 1);
    const answers = added.filter((node) => namedBy(node, answerContent, false));
    if (answers.length === 0 || added.some((node) => namedBy(node, stateful, true) || (!answers.includes(node) && namedBy(node, answerContent, true)))) return false;
    const roots = answerGroups[group]!;
    for (const node of answers) {
      if (!node.isConnected || answerRootSet.has(node)) continue;
      const after = roots.findIndex((root) => (node.compareDocumentPosition(root) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0);
      roots.splice(after === -1 ? roots.length : after, 0, node);
      answerRoots.push(node);
      answerRootSet.add(node);
      namedRootSet.add(node);
      touchedRoots.add(node);
    }
    return true;
  };

  /** Forgets the converted blocks the records touched and notes where the page changed. */
  const absorb = (records: MutationRecord[]): boolean => {
    let urgent = false;
    /**
     * Per node walked in this batch, what its ancestors are (INSIDE: an answer element, NAMED: a
     * named one, SCOPE: the turn): a walk that reaches a node walked before stops there, since
     * everything above it was dealt with already (a batch's records mostly share their block).
     */
    const INSIDE = 1;
    const NAMED = 2;
    const SCOPE = 4;
    const walked = new Map<Node, number>();
    const own = (node: Node): number => (answerRootSet.has(node) ? INSIDE | (namedRootSet.has(node) ? NAMED : 0) : 0) | (node === lastScope ? SCOPE : 0);
    for (const record of records) {
      if (record.type === 'attributes' && STATE_ATTRIBUTES.has(record.attributeName ?? '')) urgent = true;
      const target = record.target;
      // A child removed from an answer element's prefix, or one a node was inserted before, is
      // forgotten with the children after it (an append after the prefix changes nothing: the
      // next read starts after its last child).
      const prefix = record.type === 'childList' ? prefixes.get(target) : undefined;
      if (prefix) {
        if (record.nextSibling) prefix.forget(record.nextSibling);
        for (const node of Array.from(record.removedNodes)) prefix.forget(node);
      }
      // One walk up from the target: the converted blocks it touched, whether it lies inside an
      // answer element and inside the turn.
      const path: Node[] = [];
      let flags = 0;
      for (let node: Node | null = target; node; node = node.parentNode) {
        const known = walked.get(node);
        if (known !== undefined) {
          flags = known | own(node);
          break;
        }
        path.push(node);
        if (answerRootSet.has(node)) {
          // Above an answer element nothing is kept (blocks and prefixes are kept per answer
          // element, and answer elements do not nest): the walk stops there, and only whether
          // the turn holds it is asked, not a walk of every ancestor up to the document.
          touchedRoots.add(node);
          flags = lastScope !== null && lastScope !== node && lastScope.contains(node) ? SCOPE : 0;
          break;
        }
        blockCache.delete(node);
        // A change inside a child an answer element's prefix holds: the prefix is forgotten from it on.
        const parent: Node | null = node.parentNode;
        if (parent) prefixes.get(parent)?.forget(node);
      }
      for (let index = path.length - 1; index >= 0; index--) {
        walked.set(path[index]!, flags);
        flags |= own(path[index]!);
      }
      const above = walked.get(target)!;
      const inside = (above & INSIDE) !== 0;
      const insideNamed = (above & NAMED) !== 0;
      const inScope = ((above | own(target)) & SCOPE) !== 0;
      if (!lastScope) {
        turnDirty = chromeDirty = structureDirty = true;
        answerChangedAt = Date.now();
      } else if (inScope) {
        // Inside an answer element (or its list of blocks) the text changed, nothing else
        // (indicators, bars and in-turn errors sit outside the answer's markdown); an attribute
        // of the element or a change elsewhere in the turn may be a state: it is read again, at
        // once when nodes came or went (an action bar, an indicator, a new answer block).
        // Nodes that are or hold message nodes or answer elements change where the answer is read
        // (a message node that gets its first answer element, a new answer block).
        // Blocks that come or go in a named answer element are its text (answer elements are read
        // outermost, so nothing under one moves where the answer is read): the structure is
        // looked at only for nodes that came or went elsewhere in the turn, or in a message node
        // read whole (it may get its first answer element).
        const childList = record.type === 'childList';
        if (childList && !structureDirty && joinsGroup(record)) {
          textDirty = true;
          answerChangedAt = Date.now();
          continue;
        }
        const structural = childList && !insideNamed && !namedRootSet.has(target) && (Array.from(record.addedNodes).some(holdsAnswer) || Array.from(record.removedNodes).some((node) => answerRoots.some((root) => node.contains(root))));
        if (!structural && (inside || (childList && answerRootSet.has(target)))) {
          textDirty = true;
          answerChangedAt = Date.now();
        } else {
          if (structural) answerChangedAt = Date.now();
          turnDirty = true;
          if (childList) urgent = true;
          if (!childList || structural) structureDirty = true;
        }
      } else {
        chromeDirty = true;
        urgent = true;
        if (target.contains(lastScope)) {
          turnDirty = structureDirty = true;
          answerChangedAt = Date.now();
        }
      }
    }
    return urgent;
  };

  const readTurn = (selectors: WatchConfig['selectors'], scope: Element | null, assistant: Element | null): TurnState => ({
    banners: scan.banners(selectors, scope, assistant, null, 'turn'),
    streaming: scope ? all('streamingIndicator', selectors.streamingIndicator, scope).length > 0 : false,
    thinking: scope ? all('thinkingIndicator', selectors.thinkingIndicator, scope).some(visible) : false,
    actionBarPresent: scope ? all('turnActionBar', selectors.turnActionBar, scope).some(rendered) : false,
  });

  const readChrome = (selectors: WatchConfig['selectors'], scope: Element | null, assistant: Element | null): ChromeState => {
    const composer = first('composer', selectors.composer);
    const state = scan.state(selectors, composer);
    return {
      composer,
      composerPresent: composer !== null,
      stopVisible: all('stopButton', selectors.stopButton).some(visible),
      banners: scan.banners(selectors, scope, assistant, composer, 'outside'),
      loginWall: state.loginWall,
      guest: state.guest,
      botCheck: state.botCheck,
    };
  };

  /**
   * Reads the answer's markdown into fullText: the answer elements are searched again only when
   * `structure` (the turn changed other than inside them); the blocks no record touched come
   * from the cache.
   */
  const readText = (selectors: WatchConfig['selectors'], assistant: Element, structure: boolean): void => {
    if (structure || answerGroups.length === 0) {
      answerGroups = turns.answerGroups(selectors, assistant);
      answerRoots = answerGroups.flat();
      answerRootSet = new Set(answerRoots);
      namedRootSet = new Set(answerRoots.filter((root) => namedBy(root, selectors.answerContent, false)));
      rootParents = new Map();
      answerGroups.forEach((roots, group) => {
        for (const root of roots) if (namedRootSet.has(root) && root.parentNode) rootParents.set(root.parentNode, group);
      });
      structureDirty = false;
    }
    const read = (root: Element): ElementText => {
      const kept = structure || touchedRoots.has(root) ? undefined : rootTexts.get(root);
      if (kept !== undefined) return { text: kept, kept: true, unchanged: kept.length, tail: '' };
      const split = { unchanged: 0, tail: '' };
      const text = turns.textOfGroups([[root]], blockCache, prefixes, undefined, split);
      rootTexts.set(root, text);
      return { text, kept: false, ...split };
    };
    const split = { unchanged: 0, tail: '' };
    fullText = turns.textOfGroups(answerGroups, blockCache, prefixes, read, split);
    // Searched again, the elements may not be the ones read before: nothing counts as unchanged.
    readSplit = structure ? { unchanged: 0, tail: fullText } : split;
    readsSinceCompare++;
    touchedRoots.clear();
    textDirty = false;
  };

  /**
   * What the snapshot reports of the text, and the report's new state: the text is compared with
   * the last report only past what the read left unchanged (readSplit), so a snapshot costs what
   * changed, not the answer's length. The whole text is compared (and flattened) only when the
   * unchanged part reaches back before the last report's tail, or reads came between.
   */
  const compareText = (finished: boolean): { append: string; rewrite: string | null; length: number } => {
    const { unchanged, tail } = readSplit;
    const fast = readsSinceCompare <= 1 && unchanged >= reportedFrom;
    readsSinceCompare = 0;
    if (fast) {
      const end = finished ? tail.length : settledLength(tail);
      const shown = tail.slice(0, end);
      const reportedEnd = reportedFrom + reportedTail.length;
      const length = unchanged + end;
      // The last report's text up to `unchanged` is the text's (the read left it unchanged).
      if (reportedEnd >= unchanged) {
        const overlap = reportedTail.slice(unchanged - reportedFrom);
        if (length >= reportedEnd && shown.startsWith(overlap)) {
          const append = shown.slice(overlap.length);
          lastText = append === '' ? lastText : lastText + append;
          reportedFrom = unchanged;
          reportedTail = shown;
          return { append, rewrite: null, length };
        }
      }
    }
    const text = finished ? fullText : fullText.slice(0, unchanged + settledLength(tail));
    let append = '';
    let rewrite: string | null = null;
    if (text !== lastText) {
      if (text.startsWith(lastText)) append = text.slice(lastText.length);
      else rewrite = text;
      lastText = text;
    }
    reportedFrom = Math.min(unchanged, text.length);
    reportedTail = text.slice(reportedFrom);
    return { append, rewrite, length: text.length };
  };

  /**
   * Reads again the states records touched (the turn's, the page's), not the text: the text is
   * marked to be read at the next snapshot wherever the turn changed. Returns the located turn.
   */
  const readStates = (selectors: WatchConfig['selectors'], nonce: string): { assistant: Element | null; userSeen: boolean; moved: boolean } => {
    const { assistant, userSeen } = turns.locate(selectors, nonce);
    lastUserSeen = userSeen;
    const scope = assistant ? turns.scopeOf(selectors, assistant) : null;
    const moved = assistant !== lastAssistant || scope !== lastScope;
    if (moved) {
      turnDirty = true;
      chromeDirty = true;
      structureDirty = true;
    }
    if (turnDirty || turnState === null) {
      turnState = readTurn(selectors, scope, assistant);
      if (turnDirty) textDirty = true;
    }
    if (chromeDirty || chromeState === null) chromeState = readChrome(selectors, scope, assistant);
    turnDirty = false;
    chromeDirty = false;
    lastAssistant = assistant;
    lastScope = scope;
    return { assistant, userSeen, moved };
  };

  /** What tells one report's state from another's (the text is left out: an append or a rewrite is a change by itself). */
  const stateKey = (composerLength: number, userSeen: boolean, assistant: Element | null): string => {
    const turn = turnState!;
    const chrome = chromeState!;
    return JSON.stringify([chrome.composerPresent, composerLength, userSeen, assistant !== null, chrome.stopVisible, turn.streaming, turn.thinking, turn.actionBarPresent, chrome.banners, turn.banners, chrome.loginWall, chrome.guest, chrome.botCheck]);
  };

  /** The composer's text, read without layout (only its emptiness matters to the Node side). */
  const composerText = (): string => (chromeState?.composer ? fieldText(chromeState.composer, true) : '');

  /**
   * A snapshot of the turn and the page. With `statesLater` (a look at the states is pending for
   * after the page's next frame), the states are the last ones read and only the text is read
   * again: reading the states now would have the page compute its style in this task (on a long
   * answer that just changed, as long as a conversion of it), and the look reports any change.
   */
  const takeSnapshot = (statesLater = false): PageSnapshot | null => {
    if (!config) return null;
    if (observer) absorb(observer.takeRecords());
    const selectors = config.selectors;
    const firstRead = turnState === null;
    const keepStates = statesLater && !firstRead && lastAssistant !== null && lastAssistant.isConnected;
    const { assistant, userSeen, moved } = keepStates ? { assistant: lastAssistant, userSeen: lastUserSeen, moved: false } : readStates(selectors, config.nonce);
    // A turn that left the DOM keeps its last text: never rewritten to empty for that.
    if (assistant && (textDirty || firstRead)) {
      const before = fullText;
      readText(selectors, assistant, moved || structureDirty || firstRead);
      // A thinking indicator may be defined by the answer being empty (Claude's status with no
      // answer yet): when the text changed while the turn says thinking, its state is read again.
      // With the states kept, the pending look reads it.
      if (turnState?.thinking && fullText !== before) {
        if (keepStates) turnDirty = true;
        else turnState = readTurn(selectors, lastScope, assistant);
      }
    }
    textDirty = false;
    const turn = turnState!;
    const chrome = chromeState!;
    const finished = assistant !== null && turn.actionBarPresent && !chrome.stopVisible && !turn.streaming && !turn.thinking;
    const { append, rewrite, length } = compareText(finished);
    return {
      nonce: config.nonce,
      sequence: ++sequence,
      answerQuietMs: Math.max(0, Date.now() - answerChangedAt),
      composerPresent: chrome.composerPresent,
      // A text field's value changes without a mutation; reading it costs no layout.
      composerText: composerText(),
      userTurnFound: userSeen,
      assistantTurnFound: assistant !== null,
      append,
      rewrite,
      textLength: length,
      stopVisible: chrome.stopVisible,
      streaming: turn.streaming,
      thinking: turn.thinking,
      actionBarPresent: turn.actionBarPresent,
      banners: [...chrome.banners, ...turn.banners],
      loginWall: chrome.loginWall,
      guest: chrome.guest,
      botCheck: chrome.botCheck,
      matched: { ...matchedIndex },
    };
  };

  /** Takes a snapshot and reports it when something changed (always with `force`); `textOnly` leaves a pending look at the states to run (takeSnapshot's statesLater). */
  const send = (force: boolean, textOnly = false): void => {
    timer = null;
    if (!config) return;
    const statesLater = textOnly && cancelCheck !== null;
    if (!statesLater) {
      cancelCheck?.();
      cancelCheck = null;
    }
    const started = performance.now();
    const snapshot = takeSnapshot(statesLater);
    if (!snapshot) return;
    const key = stateKey(snapshot.composerText.length, snapshot.userTurnFound, lastAssistant);
    const changed = key !== lastKey || snapshot.append !== '' || snapshot.rewrite !== null;
    lastKey = key;
    if (force || changed) {
      const binding = pageWindow[config.bindingName] as ((payload: PageSnapshot) => Promise<void>) | undefined;
      if (binding) void binding(snapshot).catch(() => undefined);
    }
    previousCostMs = lastCostMs;
    lastCostMs = performance.now() - started;
    snapshotAt = Date.now();
    // While the turn looks finished, confirm it with further snapshots even if nothing mutates:
    // quickly at first, then slower (the Node side ends the turn after a few of them).
    if (confirmTimer !== null) clearTimeout(confirmTimer);
    confirmTimer = null;
    if (changed) confirmations = 0;
    if (finishedLooking(snapshot)) {
      if (changed && lastAssistant) onFinishedLooking?.(config, lastAssistant, fullText);
      const interval = config.confirmIntervalMs ?? 20;
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

  /**
   * Looks at the states records touched (not the text) and reports at once when one of them
   * changed: the stop button, a banner, the streaming flag, the action bar. Returns whether it
   * reported. Records that changed no state send no report of their own: their text waits as
   * text churn does.
   */
  const checkState = (): boolean => {
    cancelCheck = null;
    if (!config) return false;
    checkedAt = Date.now();
    if (observer) absorb(observer.takeRecords());
    const { assistant, userSeen } = readStates(config.selectors, config.nonce);
    if (stateKey(composerText().length, userSeen, assistant) === lastKey) return false;
    if (timer !== null) clearTimeout(timer);
    send(false);
    return true;
  };

  /**
   * Schedules the next look: a record that may carry a change of state (outside the turn: the
   * stop button, a banner; a state attribute: the streaming flag; nodes that came or went in the
   * turn: the action bar) has the states looked at (checkState) once the page has drawn the
   * change (afterFrame), at most once per base throttle; text churn waits COST_FACTOR times the
   * recent snapshots' cost.
   */
  const schedule = (records: MutationRecord[]): void => {
    const urgent = absorb(records);
    if (!config) return;
    if (urgent && cancelCheck === null) {
      const check = (): void => {
        cancelCheck = null;
        if (checkState() || !textDirty) return;
        // The states are read and none changed: the text waits as text churn does, even when a
        // snapshot was due sooner for the records that asked for this look.
        if (timer !== null && !turnDirty && !chromeDirty && !structureDirty) {
          clearTimeout(timer);
          timer = null;
        }
        schedule([]);
      };
      const wait = checkedAt + config.throttleMs - Date.now();
      if (wait <= 0) {
        cancelCheck = afterFrame(check);
      } else {
        const waiting = setTimeout(() => {
          cancelCheck = afterFrame(check);
        }, wait);
        cancelCheck = () => clearTimeout(waiting);
      }
    }
    if (!textDirty && !turnDirty && !chromeDirty && !structureDirty) return;
    const paced = Math.max(config.throttleMs, Math.min(lastCostMs, previousCostMs) * COST_FACTOR);
    // A pending look at the states reads the turn's and the page's (checkState): the snapshot
    // itself waits as text churn does.
    const textOnly = cancelCheck !== null || (!turnDirty && !chromeDirty && !structureDirty);
    const delay = textOnly ? Math.max(paced, snapshotAt + TEXT_INTERVAL_MS - Date.now()) : paced;
    if (timer !== null) {
      if (Date.now() + delay >= dueAt) return;
      clearTimeout(timer);
    }
    dueAt = Date.now() + delay;
    timer = setTimeout(() => send(false, true), delay);
  };

  const unwatch = (): void => {
    observer?.disconnect();
    observer = null;
    if (timer !== null) clearTimeout(timer);
    if (confirmTimer !== null) clearTimeout(confirmTimer);
    cancelCheck?.();
    timer = null;
    confirmTimer = null;
    cancelCheck = null;
    config = null;
  };

  return {
    watch(next) {
      unwatch();
      config = next;
      sequence = 0;
      lastText = '';
      reportedFrom = 0;
      reportedTail = '';
      readSplit = { unchanged: 0, tail: '' };
      readsSinceCompare = 0;
      lastKey = '';
      lastCostMs = previousCostMs = 0;
      snapshotAt = 0;
      checkedAt = 0;
      confirmations = 0;
      blockCache = new WeakMap();
      prefixes = new WeakMap();
      rootTexts = new WeakMap();
      touchedRoots.clear();
      turnDirty = textDirty = chromeDirty = structureDirty = true;
      answerGroups = [];
      answerRoots = [];
      answerRootSet = new Set();
      namedRootSet = new Set();
      rootParents = new Map();
      lastAssistant = lastScope = null;
      lastUserSeen = false;
      turnState = chromeState = null;
      fullText = '';
      turns.reset(next.selectors);
      answerChangedAt = Date.now();
      scan.markStale(next.selectors);
      observer = new MutationObserver(schedule);
      observer.observe(document.documentElement, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['hidden', 'class', 'style', 'disabled', 'aria-hidden', 'data-testid', 'aria-label', 'data-is-streaming', 'aria-busy', 'aria-disabled'] });
      send(true);
    },
    unwatch,
    snapshot: takeSnapshot,
    config: () => config,
    answerText() {
      if (!config) return null;
      if (observer) absorb(observer.takeRecords());
      const { assistant } = turns.locate(config.selectors, config.nonce);
      if (!assistant) return null;
      // A different turn element, or a change of the turn's structure, searches the turn again
      // (turnDirty stays set: the next snapshot reads the turn's state too).
      const structure = assistant !== lastAssistant || structureDirty;
      if (structure || textDirty) readText(config.selectors, assistant, structure);
      return fullText;
    },
  };
}

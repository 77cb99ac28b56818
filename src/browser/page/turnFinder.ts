/**
 * The turn finder of the page runtime: finds the user turn carrying our nonce and the assistant
 * turn after it, then KEEPS that assistant element by identity (virtualized message lists drop
 * our user turn from the DOM during a long answer; it is searched again only if the kept
 * element is detached), and reads the answer's markdown from it.
 *
 * Multi-message turns (ChatGPT: one `section[data-turn=assistant]` holding a preamble node,
 * then the answer node): the answer text is the LAST non-empty assistant node of the turn
 * scope that follows the kept one (the preamble is shown until the answer has text).
 *
 * A message node may hold several answer blocks (claude.ai splits one answer into several
 * `.standard-markdown` blocks with tool and search widgets between them): its text is every
 * outermost answerContent block, in page order, joined as markdown blocks.
 *
 * A page piece: serialised with Function.prototype.toString and evaluated in the chat page
 * (see pageScript.ts), so it must stay self-contained: no imports at run time, no reference
 * to anything outside the function.
 */
import type { PageSelectors } from '../adapters/types';
import type { domToMarkdown as DomToMarkdown, MarkdownSplit, ReadPrefix } from './domToMarkdown';
import type { SelectorHelpers } from './selectorHelpers';

/**
 * One answer element's markdown as a reader gives it to textOfGroups: `kept` when the reader
 * knows nothing changed in it since its last read; else its split (domToMarkdown's) says which
 * leading part is unchanged.
 */
export interface ElementText extends MarkdownSplit {
  text: string;
  kept: boolean;
}

/** Where the watched turn is. */
interface LocatedTurn {
  user: Element | null;
  assistant: Element | null;
  /** Our user turn is on the page, or was and our assistant turn (kept by identity) still is. */
  userSeen: boolean;
}

export interface TurnFinder {
  /** Forgets the kept turn; the assistant turns on the page now are none of ours. */
  reset(selectors: PageSelectors): void;
  /** The watched turn (see createTurnFinder). */
  locate(selectors: PageSelectors, nonce: string): LocatedTurn;
  /** The turn scope around an assistant node (turnScope), else the node itself. */
  scopeOf(selectors: PageSelectors, assistant: Element): Element;
  /**
   * The answer's markdown: the last non-empty message node of the turn. `cache`: the converted
   * top-level blocks the caller keeps (and invalidates) across calls (domToMarkdown); `read`
   * receives the answer elements the text was read from.
   */
  answerText(selectors: PageSelectors, assistant: Element, cache?: WeakMap<Node, string>, read?: Element[]): string;
  /** The answer elements of each message node of the turn, in page order (what answerText reads). */
  answerGroups(selectors: PageSelectors, assistant: Element): Element[][];
  /**
   * The answer's markdown from groups found before (answerGroups): the last group with text.
   * A watch whose records show that only the answer elements' insides changed reads the text
   * this way, without searching the turn again; `prefixes`: each answer element's leading
   * children read before (domToMarkdown), so a read starts after them; `read` (optional) reads
   * one answer element in domToMarkdown's place (a caller that keeps the text of elements no
   * change touched). `split` (optional) receives which leading part of the text is unchanged
   * since the read before (the same groups, with the same `prefixes`), and the rest: a caller
   * compares and sends only that rest, never the whole answer.
   */
  textOfGroups(groups: Element[][], cache?: WeakMap<Node, string>, prefixes?: WeakMap<Node, ReadPrefix>, read?: (element: Element) => ElementText, split?: MarkdownSplit): string;
}

/** Creates the finder, with its own kept turn. Runs in the page. */
export function createTurnFinder(helpers: SelectorHelpers, domToMarkdown: typeof DomToMarkdown): TurnFinder {
  const { all, quietAll, union, closestOf } = helpers;
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
  const locate = (selectors: PageSelectors, nonce: string): LocatedTurn => {
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
  /** The answer blocks of a message node, outermost only, in page order; the node itself without any. */
  const answerElements = (selectors: PageSelectors, node: Element): Element[] => {
    const found = all('answerContent', selectors.answerContent, node);
    const outermost = found.filter((element) => !found.some((other) => other !== element && other.contains(element)));
    return outermost.length > 0 ? outermost : [node];
  };

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

  const answerGroups = (selectors: PageSelectors, assistant: Element): Element[][] =>
    messageNodes(selectors, assistant, scopeOf(selectors, assistant)).map((node) => answerElements(selectors, node));

  const readElement = (element: Element, cache?: WeakMap<Node, string>, prefixes?: WeakMap<Node, ReadPrefix>): ElementText => {
    const split = { unchanged: 0, tail: '' };
    const text = domToMarkdown(element, cache, prefixes, split);
    return { text, kept: false, ...split };
  };

  /**
   * The split of a group's joined text: the parts before the first one not kept are unchanged,
   * and so is that one's unchanged head when it has one; the rest is joined on its own.
   */
  const splitOf = (parts: ElementText[]): MarkdownSplit => {
    const at = parts.findIndex((part) => !part.kept);
    const head = parts.slice(0, at === -1 ? parts.length : at).filter((part) => part.text !== '');
    const headLength = head.reduce((length, part) => length + part.text.length, 0) + 2 * Math.max(0, head.length - 1);
    if (at === -1) return { unchanged: headLength, tail: '' };
    const first = parts[at]!;
    const after = parts.slice(at + 1).filter((part) => part.text !== '').map((part) => `\n\n${part.text}`).join('');
    if (first.unchanged > 0) return { unchanged: (head.length > 0 ? headLength + 2 : 0) + first.unchanged, tail: first.tail + after };
    const rest = first.text !== '' ? `${head.length > 0 ? '\n\n' : ''}${first.text}${after}` : head.length > 0 ? after : after.slice(2);
    return { unchanged: headLength, tail: rest };
  };

  const textOfGroups = (groups: Element[][], cache?: WeakMap<Node, string>, prefixes?: WeakMap<Node, ReadPrefix>, read?: (element: Element) => ElementText, split?: MarkdownSplit): string => {
    // A later group that changed may have been the text before (it was not empty): nothing is unchanged then.
    let laterChanged = false;
    for (let index = groups.length - 1; index >= 0; index--) {
      const parts = groups[index]!.map((element) => (read ? read(element) : readElement(element, cache, prefixes)));
      // Parts are never blank (domToMarkdown drops blank blocks): joined by concatenation, a
      // rope the caller flattens only if it reads the whole text.
      const text = parts.reduce((joined, part) => (part.text === '' ? joined : joined === '' ? part.text : `${joined}\n\n${part.text}`), '');
      if (text !== '' || index === 0) {
        if (split) Object.assign(split, laterChanged ? { unchanged: 0, tail: text } : splitOf(parts));
        return text;
      }
      laterChanged ||= parts.some((part) => !part.kept);
    }
    if (split) Object.assign(split, { unchanged: 0, tail: '' });
    return '';
  };

  const answerText = (selectors: PageSelectors, assistant: Element, cache?: WeakMap<Node, string>, read?: Element[]): string => {
    const groups = answerGroups(selectors, assistant);
    read?.push(...groups.flat());
    return textOfGroups(groups, cache);
  };

  return {
    reset(selectors) {
      keptAssistant = null;
      keptUser = null;
      preexisting = new WeakSet(union(selectors.assistantTurn, document));
    },
    locate,
    scopeOf,
    answerText,
    answerGroups,
    textOfGroups,
  };
}

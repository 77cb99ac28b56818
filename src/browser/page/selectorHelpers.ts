/**
 * Selector helpers of the page runtime: an adapter's selector lists are fallbacks, tried in
 * order, the first that finds an element winning. `all` / `first` record which fallback index
 * matched per list (the `matched()` diagnostics and the conformance suite's `expectMatched`);
 * `quietAll` does the same look-up without recording (scoped look-ups that would blur those
 * diagnostics); `union` is for lists that are alternatives, not fallbacks. An invalid selector
 * (a custom config's typo) is skipped, never thrown.
 *
 * A page piece: serialised with Function.prototype.toString and evaluated in the chat page
 * (see pageScript.ts), so it must stay self-contained: no imports at run time, no reference
 * to anything outside the function.
 */

/** What createSelectorHelpers gives the other pieces. */
export interface SelectorHelpers {
  /** Per list name, the fallback index that matched at the last recorded look-up (-1: none). */
  matchedIndex: Record<string, number>;
  /** Elements of the first selector of `list` with a match passing `accept`; records which one. */
  all(name: string, list: readonly string[] | undefined, scope?: ParentNode, accept?: (element: Element) => boolean): Element[];
  /** The first element all() finds, or null. */
  first(name: string, list: readonly string[] | undefined, scope?: ParentNode): Element | null;
  /** Like all(), without recording. */
  quietAll(list: readonly string[] | undefined, scope: ParentNode): Element[];
  /** Every element any selector of `list` matches (a set of alternatives, not a fallback list). */
  union(list: readonly string[] | undefined, scope: ParentNode): Element[];
  /** The closest ancestor (or the element itself) the first possible selector of `list` matches. */
  closestOf(element: Element, list: readonly string[] | undefined): Element | null;
  /** Shown to the user: not hidden, not display:none or visibility:hidden, and laid out. */
  visible(element: Element | null): boolean;
  /** Attached and rendered, whatever its opacity or visibility (hover-revealed action bars). */
  rendered(element: Element): boolean;
  /** A case-insensitive regular expression from a config's source; null when empty or invalid. */
  regex(source: string | undefined): RegExp | null;
  /** The element's shown text, trimmed. */
  textOf(element: Element): string;
  /**
   * What a composer holds: a field's value, else the element's text (`layoutFree`: its
   * textContent, which needs no layout, for a look that only asks whether it is empty).
   */
  fieldText(element: Element, layoutFree?: boolean): string;
}

/** Creates the helpers, with their own record of matched indexes. Runs in the page. */
export function createSelectorHelpers(): SelectorHelpers {
  const matchedIndex: Record<string, number> = {};
  /**
   * The elements of `scope` each selector of a fallback list matches (null: an invalid selector
   * in a custom config), searched selector by selector and only as far as the caller asks: one
   * selector is searched through the browser's fast paths (an id, a class, an attribute),
   * where one pass for the whole list joined with commas matches every element against every
   * selector (measured in Chromium on a 24 000-element answer: 5 to 80 times slower).
   */
  const fallbacks = (selectors: readonly string[], scope: ParentNode): ((index: number) => Element[] | null) => {
    return (index) => {
      try {
        return Array.from(scope.querySelectorAll(selectors[index]!));
      } catch {
        return null;
      }
    };
  };
  const all = (name: string, list: readonly string[] | undefined, scope: ParentNode = document, accept?: (element: Element) => boolean): Element[] => {
    const selectors = list ?? [];
    const matching = fallbacks(selectors, scope);
    for (let index = 0; index < selectors.length; index++) {
      let found = matching(index);
      if (found === null) continue; // an invalid selector in a custom config: skip it
      if (accept) found = found.filter(accept);
      if (found.length > 0) {
        matchedIndex[name] = index;
        return found;
      }
    }
    matchedIndex[name] = -1;
    return [];
  };
  /**
   * The first element of the first selector of `list` with a match, searched selector by
   * selector: a search for one element stops at its first match (an id is a direct look-up),
   * where one pass for all the fallbacks walks the whole scope.
   */
  const first = (name: string, list: readonly string[] | undefined, scope: ParentNode = document): Element | null => {
    const selectors = list ?? [];
    for (let index = 0; index < selectors.length; index++) {
      let found: Element | null;
      try {
        found = scope.querySelector(selectors[index]!);
      } catch {
        continue; // an invalid selector in a custom config: skip it
      }
      if (found) {
        matchedIndex[name] = index;
        return found;
      }
    }
    matchedIndex[name] = -1;
    return null;
  };
  const quietAll = (list: readonly string[] | undefined, scope: ParentNode): Element[] => {
    const selectors = list ?? [];
    const matching = fallbacks(selectors, scope);
    for (let index = 0; index < selectors.length; index++) {
      const found = matching(index);
      if (found !== null && found.length > 0) return found;
    }
    return [];
  };
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
  /**
   * Whether the element has a box (checkVisibility needs the page's style, never its layout: a
   * check right after a big change of a long answer does not lay the page out); getClientRects
   * where the browser has no checkVisibility.
   */
  const hasBox = (element: Element): boolean => (typeof element.checkVisibility === 'function' ? element.checkVisibility() : element.getClientRects().length > 0);
  const visible = (element: Element | null): boolean => {
    if (!element) return false;
    if ((element as HTMLElement).hidden) return false;
    if (element.closest('[hidden]')) return false;
    const style = getComputedStyle(element);
    if (style.display === 'none' || style.visibility === 'hidden') return false;
    return hasBox(element);
  };
  /**
   * Present for completion: attached and rendered (not [hidden], not display:none), whatever its
   * opacity or visibility. Hover-revealed action bars (AI Studio) sit in the DOM at opacity 0 or
   * visibility:hidden until the pointer is over the turn; they still prove the turn finished.
   */
  const rendered = (element: Element): boolean => {
    if (!element.isConnected || element.closest('[hidden]')) return false;
    if (hasBox(element)) return true;
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
  const fieldText = (element: Element, layoutFree = false): string => {
    if (element instanceof HTMLTextAreaElement || element instanceof HTMLInputElement) return element.value;
    if (layoutFree) return element.textContent ?? '';
    return (element as HTMLElement).innerText ?? element.textContent ?? '';
  };
  return {
    matchedIndex,
    all,
    first,
    quietAll,
    union,
    closestOf,
    visible,
    rendered,
    regex,
    textOf,
    fieldText,
  };
}

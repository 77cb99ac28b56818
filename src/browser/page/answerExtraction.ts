/**
 * Extraction of a finished answer in the page: the turn's copy button (never one inside a code
 * block or a user turn; one in the turn's action bar first, the last of them) or its menu's
 * copy item, with the clipboard captured (clipboardCapture.ts), else DOM → markdown.
 *
 * A page piece: serialised with Function.prototype.toString and evaluated in the chat page
 * (see pageScript.ts), so it must stay self-contained: no imports at run time, no reference
 * to anything outside the function.
 */
import type { PageSelectors } from '../adapters/types';
import type { ClipboardCapture } from './clipboardCapture';
import type { ExtractResult } from './pageApi';
import type { SelectorHelpers } from './selectorHelpers';
import type { TurnFinder } from './turnFinder';

interface AnswerExtraction {
  /** The answer of the assistant turn `assistant`, waiting at most `timeoutMs` for a copy. */
  extract(selectors: PageSelectors, assistant: Element, timeoutMs: number): Promise<ExtractResult>;
}

/** Creates the extraction. Runs in the page. */
export function createAnswerExtraction(helpers: SelectorHelpers, clipboard: ClipboardCapture, turns: Pick<TurnFinder, 'scopeOf' | 'answerText'>): AnswerExtraction {
  const { all, first, quietAll, closestOf, visible, regex, matchedIndex } = helpers;

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

  /** Clicks the copy item of the turn's menu (it may open in an overlay outside the turn); the copied text, or null. */
  const copyThroughMenu = async (selectors: PageSelectors, menuButton: HTMLElement, deadline: number): Promise<string | null> => {
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
    if (!item) {
      closeMenu();
      return null;
    }
    const before = clipboard.count();
    item.click();
    const text = await clipboard.copiedAfter(before, deadline);
    closeMenu();
    return text;
  };

  return {
    async extract(selectors, assistant, timeoutMs) {
      const scope = turns.scopeOf(selectors, assistant);
      const deadline = Date.now() + timeoutMs;
      const copyButton = copyButtonOf(selectors, scope, assistant);
      if (copyButton) {
        const before = clipboard.count();
        copyButton.click();
        const text = await clipboard.copiedAfter(before, deadline);
        if (text !== null) return { via: 'copy', text, matched: { ...matchedIndex } };
      }
      const menuButton = (copyButton ? null : first('copyMenuButton', selectors.copyMenuButton, scope)) as HTMLElement | null;
      if (menuButton) {
        const text = await copyThroughMenu(selectors, menuButton, deadline);
        if (text !== null) return { via: 'copy', text, matched: { ...matchedIndex } };
      }
      return { via: 'dom', text: turns.answerText(selectors, assistant), matched: { ...matchedIndex } };
    },
  };
}

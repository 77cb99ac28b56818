/**
 * Ordered fallback selector resolution (Node side). The page runtime applies the same rule
 * in the page: the first selector of the list that matches anything wins.
 */
import { LLMBackendError, PTKErrorCode } from '../core/errors';
import type { SelectorList } from './adapters/types';

/** The result of resolving a list. */
interface ResolvedSelector {
  selector: string;
  index: number;
}

/**
 * The first selector of `list` for which `count(selector)` is above zero. `count` may throw
 * for an invalid selector: that one is skipped.
 */
export async function resolveSelector(list: SelectorList, count: (selector: string) => Promise<number> | number): Promise<ResolvedSelector | undefined> {
  for (let index = 0; index < list.length; index++) {
    const selector = list[index]!;
    try {
      if ((await count(selector)) > 0) return { selector, index };
    } catch {
      // invalid selector: try the next fallback
    }
  }
  return undefined;
}

/** SELECTOR_NOT_FOUND naming the adapter, the role and every selector tried. */
export function selectorNotFound(adapterName: string, role: string, list: SelectorList): LLMBackendError {
  return new LLMBackendError(
    `${adapterName}: no element found for the ${role} (tried ${list.map((selector) => `"${selector}"`).join(', ') || 'no selectors'}). The site's page may have changed; update the adapter's selectors (docs/sites.md).`,
    { code: PTKErrorCode.SELECTOR_NOT_FOUND, context: { adapter: adapterName, role, selectors: [...list] } },
  );
}

/**
 * The fence languages of the protocol, listed once: every reader of a reply takes them from here.
 */

/** ```tool fences: they hold a call, with tags or as bare JSON (Continue's convention). */
export const TOOL_FENCE_LANGUAGES: ReadonlySet<string> = new Set(['tool', 'tool_call', 'tool-call', 'ptk']);

/**
 * Fences a call tag counts in: unlabelled, JSON and XML ones, and the ```tool fences. A tag inside
 * any other fence (```ts, ```python …) is a quotation.
 */
export const CALL_FENCE_LANGUAGES: ReadonlySet<string> = new Set(['', 'json', 'jsonc', 'json5', 'xml', ...TOOL_FENCE_LANGUAGES]);

/**
 * What of a reply still streaming is shown to the user: the prose, not the raw tool-call
 * markup (pure). Everything from the first opening call tag (or a fenced `tool` block) on is
 * hidden while streaming; the finished reply's prose comes from the parser.
 */

/** Tag names the model may use (DEFAULTS.tagName and DEFAULTS.alternateTagName). */
export const CALL_TAG_NAMES: readonly string[] = ['TOOL_CALL', 'PTK_CALL'];

/** The visible part of `full`. A partial opening tag at the very end (`<TOOL_CA`) is hidden too. */
export function visibleStreamingText(full: string, tagNames: readonly string[] = CALL_TAG_NAMES): string {
  let cut = full.length;
  for (const tag of tagNames) {
    const index = full.indexOf(`<${tag}`);
    if (index !== -1 && index < cut) cut = index;
    // A tag still being typed at the end: "<", "<TO", "<TOOL_C".
    const opening = `<${tag}>`;
    for (let length = Math.min(opening.length - 1, full.length); length > 0; length--) {
      if (full.endsWith(opening.slice(0, length))) {
        cut = Math.min(cut, full.length - length);
        break;
      }
    }
  }
  const fence = full.search(/```(?:tool|tool_call|json\s*\n\s*\{\s*"(?:tool|name)")/);
  if (fence !== -1 && fence < cut) cut = fence;
  return full.slice(0, cut).trimEnd();
}

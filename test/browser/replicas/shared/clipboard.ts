/**
 * The three ways real chat sites put text on the clipboard, implemented once for every replica:
 *   writeText      navigator.clipboard.writeText(text)
 *   clipboardItem  navigator.clipboard.write([new ClipboardItem({ text/plain, text/html })])
 *   execCommand    a temporary off-screen read-only textarea holding the text, selected, then
 *                  document.execCommand('copy') and removed (Angular CDK's Clipboard does this,
 *                  so Angular sites such as AI Studio and Gemini copy this way)
 * A rejected clipboard promise (headless Chromium without clipboard permission) is ignored: what
 * the extension reads is what its page hooks saw, not the system clipboard.
 */

/** How a site's copy buttons put text on the clipboard. */
export type ReplicaCopyMechanism = 'writeText' | 'clipboardItem' | 'execCommand';

/** Copies `text` (and `html`, for clipboardItem) with the site's mechanism. */
export function copyText(mechanism: ReplicaCopyMechanism, text: string, html: string): void {
  if (mechanism === 'clipboardItem') {
    const item = new ClipboardItem({
      'text/plain': new Blob([text], { type: 'text/plain' }),
      'text/html': new Blob([html], { type: 'text/html' }),
    });
    void navigator.clipboard.write([item]).catch(() => undefined);
  } else if (mechanism === 'execCommand') {
    copyThroughTextarea(text);
  } else {
    void navigator.clipboard.writeText(text).catch(() => undefined);
  }
}

/** The Angular CDK way: an off-screen textarea, selected, copied, removed; focus restored. */
function copyThroughTextarea(text: string): void {
  const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const textarea = document.createElement('textarea');
  textarea.value = text;
  textarea.readOnly = true;
  textarea.setAttribute('aria-hidden', 'true');
  textarea.style.position = 'fixed';
  textarea.style.top = '-999em';
  textarea.style.opacity = '0';
  document.body.append(textarea);
  try {
    textarea.select();
    textarea.setSelectionRange(0, textarea.value.length);
    document.execCommand('copy');
  } finally {
    textarea.remove();
    previouslyFocused?.focus();
  }
}

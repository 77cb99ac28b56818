/**
 * Markdown → safe HTML for the chat: `marked` renders (GitHub flavour), DOMPurify sanitises
 * (no scripts, no event handlers, no style/iframes/forms). Works in the webview and, with a
 * DOM shim (jsdom), in Node tests.
 */
import createDOMPurify from 'dompurify';
import { Lexer, Marked } from 'marked';

/** The window DOMPurify needs (the webview's own, or jsdom's in tests). */
export type WindowLike = Parameters<typeof createDOMPurify>[0];

export type MarkdownRenderer = (markdown: string) => string;

/** Tags never allowed, on top of DOMPurify's defaults. */
const FORBIDDEN_TAGS = ['style', 'iframe', 'form', 'input', 'button', 'textarea', 'select', 'object', 'embed', 'svg', 'math'];
const FORBIDDEN_ATTRIBUTES = ['style', 'srcset'];

/** A renderer bound to `window`. */
export function createMarkdownRenderer(window: WindowLike): MarkdownRenderer {
  const purify = createDOMPurify(window);
  // Only web links and in-page anchors; images only from the webview's own origins (CSP enforces it too).
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      const href = node.getAttribute('href') ?? '';
      if (!/^(https?:|mailto:|#)/i.test(href)) node.removeAttribute('href');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
  const marked = new Marked({ gfm: true, breaks: false, async: false });
  return (markdown: string) => {
    const html = marked.parse(markdown, { async: false }) as string;
    return purify.sanitize(html, { FORBID_TAGS: FORBIDDEN_TAGS, FORBID_ATTR: FORBIDDEN_ATTRIBUTES, USE_PROFILES: { html: true } }) as unknown as string;
  };
}

/**
 * Where the finished markdown blocks of `text` after `from` (a block boundary) end: every
 * block before the last one of its complete lines. The last block may still grow (a paragraph,
 * a list, a table, an open code fence), and a line still arriving may change what it is; the
 * blocks before it are closed by what follows them and render the same in any later text.
 */
export function finishedBlocksEnd(text: string, from: number): number {
  const linesEnd = text.lastIndexOf('\n') + 1;
  if (linesEnd <= from) return from;
  const lines = text.slice(from, linesEnd);
  const tokens = Lexer.lex(lines, { gfm: true });
  let last = tokens.length - 1;
  while (last >= 0 && tokens[last].type === 'space') last--;
  let end = 0;
  for (let index = 0; index < last; index++) end += tokens[index].raw.length;
  // The lexer turns \r\n into \n: its lengths then no longer count the text's characters.
  return end > 0 && lines.slice(0, end) === tokens.slice(0, last).map((token) => token.raw).join('') ? from + end : from;
}

/**
 * Adds a "Copy" button to every code block under `root` (once). `copy` receives the code's
 * text exactly as the model wrote it.
 */
export function addCopyButtons(root: ParentNode, copy: (text: string) => void): void {
  for (const pre of Array.from(root.querySelectorAll('pre'))) {
    if (pre.querySelector(':scope > .copy-code')) continue;
    const code = pre.querySelector('code');
    const button = pre.ownerDocument.createElement('button');
    button.className = 'copy-code';
    button.type = 'button';
    button.textContent = 'Copy';
    button.title = 'Copy code';
    button.addEventListener('click', () => {
      copy((code ?? pre).textContent ?? '');
      button.textContent = 'Copied';
      setTimeout(() => (button.textContent = 'Copy'), 1500);
    });
    pre.prepend(button);
  }
}

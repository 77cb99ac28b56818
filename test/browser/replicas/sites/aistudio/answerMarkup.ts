/**
 * AI Studio's answer markup beyond code blocks. No public capture of an AI Studio answer
 * exists; this follows the projects that read it (code index, 2026):
 * - kangjoseph90/fix-gemini-parser sites/aistudio.js@97f1bbb (2025-12-06; the file was removed
 *   in the next commit, 6ca79a9, the same day): `ms-cmark-node` wrappers inside paragraphs,
 *   headings and cells, inline code as an element of class `inline-code` (its own AI-Studio-style
 *   re-render draws it as `span.inline-code`), formulas as `ms-katex` holding KaTeX's
 *   `annotation[encoding="application/x-tex"]`;
 * - an AI Studio chat-exporter DevTools snippet (v6, unattributed) and a Turndown-based copy
 *   extension (unattributed): list items wrapped as `ul > ms-cmark-node > li`, a text run as
 *   `ms-cmark-node > span` (an element path `ms-cmark-node/p[5]/ms-cmark-node/span` from a
 *   third project), and a Turndown-based exporter's DOM cleaner (unattributed, 2026): "Google AI
 *   Studio puts <pre> inside <ms-katex>", selected as `ms-katex.inline pre`: an inline formula is
 *   `ms-katex.inline > pre` > KaTeX;
 * - two versions of a public userscript that restyles AI Studio's answers ("Google AI Studio
 *   KaTeX/Markdown Display Fix Mobile" 1.0.24 and 1.5.0, code index, unattributed, 2026): a
 *   displayed formula is `ms-katex.display` (beside `ms-katex.inline`), and the formula's `pre`
 *   holds a `code.rendered` (its rules `ms-katex pre` and `ms-katex code.rendered`).
 * Inferred (choices made here): that the `code.rendered` sits between the `pre` and the KaTeX;
 * `span` for the inline code element (only the extension's own re-render shows the tag); that a
 * displayed formula's KaTeX is `span.katex-display` with no pre;
 * every inline element of a paragraph, heading, list item or cell is wrapped the same way as a
 * text run; block children of a list item are wrapped too; code blocks are left alone.
 */
import { wrapNode } from '../../shared/answerMarkup';
import { katexElement, replaceFormulas } from '../../shared/math';
import { custom, element } from './skin';

export function decorateAiStudioAnswer(content: HTMLElement): void {
  replaceFormulas(content, (formula) => {
    const host = custom('ms-katex', { class: formula.display ? 'display' : 'inline' });
    const katex = katexElement(formula, { mathml: true });
    if (formula.display) {
      host.append(katex);
    } else {
      const code = element('code', { class: 'rendered' });
      code.append(katex);
      const pre = element('pre');
      pre.append(code);
      host.append(pre);
    }
    return host;
  });
  for (const code of Array.from(content.querySelectorAll('code'))) {
    if (code.closest('pre')) continue;
    code.replaceWith(element('span', { class: 'inline-code' }, code.textContent ?? ''));
  }
  const wrapper = (): HTMLElement => custom('ms-cmark-node', { class: 'ng-star-inserted' });
  for (const list of Array.from(content.querySelectorAll('ul, ol'))) {
    for (const item of Array.from(list.children)) wrapNode(item, wrapper());
  }
  for (const holder of Array.from(content.querySelectorAll('p, h1, h2, h3, h4, h5, h6, li, th, td'))) {
    if (holder.closest('ms-code-block')) continue;
    for (const child of Array.from(holder.childNodes)) {
      if (child.nodeType === 3) {
        if ((child.nodeValue ?? '').trim() === '' && holder.tagName === 'LI') continue;
        wrapNode(wrapNode(child, element('span', { class: 'ng-star-inserted' })), wrapper());
      } else if (child.nodeType === 1) {
        wrapNode(child, wrapper());
      }
    }
  }
}

/**
 * Math in replica answers. The shared markdown renderer turns `$…$` (inline) and a `$$` line,
 * the TeX, a `$$` line (display) into neutral formula elements that show their own markdown
 * (`span[data-replica-math]`, `div[data-replica-math]` holding `$…$` / `$$…$$` as text), so a
 * replica without a math skin shows the TeX as the source wrote it. A skin replaces them with
 * its site's markup through `replaceFormulas`, built from `katexMarkup`:
 * - KaTeX's output (katex 0.16 `htmlAndMathml`): `span.katex` > `span.katex-mathml` (MathML
 *   with the TeX in `annotation[encoding="application/x-tex"]`) + `span.katex-html[aria-hidden]`
 *   (the glyphs); display wraps it in `span.katex-display`. As captured on ChatGPT
 *   (nuncaeslupus/ai-chat-exporter tests/fixtures/dom-snapshots/chatgpt/formatting-showcase-
 *   2026-07.html @ac66aa00, 2026-07). Gemini's KaTeX has no MathML part (same repository,
 *   gemini/real-capture.html, live capture 2026-01-17): `mathml: false`.
 * The glyphs are a rough rendering (commands as symbols, braces and scripts flattened): what
 * matters is that they are text next to the TeX, as on the real pages.
 */
import type { MarkedExtension, Tokens } from 'marked';

/** A formula of the answer: its TeX and whether it is displayed. */
export interface Formula {
  tex: string;
  display: boolean;
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** `$x$` inline (no space inside either dollar, none followed by a digit) and `$$` / TeX / `$$` blocks. */
export const mathExtension: MarkedExtension = {
  extensions: [
    {
      name: 'replicaMathBlock',
      level: 'block',
      start: (source: string) => /^\$\$\n/m.exec(source)?.index,
      tokenizer(source: string) {
        const match = /^\$\$\n([\s\S]+?)\n\$\$(?:\n|$)/.exec(source);
        return match ? { type: 'replicaMathBlock', raw: match[0], text: match[1]! } : undefined;
      },
      renderer: (token: Tokens.Generic) => `<div data-replica-math="display" data-tex="${escapeText(String(token.text))}">${escapeText(`$$\n${String(token.text)}\n$$`)}</div>`,
    },
    {
      name: 'replicaMathInline',
      level: 'inline',
      start: (source: string) => {
        const index = source.indexOf('$');
        return index === -1 ? undefined : index;
      },
      tokenizer(source: string) {
        const match = /^\$(?![\s$])([^$\n]+?)(?<!\s)\$(?![\d$])/.exec(source);
        return match ? { type: 'replicaMathInline', raw: match[0], text: match[1]! } : undefined;
      },
      renderer: (token: Tokens.Generic) => `<span data-replica-math="inline" data-tex="${escapeText(String(token.text))}">${escapeText(`$${String(token.text)}$`)}</span>`,
    },
  ],
};

const SYMBOLS: Record<string, string> = { sum: '∑', int: '∫', pi: 'π', alpha: 'α', beta: 'β', theta: 'θ', lambda: 'λ', infty: '∞', cdot: '⋅', times: '×', le: '≤', ge: '≥', sqrt: '√' };

/** What KaTeX's glyph layer shows for `tex`, roughly: `\sum_{i=1}^{3} i` → `∑i=13i`. */
function glyphs(tex: string): string {
  return tex.replace(/\\([A-Za-z]+)/g, (_, name: string) => SYMBOLS[name] ?? '').replace(/[{}^_\s\\]/g, '');
}

/** KaTeX's markup for a formula; `mathml: false` leaves out the MathML part (Gemini). */
export function katexMarkup(formula: Formula, options: { mathml: boolean }): string {
  const text = escapeText(glyphs(formula.tex));
  const mathml = options.mathml
    ? `<span class="katex-mathml"><math xmlns="http://www.w3.org/1998/Math/MathML"${formula.display ? ' display="block"' : ''}><semantics><mrow><mi>${text}</mi></mrow><annotation encoding="application/x-tex">${escapeText(formula.tex)}</annotation></semantics></math></span>`
    : '';
  const katex = `<span class="katex">${mathml}<span class="katex-html" aria-hidden="true"><span class="base"><span class="strut" style="height: 0.8em;"></span><span class="mord mathnormal">${text}</span></span></span></span>`;
  return formula.display ? `<span class="katex-display">${katex}</span>` : katex;
}

/** Replaces each neutral formula element of `content` with the element `build` makes for it. */
export function replaceFormulas(content: HTMLElement, build: (formula: Formula) => HTMLElement): void {
  for (const placeholder of Array.from(content.querySelectorAll<HTMLElement>('[data-replica-math]'))) {
    placeholder.replaceWith(build({ tex: placeholder.dataset.tex ?? '', display: placeholder.dataset.replicaMath === 'display' }));
  }
}

/** `katexMarkup` as an element (`span.katex`, or `span.katex-display` for a displayed formula). */
export function katexElement(formula: Formula, options: { mathml: boolean }): HTMLElement {
  const holder = document.createElement('template');
  holder.innerHTML = katexMarkup(formula, options);
  return holder.content.firstElementChild as HTMLElement;
}

/** Standard KaTeX for every formula of `content` (MathML with the TeX, then the glyphs). */
export function renderKatex(content: HTMLElement): void {
  replaceFormulas(content, (formula) => katexElement(formula, { mathml: true }));
}

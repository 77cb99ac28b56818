/**
 * Gemini's answer markup beyond code blocks, from live answers captured in 2026
 * (nuncaeslupus/ai-chat-exporter tests/fixtures/dom-snapshots/gemini/real-capture.html, answer
 * body captured live 2026-01-17, and table-2026-07.html @9356f992, July 2026):
 * - an inline formula `span.math-inline[data-math="<TeX>"]` holding KaTeX with only its
 *   aria-hidden glyph layer (no MathML, no annotation: the TeX lives in data-math); a displayed
 *   one `div.math-block[data-math]` holding KaTeX (no capture shows one: a Turndown rule of a
 *   chat-bridge project in the code index, unattributed, 2026, reads "Gemini wraps math in
 *   <div class="math-block" data-math> with KaTeX inside, but omits the <annotation>"). That the
 *   KaTeX inside is `span.katex-display` is INFERRED: it is what KaTeX draws for a displayed
 *   formula, and the same rule also looks for `.katex-display` under data-math;
 * - every list item's text in a `p[data-path-to-node]`;
 * - tables inside `div.horizontal-scroll-wrapper > div.table-block-component >
 *   response-element.no-md > table-block > div.table-block > div.table-content.md-content`,
 *   each cell's text in a `span[data-path-to-node]`, then a footer with a "More options"
 *   `gem-icon-button`.
 */
import { wrapItemText, wrapNode } from '../../shared/answerMarkup';
import { katexElement, replaceFormulas } from '../../shared/math';
import { custom, element } from './skin';

export function decorateGeminiAnswer(content: HTMLElement): void {
  replaceFormulas(content, (formula) => {
    const host = formula.display ? element('div', { class: 'math-block' }) : element('span', { class: 'math-inline', 'data-index-in-node': '0' });
    host.setAttribute('data-math', formula.tex);
    host.append(katexElement(formula, { mathml: false }));
    return host;
  });
  Array.from(content.querySelectorAll('li')).forEach((item, index) => wrapItemText(item, element('p', { 'data-path-to-node': `${index},0,0` })));
  Array.from(content.querySelectorAll('table')).forEach((table, tableIndex) => {
    table.setAttribute('data-path-to-node', String(tableIndex));
    for (const cell of Array.from(table.querySelectorAll<HTMLTableCellElement>('th, td'))) {
      const span = element('span', { 'data-path-to-node': `${tableIndex},${cell.cellIndex}` });
      span.append(...Array.from(cell.childNodes));
      cell.append(span);
    }
    const tableContent = wrapNode(table, element('div', { 'not-end-of-paragraph': '', class: 'table-content md-content' }));
    const tableBlock = wrapNode(tableContent, element('div', { class: 'table-block has-export-button new-table-style' }));
    const footer = element('div', { 'hide-from-message-actions': '', class: 'table-footer hide-on-print hide-from-message-actions' });
    const more = custom('gem-icon-button', { arialabel: 'More options', class: 'overflow-menu-button gem-button' });
    const moreButton = element('button', { 'aria-label': 'More options' });
    moreButton.append(custom('mat-icon', { fonticon: 'more_vert', class: 'mat-icon google-symbols' }));
    more.append(moreButton);
    footer.append(more);
    tableBlock.append(footer);
    const host = wrapNode(wrapNode(tableBlock, custom('table-block', { class: 'enable-luminous-table-block' })), custom('response-element', { class: 'no-md' }));
    wrapNode(wrapNode(host, element('div', { class: 'table-block-component' })), element('div', { class: 'horizontal-scroll-wrapper' }));
  });
}

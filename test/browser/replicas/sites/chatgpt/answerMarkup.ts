/**
 * ChatGPT's answer markup beyond code blocks, from a live answer captured in July 2026
 * (nuncaeslupus/ai-chat-exporter tests/fixtures/dom-snapshots/chatgpt/formatting-showcase-
 * 2026-07.html @ac66aa00):
 * - formulas as KaTeX with MathML + the TeX annotation and aria-hidden glyphs; a displayed one
 *   is a `span.katex-display` between the paragraphs (../../shared/math.ts);
 * - every list item's text in a `p` (`li > p`, nested lists after it);
 * - tables inside `div.TyagGW_tableContainer > div.group.TyagGW_tableWrapper`, followed by a
 *   hover "Copy table" button;
 * - links as `span[data-state=closed] > a.decorated-link[target=_blank][rel=noopener]` ending
 *   in an aria-hidden icon span;
 * - inline code a bare `code` (already Marked's).
 */
import { wrapItemText, wrapNode } from '../../shared/answerMarkup';
import { renderKatex } from '../../shared/math';
import { element } from './skin';

export function decorateChatgptAnswer(content: HTMLElement): void {
  renderKatex(content);
  for (const item of Array.from(content.querySelectorAll('li'))) wrapItemText(item, element('p'));
  for (const table of Array.from(content.querySelectorAll('table'))) {
    const wrapper = wrapNode(table, element('div', { tabindex: '-1', class: 'group TyagGW_tableWrapper flex flex-col-reverse w-fit' }));
    wrapNode(wrapper, element('div', { class: 'TyagGW_tableContainer' }));
    table.className = 'w-fit min-w-(--thread-content-width)';
    const copyHolder = element('div', { class: 'relative h-0 self-end select-none' });
    const copySpan = element('span', { class: '', 'data-state': 'closed' });
    copySpan.append(element('button', { 'aria-label': 'Copy table', class: 'hover:bg-token-bg-tertiary text-token-text-secondary rounded-sm p-1' }, '⧉'));
    copyHolder.append(copySpan);
    wrapper.append(copyHolder);
  }
  for (const link of Array.from(content.querySelectorAll('a[href]'))) {
    for (const [name, value] of Object.entries({ target: '_blank', class: 'decorated-link', rel: 'noopener' })) link.setAttribute(name, value);
    link.append(element('span', { 'aria-hidden': 'true', class: 'ms-0.5 inline-block align-middle leading-none select-none' }, '↗'));
    wrapNode(link, element('span', { class: '', 'data-state': 'closed' }));
  }
}

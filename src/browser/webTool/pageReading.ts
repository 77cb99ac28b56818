/**
 * What the web tools read of a page, in the page (a self-contained piece for pageCall): its title,
 * its text as markdown through the one DOM → markdown converter (domToMarkdown.ts, passed in), and
 * the controls the browser tool can click or type into, named as the tool finds them (the text the
 * markdown leaves out: buttons, fields, links).
 */
import type { domToMarkdown } from '../page/domToMarkdown';

/** The pieces the reader runs with. */
export type PageReadingPieces = {
  domToMarkdown: typeof domToMarkdown;
};

/** One read of the page. */
export interface PageReading {
  title: string;
  markdown: string;
  /** "button: Save", "field: Email (placeholder you@example.com)", "link: Docs → /docs". */
  controls: string[];
}

/** Reads the page. Runs in the page; kept self-contained. */
export function readPage(maxControls: number, pieces: PageReadingPieces): PageReading {
  const shown = (element: Element): boolean => {
    const box = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
  };
  const clean = (text: string | null | undefined): string => (text ?? '').replace(/\s+/g, ' ').trim().slice(0, 80);
  const labelOf = (element: Element): string => {
    const id = element.getAttribute('id');
    const byFor = id ? document.querySelector(`label[for="${CSS.escape(id)}"]`) : null;
    return clean(element.getAttribute('aria-label') ?? byFor?.textContent ?? element.closest('label')?.textContent ?? '');
  };
  const controls: string[] = [];
  for (const element of Array.from(document.querySelectorAll('button, [role="button"], a[href], input:not([type="hidden"]), textarea, select, [contenteditable="true"]'))) {
    if (controls.length >= maxControls) break;
    if (!shown(element)) continue;
    const tag = element.tagName;
    if (tag === 'A') {
      const text = clean((element as HTMLElement).innerText) || labelOf(element);
      if (text) controls.push(`link: ${text} → ${element.getAttribute('href') ?? ''}`);
    } else if (tag === 'BUTTON' || element.getAttribute('role') === 'button' || (tag === 'INPUT' && /^(submit|button|reset)$/i.test((element as HTMLInputElement).type))) {
      const text = clean((element as HTMLElement).innerText || (element as HTMLInputElement).value) || labelOf(element);
      if (text) controls.push(`button: ${text}`);
    } else {
      const label = labelOf(element);
      const placeholder = clean(element.getAttribute('placeholder'));
      const type = tag === 'INPUT' ? (element as HTMLInputElement).type : tag.toLowerCase();
      controls.push(`field (${type}): ${label || placeholder || element.getAttribute('name') || '(no label)'}${placeholder && label ? ` (placeholder ${placeholder})` : ''}`);
    }
  }
  const root = document.body ?? document.documentElement;
  return { title: document.title, markdown: root ? pieces.domToMarkdown(root) : '', controls };
}

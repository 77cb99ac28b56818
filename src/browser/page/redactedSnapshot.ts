/**
 * The redacted DOM snapshot of PTK: Diagnose Site: the page as HTML with nothing personal left,
 * its structure and the attributes the adapters' selectors need kept, so users can attach it to
 * a public bug report and it can become a replica variant (docs/sites.md describes the format;
 * it reloads as a test page on which the selectors match as on the live one). What is kept is
 * decided by allow-list (snapshotRedaction.ts).
 *
 * A page piece: serialised with Function.prototype.toString and evaluated in the chat page
 * (see pageScript.ts), so it must stay self-contained: no imports at run time, no reference
 * to anything outside the function.
 */
import type { createSnapshotRedaction, SnapshotAllowList } from './snapshotRedaction';

/** The page pieces the snapshot runs with. */
export type RedactedSnapshotPieces = { createSnapshotRedaction: typeof createSnapshotRedaction };

/**
 * Runs in the page: the document as HTML with every letter and digit of its text replaced by
 * "x" (whitespace and punctuation kept, so the shape of code blocks and lists survives), script
 * and style bodies, comments and form values removed, attribute values and URLs redacted by the
 * allow-list. Template contents (not part of the tree a walker sees, but written by outerHTML)
 * are redacted the same way.
 */
export function redactedSnapshot(allow: SnapshotAllowList, pieces: RedactedSnapshotPieces): string {
  const redaction = pieces.createSnapshotRedaction(allow);
  const redactTree = (root: Node): void => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT | NodeFilter.SHOW_COMMENT);
    const nodes: Node[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node);
    if (root.nodeType === Node.ELEMENT_NODE) nodes.unshift(root);
    for (const node of nodes) {
      if (node.nodeType === Node.COMMENT_NODE) {
        node.parentNode?.removeChild(node);
      } else if (node.nodeType === Node.TEXT_NODE) {
        node.nodeValue = redaction.text(node.nodeValue ?? '');
      } else {
        const element = node as Element;
        const tag = element.tagName.toLowerCase();
        if (tag === 'script' || tag === 'style' || tag === 'noscript' || tag === 'textarea') element.textContent = '';
        for (const attribute of Array.from(element.attributes)) {
          const value = redaction.attribute(attribute.name, attribute.value);
          if (value === null) element.removeAttribute(attribute.name);
          else if (value !== attribute.value) attribute.value = value;
        }
        if (element instanceof HTMLTemplateElement) redactTree(element.content);
      }
    }
  };
  const clone = document.documentElement.cloneNode(true) as HTMLElement;
  redactTree(clone);
  return `<!doctype html>\n${clone.outerHTML}`;
}

/**
 * Helpers the skins' answer markup (ReplicaSkin.decorateAnswer) shares: wrapping a node in
 * place, and moving a list item's leading inline content into a paragraph (ChatGPT and Gemini
 * render every list item's text as `li > p`, where Marked gives a tight list bare text).
 */

/** Puts `wrapper` where `node` is and `node` inside it; returns the wrapper. */
export function wrapNode<T extends Element>(node: Node, wrapper: T): T {
  node.parentNode?.replaceChild(wrapper, node);
  wrapper.append(node);
  return wrapper;
}

/** Moves the inline content a list item starts with (up to its first block) into `paragraph`. */
export function wrapItemText(item: HTMLLIElement, paragraph: HTMLElement): void {
  const leading: Node[] = [];
  for (const child of Array.from(item.childNodes)) {
    if (child.nodeType === 1 && /^(P|UL|OL|PRE|DIV|BLOCKQUOTE|TABLE|H[1-6])$/.test((child as Element).tagName)) break;
    leading.push(child);
  }
  if (!leading.some((node) => (node.textContent ?? '').trim() !== '')) return;
  item.insertBefore(paragraph, leading[0]!);
  paragraph.append(...leading);
}

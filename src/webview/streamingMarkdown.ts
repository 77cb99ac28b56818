/**
 * An assistant bubble's markdown, rendered as its text grows: the finished blocks (every block
 * before the last one of the text's complete lines) are rendered once and kept; only the open
 * tail after them is rendered again on each update. A long answer so costs about its length
 * in rendering, not its length per update. The blocks are the bubble's own children, as a
 * whole render would make them (no wrappers: the chat's CSS sees the same tree).
 */
import { addCopyButtons, finishedBlocksEnd, type MarkdownRenderer } from './markdown';

export class StreamingMarkdown {
  /** The text shown. */
  private text = '';
  /** Characters of `text` in finished blocks (rendered once). */
  private finished = 0;
  /** The nodes of the open tail's rendering (replaced on each update). */
  private tailNodes: ChildNode[] = [];
  /** Characters of markdown rendered so far (finished blocks once, the tail on each update). */
  renderedChars = 0;

  constructor(
    private readonly root: HTMLElement,
    private readonly markdown: MarkdownRenderer,
    private readonly copy: (text: string) => void,
  ) {}

  /**
   * Shows `text`. False when it does not extend the text shown (a rewritten answer): the
   * caller renders the bubble afresh then.
   */
  update(text: string): boolean {
    if (text === this.text) return true;
    if (text.length < this.text.length || !text.startsWith(this.text)) return false;
    this.text = text;
    const end = finishedBlocksEnd(text, this.finished);
    if (end > this.finished) {
      this.removeTail();
      this.root.append(this.fragment(text.slice(this.finished, end)));
      this.finished = end;
    }
    this.removeTail();
    const tail = this.fragment(text.slice(this.finished));
    this.tailNodes = Array.from(tail.childNodes);
    this.root.append(tail);
    return true;
  }

  private removeTail(): void {
    for (const node of this.tailNodes) node.remove();
    this.tailNodes = [];
  }

  /** `markdown` rendered, with copy buttons on its code blocks. */
  private fragment(markdown: string): DocumentFragment {
    this.renderedChars += markdown.length;
    const template = this.root.ownerDocument.createElement('template');
    template.innerHTML = this.markdown(markdown);
    addCopyButtons(template.content, this.copy);
    return template.content;
  }
}

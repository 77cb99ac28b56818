/**
 * An assistant bubble's markdown, rendered as its text grows: the finished blocks (every block
 * before the last one of the text's complete lines) are rendered once and kept; the open tail
 * after them is rendered again on each update — unless it is one of the two shapes that can grow
 * forever in one block, which then grow in place at a cost proportional to what arrived:
 *
 * - An open fenced code block: its code only gains characters while no closing fence arrives,
 *   so the new characters are appended to the open `<code>` as text. Only a last line that may
 *   still become the closing fence (blanks and fence marks so far) is held in a small node that
 *   is rewritten. A complete closing line makes the block finished as it stands.
 * - An open paragraph: it is cut at safe points (after a single space, before a letter, where
 *   no emphasis, code, link or tag is left open), and the part before the cut is rendered once
 *   into the paragraph and kept; only the part after the last cut is rendered on each update.
 *
 * Either shape stays only while every arriving line continues it plainly (no blank line, no
 * line that could start another block or turn the paragraph into a heading or table); otherwise
 * the tail is rendered whole again, as before — except that a blank line after plain lines
 * closes the paragraph as it stands (a finished block, not rendered again). The result is the same DOM a whole render makes
 * (text split over several text nodes), and the blocks are the bubble's own children (no
 * wrappers: the chat's CSS sees the same tree).
 */
import { addCopyButtons, finishedBlocksEnd, type MarkdownRenderer } from './markdown';
import { closedParagraphSegment, closesFence, lastCutCandidate, mayCloseFence, openFenceCode, openingFence, plainLinesFrom } from './openBlock';
import { OpenContainer } from './openContainer';

/** An open code block growing in place. */
interface OpenCode {
  kind: 'code';
  fence: string;
  /** Where the code's text starts in the answer (after the header line). */
  bodyStart: number;
  /** The code element's text node holding the code up to `kept`. */
  keptNode: Text;
  kept: number;
  /** The text node after it: a last line that may still close the block, and the final line break. */
  pendingNode: Text;
}

/** An open paragraph growing in place. */
interface OpenParagraph {
  kind: 'paragraph';
  paragraph: HTMLElement;
  /** Where the paragraph's part rendered on each update starts in the answer. */
  cut: number;
  /** That part's nodes in the paragraph. */
  openNodes: ChildNode[];
}

export class StreamingMarkdown {
  /** The text shown. */
  private text = '';
  /** Characters of `text` in finished blocks (rendered once). */
  private finished = 0;
  /** The nodes of the open tail's rendering. */
  private tailNodes: ChildNode[] = [];
  /** The open tail when it grows in place. */
  private open: OpenCode | OpenParagraph | OpenContainer | undefined;
  /** Characters of markdown rendered so far (finished blocks once, the tail as it is rendered). */
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
    const shown = this.text.length;
    this.text = text;
    const open = this.open;
    if (open instanceof OpenContainer) {
      if (open.grow(text)) return true;
    } else if (open?.kind === 'code' && this.growCode(open, shown)) return true;
    else if (open?.kind === 'paragraph' && this.growParagraph(open, shown)) return true;
    this.open = undefined;
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
    this.open = this.openCode() ?? this.openParagraph() ?? this.openContainer();
    return true;
  }

  /** The tail as an open table, list or quote that can grow in place, when it is one. */
  private openContainer(): OpenContainer | undefined {
    const blocks = this.tailNodes.filter((node) => node.nodeType === node.ELEMENT_NODE) as HTMLElement[];
    if (blocks.length !== 1) return undefined;
    return OpenContainer.open(this.text, this.finished, blocks[0], (markdown) => this.fragment(markdown));
  }

  /** The tail as an open code block that can grow in place, when it is one. */
  private openCode(): OpenCode | undefined {
    const tail = this.text.slice(this.finished);
    const opening = openingFence(tail);
    const blocks = this.tailNodes.filter((node) => node.nodeType === node.ELEMENT_NODE) as HTMLElement[];
    if (!opening || blocks.length !== 1 || blocks[0].tagName !== 'PRE') return undefined;
    const code = blocks[0].querySelector('code');
    const body = tail.slice(opening.bodyStart);
    const lines = body.split('\n');
    if (!code || lines.some((line) => closesFence(line, opening.fence)) || code.textContent !== openFenceCode(body)) return undefined;
    const document = this.root.ownerDocument;
    const keptNode = document.createTextNode('');
    const pendingNode = document.createTextNode('');
    code.replaceChildren(keptNode, pendingNode);
    const open: OpenCode = { kind: 'code', fence: opening.fence, bodyStart: this.finished + opening.bodyStart, keptNode, kept: this.finished + opening.bodyStart, pendingNode };
    this.growCode(open, open.bodyStart);
    return open;
  }

  /**
   * Appends to the open code block what arrived after `shown`; false when a closing fence left
   * text after it (the block is then finished as it stands, and the rest is rendered anew).
   */
  private growCode(open: OpenCode, shown: number): boolean {
    const text = this.text;
    if (/[\r\0]/.test(text.slice(shown))) return false;
    let lineStart = text.lastIndexOf('\n', Math.max(shown, open.bodyStart) - 1) + 1;
    if (lineStart < open.bodyStart) lineStart = open.bodyStart;
    for (let end = text.indexOf('\n', lineStart); end >= 0; lineStart = end + 1, end = text.indexOf('\n', lineStart)) {
      if (!closesFence(text.slice(lineStart, end), open.fence)) continue;
      // The block closed: its code is what is kept (up to the closing line), and it is final.
      this.keep(open, lineStart);
      open.pendingNode.data = '';
      this.finished = end + 1;
      this.tailNodes = [];
      this.open = undefined;
      return false;
    }
    const last = text.slice(lineStart);
    const pending = mayCloseFence(last);
    this.keep(open, pending ? lineStart : text.length);
    // The code shown is the body with its last line ended (openFenceCode), or up to a closing line.
    const rest = text.slice(open.kept);
    const keptEndsLine = open.kept === open.bodyStart || text[open.kept - 1] === '\n';
    open.pendingNode.data = closesFence(last, open.fence) ? '' : rest ? `${rest}\n` : keptEndsLine ? '' : '\n';
    return true;
  }

  /** Appends the code up to `end` to the kept text. */
  private keep(open: OpenCode, end: number): void {
    if (end <= open.kept) return;
    const added = this.text.slice(open.kept, end);
    open.keptNode.appendData(added);
    this.renderedChars += added.length;
    open.kept = end;
  }

  /** The tail as an open paragraph that can grow in place, when it is one. */
  private openParagraph(): OpenParagraph | undefined {
    const tail = this.text.slice(this.finished);
    const blocks = this.tailNodes.filter((node) => node.nodeType === node.ELEMENT_NODE) as HTMLElement[];
    if (blocks.length !== 1 || blocks[0].tagName !== 'P' || !/^\p{L}/u.test(tail) || !plainLinesFrom(this.text, this.finished + 1)) return undefined;
    const open: OpenParagraph = { kind: 'paragraph', paragraph: blocks[0], cut: this.finished, openNodes: Array.from(blocks[0].childNodes) };
    return open;
  }

  /** Renders what arrived after `shown` into the open paragraph; false when the paragraph may have ended. */
  private growParagraph(open: OpenParagraph, shown: number): boolean {
    const text = this.text;
    if (!plainLinesFrom(text, shown)) {
      this.closeParagraph(open, shown);
      return false;
    }
    const cut = lastCutCandidate(text, open.cut);
    if (cut > open.cut && closedParagraphSegment(text.slice(open.cut, cut))) {
      const segment = this.paragraphContent(text.slice(open.cut, cut));
      if (segment) {
        for (const node of open.openNodes) node.remove();
        open.paragraph.append(...segment);
        open.openNodes = [];
        open.cut = cut;
      }
    }
    const rest = this.paragraphContent(text.slice(open.cut));
    if (!rest) return false;
    for (const node of open.openNodes) node.remove();
    open.openNodes = rest;
    open.paragraph.append(...rest);
    return true;
  }

  /**
   * When what arrived after `shown` ends the open paragraph with a blank line (its lines up to
   * there all plain), renders the paragraph's last part and keeps it as a finished block: a
   * blank line closes a paragraph for good, so it need not be rendered again whole.
   */
  private closeParagraph(open: OpenParagraph, shown: number): void {
    const text = this.text;
    const blank = /\n[ \t]*\n/g;
    blank.lastIndex = Math.max(open.cut, text.lastIndexOf('\n', shown - 1));
    const match = blank.exec(text);
    if (!match) return;
    const end = match.index + 1;
    if (!plainLinesFrom(text.slice(0, end), Math.min(shown, end))) return;
    const rest = this.paragraphContent(text.slice(open.cut, end));
    if (!rest) return;
    for (const node of open.openNodes) node.remove();
    open.paragraph.append(...rest);
    this.finished = end;
    this.tailNodes = [];
  }

  /** The inline nodes `markdown` renders to when it renders to one paragraph, else undefined. */
  private paragraphContent(markdown: string): ChildNode[] | undefined {
    const fragment = this.fragment(markdown);
    const blocks = Array.from(fragment.children);
    if (blocks.length !== 1 || blocks[0].tagName !== 'P') return undefined;
    return Array.from(blocks[0].childNodes);
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

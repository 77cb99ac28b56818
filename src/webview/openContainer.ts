/**
 * An open table, list or blockquote at the end of a streaming answer, growing in place: its
 * finished parts (a table's complete rows, a list's items before the one still arriving, a
 * quote's inner blocks before its last) are rendered once and kept in the container's element;
 * only the part still arriving is rendered again on each update. Each part is rendered on its
 * own as a container of the same kind (a table under the table's header lines, an item in a
 * list with a stand-in item after it that sets the list's looseness), and its children are
 * moved into the shown container: the same DOM a whole render makes.
 *
 * Growth stays only while every arriving line plainly continues the container (a row line, an
 * item or an indented line of the list, a quoted line) and each part renders as one container
 * of the expected shape; otherwise `grow` says no and the caller renders the tail whole again.
 */
import { Lexer, type Tokens } from 'marked';
import { finishedBlocksEnd } from './markdown';

type Kind = 'table' | 'list' | 'quote';

/** Renders markdown into nodes (with copy buttons on its code blocks). */
export type FragmentRenderer = (markdown: string) => DocumentFragment;

const TABLE_ROW = /^ {0,3}\|/;
const QUOTE_LINE = /^ {0,3}>/;
const QUOTE_PREFIX = /^ {0,3}>[ \t]?/;
const LIST_ITEM = /^(?:([-*+])|\d{1,9}([.)]))(?:[ \t]|$)/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;

export class OpenContainer {
  /** Where the part still arriving starts (a line start): the text before it is kept. */
  private kept: number;
  /** Where the first line not yet looked at starts. */
  private scanned: number;
  /** The nodes of the part still arriving, in the container. */
  private openNodes: ChildNode[] = [];

  private constructor(
    private readonly shape: Kind,
    private readonly element: HTMLElement,
    /** Table: its header and delimiter lines; list: its item marker ('-', '*', '+', '.' or ')'). */
    private readonly head: string,
    private readonly loose: boolean,
    contentStart: number,
    private readonly render: FragmentRenderer,
  ) {
    this.kept = contentStart;
    this.scanned = contentStart;
  }

  /**
   * The tail `text.slice(start)`, rendered into `block`, as a container growing in place, when it
   * is one. Its rows, items or inner blocks are rendered again on the first growth.
   */
  static open(text: string, start: number, block: HTMLElement, render: FragmentRenderer): OpenContainer | undefined {
    const tail = text.slice(start);
    if (/[\r\0]/.test(tail)) return undefined;
    const token = Lexer.lex(tail, { gfm: true }).filter((candidate) => candidate.type !== 'space');
    if (token.length !== 1) return undefined;
    const only = token[0];
    if (only.type === 'table' && block.tagName === 'TABLE' && TABLE_ROW.test(tail)) {
      const headEnd = nthLineEnd(tail, 2);
      if (headEnd < 0) return undefined;
      const container = new OpenContainer('table', block, tail.slice(0, headEnd), false, start + headEnd, render);
      container.openNodes = Array.from(block.querySelector(':scope > tbody')?.childNodes ?? []);
      return container;
    }
    const marker = LIST_ITEM.exec(tail);
    if (only.type === 'list' && (block.tagName === 'UL' || block.tagName === 'OL') && marker) {
      const container = new OpenContainer('list', block, marker[1] ?? marker[2], (only as Tokens.List).loose, start, render);
      container.openNodes = contentNodes(block);
      return container;
    }
    if (only.type === 'blockquote' && block.tagName === 'BLOCKQUOTE' && QUOTE_LINE.test(tail)) {
      const container = new OpenContainer('quote', block, '', false, start, render);
      container.openNodes = contentNodes(block);
      return container;
    }
    return undefined;
  }

  /** Shows `text` (it extends the text shown); false when the container may have ended or changed shape. */
  grow(text: string): boolean {
    if (/[\r\0]/.test(text.slice(this.scanned))) return false;
    const boundary = this.lastBoundary(text);
    if (boundary === undefined) return false;
    const kept = boundary > this.kept ? this.part(text.slice(this.kept, boundary), true) : [];
    const open = boundary < text.length ? this.part(text.slice(boundary), false) : [];
    if (!kept || !open) return false;
    for (const node of this.openNodes) node.remove();
    const target = this.target(kept.length + open.length > 0);
    target?.append(...kept, ...open);
    this.openNodes = open;
    this.kept = boundary;
    return true;
  }

  /**
   * Looks at the lines completed since the last update: where the last finished part ends (a
   * line start), or undefined when a line does not continue the container.
   */
  private lastBoundary(text: string): number | undefined {
    let boundary = this.kept;
    for (let end = text.indexOf('\n', this.scanned); end >= 0; end = text.indexOf('\n', this.scanned)) {
      const line = text.slice(this.scanned, end);
      if (this.shape === 'table') {
        if (!TABLE_ROW.test(line)) return undefined;
        boundary = end + 1;
      } else if (this.shape === 'list') {
        if (/^[^ \t]/.test(line)) {
          const marker = LIST_ITEM.exec(line);
          if (!marker || (marker[1] ?? marker[2]) !== this.head || THEMATIC_BREAK.test(line)) return undefined;
          if (this.scanned > this.kept) boundary = this.scanned;
        }
      } else if (!QUOTE_LINE.test(line)) return undefined;
      this.scanned = end + 1;
    }
    if (this.shape !== 'quote') return boundary;
    // A quote's finished inner blocks: those before the last one of its complete lines.
    const lines = text.slice(this.kept, this.scanned).split('\n');
    const inner = lines.map((line) => line.replace(QUOTE_PREFIX, '')).join('\n');
    const innerEnd = finishedBlocksEnd(inner, 0);
    if (innerEnd === 0 || inner[innerEnd - 1] !== '\n') return this.kept;
    let at = this.kept;
    const count = inner.slice(0, innerEnd).split('\n').length - 1;
    for (let line = 0; line < count; line++) at += lines[line].length + 1;
    return at;
  }

  /**
   * `markdown` (finished rows, items or inner blocks, or the part still arriving) rendered as
   * the container's content nodes; undefined when it does not render as one container of the
   * expected shape.
   */
  private part(markdown: string, finished: boolean): ChildNode[] | undefined {
    if (this.shape === 'table') {
      const table = this.single(`${this.head}${markdown}`, 'TABLE');
      if (!table) return undefined;
      const rows = markdown.split('\n').length - (markdown.endsWith('\n') ? 1 : 0);
      const body = table.querySelector(':scope > tbody');
      if (finished && body?.querySelectorAll(':scope > tr').length !== rows) return undefined;
      return Array.from(body?.childNodes ?? []);
    }
    if (this.shape === 'quote') {
      const quote = this.single(markdown, 'BLOCKQUOTE');
      return quote ? contentNodes(quote) : undefined;
    }
    return this.items(markdown, finished);
  }

  /**
   * A list part's items. A finished part is followed by a stand-in item (after a blank line in
   * a loose list), as the next item follows it in the text; the part still arriving ends the
   * text, so it is rendered alone in a tight list, and after a stand-in item and a blank line in
   * a loose one. Either way its items get the list's looseness, and the stand-in is left out.
   */
  private items(markdown: string, finished: boolean): ChildNode[] | undefined {
    const gap = this.loose ? '\n' : '';
    const source = finished ? `${markdown}${gap}${this.standIn()}` : this.loose ? `${this.standIn()}\n${markdown}` : markdown;
    const tokens = Lexer.lex(source, { gfm: true }).filter((token) => token.type !== 'space');
    const list = tokens[0] as Tokens.List | undefined;
    if (tokens.length !== 1 || list?.type !== 'list' || list.loose !== this.loose) return undefined;
    const wanted = finished ? markdown.split('\n').filter((line) => LIST_ITEM.test(line) && !THEMATIC_BREAK.test(line)).length : 1;
    const standIn = finished || this.loose ? 1 : 0;
    if (list.items.length !== wanted + standIn) return undefined;
    const element = this.single(source, this.element.tagName);
    if (!element) return undefined;
    const nodes = contentNodes(element);
    if (standIn === 0) return nodes;
    // Leave out the stand-in item: the last <li> and what follows it, or the first and the line break after it.
    if (!finished) return nodes[0]?.nodeName === 'LI' ? nodes.slice(2) : undefined;
    let last = nodes.length - 1;
    while (last >= 0 && nodes[last].nodeName !== 'LI') last--;
    return last < 0 ? undefined : nodes.slice(0, last);
  }

  /** An item that continues the list: its marker and a word. */
  private standIn(): string {
    return `${this.head === '.' || this.head === ')' ? `1${this.head}` : this.head} x\n`;
  }

  /** `markdown` rendered, when it renders as exactly one `tag` element. */
  private single(markdown: string, tag: string): HTMLElement | undefined {
    const blocks = Array.from(this.render(markdown).children);
    return blocks.length === 1 && blocks[0].tagName === tag ? (blocks[0] as HTMLElement) : undefined;
  }

  /** Where content nodes go: the element, or a table's body (made when the first row comes). */
  private target(adding: boolean): ParentNode | undefined {
    if (this.shape !== 'table') return this.element;
    const body = this.element.querySelector(':scope > tbody');
    if (body || !adding) return body ?? undefined;
    const made = this.element.ownerDocument.createElement('tbody');
    this.element.append(made);
    return made;
  }
}

/** The element's children from its first element on (a list's or a quote's leading line break is its own). */
function contentNodes(element: Element): ChildNode[] {
  const nodes = Array.from(element.childNodes);
  const first = nodes.findIndex((node) => node.nodeType === node.ELEMENT_NODE);
  return first < 0 ? [] : nodes.slice(first);
}

/** Where the `count`-th line of `text` ends (after its line break), or -1. */
function nthLineEnd(text: string, count: number): number {
  let at = 0;
  for (let line = 0; line < count; line++) {
    const end = text.indexOf('\n', at);
    if (end < 0) return -1;
    at = end + 1;
  }
  return at;
}

/**
 * DOM → markdown, the fallback extraction when a site has no copy action (and the text of the
 * streamed deltas). Runs inside the page (serialised with Function.prototype.toString, so it
 * must stay self-contained: no imports, no outer references) and in Node on jsdom for tests.
 *
 * Keeps code fences and their language, whatever shape the site gives its code blocks:
 *   - a `language-x` / `lang-x` class or data-language on the code / pre;
 *   - an ancestor naming it: AI Studio's `ms-code-block[data-test-language]`, Claude's
 *     `div[role=group][aria-label="python code"]`;
 *   - a named header: Gemini's `.code-block-decoration`, DeepSeek's `.md-code-block-banner`;
 *   - a bare label next to the code: ChatGPT's sticky header `span` inside the outer `pre`
 *     (the code itself is an inner `pre.cm-content > code` without a class), or a wrapper
 *     holding only a label, buttons and one `pre` (ChatGPT / Claude / AI Studio headers).
 *     The label is read as the language and never printed as a stray line.
 * Drops UI chrome (buttons and `[role=button]`, svg, Material icon ligatures, sr-only,
 * aria-hidden, code-block headers and banners), renders headings, lists, quotes, links,
 * tables, inline code, bold / italic. Text is emitted as shown: `<TOOL_CALL>` stays
 * `<TOOL_CALL>` (sites render raw HTML as text), backslashes and unicode untouched.
 *
 * Math comes back as its TeX, once: `$…$` inline, `$$` + newline + TeX + newline + `$$` for
 * display. The TeX is Gemini's `data-math` attribute or KaTeX's
 * `annotation[encoding="application/x-tex"]` (ChatGPT, Claude, DeepSeek, AI Studio's
 * `ms-katex`); KaTeX's rendered glyphs (MathML and `.katex-html`) are never read as text, and
 * the `pre > code` AI Studio wraps inline math in is no code block.
 * AI Studio wraps nodes in `ms-cmark-node` (list items too: `ul > ms-cmark-node > li`) and
 * draws inline code as `span.inline-code`: both read as the markdown they render.
 *
 * `cache` (optional) keeps the markdown of each top-level block of `root` by element, so a
 * streaming answer is converted block by block: the caller deletes the entry of every block a
 * mutation touched (the page's watch does, from its MutationObserver records), and only those
 * blocks (the open tail, as a rule) are converted again. Without it the whole tree is converted.
 * `prefixes` (optional, with `cache`) keeps, per root, its leading children read so far (all
 * but the last block, which is the one still growing) and their markdown joined, so a read
 * starts after them: a read of a streaming answer costs what changed, not the answer's length.
 * The caller deletes a root's entry when a mutation touched one of those children, removed one,
 * or inserted a node before one of them.
 */
export function domToMarkdown(root: Element, cache?: WeakMap<Node, string>, prefixes?: WeakMap<Node, ReadPrefix>, split?: MarkdownSplit): string {
  // Gemini's inline source chips (sources-carousel-inline) are citations drawn as page furniture.
  const SKIP = /^(BUTTON|SVG|svg|STYLE|SCRIPT|NOSCRIPT|TEMPLATE|IMG|INPUT|TEXTAREA|SELECT|MAT-ICON|SOURCES-CAROUSEL-INLINE|SOURCE-INLINE-CHIP)$/;
  const BLOCK = /^(P|DIV|SECTION|ARTICLE|H[1-6]|UL|OL|LI|PRE|BLOCKQUOTE|TABLE|HR|HEADER|FOOTER|MAIN|FIGURE|DETAILS|SUMMARY)$/;
  /** Where a formula starts: Gemini's [data-math] host, AI Studio's ms-katex, KaTeX's own spans. */
  const MATH = '[data-math], ms-katex, .katex-display, .katex';

  /** Whether `element` sits inside a formula (its MathML, glyphs, AI Studio's pre). */
  const insideMath = (element: Element): boolean => element.parentElement?.closest(MATH) != null;

  /**
   * The TeX of a formula element and whether it is displayed, or undefined when `element` is no
   * formula (or one whose TeX the page does not hold: then its text is read as usual).
   */
  function formula(element: Element): { tex: string; display: boolean } | undefined {
    if (!element.matches(MATH)) return undefined;
    const data = element.getAttribute('data-math');
    const annotation = element.querySelector('annotation[encoding="application/x-tex"]');
    const tex = data !== null && data !== '' ? data : annotation?.textContent;
    if (tex === undefined || tex === null) return undefined;
    const className = typeof element.className === 'string' ? element.className : '';
    const display =
      /(^|\s)(math-block|katex-display|display)(\s|$)/.test(className) ||
      element.querySelector('.katex-display, math[display="block"]') !== null;
    return { tex: tex.trim(), display };
  }

  function formulaMarkdown(math: { tex: string; display: boolean }): string {
    return math.display ? `$$\n${math.tex}\n$$` : `$${math.tex}$`;
  }

  /** Whether `element` holds block content (a formula's own pre is no block). */
  const holdsBlocks = (element: Element): boolean => {
    const BLOCKS = 'p, div, pre, ul, ol, table, blockquote, h1, h2, h3, h4, h5, h6';
    const first = element.querySelector(BLOCKS);
    if (first === null) return false;
    if (!insideMath(first)) return true;
    return Array.from(element.querySelectorAll(BLOCKS)).some((inner) => !insideMath(inner));
  };

  /**
   * Block elements, displayed formulas, and custom elements (Gemini's <code-block>,
   * <message-content>) that hold blocks. An inline formula is inline whatever it wraps.
   */
  const isBlockElement = (element: Element): boolean => {
    const math = formula(element);
    if (math) return math.display;
    return BLOCK.test(element.tagName) || (element.tagName.includes('-') && holdsBlocks(element));
  };

  /** Elements that only wrap others (AI Studio's ms-cmark-node): their children are read in their place. */
  const isWrapper = (node: Node): boolean => node.nodeType === 1 && (node as Element).tagName === 'MS-CMARK-NODE';

  /** The child nodes of `parent`, wrappers replaced by their own children. */
  function unwrappedChildren(parent: Element): Node[] {
    return Array.from(parent.childNodes).flatMap((child) => (isWrapper(child) ? unwrappedChildren(child as Element) : [child]));
  }

  function isChrome(element: Element): boolean {
    if (SKIP.test(element.tagName)) return true;
    const className = typeof element.className === 'string' ? element.className : '';
    if (/(^|\s)(sr-only|visually-hidden|code-header|copy-button|md-code-block-banner|code-block-decoration|material-icons|material-symbols-outlined|google-symbols)(\s|$)/.test(className)) return true;
    if (element.getAttribute('aria-hidden') === 'true') return true;
    // Page furniture drawn as div[role=button] (DeepSeek's Copy / Download, toggles).
    if (element.getAttribute('role') === 'button') return true;
    return false;
  }

  /**
   * Whether `scope` holds more than one `pre`. The language look-ups of every code block walk up
   * to the answer's root, so this must not walk a long answer each time: a tag collection stops
   * at its second match (the first code blocks of the answer, as a rule).
   */
  function severalPres(scope: Element): boolean {
    return scope.getElementsByTagName('pre')[1] !== undefined;
  }

  /** Text of a code-block header's label, without its buttons ("Python", "Copy code"). */
  function labelText(node: Node): string {
    if (node.nodeType === 3) return node.nodeValue ?? '';
    if (node.nodeType !== 1) return '';
    const element = node as Element;
    if (SKIP.test(element.tagName) || element.getAttribute('role') === 'button' || element.getAttribute('aria-hidden') === 'true') return '';
    return Array.from(element.childNodes, labelText).join(' ');
  }

  /** The language a code-block header shows (Gemini's .code-block-decoration, DeepSeek's banner). */
  function headerLanguage(pre: Element): string {
    const HEADER = '.code-block-decoration, .md-code-block-banner';
    let scope: Element | null = pre;
    for (let depth = 0; scope && depth < 5; depth++, scope = scope.parentElement) {
      // Stop before reaching a container of several code blocks (the header could be another's).
      if (depth > 0 && severalPres(scope)) break;
      const header = scope.querySelector(HEADER);
      if (header) return languageWord(labelText(header));
      // Nothing above the converted root is read: the page around the answer is no header.
      if (scope === root) break;
    }
    return '';
  }

  /** A label as a fence language: "Python" → "python", "Objective-C" → "objective-c". */
  function languageWord(label: string): string {
    return (/^[\w#+.-]+/.exec(label.trim())?.[0] ?? '').toLowerCase();
  }

  /**
   * An ancestor of the code that names its language: AI Studio's `ms-code-block` carries
   * data-test-language, Claude's code group is labelled "python code".
   */
  function ancestorLanguage(pre: Element): string {
    let scope: Element | null = pre.parentElement;
    for (let depth = 0; scope && depth < 6; depth++, scope = scope.parentElement) {
      const named = scope.getAttribute('data-test-language') ?? scope.getAttribute('data-language');
      if (named) return named.toLowerCase();
      const label = scope.getAttribute('role') === 'group' ? scope.getAttribute('aria-label') ?? '' : '';
      const match = /^([\w#+.-]+) code$/i.exec(label.trim());
      if (match) return match[1]!.toLowerCase();
      // The converted root is the last ancestor read (above it is the page, not this answer).
      if (scope === root || severalPres(scope)) break;
    }
    return '';
  }

  /** Text of `container` outside `inner` and its UI chrome (what a code-block header shows). */
  function textOutside(container: Element, inner: Element, limit: number): string {
    let text = '';
    const walk = (node: Node): void => {
      if (text.length > limit || node === inner) return;
      if (node.nodeType === 3) {
        text += ` ${node.nodeValue ?? ''}`;
        return;
      }
      if (node.nodeType !== 1 || isChrome(node as Element)) return;
      for (const child of Array.from(node.childNodes)) walk(child);
    };
    for (const child of Array.from(container.childNodes)) walk(child);
    return text.replace(/\s+/g, ' ').trim();
  }

  /** A code-block label: one or two short words ("python", "Plain text", "C++"), nothing else. */
  function isCodeLabel(text: string): boolean {
    return text.length <= 30 && /^[A-Za-z][\w#+.-]*( [\w#+.-]+)?$/.test(text);
  }

  /** The only top-level <pre> inside `container`, or null (none, or several). */
  function singlePre(container: Element): Element | null {
    let found: Element | null = null;
    for (const pre of Array.from(container.querySelectorAll('pre'))) {
      if (insideMath(pre)) continue;
      const outer = pre.parentElement?.closest('pre');
      if (outer && container.contains(outer)) continue;
      if (found) return null;
      found = pre;
    }
    return found;
  }

  function languageOf(pre: Element, code: Element | null, label: string): string {
    const candidates = [code, code?.parentElement ?? null, pre];
    for (const candidate of candidates) {
      if (!candidate) continue;
      const dataLanguage = candidate.getAttribute('data-language') ?? candidate.getAttribute('data-lang');
      if (dataLanguage) return dataLanguage;
      const className = typeof candidate.className === 'string' ? candidate.className : '';
      const match = /(?:^|\s)(?:language|lang)-([^\s]+)/.exec(className);
      if (match) return match[1]!;
    }
    return ancestorLanguage(pre) || headerLanguage(pre) || (label ? label.toLowerCase().replace(/ /g, '') : '');
  }

  /**
   * A fenced block for `pre`. A `pre` holding another `pre` (ChatGPT: the outer one carries the
   * sticky header with the language label) takes the inner one's code and the outer one's label.
   */
  function codeBlock(pre: Element, label: string): string {
    const inner = pre.querySelector('pre');
    const codeRoot = inner ?? pre;
    const ownLabel = inner ? textOutside(pre, inner, 40) : '';
    const code = codeRoot.querySelector('code');
    const text = (code ?? codeRoot).textContent ?? '';
    const body = text.endsWith('\n') ? text : `${text}\n`;
    const fence = fenceFor(text, '`');
    return `${fence}${languageOf(codeRoot, code, label || (isCodeLabel(ownLabel) ? ownLabel : ''))}\n${body}${fence}`;
  }

  /**
   * A wrapper that holds one code block plus only a label and buttons (ChatGPT's and Claude's
   * code-block frames, AI Studio's ms-code-block): rendered as that code block, the label
   * read as its language instead of being printed. Undefined when `element` is not one.
   */
  function codeWrapper(element: Element): string | undefined {
    if (/^(P|LI|UL|OL|TABLE|BLOCKQUOTE|PRE|H[1-6])$/.test(element.tagName)) return undefined;
    const pre = singlePre(element);
    if (!pre) return undefined;
    const rest = textOutside(element, pre, 40);
    if (rest === '') return undefined; // a plain wrapper: its pre renders itself
    // Prose next to the code ("<p>Output:</p>", a bold word) is content, never a label.
    const prose = element.querySelectorAll('p, h1, h2, h3, h4, h5, h6, ul, ol, table, blockquote, strong, em, b, i, a, code');
    if (Array.from(prose).some((candidate) => !pre.contains(candidate))) return undefined;
    return isCodeLabel(rest) ? codeBlock(pre, rest) : undefined;
  }

  function fenceFor(text: string, character: string): string {
    let longest = 0;
    const runs = text.match(new RegExp(`${character === '`' ? '`' : '~'}+`, 'g')) ?? [];
    for (const run of runs) longest = Math.max(longest, run.length);
    return character.repeat(Math.max(3, longest + 1));
  }

  function inlineCode(text: string): string {
    let longest = 0;
    for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
    const ticks = '`'.repeat(longest + 1);
    const padded = text.startsWith('`') || text.endsWith('`') ? ` ${text} ` : text;
    return `${ticks}${padded}${ticks}`;
  }

  function inline(node: Node): string {
    if (node.nodeType === 3) return node.nodeValue ?? '';
    if (node.nodeType !== 1) return '';
    const element = node as Element;
    if (isChrome(element)) return '';
    const math = formula(element);
    if (math) return formulaMarkdown(math);
    if (/(^|\s)inline-code(\s|$)/.test(typeof element.className === 'string' ? element.className : '')) return inlineCode(element.textContent ?? '');
    const tag = element.tagName;
    const inner = (): string => Array.from(element.childNodes, inline).join('');
    switch (tag) {
      case 'BR':
        return '\n';
      case 'CODE':
        return inlineCode(element.textContent ?? '');
      case 'STRONG':
      case 'B': {
        const text = inner();
        return text.trim() ? `**${text}**` : text;
      }
      case 'EM':
      case 'I': {
        const text = inner();
        return text.trim() ? `*${text}*` : text;
      }
      case 'DEL':
      case 'S':
        return `~~${inner()}~~`;
      case 'A': {
        const href = element.getAttribute('href');
        const text = inner();
        // A link showing no text is a widget's hit area (Claude's search-result rows), not prose.
        if (text.trim() === '') return '';
        return href && href !== text && !href.startsWith('javascript:') ? `[${text}](${href})` : text;
      }
      default:
        return isBlockElement(element) ? (block(element) ?? '') : inner();
    }
  }

  function listItems(list: Element, depth: number): string {
    const ordered = list.tagName === 'OL';
    let number = Number(list.getAttribute('start') ?? 1);
    const lines: string[] = [];
    for (const item of unwrappedChildren(list) as Element[]) {
      if (item.nodeType !== 1 || item.tagName !== 'LI') continue;
      const marker = ordered ? `${number++}. ` : '- ';
      const segments: string[] = [];
      const nested: string[] = [];
      let pending = '';
      const flush = (): void => {
        if (pending.trim()) segments.push(pending.trim());
        pending = '';
      };
      for (const child of unwrappedChildren(item)) {
        if (child.nodeType === 1 && ((child as Element).tagName === 'UL' || (child as Element).tagName === 'OL')) {
          nested.push(listItems(child as Element, depth + 1));
        } else if (child.nodeType === 1 && isBlockElement(child as Element)) {
          flush();
          const rendered = block(child as Element);
          if (rendered !== undefined && rendered.trim() !== '') segments.push(rendered);
        } else {
          pending += inline(child);
        }
      }
      flush();
      const indent = '   '.repeat(depth);
      const continuation = `${indent}${' '.repeat(marker.length)}`;
      const body = segments
        .join('\n\n')
        .split('\n')
        .map((line, index) => (index === 0 || line === '' ? line : `${continuation}${line}`))
        .join('\n');
      lines.push(`${indent}${marker}${body}`);
      lines.push(...nested);
    }
    return lines.join('\n');
  }

  function table(element: Element): string {
    const rows = Array.from(element.querySelectorAll('tr')).map((row) =>
      Array.from(row.children).map((cell) => Array.from(cell.childNodes, inline).join('').trim().replace(/\|/g, '\\|').replace(/\n/g, ' ')),
    );
    if (rows.length === 0) return '';
    const width = Math.max(...rows.map((row) => row.length));
    const line = (cells: string[]): string => `| ${Array.from({ length: width }, (_, index) => cells[index] ?? '').join(' | ')} |`;
    return [line(rows[0]!), line(Array.from({ length: width }, () => '---')), ...rows.slice(1).map(line)].join('\n');
  }

  function block(element: Element): string | undefined {
    const tag = element.tagName;
    if (isChrome(element)) return undefined;
    const math = formula(element);
    if (math) return formulaMarkdown(math);
    if (/^H[1-6]$/.test(tag)) return `${'#'.repeat(Number(tag[1]))} ${Array.from(element.childNodes, inline).join('').trim()}`;
    switch (tag) {
      case 'PRE':
        return codeBlock(element, '');
      case 'UL':
      case 'OL':
        return listItems(element, 0);
      case 'BLOCKQUOTE':
        return blocks(element)
          .join('\n\n')
          .split('\n')
          .map((line) => (line ? `> ${line}` : '>'))
          .join('\n');
      case 'TABLE':
        return table(element);
      case 'HR':
        return '---';
      case 'P':
        return Array.from(element.childNodes, inline).join('');
      default:
        return codeWrapper(element) ?? blocks(element).join('\n\n');
    }
  }

  /** A root's prefix, empty: its children are added by a read, forgotten by the caller's records. */
  function emptyPrefix(): KeptPrefix {
    const prefix: KeptPrefix = {
      nodes: [],
      at: new Map(),
      cuts: [],
      text: '',
      parts: 0,
      forget(node) {
        const index = prefix.at.get(node);
        if (index === undefined) return;
        // Back to the last block before it: a prefix ends after a block.
        let keep = index - 1;
        while (keep >= 0 && prefix.cuts[keep] === null) keep--;
        for (let dropped = keep + 1; dropped < prefix.nodes.length; dropped++) prefix.at.delete(prefix.nodes[dropped]!);
        prefix.nodes.length = keep + 1;
        prefix.cuts.length = keep + 1;
        // Each cut keeps the joined text as it was there (a rope sharing its parts with the
        // longer ones): a site that redraws its last blocks on every token forgets once per
        // token, and cutting the joined text by a slice would flatten it, a copy of the whole
        // prefix each time.
        const cut = keep >= 0 ? prefix.cuts[keep]! : { parts: 0, text: '' };
        prefix.text = cut.text;
        prefix.parts = cut.parts;
      },
    };
    return prefix;
  }

  /**
   * The markdown of `container`'s children, one entry per block; `kept` caches block elements'
   * markdown; `prefixes` the leading children read before (the read starts after them) and,
   * after the read, all but the last block child.
   */
  function blocks(container: Element, kept?: WeakMap<Node, string>, prefixes?: WeakMap<Node, ReadPrefix>): string[] {
    const prefix = prefixes?.get(container) as KeptPrefix | undefined;
    const output: string[] = prefix && prefix.parts > 0 ? [prefix.text] : [];
    const base = output.length;
    let pendingInline = '';
    const flush = (): void => {
      if (pendingInline.trim()) output.push(pendingInline.replace(/^\n+|\n+$/g, ''));
      pendingInline = '';
    };
    // The children read in this call, the output's length after each, and the last two blocks.
    const read: Node[] = [];
    const outputAfter: number[] = [];
    const wasBlock: boolean[] = [];
    let lastBlock = -1;
    let previousBlock = -1;
    const resumeAfter = prefix?.nodes[prefix.nodes.length - 1];
    for (let child = resumeAfter ? resumeAfter.nextSibling : container.firstChild; child; child = child.nextSibling) {
      const cached = kept?.get(child);
      const isBlock = cached !== undefined || (child.nodeType === 1 && isBlockElement(child as Element));
      if (cached !== undefined) {
        flush();
        if (cached !== '') output.push(cached);
      } else if (isBlock) {
        flush();
        const rendered = block(child as Element);
        const text = rendered !== undefined && rendered.trim() !== '' ? rendered : '';
        kept?.set(child, text);
        if (text !== '') output.push(text);
      } else {
        pendingInline += inline(child);
      }
      if (prefixes) {
        read.push(child);
        outputAfter.push(output.length);
        wasBlock.push(isBlock);
        if (isBlock) {
          previousBlock = lastBlock;
          lastBlock = read.length - 1;
        }
      }
    }
    flush();
    if (prefixes && previousBlock >= 0) {
      // The prefix grows by the children read up to the block before the last one (the last is
      // the one still growing, as a rule).
      const grown = prefix ?? emptyPrefix();
      let next = base;
      for (let index = 0; index <= previousBlock; index++) {
        for (; next < outputAfter[index]!; next++) {
          grown.text = grown.parts > 0 ? `${grown.text}\n\n${output[next]!}` : output[next]!;
          grown.parts++;
        }
        grown.at.set(read[index]!, grown.nodes.length);
        grown.nodes.push(read[index]!);
        grown.cuts.push(wasBlock[index] ? { parts: grown.parts, text: grown.text } : null);
      }
      prefixes.set(container, grown);
    }
    return output;
  }

  const resumed = cache !== undefined && ((prefixes?.get(root) as KeptPrefix | undefined)?.parts ?? 0) > 0;
  const output = blocks(root, cache, cache ? prefixes : undefined);
  // A resumed read's first part is the prefix's markdown, unchanged since the read before: the
  // rest is joined on its own and appended (a rope, not a copy of the whole answer per read).
  const head = resumed ? output[0]! : '';
  const rest = output.slice(resumed ? 1 : 0).join('\n\n');
  const tail = head !== '' && rest !== '' ? `\n\n${rest}` : rest;
  if (split) {
    split.unchanged = head.length;
    split.tail = tail;
  }
  return head + tail;
}

/**
 * How a read with `prefixes` splits the markdown it returns: its first `unchanged` characters
 * are the root's markdown as the read before returned it (the prefix no record touched since),
 * `tail` is the rest.
 */
export interface MarkdownSplit {
  unchanged: number;
  tail: string;
}

/** A root's leading children read so far (domToMarkdown's `prefixes`). */
export interface ReadPrefix {
  /** Forgets `node` and the children after it: a record touched it, removed it, or inserted a node before it. */
  forget(node: Node): void;
}

/** A prefix as domToMarkdown keeps it: its children in order, and after each block the markdown joined up to there and how many parts it joins. */
interface KeptPrefix extends ReadPrefix {
  nodes: Node[];
  at: Map<Node, number>;
  cuts: Array<{ parts: number; text: string } | null>;
  /** The markdown of the children, joined, and how many blocks it joins. */
  text: string;
  parts: number;
}

/**
 * DOM → markdown, the fallback extraction when a site has no copy action (and the text of the
 * streamed deltas). Runs inside the page (serialised with Function.prototype.toString, so it
 * must stay self-contained: no imports, no outer references) and in Node on jsdom for tests.
 *
 * Keeps code fences and their language (`language-x` / `lang-x` classes, data-language, else the
 * label of the code-block header: Gemini's `.code-block-decoration`, DeepSeek's
 * `.md-code-block-banner`), drops UI chrome (buttons and `[role=button]`, svg, sr-only,
 * aria-hidden, code-block headers and banners), renders headings, lists,
 * quotes, links, tables, inline code, bold / italic. Text is emitted as shown: `<TOOL_CALL>`
 * stays `<TOOL_CALL>` (sites render raw HTML as text), backslashes and unicode untouched.
 */
export function domToMarkdown(root: Element): string {
  const SKIP = /^(BUTTON|SVG|svg|STYLE|SCRIPT|NOSCRIPT|TEMPLATE|IMG|INPUT|TEXTAREA|SELECT)$/;
  const BLOCK = /^(P|DIV|SECTION|ARTICLE|H[1-6]|UL|OL|LI|PRE|BLOCKQUOTE|TABLE|HR|HEADER|FOOTER|MAIN|FIGURE|DETAILS|SUMMARY)$/;
  /** Block elements, and custom elements (Gemini's <code-block>, <message-content>) that hold blocks. */
  const isBlockElement = (element: Element): boolean =>
    BLOCK.test(element.tagName) || (element.tagName.includes('-') && element.querySelector('p, div, pre, ul, ol, table, blockquote, h1, h2, h3, h4, h5, h6') !== null);

  function isChrome(element: Element): boolean {
    if (SKIP.test(element.tagName)) return true;
    const className = typeof element.className === 'string' ? element.className : '';
    if (/(^|\s)(sr-only|visually-hidden|code-header|copy-button|md-code-block-banner|code-block-decoration)(\s|$)/.test(className)) return true;
    if (element.getAttribute('aria-hidden') === 'true') return true;
    // Page furniture drawn as div[role=button] (DeepSeek's Copy / Download, toggles).
    if (element.getAttribute('role') === 'button') return true;
    return false;
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
      if (depth > 0 && scope.querySelectorAll('pre').length > 1) break;
      const header = scope.querySelector(HEADER);
      if (!header) continue;
      const word = /^[\w#+.-]+/.exec(labelText(header).trim())?.[0] ?? '';
      return word.toLowerCase();
    }
    return '';
  }

  function languageOf(pre: Element, code: Element | null): string {
    const candidates = [code, pre];
    for (const candidate of candidates) {
      if (!candidate) continue;
      const dataLanguage = candidate.getAttribute('data-language') ?? candidate.getAttribute('data-lang');
      if (dataLanguage) return dataLanguage;
      const className = typeof candidate.className === 'string' ? candidate.className : '';
      const match = /(?:^|\s)(?:language|lang)-([^\s]+)/.exec(className);
      if (match) return match[1]!;
    }
    return headerLanguage(pre);
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
        return href && href !== text && !href.startsWith('javascript:') ? `[${text}](${href})` : text;
      }
      default:
        return isBlockElement(element) ? blocks(element).join('\n\n') : inner();
    }
  }

  function listItems(list: Element, depth: number): string {
    const ordered = list.tagName === 'OL';
    let number = Number(list.getAttribute('start') ?? 1);
    const lines: string[] = [];
    for (const item of Array.from(list.children)) {
      if (item.tagName !== 'LI') continue;
      const marker = ordered ? `${number++}. ` : '- ';
      const parts: string[] = [];
      const nested: string[] = [];
      for (const child of Array.from(item.childNodes)) {
        if (child.nodeType === 1 && ((child as Element).tagName === 'UL' || (child as Element).tagName === 'OL')) {
          nested.push(listItems(child as Element, depth + 1));
        } else if (child.nodeType === 1 && isBlockElement(child as Element)) {
          parts.push(blocks(child as Element).join('\n\n'));
        } else {
          parts.push(inline(child));
        }
      }
      const indent = '   '.repeat(depth);
      const body = parts.join('').trim().split('\n').join(`\n${indent}${' '.repeat(marker.length)}`);
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
    if (/^H[1-6]$/.test(tag)) return `${'#'.repeat(Number(tag[1]))} ${Array.from(element.childNodes, inline).join('').trim()}`;
    switch (tag) {
      case 'PRE': {
        const code = element.querySelector('code');
        const text = (code ?? element).textContent ?? '';
        const body = text.endsWith('\n') ? text : `${text}\n`;
        const fence = fenceFor(text, '`');
        return `${fence}${languageOf(element, code)}\n${body}${fence}`;
      }
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
        return blocks(element).join('\n\n');
    }
  }

  function blocks(container: Element): string[] {
    const output: string[] = [];
    let pendingInline = '';
    const flush = (): void => {
      if (pendingInline.trim()) output.push(pendingInline.replace(/^\n+|\n+$/g, ''));
      pendingInline = '';
    };
    for (const child of Array.from(container.childNodes)) {
      if (child.nodeType === 1 && isBlockElement(child as Element)) {
        flush();
        const rendered = block(child as Element);
        if (rendered !== undefined && rendered.trim() !== '') output.push(rendered);
      } else {
        pendingInline += inline(child);
      }
    }
    flush();
    return output;
  }

  return blocks(root).join('\n\n');
}

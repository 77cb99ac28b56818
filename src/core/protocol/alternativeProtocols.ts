/**
 * Other call syntaxes models write (YAML, function-call, XML, `<function=…>`), opt-in: pass them
 * in `new PTKParser({ alternativeProtocols })`.
 * They are tried, in order, only when a reply has no tagged call. Each one scans the
 * reply line by line (no backtracking regular expressions), skipping fenced code blocks.
 */
import { DEFAULTS } from '../constants';
import type { PTKToolCall } from '../types';
import { TOO_DEEP_VALUE, textNestsDeeperThan } from './nestingDepth';

export interface AlternativeProtocol {
  readonly name: string;
  /** Calls found in the reply, with the prose left over; null when none. */
  parse(text: string): { toolCalls: PTKToolCall[]; content: string } | null;
}

/**
 * Reads a scalar written by a model: JSON when it parses, else the trimmed text without quotes.
 * JSON nested deeper than an argument may be is not built: TOO_DEEP_VALUE stands for it, and
 * the parser refuses the call as too_deep (an argument value sits one level below the args).
 */
function readValue(raw: string): unknown {
  const text = raw.trim();
  if (text === '') return '';
  if (textNestsDeeperThan(text, DEFAULTS.maxArgumentDepth - 1)) return TOO_DEEP_VALUE;
  try {
    return JSON.parse(text);
  } catch {
    if ((text.startsWith("'") && text.endsWith("'")) || (text.startsWith('"') && text.endsWith('"'))) return text.slice(1, -1);
    return text;
  }
}

function leadingSpaces(line: string): number {
  let count = 0;
  while (count < line.length && (line[count] === ' ' || line[count] === '\t')) count++;
  return count;
}

/** Lines of the reply outside fenced code blocks, with their indexes. */
function proseLines(text: string): { lines: string[]; inFence: boolean[] } {
  const lines = text.split(/\r?\n/);
  const inFence: boolean[] = [];
  let fenced = false;
  for (const line of lines) {
    const isFenceLine = /^\s{0,3}(```|~~~)/.test(line);
    inFence.push(fenced || isFenceLine);
    if (isFenceLine) fenced = !fenced;
  }
  return { lines, inFence };
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_.-]*$/;
/** An opening tag longer than this is not one of ours (keeps header parsing cheap). */
const MAX_HEADER_CHARS = 200;
/** Fence languages whose content may hold a call; any other fence is a quotation. */
const CALL_FENCE_LANGUAGES = new Set(['', 'xml', 'tool', 'tool_call', 'yaml', 'text']);

/**
 * The character ranges of fenced code blocks that are quotations (a fence labelled with
 * a language such as ts or python): calls written inside them are examples, not calls.
 */
function quotedFenceRanges(text: string): Array<{ start: number; end: number }> {
  const ranges: Array<{ start: number; end: number }> = [];
  let open: { start: number; marker: string; quoted: boolean } | undefined;
  let lineStart = 0;
  while (lineStart <= text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, Math.min(lineEnd, lineStart + 80));
    const fence = /^ {0,3}(`{3,}|~{3,})\s*([\w+#.-]*)/.exec(line);
    if (fence) {
      if (!open) {
        open = { start: lineStart, marker: fence[1], quoted: !CALL_FENCE_LANGUAGES.has(fence[2].toLowerCase()) };
      } else if (fence[1][0] === open.marker[0] && fence[1].length >= open.marker.length && fence[2] === '') {
        if (open.quoted) ranges.push({ start: open.start, end: lineEnd });
        open = undefined;
      }
    }
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  if (open?.quoted) ranges.push({ start: open.start, end: text.length });
  return ranges;
}

/**
 * Keeps the blocks that do not start inside one of `ranges`. Both lists are in text order
 * and the ranges do not overlap, so one walk over each does it (not blocks × ranges).
 */
function outsideRanges<Block extends { start: number }>(blocks: readonly Block[], ranges: ReadonlyArray<{ start: number; end: number }>): Block[] {
  const kept: Block[] = [];
  let rangeIndex = 0;
  for (const block of blocks) {
    while (rangeIndex < ranges.length && ranges[rangeIndex].end <= block.start) rangeIndex++;
    const range = ranges[rangeIndex];
    if (!range || block.start < range.start) kept.push(block);
  }
  return kept;
}

/**
 * YAML style:
 *   TOOL: read_file
 *   ARGS:
 *     path: package.json
 */
export const yamlStyleProtocol: AlternativeProtocol = {
  name: 'yaml',
  parse(text) {
    const { lines, inFence } = proseLines(text);
    const toolCalls: PTKToolCall[] = [];
    const kept: string[] = [];
    for (let index = 0; index < lines.length; index++) {
      const match = inFence[index] ? null : /^\s*TOOL\s*:\s*(\S+)\s*$/i.exec(lines[index]);
      if (!match || !IDENTIFIER.test(match[1])) {
        kept.push(lines[index]);
        continue;
      }
      const args: Record<string, unknown> = {};
      let next = index + 1;
      if (next < lines.length && /^\s*ARGS\s*:\s*$/i.test(lines[next])) {
        next++;
        while (next < lines.length) {
          const argument = /^(\s+)([A-Za-z_][\w-]*)\s*:\s?(.*)$/.exec(lines[next]);
          if (!argument) break;
          next++;
          const indent = argument[1].length;
          if (/^[|>][-+]?\s*$/.test(argument[3].trim())) {
            // A YAML block scalar (`content: |`): the following, more indented lines, verbatim.
            const block: string[] = [];
            while (next < lines.length && (lines[next].trim() === '' || leadingSpaces(lines[next]) > indent)) block.push(lines[next++]);
            while (block.length > 0 && block[block.length - 1].trim() === '') block.pop();
            // A loop, not Math.min(...lines): spreading 100,000+ lines overflows the call stack.
            let blockIndent = Infinity;
            for (const line of block) if (line.trim() !== '') blockIndent = Math.min(blockIndent, leadingSpaces(line));
            const joined = block.map((line) => line.slice(Math.min(blockIndent, leadingSpaces(line)))).join(argument[3].trim().startsWith('>') ? ' ' : '\n');
            const keepFinalNewline = argument[3].trim().startsWith('|') && !argument[3].includes('-') && block.length > 0;
            args[argument[2]] = keepFinalNewline ? `${joined}\n` : joined;
          } else {
            args[argument[2]] = readValue(argument[3]);
          }
        }
      }
      toolCalls.push({ tool: match[1], args });
      index = next - 1;
    }
    return toolCalls.length ? { toolCalls, content: kept.join('\n') } : null;
  },
};

/** Splits `a="x, y", b=2` at top-level commas (quotes and brackets aware). */
function splitArguments(text: string): string[] | null {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let escaped = false;
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quote) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === quote) quote = '';
      continue;
    }
    if (char === '"' || char === "'") quote = char;
    else if (char === '(' || char === '[' || char === '{') depth++;
    else if (char === ')' || char === ']' || char === '}') depth--;
    else if (char === ',' && depth === 0) {
      parts.push(text.slice(start, index));
      start = index + 1;
    }
    if (depth < 0) return null;
  }
  if (quote || depth !== 0) return null;
  if (text.slice(start).trim() !== '') parts.push(text.slice(start));
  return parts;
}

/** Function-call style on a line of its own: `read_file(path="package.json")`. */
export const functionCallProtocol: AlternativeProtocol = {
  name: 'function-call',
  parse(text) {
    const { lines, inFence } = proseLines(text);
    const toolCalls: PTKToolCall[] = [];
    const kept: string[] = [];
    for (let index = 0; index < lines.length; index++) {
      const line = lines[index].trim();
      const open = line.indexOf('(');
      const name = open > 0 ? line.slice(0, open) : '';
      if (inFence[index] || !line.endsWith(')') || !IDENTIFIER.test(name)) {
        kept.push(lines[index]);
        continue;
      }
      const parts = splitArguments(line.slice(open + 1, -1));
      const args: Record<string, unknown> = {};
      let valid = parts !== null;
      for (const part of parts ?? []) {
        const equals = part.indexOf('=');
        const key = equals > 0 ? part.slice(0, equals).trim() : '';
        if (!/^[A-Za-z_]\w*$/.test(key)) {
          valid = false;
          break;
        }
        args[key] = readValue(part.slice(equals + 1));
      }
      if (!valid) {
        kept.push(lines[index]);
        continue;
      }
      toolCalls.push({ tool: name, args });
    }
    return toolCalls.length ? { toolCalls, content: kept.join('\n') } : null;
  },
};

function decodeXmlText(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * Scans `<open …>` … `</close>` blocks with indexOf. `readHeader` gets the text inside
 * the opening tag and returns the key (tool or parameter name), or null.
 */
function scanBlocks(
  text: string,
  openPrefix: string,
  closeTag: string,
  readHeader: (header: string) => string | null,
): Array<{ key: string; body: string; start: number; end: number }> {
  const blocks: Array<{ key: string; body: string; start: number; end: number }> = [];
  let from = 0;
  // The first '>' after an opening is the same for every opening before it: found once, so
  // 100,000 openings followed by one far '>' are not each searched to it.
  let headerEnd = -1;
  for (;;) {
    const start = text.indexOf(openPrefix, from);
    if (start === -1) break;
    if (headerEnd <= start) headerEnd = text.indexOf('>', start);
    if (headerEnd === -1) break;
    if (headerEnd - start > MAX_HEADER_CHARS) {
      from = start + openPrefix.length;
      continue;
    }
    const key = readHeader(text.slice(start + openPrefix.length, headerEnd));
    if (key === null) {
      from = headerEnd + 1;
      continue;
    }
    // Searched once per block: when no closing tag follows, none follows any later block
    // either, so stop (keeps 100,000 unclosed opening tags linear).
    const close = text.indexOf(closeTag, headerEnd);
    if (close === -1) break;
    blocks.push({ key, body: text.slice(headerEnd + 1, close), start, end: close + closeTag.length });
    from = close + closeTag.length;
  }
  return blocks;
}

function readNameAttribute(header: string): string | null {
  const match = /^\s+name\s*=\s*["']([^"']+)["']\s*\/?$/.exec(header);
  return match && IDENTIFIER.test(match[1]) ? match[1] : null;
}

function removeRanges(text: string, ranges: Array<{ start: number; end: number }>): string {
  let output = '';
  let last = 0;
  for (const range of ranges) {
    output += text.slice(last, range.start);
    last = range.end;
  }
  return output + text.slice(last);
}

/** XML style: `<tool name="read_file"><arg name="path">package.json</arg></tool>`. */
export const xmlStyleProtocol: AlternativeProtocol = {
  name: 'xml',
  parse(text) {
    const quoted = quotedFenceRanges(text);
    const blocks = outsideRanges(scanBlocks(text, '<tool', '</tool>', readNameAttribute), quoted);
    if (blocks.length === 0) return null;
    const toolCalls = blocks.map((block) => {
      const args: Record<string, unknown> = {};
      for (const argument of scanBlocks(block.body, '<arg', '</arg>', readNameAttribute)) {
        args[argument.key] = readValue(decodeXmlText(argument.body));
      }
      return { tool: block.key, args };
    });
    return { toolCalls, content: removeRanges(text, blocks) };
  },
};

/** The syntax some models are trained on: `<function=read_file><parameter=path>x</parameter></function>`. */
export const functionTagProtocol: AlternativeProtocol = {
  name: 'function-tag',
  parse(text) {
    const readEqualsName = (header: string): string | null => {
      const name = header.startsWith('=') ? header.slice(1).trim() : '';
      return IDENTIFIER.test(name) ? name : null;
    };
    const quoted = quotedFenceRanges(text);
    const blocks = outsideRanges(scanBlocks(text, '<function', '</function>', readEqualsName), quoted);
    if (blocks.length === 0) return null;
    const toolCalls = blocks.map((block) => {
      const args: Record<string, unknown> = {};
      for (const parameter of scanBlocks(block.body, '<parameter', '</parameter>', readEqualsName)) {
        args[parameter.key] = readValue(parameter.body.replace(/^\n/, '').replace(/\n$/, ''));
      }
      return { tool: block.key, args };
    });
    return { toolCalls, content: removeRanges(text, blocks) };
  },
};

export const alternativeProtocols = {
  yaml: yamlStyleProtocol,
  functionCall: functionCallProtocol,
  xml: xmlStyleProtocol,
  functionTag: functionTagProtocol,
} as const;

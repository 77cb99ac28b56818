/**
 * The front matter of a Markdown configuration file (a chat mode, a prompt file) read strictly:
 * an unclosed header, a header that is not YAML or not a mapping, or a field of the wrong type
 * is a ConfigurationError naming the file. A file without a header has no fields.
 */
import { readFrontMatter } from '../core/util/frontMatter';
import { configFileError } from './configFileError';

/** A file's header fields and its body. */
export interface MarkdownHeader {
  fields: Readonly<Record<string, unknown>>;
  body: string;
}

/** Splits `text` (the content of `file`) into header fields and body; throws on a broken header. */
export function readMarkdownHeader(file: string, text: string): MarkdownHeader {
  const header = readFrontMatter(text);
  if (header.status === 'none') return { fields: {}, body: header.body };
  if (header.status === 'unclosed') throw configFileError(file, 'the front matter opened by "---" on the first line is not closed by a "---" line.');
  if (header.status === 'invalid') throw configFileError(file, `the front matter is not valid YAML (${header.problem}).`);
  if (header.data === null || header.data === undefined) return { fields: {}, body: header.body };
  if (typeof header.data !== 'object' || Array.isArray(header.data)) throw configFileError(file, 'the front matter is not a list of "key: value" fields.');
  return { fields: header.data as Record<string, unknown>, body: header.body };
}

/**
 * Like `readMarkdownHeader` for headers of flat `key: value` lines whose values are kept as
 * written, not read as YAML: Claude Code's command headers are read this way, and its own
 * examples (`argument-hint: [pr-number] [priority]`) are not valid YAML. Surrounding quotes are
 * removed; lines that are not `key: value` (comments, blanks, list items) are skipped.
 */
export function readFlatMarkdownHeader(file: string, text: string): MarkdownHeader {
  const header = readFrontMatter(text);
  if (header.status === 'none') return { fields: {}, body: header.body };
  if (header.status === 'unclosed') throw configFileError(file, 'the front matter opened by "---" on the first line is not closed by a "---" line.');
  const fields: Record<string, string> = {};
  for (const line of header.header.split(/\r?\n/)) {
    const match = /^([A-Za-z][\w-]*)[ \t]*:[ \t]*(.*?)[ \t]*$/.exec(line);
    if (!match) continue;
    const value = match[2]!;
    fields[match[1]!] = /^(["']).*\1$/.test(value) ? value.slice(1, -1) : value;
  }
  return { fields, body: header.body };
}

/** A string field, trimmed; undefined when absent or blank. Throws when it is not a string. */
export function stringField(file: string, fields: Readonly<Record<string, unknown>>, key: string, context: { mode?: string } = {}): string | undefined {
  const value = fields[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value !== 'string') throw configFileError(file, `"${key}" must be text.`, { ...context, field: key });
  return value.trim() || undefined;
}

/**
 * A list-of-names field: a YAML list of strings, or one string of names separated by commas
 * (in brackets or not).
 * Undefined when absent. Throws when it is anything else.
 */
export function nameListField(file: string, fields: Readonly<Record<string, unknown>>, key: string, context: { mode?: string } = {}): string[] | undefined {
  const value = fields[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value.replace(/^\s*\[([\s\S]*)\]\s*$/, '$1').split(',').map((name) => name.trim()).filter(Boolean);
  if (Array.isArray(value) && value.every((entry) => typeof entry === 'string')) return value.map((name) => name.trim()).filter(Boolean);
  throw configFileError(file, `"${key}" must be a list of names, like [read_file, search_code].`, { ...context, field: key });
}

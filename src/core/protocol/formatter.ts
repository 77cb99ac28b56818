/**
 * PTKFormatter: the text the model sees — the system prompt with the tools and the
 * protocol, the transcript, tool results and tool errors.
 */
import { DEFAULTS } from '../constants';
import { ConfigurationError } from '../errors';
import type { PTKMessage, PTKParameter, PTKTool, PTKToolResult } from '../types';
import { assertTagName } from './tagNames';
import { truncateMiddle } from '../util/truncate';

/** The smallest cap formatToolResult honours: room for the envelope and the truncation note. */
export const MIN_RESULT_CHARS = 400;
/** Characters reserved for the envelope and the `truncated` note when cutting a result. */
const TRUNCATION_OVERHEAD = 220;

export interface PTKFormatterOptions {
  /** The call tag: 'TOOL_CALL' (default) or the older 'PTK_CALL' (results then start PTK_RESULT). */
  tagName?: string;
  /** Cap, in characters, of one formatted tool result (head and tail kept). */
  resultMaxChars?: number;
}

interface SystemPromptOptions {
  /** Allow several calls in one reply (default: one call per reply, so each call sees the previous result). */
  allowMultipleCalls?: boolean;
  /** Name of a tool that ends the task (e.g. finishWorkflow), when enabled. */
  finishTool?: string;
  /** The task-list tool, when offered: the model is asked to write its list first for a task of more than `afterCalls` tool calls. */
  todoTool?: { name: string; afterCalls: number };
  /** Appended after the rules. */
  extraInstructions?: string;
}

export class PTKFormatter {
  readonly tagName: string;
  readonly resultPrefix: string;
  readonly resultMaxChars: number;

  constructor(options: PTKFormatterOptions = {}) {
    this.tagName = options.tagName ?? DEFAULTS.tagName;
    assertTagName(this.tagName);
    this.resultPrefix = this.tagName.toUpperCase() === 'PTK_CALL' ? 'PTK_RESULT' : 'TOOL_RESULT';
    const resultMaxChars = options.resultMaxChars ?? DEFAULTS.toolResultMaxChars;
    if (!Number.isFinite(resultMaxChars) || resultMaxChars <= 0) {
      throw new ConfigurationError(`Invalid resultMaxChars ${String(resultMaxChars)}: must be a positive number of characters.`);
    }
    this.resultMaxChars = resultMaxChars;
  }

  formatSystemPrompt(tools: readonly PTKTool[], options: SystemPromptOptions = {}): string {
    const open = `<${this.tagName}>`;
    const close = `</${this.tagName}>`;
    const rules = [
      options.allowMultipleCalls
        ? `You may put several ${open} blocks in one response when the calls do not depend on each other`
        : 'Use ONLY ONE tool call per response',
      `JSON inside ${open} must be valid`,
      '"tool" must match exactly one of the available tools',
      '"args" must include all required parameters',
      `After receiving ${this.resultPrefix}, you can make another tool call or provide final answer`,
      'When you have the final answer, respond normally without any tags',
      `Never write ${this.resultPrefix} yourself: wait for the system to send it`,
    ];
    if (options.finishTool) rules.push(`When the whole task is done, call "${options.finishTool}" to finish`);
    if (options.todoTool) {
      rules.push(`If the task needs more than ${options.todoTool.afterCalls} tool calls, first call "${options.todoTool.name}" with its steps, then keep that list current as you work`);
    }
    const sections = [
      'You are an AI coding assistant with access to these tools:',
      '',
      'AVAILABLE TOOLS:',
      this.formatToolDefinitions(tools),
      '',
      'TOOL CALLING PROTOCOL:',
      'When you need to use a tool, respond with this EXACT format:',
      '',
      open,
      '{',
      '  "tool": "tool_name",',
      '  "args": {"arg1": "value1"},',
      '  "reasoning": "why you need this tool"',
      '}',
      close,
      '',
      'IMPORTANT RULES:',
      ...rules.map((rule, index) => `${index + 1}. ${rule}`),
      '',
      'EXAMPLES:',
      this.formatExamples(tools, options.allowMultipleCalls === true),
    ];
    if (options.extraInstructions) sections.push('', options.extraInstructions);
    return sections.join('\n');
  }

  formatToolDefinitions(tools: readonly PTKTool[]): string {
    if (tools.length === 0) return '(no tools are available: answer in plain text)';
    return tools.map((tool) => this.formatTool(tool)).join('\n');
  }

  private formatTool(tool: PTKTool): string {
    const properties = tool.parameters.properties ?? {};
    const required = new Set(tool.parameters.required ?? []);
    const signature = Object.entries(properties)
      .map(([name, schema]) => `${name}${required.has(name) ? '' : '?'}: ${typeName(schema)}`)
      .join(', ');
    const flags = [tool.readOnly ? 'read-only' : '', tool.dangerous ? 'asks the user for approval' : ''].filter(Boolean);
    const lines = [`- ${tool.name}(${signature}): ${tool.description}${flags.length ? ` [${flags.join(', ')}]` : ''}`];
    for (const [name, schema] of Object.entries(properties)) {
      lines.push(...describeParameter(name, schema, required.has(name), '    '));
    }
    return lines.join('\n');
  }

  /**
   * Two or three short examples, built from the given tools where possible: a call and its
   * result followed by a plain answer, a second tool (or several calls when allowed) with a
   * failed result, and a reply that needs no tool.
   */
  private formatExamples(tools: readonly PTKTool[], allowMultipleCalls: boolean): string {
    const first = tools.find((tool) => tool.name === 'read_file') ?? tools[0];
    const noTool = ['User: "Thanks!"', "You: You're welcome! (no tool needed: plain text, no tags)"];
    if (!first) return ['User: "What is 2 + 2?"', 'You: 2 + 2 = 4 (plain text, no tags)'].join('\n');
    const second = tools.find((tool) => tool !== first && /search|list|diagnostic/.test(tool.name)) ?? tools.find((tool) => tool !== first);
    const example1 = [
      `User: "${exampleRequest(first)}"`,
      `You: ${this.exampleCall(first, `Need the result of ${first.name} to answer`)}`,
      '',
      `System: ${this.resultPrefix}: {"success": true, "data": {"content": "..."}, "error": null}`,
      '',
      'You: (a plain-text answer based on the result, with no tags)',
    ];
    const secondTool = second ?? first;
    const calls = allowMultipleCalls && second
      ? [`You: ${this.exampleCall(first, 'First independent call')}`, this.exampleCall(second, 'Second independent call')]
      : [`You: ${this.exampleCall(secondTool, `Need ${secondTool.name} for the next step`)}`];
    const example2 = [
      `User: "${exampleRequest(secondTool)}"`,
      ...calls,
      '',
      `System: ${this.resultPrefix}: {"success": false, "data": null, "error": "File not found: missing.txt"}`,
      '',
      'You: I could not find missing.txt. (explain the failure, or try a different approach with another call)',
    ];
    return [...example1, '', ...example2, '', ...noTool].join('\n');
  }

  private exampleCall(tool: PTKTool, reasoning: string): string {
    return [
      `<${this.tagName}>`,
      '{',
      `  "tool": "${tool.name}",`,
      `  "args": ${JSON.stringify(exampleArguments(tool))},`,
      `  "reasoning": "${reasoning}"`,
      '}',
      `</${this.tagName}>`,
    ].join('\n');
  }

  /** A role-labelled transcript a chat box can take. */
  formatConversation(history: readonly PTKMessage[]): string {
    return history
      .map((message) => `${roleLabel(message.role)}:\n${message.content}`)
      .join('\n\n');
  }

  /**
   * `TOOL_RESULT: {"success":…,"data":…,"error":…}` (PTK_RESULT with the PTK_CALL tag).
   *
   * When the JSON is longer than `maxChars` (default: the constructor's `resultMaxChars`),
   * `data` is replaced by a string holding the head and the tail of its text (an object's
   * JSON text), an overlong `error` is cut the same way, and a `truncated` field says how
   * large the result was and how much was left out. The JSON stays valid and the whole
   * line fits in `maxChars` (never less than MIN_RESULT_CHARS).
   */
  formatToolResult(result: PTKToolResult, options: { maxChars?: number; toolName?: string } = {}): string {
    const prefix = `${this.resultPrefix}: `;
    const requested = options.maxChars ?? this.resultMaxChars;
    const cap = Number.isFinite(requested) ? Math.floor(requested) : this.resultMaxChars;
    const maxChars = Math.max(MIN_RESULT_CHARS, cap) - prefix.length;
    const payload = { success: result.success, data: result.data === undefined ? null : result.data, error: result.error ?? null };
    const json = safeStringify(payload);
    if (json.length <= maxChars) return prefix + json;

    const hint = options.toolName === 'read_file' ? ' Read a smaller range with startLine/endLine.' : '';
    // First choice: keep the data's shape and cut its longest strings (a file's content stays
    // readable text instead of becoming escaped JSON inside a string).
    const shaped = shrinkLongestStrings(payload, maxChars - TRUNCATION_OVERHEAD);
    if (shaped) {
      const candidate = safeStringify({
        ...shaped.value,
        truncated: `The result was ${json.length} characters; ${shaped.omitted} characters in the middle of its longest text were left out.${hint}`,
      });
      if (candidate.length <= maxChars) return prefix + candidate;
    }

    const dataText = typeof payload.data === 'string' ? payload.data : safeStringify(payload.data);
    const errorText = payload.error === null ? null : String(payload.error);
    // Fallback: the data becomes the head and tail of its JSON text. The error keeps at most a quarter of the room; the data gets the rest. JSON escaping can
    // make the text longer than its character count, so shrink until the line fits.
    let errorBudget = errorText === null ? 0 : Math.min(errorText.length, Math.floor(maxChars / 4));
    let dataBudget = maxChars - errorBudget - TRUNCATION_OVERHEAD;
    for (let attempt = 0; attempt < 8; attempt++) {
      const data = truncateMiddle(dataText, Math.max(0, dataBudget));
      const errorCut = errorText === null ? null : truncateMiddle(errorText, errorBudget);
      const error = errorCut === null ? null : errorCut.text;
      const omitted = data.omitted + (errorCut === null ? 0 : errorCut.omitted);
      const candidate = safeStringify({
        success: payload.success,
        data: data.text,
        error,
        truncated: `The result was ${json.length} characters; ${omitted} characters in the middle were left out.${hint}`,
      });
      if (candidate.length <= maxChars || (dataBudget <= 0 && errorBudget <= 0)) return prefix + candidate;
      const overflow = candidate.length - maxChars;
      const shrink = Math.ceil(overflow * 1.1) + 8;
      if (dataBudget > 0) dataBudget = Math.max(0, dataBudget - shrink);
      else errorBudget = Math.max(0, errorBudget - shrink);
    }
    return prefix + safeStringify({ success: payload.success, data: null, error: errorText === null ? null : errorText.slice(0, 100), truncated: `The result was ${json.length} characters and was left out.${hint}` });
  }

  /** `TOOL_ERROR: <message>`: the call could not be run (unknown tool, bad arguments, broken reply). */
  formatToolError(message: string): string {
    return `TOOL_ERROR: ${message}`;
  }

  /** A compact re-statement of the protocol for long chat threads. */
  formatProtocolReminder(tools: readonly PTKTool[]): string {
    const names = tools.map((tool) => tool.name).join(', ') || '(none)';
    return `(Reminder: tools available: ${names}. To call one, reply with <${this.tagName}>{"tool": "name", "args": {...}}</${this.tagName}> and nothing after it; for the final answer, reply in plain text without tags.)`;
  }
}

function roleLabel(role: PTKMessage['role']): string {
  switch (role) {
    case 'system':
      return 'SYSTEM';
    case 'user':
      return 'USER';
    case 'assistant':
      return 'ASSISTANT';
    case 'tool':
      return 'TOOL';
  }
}

function typeName(schema: PTKParameter): string {
  if (schema.enum) return schema.enum.map((option) => JSON.stringify(option)).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : schema.type;
  if (type === 'array') return `${schema.items ? typeName(schema.items) : 'any'}[]`;
  if (type) return type;
  const anyOf = (schema.anyOf ?? schema.oneOf) as PTKParameter[] | undefined;
  if (Array.isArray(anyOf)) return anyOf.map(typeName).join(' | ');
  return 'any';
}

/** The JSON Schema keywords that bound a value, each as the words the prompt shows for it. */
const CONSTRAINT_WORDS: Readonly<Record<string, (value: unknown, schema: PTKParameter) => string>> = {
  // Draft 4 marks an exclusive bound with a boolean beside minimum / maximum.
  minimum: (value, schema) => `${schema.exclusiveMinimum === true ? '>' : '>='} ${String(value)}`,
  exclusiveMinimum: (value) => `> ${String(value)}`,
  maximum: (value, schema) => `${schema.exclusiveMaximum === true ? '<' : '<='} ${String(value)}`,
  exclusiveMaximum: (value) => `< ${String(value)}`,
  multipleOf: (value) => `multiple of ${String(value)}`,
  minLength: (value) => `at least ${String(value)} characters`,
  maxLength: (value) => `at most ${String(value)} characters`,
  pattern: (value) => `matches /${String(value)}/`,
  format: (value) => `format ${String(value)}`,
  minItems: (value) => `at least ${String(value)} items`,
  maxItems: (value) => `at most ${String(value)} items`,
  uniqueItems: () => 'items unique',
  const: (value) => `exactly ${JSON.stringify(value)}`,
};

/** A value's bounds (`>= 1, <= 100`), its array items' included; '' when it has none. */
function schemaConstraints(schema: PTKParameter): string {
  const words: string[] = [];
  for (const [keyword, describe] of Object.entries(CONSTRAINT_WORDS)) {
    const value = schema[keyword];
    // Draft 4's boolean exclusive bounds are read with minimum / maximum: only numbers are bounds of their own.
    if (value === undefined || value === false || (keyword.startsWith('exclusive') && typeof value !== 'number')) continue;
    words.push(describe(value, schema));
  }
  const items = schema.type === 'array' && schema.items ? schemaConstraints(schema.items) : '';
  if (items) words.push(`each item ${items}`);
  return words.join(', ');
}

function describeParameter(name: string, schema: PTKParameter, required: boolean, indent: string): string[] {
  const parts = [`${indent}- ${name}: ${typeName(schema)} (${required ? 'required' : 'optional'})`];
  const constraints = schemaConstraints(schema);
  if (constraints) parts[0] += ` [${constraints}]`;
  if (schema.description) parts[0] += ` - ${schema.description}`;
  if (schema.default !== undefined) parts[0] += ` (default: ${JSON.stringify(schema.default)})`;
  const nested = schema.type === 'array' ? schema.items : schema;
  if (nested?.properties) {
    const nestedRequired = new Set(nested.required ?? []);
    for (const [childName, childSchema] of Object.entries(nested.properties)) {
      parts.push(...describeParameter(childName, childSchema, nestedRequired.has(childName), `${indent}  `));
    }
  }
  return parts;
}

function exampleRequest(tool: PTKTool): string {
  const firstSentence = tool.description.split(/(?<=\.)\s/)[0].replace(/"/g, "'").slice(0, 80);
  return `Please help: ${firstSentence.charAt(0).toLowerCase()}${firstSentence.slice(1)}`;
}

function exampleArguments(tool: PTKTool): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const name of tool.parameters.required ?? []) {
    const schema = tool.parameters.properties[name] ?? {};
    args[name] = exampleValue(name, schema);
  }
  return args;
}

function exampleValue(name: string, schema: PTKParameter): unknown {
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'number' || type === 'integer') return 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  if (type === 'object') return {};
  if (/path|file/i.test(name)) return 'package.json';
  if (/dir/i.test(name)) return '.';
  return 'value';
}

function safeStringify(value: unknown): string {
  try {
    const text = JSON.stringify(value, (_key, inner) => (typeof inner === 'bigint' ? inner.toString() : inner));
    return text ?? 'null';
  } catch {
    return JSON.stringify(String(value));
  }
}

/**
 * Cuts the longest string values inside `payload` (head and tail kept) until its JSON fits
 * `limit`. Returns null when cutting strings cannot make it fit (e.g. a huge array of small items).
 */
function shrinkLongestStrings(
  payload: { success: boolean; data: unknown; error: string | null },
  limit: number,
): { value: { success: boolean; data: unknown; error: string | null }; omitted: number } | null {
  let value = payload;
  let omitted = 0;
  for (let attempt = 0; attempt < 12; attempt++) {
    const length = safeStringify(value).length;
    if (length <= limit) return omitted > 0 ? { value, omitted } : null;
    const longest = findLongestString(value, 0);
    if (!longest || longest.text.length < 64) return null;
    // Work in JSON characters (escaping can make one character cost up to 6), then convert
    // back to text characters; cut at least a quarter so the loop ends quickly.
    const escapedLength = JSON.stringify(longest.text).length - 2;
    const allowedEscaped = escapedLength - (length - limit) - 64;
    const keep = Math.max(0, Math.min(Math.floor((allowedEscaped * longest.text.length) / escapedLength), Math.floor(longest.text.length * 0.75)));
    const cut = truncateMiddle(longest.text, keep);
    omitted += cut.omitted;
    value = replaceAtPath(value, longest.path, cut.text) as typeof payload;
  }
  return null;
}

const MAX_STRING_SEARCH_NODES = 10_000;

function findLongestString(value: unknown, depth: number, path: Array<string | number> = [], budget = { nodes: 0 }): { text: string; path: Array<string | number> } | null {
  if (++budget.nodes > MAX_STRING_SEARCH_NODES || depth > 32) return null;
  if (typeof value === 'string') return { text: value, path };
  if (typeof value !== 'object' || value === null) return null;
  let best: { text: string; path: Array<string | number> } | null = null;
  const entries: Array<[string | number, unknown]> = Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
  for (const [key, inner] of entries) {
    const found = findLongestString(inner, depth + 1, [...path, key], budget);
    if (found && (!best || found.text.length > best.text.length)) best = found;
  }
  return best;
}

function replaceAtPath(value: unknown, path: ReadonlyArray<string | number>, replacement: string): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, index) => (index === head ? replaceAtPath(item, rest, replacement) : item));
  const record = value as Record<string, unknown>;
  return { ...record, [head]: replaceAtPath(record[head as string], rest, replacement) };
}

/**
 * PTKFormatter (seeds 000, 003): the text the model sees — the system prompt with the
 * tools and the protocol, the transcript, tool results and tool errors.
 */
import { DEFAULTS } from '../constants';
import type { PTKMessage, PTKParameter, PTKTool, PTKToolResult } from '../types';
import { truncateMiddle } from './truncate';

export interface PTKFormatterOptions {
  /** The call tag: 'TOOL_CALL' (default) or seed 000's 'PTK_CALL' (results then start PTK_RESULT). */
  tagName?: string;
  /** Cap, in characters, of one formatted tool result (head and tail kept). */
  resultMaxChars?: number;
}

export interface SystemPromptOptions {
  /** Allow several calls in one reply (default: one call per reply, seed 003 rule 1). */
  allowMultipleCalls?: boolean;
  /** Name of a tool that ends the task (seed 004's finishWorkflow), when enabled. */
  finishTool?: string;
  /** Appended after the rules. */
  extraInstructions?: string;
}

export class PTKFormatter {
  readonly tagName: string;
  readonly resultPrefix: string;
  readonly resultMaxChars: number;

  constructor(options: PTKFormatterOptions = {}) {
    this.tagName = options.tagName ?? DEFAULTS.tagName;
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,31}$/.test(this.tagName)) throw new TypeError(`Invalid tag name "${this.tagName}".`);
    this.resultPrefix = this.tagName.toUpperCase() === 'PTK_CALL' ? 'PTK_RESULT' : 'TOOL_RESULT';
    this.resultMaxChars = options.resultMaxChars ?? DEFAULTS.toolResultMaxChars;
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
      this.formatExamples(tools),
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

  /** Two or three short examples, built from the given tools where possible. */
  private formatExamples(tools: readonly PTKTool[]): string {
    const open = `<${this.tagName}>`;
    const close = `</${this.tagName}>`;
    const reader = tools.find((tool) => tool.name === 'read_file') ?? tools[0];
    if (!reader) {
      return ['User: "What is 2 + 2?"', 'You: 2 + 2 = 4'].join('\n');
    }
    const exampleArgs = exampleArguments(reader);
    const argsJson = JSON.stringify(exampleArgs);
    const example1 = [
      `User: "Use ${reader.name} for me"`,
      `You: ${open}`,
      '{',
      `  "tool": "${reader.name}",`,
      `  "args": ${argsJson},`,
      `  "reasoning": "Need the result of ${reader.name} to answer"`,
      '}',
      close,
      '',
      `System: ${this.resultPrefix}: {"success": true, "data": {"content": "..."}, "error": null}`,
      '',
      'You: (a plain-text answer based on the result, with no tags)',
    ];
    const example2 = [
      `System: ${this.resultPrefix}: {"success": false, "data": null, "error": "File not found: missing.txt"}`,
      '',
      'You: I could not find missing.txt. (explain the failure or try a different approach)',
    ];
    const example3 = ['User: "Thanks!"', "You: You're welcome! (no tool needed: plain text, no tags)"];
    return [...example1, '', ...example2, '', ...example3].join('\n');
  }

  /** A role-labelled transcript a chat box can take. */
  formatConversation(history: readonly PTKMessage[]): string {
    return history
      .map((message) => `${roleLabel(message.role)}:\n${message.content}`)
      .join('\n\n');
  }

  /** `TOOL_RESULT: {"success":…,"data":…,"error":…}`, capped with head and tail kept. */
  formatToolResult(result: PTKToolResult, options: { maxChars?: number; toolName?: string } = {}): string {
    const maxChars = options.maxChars ?? this.resultMaxChars;
    const payload = { success: result.success, data: result.data === undefined ? null : result.data, error: result.error ?? null };
    let json = safeStringify(payload);
    if (json.length > maxChars) {
      const dataText = typeof payload.data === 'string' ? payload.data : safeStringify(payload.data);
      const budget = Math.max(200, maxChars - 300 - (payload.error ? payload.error.length : 0));
      const { text, omitted } = truncateMiddle(dataText, budget);
      json = safeStringify({
        success: payload.success,
        data: text,
        error: payload.error,
        truncated: `The result was ${dataText.length} characters; ${omitted} characters in the middle were left out.${options.toolName === 'read_file' ? ' Read a smaller range with startLine/endLine.' : ''}`,
      });
    }
    return `${this.resultPrefix}: ${json}`;
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
  if (type === 'integer') return 'number';
  if (type) return type;
  const anyOf = (schema.anyOf ?? schema.oneOf) as PTKParameter[] | undefined;
  if (Array.isArray(anyOf)) return anyOf.map(typeName).join(' | ');
  return 'any';
}

function describeParameter(name: string, schema: PTKParameter, required: boolean, indent: string): string[] {
  const parts = [`${indent}- ${name}: ${typeName(schema)} (${required ? 'required' : 'optional'})`];
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

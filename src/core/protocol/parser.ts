/**
 * PTKParser (seeds 000, 003): reads a model reply into a PTKResponse and checks a
 * call against the tools. Never throws.
 */
import { DEFAULTS } from '../constants';
import { PTKError, PTKErrorCode } from '../errors';
import type { PTKParameter, PTKResponse, PTKTool, PTKToolCall, PTKValidation } from '../types';
import type { AlternativeProtocol } from './alternativeProtocols';
import { StreamingScanner, type PTKStreamParser } from './streamParser';

export interface PTKParserOptions {
  /** Tag names accepted (any case). Default: TOOL_CALL and PTK_CALL; the first is named in errors. */
  tagNames?: readonly string[];
  /** Opt-in alternative syntaxes, tried only when a reply has no tagged call. */
  alternativeProtocols?: readonly AlternativeProtocol[];
}

export class PTKParser {
  private readonly tagNames: readonly string[];
  private readonly alternativeProtocols: readonly AlternativeProtocol[];

  constructor(options: PTKParserOptions = {}) {
    const names = options.tagNames?.length ? options.tagNames : [DEFAULTS.tagName, DEFAULTS.alternateTagName];
    for (const name of names) {
      if (typeof name !== 'string' || !/^[A-Za-z_][A-Za-z0-9_]{0,31}$/.test(name)) {
        throw new PTKError(`Invalid tag name "${String(name)}": use letters, digits and _ (at most 32, not starting with a digit).`, PTKErrorCode.CONFIG_INVALID);
      }
    }
    this.tagNames = names;
    this.alternativeProtocols = options.alternativeProtocols ?? [];
  }

  /** An incremental parser: `push` chunks as they stream, `end()` equals `parse(whole)`. */
  stream(): PTKStreamParser {
    return new StreamingScanner({ tagNames: this.tagNames, alternativeProtocols: this.alternativeProtocols });
  }

  parse(response: string): PTKResponse {
    const scanner = this.stream();
    scanner.push(typeof response === 'string' ? response : String(response ?? ''));
    return scanner.end();
  }

  /** The first call in the reply, or null. */
  extract(response: string): PTKToolCall | null {
    return this.parse(response).toolCall ?? null;
  }

  /** Checks that the tool exists and the arguments fit its schema. */
  validate(toolCall: PTKToolCall, tools: readonly PTKTool[] | ReadonlyMap<string, PTKTool>): PTKValidation {
    return validateToolCall(toolCall, tools);
  }
}

export function validateToolCall(toolCall: PTKToolCall, tools: readonly PTKTool[] | ReadonlyMap<string, PTKTool>): PTKValidation {
  const toolMap: ReadonlyMap<string, PTKTool> = isToolMap(tools) ? tools : new Map(tools.map((tool) => [tool.name, tool]));
  const tool = toolMap.get(toolCall.tool);
  if (!tool) {
    const names = [...toolMap.keys()];
    const available = names.length ? names.join(', ') : '(none)';
    return {
      valid: false,
      code: 'TOOL_NOT_FOUND',
      error: `Unknown tool "${toolCall.tool}". Available tools: ${available}. Tool names are case-sensitive.`,
    };
  }
  const args = toolCall.args ?? {};
  if (tool.inputSchema) {
    const result = tool.inputSchema.safeParse(args);
    if (result.success) return { valid: true, args: result.data as Record<string, unknown> };
    const issues = result.error.issues.map((issue) => {
      const path = issue.path.length ? issue.path.join('.') : '(arguments)';
      return `${path}: ${issue.message}`;
    });
    return { valid: false, code: 'INVALID_ARGUMENTS', error: `Invalid arguments for ${tool.name}: ${issues.join('; ')}.` };
  }
  const problems = checkJsonSchema(args, tool.parameters.properties, tool.parameters.required ?? []);
  if (problems.length) {
    return { valid: false, code: 'INVALID_ARGUMENTS', error: `Invalid arguments for ${tool.name}: ${problems.join('; ')}.` };
  }
  return { valid: true, args };
}

function isToolMap(tools: readonly PTKTool[] | ReadonlyMap<string, PTKTool>): tools is ReadonlyMap<string, PTKTool> {
  return typeof (tools as ReadonlyMap<string, PTKTool>).get === 'function' && !Array.isArray(tools);
}

/** Required keys and primitive types, for tools given as raw JSON Schema (seed 000 shape). */
function checkJsonSchema(args: Record<string, unknown>, properties: Record<string, PTKParameter>, required: readonly string[]): string[] {
  const problems: string[] = [];
  for (const name of required) {
    if (args[name] === undefined) problems.push(`${name}: missing required parameter`);
  }
  for (const [name, value] of Object.entries(args)) {
    const schema = properties[name];
    if (!schema || value === undefined || schema.type === undefined) continue;
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((type) => matchesType(value, type))) {
      problems.push(`${name}: expected ${types.join(' or ')}, got ${describeType(value)}`);
    } else if (schema.enum && !schema.enum.some((option) => option === value)) {
      problems.push(`${name}: must be one of ${schema.enum.map((option) => JSON.stringify(option)).join(', ')}`);
    }
  }
  return problems;
}

function matchesType(value: unknown, type: string): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value);
    case 'object':
      return typeof value === 'object' && value !== null && !Array.isArray(value);
    case 'null':
      return value === null;
    default:
      return true;
  }
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/**
 * Checking a call the model made against the tools on offer, once, before it runs: the tool
 * must exist and the arguments must fit its schema. The answer is a typed union: either the
 * tool with the arguments to run it with (coerced, defaults applied), or the error that says
 * what the model did wrong (NoSuchToolError with the tools that exist, InvalidToolInputError
 * with the schema's issues). Its message is the text the model is sent.
 */
import { InvalidToolInputError, NoSuchToolError, type ToolInputIssue } from '../errors';
import { invalidArgumentsMessage, unknownToolMessage } from './feedback';
import type { PTKParameter, PTKTool, PTKToolCall } from '../types';

type ToolCallCheck =
  | { valid: true; tool: PTKTool; args: Record<string, unknown> }
  | { valid: false; error: NoSuchToolError | InvalidToolInputError };

type ToolArgumentsCheck =
  | { valid: true; args: Record<string, unknown> }
  | { valid: false; error: InvalidToolInputError };

/** Checks that the tool exists and that the arguments fit it. */
export function checkToolCall(toolCall: Pick<PTKToolCall, 'tool' | 'args'>, tools: ReadonlyMap<string, PTKTool>): ToolCallCheck {
  const tool = tools.get(toolCall.tool);
  if (!tool) {
    const availableTools = [...tools.keys()];
    return { valid: false, error: new NoSuchToolError(unknownToolMessage(toolCall.tool, availableTools), { toolName: toolCall.tool, availableTools }) };
  }
  const checked = checkToolArguments(tool, toolCall.args ?? {});
  return checked.valid ? { valid: true, tool, args: checked.args } : checked;
}

/**
 * Checks arguments against the tool's zod `inputSchema` (giving the parsed arguments) or, for a
 * tool described only by JSON Schema, its required keys, primitive types and enum values.
 */
export function checkToolArguments(tool: PTKTool, args: Record<string, unknown>): ToolArgumentsCheck {
  let issues: readonly ToolInputIssue[];
  if (tool.inputSchema) {
    const parsed = tool.inputSchema.safeParse(args);
    if (parsed.success) return { valid: true, args: parsed.data as Record<string, unknown> };
    issues = parsed.error.issues;
  } else {
    issues = jsonSchemaIssues(args, tool.parameters.properties ?? {}, tool.parameters.required ?? []);
    if (issues.length === 0) return { valid: true, args };
  }
  return { valid: false, error: new InvalidToolInputError(invalidArgumentsMessage(tool.name, issues), { toolName: tool.name, issues }) };
}

function jsonSchemaIssues(args: Record<string, unknown>, properties: Record<string, PTKParameter>, required: readonly string[]): ToolInputIssue[] {
  const issues: ToolInputIssue[] = [];
  for (const name of required) {
    if (args[name] === undefined) issues.push({ path: [name], message: 'missing required parameter', code: 'missing' });
  }
  for (const [name, value] of Object.entries(args)) {
    const schema = properties[name];
    if (!schema || value === undefined || schema.type === undefined) continue;
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (!types.some((type) => matchesType(value, type))) {
      issues.push({ path: [name], message: `expected ${types.join(' or ')}, got ${describeType(value)}`, code: 'invalid_type' });
    } else if (schema.enum && !schema.enum.some((option) => option === value)) {
      issues.push({ path: [name], message: `must be one of ${schema.enum.map((option) => JSON.stringify(option)).join(', ')}`, code: 'invalid_value' });
    }
  }
  return issues;
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

/**
 * The zod tool factory: `defineTool({ name, description, inputSchema, run })` gives a
 * PTKTool whose JSON Schema (for the prompt) comes from zod and whose arguments are
 * validated by the same schema. Seed 000's raw shape (`parameters` + `handler`) is
 * accepted as it is by `toPTKTool`.
 */
import { z } from 'zod';
import { PTKError, PTKErrorCode } from '../errors';
import type { PTKParameters, PTKTool, ToolContext } from '../types';

export interface ToolDefinition<Schema extends z.ZodObject<z.ZodRawShape>, Result> {
  name: string;
  description: string;
  inputSchema: Schema;
  run: (args: z.output<Schema>, context: ToolContext) => Promise<Result> | Result;
  readOnly?: boolean;
  dangerous?: boolean;
  timeoutMs?: number;
  displayName?: string;
  isHandlerTool?: boolean;
}

const TOOL_NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;

function assertToolName(name: string): void {
  if (!TOOL_NAME.test(name)) {
    throw new PTKError(`Invalid tool name "${name}": use letters, digits, _ . - (max 64, not starting with a digit).`, PTKErrorCode.CONFIG_INVALID);
  }
}

/** JSON Schema (draft 2020-12 subset) for a zod object, as the prompt shows it. */
export function zodToParameters(schema: z.ZodType): PTKParameters {
  const jsonSchema = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  if (jsonSchema.type !== 'object') {
    throw new PTKError('A tool inputSchema must be a zod object (z.object({...})).', PTKErrorCode.CONFIG_INVALID);
  }
  const { $schema: _schema, ...rest } = jsonSchema;
  return { ...rest, type: 'object', properties: (rest.properties ?? {}) as PTKParameters['properties'] } as PTKParameters;
}

export function defineTool<Schema extends z.ZodObject<z.ZodRawShape>, Result>(
  definition: ToolDefinition<Schema, Result>,
): PTKTool<z.output<Schema>, Result> {
  assertToolName(definition.name);
  if (!(definition.inputSchema instanceof z.ZodObject)) {
    throw new PTKError(`Tool "${definition.name}": inputSchema must be a zod object (z.object({...})).`, PTKErrorCode.CONFIG_INVALID);
  }
  return {
    name: definition.name,
    description: definition.description,
    parameters: zodToParameters(definition.inputSchema),
    inputSchema: definition.inputSchema as unknown as z.ZodType<z.output<Schema>>,
    handler: definition.run,
    readOnly: definition.readOnly,
    dangerous: definition.dangerous,
    timeoutMs: definition.timeoutMs,
    displayName: definition.displayName,
    isHandlerTool: definition.isHandlerTool,
  };
}

/** Seed 000's raw tool shape: JSON Schema `parameters` and a `handler`. */
export interface RawToolDefinition {
  name: string;
  description: string;
  parameters: PTKParameters;
  handler: (args: any, context: ToolContext) => Promise<unknown> | unknown;
  readOnly?: boolean;
  dangerous?: boolean;
  timeoutMs?: number;
  displayName?: string;
  isHandlerTool?: boolean;
}

/** Accepts either a defineTool() result or seed 000's raw shape, and checks it. */
export function toPTKTool(tool: PTKTool | RawToolDefinition): PTKTool {
  assertToolName(tool.name);
  if (!tool.parameters || tool.parameters.type !== 'object') {
    throw new PTKError(`Tool "${tool.name}": parameters must be a JSON Schema object ({ type: 'object', properties }).`, PTKErrorCode.CONFIG_INVALID);
  }
  if (typeof tool.handler !== 'function') {
    throw new PTKError(`Tool "${tool.name}": handler must be a function.`, PTKErrorCode.CONFIG_INVALID);
  }
  if (tool.parameters.properties) return tool as PTKTool;
  return { ...tool, parameters: { ...tool.parameters, properties: {} } } as PTKTool;
}

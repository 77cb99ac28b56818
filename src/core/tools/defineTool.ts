/**
 * The zod tool factory: `defineTool({ name, description, inputSchema, run })` gives a
 * PTKTool whose JSON Schema (for the prompt) comes from zod and whose arguments are
 * validated by the same schema. Tools written as a JSON Schema and a handler are checked
 * by `toPTKTool` (src/core/compat/rawToolDefinition.ts).
 */
import { z } from 'zod';
import { ConfigurationError } from '../errors';
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

/** Throws ConfigurationError unless the name is letters, digits, _ . - (max 64, not starting with a digit). */
export function assertToolName(name: string): void {
  if (!TOOL_NAME.test(name)) {
    throw new ConfigurationError(`Invalid tool name "${name}": use letters, digits, _ . - (max 64, not starting with a digit).`);
  }
}

/** JSON Schema (draft 2020-12 subset) for a zod object, as the prompt shows it. */
export function zodToParameters(schema: z.ZodType): PTKParameters {
  const jsonSchema = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  if (jsonSchema.type !== 'object') {
    throw new ConfigurationError('A tool inputSchema must be a zod object (z.object({...})).');
  }
  const { $schema: _schema, ...rest } = jsonSchema;
  return { ...rest, type: 'object', properties: (rest.properties ?? {}) as PTKParameters['properties'] } as PTKParameters;
}

export function defineTool<Schema extends z.ZodObject<z.ZodRawShape>, Result>(
  definition: ToolDefinition<Schema, Result>,
): PTKTool<z.output<Schema>, Result> {
  assertToolName(definition.name);
  if (!(definition.inputSchema instanceof z.ZodObject)) {
    throw new ConfigurationError(`Tool "${definition.name}": inputSchema must be a zod object (z.object({...})).`);
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

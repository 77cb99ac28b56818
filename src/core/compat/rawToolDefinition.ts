/**
 * Tools written without zod: a JSON Schema `parameters` object and a `handler`, the shape of
 * the documented tool examples. `toPTKTool` checks such a tool (or a defineTool() result) the
 * same way wherever a tool is accepted: the registry, the loop's `tools` option, the runner.
 */
import { ConfigurationError } from '../errors';
import { assertToolName } from '../tools/defineTool';
import type { PTKParameters, PTKTool, ToolContext } from '../types';

/** A tool as a JSON Schema object and a handler; arguments are checked against the schema. */
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

/** Accepts either a defineTool() result or the raw shape, and checks it. */
export function toPTKTool(tool: PTKTool | RawToolDefinition): PTKTool {
  assertToolName(tool.name);
  if (!tool.parameters || tool.parameters.type !== 'object') {
    throw new ConfigurationError(`Tool "${tool.name}": parameters must be a JSON Schema object ({ type: 'object', properties }).`);
  }
  if (typeof tool.handler !== 'function') {
    throw new ConfigurationError(`Tool "${tool.name}": handler must be a function.`);
  }
  if (tool.parameters.properties) return tool as PTKTool;
  return { ...tool, parameters: { ...tool.parameters, properties: {} } } as PTKTool;
}

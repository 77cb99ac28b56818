/** Turning `tools` options (objects, raw seed shapes, or names) into PTKTools. */
import { PTKExecutionError, PTKErrorCode } from '../errors';
import type { PTKTool } from '../types';
import { type RawToolDefinition, toPTKTool } from './defineTool';
import { listManagedTools, managedTool, type ToolManagerLike } from './managedTools';
import { unknownToolMessage } from './unknownTool';

/** A tool given to the loop: an object, or the name of a tool the tool manager knows. */
export type ToolSpecifier = PTKTool | RawToolDefinition | string;

/**
 * Resolves specifiers; `undefined` means every tool the manager lists.
 * Throws PTKExecutionError(TOOL_NOT_FOUND) for a name the manager does not know, CONFIG_INVALID
 * for two tools with one name or a name no manager can run.
 */
export function resolveTools(specifiers: readonly ToolSpecifier[] | undefined, toolManager: ToolManagerLike | undefined): PTKTool[] {
  if (specifiers === undefined) return listManagedTools(toolManager);
  const resolved: PTKTool[] = [];
  const seen = new Set<string>();
  for (const specifier of specifiers) {
    let tool: PTKTool | undefined;
    if (typeof specifier === 'string') {
      tool = managedTool(toolManager, specifier);
      if (!tool) {
        const known = listManagedTools(toolManager).map((candidate) => candidate.name);
        throw new PTKExecutionError(unknownToolMessage(specifier, known), PTKErrorCode.TOOL_NOT_FOUND, { tool: specifier });
      }
    } else {
      tool = toPTKTool(specifier);
    }
    if (seen.has(tool.name)) {
      throw new PTKExecutionError(`Tool "${tool.name}" is given twice.`, PTKErrorCode.CONFIG_INVALID, { tool: tool.name });
    }
    seen.add(tool.name);
    resolved.push(tool);
  }
  return resolved;
}

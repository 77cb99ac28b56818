/** Turning `tools` options (objects, raw JSON Schema shapes, or names) into PTKTools. */
import { ConfigurationError, PTKErrorCode } from '../errors';
import { unknownToolMessage } from '../protocol/feedback';
import type { PTKTool } from '../types';
import { type RawToolDefinition, toPTKTool } from '../compat/rawToolDefinition';
import { listManagedTools, managedTool, type ToolManagerLike } from './managedTools';

/** A tool given to the loop: an object, or the name of a tool the tool manager knows. */
export type ToolSpecifier = PTKTool | RawToolDefinition | string;

/**
 * Resolves specifiers; `undefined` means every tool the manager lists.
 * Throws ConfigurationError: code TOOL_NOT_FOUND (with the tools that exist) for a name the
 * manager does not know, CONFIG_INVALID for two tools with one name or a name no manager can run.
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
        throw new ConfigurationError(unknownToolMessage(specifier, known), { code: PTKErrorCode.TOOL_NOT_FOUND, context: { tool: specifier, availableTools: known } });
      }
    } else {
      tool = toPTKTool(specifier);
    }
    if (seen.has(tool.name)) {
      throw new ConfigurationError(`Tool "${tool.name}" is given twice.`, { context: { tool: tool.name } });
    }
    seen.add(tool.name);
    resolved.push(tool);
  }
  return resolved;
}

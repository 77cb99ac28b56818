/**
 * The tools a task in a mode is given. A mode with a tool subset gets only those tools: the
 * others are not offered to the model at all, so a read-only mode is read-only by construction.
 * A mode with an edit restriction (Roo's `fileRegex`) gets write_file and edit_file wrapped:
 * a path the expression does not match is refused (PATH_DENIED) before the tool runs.
 */
import { PTKErrorCode, WorkspaceError } from '../../core/errors';
import type { PTKTool } from '../../core/types';
import { WRITE_TOOL_NAMES } from '../../tools/toolNames';
import type { ChatMode, EditRestriction } from './chatMode';

function restrictEdits(tool: PTKTool, restriction: EditRestriction, mode: ChatMode): PTKTool {
  const pattern = new RegExp(restriction.fileRegex);
  const allowed = restriction.description ?? `paths matching /${restriction.fileRegex}/`;
  return {
    ...tool,
    description: `${tool.description} In the ${mode.name} mode, only ${allowed} may be changed.`,
    handler: (args: unknown, context) => {
      const target = (args as { path?: unknown } | null)?.path;
      const candidate = typeof target === 'string' ? target.replace(/\\/g, '/').replace(/^\.\//, '') : '';
      if (!pattern.test(candidate)) {
        throw new WorkspaceError(`The ${mode.name} mode may only change ${allowed}; "${candidate}" is not one of them. Nothing was written.`, {
          code: PTKErrorCode.PATH_DENIED,
          context: { path: candidate, mode: mode.id, fileRegex: restriction.fileRegex },
        });
      }
      return tool.handler(args, context);
    },
  };
}

/** `tools` narrowed to what `mode` allows (in their given order), with its edit restriction applied. */
export function toolsForMode(mode: ChatMode, tools: readonly PTKTool[]): PTKTool[] {
  const allowed = mode.tools;
  const chosen = allowed === undefined ? [...tools] : tools.filter((tool) => allowed.includes(tool.name));
  const restriction = mode.editRestriction;
  if (!restriction) return chosen;
  return chosen.map((tool) => (WRITE_TOOL_NAMES.includes(tool.name) ? restrictEdits(tool, restriction, mode) : tool));
}

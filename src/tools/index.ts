/**
 * The IDE tools, written against the Workspace port:
 * `createWorkspaceTools(workspace, settings?)` gives read_file, write_file, edit_file,
 * list_files, search_code, get_diagnostics, run_command and run_tests as PTKTools; with a
 * browser wired in (`web`), browser and fetch_url too.
 */
import type { PTKTool } from '../core/types';
import type { Workspace } from '../core/workspace';
import type { ApprovalGateOptions } from './approval';
import { createEditFileTool } from './editFile';
import { createGetDiagnosticsTool } from './getDiagnostics';
import { createListFilesTool } from './listFiles';
import { createReadFileTool } from './readFile';
import { createRunCommandTool, createRunTestsTool } from './runCommand';
import { createSearchCodeTool } from './searchCode';
import { createWriteFileTool } from './writeFile';
import { parseToolSettings, type ToolSettings, type ToolSettingsInput } from './settings';
import { createToolEnvironment } from './toolEnvironment';
import { WRITE_OR_RUN_TOOL_NAMES } from './toolNames';
import { createWebTools } from './web';
import type { WebToolsWiring } from './web/webAccess';


/** Options of `createWorkspaceTools`. */
interface WorkspaceToolsOptions {
  /**
   * Leave out the tools that write or run when the workspace is untrusted (default true), so
   * the model never sees them; false keeps them, marked disabled, failing with WORKSPACE_UNTRUSTED.
   */
  omitDisabledTools?: boolean;
  /** The `instructionFiles` setting: the rules files it adds are protected files for writes. */
  instructionFiles?: readonly string[];
  /** The window's "Always" grants and who hears of changes made without asking (default: this set's own grants). */
  approvals?: ApprovalGateOptions;
  /** PTK's isolated browser and the chat sites it must not open: adds browser and fetch_url. */
  web?: WebToolsWiring;
}

/**
 * Builds the workspace tools. Settings are validated (CONFIG_INVALID on a bad value) and
 * defaulted. Tools share one approval gate, so an "always" answer lasts as long as this set.
 */
export function createWorkspaceTools(workspace: Workspace, settings: ToolSettingsInput | ToolSettings = {}, options: WorkspaceToolsOptions = {}): PTKTool[] {
  const parsed = parseToolSettings(settings);
  const environment = createToolEnvironment(workspace, parsed, options.instructionFiles, options.approvals);
  const tools: PTKTool[] = [
    createReadFileTool(environment),
    createListFilesTool(environment),
    createSearchCodeTool(environment),
    createGetDiagnosticsTool(environment),
    createWriteFileTool(environment),
    createEditFileTool(environment),
    createRunCommandTool(environment),
    createRunTestsTool(environment),
    ...(options.web ? createWebTools(environment, options.web) : []),
  ];
  if (workspace.isTrusted()) return tools;
  if (options.omitDisabledTools ?? true) return tools.filter((tool) => !WRITE_OR_RUN_TOOL_NAMES.includes(tool.name));
  return tools.map((tool) => (WRITE_OR_RUN_TOOL_NAMES.includes(tool.name) ? { ...tool, description: `[DISABLED: the workspace is not trusted] ${tool.description}` } : tool));
}

/** One sentence for the system prompt about what the tools may not do here ('' when nothing is restricted). */
export function describeWorkspaceRestrictions(workspace: Workspace): string {
  if (workspace.roots.length === 0) return 'No workspace folder is open: the file tools cannot be used until the user opens one.';
  if (!workspace.isTrusted()) return 'This workspace is not trusted (Restricted Mode): you can read and search files, but you cannot write files or run commands. Tell the user to trust the workspace if a change is needed.';
  return '';
}

export { isCommandAllowListed, type ApprovalGateOptions } from './approval';
export { SessionGrants } from './sessionGrants';
export { DEFAULT_DENY_PATHS } from './settings';
export { READ_ONLY_TOOL_NAMES, WEB_TOOL_NAMES, WORKSPACE_TOOL_NAMES, WRITE_OR_RUN_TOOL_NAMES } from './toolNames';
export type { WebToolsWiring } from './web/webAccess';
export { DEFAULT_PROTECTED_FILES, PROTECTION_REASONS } from './protectedFiles';
export { loadProjectRules } from './projectRules/loadProjectRules';
export { DEFAULT_INSTRUCTION_FILES, instructionFileEntryProblem } from './projectRules/instructionFiles';

/**
 * The tool names other assistants' mode files use, mapped to PTK's tools. A mode file names
 * tools in its own vocabulary; PTK's own names (read_file, …) are accepted everywhere too.
 *
 * A name maps to the PTK tools that do the same job, or to none when PTK has no such tool
 * (GitHub, MCP servers…): the mode loads without it and says so (`unavailable`).
 * A name in no table is an error that names the file, the mode and the tool, and lists the
 * names that are known, because a misspelt tool would otherwise silently widen or narrow a mode.
 */
import { READ_ONLY_TOOL_NAMES, RUN_TOOL_NAMES, WEB_TOOL_NAMES, WORKSPACE_TOOL_NAMES, WRITE_TOOL_NAMES } from '../../tools/toolNames';
import { configFileError } from '../configFileError';

/** One vocabulary: a tool (or tool-set) name → the PTK tools it stands for ([] = no PTK equivalent). */
export type ToolVocabulary = ReadonlyMap<string, readonly string[]>;

const NONE: readonly string[] = [];

/**
 * VS Code / GitHub Copilot tool and tool-set names (custom agents, chat modes, prompt files):
 * the built-in tool sets `read`, `search`, `edit`, `execute`, `web`, their `set/tool` forms,
 * and the older flat names (`codebase`, `editFiles`, `runCommands`, `problems`, `fetch`, …).
 * Source: https://code.visualstudio.com/docs/agents/reference/tools-reference
 */
export const COPILOT_TOOL_VOCABULARY: ToolVocabulary = new Map<string, readonly string[]>([
  // Tool sets.
  ['read', ['read_file', 'get_diagnostics']],
  ['search', ['search_code', 'list_files']],
  ['edit', WRITE_TOOL_NAMES],
  ['execute', RUN_TOOL_NAMES],
  ['web', ['fetch_url']],
  ['vscode', NONE],
  ['agent', NONE],
  ['todo', NONE],
  // Reading.
  ['readFile', ['read_file']],
  ['read/readFile', ['read_file']],
  ['problems', ['get_diagnostics']],
  ['read/problems', ['get_diagnostics']],
  ['terminalLastCommand', NONE],
  ['terminalSelection', NONE],
  ['read/terminalLastCommand', NONE],
  ['read/terminalSelection', NONE],
  // Searching.
  ['codebase', ['search_code']],
  ['search/codebase', ['search_code']],
  ['textSearch', ['search_code']],
  ['search/textSearch', ['search_code']],
  ['fileSearch', ['list_files']],
  ['search/fileSearch', ['list_files']],
  ['listDirectory', ['list_files']],
  ['search/listDirectory', ['list_files']],
  ['searchResults', NONE],
  ['search/searchResults', NONE],
  ['usages', NONE],
  ['search/usages', NONE],
  ['changes', NONE],
  ['search/changes', NONE],
  // Editing.
  ['editFiles', WRITE_TOOL_NAMES],
  ['edit/editFiles', WRITE_TOOL_NAMES],
  ['createFile', ['write_file']],
  ['edit/createFile', ['write_file']],
  ['createDirectory', NONE],
  ['edit/createDirectory', NONE],
  ['new', NONE],
  ['editNotebook', NONE],
  // Running.
  ['runCommands', ['run_command']],
  ['runInTerminal', ['run_command']],
  ['execute/runInTerminal', ['run_command']],
  ['runTests', ['run_tests']],
  ['execute/runTests', ['run_tests']],
  ['testFailure', NONE],
  ['execute/testFailure', NONE],
  ['runTasks', NONE],
  ['execute/runTask', NONE],
  ['runNotebooks', NONE],
  // The web, GitHub, VS Code itself, planning aids.
  ['fetch', ['fetch_url']],
  ['web/fetch', ['fetch_url']],
  ['githubRepo', NONE],
  ['web/githubRepo', NONE],
  ['openSimpleBrowser', ['browser']],
  ['vscodeAPI', NONE],
  ['extensions', NONE],
  ['todos', NONE],
  ['think', NONE],
  ['runSubagent', NONE],
]);

/**
 * Roo Code / Kilo Code tool groups (`groups` of a `.roomodes` entry). `read` covers reading,
 * listing and searching; `edit` writing; `command` running; `browser` PTK's own browser tool;
 * `mcp` has no PTK equivalent. Source: https://docs.roocode.com/features/custom-modes
 */
export const ROO_TOOL_GROUPS: ToolVocabulary = new Map<string, readonly string[]>([
  ['read', READ_ONLY_TOOL_NAMES],
  ['edit', WRITE_TOOL_NAMES],
  ['command', RUN_TOOL_NAMES],
  ['browser', ['browser']],
  ['mcp', NONE],
  ['modes', NONE],
]);

/** PTK's own names only (`.ptk/modes/*.md`). */
export const PTK_TOOL_VOCABULARY: ToolVocabulary = new Map();

/** The tools a list of names gives a mode. */
export interface ResolvedTools {
  /** PTK tool names, in PTK's order, each once. */
  tools: string[];
  /** Names the file gives that PTK has no equivalent of. */
  unavailable: string[];
}

/** Where the names come from, for the error. */
interface ToolNamesSite {
  file: string;
  mode: string;
  /** The word for one name in the file's format ("tool", "group"). */
  noun?: string;
  /** Accept "server/*" entries (MCP servers in Copilot's format) as unavailable tools. */
  mcpServers?: boolean;
}

/**
 * Maps `names` through `vocabulary` (PTK's own names are always accepted; MCP server entries
 * "server/*" count as unavailable). Throws a ConfigurationError naming the first unknown name.
 */
/** PTK's own tool names, which every mode file may use, in PTK's order. */
const PTK_TOOL_NAMES: readonly string[] = [...WORKSPACE_TOOL_NAMES, ...WEB_TOOL_NAMES];

export function resolveToolNames(names: readonly string[], vocabulary: ToolVocabulary, site: ToolNamesSite): ResolvedTools {
  const chosen = new Set<string>();
  const unavailable: string[] = [];
  for (const raw of names) {
    const name = raw.trim().replace(/^#/, '');
    const mapped = PTK_TOOL_NAMES.includes(name) ? [name] : vocabulary.get(name);
    if (mapped) {
      if (mapped.length === 0) unavailable.push(name);
      for (const tool of mapped) chosen.add(tool);
      continue;
    }
    if (site.mcpServers && name.endsWith('/*')) {
      unavailable.push(name);
      continue;
    }
    const known = [...PTK_TOOL_NAMES, ...vocabulary.keys()];
    const noun = site.noun ?? 'tool';
    throw configFileError(site.file, `unknown ${noun} "${name}". Known ${noun}s: ${known.join(', ')}.`, { mode: site.mode, tool: name, knownTools: known });
  }
  return { tools: PTK_TOOL_NAMES.filter((tool) => chosen.has(tool)), unavailable };
}

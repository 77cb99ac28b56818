/**
 * A chat mode: a name, the instructions the model gets with every prompt, and the tools it may
 * call. The built-in modes are in builtinModes.ts; custom modes come from workspace files
 * (copilotModeFile.ts, rooModesFile.ts, ptkModeFile.ts). `toolsForMode` applies the subset.
 */

/** Where a mode comes from. */
export type ChatModeOrigin =
  | { kind: 'builtin' }
  /** `.github/chatmodes/*.chatmode.md` or `.github/agents/*.agent.md` (GitHub Copilot in VS Code). */
  | { kind: 'copilot'; file: string }
  /** An entry of `.roomodes` (Roo Code, Kilo Code). */
  | { kind: 'roo'; file: string }
  /** `.ptk/modes/*.md`. */
  | { kind: 'ptk'; file: string };

/** Edits limited to files whose workspace-relative path matches a regular expression (Roo's `fileRegex`). */
export interface EditRestriction {
  /** The regular expression's source, as the file gives it. */
  fileRegex: string;
  description?: string;
}

export interface ChatMode {
  /** Stable identifier: 'ask', 'plan', 'agent', a Roo slug, a file's base name. Lower case. */
  id: string;
  /** What the mode picker shows. */
  name: string;
  description?: string;
  /** Given to the model with every prompt in this mode ('' for none). */
  instructions: string;
  /** The PTK tool names the mode may use; undefined: every tool. */
  tools?: readonly string[];
  /** Edits (write_file, edit_file) limited to matching paths. */
  editRestriction?: EditRestriction;
  /** A model the file asks for (recorded, not applied: the site's model is chosen elsewhere). */
  model?: string;
  origin: ChatModeOrigin;
  /** Tools the file names that PTK has no equivalent of; they were left out. */
  unavailableTools?: readonly string[];
}

/** The path of the file a custom mode comes from ('built-in' for the built-ins). */
export function modeSource(mode: ChatMode): string {
  return mode.origin.kind === 'builtin' ? 'built-in' : mode.origin.file;
}

/** The mode `text` names, by id or by name (case-insensitive, as typed after /mode); undefined: none. */
export function modeNamed(modes: readonly ChatMode[], text: string): ChatMode | undefined {
  const wanted = text.trim().toLowerCase();
  return modes.find((mode) => mode.id === wanted) ?? modes.find((mode) => mode.name.toLowerCase() === wanted);
}

/**
 * A slash command the chat input offers after "/": a built-in (builtinCommands.ts) or a
 * workspace prompt file (Copilot, Claude Code, Cline, PTK). A prompt command's `template` is
 * expanded with what follows its name (commandArguments.ts) into the message that is sent.
 */

/** Where a command comes from; the order of `COMMAND_SOURCE_ORDER` decides name clashes. */
export type SlashCommandSource = 'builtin' | 'ptk' | 'copilot' | 'claude' | 'cline';

/** The precedence of the sources when two give the same name: earlier wins. */
export const COMMAND_SOURCE_ORDER: readonly SlashCommandSource[] = ['builtin', 'ptk', 'copilot', 'claude', 'cline'];

/**
 * How a template takes arguments:
 * - 'arguments': `$ARGUMENTS` (the whole rest of the line) and `$1`…`$9` (its words) — Claude Code, PTK;
 * - 'inputs': `${input:name}` / `${input:name:placeholder}` and the editor variables (`${selection}`, `${file}`, …) — Copilot;
 * - 'append': none; the rest of the line is added after the text — Cline workflows.
 */
export type ArgumentSyntax = 'arguments' | 'inputs' | 'append';

/** What the chat does for a built-in that is not a prompt. */
export type CommandAction = 'new' | 'compact' | 'mode';

export interface SlashCommand {
  /** Typed after "/" (no spaces; matched case-insensitively). */
  name: string;
  description?: string;
  /** What to type after the name, e.g. "[issue-number]". */
  argumentHint?: string;
  source: SlashCommandSource;
  /** The workspace-relative path of the prompt file. */
  file?: string;
  /** A built-in that the chat handles itself instead of sending a prompt. */
  action?: CommandAction;
  /** The prompt text, with its placeholders. */
  template?: string;
  syntax?: ArgumentSyntax;
  /** Used as the whole argument when nothing follows the name (built-in prompts). */
  defaultArgument?: string;
  /** The mode (Copilot `agent`/`mode`, PTK `mode`) the prompt asks for: recorded for the caller. */
  mode?: string;
  /** The tools the file names (Copilot `tools`, Claude `allowed-tools`), as written: recorded, not enforced. */
  tools?: readonly string[];
  /** A model the file asks for: recorded, not applied. */
  model?: string;
}

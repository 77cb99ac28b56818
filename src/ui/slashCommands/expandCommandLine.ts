/**
 * What a typed line "/name rest of line" does: nothing special when it names no command (it is
 * sent as typed), the built-in action for /new, /compact and /mode (with the rest as its
 * argument), or the command's template filled with the rest (commandArguments.ts).
 */
import { expandTemplate, type CommandContext } from './commandArguments';
import type { CommandAction, SlashCommand } from './slashCommand';

export type CommandLine =
  /** Not a command: send the line as it is. */
  | { kind: 'text' }
  /** A built-in action, with what followed its name (trimmed, possibly ''). */
  | { kind: 'action'; action: CommandAction; argument: string; command: SlashCommand }
  /** A prompt to send; `unfilled` lists the placeholders nothing filled. */
  | { kind: 'prompt'; text: string; unfilled: string[]; command: SlashCommand };

/** Reads `line` against `commands`. */
export function expandCommandLine(line: string, commands: readonly SlashCommand[], context: CommandContext = {}): CommandLine {
  const match = /^\/(\S+)(?:\s+([\s\S]*))?$/.exec(line.trim());
  if (!match) return { kind: 'text' };
  const name = match[1]!.toLowerCase();
  const command = commands.find((candidate) => candidate.name.toLowerCase() === name);
  if (!command) return { kind: 'text' };
  const rest = (match[2] ?? '').trim();
  if (command.action) return { kind: 'action', action: command.action, argument: rest, command };
  const expanded = expandTemplate(command.template ?? '', command.syntax ?? 'append', rest || (command.defaultArgument ?? ''), context);
  return { kind: 'prompt', text: expanded.text, unfilled: expanded.unfilled, command };
}

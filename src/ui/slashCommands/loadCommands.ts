/**
 * Every slash command of a workspace folder: the built-ins, then the prompt files of
 * `.ptk/commands`, `.github/prompts`, `.claude/commands` and `.clinerules/workflows` (files
 * directly in those folders, sorted by name).
 *
 * Names are unique, compared case-insensitively. When two give the same name the earlier
 * source wins, in the order built-in, PTK, Copilot, Claude Code, Cline (and, within a folder,
 * the first file by name); the file that loses is reported in `errors`, so a workspace file can
 * never replace /new, /mode and the other built-ins. A file that cannot be read or parsed is
 * reported too, and the others still load.
 */
import { ConfigurationError } from '../../core/errors';
import { configFileError } from '../configFileError';
import type { TextFileSource } from '../workspaceTextFiles';
import { BUILTIN_COMMANDS } from './builtinCommands';
import { PROMPT_FILE_FORMATS } from './promptFiles';
import type { SlashCommand } from './slashCommand';

/** The commands, and the problems with the files that held others. */
export interface LoadedCommands {
  commands: SlashCommand[];
  errors: ConfigurationError[];
}

function asConfigurationError(file: string, error: unknown): ConfigurationError {
  if (error instanceof ConfigurationError) return error;
  return configFileError(file, `could not be read (${error instanceof Error ? error.message : String(error)}).`);
}

function describeOwner(command: SlashCommand): string {
  return command.file ? `the command in ${command.file}` : `the built-in /${command.name}`;
}

/** Reads the prompt files of the folder `files` gives, after the built-ins; never throws. */
export async function loadCommands(files: TextFileSource): Promise<LoadedCommands> {
  const commands: SlashCommand[] = [...BUILTIN_COMMANDS];
  const errors: ConfigurationError[] = [];
  for (const format of PROMPT_FILE_FORMATS) {
    let names: string[];
    try {
      names = await files.listFileNames(format.folder);
    } catch (error) {
      errors.push(asConfigurationError(format.folder, error));
      continue;
    }
    for (const name of names.filter((entry) => entry.toLowerCase().endsWith(format.suffix))) {
      const file = `${format.folder}/${name}`;
      try {
        const text = await files.readText(file);
        if (text === undefined) continue;
        const command = format.parse(file, text);
        const owner = commands.find((existing) => existing.name.toLowerCase() === command.name.toLowerCase());
        if (owner) {
          errors.push(configFileError(file, `the command name /${command.name} is already used by ${describeOwner(owner)}, so this file is not offered; rename it.`, { command: command.name }));
          continue;
        }
        commands.push(command);
      } catch (error) {
        errors.push(asConfigurationError(file, error));
      }
    }
  }
  return { commands, errors };
}

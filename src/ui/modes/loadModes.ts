/**
 * Every chat mode of a workspace folder: the built-ins (Ask, Plan, Agent) first, then the custom
 * modes from `.github/chatmodes/*.chatmode.md`, `.github/agents/*.agent.md`, `.roomodes` and
 * `.ptk/modes/*.md`, in that order, files sorted by name.
 *
 * A file that cannot be read or used is reported in `errors` (a ConfigurationError naming it)
 * and the other files still load. Ids are unique: a custom mode whose id is a built-in's
 * ('ask', 'plan', 'agent') or an earlier custom mode's is refused with an error, and the earlier
 * mode stays, so a workspace file can never replace the read-only built-ins.
 */
import { ConfigurationError } from '../../core/errors';
import { configFileError } from '../configFileError';
import type { TextFileSource } from '../workspaceTextFiles';
import { BUILTIN_MODES } from './builtinModes';
import { modeSource, type ChatMode } from './chatMode';
import { COPILOT_MODE_FOLDERS, parseCopilotModeFile } from './copilotModeFile';
import { parsePtkModeFile, PTK_MODE_FOLDER } from './ptkModeFile';
import { parseRooModesFile, ROO_MODES_FILE } from './rooModesFile';

/** The modes, and the problems with the files that held others. */
export interface LoadedModes {
  modes: ChatMode[];
  errors: ConfigurationError[];
}

function asConfigurationError(file: string, error: unknown): ConfigurationError {
  if (error instanceof ConfigurationError) return error;
  return configFileError(file, `could not be read (${error instanceof Error ? error.message : String(error)}).`);
}

/** Reads the custom modes of the folder `files` gives, after the built-ins; never throws. */
export async function loadModes(files: TextFileSource): Promise<LoadedModes> {
  const custom: ChatMode[] = [];
  const errors: ConfigurationError[] = [];

  const readEach = async (folder: string, suffix: string, parse: (file: string, text: string) => ChatMode): Promise<void> => {
    let names: string[];
    try {
      names = await files.listFileNames(folder);
    } catch (error) {
      errors.push(asConfigurationError(folder, error));
      return;
    }
    for (const name of names.filter((entry) => entry.toLowerCase().endsWith(suffix))) {
      const file = `${folder}/${name}`;
      try {
        const text = await files.readText(file);
        if (text !== undefined) custom.push(parse(file, text));
      } catch (error) {
        errors.push(asConfigurationError(file, error));
      }
    }
  };

  for (const { folder, suffix } of COPILOT_MODE_FOLDERS) await readEach(folder, suffix, parseCopilotModeFile);
  try {
    const text = await files.readText(ROO_MODES_FILE);
    if (text !== undefined) {
      const roo = parseRooModesFile(ROO_MODES_FILE, text);
      custom.push(...roo.modes);
      errors.push(...roo.errors);
    }
  } catch (error) {
    errors.push(asConfigurationError(ROO_MODES_FILE, error));
  }
  await readEach(PTK_MODE_FOLDER, '.md', parsePtkModeFile);

  const modes: ChatMode[] = [...BUILTIN_MODES];
  for (const mode of custom) {
    const taken = modes.find((existing) => existing.id === mode.id);
    if (!taken) {
      modes.push(mode);
      continue;
    }
    const file = modeSource(mode);
    const by = taken.origin.kind === 'builtin' ? `the built-in ${taken.name} mode` : `the mode in ${modeSource(taken)}`;
    errors.push(configFileError(file, `the id "${mode.id}" is already used by ${by}; rename this mode to use it.`, { mode: mode.name }));
  }
  return { modes, errors };
}

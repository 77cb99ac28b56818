/**
 * PTK's own mode files, `.ptk/modes/<id>.md`: an optional YAML header and the instructions.
 *
 *   ---
 *   name: Reviewer            # default: the file name
 *   description: Reviews the current changes without editing
 *   tools: [read_file, search_code, get_diagnostics]   # PTK tool names; absent: every tool
 *   ---
 *   Review the changes for correctness and missing tests…
 *
 * The body (the instructions) must not be empty: a mode without instructions is a mistake.
 */
import { configFileError } from '../configFileError';
import { readMarkdownHeader, nameListField, stringField } from '../markdownHeader';
import type { ChatMode } from './chatMode';
import { PTK_TOOL_VOCABULARY, resolveToolNames } from './toolVocabulary';

export const PTK_MODE_FOLDER = '.ptk/modes';

/** Reads one `.ptk/modes/*.md` file (`file` is its workspace-relative path). Throws a ConfigurationError naming the file. */
export function parsePtkModeFile(file: string, text: string): ChatMode {
  const { fields, body } = readMarkdownHeader(file, text);
  const id = file.replace(/^.*\//, '').replace(/\.md$/i, '').toLowerCase();
  const name = stringField(file, fields, 'name', { mode: id }) ?? id;
  const instructions = body.trim();
  if (!instructions) throw configFileError(file, 'the mode has no instructions: write them below the front matter.', { mode: name });
  const mode: ChatMode = { id, name, instructions, origin: { kind: 'ptk', file } };
  const description = stringField(file, fields, 'description', { mode: name });
  if (description) mode.description = description;
  const toolNames = nameListField(file, fields, 'tools', { mode: name });
  if (toolNames) mode.tools = resolveToolNames(toolNames, PTK_TOOL_VOCABULARY, { file, mode: name }).tools;
  return mode;
}

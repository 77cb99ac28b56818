/**
 * GitHub Copilot's custom agents (`.github/agents/*.agent.md`) and the custom chat modes they
 * replaced (`.github/chatmodes/*.chatmode.md`): Markdown with an optional YAML header.
 * Read here: `name` (default: the file name), `description`, `tools` (Copilot's tool and tool-set
 * names, mapped by toolVocabulary.ts; absent: every tool, as in VS Code), `model` (recorded).
 * Other fields (`handoffs`, `argument-hint`, `target`, `agents`, …) are ignored.
 * The body is the mode's instructions.
 * Sources: https://code.visualstudio.com/docs/agents/reference/custom-agent-file-reference,
 * https://code.visualstudio.com/docs/copilot/chat/chat-modes
 */
import { readMarkdownHeader, nameListField, stringField } from '../markdownHeader';
import type { ChatMode } from './chatMode';
import { COPILOT_TOOL_VOCABULARY, resolveToolNames } from './toolVocabulary';

/** The folders and file endings of Copilot's mode files. */
export const COPILOT_MODE_FOLDERS: ReadonlyArray<{ folder: string; suffix: string }> = [
  { folder: '.github/chatmodes', suffix: '.chatmode.md' },
  { folder: '.github/agents', suffix: '.agent.md' },
];

/** The mode id a file name gives: its base name without the suffix, lower case. */
export function copilotModeId(fileName: string): string {
  const base = fileName.replace(/^.*\//, '');
  const suffix = COPILOT_MODE_FOLDERS.find((entry) => base.toLowerCase().endsWith(entry.suffix))?.suffix ?? '.md';
  return base.slice(0, base.length - suffix.length).toLowerCase();
}

/** Reads one Copilot mode file (`file` is its workspace-relative path). Throws a ConfigurationError naming the file. */
export function parseCopilotModeFile(file: string, text: string): ChatMode {
  const { fields, body } = readMarkdownHeader(file, text);
  const id = copilotModeId(file);
  const name = stringField(file, fields, 'name', { mode: id }) ?? id;
  const description = stringField(file, fields, 'description', { mode: name });
  const toolNames = nameListField(file, fields, 'tools', { mode: name });
  const modelField = fields.model;
  const model = Array.isArray(modelField) ? modelField.filter((entry) => typeof entry === 'string').join(', ') || undefined : stringField(file, fields, 'model', { mode: name });
  const mode: ChatMode = { id, name, instructions: body.trim(), origin: { kind: 'copilot', file } };
  if (description) mode.description = description;
  if (model) mode.model = model;
  if (toolNames) {
    const resolved = resolveToolNames(toolNames, COPILOT_TOOL_VOCABULARY, { file, mode: name, mcpServers: true });
    mode.tools = resolved.tools;
    if (resolved.unavailable.length > 0) mode.unavailableTools = resolved.unavailable;
  }
  return mode;
}

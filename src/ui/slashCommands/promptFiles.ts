/**
 * The workspace's prompt files, one reader per format. Each gives a SlashCommand or throws a
 * ConfigurationError naming the file.
 *
 * - Copilot, `.github/prompts/<name>.prompt.md`: optional YAML header with `description`,
 *   `name` (default: the file name), `argument-hint`, `agent` (or the older `mode`), `model`,
 *   `tools`; the body uses `${input:…}` and the editor variables.
 *   Source: https://code.visualstudio.com/docs/copilot/customization/prompt-files
 * - Claude Code, `.claude/commands/<name>.md`: optional header with `description`,
 *   `argument-hint`, `allowed-tools`, `model`; the body uses `$ARGUMENTS` and `$1`, `$2`, ….
 *   Its header is read as flat `key: value` lines (values as written), as Claude Code's own
 *   examples are not always valid YAML.
 *   Source: https://docs.claude.com/en/docs/claude-code/slash-commands
 * - Cline, `.clinerules/workflows/<name>.md`: plain Markdown, invoked with its file name
 *   ("/deploy.md"). Source: https://docs.cline.bot/features/slash-commands/workflows
 * - PTK, `.ptk/commands/<name>.md`: optional header with `description`, `argument-hint`,
 *   `mode`; the body uses `$ARGUMENTS` and `$1`… as Claude Code's commands do.
 */
import { readFlatMarkdownHeader, readMarkdownHeader, nameListField, stringField } from '../markdownHeader';
import type { SlashCommand, SlashCommandSource } from './slashCommand';

/** One kind of prompt file: where it lives, which files count, how one is read. */
export interface PromptFileFormat {
  source: Exclude<SlashCommandSource, 'builtin'>;
  folder: string;
  suffix: string;
  parse(file: string, text: string): SlashCommand;
}

function baseName(file: string, suffix: string): string {
  const base = file.replace(/^.*\//, '');
  return base.slice(0, base.length - suffix.length);
}

/** A name that can follow "/": no spaces. */
function commandName(name: string): string {
  return name.trim().replace(/\s+/g, '-');
}

export function parseCopilotPromptFile(file: string, text: string): SlashCommand {
  const { fields, body } = readMarkdownHeader(file, text);
  const command: SlashCommand = {
    name: commandName(stringField(file, fields, 'name') ?? baseName(file, '.prompt.md')),
    source: 'copilot',
    file,
    syntax: 'inputs',
    template: body.trim(),
  };
  const description = stringField(file, fields, 'description');
  const argumentHint = stringField(file, fields, 'argument-hint');
  const mode = stringField(file, fields, 'agent') ?? stringField(file, fields, 'mode');
  const model = stringField(file, fields, 'model');
  const tools = nameListField(file, fields, 'tools');
  if (description) command.description = description;
  if (argumentHint) command.argumentHint = argumentHint;
  if (mode) command.mode = mode;
  if (model) command.model = model;
  if (tools) command.tools = tools;
  return command;
}

/** The first non-empty line of `text`, shortened to a menu's width (undefined: none). */
function firstLineOf(text: string): string | undefined {
  const line = text.split('\n').map((candidate) => candidate.replace(/^#+\s*/, '').trim()).find(Boolean);
  return line && line.length > 80 ? `${line.slice(0, 79)}…` : line;
}

function parseArgumentsCommand(source: 'claude' | 'ptk', file: string, text: string): SlashCommand {
  const { fields, body } = source === 'claude' ? readFlatMarkdownHeader(file, text) : readMarkdownHeader(file, text);
  const command: SlashCommand = { name: commandName(baseName(file, '.md')), source, file, syntax: 'arguments', template: body.trim() };
  // Without one, Claude Code describes a command by its prompt's first line: so does the menu.
  const description = stringField(file, fields, 'description') ?? firstLineOf(body);
  const argumentHint = stringField(file, fields, 'argument-hint');
  const model = stringField(file, fields, 'model');
  if (description) command.description = description;
  if (argumentHint) command.argumentHint = argumentHint;
  if (model) command.model = model;
  if (source === 'claude') {
    const tools = nameListField(file, fields, 'allowed-tools');
    if (tools) command.tools = tools;
  } else {
    const mode = stringField(file, fields, 'mode');
    if (mode) command.mode = mode;
  }
  return command;
}

export function parseClaudeCommandFile(file: string, text: string): SlashCommand {
  return parseArgumentsCommand('claude', file, text);
}

export function parsePtkCommandFile(file: string, text: string): SlashCommand {
  return parseArgumentsCommand('ptk', file, text);
}

/** A Cline workflow is plain Markdown: the whole text is the prompt, and its name keeps ".md". */
export function parseClineWorkflowFile(file: string, text: string): SlashCommand {
  const name = commandName(file.replace(/^.*\//, ''));
  const heading = /^#\s+(.+)$/m.exec(text)?.[1]?.trim();
  return { name, source: 'cline', file, syntax: 'append', template: text.replace(/^\uFEFF/, '').trim(), ...(heading ? { description: heading } : {}) };
}

/** The formats, in the order of precedence of their sources (slashCommand.ts). */
export const PROMPT_FILE_FORMATS: readonly PromptFileFormat[] = [
  { source: 'ptk', folder: '.ptk/commands', suffix: '.md', parse: parsePtkCommandFile },
  { source: 'copilot', folder: '.github/prompts', suffix: '.prompt.md', parse: parseCopilotPromptFile },
  { source: 'claude', folder: '.claude/commands', suffix: '.md', parse: parseClaudeCommandFile },
  { source: 'cline', folder: '.clinerules/workflows', suffix: '.md', parse: parseClineWorkflowFile },
];

/** Globs (relative to the workspace folder) of the prompt files the formats read: what to watch. */
export const PROMPT_FILE_PATTERNS: readonly string[] = PROMPT_FILE_FORMATS.map((format) => `${format.folder}/*${format.suffix}`);

/**
 * Roo Code's (and Kilo Code's) project modes, `.roomodes` at the workspace root: YAML or JSON
 * with a `customModes` list. Each entry: `slug` (the id: letters, digits, dashes), `name`,
 * `roleDefinition`, `groups` (required); `whenToUse`, `description`, `customInstructions`
 * (optional). A group is a name (read, edit, browser, command, mcp) or a pair
 * `[group, { fileRegex, description }]`; the pair on `edit` limits edits to matching files.
 * The instructions are the role definition, then the custom instructions.
 * Source: https://docs.roocode.com/features/custom-modes
 *
 * A broken file is one error; a broken entry is one error and the other entries still load.
 */
import { JSON_SCHEMA, load } from 'js-yaml';
import type { ConfigurationError } from '../../core/errors';
import { configFileError } from '../configFileError';
import type { ChatMode, EditRestriction } from './chatMode';
import { resolveToolNames, ROO_TOOL_GROUPS } from './toolVocabulary';

export const ROO_MODES_FILE = '.roomodes';

/** The modes of one `.roomodes` file, and the entries that could not be read. */
export interface RooModes {
  modes: ChatMode[];
  errors: ConfigurationError[];
}

const SLUG = /^[a-zA-Z0-9-]+$/;

function parseDocument(file: string, text: string): unknown {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (trimmed.startsWith('{')) {
    try {
      return JSON.parse(trimmed);
    } catch (error) {
      throw configFileError(file, `the file is not valid JSON (${(error as Error).message}).`);
    }
  }
  try {
    return load(trimmed, { schema: JSON_SCHEMA });
  } catch (error) {
    throw configFileError(file, `the file is not valid YAML (${(error as Error).message.split('\n')[0]}).`);
  }
}

function requiredText(file: string, entry: Record<string, unknown>, key: string, mode: string): string {
  const value = entry[key];
  if (typeof value !== 'string' || !value.trim()) throw configFileError(file, `"${key}" is required and must be text.`, { mode, field: key });
  return value.trim();
}

function optionalText(file: string, entry: Record<string, unknown>, key: string, mode: string): string | undefined {
  const value = entry[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw configFileError(file, `"${key}" must be text.`, { mode, field: key });
  return value.trim() || undefined;
}

function readGroups(file: string, groups: unknown, mode: string): { names: string[]; editRestriction?: EditRestriction } {
  if (!Array.isArray(groups)) throw configFileError(file, '"groups" is required and must be a list, like [read, edit].', { mode, field: 'groups' });
  const names: string[] = [];
  let editRestriction: EditRestriction | undefined;
  for (const group of groups) {
    if (typeof group === 'string') {
      names.push(group);
      continue;
    }
    const [name, options] = Array.isArray(group) ? (group as unknown[]) : [];
    if (typeof name !== 'string' || (options !== undefined && (typeof options !== 'object' || options === null || Array.isArray(options)))) {
      throw configFileError(file, `a group must be a name or a pair [name, { fileRegex, description }], not ${JSON.stringify(group)}.`, { mode, field: 'groups' });
    }
    names.push(name);
    const { fileRegex, description } = (options ?? {}) as Record<string, unknown>;
    if (fileRegex === undefined) continue;
    if (typeof fileRegex !== 'string') throw configFileError(file, `the fileRegex of group "${name}" must be text.`, { mode, field: 'groups' });
    try {
      new RegExp(fileRegex);
    } catch (error) {
      throw configFileError(file, `the fileRegex of group "${name}" is not a valid regular expression (${(error as Error).message}).`, { mode, field: 'groups' });
    }
    if (name !== 'edit') throw configFileError(file, `a fileRegex is only supported on the "edit" group, not on "${name}".`, { mode, field: 'groups' });
    editRestriction = { fileRegex, ...(typeof description === 'string' && description.trim() ? { description: description.trim() } : {}) };
  }
  return { names, ...(editRestriction ? { editRestriction } : {}) };
}

function readEntry(file: string, entry: unknown, index: number): ChatMode {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) throw configFileError(file, `customModes entry ${index + 1} is not a mode (slug, name, roleDefinition, groups).`);
  const fields = entry as Record<string, unknown>;
  const label = typeof fields.slug === 'string' && fields.slug ? fields.slug : `#${index + 1}`;
  const slug = requiredText(file, fields, 'slug', label);
  if (!SLUG.test(slug)) throw configFileError(file, `the slug "${slug}" may only hold letters, digits and dashes.`, { mode: label, field: 'slug' });
  const name = requiredText(file, fields, 'name', slug);
  const roleDefinition = requiredText(file, fields, 'roleDefinition', slug);
  const customInstructions = optionalText(file, fields, 'customInstructions', slug);
  const description = optionalText(file, fields, 'description', slug) ?? optionalText(file, fields, 'whenToUse', slug);
  const groups = readGroups(file, fields.groups, slug);
  const resolved = resolveToolNames(groups.names, ROO_TOOL_GROUPS, { file, mode: slug, noun: 'group' });
  const mode: ChatMode = {
    id: slug.toLowerCase(),
    name,
    instructions: customInstructions ? `${roleDefinition}\n\n${customInstructions}` : roleDefinition,
    tools: resolved.tools,
    origin: { kind: 'roo', file },
  };
  if (description) mode.description = description;
  if (groups.editRestriction && resolved.tools.some((tool) => tool === 'write_file' || tool === 'edit_file')) mode.editRestriction = groups.editRestriction;
  if (resolved.unavailable.length > 0) mode.unavailableTools = resolved.unavailable;
  return mode;
}

/** Reads a `.roomodes` file (`file` is its workspace-relative path); never throws. */
export function parseRooModesFile(file: string, text: string): RooModes {
  let document: unknown;
  try {
    document = parseDocument(file, text);
  } catch (error) {
    return { modes: [], errors: [error as ConfigurationError] };
  }
  if (document === null || document === undefined) return { modes: [], errors: [] };
  const list = typeof document === 'object' && !Array.isArray(document) ? (document as Record<string, unknown>).customModes : undefined;
  if (!Array.isArray(list)) return { modes: [], errors: [configFileError(file, 'the file must hold a "customModes" list.')] };
  const modes: ChatMode[] = [];
  const errors: ConfigurationError[] = [];
  list.forEach((entry, index) => {
    try {
      modes.push(readEntry(file, entry, index));
    } catch (error) {
      errors.push(error as ConfigurationError);
    }
  });
  return { modes, errors };
}

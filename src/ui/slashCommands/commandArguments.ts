/**
 * Fills a prompt command's template with what the user typed after its name, the way each
 * format defines it (see ArgumentSyntax):
 * - 'arguments' (Claude Code, PTK): `$ARGUMENTS` is the whole rest of the line; `$1`…`$9` its
 *   words (double or single quotes keep spaces together); a missing word is empty.
 * - 'inputs' (Copilot): `${input:name}` / `${input:name:placeholder}` take `name=value` words
 *   typed after the command (a quoted value may hold spaces); when the template has exactly one
 *   input and no `name=` word is typed, the whole rest fills it. `${selection}`/`${selectedText}`,
 *   `${file}`, `${fileBasename}`, `${fileBasenameNoExtension}`, `${fileDirname}`,
 *   `${workspaceFolder}`, `${workspaceFolderBasename}` come from the editor context.
 *   What cannot be filled stays as written and is reported (`unfilled`).
 * - 'append' (Cline): nothing is replaced.
 * In every syntax, text typed after the name that the template has no place for is added after
 * the template, separated by a blank line, so it is never lost.
 * Not supported (left as written): Claude Code's `!`command`` and `@file` inclusions, Copilot's
 * `#tool` and `#file:` references, `${workspaceFolder:name}`.
 */
import type { ArgumentSyntax } from './slashCommand';

/** What the editor knows when the command is typed. */
export interface CommandContext {
  /** The selected text in the active editor. */
  selection?: string;
  /** The active editor's file path (absolute or workspace-relative). */
  file?: string;
  /** The workspace folder's path. */
  workspaceFolder?: string;
}

/** The filled template. */
export interface ExpandedTemplate {
  text: string;
  /** Placeholders left as written because nothing filled them (e.g. "${input:formName}", "${selection}"). */
  unfilled: string[];
}

/** Splits a line into words; quotes keep spaces together and are removed. */
export function splitArguments(line: string): string[] {
  const words: string[] = [];
  const pattern = /"([^"]*)"|'([^']*)'|(\S+)/g;
  for (let match = pattern.exec(line); match; match = pattern.exec(line)) words.push(match[1] ?? match[2] ?? match[3]!);
  return words;
}

function withRest(text: string, rest: string, used: boolean): string {
  return used || !rest ? text : `${text}\n\n${rest}`;
}

function expandArguments(template: string, rest: string): ExpandedTemplate {
  const words = splitArguments(rest);
  let used = false;
  const text = template.replace(/\$ARGUMENTS\b|\$([1-9])(?![0-9])/g, (whole, digit: string | undefined) => {
    used = true;
    return digit === undefined ? rest : (words[Number(digit) - 1] ?? '');
  });
  return { text: withRest(text, rest, used), unfilled: [] };
}

const INPUT = /\$\{input:([A-Za-z0-9_-]+)(?::[^}]*)?\}/g;
const NAMED_VALUE = /^([A-Za-z0-9_-]+)=([\s\S]*)$/;

function editorVariable(name: string, context: CommandContext): string | undefined {
  const file = context.file;
  const base = file?.replace(/^.*[\\/]/, '');
  switch (name) {
    case 'selection':
    case 'selectedText':
      return context.selection;
    case 'file':
      return file;
    case 'fileBasename':
      return base;
    case 'fileBasenameNoExtension':
      return base?.replace(/\.[^.]*$/, '');
    case 'fileDirname':
      return file && /[\\/]/.test(file) ? file.replace(/[\\/][^\\/]*$/, '') : undefined;
    case 'workspaceFolder':
      return context.workspaceFolder;
    case 'workspaceFolderBasename':
      return context.workspaceFolder?.replace(/[\\/]+$/, '').replace(/^.*[\\/]/, '');
    default:
      return undefined;
  }
}

const EDITOR_VARIABLE = /\$\{(selection|selectedText|file|fileBasename|fileBasenameNoExtension|fileDirname|workspaceFolder|workspaceFolderBasename)\}/g;

function expandInputs(template: string, rest: string, context: CommandContext): ExpandedTemplate {
  const inputNames = [...new Set([...template.matchAll(INPUT)].map((match) => match[1]!))];
  const values = new Map<string, string>();
  const leftover: string[] = [];
  for (const word of splitArguments(rest)) {
    const named = NAMED_VALUE.exec(word);
    if (named && inputNames.includes(named[1]!)) values.set(named[1]!, named[2]!);
    else leftover.push(word);
  }
  let restLeft = values.size === 0 ? rest : leftover.join(' ');
  if (inputNames.length === 1 && values.size === 0 && rest) {
    values.set(inputNames[0]!, rest);
    restLeft = '';
  }
  const unfilled: string[] = [];
  let text = template.replace(INPUT, (whole, name: string) => {
    const value = values.get(name);
    if (value === undefined) unfilled.push(whole);
    return value ?? whole;
  });
  text = text.replace(EDITOR_VARIABLE, (whole, name: string) => {
    const value = editorVariable(name, context);
    if (value === undefined) unfilled.push(whole);
    return value ?? whole;
  });
  return { text: withRest(text, restLeft, false), unfilled: [...new Set(unfilled)] };
}

/** Fills `template` (in `syntax`) with `rest`, the text typed after the command's name. */
export function expandTemplate(template: string, syntax: ArgumentSyntax, rest: string, context: CommandContext = {}): ExpandedTemplate {
  const trimmed = rest.trim();
  if (syntax === 'arguments') return expandArguments(template, trimmed);
  if (syntax === 'inputs') return expandInputs(template, trimmed, context);
  return { text: withRest(template, trimmed, false), unfilled: [] };
}

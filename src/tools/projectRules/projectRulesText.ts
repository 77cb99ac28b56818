/**
 * The project rules as the model reads them: each instruction file between lines naming its
 * path, within a per-file and a total length limit. A file over its share is cut with the core's
 * head-and-tail truncation (its marker says how much is missing) and its opening line says so;
 * files that no longer fit are named at the end, so the model knows they exist and can read them.
 */
import { truncateMiddle } from '../../core/util/truncate';

/** Length limits of the rules' contents, in characters. */
export interface ProjectRulesLimits {
  /** One file's content is cut to this. */
  maxFileChars: number;
  /** The contents of all files together stay within this. */
  maxTotalChars: number;
}

export const DEFAULT_PROJECT_RULES_LIMITS: ProjectRulesLimits = { maxFileChars: 16_000, maxTotalChars: 32_000 };

/** Below this many characters of room a file is left out rather than cut to a stub. */
const SMALLEST_USEFUL_CUT = 400;

/** One instruction file read from the workspace. */
export interface RuleFileText {
  /** How the file is named to the model and in the chat view (relative, folder-prefixed when there are several). */
  displayPath: string;
  /** Canonical absolute path (to open it). */
  path: string;
  text: string;
}

/** What became of one instruction file. */
interface ProjectRuleFile {
  displayPath: string;
  path: string;
  /** 'whole', 'cut' (part of its middle left out), or 'leftOut' (no room left). */
  usage: 'whole' | 'cut' | 'leftOut';
  /** The file's length in characters. */
  chars: number;
  /** Characters the model did not get. */
  omittedChars: number;
}

/** The rules section of the system prompt and what each file contributed. */
export interface ComposedProjectRules {
  /** '' when there is no instruction file. */
  instructions: string;
  files: ProjectRuleFile[];
}

/** Lays the files out in order, cutting and leaving out what the limits require. */
export function composeProjectRules(ruleFiles: readonly RuleFileText[], limits: ProjectRulesLimits = DEFAULT_PROJECT_RULES_LIMITS): ComposedProjectRules {
  if (ruleFiles.length === 0) return { instructions: '', files: [] };
  let room = limits.maxTotalChars;
  const blocks: string[] = [];
  const files: ProjectRuleFile[] = [];
  for (const ruleFile of ruleFiles) {
    const chars = ruleFile.text.length;
    const allowance = Math.min(limits.maxFileChars, room);
    if (chars > allowance && allowance < SMALLEST_USEFUL_CUT) {
      files.push({ displayPath: ruleFile.displayPath, path: ruleFile.path, usage: 'leftOut', chars, omittedChars: chars });
      continue;
    }
    const cut = truncateMiddle(ruleFile.text, allowance);
    room -= cut.text.length;
    const note = cut.omitted > 0 ? ` (cut to ${cut.text.length} of ${chars} characters: ${cut.omitted} left out in the middle)` : '';
    blocks.push(`--- BEGIN ${ruleFile.displayPath}${note} ---\n${cut.text.replace(/\n$/, '')}\n--- END ${ruleFile.displayPath} ---`);
    files.push({ displayPath: ruleFile.displayPath, path: ruleFile.path, usage: cut.omitted > 0 ? 'cut' : 'whole', chars, omittedChars: cut.omitted });
  }
  const leftOut = files.filter((file) => file.usage === 'leftOut').map((file) => file.displayPath);
  const sections = [
    'PROJECT RULES:',
    'This workspace keeps instructions for coding assistants in the files below. Follow them in this task unless the user asks otherwise. ' +
      'An AGENTS.md in a subfolder is about the files under that folder and takes precedence over one nearer the workspace root.',
  ];
  if (files.some((file) => file.usage !== 'whole')) {
    sections.push(`The rules are limited to ${limits.maxFileChars} characters per file and ${limits.maxTotalChars} in all: a file marked "cut" misses part of its middle; read it with read_file when that part matters.`);
  }
  sections.push('', blocks.join('\n\n'));
  if (leftOut.length > 0) sections.push('', `Not included for lack of room (read them with read_file when they matter): ${leftOut.join(', ')}.`);
  return { instructions: sections.join('\n'), files };
}

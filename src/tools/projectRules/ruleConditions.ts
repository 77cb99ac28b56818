/**
 * Conditional rule files: a rule file may open with YAML front matter whose `paths` globs scope
 * it to parts of the workspace, the convention Cline's rules use ("---\npaths:\n  - src/**\n---").
 * Such a file applies to a task only when one of the task's files (workspace-relative, '/'
 * separated) matches one of the globs. The front matter is metadata: the model gets the body.
 *
 * The rules, chosen to match what those files' authors expect:
 * - no front matter, no `paths`, or front matter that is not valid YAML: the file always applies
 *   (as written, front matter included when it could not be read);
 * - `paths` that is not a list of strings (or one string): ignored, the file applies;
 * - `paths: []`: the file never applies (an explicit way to turn a rule off);
 * - `paths` with globs but a task with no files to match: the file does not apply.
 * Pure: text in, decision out.
 */
import picomatch from 'picomatch';
import { readFrontMatter } from '../../core/util/frontMatter';

/** A rule file's text split into its front matter and its body. */
interface RuleFrontMatter {
  /** The text the model reads: the body, or the whole text when there is no readable front matter. */
  body: string;
  /** The globs of `paths`, when the front matter gives usable ones (possibly none: `paths: []`). */
  paths?: string[];
  /** Why front matter that is there could not be read (the file then applies as written). */
  problem?: string;
}

/** What to do with one rule file for one task. */
interface RuleDecision {
  applies: boolean;
  /** The text to give the model when it applies. */
  body: string;
  /** The globs that matched one of the task's files (for the log). */
  matched: string[];
  /** The file's globs, when it is scoped. */
  paths?: string[];
  problem?: string;
}

/** Splits `text` into front matter and body; never throws. */
export function parseRuleFrontMatter(text: string): RuleFrontMatter {
  const header = readFrontMatter(text);
  if (header.status === 'none' || header.status === 'unclosed') return { body: text };
  if (header.status === 'invalid') return { body: text, problem: `its front matter is not valid YAML (${header.problem})` };
  const { data, body } = header;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { body };
  const paths = (data as Record<string, unknown>).paths;
  if (typeof paths === 'string') return { body, paths: paths.trim() ? [paths.trim()] : [] };
  if (Array.isArray(paths) && paths.every((entry) => typeof entry === 'string')) return { body, paths: paths.map((entry) => entry.trim()).filter(Boolean) };
  return { body };
}

/** Whether the rule file `text` applies to a task about `taskPaths` (workspace-relative, '/' separated). */
export function decideRule(text: string, taskPaths: readonly string[]): RuleDecision {
  const parsed = parseRuleFrontMatter(text);
  if (!parsed.paths) return { applies: true, body: parsed.body, matched: [], ...(parsed.problem ? { problem: parsed.problem } : {}) };
  const candidates = taskPaths.map((candidate) => candidate.replace(/\\/g, '/').replace(/^\.\//, '')).filter(Boolean);
  const matched = parsed.paths.filter((glob) => {
    const matches = picomatch(glob, { dot: true });
    return candidates.some((candidate) => matches(candidate));
  });
  return { applies: matched.length > 0, body: parsed.body, matched, paths: parsed.paths };
}

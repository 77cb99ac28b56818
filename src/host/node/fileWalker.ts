/**
 * Recursive file listing for the Node host: glob filter (picomatch), excludes, and .gitignore
 * files (the `ignore` package) from the workspace folder down, capped with a count of the rest.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import picomatch from 'picomatch';
import { PTKAbortError } from '../../core/errors';
import type { ListFilesResult } from '../../core/workspace';
import { climbsOutOfBase } from '../../tools/pathSafety';

/** Stop counting left-out files past this many (then the count is a lower bound). */
const MAX_COUNTED_FILES = 100_000;

/** Options of `walkFiles`. */
interface WalkOptions {
  /** The workspace folder containing `directory` (.gitignore files are read from there down). */
  root: string;
  /** Glob relative to `directory`; without a "/" it matches file names at any depth. */
  pattern?: string;
  limit: number;
  respectExcludes: boolean;
  /** Globs relative to the root (files.exclude-like). */
  excludes: readonly string[];
  /** Globs relative to the root, always applied. */
  extraExcludes?: readonly string[];
  signal?: AbortSignal;
}

interface IgnoreScope {
  base: string;
  rules: Ignore;
}

async function loadGitignore(directory: string): Promise<IgnoreScope | undefined> {
  const text = await fs.readFile(path.join(directory, '.gitignore'), 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  return { base: directory, rules: ignore().add(text) };
}

function toPosix(relativePath: string): string {
  return relativePath.split(path.sep).join('/');
}

/** Git's rule: scopes apply from the top down, and a deeper .gitignore (e.g. "!keep.tmp") overrides a higher one. */
function isIgnored(scopes: readonly IgnoreScope[], absolutePath: string, isDirectory: boolean): boolean {
  let ignored = false;
  for (const scope of scopes) {
    const relative = toPosix(path.relative(scope.base, absolutePath));
    if (relative === '' || climbsOutOfBase(relative)) continue;
    const verdict = scope.rules.test(isDirectory ? `${relative}/` : relative);
    if (verdict.ignored) ignored = true;
    else if (verdict.unignored) ignored = false;
  }
  return ignored;
}

/** Lists files under `directory` (absolute), depth-first in name order. */
export async function walkFiles(directory: string, options: WalkOptions): Promise<ListFilesResult> {
  const patternMatcher = options.pattern
    ? picomatch(options.pattern, { dot: true, basename: !options.pattern.includes('/') })
    : undefined;
  const excludeGlobs = [...(options.respectExcludes ? options.excludes : []), ...(options.extraExcludes ?? [])];
  const excludeMatcher = excludeGlobs.length > 0 ? picomatch(excludeGlobs, { dot: true }) : undefined;

  // .gitignore files between the root and the listed folder apply too.
  const scopes: IgnoreScope[] = [];
  if (options.respectExcludes) {
    const chain: string[] = [];
    for (let current = directory; ; current = path.dirname(current)) {
      chain.unshift(current);
      if (current === options.root || path.dirname(current) === current || !current.startsWith(options.root)) break;
    }
    for (const folder of chain.slice(0, -1)) {
      const scope = await loadGitignore(folder);
      if (scope) scopes.push(scope);
    }
  }

  const files: string[] = [];
  let matched = 0;
  let stoppedCounting = false;

  const visit = async (folder: string, inherited: IgnoreScope[]): Promise<void> => {
    if (options.signal?.aborted) throw new PTKAbortError();
    let active = inherited;
    if (options.respectExcludes) {
      const own = await loadGitignore(folder);
      if (own) active = [...inherited, own];
    }
    const entries = await fs.readdir(folder, { withFileTypes: true }).catch(() => []);
    entries.sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
    for (const entry of entries) {
      if (stoppedCounting) return;
      const absolute = path.join(folder, entry.name);
      let isDirectory = entry.isDirectory();
      let isFile = entry.isFile();
      if (entry.isSymbolicLink()) {
        // Symlinked folders are not followed (loops, escapes); symlinked files are listed.
        const target = await fs.stat(absolute).catch(() => undefined);
        isFile = target?.isFile() ?? false;
        isDirectory = false;
      }
      if (!isDirectory && !isFile) continue;
      if (excludeMatcher?.(toPosix(path.relative(options.root, absolute)))) continue;
      if (options.respectExcludes && (entry.name === '.git' || isIgnored(active, absolute, isDirectory))) continue;
      if (isDirectory) {
        await visit(absolute, active);
        continue;
      }
      if (patternMatcher && !patternMatcher(toPosix(path.relative(directory, absolute)))) continue;
      matched++;
      if (files.length < options.limit) files.push(absolute);
      else if (matched >= MAX_COUNTED_FILES) stoppedCounting = true;
    }
  };
  await visit(directory, scopes);
  return { files, omitted: matched - files.length, ...(stoppedCounting ? { omittedIsLowerBound: true } : {}) };
}

/**
 * Building ripgrep's command line for a WorkspaceSearchQuery and parsing its output. Pure;
 * `runRipgrep` (ripgrepRunner.ts) uses it for both hosts.
 */
import type { WorkspaceSearchMatch, WorkspaceSearchQuery } from '../../core/workspace';

/** Globs excluded by default, like VS Code's files.exclude and search.exclude defaults. */
export const DEFAULT_EXCLUDES: readonly string[] = [
  '**/.git',
  '**/.svn',
  '**/.hg',
  '**/CVS',
  '**/.DS_Store',
  '**/Thumbs.db',
  '**/node_modules',
  '**/bower_components',
  '**/*.code-search',
];

/**
 * rg arguments: `path\0line:column:text` per match (--null), hidden files searched, .gitignore
 * honoured even outside a git repository, excludes as negated globs.
 *
 * Symbolic links are never followed: `--no-follow` (and `--no-config`, so no
 * RIPGREP_CONFIG_PATH file can add `--follow`), and no path arguments at all, because rg
 * follows a symlink given as an argument. rg searches its working directory instead and prints
 * paths relative to it, which is also what makes include globs containing "/" (e.g. "src/**")
 * match: rg matches them against the path it prints.
 */
export function ripgrepArguments(query: WorkspaceSearchQuery, excludes: readonly string[]): string[] {
  const args = ['--no-config', '--no-follow', '--null', '--line-number', '--column', '--no-heading', '--with-filename', '--color', 'never', '--hidden', '--no-messages', '--max-columns', '1000', '--max-columns-preview'];
  args.push(query.caseSensitive ? '--case-sensitive' : '--ignore-case');
  if (!query.isRegex) args.push('--fixed-strings');
  if (query.respectExcludes === false) args.push('--no-ignore');
  else args.push('--no-require-git');
  for (const include of query.include ?? []) args.push('--glob', include);
  const negated = [...(query.respectExcludes === false ? [] : excludes), ...(query.exclude ?? [])];
  for (const exclude of negated) {
    args.push('--glob', `!${exclude}`);
    // rg globs match a directory by name; "**/x" also needs "**/x/**" for files under it.
    if (!exclude.endsWith('/**')) args.push('--glob', `!${exclude}/**`);
  }
  args.push('--regexp', query.pattern);
  return args;
}

/** Parses one output line `path\0line:column:text`; undefined for anything else. */
export function parseRipgrepLine(line: string): WorkspaceSearchMatch | undefined {
  const nul = line.indexOf('\u0000');
  if (nul === -1) return undefined;
  const rest = line.slice(nul + 1);
  const match = /^(\d+):(\d+):/.exec(rest);
  if (!match) return undefined;
  return { path: line.slice(0, nul), line: Number(match[1]), column: Number(match[2]), text: rest.slice(match[0].length).replace(/\r$/, '') };
}

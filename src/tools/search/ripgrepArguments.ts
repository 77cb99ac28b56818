/**
 * Building ripgrep's command line for a WorkspaceSearchQuery and parsing its output. Pure,
 * shared by the Node and VS Code hosts (each finds its own rg binary and spawns it).
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
 * Pass NO searchPaths and spawn rg with the search folder as its working directory: rg matches
 * --glob patterns containing "/" (e.g. include "src/**") against the path it prints, so with an
 * absolute search path they never match. `runRipgrep` (src/host/node/ripgrep.ts) does this.
 */
export function ripgrepArguments(query: WorkspaceSearchQuery, searchPaths: readonly string[], excludes: readonly string[]): string[] {
  const args = ['--null', '--line-number', '--column', '--no-heading', '--with-filename', '--color', 'never', '--hidden', '--no-messages', '--max-columns', '1000', '--max-columns-preview'];
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
  // No path: rg searches its working directory and prints paths relative to it.
  if (searchPaths.length > 0) args.push('--', ...searchPaths);
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

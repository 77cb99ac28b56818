/**
 * The JS fallback of search_code, used when no ripgrep binary is found. Works through the
 * port's listFiles, realpath and readFile, so either host can use it.
 *
 * Listings may hold symbolic links (the Node walker lists symlinked files; VS Code's findFiles
 * follows symlinked folders), so before a file is read its real path must lie inside a
 * workspace folder and must not match an exclude glob (search_code passes the deny list as
 * excludes): a link never leads the search out of the workspace or into a denied file.
 */
import path from 'node:path';
import picomatch from 'picomatch';
import { PTKAbortError, PTKErrorCode, WorkspaceError } from '../../core/errors';
import type { Workspace, WorkspaceSearchMatch, WorkspaceSearchQuery, WorkspaceSearchResult } from '../../core/workspace';
import { climbsOutOfBase } from '../../tools/pathSafety';
import { decodeText, isBinary } from '../../tools/text/binary';

/** Files larger than this are skipped by the JS search. */
const MAX_SEARCH_FILE_BYTES = 10 * 1024 * 1024;
/** Most files the JS search walks. */
const MAX_SEARCH_FILES = 1_000_000;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Compiles the query; a bad regular expression throws INVALID_SEARCH_PATTERN. */
function compileSearchPattern(query: Pick<WorkspaceSearchQuery, 'pattern' | 'isRegex' | 'caseSensitive'>): RegExp {
  const source = query.isRegex ? query.pattern : escapeRegExp(query.pattern);
  try {
    return new RegExp(source, query.caseSensitive ? 'g' : 'gi');
  } catch (error) {
    throw new WorkspaceError(`Invalid regular expression "${query.pattern}": ${(error as Error).message}`, { code: PTKErrorCode.INVALID_SEARCH_PATTERN, cause: error });
  }
}

/** Searches the files `listFiles` returns, line by line, stopping at maxResults. */
export async function searchWithJavaScript(
  workspace: Pick<Workspace, 'roots' | 'listFiles' | 'readFile' | 'stat' | 'realpath' | 'caseInsensitive'>,
  query: WorkspaceSearchQuery,
  signal?: AbortSignal,
): Promise<WorkspaceSearchResult> {
  const regex = compileSearchPattern(query);
  const folders = query.folder ? [query.folder] : [...workspace.roots];
  const matches: WorkspaceSearchMatch[] = [];
  const include = query.include ?? [];
  const exclude = query.exclude ?? [];
  const excluded = exclude.length > 0 ? excludeMatcher(exclude) : undefined;
  const canonicalRoots = await Promise.all(workspace.roots.map(async (root) => (await workspace.realpath(root)) ?? root));
  const caseInsensitive = workspace.caseInsensitive ?? false;
  for (const folder of folders) {
    const listed = await workspace.listFiles(folder, {
      limit: MAX_SEARCH_FILES,
      respectExcludes: query.respectExcludes ?? true,
      signal,
      ...(include.length > 0 ? { pattern: include.length === 1 ? include[0] : `{${include.join(',')}}` } : {}),
    });
    for (const file of listed.files) {
      if (signal?.aborted) throw new PTKAbortError();
      if (excluded?.(relativeTo(folder, file))) continue;
      const realPath = await workspace.realpath(file).catch(() => undefined);
      if (realPath === undefined) continue;
      const realRoot = canonicalRoots.find((root) => isInside(root, realPath, caseInsensitive));
      if (realRoot === undefined || excluded?.(relativeTo(realRoot, realPath))) continue;
      const stat = await workspace.stat(realPath);
      if (!stat || stat.type !== 'file' || stat.size > MAX_SEARCH_FILE_BYTES) continue;
      const bytes = await workspace.readFile(realPath).catch(() => undefined);
      if (!bytes || isBinary(bytes)) continue;
      const lines = decodeText(bytes).split('\n');
      for (let index = 0; index < lines.length; index++) {
        const line = lines[index]!.replace(/\r$/, '');
        regex.lastIndex = 0;
        const found = regex.exec(line);
        if (!found) continue;
        matches.push({ path: file, line: index + 1, column: found.index + 1, text: line });
        if (matches.length >= query.maxResults) return { matches, truncated: true, engine: 'js' };
      }
    }
  }
  return { matches, truncated: false, engine: 'js' };
}

/** True when `child` is `parent` or lies under it. */
function isInside(parent: string, child: string, caseInsensitive: boolean): boolean {
  const relative = caseInsensitive ? path.relative(parent.toLowerCase(), child.toLowerCase()) : path.relative(parent, child);
  return relative === '' || (!climbsOutOfBase(relative) && !path.isAbsolute(relative));
}

function relativeTo(folder: string, file: string): string {
  return path.relative(folder, file).split(path.sep).join('/');
}

function excludeMatcher(globs: readonly string[]): (relativePath: string) => boolean {
  const matchers = globs.map((glob) => picomatch(glob, { dot: true }));
  const basenameMatchers = globs.filter((glob) => !glob.includes('/')).map((glob) => picomatch(glob, { dot: true, basename: true }));
  return (relativePath) => matchers.some((matcher) => matcher(relativePath)) || basenameMatchers.some((matcher) => matcher(relativePath));
}

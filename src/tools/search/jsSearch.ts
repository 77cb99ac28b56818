/**
 * The JS fallback of search_code, used when no ripgrep binary is found. Works through the
 * port's listFiles and readFile, so either host can use it.
 */
import picomatch from 'picomatch';
import { PTKAbortError, PTKErrorCode, WorkspaceError } from '../../core/errors';
import type { Workspace, WorkspaceSearchMatch, WorkspaceSearchQuery, WorkspaceSearchResult } from '../../core/workspace';
import { decodeText, isBinary } from '../text/binary';

/** Files larger than this are skipped by the JS search. */
const MAX_SEARCH_FILE_BYTES = 10 * 1024 * 1024;
/** Most files the JS search walks. */
const MAX_SEARCH_FILES = 1_000_000;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Compiles the query; a bad regular expression throws INVALID_SEARCH_PATTERN. */
export function compileSearchPattern(query: Pick<WorkspaceSearchQuery, 'pattern' | 'isRegex' | 'caseSensitive'>): RegExp {
  const source = query.isRegex ? query.pattern : escapeRegExp(query.pattern);
  try {
    return new RegExp(source, query.caseSensitive ? 'g' : 'gi');
  } catch (error) {
    throw new WorkspaceError(`Invalid regular expression "${query.pattern}": ${(error as Error).message}`, PTKErrorCode.INVALID_SEARCH_PATTERN, { cause: error });
  }
}

/** Searches the files `listFiles` returns, line by line, stopping at maxResults. */
export async function searchWithJavaScript(
  workspace: Pick<Workspace, 'roots' | 'listFiles' | 'readFile' | 'stat'>,
  query: WorkspaceSearchQuery,
  signal?: AbortSignal,
): Promise<WorkspaceSearchResult> {
  const regex = compileSearchPattern(query);
  const folders = query.folder ? [query.folder] : [...workspace.roots];
  const matches: WorkspaceSearchMatch[] = [];
  const includeExclude = { include: query.include ?? [], exclude: query.exclude ?? [] };
  for (const folder of folders) {
    const listed = await workspace.listFiles(folder, {
      limit: MAX_SEARCH_FILES,
      respectExcludes: query.respectExcludes ?? true,
      signal,
      ...(includeExclude.include.length > 0 ? { pattern: includeExclude.include.length === 1 ? includeExclude.include[0] : `{${includeExclude.include.join(',')}}` } : {}),
    });
    const excluded = includeExclude.exclude.length > 0 ? excludeMatcher(includeExclude.exclude) : undefined;
    for (const file of listed.files) {
      if (signal?.aborted) throw new PTKAbortError();
      if (excluded && excluded(relativeTo(folder, file))) continue;
      const stat = await workspace.stat(file);
      if (!stat || stat.type !== 'file' || stat.size > MAX_SEARCH_FILE_BYTES) continue;
      const bytes = await workspace.readFile(file).catch(() => undefined);
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

function relativeTo(folder: string, file: string): string {
  const relative = file.startsWith(folder) ? file.slice(folder.length) : file;
  return relative.replace(/^[\\/]+/, '').split('\\').join('/');
}

function excludeMatcher(globs: readonly string[]): (relativePath: string) => boolean {
  const matchers = globs.map((glob) => picomatch(glob, { dot: true }));
  const basenameMatchers = globs.filter((glob) => !glob.includes('/')).map((glob) => picomatch(glob, { dot: true, basename: true }));
  return (relativePath) => matchers.some((matcher) => matcher(relativePath)) || basenameMatchers.some((matcher) => matcher(relativePath));
}

/**
 * Running ripgrep for a search, the same way in both hosts: the Node host passes the rg on
 * PATH, the VS Code host the rg bundled with VS Code (else the one on PATH).
 *
 * rg runs once per search folder with that folder as its working directory and no path
 * argument, so include/exclude globs are relative to the folder ("src/**" matches, as in VS
 * Code's search view) and symbolic links are never followed (see ripgrepArguments). The
 * relative paths rg prints are made absolute again.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { PTKAbortError, PTKErrorCode, WorkspaceError } from '../../core/errors';
import type { WorkspaceSearchMatch, WorkspaceSearchQuery, WorkspaceSearchResult } from '../../core/workspace';
import { parseRipgrepLine, ripgrepArguments } from './ripgrepArguments';

/** The exclude globs for a search folder: one list for all, or a function of the folder (VS Code's settings are per folder). */
type RipgrepExcludes = readonly string[] | ((folder: string) => readonly string[]);

/**
 * Runs rg for the query in each of `searchFolders` (absolute) in turn and parses its matches;
 * stops (kills rg) at maxResults. rg searches files in parallel, so each folder's matches are
 * sorted by path: an uncapped result is the same on every run. A bad regular expression throws
 * INVALID_SEARCH_PATTERN; an aborted signal kills rg and throws ABORTED.
 */
export async function runRipgrep(ripgrepPath: string, query: WorkspaceSearchQuery, searchFolders: readonly string[], excludes: RipgrepExcludes, signal?: AbortSignal): Promise<WorkspaceSearchResult> {
  const matches: WorkspaceSearchMatch[] = [];
  for (const folder of searchFolders) {
    const folderExcludes = typeof excludes === 'function' ? excludes(folder) : excludes;
    const found = await runRipgrepInFolder(ripgrepPath, { ...query, maxResults: query.maxResults - matches.length }, folder, folderExcludes, signal);
    matches.push(...found.matches);
    if (found.truncated) return { matches, truncated: true, engine: 'ripgrep' };
  }
  return { matches, truncated: false, engine: 'ripgrep' };
}

/** Orders matches by file path; matches of one file keep rg's (line) order. */
function sortByPath(matches: WorkspaceSearchMatch[]): WorkspaceSearchMatch[] {
  return matches.sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0));
}

/** One folder: rg in `folder` as its working directory; its relative paths made absolute. */
function runRipgrepInFolder(ripgrepPath: string, query: WorkspaceSearchQuery, folder: string, excludes: readonly string[], signal?: AbortSignal): Promise<WorkspaceSearchResult> {
  if (signal?.aborted) return Promise.reject(new PTKAbortError());
  return new Promise((resolve, reject) => {
    const child = spawn(ripgrepPath, ripgrepArguments(query, excludes), { cwd: folder, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    const matches: WorkspaceSearchMatch[] = [];
    let carry = '';
    let stderr = '';
    let truncated = false;
    let settled = false;
    const finish = (action: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      action();
    };
    const onAbort = () => {
      child.kill();
      finish(() => reject(new PTKAbortError()));
    };
    const add = (line: string): void => {
      const match = parseRipgrepLine(line);
      if (!match) return;
      matches.push({ ...match, path: path.join(folder, match.path) });
      if (matches.length >= query.maxResults) {
        truncated = true;
        child.kill();
        finish(() => resolve({ matches: sortByPath(matches), truncated: true, engine: 'ripgrep' }));
      }
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (truncated) return;
      const lines = (carry + chunk).split('\n');
      carry = lines.pop() ?? '';
      for (const line of lines) {
        add(line);
        if (truncated) return;
      }
    });
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 4000) stderr += chunk;
    });
    child.on('error', (error) => finish(() => reject(new WorkspaceError(`Could not run ripgrep (${ripgrepPath}): ${error.message}`, { code: PTKErrorCode.TOOL_EXECUTION_FAILED, cause: error }))));
    child.on('close', (code) => {
      if (carry && !truncated) add(carry);
      // rg: 0 = matches, 1 = none, 2 = an error (a bad regex, or only unreadable files).
      if (code === 2 && matches.length === 0 && /regex|parse error|unclosed|unrecognized/i.test(stderr)) {
        finish(() => reject(new WorkspaceError(`Invalid regular expression "${query.pattern}": ${stderr.trim().split('\n').slice(-3).join(' ')}`, { code: PTKErrorCode.INVALID_SEARCH_PATTERN })));
        return;
      }
      finish(() => resolve({ matches: sortByPath(matches), truncated, engine: 'ripgrep' }));
    });
  });
}

/**
 * Finding and running ripgrep. Used by the Node host; the VS Code host can reuse
 * `runRipgrep` with the rg bundled under vscode.env.appRoot.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { PTKAbortError, PTKErrorCode, WorkspaceError } from '../../core/errors';
import type { WorkspaceSearchMatch, WorkspaceSearchQuery, WorkspaceSearchResult } from '../../core/workspace';
import { parseRipgrepLine, ripgrepArguments } from '../../tools/search/ripgrepArguments';

/** The first executable `rg` (rg.exe on Windows) on PATH, or undefined. */
export function findRipgrepOnPath(environmentPath: string | undefined = process.env.PATH): string | undefined {
  const names = process.platform === 'win32' ? ['rg.exe', 'rg.cmd'] : ['rg'];
  for (const directory of (environmentPath ?? '').split(path.delimiter)) {
    if (!directory) continue;
    for (const name of names) {
      const candidate = path.join(directory, name);
      try {
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        // not here
      }
    }
  }
  return undefined;
}

/** Where VS Code (desktop, server, code-server) keeps its bundled rg, relative to `vscode.env.appRoot`. */
export const BUNDLED_RIPGREP_LOCATIONS: readonly string[] = [
  'node_modules/@vscode/ripgrep/bin',
  'node_modules.asar.unpacked/@vscode/ripgrep/bin',
  `node_modules/@vscode/ripgrep-universal/bin/${process.platform}-${process.arch}`,
  'node_modules/vscode-ripgrep/bin',
  'node_modules.asar.unpacked/vscode-ripgrep/bin',
];

/** The rg shipped inside VS Code under `appRoot` (vscode.env.appRoot), or undefined. */
export function findBundledRipgrep(appRoot: string): string | undefined {
  const name = process.platform === 'win32' ? 'rg.exe' : 'rg';
  for (const location of BUNDLED_RIPGREP_LOCATIONS) {
    const candidate = path.join(appRoot, location, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/**
 * Runs rg for the query in each of `searchFolders` and parses its matches; stops (kills rg) at
 * maxResults. A bad regular expression throws INVALID_SEARCH_PATTERN.
 */
export async function runRipgrep(ripgrepPath: string, query: WorkspaceSearchQuery, searchFolders: readonly string[], excludes: readonly string[], signal?: AbortSignal): Promise<WorkspaceSearchResult> {
  const matches: WorkspaceSearchMatch[] = [];
  for (const folder of searchFolders) {
    const found = await runRipgrepInFolder(ripgrepPath, { ...query, maxResults: query.maxResults - matches.length }, folder, excludes, signal);
    matches.push(...found.matches);
    if (found.truncated) return { matches, truncated: true, engine: 'ripgrep' };
  }
  return { matches, truncated: false, engine: 'ripgrep' };
}

/**
 * One folder: rg runs with the folder as its working directory (so include/exclude globs are
 * relative to it, as in VS Code) and its relative paths are made absolute.
 */
function runRipgrepInFolder(ripgrepPath: string, query: WorkspaceSearchQuery, folder: string, excludes: readonly string[], signal?: AbortSignal): Promise<WorkspaceSearchResult> {
  if (signal?.aborted) return Promise.reject(new PTKAbortError());
  return new Promise((resolve, reject) => {
    const child = spawn(ripgrepPath, ripgrepArguments(query, [], excludes), { cwd: folder, stdio: ['ignore', 'pipe', 'pipe'] });
    const matches: WorkspaceSearchMatch[] = [];
    let carry = '';
    let stderr = '';
    let truncated = false;
    let settled = false;
    const onAbort = () => {
      child.kill();
      finish(() => reject(new PTKAbortError()));
    };
    const finish = (action: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      action();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (truncated) return;
      const lines = (carry + chunk).split('\n');
      carry = lines.pop() ?? '';
      for (const line of lines) {
        const match = parseRipgrepLine(line);
        if (!match) continue;
        match.path = path.join(folder, match.path);
        matches.push(match);
        if (matches.length >= query.maxResults) {
          truncated = true;
          child.kill();
          finish(() => resolve({ matches, truncated: true, engine: 'ripgrep' }));
          return;
        }
      }
    });
    child.stderr.on('data', (chunk: string) => {
      if (stderr.length < 4000) stderr += chunk;
    });
    child.on('error', (error) => finish(() => reject(new WorkspaceError(`Could not run ripgrep (${ripgrepPath}): ${error.message}`, PTKErrorCode.TOOL_EXECUTION_FAILED, { cause: error }))));
    child.on('close', (code) => {
      if (carry) {
        const match = parseRipgrepLine(carry);
        if (match && matches.length < query.maxResults) matches.push({ ...match, path: path.join(folder, match.path) });
      }
      if (code === 2 && /regex|parse error|unclosed|unrecognized/i.test(stderr)) {
        finish(() => reject(new WorkspaceError(`Invalid regular expression "${query.pattern}": ${stderr.trim().split('\n').slice(-3).join(' ')}`, PTKErrorCode.INVALID_SEARCH_PATTERN)));
        return;
      }
      finish(() => resolve({ matches, truncated, engine: 'ripgrep' }));
    });
  });
}

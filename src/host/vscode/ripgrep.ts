/**
 * Finding and running the ripgrep binary VS Code ships (search_code's fast path in VS Code).
 * Order: VS Code's own rg under `vscode.env.appRoot` (desktop and code-server layouts), then
 * an `rg` on PATH; when none is found the caller falls back to the JS search.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants as fsConstants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { PTKAbortError, PTKErrorCode, WorkspaceError } from '../../core/errors';
import type { WorkspaceSearchMatch, WorkspaceSearchQuery, WorkspaceSearchResult } from '../../core/workspace';
import { parseRipgrepLine, ripgrepArguments } from '../../tools/search/ripgrepArguments';

/** Places VS Code keeps rg, relative to its appRoot, most likely first. */
export function ripgrepCandidates(appRoot: string, platform: NodeJS.Platform = process.platform, arch: string = process.arch): string[] {
  const executable = platform === 'win32' ? 'rg.exe' : 'rg';
  const universalDir = `${platform === 'win32' ? 'win32' : platform}-${arch}`;
  const roots = [appRoot, join(appRoot, '..'), join(appRoot, '..', '..')];
  const candidates: string[] = [];
  for (const root of roots) {
    candidates.push(
      join(root, 'node_modules', '@vscode', 'ripgrep', 'bin', executable),
      join(root, 'node_modules.asar.unpacked', '@vscode', 'ripgrep', 'bin', executable),
      join(root, 'node_modules', '@vscode', 'ripgrep-universal', 'bin', universalDir, executable),
      join(root, 'node_modules.asar.unpacked', '@vscode', 'ripgrep-universal', 'bin', universalDir, executable),
      join(root, 'node_modules', 'vscode-ripgrep', 'bin', executable),
      join(root, 'node_modules.asar.unpacked', 'vscode-ripgrep', 'bin', executable),
    );
  }
  return candidates;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, process.platform === 'win32' ? fsConstants.F_OK : fsConstants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Where rg was found, and whether it is VS Code's own copy. */
export interface RipgrepLocation {
  path: string;
  source: 'vscode' | 'path';
}

/** VS Code's rg, else an rg on PATH, else undefined. */
export function findRipgrep(appRoot: string | undefined, pathVariable: string = process.env.PATH ?? ''): RipgrepLocation | undefined {
  if (appRoot) {
    const bundled = ripgrepCandidates(appRoot).find(isExecutable);
    if (bundled) return { path: bundled, source: 'vscode' };
  }
  const executable = process.platform === 'win32' ? 'rg.exe' : 'rg';
  for (const directory of pathVariable.split(delimiter)) {
    if (!directory) continue;
    const candidate = join(directory, executable);
    if (isExecutable(candidate)) return { path: candidate, source: 'path' };
  }
  return undefined;
}

/**
 * Runs rg for a query over `searchPaths`, stopping (and killing rg) once maxResults matches
 * are in. Exit code 2 with a regex error becomes INVALID_SEARCH_PATTERN.
 */
export function searchWithRipgrep(
  ripgrepPath: string,
  query: WorkspaceSearchQuery,
  searchPaths: readonly string[],
  excludes: readonly string[],
  signal?: AbortSignal,
): Promise<WorkspaceSearchResult> {
  if (signal?.aborted) return Promise.reject(new PTKAbortError());
  // Sorted output so a capped result is the same on every run.
  const args = ['--sort', 'path', ...ripgrepArguments(query, searchPaths, excludes)];
  return new Promise<WorkspaceSearchResult>((resolve, reject) => {
    const child = spawn(ripgrepPath, args, { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    const matches: WorkspaceSearchMatch[] = [];
    let truncated = false;
    let pending = '';
    let stderr = '';
    const onAbort = (): void => {
      child.kill();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (truncated) return;
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const match = parseRipgrepLine(line);
        if (!match) continue;
        if (matches.length >= query.maxResults) {
          truncated = true;
          child.kill();
          return;
        }
        matches.push(match);
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < 4_000) stderr += chunk;
    });
    child.on('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(new WorkspaceError(`Could not run ripgrep (${ripgrepPath}): ${error.message}`, PTKErrorCode.TOOL_EXECUTION_FAILED, { cause: error }));
    });
    child.on('close', (exitCode) => {
      signal?.removeEventListener('abort', onAbort);
      if (signal?.aborted) {
        reject(new PTKAbortError());
        return;
      }
      if (!truncated && pending) {
        const match = parseRipgrepLine(pending);
        if (match && matches.length < query.maxResults) matches.push(match);
        else if (match) truncated = true;
      }
      // rg: 0 = matches, 1 = none, 2 = error (a bad regex, or only unreadable files).
      if (exitCode === 2 && matches.length === 0 && /regex|parse error/i.test(stderr)) {
        reject(new WorkspaceError(`Invalid regular expression "${query.pattern}": ${stderr.trim()}`, PTKErrorCode.INVALID_SEARCH_PATTERN));
        return;
      }
      resolve({ matches, truncated, engine: 'ripgrep' });
    });
  });
}

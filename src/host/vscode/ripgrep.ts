/**
 * Which ripgrep the VS Code host uses for search_code: VS Code's own rg under
 * `vscode.env.appRoot` (desktop and code-server layouts), else an `rg` on PATH; when none is
 * found the caller falls back to the JS search. Running it is shared with the Node host
 * (src/host/shared/ripgrepRunner.ts).
 */
import { accessSync, constants as fsConstants } from 'node:fs';
import { join } from 'node:path';
import { findRipgrepOnPath } from '../shared/ripgrepOnPath';

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
  const onPath = findRipgrepOnPath(pathVariable);
  return onPath ? { path: onPath, source: 'path' } : undefined;
}

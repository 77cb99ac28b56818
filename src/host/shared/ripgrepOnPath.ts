/**
 * Finding an `rg` on PATH: the Node host's ripgrep, and the VS Code host's when VS Code's own
 * copy is missing. Running it is src/host/shared/ripgrepRunner.ts.
 */
import { accessSync, constants } from 'node:fs';
import path from 'node:path';

/** The first executable `rg` (rg.exe on Windows) on PATH, or undefined. */
export function findRipgrepOnPath(environmentPath: string | undefined = process.env.PATH): string | undefined {
  const names = process.platform === 'win32' ? ['rg.exe', 'rg.cmd'] : ['rg'];
  for (const directory of (environmentPath ?? '').split(path.delimiter)) {
    if (!directory) continue;
    for (const name of names) {
      const candidate = path.join(directory, name);
      try {
        accessSync(candidate, process.platform === 'win32' ? constants.F_OK : constants.X_OK);
        return candidate;
      } catch {
        // not here
      }
    }
  }
  return undefined;
}

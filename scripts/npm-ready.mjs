// Usage: node scripts/npm-ready.mjs [--verbose] [project folder, default this repository]
// Exits 0 when node_modules holds exactly the packages package-lock.json names (each at its
// locked version), 1 otherwise. Plain Node with no dependency, so it runs before anything is
// installed. It reads what is on disk, so an install by `npm ci`, `npm install` or this
// project's setup all count, and a lock file changed by `git pull` is noticed.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/** The first package whose installed version differs from the lock file's, or undefined. */
export function firstMismatch(projectRoot) {
  const lock = readJson(join(projectRoot, 'package-lock.json'));
  if (!lock?.packages) return 'package-lock.json is missing or has no "packages" (lockfileVersion 2 or later)';
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (!path.startsWith('node_modules/') || entry.link) continue;
    const installed = readJson(join(projectRoot, path, 'package.json'));
    // Optional packages for another platform (esbuild's binaries, fsevents…) are not installed here.
    if (!installed && entry.optional) continue;
    if (!installed) return `${path} is not installed`;
    if (entry.version && installed.version !== entry.version) return `${path} is ${installed.version}, the lock file says ${entry.version}`;
  }
  return undefined;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const folder = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
  const mismatch = firstMismatch(folder ? resolve(folder) : root);
  if (mismatch) {
    if (process.argv.includes('--verbose')) console.log(`[setup] npm packages differ from package-lock.json: ${mismatch}`);
    process.exit(1);
  }
}

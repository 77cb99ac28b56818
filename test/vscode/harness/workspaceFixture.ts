/**
 * Fresh copies of the sample workspace. Fixture files that the repository's own git, tsc or
 * eslint would otherwise pick up are stored under other names and renamed on copy:
 * `_gitignore` → `.gitignore`, `_node_modules` → `node_modules`, a trailing `_` is dropped
 * (`main.ts_` → `main.ts`, `index.js_` → `index.js`).
 */
import { cpSync, readdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';

function restoreNames(directory: string): void {
  for (const name of readdirSync(directory)) {
    const full = join(directory, name);
    let target = full;
    if (name === '_gitignore') target = join(directory, '.gitignore');
    else if (name === '_node_modules') target = join(directory, 'node_modules');
    else if (name.endsWith('_')) target = join(directory, name.slice(0, -1));
    if (target !== full) renameSync(full, target);
    if (statSync(target).isDirectory()) restoreNames(target);
  }
}

/** Copies `fixtureDir` to `targetDir` with the real file names restored. */
export function copyWorkspaceFixture(fixtureDir: string, targetDir: string): string {
  cpSync(fixtureDir, targetDir, { recursive: true });
  restoreNames(targetDir);
  return targetDir;
}

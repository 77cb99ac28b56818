// Runs every *.test.ts under the given folders with node's built-in test runner (TypeScript
// through tsx). Usage: node scripts/run-tests.mjs [--one-process] test/unit [more dirs] [-- node args]
//
// By default each file runs in its own process (`node --test`). With --one-process, the files
// are imported by one entry module and run in one process: tsx starts once and the modules the
// files share load once. The unit lane uses it (its files keep no state across files); the
// browser and VS Code lanes keep a process per file.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const split = args.indexOf('--');
const options = split === -1 ? args : args.slice(0, split);
const extra = split === -1 ? [] : args.slice(split + 1);
const oneProcess = options.includes('--one-process');
const dirs = options.filter((option) => option !== '--one-process');

function collect(dir, out) {
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) collect(full, out);
    else if (name.endsWith('.test.ts')) out.push(full);
  }
  return out;
}

const files = dirs.flatMap((dir) => (statSync(dir).isDirectory() ? collect(dir, []) : [dir]));
if (files.length === 0) {
  console.error(`no test files under ${dirs.join(', ')}`);
  process.exit(1);
}

let status;
if (oneProcess) {
  const folder = mkdtempSync(join(tmpdir(), 'ptk-tests-'));
  const entry = join(folder, 'all.test.mjs');
  writeFileSync(entry, files.map((file) => `import ${JSON.stringify(pathToFileURL(resolve(file)).href)};`).join('\n') + '\n');
  try {
    // Without --test the tests run in this process; a failure sets the exit code.
    status = spawnSync(process.execPath, ['--import', 'tsx', '--test-reporter=spec', ...extra, entry], { stdio: 'inherit' }).status;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
} else {
  status = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...extra, ...files], { stdio: 'inherit' }).status;
}
process.exit(status ?? 1);

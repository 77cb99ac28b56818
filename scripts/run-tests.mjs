// Runs every *.test.ts under the given folders with node's built-in test runner
// (TypeScript through tsx). Usage: node scripts/run-tests.mjs test/unit [more dirs] [-- node args]
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const args = process.argv.slice(2);
const split = args.indexOf('--');
const dirs = split === -1 ? args : args.slice(0, split);
const extra = split === -1 ? [] : args.slice(split + 1);

function collect(dir, out) {
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) collect(full, out);
    else if (name.endsWith('.test.ts')) out.push(full);
  }
  return out;
}

const files = dirs.flatMap((dir) => collect(dir, []));
if (files.length === 0) {
  console.error(`no test files under ${dirs.join(', ')}`);
  process.exit(1);
}
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', ...extra, ...files], { stdio: 'inherit' });
process.exit(result.status ?? 1);

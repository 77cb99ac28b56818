// scripts/npm-ready.mjs decides whether setup runs `npm ci`: it must see an install made by
// anyone (no stamp of its own), and notice a lock file that moved on.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, test } from 'node:test';

const SCRIPT = resolve(__dirname, '..', '..', '..', 'scripts', 'npm-ready.mjs');
let project: string;

function lock(packages: Record<string, { version: string; optional?: boolean; link?: boolean }>): void {
  writeFileSync(join(project, 'package-lock.json'), JSON.stringify({ lockfileVersion: 3, packages: { '': { name: 'p' }, ...packages } }));
}
function install(name: string, version: string): void {
  mkdirSync(join(project, 'node_modules', name), { recursive: true });
  writeFileSync(join(project, 'node_modules', name, 'package.json'), JSON.stringify({ name, version }));
}
function check(): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [SCRIPT, '--verbose', project], { encoding: 'utf8' });
  return { status: result.status, output: result.stdout + result.stderr };
}

beforeEach(() => {
  project = mkdtempSync(join(tmpdir(), 'ptk-npm-ready-'));
});
afterEach(() => rmSync(project, { recursive: true, force: true }));

test('an install that matches the lock file is ready, whoever made it (no stamp needed)', () => {
  lock({ 'node_modules/a': { version: '1.0.0' }, 'node_modules/a/node_modules/b': { version: '2.0.0' } });
  install('a', '1.0.0');
  install('a/node_modules/b', '2.0.0');
  assert.deepEqual(check(), { status: 0, output: '' });
});

test('no node_modules at all: not ready, naming the first missing package', () => {
  lock({ 'node_modules/tsx': { version: '4.0.0' } });
  const { status, output } = check();
  assert.equal(status, 1);
  assert.match(output, /node_modules\/tsx is not installed/);
});

test('a lock file that moved on (git pull) is noticed by version', () => {
  lock({ 'node_modules/a': { version: '1.1.0' } });
  install('a', '1.0.0');
  const { status, output } = check();
  assert.equal(status, 1);
  assert.match(output, /node_modules\/a is 1\.0\.0, the lock file says 1\.1\.0/);
});

test("another platform's optional package may be missing; links are not checked", () => {
  lock({ 'node_modules/@esbuild/darwin-arm64': { version: '0.25.0', optional: true }, 'node_modules/local': { version: '1.0.0', link: true } });
  assert.equal(check().status, 0);
});

test('no lock file: not ready', () => {
  assert.equal(check().status, 1);
});

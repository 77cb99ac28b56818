/**
 * src/host/vscode/ripgrep.ts in plain Node: where VS Code's rg is looked for, and running it
 * (with the rg that ships inside the installed code-server, when present).
 */
import * as assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { findRipgrep, ripgrepCandidates, searchWithRipgrep } from '../../../src/host/vscode/ripgrep';
import { CODE_SERVER_PACKAGE } from '../harness/paths';

const CODE_SERVER_APP_ROOT = join(CODE_SERVER_PACKAGE, 'lib', 'vscode');

function makeExecutable(path: string): void {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, '#!/bin/sh\n');
  chmodSync(path, 0o755);
}

describe('ripgrepCandidates', () => {
  test('covers desktop VS Code, its asar-unpacked layout and code-server', () => {
    const candidates = ripgrepCandidates('/app', 'linux', 'x64');
    assert.ok(candidates.includes('/app/node_modules/@vscode/ripgrep/bin/rg'));
    assert.ok(candidates.includes('/app/node_modules.asar.unpacked/@vscode/ripgrep/bin/rg'));
    assert.ok(candidates.includes('/app/node_modules/@vscode/ripgrep-universal/bin/linux-x64/rg'));
    assert.equal(candidates[0], '/app/node_modules/@vscode/ripgrep/bin/rg', 'desktop layout first');
  });

  test('uses rg.exe on Windows', () => {
    assert.ok(ripgrepCandidates('C:/app', 'win32', 'x64').every((candidate) => candidate.endsWith('rg.exe')));
  });
});

describe('findRipgrep', () => {
  let scratch: string;
  before(() => {
    scratch = mkdtempSync(join(tmpdir(), 'ptk-rg-'));
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));

  test("prefers VS Code's own rg, then PATH, else nothing", () => {
    const appRoot = join(scratch, 'app');
    const pathDir = join(scratch, 'bin');
    makeExecutable(join(pathDir, 'rg'));
    assert.deepEqual(findRipgrep(appRoot, pathDir), { path: join(pathDir, 'rg'), source: 'path' });
    makeExecutable(join(appRoot, 'node_modules', '@vscode', 'ripgrep', 'bin', 'rg'));
    assert.deepEqual(findRipgrep(appRoot, pathDir), { path: join(appRoot, 'node_modules', '@vscode', 'ripgrep', 'bin', 'rg'), source: 'vscode' });
    assert.equal(findRipgrep(join(scratch, 'nowhere'), join(scratch, 'empty')), undefined);
  });

  test('skips a file that is not executable', () => {
    const appRoot = join(scratch, 'app2');
    const bundled = join(appRoot, 'node_modules', '@vscode', 'ripgrep', 'bin', 'rg');
    makeExecutable(bundled);
    chmodSync(bundled, 0o644);
    assert.equal(findRipgrep(appRoot, ''), undefined);
  });
});

describe('searchWithRipgrep (code-server\'s bundled rg)', () => {
  const location = findRipgrep(CODE_SERVER_APP_ROOT, '');
  let scratch: string;
  before(() => {
    scratch = mkdtempSync(join(tmpdir(), 'ptk-rg-search-'));
    mkdirSync(join(scratch, 'src'));
    mkdirSync(join(scratch, 'node_modules', 'dep'), { recursive: true });
    writeFileSync(join(scratch, 'src', 'a.ts'), 'const alpha = 1;\nconst beta = alpha + 1;\n');
    writeFileSync(join(scratch, 'src', 'b.ts'), 'export const ALPHA = "alpha";\n');
    writeFileSync(join(scratch, 'node_modules', 'dep', 'index.js'), 'alpha\n');
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));
  const skip = location ? false : 'code-server is not installed (bash scripts/setup-vscode.sh)';

  test('finds matches in path order, 1-based, excludes applied', { skip }, async () => {
    const result = await searchWithRipgrep(location!.path, { pattern: 'alpha', isRegex: false, caseSensitive: true, maxResults: 50 }, [scratch], ['**/node_modules']);
    assert.equal(result.engine, 'ripgrep');
    assert.deepEqual(
      result.matches.map((match) => `${match.path.slice(scratch.length + 1)}:${match.line}:${match.column}`),
      ['src/a.ts:1:7', 'src/a.ts:2:14', 'src/b.ts:1:23'],
    );
    assert.equal(result.truncated, false);
  });

  test('stops at maxResults and says so', { skip }, async () => {
    const result = await searchWithRipgrep(location!.path, { pattern: 'alpha', isRegex: false, caseSensitive: false, maxResults: 2 }, [scratch], ['**/node_modules']);
    assert.equal(result.matches.length, 2);
    assert.equal(result.truncated, true);
  });

  test('a bad regex is INVALID_SEARCH_PATTERN; an aborted signal is ABORTED', { skip }, async () => {
    await assert.rejects(searchWithRipgrep(location!.path, { pattern: 'a(b', isRegex: true, caseSensitive: true, maxResults: 5 }, [scratch], []), { code: 'INVALID_SEARCH_PATTERN' });
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(searchWithRipgrep(location!.path, { pattern: 'alpha', isRegex: false, caseSensitive: true, maxResults: 5 }, [scratch], [], controller.signal), { code: 'ABORTED' });
  });
});

/**
 * The VS Code host's ripgrep in plain Node: where VS Code's rg is looked for
 * (src/host/vscode/ripgrep.ts), and the shared runner (src/host/shared/ripgrepRunner.ts)
 * running the rg that ships inside the installed code-server: globs relative to each folder,
 * and no symlink followed out of the workspace or into a denied file.
 */
import * as assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { NodeWorkspace } from '../../../src/host/node/workspace';
import { runRipgrep } from '../../../src/host/shared/ripgrepRunner';
import { findRipgrep, ripgrepCandidates } from '../../../src/host/vscode/ripgrep';
import { DEFAULT_DENY_PATHS, createWorkspaceTools } from '../../../src/tools';
import { LEAK_PROBE, LEAK_PROBE_CALLS, assertNoForbiddenText, visibleMatch, writeConfinementTree } from '../../unit/tools/searchConfinementScenario';
import { callTool } from '../../unit/tools/workspaceScenarios';
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

describe("runRipgrep with code-server's bundled rg", () => {
  const location = findRipgrep(CODE_SERVER_APP_ROOT, '');
  let scratch: string;
  before(() => {
    scratch = mkdtempSync(join(tmpdir(), 'ptk-rg-search-'));
    mkdirSync(join(scratch, 'src', 'deep'), { recursive: true });
    mkdirSync(join(scratch, 'lib'));
    mkdirSync(join(scratch, 'node_modules', 'dep'), { recursive: true });
    writeFileSync(join(scratch, 'src', 'a.ts'), 'const alpha = 1;\nconst beta = alpha + 1;\n');
    writeFileSync(join(scratch, 'src', 'b.ts'), 'export const ALPHA = "alpha";\n');
    writeFileSync(join(scratch, 'src', 'deep', 'c.ts'), 'alpha;\n');
    writeFileSync(join(scratch, 'lib', 'd.ts'), 'alpha;\n');
    writeFileSync(join(scratch, 'node_modules', 'dep', 'index.js'), 'alpha\n');
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));
  const skip = location ? false : 'code-server is not installed (bash scripts/setup-vscode.sh)';
  const found = (matches: { path: string; line: number; column: number }[]) => matches.map((match) => `${relative(scratch, match.path)}:${match.line}:${match.column}`);

  test('is VS Code\'s own rg', { skip }, () => {
    assert.equal(location!.source, 'vscode');
  });

  test('finds matches in path order, 1-based, excludes applied', { skip }, async () => {
    const result = await runRipgrep(location!.path, { pattern: 'alpha', isRegex: false, caseSensitive: true, maxResults: 50 }, [scratch], ['**/node_modules']);
    assert.equal(result.engine, 'ripgrep');
    assert.deepEqual(found(result.matches), ['lib/d.ts:1:1', 'src/a.ts:1:7', 'src/a.ts:2:14', 'src/b.ts:1:23', 'src/deep/c.ts:1:1']);
    assert.equal(result.truncated, false);
  });

  test('include globs with a folder in them ("src/**") match, relative to the searched folder', { skip }, async () => {
    const result = await runRipgrep(location!.path, { pattern: 'alpha', isRegex: false, caseSensitive: true, maxResults: 50, include: ['src/**'] }, [scratch], ['**/node_modules']);
    assert.deepEqual(found(result.matches), ['src/a.ts:1:7', 'src/a.ts:2:14', 'src/b.ts:1:23', 'src/deep/c.ts:1:1']);
    const nested = await runRipgrep(location!.path, { pattern: 'alpha', isRegex: false, caseSensitive: true, maxResults: 50, include: ['src/deep/*.ts'], exclude: ['lib/**'] }, [scratch], []);
    assert.deepEqual(found(nested.matches), ['src/deep/c.ts:1:1']);
  });

  test('excludes can differ per folder (VS Code reads files.exclude per workspace folder)', { skip }, async () => {
    const result = await runRipgrep(location!.path, { pattern: 'alpha', isRegex: false, caseSensitive: true, maxResults: 50 }, [join(scratch, 'src'), join(scratch, 'lib')], (folder) => (folder.endsWith('src') ? ['deep'] : ['d.ts']));
    assert.deepEqual(found(result.matches), ['src/a.ts:1:7', 'src/a.ts:2:14', 'src/b.ts:1:23']);
  });

  test('stops at maxResults and says so', { skip }, async () => {
    const result = await runRipgrep(location!.path, { pattern: 'alpha', isRegex: false, caseSensitive: false, maxResults: 2 }, [scratch], ['**/node_modules']);
    assert.equal(result.matches.length, 2);
    assert.equal(result.truncated, true);
  });

  test('a bad regex is INVALID_SEARCH_PATTERN; an aborted signal is ABORTED', { skip }, async () => {
    await assert.rejects(runRipgrep(location!.path, { pattern: 'a(b', isRegex: true, caseSensitive: true, maxResults: 5 }, [scratch], []), { code: 'INVALID_SEARCH_PATTERN' });
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(runRipgrep(location!.path, { pattern: 'alpha', isRegex: false, caseSensitive: true, maxResults: 5 }, [scratch], [], controller.signal), { code: 'ABORTED' });
  });

  test('never follows a symlink out of the workspace or into a denied file, even when a ripgrep config asks to', { skip }, async () => {
    const parent = mkdtempSync(join(tmpdir(), 'ptk-rg-confinement-'));
    const savedConfig = process.env.RIPGREP_CONFIG_PATH;
    try {
      const root = join(parent, 'workspace');
      writeConfinementTree(root, join(parent, 'outside'));
      const tools = createWorkspaceTools(new NodeWorkspace({ roots: [root], ripgrepPath: location!.path }));
      for (const call of LEAK_PROBE_CALLS) {
        const result = await callTool(tools, 'search_code', call);
        assert.equal(result.engine, 'ripgrep');
        assertNoForbiddenText(result, `search_code ${JSON.stringify(call)}`);
        assert.deepEqual(result.matches, [visibleMatch()]);
      }
      writeFileSync(join(parent, 'ripgreprc'), '--follow\n');
      process.env.RIPGREP_CONFIG_PATH = join(parent, 'ripgreprc');
      const raw = await runRipgrep(location!.path, { pattern: LEAK_PROBE, isRegex: false, caseSensitive: true, maxResults: 50, exclude: [...DEFAULT_DENY_PATHS] }, [root], []);
      assertNoForbiddenText(raw, 'runRipgrep');
      assert.deepEqual(raw.matches.map((match) => relative(root, match.path)), ['src/visible.txt']);
    } finally {
      if (savedConfig === undefined) delete process.env.RIPGREP_CONFIG_PATH;
      else process.env.RIPGREP_CONFIG_PATH = savedConfig;
      rmSync(parent, { recursive: true, force: true });
    }
  });
});

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, existsSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { PTKErrorCode } from '../../../src/core/errors';
import { NodeWorkspace } from '../../../src/host/node/workspace';
import { createWorkspaceTools } from '../../../src/tools';
import { assertWellFormedPath, resolveWorkspacePath } from '../../../src/tools/pathSafety';
import { DEFAULT_DENY_PATHS, DEFAULT_DENY_WRITE_PATHS } from '../../../src/tools/settings';
import { callTool, rejectsWithCode } from './workspaceScenarios';

let base: string;
let root: string;
let outside: string;

before(() => {
  base = realpathSync(mkdtempSync(path.join(tmpdir(), 'ptk-paths-')));
  root = path.join(base, 'project');
  outside = path.join(base, 'outside');
  mkdirSync(path.join(root, 'src'), { recursive: true });
  mkdirSync(outside, { recursive: true });
  writeFileSync(path.join(root, 'src', 'ok.ts'), 'ok\n');
  writeFileSync(path.join(outside, 'secret.txt'), 'outside secret\n');
  writeFileSync(path.join(root, '.env'), 'A=1\n');
  writeFileSync(path.join(root, '.env.local'), 'B=2\n');
  mkdirSync(path.join(root, '.git'));
  writeFileSync(path.join(root, '.git', 'config'), '[core]\n');
  writeFileSync(path.join(root, 'id_rsa'), 'KEY\n');
  writeFileSync(path.join(root, 'key.pem'), 'KEY\n');
  mkdirSync(path.join(root, 'node_modules', 'lib'), { recursive: true });
  writeFileSync(path.join(root, 'node_modules', 'lib', 'index.js'), 'module.exports = 1;\n');
  symlinkSync('/etc', path.join(root, 'etc-link'));
  symlinkSync(outside, path.join(root, 'outside-dir'));
  symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'secret-link.txt'));
  // A chain: chain1 -> chain2 -> outside/secret.txt
  symlinkSync(path.join(root, 'secret-link.txt'), path.join(root, 'chain2'));
  symlinkSync(path.join(root, 'chain2'), path.join(root, 'chain1'));
  symlinkSync(path.join(outside, 'not-yet.txt'), path.join(root, 'dangling-out'));
  symlinkSync(path.join(root, '.env'), path.join(root, 'env-alias'));
  symlinkSync(path.join(root, 'src', 'ok.ts'), path.join(root, 'inside-link.ts'));
  symlinkSync(path.join(root, 'loop-b'), path.join(root, 'loop-a'));
  symlinkSync(path.join(root, 'loop-a'), path.join(root, 'loop-b'));
});

after(() => rmSync(base, { recursive: true, force: true }));

/** Every one of these must be refused by read_file (code given) and by write_file. */
const ATTACKS: Array<[label: string, attackPath: () => string, code: PTKErrorCode]> = [
  ['parent traversal', () => '../outside/secret.txt', PTKErrorCode.PATH_OUTSIDE_WORKSPACE],
  ['nested traversal', () => 'src/../../outside/secret.txt', PTKErrorCode.PATH_OUTSIDE_WORKSPACE],
  ['deep traversal', () => 'a/b/../../../x', PTKErrorCode.PATH_OUTSIDE_WORKSPACE],
  ['backslash traversal', () => '..\\outside\\secret.txt', PTKErrorCode.PATH_OUTSIDE_WORKSPACE],
  ['absolute /etc/passwd', () => '/etc/passwd', PTKErrorCode.PATH_OUTSIDE_WORKSPACE],
  ['absolute path of a sibling folder', () => path.join(outside, 'secret.txt'), PTKErrorCode.PATH_OUTSIDE_WORKSPACE],
  ['absolute prefix trick', () => `${root}-evil/x.txt`, PTKErrorCode.PATH_OUTSIDE_WORKSPACE],
  ['home tilde', () => '~/.ssh/id_rsa', PTKErrorCode.PATH_INVALID],
  ['tilde user', () => '~root/.bashrc', PTKErrorCode.PATH_INVALID],
  ['url-encoded dots', () => '%2e%2e/outside/secret.txt', PTKErrorCode.PATH_INVALID],
  ['url-encoded slash', () => '..%2foutside%2fsecret.txt', PTKErrorCode.PATH_INVALID],
  ['double url-encoding', () => '%252e%252e/secret.txt', PTKErrorCode.PATH_INVALID],
  ['windows drive', () => 'C:\\Windows\\System32\\config', PTKErrorCode.PATH_INVALID],
  ['windows drive forward slash', () => 'c:/x', PTKErrorCode.PATH_INVALID],
  ['UNC path', () => '\\\\server\\share\\x', PTKErrorCode.PATH_INVALID],
  ['forward-slash UNC', () => '//server/share/x', PTKErrorCode.PATH_INVALID],
  ['extended-length prefix', () => '\\\\?\\C:\\x', PTKErrorCode.PATH_INVALID],
  ['NUL byte', () => 'src/ok.ts\u0000.png', PTKErrorCode.PATH_INVALID],
  ['control character', () => 'src/\u0007ok.ts', PTKErrorCode.PATH_INVALID],
  ['file URL', () => 'file:///etc/passwd', PTKErrorCode.PATH_INVALID],
  ['http URL', () => 'http://example.com/x', PTKErrorCode.PATH_INVALID],
  ['fullwidth dots', () => '\uFF0E\uFF0E/outside/secret.txt', PTKErrorCode.PATH_INVALID],
  ['one-dot leaders', () => '\u2024\u2024/outside/secret.txt', PTKErrorCode.PATH_INVALID],
  ['fullwidth slash', () => '..\uFF0Foutside', PTKErrorCode.PATH_INVALID],
  ['trailing dot segment', () => '.. ./outside/secret.txt', PTKErrorCode.PATH_INVALID],
  ['trailing space segment', () => 'src /ok.ts', PTKErrorCode.PATH_INVALID],
  ['trailing dot file', () => 'src/ok.ts.', PTKErrorCode.PATH_INVALID],
  ['alternate data stream', () => 'src/ok.ts::$DATA', PTKErrorCode.PATH_INVALID],
  ['device name', () => 'src/NUL.txt', PTKErrorCode.PATH_INVALID],
  ['empty path', () => '', PTKErrorCode.PATH_INVALID],
  ['whitespace path', () => '   ', PTKErrorCode.PATH_INVALID],
  ['leading space', () => ' src/ok.ts', PTKErrorCode.PATH_INVALID],
  ['very long path', () => `src/${'a/'.repeat(700)}x.ts`, PTKErrorCode.PATH_INVALID],
  ['symlink to /etc', () => 'etc-link/passwd', PTKErrorCode.PATH_OUTSIDE_WORKSPACE],
  ['symlinked folder escaping', () => 'outside-dir/secret.txt', PTKErrorCode.PATH_OUTSIDE_WORKSPACE],
  ['symlinked file escaping', () => 'secret-link.txt', PTKErrorCode.PATH_OUTSIDE_WORKSPACE],
  ['symlink chain escaping', () => 'chain1', PTKErrorCode.PATH_OUTSIDE_WORKSPACE],
  ['dangling symlink pointing out', () => 'dangling-out', PTKErrorCode.PATH_OUTSIDE_WORKSPACE],
  ['symlink loop', () => 'loop-a', PTKErrorCode.PATH_OUTSIDE_WORKSPACE],
  ['.env', () => '.env', PTKErrorCode.PATH_DENIED],
  ['.env.local', () => '.env.local', PTKErrorCode.PATH_DENIED],
  ['.ENV upper case', () => '.ENV', PTKErrorCode.PATH_DENIED],
  ['symlink to .env', () => 'env-alias', PTKErrorCode.PATH_DENIED],
  ['.git/config', () => '.git/config', PTKErrorCode.PATH_DENIED],
  ['.git folder via dot segments', () => 'src/../.git/config', PTKErrorCode.PATH_DENIED],
  ['private key id_rsa', () => 'id_rsa', PTKErrorCode.PATH_DENIED],
  ['pem key', () => 'key.pem', PTKErrorCode.PATH_DENIED],
];

describe('path safety: refused paths', () => {
  it('lists at least 25 attacks', () => assert.ok(ATTACKS.length >= 25));

  for (const [label, attackPath, code] of ATTACKS) {
    it(`refuses ${label}`, async () => {
      const workspace = new NodeWorkspace({ roots: [root], ripgrepPath: null });
      const tools = createWorkspaceTools(workspace, { autoApprove: { write_file: true, edit_file: true } });
      await rejectsWithCode(callTool(tools, 'read_file', { path: attackPath() }), code);
      await rejectsWithCode(callTool(tools, 'write_file', { path: attackPath(), content: 'pwned' }), code);
    });
  }

  it('left every refused target untouched', () => {
    assert.equal(readFileSync(path.join(outside, 'secret.txt'), 'utf8'), 'outside secret\n');
    assert.equal(existsSync(path.join(outside, 'not-yet.txt')), false);
    assert.equal(readFileSync(path.join(root, '.env'), 'utf8'), 'A=1\n');
  });

  it('refuses writes into node_modules but allows reading it', async () => {
    const workspace = new NodeWorkspace({ roots: [root], ripgrepPath: null });
    const tools = createWorkspaceTools(workspace, { autoApprove: { write_file: true } });
    const read = await callTool(tools, 'read_file', { path: 'node_modules/lib/index.js' });
    assert.match(read.content, /module\.exports/);
    await rejectsWithCode(callTool(tools, 'write_file', { path: 'node_modules/lib/index.js', content: '' }), PTKErrorCode.PATH_DENIED, /cannot be written/);
    await rejectsWithCode(callTool(tools, 'write_file', { path: 'node_modules/new/file.js', content: '' }), PTKErrorCode.PATH_DENIED);
    assert.equal(readFileSync(path.join(root, 'node_modules', 'lib', 'index.js'), 'utf8'), 'module.exports = 1;\n');
  });

  it('fails with NO_WORKSPACE when no folder is open', async () => {
    const tools = createWorkspaceTools(new NodeWorkspace({ roots: [], ripgrepPath: null }));
    await rejectsWithCode(callTool(tools, 'read_file', { path: 'a.ts' }), PTKErrorCode.NO_WORKSPACE, /open a folder/);
  });
});

describe('path safety: accepted paths', () => {
  const options = { access: 'read' as const, denyPaths: DEFAULT_DENY_PATHS, denyWritePaths: DEFAULT_DENY_WRITE_PATHS };

  it('resolves relative, dotted and absolute paths inside the folder', async () => {
    const workspace = new NodeWorkspace({ roots: [root] });
    for (const accepted of ['src/ok.ts', './src/ok.ts', 'src/./ok.ts', 'src/../src/ok.ts', 'src\\ok.ts', path.join(root, 'src', 'ok.ts')]) {
      const resolved = await resolveWorkspacePath(workspace, accepted, options);
      assert.equal(resolved.path, path.join(root, 'src', 'ok.ts'), accepted);
      assert.equal(resolved.displayPath, 'src/ok.ts');
    }
  });

  it('follows symlinks that stay inside', async () => {
    const resolved = await resolveWorkspacePath(new NodeWorkspace({ roots: [root] }), 'inside-link.ts', options);
    assert.equal(resolved.path, path.join(root, 'src', 'ok.ts'));
  });

  it('resolves new files under new folders for writes', async () => {
    const resolved = await resolveWorkspacePath(new NodeWorkspace({ roots: [root] }), 'brand/new/file.ts', { ...options, access: 'write' });
    assert.equal(resolved.path, path.join(root, 'brand', 'new', 'file.ts'));
  });

  it('picks the folder named by the first segment in a multi-root workspace', async () => {
    const second = path.join(base, 'second');
    mkdirSync(second, { recursive: true });
    writeFileSync(path.join(second, 'b.txt'), 'b');
    const workspace = new NodeWorkspace({ roots: [root, second] });
    const resolved = await resolveWorkspacePath(workspace, 'second/b.txt', options);
    assert.equal(resolved.path, path.join(second, 'b.txt'));
    assert.equal(resolved.displayPath, 'second/b.txt');
    const absolute = await resolveWorkspacePath(workspace, path.join(second, 'b.txt'), options);
    assert.equal(absolute.root, second);
  });

  it('assertWellFormedPath accepts a Windows drive path only on a Windows host', () => {
    assert.equal(assertWellFormedPath('C:\\proj\\a.ts', true), 'C:/proj/a.ts');
    assert.throws(() => assertWellFormedPath('C:\\proj\\a.ts', false), /Windows drive/);
    assert.throws(() => assertWellFormedPath('C:proj', true), /drive-relative/);
  });
});

import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { PTKAbortError, PTKErrorCode } from '../../../../src/core/errors';
import { findRipgrepOnPath } from '../../../../src/host/shared/ripgrepOnPath';
import { runShellCommand } from '../../../../src/host/shared/runCommand';
import { NodeWorkspace } from '../../../../src/host/node/workspace';
import { createWorkspaceTools } from '../../../../src/tools';
import { callTool, rejectsWithCode } from '../../tools/workspaceScenarios';
import { tempFolders } from '../../fixtures/tempFolders';

const temp = tempFolders();

const temporaryRoot = (): string => temp.folder('ptk-node-');

const put = (root: string, relativePath: string, content: string): void => void temp.put(root, relativePath, content);

describe('NodeWorkspace.writeFile', () => {
  it('replaces atomically, keeps the file mode and leaves no temp file', async () => {
    const root = temporaryRoot();
    put(root, 'script.sh', 'old');
    chmodSync(path.join(root, 'script.sh'), 0o755);
    const workspace = new NodeWorkspace({ roots: [root] });
    await workspace.writeFile(path.join(root, 'script.sh'), 'new');
    assert.equal(readFileSync(path.join(root, 'script.sh'), 'utf8'), 'new');
    assert.equal(statSync(path.join(root, 'script.sh')).mode & 0o777, 0o755);
    assert.deepEqual(readdirSync(root), ['script.sh']);
  });

  it('a failed write (cancelled half-way) keeps the old content and cleans up', async () => {
    const root = temporaryRoot();
    put(root, 'a.txt', 'precious');
    const workspace = new NodeWorkspace({ roots: [root] });
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(workspace.writeFile(path.join(root, 'a.txt'), '', controller.signal), PTKAbortError);
    assert.equal(readFileSync(path.join(root, 'a.txt'), 'utf8'), 'precious');
    assert.deepEqual(readdirSync(root), ['a.txt']);
  });

  it('refuses to replace a directory', async () => {
    const root = temporaryRoot();
    mkdirSync(path.join(root, 'folder'));
    await rejectsWithCode(new NodeWorkspace({ roots: [root] }).writeFile(path.join(root, 'folder'), 'x'), PTKErrorCode.NOT_A_FILE);
  });

  it('refuses, at the moment of writing, a path whose folder is a symlink leading outside (new and existing files), creating nothing', async () => {
    const base = temporaryRoot();
    const root = path.join(base, 'project');
    const outside = path.join(base, 'outside');
    mkdirSync(root);
    put(outside, 'existing.txt', 'outside original');
    symlinkSync(outside, path.join(root, 'linked'));
    const workspace = new NodeWorkspace({ roots: [root] });
    await rejectsWithCode(workspace.writeFile(path.join(root, 'linked', 'existing.txt'), 'replaced'), PTKErrorCode.PATH_OUTSIDE_WORKSPACE, /outside the workspace/);
    await rejectsWithCode(workspace.writeFile(path.join(root, 'linked', 'new.txt'), 'created'), PTKErrorCode.PATH_OUTSIDE_WORKSPACE);
    await rejectsWithCode(workspace.writeFile(path.join(root, 'linked', 'deep', 'new.txt'), 'created'), PTKErrorCode.PATH_OUTSIDE_WORKSPACE);
    assert.deepEqual(readdirSync(outside), ['existing.txt']);
    assert.equal(readFileSync(path.join(outside, 'existing.txt'), 'utf8'), 'outside original');
    assert.deepEqual(readdirSync(root), ['linked']);
  });

  it('a file where a folder of the path should be gives NOT_A_DIRECTORY and changes nothing', async () => {
    const root = temporaryRoot();
    put(root, 'a.txt', 'keep');
    const workspace = new NodeWorkspace({ roots: [root] });
    await rejectsWithCode(workspace.writeFile(path.join(root, 'a.txt', 'b.txt'), 'x'), PTKErrorCode.NOT_A_DIRECTORY, /a file stands where a folder/);
    await rejectsWithCode(workspace.writeFile(path.join(root, 'a.txt', 'deeper', 'b.txt'), 'x'), PTKErrorCode.NOT_A_DIRECTORY);
    assert.deepEqual(readdirSync(root), ['a.txt']);
    assert.equal(readFileSync(path.join(root, 'a.txt'), 'utf8'), 'keep');
  });
});

describe('NodeWorkspace.listFiles', () => {
  it('honours nested .gitignore files, negations and the root .gitignore for subfolders', async () => {
    const root = temporaryRoot();
    put(root, '.gitignore', '*.tmp\n');
    put(root, 'pkg/.gitignore', 'generated/\n!keep.tmp\n');
    put(root, 'pkg/a.ts', '');
    put(root, 'pkg/b.tmp', '');
    put(root, 'pkg/keep.tmp', '');
    put(root, 'pkg/generated/g.ts', '');
    put(root, 'top.tmp', '');
    put(root, 'top.ts', '');
    const workspace = new NodeWorkspace({ roots: [root] });
    const all = await workspace.listFiles(root, { limit: 100 });
    assert.deepEqual(all.files.map((file) => path.relative(root, file)), ['.gitignore', 'pkg/.gitignore', 'pkg/a.ts', 'pkg/keep.tmp', 'top.ts']);
    const sub = await workspace.listFiles(path.join(root, 'pkg'), { limit: 100 });
    assert.deepEqual(sub.files.map((file) => path.relative(root, file)), ['pkg/.gitignore', 'pkg/a.ts', 'pkg/keep.tmp']);
    const everything = await workspace.listFiles(root, { limit: 100, respectExcludes: false });
    assert.equal(everything.files.length, 8);
  });

  it('matches a slash-free glob against file names at any depth, and counts what the cap left out', async () => {
    const root = temporaryRoot();
    for (let index = 0; index < 15; index++) put(root, `d${index % 3}/f${index}.ts`, '');
    put(root, 'd0/readme.md', '');
    const workspace = new NodeWorkspace({ roots: [root] });
    const listed = await workspace.listFiles(root, { pattern: '*.ts', limit: 10 });
    assert.equal(listed.files.length, 10);
    assert.equal(listed.omitted, 5);
    assert.ok(listed.files.every((file) => file.endsWith('.ts')));
  });
});

describe('NodeWorkspace unsaved buffers', () => {
  it('read_file prefers the dirty editor buffer; edit_file edits it', async () => {
    const root = temporaryRoot();
    put(root, 'a.ts', 'on disk\n');
    const buffers = new Map([[path.join(root, 'a.ts'), 'unsaved text\n']]);
    const tools = createWorkspaceTools(new NodeWorkspace({ roots: [root], unsavedBuffers: buffers }), { autoApprove: { edit_file: true } });
    const read = await callTool(tools, 'read_file', { path: 'a.ts' });
    assert.equal(read.source, 'unsaved editor buffer');
    assert.equal(read.content, '1 | unsaved text');
    await callTool(tools, 'edit_file', { path: 'a.ts', edits: [{ search: 'unsaved', replace: 'edited' }] });
    assert.equal(readFileSync(path.join(root, 'a.ts'), 'utf8'), 'edited text\n');
  });
});

describe('runShellCommand', () => {
  it('captures stdout, stderr and the exit code', async () => {
    const result = await runShellCommand('echo out; echo err 1>&2; exit 4', { cwd: tmpdir(), timeoutMs: 10_000, maxOutputChars: 1000 });
    assert.equal(result.exitCode, 4);
    assert.equal(result.stdout, 'out\n');
    assert.equal(result.stderr, 'err\n');
    assert.equal(result.timedOut, false);
  });

  it('keeps the head and the tail of long output', async () => {
    const result = await runShellCommand(`node -e "for (let i = 0; i < 20000; i++) console.log('line ' + i)"`, { cwd: tmpdir(), timeoutMs: 20_000, maxOutputChars: 200 });
    assert.equal(result.outputTruncated, true);
    assert.match(result.stdout, /^line 0\n/);
    assert.match(result.stdout, /line 19999\n$/);
    assert.match(result.stdout, /characters omitted/);
    assert.ok(result.stdout.length < 300);
  });

  // The call returns when the command's output closes, which the background sleep holds open
  // for 600 s unless the whole group is killed: returning within the test's deadline is the
  // evidence, and the result says it was the timeout.
  it('kills the command (and its children) at the timeout', { timeout: 30_000 }, async () => {
    const result = await runShellCommand('sleep 600 & sleep 600; echo never', { cwd: tmpdir(), timeoutMs: 300, maxOutputChars: 1000 });
    assert.equal(result.timedOut, true);
    assert.equal(result.exitCode, null);
    assert.doesNotMatch(result.stdout, /never/);
  });

  it('throws PTKAbortError when cancelled', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    await assert.rejects(runShellCommand('sleep 30', { cwd: tmpdir(), timeoutMs: 10_000, maxOutputChars: 100, signal: controller.signal }), PTKAbortError);
  });

  it('run_command reports a timeout as COMMAND_TIMEOUT with the last output', async () => {
    const root = temporaryRoot();
    const tools = createWorkspaceTools(new NodeWorkspace({ roots: [root] }), { allowedCommands: ['echo started *'], commandTimeoutMs: 300 });
    await rejectsWithCode(callTool(tools, 'run_command', { command: 'echo started 1 && sleep 20' }), PTKErrorCode.APPROVAL_REJECTED);
    const slow = createWorkspaceTools(new NodeWorkspace({ roots: [root], approver: () => ({ decision: 'approve' }) }), { commandTimeoutMs: 300 });
    await rejectsWithCode(callTool(slow, 'run_command', { command: 'echo started; sleep 20' }), PTKErrorCode.COMMAND_TIMEOUT, /started/);
  });
});

describe('NodeWorkspace.search', () => {
  const ripgrep = findRipgrepOnPath();
  for (const [label, ripgrepPath] of [['js', null], ['ripgrep', ripgrep ?? null]] as const) {
    it(`${label}: case, regex, include/exclude globs, maxResults`, { skip: label === 'ripgrep' && !ripgrep ? 'no rg' : false }, async () => {
      const root = temporaryRoot();
      put(root, 'src/a.ts', 'const Foo = 1;\nconst foo = 2;\n');
      put(root, 'src/a.test.ts', 'foo();\n');
      put(root, 'lib/b.js', 'foo bar\n');
      const workspace = new NodeWorkspace({ roots: [root], ripgrepPath });
      const base = { isRegex: false, caseSensitive: false, maxResults: 100 };
      const insensitive = await workspace.search({ ...base, pattern: 'foo' });
      assert.equal(insensitive.matches.length, 4);
      assert.equal(insensitive.engine, label);
      const sensitive = await workspace.search({ ...base, pattern: 'Foo', caseSensitive: true });
      assert.deepEqual(sensitive.matches.map((match) => [path.relative(root, match.path), match.line, match.column]), [['src/a.ts', 1, 7]]);
      const regex = await workspace.search({ ...base, pattern: 'fo+\\s+bar', isRegex: true });
      assert.deepEqual(regex.matches.map((match) => match.text), ['foo bar']);
      const included = await workspace.search({ ...base, pattern: 'foo', include: ['src/**'], exclude: ['**/*.test.ts'] });
      assert.deepEqual(included.matches.map((match) => path.relative(root, match.path)), ['src/a.ts', 'src/a.ts']);
      const capped = await workspace.search({ ...base, pattern: 'foo', maxResults: 2 });
      assert.equal(capped.matches.length, 2);
      assert.equal(capped.truncated, true);
      await rejectsWithCode(workspace.search({ ...base, pattern: '(', isRegex: true }), PTKErrorCode.INVALID_SEARCH_PATTERN);
    });
  }
});

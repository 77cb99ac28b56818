/**
 * The mention providers that speak only the Workspace port (file, folder, selection lines,
 * problems), the `@changes` text with a real git repository, and the terminal transcript,
 * on the Node host's workspace over a temporary folder.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { PTKErrorCode } from '../../../../src/core/errors';
import type { WorkspaceDiagnostic } from '../../../../src/core/workspace';
import { NodeWorkspace } from '../../../../src/host/node/workspace';
import { changesText, splitDiffSections } from '../../../../src/host/vscode/mentions/changesText';
import { createFileMentionProvider } from '../../../../src/host/vscode/mentions/fileMentions';
import { createFolderMentionProvider } from '../../../../src/host/vscode/mentions/folderMentions';
import { folderDiffWithGit } from '../../../../src/host/vscode/mentions/gitCommandDiff';
import { createProblemsMentionProvider } from '../../../../src/host/vscode/mentions/problemsMention';
import { TerminalTextCleaner, TerminalTranscript } from '../../../../src/host/vscode/mentions/terminalTranscript';
import { WorkspaceFileIndex } from '../../../../src/host/vscode/mentions/workspaceFileIndex';
import { readWorkspaceText } from '../../../../src/host/vscode/mentions/workspaceText';
import { isDeniedPath } from '../../../../src/tools/pathSafety';
import { parseToolSettings } from '../../../../src/tools/settings';
import { tempFolders } from '../../fixtures/tempFolders';

const temp = tempFolders();

function put(root: string, relativePath: string, content: string): void {
  mkdirSync(path.dirname(path.join(root, relativePath)), { recursive: true });
  writeFileSync(path.join(root, relativePath), content);
}

/** A small project: sources, a git-ignored build folder, secrets the deny list protects. */
function project(options: { diagnostics?: WorkspaceDiagnostic[]; unsaved?: Map<string, string> } = {}) {
  const root = temp.folder('ptk-mentions-');
  put(root, 'src/config.ts', 'export const config = { port: 8080 };\n');
  put(root, 'src/configLoader.ts', 'line 1\nline 2\nline 3\nline 4\n');
  put(root, 'src/util/format.ts', 'export {};\n');
  put(root, 'README.md', '# demo\n');
  put(root, '.gitignore', 'build/\n');
  put(root, 'build/config.js', 'generated\n');
  put(root, '.env', 'TOKEN=secret\n');
  put(root, 'keys/id_rsa', 'PRIVATE\n');
  const workspace = new NodeWorkspace({ roots: [root], ripgrepPath: null, diagnostics: () => options.diagnostics ?? [], unsavedBuffers: options.unsaved });
  const settings = parseToolSettings({});
  return { root, workspace, settings: () => settings, index: new WorkspaceFileIndex({ workspace, settings: () => settings }) };
}

const signal = new AbortController().signal;

describe('WorkspaceFileIndex', () => {
  it('lists the files the tools may read: no ignored build output, no secrets', async () => {
    const { index } = project();
    assert.deepEqual(await index.files(), ['.gitignore', 'README.md', 'src/config.ts', 'src/configLoader.ts', 'src/util/format.ts']);
    assert.deepEqual(await index.folders(), ['src', 'src/util']);
  });

  it('reuses a listing for a few seconds, then lists again', async () => {
    const { root, workspace, settings } = project();
    let now = 0;
    const index = new WorkspaceFileIndex({ workspace, settings, now: () => now, maxAgeMs: 1000 });
    assert.equal((await index.files()).includes('src/new.ts'), false);
    put(root, 'src/new.ts', '');
    now = 500;
    assert.equal((await index.files()).includes('src/new.ts'), false);
    now = 1500;
    assert.equal((await index.files()).includes('src/new.ts'), true);
  });
});

describe('@file', () => {
  it('ranks the files for the query and never offers a protected one', async () => {
    const { workspace, settings, index } = project();
    const provider = createFileMentionProvider(workspace, settings, index);
    const answer = await provider.suggest('config');
    assert.deepEqual(answer.items.map((item) => item.mention.path), ['src/config.ts', 'src/configLoader.ts']);
    assert.deepEqual(answer.items[0], { mention: { kind: 'file', label: 'src/config.ts', path: 'src/config.ts' }, detail: 'config.ts' });
    assert.deepEqual((await provider.suggest('env')).items, []);
    assert.match((await provider.suggest('zzz')).note ?? '', /No file matches "zzz"/);
  });

  it('attaches the file as read_file reads it: the unsaved buffer wins', async () => {
    const unsaved = new Map<string, string>();
    const { root, workspace, settings, index } = project({ unsaved });
    const provider = createFileMentionProvider(workspace, settings, index);
    const resolved = await provider.resolve({ kind: 'file', label: 'src/config.ts', path: 'src/config.ts' }, signal);
    assert.equal(resolved.content, 'export const config = { port: 8080 };\n');
    assert.deepEqual(resolved.attributes, { totalLines: '1' });
    unsaved.set(path.join(root, 'src/config.ts'), 'edited, not saved');
    const edited = await provider.resolve({ kind: 'file', label: 'src/config.ts', path: 'src/config.ts' }, signal);
    assert.equal(edited.content, 'edited, not saved');
    assert.equal(edited.attributes?.source, 'unsaved editor buffer');
  });

  it('refuses a protected file and a path outside the workspace with the tools\' errors', async () => {
    const { workspace, settings, index } = project();
    const provider = createFileMentionProvider(workspace, settings, index);
    await assert.rejects(provider.resolve({ kind: 'file', label: '.env', path: '.env' }, signal), (error: { code?: string }) => error.code === PTKErrorCode.PATH_DENIED);
    await assert.rejects(provider.resolve({ kind: 'file', label: 'x', path: '../outside.txt' }, signal), (error: { code?: string }) => error.code === PTKErrorCode.PATH_OUTSIDE_WORKSPACE);
  });
});

describe('@folder', () => {
  it('offers folders (the workspace folder too) and attaches the listing without protected files', async () => {
    const { workspace, settings, index } = project();
    const provider = createFolderMentionProvider(workspace, settings, index);
    assert.deepEqual((await provider.suggest('')).items.map((item) => item.mention.label), ['(workspace folder)', 'src/', 'src/util/']);
    assert.deepEqual((await provider.suggest('util')).items.map((item) => item.mention.path), ['src/util']);
    const listing = await provider.resolve({ kind: 'folder', label: '(workspace folder)', path: '.' }, signal);
    assert.deepEqual(listing.content.split('\n'), ['.gitignore', 'README.md', 'src/config.ts', 'src/configLoader.ts', 'src/util/format.ts']);
    assert.equal(listing.content.includes('id_rsa') || listing.content.includes('.env') || listing.content.includes('build/'), false);
  });
});

describe('selection lines', () => {
  it('reads the selected lines, clamped to the file', async () => {
    const { workspace, settings } = project();
    const lines = await readWorkspaceText(workspace, settings(), 'src/configLoader.ts', { startLine: 2, endLine: 3 });
    assert.equal(lines.text, 'line 2\nline 3');
    const clamped = await readWorkspaceText(workspace, settings(), 'src/configLoader.ts', { startLine: 3, endLine: 99 });
    assert.deepEqual(clamped.lines, { startLine: 3, endLine: 4, total: 4 });
  });
});

describe('@problems', () => {
  const at = (root: string, relativePath: string, severity: WorkspaceDiagnostic['severity'], line: number, message: string): WorkspaceDiagnostic => ({
    path: path.join(root, relativePath),
    severity,
    message,
    range: { startLine: line, startColumn: 5, endLine: line, endColumn: 9 },
    source: 'ts',
    code: 2322,
  });

  it('offers the whole workspace and each file with problems, and attaches them errors first', async () => {
    const diagnostics: WorkspaceDiagnostic[] = [];
    const { root, workspace, settings } = project({ diagnostics });
    diagnostics.push(at(root, 'src/config.ts', 'warning', 3, 'unused'), at(root, 'src/util/format.ts', 'error', 1, 'Type "a"\n  is not "b"'), at(root, '.env', 'error', 1, 'secret problem'));
    const provider = createProblemsMentionProvider(workspace, settings);
    const answer = await provider.suggest('');
    assert.deepEqual(
      answer.items.map((item) => [item.mention.label, item.detail]),
      [
        ['problems', 'whole workspace: 1 error(s), 1 warning(s)'],
        ['problems in src/config.ts', '0 error(s), 1 warning(s)'],
        ['problems in src/util/format.ts', '1 error(s), 0 warning(s)'],
      ],
    );
    const all = await provider.resolve({ kind: 'problems', label: 'problems' }, signal);
    assert.equal(all.content, 'src/util/format.ts:1:5 error ts 2322: Type "a" is not "b"\nsrc/config.ts:3:5 warning ts 2322: unused');
    const one = await provider.resolve({ kind: 'problems', label: 'problems in src/config.ts', path: 'src/config.ts' }, signal);
    assert.equal(one.content, 'src/config.ts:3:5 warning ts 2322: unused');
  });

  it('says so when there are none', async () => {
    const { workspace, settings } = project();
    const resolved = await createProblemsMentionProvider(workspace, settings).resolve({ kind: 'problems', label: 'problems' }, signal);
    assert.match(resolved.content, /^No problems reported in the workspace/);
  });
});

describe('@changes text', () => {
  const denied = (relativePath: string) => isDeniedPath(relativePath, { access: 'read', denyPaths: parseToolSettings({}).denyPaths, denyWritePaths: [] });

  it('splits a diff per file and leaves out protected files, naming them', () => {
    const diff = ['diff --git a/src/a.ts b/src/a.ts', '--- a/src/a.ts', '+++ b/src/a.ts', '@@ -1 +1 @@', '-old', '+new', 'diff --git a/.env b/.env', '--- a/.env', '+++ b/.env', '@@ -1 +1 @@', '-TOKEN=1', '+TOKEN=2', ''].join('\n');
    assert.deepEqual(splitDiffSections(diff).map((section) => section.path), ['src/a.ts', '.env']);
    const text = changesText({ unstaged: diff, staged: '' }, denied);
    assert.match(text, /^Unstaged changes \(git diff\):\ndiff --git a\/src\/a\.ts/);
    assert.equal(text.includes('TOKEN'), false);
    assert.match(text, /Changes to protected files left out \(deny list\): \.env/);
  });

  it('reads unstaged and staged changes of a real repository with git', async () => {
    const root = temp.folder('ptk-git-');
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=T', ...args], { cwd: root, stdio: 'pipe' });
    git('init', '-q');
    put(root, 'a.txt', 'one\n');
    put(root, 'b.txt', 'two\n');
    put(root, '.env', 'TOKEN=1\n');
    git('add', '.');
    git('commit', '-q', '-m', 'start');
    put(root, 'a.txt', 'one changed\n');
    put(root, 'b.txt', 'two staged\n');
    put(root, '.env', 'TOKEN=2\n');
    git('add', 'b.txt');
    const text = changesText(await folderDiffWithGit(root), denied);
    assert.match(text, /Unstaged changes \(git diff\):\ndiff --git a\/a\.txt b\/a\.txt[\s\S]*\+one changed/);
    assert.match(text, /Staged changes \(git diff --cached\):\ndiff --git a\/b\.txt b\/b\.txt[\s\S]*\+two staged/);
    assert.equal(text.includes('TOKEN'), false);
  });

  it('leaves out a protected file renamed, copied or deleted in a real repository: both sides of every section count', async () => {
    const root = temp.folder('ptk-git-');
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=T', '-c', 'core.quotePath=true', ...args], { cwd: root, stdio: 'pipe' }).toString();
    git('init', '-q');
    // Copies are found only when the source changes too, and only with copy detection on.
    git('config', 'diff.renames', 'copies');
    // Each file's other lines its own, so git pairs the right ones.
    const secretFile = (key: string, file: string) => `API_KEY=${key}\nNAME=${file}\nREGION=${file}-west\nTIMEOUT=${file}-30\nRETRIES=${file}-3\n`;
    put(root, '.env', secretFile('old-secret-1', 'root'));
    put(root, 'keys/server.pem', 'PEM-old-secret-2\nline 2\nline 3\nline 4\n');
    put(root, 'é/.env', secretFile('old-secret-3', 'accent'));
    put(root, 'deploy/.env.production', secretFile('old-secret-4', 'deploy'));
    put(root, 'notes.txt', 'notes\n');
    git('add', '.');
    git('commit', '-q', '-m', 'start');
    // Renamed and changed: the old secret is a `-` line under `b/env.sample`.
    git('mv', '.env', 'env.sample');
    put(root, 'env.sample', secretFile('CHANGE-ME', 'root'));
    // Renamed out of a quoted (non-ASCII) path.
    git('mv', 'é/.env', 'é/settings.txt');
    put(root, 'é/settings.txt', secretFile('placeholder', 'accent'));
    // Copied (and the source changed): the copy's diff carries the source's old lines.
    put(root, 'deploy/sample.txt', secretFile('example', 'deploy'));
    put(root, 'deploy/.env.production', secretFile('new-secret-5', 'deploy'));
    // Deleted.
    git('rm', '-q', 'keys/server.pem');
    put(root, 'notes.txt', 'notes changed\n');
    git('add', '-A');
    const staged = git('diff', '--cached');
    assert.match(staged, /rename from \.env\nrename to env\.sample/, 'git shows the rename');
    assert.match(staged, /copy from deploy\/\.env\.production\ncopy to deploy\/sample\.txt/, 'git shows the copy');
    assert.match(staged, /"a\/\\303\\251\/\.env"/, 'git quotes the non-ASCII path');
    assert.match(staged, /old-secret-1/, 'the raw diff carries the old secret');

    const text = changesText(await folderDiffWithGit(root), denied);
    for (const secret of ['old-secret', 'new-secret', 'PEM-']) assert.equal(text.includes(secret), false, `${secret} is left out`);
    assert.match(text, /diff --git a\/notes\.txt b\/notes\.txt[\s\S]*\+notes changed/);
    assert.match(text, /left out \(deny list\): .*\.env → env\.sample/);
    assert.match(text, /é\/\.env → é\/settings\.txt/);
    assert.match(text, /deploy\/\.env\.production → deploy\/sample\.txt/);
    assert.match(text, /keys\/server\.pem/);

    // Printed without prefixes (diff.noprefix) the sections are still told apart.
    git('config', 'diff.noprefix', 'true');
    const unprefixed = changesText(await folderDiffWithGit(root), denied);
    assert.match(git('diff', '--cached'), /^diff --git \.env env\.sample/m);
    for (const secret of ['old-secret', 'new-secret', 'PEM-']) assert.equal(unprefixed.includes(secret), false, `${secret} is left out without prefixes`);
    assert.match(unprefixed, /\+notes changed/);
  });

  it('says what git said outside a repository', async () => {
    const root = temp.folder('ptk-nogit-');
    await assert.rejects(folderDiffWithGit(root), /not a git repository/i);
  });
});

describe('terminal transcript', () => {
  it('removes colours and shell-integration marks, even split across chunks', () => {
    const cleaner = new TerminalTextCleaner();
    const text = cleaner.push('\u001b]633;C\u0007\u001b[3') + cleaner.push('2mPASS\u001b[0m 3 tests\r\n');
    assert.equal(text, 'PASS 3 tests\r\n');
  });

  it('keeps the last commands, each with its output cut and how it ended', () => {
    const transcript = new TerminalTranscript(2, 100);
    assert.equal(transcript.isEmpty, true);
    transcript.start('echo one').finish(0);
    const progress = transcript.start('npm run build');
    progress.push('progress 10%\rprogress 100%\ndone\n');
    progress.finish(1);
    const running = transcript.start('npm test');
    running.push(`${'x'.repeat(500)}END`);
    const text = transcript.render();
    assert.equal(text.includes('echo one'), false, 'the oldest command is dropped');
    assert.match(text, /^\$ npm run build\nprogress 100%\ndone\n\[exit code 1\]\n\n\$ npm test\nx+\n\[… \d+ characters omitted …\]\nx*END\n\[still running\]$/);
  });
});

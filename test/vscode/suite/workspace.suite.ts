/**
 * The VS Code Workspace port (src/host/vscode/workspace.ts) against a real workspace in a
 * real VS Code: dirty buffers, undoable writes, excludes, VS Code's ripgrep, diagnostics from
 * the JSON and TypeScript language services, commands, cancellation, settings.
 */
import * as assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { PTKExtensionApi } from '../../../src/extension';
import { ApprovalContentProvider, createNotificationApprover } from '../../../src/host/vscode/approval';
import { abortSignalFromToken, tokenFromAbortSignal } from '../../../src/host/vscode/cancellation';
import { readSettings, readToolSettings } from '../../../src/host/vscode/configuration';
import { VSCodeWorkspace } from '../../../src/host/vscode/workspace';
import { ToolSettingsSchema } from '../../../src/tools/settings';
import { assertRejectsWithCode, callTool, fixturePath, relativeToRoot, revertAndClose, workspaceRoot } from './helpers';
import { waitFor, type SuiteRunner } from './runner';

async function closeAllEditors(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

export function registerWorkspaceSuite(runner: SuiteRunner, api: PTKExtensionApi): void {
  const { workspace } = api;

  runner.describe('environment', () => {
    runner.test('runs in a real VS Code extension host with the sample workspace open and trusted', () => {
      assert.match(vscode.version, /^\d+\.\d+\.\d+/);
      assert.equal(workspace.roots.length, 1);
      assert.ok(workspace.roots[0]!.endsWith('sample-workspace'), workspace.roots[0]);
      assert.equal(workspace.isTrusted(), true);
    });
  });

  runner.describe('files', () => {
    runner.test('stat, realpath, readFile and readDirectory see the fixture', async () => {
      const packagePath = fixturePath(api, 'package.json');
      const stat = await workspace.stat(packagePath);
      assert.equal(stat?.type, 'file');
      assert.ok(stat!.size > 10);
      assert.equal((await workspace.stat(fixturePath(api, 'src')))?.type, 'directory');
      assert.equal(await workspace.stat(fixturePath(api, 'missing.txt')), undefined);
      assert.equal(await workspace.realpath(packagePath), packagePath);
      assert.equal(await workspace.realpath(fixturePath(api, 'missing.txt')), undefined);
      const text = new TextDecoder().decode(await workspace.readFile(packagePath));
      assert.equal(JSON.parse(text).name, 'ptk-sample-workspace');
      const entries = await workspace.readDirectory(workspaceRoot(api));
      const names = entries.map((entry) => entry.name);
      assert.deepEqual(names, [...names].sort());
      assert.deepEqual(entries.find((entry) => entry.name === 'src'), { name: 'src', type: 'directory' });
      assert.deepEqual(entries.find((entry) => entry.name === 'package.json'), { name: 'package.json', type: 'file' });
    });

    runner.test('missing files, directories read as files and files listed as directories give specific codes', async () => {
      await assertRejectsWithCode(workspace.readFile(fixturePath(api, 'missing.txt')), 'FILE_NOT_FOUND');
      await assertRejectsWithCode(workspace.readFile(fixturePath(api, 'src')), 'NOT_A_FILE');
      await assertRejectsWithCode(workspace.readDirectory(fixturePath(api, 'package.json')), 'NOT_A_DIRECTORY');
      await assertRejectsWithCode(workspace.readDirectory(fixturePath(api, 'missing-dir')), 'FILE_NOT_FOUND');
    });

    runner.test('readDirtyBuffer returns the unsaved editor text, and nothing for a saved file', async () => {
      const mainPath = fixturePath(api, 'src/main.ts');
      const onDisk = await readFile(mainPath, 'utf8');
      const document = await vscode.workspace.openTextDocument(vscode.Uri.file(mainPath));
      const editor = await vscode.window.showTextDocument(document);
      try {
        assert.equal(workspace.readDirtyBuffer(mainPath), undefined, 'a clean open document is read from disk');
        assert.ok(await editor.edit((builder) => builder.insert(new vscode.Position(0, 0), '// unsaved edit\n')));
        assert.equal(document.isDirty, true);
        assert.equal(workspace.readDirtyBuffer(mainPath), `// unsaved edit\n${onDisk}`);
        assert.equal(await readFile(mainPath, 'utf8'), onDisk, 'the disk is untouched');
      } finally {
        await revertAndClose(document);
      }
      assert.equal(workspace.readDirtyBuffer(mainPath), undefined);
      assert.equal(await readFile(mainPath, 'utf8'), onDisk);
    });

    runner.test('writeFile goes through a WorkspaceEdit and is saved; Undo in the editor restores the old text', async () => {
      const notesPath = fixturePath(api, 'notes/todo.md');
      const before = await readFile(notesPath, 'utf8');
      await workspace.writeFile(notesPath, 'rewritten by PTK\n');
      assert.equal(await readFile(notesPath, 'utf8'), 'rewritten by PTK\n', 'saved to disk');
      const document = await vscode.workspace.openTextDocument(vscode.Uri.file(notesPath));
      assert.equal(document.isDirty, false);
      await vscode.window.showTextDocument(document);
      try {
        await vscode.commands.executeCommand('undo');
        await waitFor('the undo to restore the old text', () => document.getText() === before);
        assert.equal(document.isDirty, true, 'the undo is an unsaved change');
        await document.save();
        assert.equal(await readFile(notesPath, 'utf8'), before);
      } finally {
        await closeAllEditors();
      }
    });

    runner.test('writeFile creates a new file and its missing parent folders, with no text document opened for it', async () => {
      const newPath = fixturePath(api, 'generated/deep/created.txt');
      assert.equal(await workspace.stat(newPath), undefined);
      await workspace.writeFile(newPath, 'line one\nline two\n');
      assert.equal(await readFile(newPath, 'utf8'), 'line one\nline two\n');
      // No text document is opened for it (for a .ts file that would start the TypeScript extension: nothing the write needs).
      assert.equal(vscode.workspace.textDocuments.some((document) => document.uri.fsPath === vscode.Uri.file(newPath).fsPath), false);
      await workspace.writeFile(fixturePath(api, 'generated/empty.txt'), '');
      assert.equal(await readFile(fixturePath(api, 'generated/empty.txt'), 'utf8'), '');
      await closeAllEditors();
    });

    runner.test('writeFile refuses a directory and an aborted signal, and changes nothing', async () => {
      await assertRejectsWithCode(workspace.writeFile(fixturePath(api, 'src'), 'x'), 'NOT_A_FILE');
      const controller = new AbortController();
      controller.abort();
      const greetingPath = fixturePath(api, 'src/greeting.ts');
      const before = await readFile(greetingPath, 'utf8');
      await assertRejectsWithCode(workspace.writeFile(greetingPath, 'gone', controller.signal), 'ABORTED');
      assert.equal(await readFile(greetingPath, 'utf8'), before);
    });
  });

  runner.describe('listFiles', () => {
    runner.test('honours files.exclude, search.exclude (node_modules) and .gitignore', async () => {
      const result = await workspace.listFiles(workspaceRoot(api), { limit: 500 });
      const listed = result.files.map((file) => relativeToRoot(api, file));
      for (const expected of ['package.json', 'src/main.ts', 'src/greeting.ts', 'notes/todo.md', 'config/broken.json', '.gitignore']) assert.ok(listed.includes(expected), `${expected} listed: ${listed.join(', ')}`);
      assert.ok(!listed.some((file) => file.startsWith('ignored-output/')), '.gitignore honoured');
      assert.ok(!listed.some((file) => file.startsWith('hidden-by-setting/')), 'files.exclude honoured');
      assert.ok(!listed.some((file) => file.startsWith('node_modules/')), 'search.exclude honoured');
      assert.deepEqual(result.files, [...result.files].sort());
      assert.equal(result.omitted, 0);
    });

    runner.test('respectExcludes false lists everything; pattern and limit apply', async () => {
      const everything = (await workspace.listFiles(workspaceRoot(api), { limit: 500, respectExcludes: false })).files.map((file) => relativeToRoot(api, file));
      for (const expected of ['ignored-output/generated.txt', 'hidden-by-setting/hidden.txt', 'node_modules/left-pad/index.js']) assert.ok(everything.includes(expected), `${expected} listed`);
      const json = (await workspace.listFiles(workspaceRoot(api), { limit: 500, pattern: '**/*.json' })).files.map((file) => relativeToRoot(api, file));
      assert.ok(json.length >= 4, json.join(', '));
      assert.ok(json.every((file) => file.endsWith('.json')), json.join(', '));
      const capped = await workspace.listFiles(workspaceRoot(api), { limit: 2 });
      assert.equal(capped.files.length, 2);
      assert.ok(capped.omitted > 0);
      const subfolder = (await workspace.listFiles(fixturePath(api, 'src'), { limit: 50 })).files.map((file) => relativeToRoot(api, file));
      assert.deepEqual(subfolder, ['src/greeting.ts', 'src/main.ts']);
      await assertRejectsWithCode(workspace.listFiles(fixturePath(api, 'package.json'), { limit: 5 }), 'NOT_A_DIRECTORY');
    });
  });

  runner.describe('search', () => {
    runner.test("uses VS Code's own ripgrep", () => {
      const location = workspace.ripgrepLocation;
      assert.ok(location, 'an rg binary was found');
      assert.equal(location.source, 'vscode', location.path);
      assert.ok(location.path.startsWith(vscode.env.appRoot) || location.path.includes('ripgrep'), location.path);
    });

    runner.test('finds literal text with 1-based line and column, skipping ignored and excluded files', async () => {
      const result = await workspace.search({ pattern: 'PTK_SEARCH_MARKER', isRegex: false, caseSensitive: true, maxResults: 50 });
      assert.equal(result.engine, 'ripgrep');
      assert.equal(result.truncated, false);
      const found = result.matches.map((match) => `${relativeToRoot(api, match.path)}:${match.line}:${match.column}`);
      assert.deepEqual(found.sort(), ['notes/todo.md:3:3', 'src/main.ts:7:44']);
      assert.equal(result.matches.find((match) => match.path.endsWith('todo.md'))?.text, '- PTK_SEARCH_MARKER in notes');
    });

    runner.test('regex, case-insensitivity, include globs, folder and maxResults', async () => {
      const regex = await workspace.search({ pattern: 'ptk_search_marker in (main|notes)', isRegex: true, caseSensitive: false, maxResults: 50 });
      assert.equal(regex.matches.length, 2);
      const caseSensitive = await workspace.search({ pattern: 'ptk_search_marker', isRegex: false, caseSensitive: true, maxResults: 50 });
      assert.equal(caseSensitive.matches.length, 0);
      const onlyTs = await workspace.search({ pattern: 'PTK_SEARCH_MARKER', isRegex: false, caseSensitive: true, maxResults: 50, include: ['**/*.ts'] });
      assert.deepEqual(onlyTs.matches.map((match) => relativeToRoot(api, match.path)), ['src/main.ts']);
      const inNotes = await workspace.search({ pattern: 'PTK_SEARCH_MARKER', isRegex: false, caseSensitive: true, maxResults: 50, folder: fixturePath(api, 'notes') });
      assert.deepEqual(inNotes.matches.map((match) => relativeToRoot(api, match.path)), ['notes/todo.md']);
      const capped = await workspace.search({ pattern: 'PTK_SEARCH_MARKER', isRegex: false, caseSensitive: true, maxResults: 1 });
      assert.equal(capped.matches.length, 1);
      assert.equal(capped.truncated, true);
      const everything = await workspace.search({ pattern: 'PTK_SEARCH_MARKER', isRegex: false, caseSensitive: true, maxResults: 50, respectExcludes: false });
      assert.ok(everything.matches.length >= 5, `found ${everything.matches.length}`);
    });

    runner.test('without ripgrep the JS fallback gives the same matches', async () => {
      const withoutRipgrep = new VSCodeWorkspace({ ripgrepPath: null });
      assert.equal(withoutRipgrep.ripgrepLocation, undefined);
      const query = { pattern: 'PTK_SEARCH_MARKER', isRegex: false, caseSensitive: true, maxResults: 50 };
      const fallback = await withoutRipgrep.search(query);
      assert.equal(fallback.engine, 'js');
      const fast = await workspace.search(query);
      const describeMatches = (matches: typeof fast.matches) => matches.map((match) => `${relativeToRoot(api, match.path)}:${match.line}:${match.column}`).sort();
      assert.deepEqual(describeMatches(fallback.matches), describeMatches(fast.matches));
    });

    runner.test('a bad regular expression gives INVALID_SEARCH_PATTERN', async () => {
      await assertRejectsWithCode(workspace.search({ pattern: 'unclosed(group', isRegex: true, caseSensitive: false, maxResults: 10 }), 'INVALID_SEARCH_PATTERN', /unclosed\(group/);
    });
  });

  runner.describe('diagnostics', () => {
    runner.test('a JSON syntax error from the built-in JSON language service (file opened on demand)', async () => {
      const brokenPath = fixturePath(api, 'config/broken.json');
      const diagnostics = await waitFor('JSON diagnostics', async () => {
        const found = await workspace.getDiagnostics(brokenPath);
        return found.length > 0 ? found : undefined;
      }, 60_000, 500);
      const error = diagnostics.find((diagnostic) => diagnostic.severity === 'error');
      assert.ok(error, JSON.stringify(diagnostics));
      assert.equal(error.path, brokenPath);
      assert.ok(error.range.startLine >= 3 && error.range.startLine <= 4, JSON.stringify(error.range));
      assert.ok(error.range.startColumn >= 1);
      assert.ok(error.message.length > 0);
      assert.deepEqual(await workspace.getDiagnostics(fixturePath(api, 'config/valid.json')), []);
    }, { timeoutMs: 70_000 });

    runner.test('a TypeScript type error (TS2322) from the built-in TypeScript service', async () => {
      const mainPath = fixturePath(api, 'src/main.ts');
      const diagnostics = await waitFor('TypeScript diagnostics', async () => {
        const found = await workspace.getDiagnostics(mainPath);
        // Line 4 once the service has checked the saved text (earlier tests edited this file).
        return found.some((diagnostic) => diagnostic.code === 2322 && diagnostic.range.startLine === 4) ? found : undefined;
      }, 120_000, 1_000);
      const typeError = diagnostics.find((diagnostic) => diagnostic.code === 2322)!;
      assert.equal(typeError.severity, 'error');
      assert.equal(typeError.source, 'ts');
      assert.equal(typeError.range.startLine, 4);
      assert.match(typeError.message, /string.*number/i);
      const all = await workspace.getDiagnostics();
      assert.ok(all.some((diagnostic) => diagnostic.path === mainPath && diagnostic.code === 2322), 'the whole-workspace list has it too');
    }, { timeoutMs: 130_000 });
  });

  runner.describe('runCommand', () => {
    runner.test('runs in the given folder, returns non-zero exits, times out, and cancels', async () => {
      const root = workspaceRoot(api);
      const ok = await workspace.runCommand('pwd && echo to-stderr 1>&2', { cwd: root, timeoutMs: 10_000, maxOutputChars: 10_000 });
      assert.equal(ok.exitCode, 0);
      assert.equal(ok.stdout.trim(), root);
      assert.equal(ok.stderr.trim(), 'to-stderr');
      assert.equal(ok.timedOut, false);
      const failed = await workspace.runCommand('exit 3', { cwd: root, timeoutMs: 10_000, maxOutputChars: 1_000 });
      assert.equal(failed.exitCode, 3);
      const slow = await workspace.runCommand('sleep 20', { cwd: root, timeoutMs: 300, maxOutputChars: 1_000 });
      assert.equal(slow.timedOut, true);
      assert.ok(slow.durationMs < 10_000);
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 200);
      await assertRejectsWithCode(workspace.runCommand('sleep 20', { cwd: root, timeoutMs: 30_000, maxOutputChars: 1_000, signal: controller.signal }), 'ABORTED');
    });
  });

  runner.describe('cancellation bridge', () => {
    runner.test('a CancellationToken becomes an AbortSignal and back', () => {
      const source = new vscode.CancellationTokenSource();
      const bridged = abortSignalFromToken(source.token);
      assert.equal(bridged.signal.aborted, false);
      source.cancel();
      assert.equal(bridged.signal.aborted, true);
      bridged.dispose();
      const already = new vscode.CancellationTokenSource();
      already.cancel();
      assert.equal(abortSignalFromToken(already.token).signal.aborted, true);
      assert.equal(abortSignalFromToken(undefined).signal.aborted, false);
      const controller = new AbortController();
      const tokenSource = tokenFromAbortSignal(controller.signal);
      assert.equal(tokenSource.token.isCancellationRequested, false);
      controller.abort();
      assert.equal(tokenSource.token.isCancellationRequested, true);
      tokenSource.dispose();
    });
  });

  runner.describe('configuration', () => {
    runner.test('ptk.tools.* settings are read and validated with the zod schema', () => {
      const settings = readToolSettings();
      assert.equal(settings.listMaxEntries, 50, 'from the workspace .vscode/settings.json');
      assert.equal(settings.readPageLines, 2000, 'default');
      assert.throws(
        () => readSettings(ToolSettingsSchema, 'ptk.tools', { get: <T>(key: string) => (key === 'maxFileBytes' ? (-5 as T) : undefined), inspect: () => undefined }),
        (error: Error & { code?: string }) => error.code === 'CONFIG_INVALID' && /ptk\.tools\.maxFileBytes/.test(error.message),
      );
    });
  });

  runner.describe('approval', () => {
    runner.test("the approval diff's before/after texts are served on the ptk-approval scheme", async () => {
      const provider = new ApprovalContentProvider('ptk-approval-test');
      try {
        const before = provider.add('old text\n', 'a.ts', 'before');
        const after = provider.add('new text\n', 'a.ts', 'after');
        assert.equal(before.scheme, 'ptk-approval-test');
        assert.equal((await vscode.workspace.openTextDocument(before)).getText(), 'old text\n');
        assert.equal((await vscode.workspace.openTextDocument(after)).getText(), 'new text\n');
        await vscode.commands.executeCommand('vscode.diff', before, after, 'PTK test diff');
        const diffTab = vscode.window.tabGroups.activeTabGroup.activeTab;
        assert.ok(diffTab?.input instanceof vscode.TabInputTextDiff, 'a diff editor is open');
        assert.equal(diffTab.input.original.toString(), before.toString());
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      } finally {
        provider.dispose();
      }
    });

    runner.test('the default approver opens the diff and takes the answer from a real notification button', async () => {
      // The harness (runInVSCode.ts) clicks "Approve" on notifications that carry this marker.
      const provider = new ApprovalContentProvider('ptk-approval-ui-test');
      try {
        const approver = createNotificationApprover(provider);
        const decision = await approver({ toolName: 'write_file', kind: 'write', path: fixturePath(api, 'notes/todo.md'), before: 'old\n', after: 'new\n', summary: 'PTK_APPROVAL_UI_TEST write notes/todo.md' });
        assert.deepEqual(decision, { decision: 'approve' });
        const diffTab = vscode.window.tabGroups.all.flatMap((group) => group.tabs).find((tab) => tab.input instanceof vscode.TabInputTextDiff);
        assert.ok(diffTab, 'the proposed change was shown in a diff editor');
        assert.equal((diffTab.input as vscode.TabInputTextDiff).modified.scheme, 'ptk-approval-ui-test');
        const controller = new AbortController();
        const pending = approver({ toolName: 'run_command', kind: 'command', command: 'echo never clicked', cwd: workspaceRoot(api) }, controller.signal);
        setTimeout(() => controller.abort(), 300);
        await assertRejectsWithCode(pending, 'ABORTED');
      } finally {
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
        provider.dispose();
      }
    }, { timeoutMs: 40_000 });

    runner.test('requestApproval goes to the installed approver, and can be replaced', async () => {
      const seen: string[] = [];
      workspace.setApprover(async (request) => {
        seen.push(`${request.toolName}:${request.kind}`);
        return { decision: 'reject', reason: 'scripted' };
      });
      const answer = await workspace.requestApproval({ toolName: 'write_file', kind: 'write', path: fixturePath(api, 'x.txt'), before: '', after: 'x' });
      assert.deepEqual(answer, { decision: 'reject', reason: 'scripted' });
      assert.deepEqual(seen, ['write_file:write']);
    });
  });

  runner.describe('writes and symbolic links', () => {
    runner.test('writeFile refuses a path whose folder is a symlink leading outside (new and existing file), changing nothing', async () => {
      const outside = await mkdtemp(join(tmpdir(), 'ptk-write-outside-'));
      const link = fixturePath(api, 'linked-outside');
      try {
        await writeFile(join(outside, 'existing.txt'), 'outside original\n');
        await symlink(outside, link);
        await assertRejectsWithCode(workspace.writeFile(join(link, 'existing.txt'), 'replaced\n'), 'PATH_OUTSIDE_WORKSPACE');
        await assertRejectsWithCode(workspace.writeFile(join(link, 'new.txt'), 'created\n'), 'PATH_OUTSIDE_WORKSPACE');
        await assertRejectsWithCode(workspace.writeFile(join(link, 'deep', 'new.txt'), 'created\n'), 'PATH_OUTSIDE_WORKSPACE');
        assert.deepEqual(await readdir(outside), ['existing.txt']);
        assert.equal(await readFile(join(outside, 'existing.txt'), 'utf8'), 'outside original\n');
      } finally {
        await closeAllEditors();
        await rm(link, { force: true });
        await rm(outside, { recursive: true, force: true });
      }
    });

    runner.test('write_file and edit_file are refused when a folder becomes a symlink to outside while the approval is open', async () => {
      const outside = await mkdtemp(join(tmpdir(), 'ptk-race-outside-'));
      const folder = fixturePath(api, 'race');
      const moved = fixturePath(api, 'race-moved');
      let asked = 0;
      try {
        await writeFile(join(outside, 'existing.txt'), 'outside original\n');
        workspace.setApprover(async () => {
          asked++;
          await rename(folder, moved);
          await symlink(outside, folder);
          return { decision: 'approve' };
        });
        const tools = api.createTools();
        const attempts: Array<[string, Record<string, unknown>]> = [
          ['write_file', { path: 'race/new.txt', content: 'escaped\n' }],
          ['write_file', { path: 'race/existing.txt', content: 'replaced\n' }],
          ['edit_file', { path: 'race/existing.txt', edits: [{ search: 'inside original', replace: 'edited' }] }],
        ];
        for (const [toolName, args] of attempts) {
          await rm(folder, { recursive: true, force: true });
          await rm(moved, { recursive: true, force: true });
          await mkdir(folder);
          await writeFile(join(folder, 'existing.txt'), 'inside original\n');
          await assertRejectsWithCode(callTool(tools, toolName, args), 'PATH_OUTSIDE_WORKSPACE', /changed while waiting for approval/);
          assert.deepEqual(await readdir(outside), ['existing.txt'], `${toolName}: nothing created outside`);
          assert.equal(await readFile(join(outside, 'existing.txt'), 'utf8'), 'outside original\n', `${toolName}: nothing changed outside`);
          assert.deepEqual(await readdir(moved), ['existing.txt'], `${toolName}: nothing created inside`);
          assert.equal(await readFile(join(moved, 'existing.txt'), 'utf8'), 'inside original\n', `${toolName}: nothing changed inside`);
        }
        assert.equal(asked, 3);
      } finally {
        workspace.setApprover(async () => ({ decision: 'reject', reason: 'no approver in this test' }));
        await closeAllEditors();
        await rm(folder, { recursive: true, force: true });
        await rm(moved, { recursive: true, force: true });
        await rm(outside, { recursive: true, force: true });
      }
    });

    runner.test('a file whose name starts with two dots is an ordinary workspace file for write, read, list and search', async () => {
      const name = '..ptk-two-dots.txt';
      workspace.setApprover(async () => ({ decision: 'approve' }));
      try {
        const tools = api.createTools();
        await callTool(tools, 'write_file', { path: name, content: 'PTK_TWO_DOTS_MARKER\n' });
        assert.equal(await readFile(fixturePath(api, name), 'utf8'), 'PTK_TWO_DOTS_MARKER\n');
        assert.match((await callTool(tools, 'read_file', { path: name })).content, /PTK_TWO_DOTS_MARKER/);
        const listed = await callTool(tools, 'list_files', { directory: '.', pattern: '*.txt' });
        assert.ok(listed.files.includes(name), `listed: ${listed.files.join(', ')}`);
        assert.deepEqual((await callTool(tools, 'search_code', { query: 'PTK_TWO_DOTS_MARKER', options: { caseSensitive: true } })).matches, [`${name}:1:1: PTK_TWO_DOTS_MARKER`]);
      } finally {
        workspace.setApprover(async () => ({ decision: 'reject', reason: 'no approver in this test' }));
        await closeAllEditors();
        await rm(fixturePath(api, name), { force: true });
      }
    });
  });
}

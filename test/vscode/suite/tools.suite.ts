/**
 * The IDE tools (src/tools, createWorkspaceTools) on the VS Code Workspace port, in a real
 * VS Code: what the model gets when it calls them.
 */
import * as assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ApprovalRequest } from '../../../src/core/workspace';
import type { PTKExtensionApi } from '../../../src/extension';
import { VSCodeWorkspace } from '../../../src/host/vscode/workspace';
import { createWorkspaceTools } from '../../../src/tools';
import { LEAK_PROBE_CALLS, assertNoForbiddenText, visibleMatch, writeConfinementTree } from '../../unit/tools/searchConfinementScenario';
import { assertRejectsWithCode, callTool, fixturePath, revertAndClose } from './helpers';
import { waitFor, type SuiteRunner } from './runner';

export function registerToolsSuite(runner: SuiteRunner, api: PTKExtensionApi): void {
  const { workspace } = api;

  runner.describe('tools', () => {
    runner.test('createTools gives every IDE tool in a trusted workspace', () => {
      const names = api.createTools().map((tool) => tool.name).sort();
      for (const name of ['edit_file', 'get_diagnostics', 'list_files', 'read_file', 'run_command', 'run_tests', 'search_code', 'write_file']) assert.ok(names.includes(name), `${name} in ${names.join(', ')}`);
    });

    runner.test('read_file reads the disk, then the unsaved editor buffer when the file is dirty', async () => {
      const tools = api.createTools();
      const fromDisk = await callTool(tools, 'read_file', { path: 'src/greeting.ts' });
      assert.equal(fromDisk.source, 'disk');
      assert.match(fromDisk.content, /export function formatGreeting/);
      const document = await vscode.workspace.openTextDocument(vscode.Uri.file(fixturePath(api, 'src/greeting.ts')));
      const editor = await vscode.window.showTextDocument(document);
      try {
        await editor.edit((builder) => builder.insert(new vscode.Position(0, 0), '// typed but not saved\n'));
        const fromBuffer = await callTool(tools, 'read_file', { path: 'src/greeting.ts' });
        assert.equal(fromBuffer.source, 'unsaved editor buffer');
        assert.match(fromBuffer.content, /typed but not saved/);
      } finally {
        await revertAndClose(document);
      }
      assert.doesNotMatch(await readFile(fixturePath(api, 'src/greeting.ts'), 'utf8'), /typed but not saved/);
    });

    runner.test('paths outside the workspace are refused', async () => {
      const tools = api.createTools();
      await assertRejectsWithCode(callTool(tools, 'read_file', { path: '../outside.txt' }), 'PATH_OUTSIDE_WORKSPACE');
      await assertRejectsWithCode(callTool(tools, 'read_file', { path: '/etc/passwd' }), 'PATH_OUTSIDE_WORKSPACE');
      await assertRejectsWithCode(callTool(tools, 'write_file', { path: '../escape.txt', content: 'x' }), 'PATH_OUTSIDE_WORKSPACE');
    });

    runner.test('write_file asks the approver; approved writes are saved and undoable, rejected ones change nothing', async () => {
      const requests: ApprovalRequest[] = [];
      let answer: 'approve' | 'reject' = 'approve';
      workspace.setApprover(async (request) => {
        requests.push(request);
        return answer === 'approve' ? { decision: 'approve' } : { decision: 'reject', reason: 'not now' };
      });
      const tools = api.createTools();
      const targetPath = fixturePath(api, 'notes/todo.md');
      const before = await readFile(targetPath, 'utf8');

      answer = 'reject';
      await assertRejectsWithCode(callTool(tools, 'write_file', { path: 'notes/todo.md', content: 'rejected\n' }), 'APPROVAL_REJECTED', /not now/);
      assert.equal(await readFile(targetPath, 'utf8'), before);

      answer = 'approve';
      await callTool(tools, 'write_file', { path: 'notes/todo.md', content: 'approved content\n' });
      assert.equal(await readFile(targetPath, 'utf8'), 'approved content\n');
      assert.equal(requests.length, 2);
      assert.equal(requests[1]!.kind, 'write');
      assert.equal(requests[1]!.before, before);
      assert.equal(requests[1]!.after, 'approved content\n');

      const document = await vscode.workspace.openTextDocument(vscode.Uri.file(targetPath));
      await vscode.window.showTextDocument(document);
      try {
        await vscode.commands.executeCommand('undo');
        await waitFor('undo of write_file', () => document.getText() === before);
        await document.save();
        assert.equal(await readFile(targetPath, 'utf8'), before);
      } finally {
        await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      }
    });

    runner.test('edit_file replaces a unique block through the editor', async () => {
      workspace.setApprover(async () => ({ decision: 'approve' }));
      const tools = api.createTools();
      await callTool(tools, 'edit_file', { path: 'src/greeting.ts', edits: [{ search: 'return `Hello, ${name}`.repeat(times);', replace: 'return `Hi, ${name}`.repeat(times);' }] });
      assert.match(await readFile(fixturePath(api, 'src/greeting.ts'), 'utf8'), /Hi, \$\{name\}/);
      await assertRejectsWithCode(callTool(tools, 'edit_file', { path: 'src/greeting.ts', edits: [{ search: 'no such text anywhere', replace: 'x' }] }), 'EDIT_NO_MATCH');
    });

    runner.test('list_files, search_code and get_diagnostics answer with workspace-relative paths', async () => {
      const tools = api.createTools();
      const listed = await callTool(tools, 'list_files', { directory: 'src' });
      assert.match(JSON.stringify(listed), /src\/main\.ts/);
      assert.doesNotMatch(JSON.stringify(await callTool(tools, 'list_files', {})), /ignored-output|hidden-by-setting|node_modules/);
      const search = await callTool(tools, 'search_code', { query: 'PTK_SEARCH_MARKER', options: { caseSensitive: true } });
      assert.equal(search.engine, 'ripgrep');
      assert.equal(search.count, 2);
      assert.ok(search.matches.some((match: string) => match.startsWith('notes/todo.md:3:3')), search.matches.join('\n'));
      const diagnostics = await waitFor('get_diagnostics to list TS2322', async () => {
        const result = await callTool(tools, 'get_diagnostics', { file: 'src/main.ts' });
        return JSON.stringify(result).includes('2322') ? result : undefined;
      }, 60_000, 1_000);
      assert.match(JSON.stringify(diagnostics), /src\/main\.ts/);
    }, { timeoutMs: 70_000 });

    runner.test('search_code with include ["src/**"] finds the match under src/ (rg runs in the workspace folder)', async () => {
      const tools = api.createTools();
      const result = await callTool(tools, 'search_code', { query: 'PTK_SEARCH_MARKER', options: { caseSensitive: true, include: ['src/**'] } });
      assert.equal(result.engine, 'ripgrep');
      assert.deepEqual(result.matches, ['src/main.ts:7:44: return formatGreeting(name, retries); // PTK_SEARCH_MARKER in main']);
    });

    runner.test('search_code shows nothing reached through a symlink out of the workspace or from a denied file (VS Code\'s rg and the JS fallback)', async () => {
      const probeFolder = fixturePath(api, 'leak-probe');
      const outside = await mkdtemp(join(tmpdir(), 'ptk-leak-outside-'));
      try {
        writeConfinementTree(probeFolder, outside);
        const engines = [
          ['ripgrep', api.createTools()],
          // VS Code's findFiles (the JS search's listing) follows symlinked folders.
          ['js', createWorkspaceTools(new VSCodeWorkspace({ ripgrepPath: null }), {})],
        ] as const;
        for (const [engine, tools] of engines) {
          for (const call of LEAK_PROBE_CALLS) {
            const result = await callTool(tools, 'search_code', call);
            assert.equal(result.engine, engine);
            assertNoForbiddenText(result, `${engine} search_code ${JSON.stringify(call)}`);
            assert.deepEqual(result.matches, [visibleMatch('leak-probe/')], `${engine} ${JSON.stringify(call)}`);
          }
        }
      } finally {
        await rm(probeFolder, { recursive: true, force: true });
        await rm(outside, { recursive: true, force: true });
      }
    });

    runner.test('run_command runs an approved command in the workspace folder', async () => {
      const commands: string[] = [];
      workspace.setApprover(async (request) => {
        commands.push(request.command ?? '');
        return { decision: 'approve' };
      });
      const tools = api.createTools();
      const result = await callTool(tools, 'run_command', { command: 'echo from-run-command && pwd' });
      assert.deepEqual(commands, ['echo from-run-command && pwd']);
      assert.match(JSON.stringify(result), /from-run-command/);
      assert.match(JSON.stringify(result), /sample-workspace/);
    });
  });
}

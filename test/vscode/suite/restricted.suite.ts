/**
 * Restricted Mode: the same workspace opened WITHOUT trust (code-server started without
 * --disable-workspace-trust). Reading still works; writing and running are refused.
 */
import * as assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import * as vscode from 'vscode';
import type { PTKExtensionApi } from '../../../src/extension';
import { createWorkspaceTools } from '../../../src/tools';
import { assertRejectsWithCode, callTool, fixturePath } from './helpers';
import type { SuiteRunner } from './runner';

export function registerRestrictedModeSuite(runner: SuiteRunner, api: PTKExtensionApi): void {
  runner.describe('restricted mode', () => {
    runner.test('VS Code reports the folder as untrusted and so does the port', () => {
      assert.equal(vscode.workspace.isTrusted, false);
      assert.equal(api.workspace.isTrusted(), false);
    });

    runner.test('the write and run tools are left out; read tools still work', async () => {
      const names = api.createTools().map((tool) => tool.name);
      assert.ok(!names.includes('write_file') && !names.includes('run_command') && !names.includes('edit_file'), names.join(', '));
      const read = await callTool(api.createTools(), 'read_file', { path: 'package.json' });
      assert.match(read.content, /ptk-sample-workspace/);
    });

    runner.test('a write tool kept (marked disabled) refuses with WORKSPACE_UNTRUSTED and changes nothing', async () => {
      api.workspace.setApprover(async () => ({ decision: 'approve' }));
      const tools = createWorkspaceTools(api.workspace, {}, { omitDisabledTools: false });
      const targetPath = fixturePath(api, 'notes/todo.md');
      const before = await readFile(targetPath, 'utf8');
      await assertRejectsWithCode(callTool(tools, 'write_file', { path: 'notes/todo.md', content: 'nope' }), 'WORKSPACE_UNTRUSTED');
      await assertRejectsWithCode(callTool(tools, 'run_command', { command: 'echo nope' }), 'WORKSPACE_UNTRUSTED');
      assert.equal(await readFile(targetPath, 'utf8'), before);
    });
  });
}

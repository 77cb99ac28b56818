import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { PTKErrorCode } from '../../../src/core/errors';
import type { WorkspaceDiagnostic } from '../../../src/core/workspace';
import { findRipgrepOnPath } from '../../../src/host/shared/ripgrepOnPath';
import { NodeWorkspace } from '../../../src/host/node/workspace';
import { createWorkspaceTools } from '../../../src/tools';
import { callTool, rejectsWithCode } from './workspaceScenarios';
import { tempFolders } from '../fixtures/tempFolders';

const temp = tempFolders();

function temporaryFolder(name: string): string {
  const base = temp.folder('ptk-roots-');
  const folder = path.join(base, name);
  mkdirSync(folder, { recursive: true });
  return folder;
}

describe('get_diagnostics', () => {
  const root = temporaryFolder('project');
  writeFileSync(path.join(root, 'a.ts'), 'let x: number = "s";\n');
  writeFileSync(path.join(root, 'b.ts'), 'unused;\n');
  const all: WorkspaceDiagnostic[] = [
    { path: path.join(root, 'b.ts'), severity: 'warning', message: 'unused expression', range: { startLine: 1, startColumn: 1, endLine: 1, endColumn: 7 }, source: 'eslint', code: 'no-unused-expressions' },
    { path: path.join(root, 'a.ts'), severity: 'error', message: "Type 'string' is not assignable to type 'number'.", range: { startLine: 1, startColumn: 5, endLine: 1, endColumn: 6 }, source: 'ts', code: 2322 },
  ];
  const asked: Array<string | undefined> = [];
  const workspace = new NodeWorkspace({
    roots: [root],
    diagnostics: (file) => {
      asked.push(file);
      return file ? all.filter((diagnostic) => diagnostic.path === file) : all;
    },
  });
  const tools = createWorkspaceTools(workspace);

  it('lists every problem, errors first, with range, source and code', async () => {
    const result = await callTool(tools, 'get_diagnostics', {});
    assert.deepEqual(result.counts, { error: 1, warning: 1, information: 0, hint: 0 });
    assert.deepEqual(result.diagnostics[0], { file: 'a.ts', line: 1, column: 5, endLine: 1, endColumn: 6, severity: 'error', message: "Type 'string' is not assignable to type 'number'.", source: 'ts', code: 2322 });
    assert.equal(result.diagnostics[1].code, 'no-unused-expressions');
  });

  it('asks the host for one (checked) file', async () => {
    const result = await callTool(tools, 'get_diagnostics', { file: 'b.ts' });
    assert.equal(asked.at(-1), path.join(root, 'b.ts'));
    assert.equal(result.diagnostics.length, 1);
    await rejectsWithCode(callTool(tools, 'get_diagnostics', { file: '../x.ts' }), PTKErrorCode.PATH_OUTSIDE_WORKSPACE);
  });

  it('says so when there is no problem', async () => {
    const clean = createWorkspaceTools(new NodeWorkspace({ roots: [root] }));
    const result = await callTool(clean, 'get_diagnostics', { file: 'a.ts' });
    assert.deepEqual(result.diagnostics, []);
    assert.match(result.note, /No problems reported for a\.ts/);
  });
});

describe('multi-root workspaces', () => {
  const first = temporaryFolder('front');
  const second = temporaryFolder('back');
  writeFileSync(path.join(first, 'app.ts'), 'const sharedToken = 1;\n');
  mkdirSync(path.join(second, 'api'));
  writeFileSync(path.join(second, 'api', 'server.ts'), 'export const sharedToken = 2;\n');
  writeFileSync(path.join(second, '.env'), 'sharedToken=secret\n');

  for (const [label, ripgrepPath] of [['js', null], ['ripgrep', findRipgrepOnPath() ?? null]] as const) {
    it(`search_code (${label}) and list_files name files by folder and never show denied files`, { skip: label === 'ripgrep' && !ripgrepPath ? 'no rg' : false }, async () => {
      const tools = createWorkspaceTools(new NodeWorkspace({ roots: [first, second], ripgrepPath }));
      const found = await callTool(tools, 'search_code', { query: 'sharedToken' });
      assert.deepEqual([...found.matches].sort(), ['back/api/server.ts:1:14: export const sharedToken = 2;', 'front/app.ts:1:7: const sharedToken = 1;']);
      const listed = await callTool(tools, 'list_files', { directory: 'back' });
      assert.deepEqual(listed.files, ['back/api/server.ts']);
      const read = await callTool(tools, 'read_file', { path: 'back/api/server.ts' });
      assert.equal(read.path, 'back/api/server.ts');
      const oneFile = await callTool(tools, 'search_code', { query: 'sharedToken', options: { path: 'front/app.ts' } });
      assert.deepEqual(oneFile.matches, ['front/app.ts:1:7: const sharedToken = 1;']);
    });
  }
});

/**
 * Names that merely start with two dots (`..notes.txt`, `..env.example`, a folder `..cache`)
 * are ordinary workspace files: `..` is a traversal only as a whole path segment. Every tool
 * must read, write, list and search them like any other file.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { PTKErrorCode } from '../../../src/core/errors';
import { findRipgrepOnPath } from '../../../src/host/shared/ripgrepOnPath';
import { NodeWorkspace } from '../../../src/host/node/workspace';
import { createWorkspaceTools } from '../../../src/tools';
import { climbsOutOfBase, resolveWorkspacePath } from '../../../src/tools/pathSafety';
import { callTool, rejectsWithCode } from './workspaceScenarios';
import { tempFolders } from '../fixtures/tempFolders';

const temp = tempFolders();

const put = (root: string, relativePath: string, content: string): void => void temp.put(root, relativePath, content);

function fixture(ripgrepPath: string | null) {
  const base = temp.folder('ptk-dotdot-');
  const root = path.join(base, 'project');
  put(root, '..notes.txt', 'needle in two-dot notes\n');
  put(root, '..env.example', 'EXAMPLE=needle\n');
  put(root, '..cache/data.txt', 'needle in a two-dot folder\n');
  put(root, 'src/..hidden.ts', 'export const needle = 1;\n');
  put(root, 'plain.txt', 'needle plain\n');
  put(root, '.gitignore', '..ignored.txt\n');
  put(root, '..ignored.txt', 'needle that .gitignore hides\n');
  // Next to the workspace: what a real `..` would reach.
  put(base, 'notes.txt', 'outside\n');
  const workspace = new NodeWorkspace({ roots: [root], ripgrepPath });
  const tools = createWorkspaceTools(workspace, { autoApprove: { write_file: true, edit_file: true } });
  return { base, root, workspace, tools };
}

const TWO_DOT_FILES = ['..cache/data.txt', '..env.example', '..notes.txt', 'src/..hidden.ts'];

describe('names starting with two dots are inside the workspace', () => {
  it('climbsOutOfBase: only a whole ".." segment climbs out', () => {
    for (const climbing of ['..', '../x', '..\\x', '../..', '../..notes.txt']) assert.equal(climbsOutOfBase(climbing), true, climbing);
    for (const staying of ['', 'x', '..notes.txt', '..env.example', '...', '..cache/x', '..\u00e9', 'a/..b']) assert.equal(climbsOutOfBase(staying), false, staying);
  });

  it('resolveWorkspacePath accepts them, relative, dotted and absolute', async () => {
    const { root, workspace } = fixture(null);
    const options = { access: 'read' as const, denyPaths: [], denyWritePaths: [] };
    for (const accepted of ['..notes.txt', './..notes.txt', 'src/../..notes.txt', path.join(root, '..notes.txt')]) {
      const resolved = await resolveWorkspacePath(workspace, accepted, options);
      assert.equal(resolved.path, path.join(root, '..notes.txt'), accepted);
      assert.equal(resolved.displayPath, '..notes.txt');
    }
    const folder = await resolveWorkspacePath(workspace, '..cache/data.txt', options);
    assert.equal(folder.displayPath, '..cache/data.txt');
  });

  it('read_file reads them; a real ".." is still refused', async () => {
    const { tools } = fixture(null);
    assert.match((await callTool(tools, 'read_file', { path: '..notes.txt' })).content, /two-dot notes/);
    assert.match((await callTool(tools, 'read_file', { path: '..env.example' })).content, /EXAMPLE=needle/);
    assert.match((await callTool(tools, 'read_file', { path: '..cache/data.txt' })).content, /two-dot folder/);
    await rejectsWithCode(callTool(tools, 'read_file', { path: '../notes.txt' }), PTKErrorCode.PATH_OUTSIDE_WORKSPACE);
  });

  it('write_file creates and replaces them, edit_file edits them', async () => {
    const { base, root, tools } = fixture(null);
    const createdFile = await callTool(tools, 'write_file', { path: '..new.txt', content: 'new\n' });
    assert.deepEqual([createdFile.path, createdFile.created], ['..new.txt', true]);
    assert.equal(readFileSync(path.join(root, '..new.txt'), 'utf8'), 'new\n');
    await callTool(tools, 'write_file', { path: '..dir/..deeper/file.txt', content: 'deep\n' });
    assert.equal(readFileSync(path.join(root, '..dir', '..deeper', 'file.txt'), 'utf8'), 'deep\n');
    const replaced = await callTool(tools, 'write_file', { path: '..notes.txt', content: 'replaced\n' });
    assert.equal(replaced.created, false);
    await callTool(tools, 'edit_file', { path: '..env.example', edits: [{ search: 'EXAMPLE=needle', replace: 'EXAMPLE=edited' }] });
    assert.equal(readFileSync(path.join(root, '..env.example'), 'utf8'), 'EXAMPLE=edited\n');
    assert.equal(existsSync(path.join(base, 'new.txt')), false);
    assert.equal(readFileSync(path.join(base, 'notes.txt'), 'utf8'), 'outside\n');
  });

  it('list_files lists them, and .gitignore rules naming one apply to it', async () => {
    const { tools } = fixture(null);
    const listed = await callTool(tools, 'list_files', { directory: '.' });
    assert.deepEqual(listed.files.filter((file: string) => file.includes('..')), TWO_DOT_FILES);
    assert.equal(listed.note, undefined, 'no file was left out as "protected"');
    const inFolder = await callTool(tools, 'list_files', { directory: '..cache' });
    assert.deepEqual(inFolder.files, ['..cache/data.txt']);
  });

  for (const [engine, ripgrepPath] of [['JS search', null], ['ripgrep', findRipgrepOnPath() ?? 'missing']] as const) {
    it(`search_code finds matches in them (${engine})`, { skip: ripgrepPath === 'missing' ? 'no rg on PATH' : false }, async () => {
      const { tools } = fixture(ripgrepPath);
      const result = await callTool(tools, 'search_code', { query: 'needle' });
      const files = [...new Set(result.matches.map((match: string) => match.slice(0, match.indexOf(':'))))].sort();
      assert.deepEqual(files, [...TWO_DOT_FILES, 'plain.txt'].sort());
      const inFolder = await callTool(tools, 'search_code', { query: 'needle', options: { path: '..cache' } });
      assert.deepEqual(inFolder.matches, ['..cache/data.txt:1:1: needle in a two-dot folder']);
      const oneFile = await callTool(tools, 'search_code', { query: 'needle', options: { path: '..notes.txt' } });
      assert.deepEqual(oneFile.matches, ['..notes.txt:1:1: needle in two-dot notes']);
    });
  }
});

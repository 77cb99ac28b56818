/**
 * Writes that race their own approval: while the user looks at the diff, a folder on the path
 * is replaced by a symbolic link. The write must be refused (PATH_OUTSIDE_WORKSPACE) and
 * nothing may be created or changed, outside the workspace or inside it.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { PTKErrorCode } from '../../../src/core/errors';
import type { ApprovalRequest } from '../../../src/core/workspace';
import { NodeWorkspace } from '../../../src/host/node/workspace';
import { createWorkspaceTools } from '../../../src/tools';
import { callTool, rejectsWithCode } from './workspaceScenarios';
import { tempFolders } from '../fixtures/tempFolders';

const temp = tempFolders();

/** Every file under `folder` (relative path → content), symlinks not followed. */
function snapshot(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name);
    const relative = path.relative(folder, full);
    if (entry.isFile()) files[relative] = readFileSync(full, 'utf8');
    else if (entry.isSymbolicLink()) files[relative] = '<symlink>';
    else if (entry.isDirectory()) files[relative] = '<folder>';
  }
  return files;
}

/**
 * A workspace with `sub/existing.txt` and `other/existing.txt`, a folder `outside` next to it
 * holding its own `existing.txt`, and an approver that, while "open", moves `sub` away to
 * `sub-moved` and puts a symbolic link to `linkTarget` in its place, then approves.
 */
function raceFixture(linkTarget: 'outside' | 'other') {
  const base = temp.folder('ptk-race-');
  const root = path.join(base, 'project');
  const outside = path.join(base, 'outside');
  mkdirSync(path.join(root, 'sub'), { recursive: true });
  mkdirSync(path.join(root, 'other'), { recursive: true });
  mkdirSync(outside);
  writeFileSync(path.join(root, 'sub', 'existing.txt'), 'inside original\n');
  writeFileSync(path.join(root, 'other', 'existing.txt'), 'other original\n');
  writeFileSync(path.join(outside, 'existing.txt'), 'outside original\n');
  const requests: ApprovalRequest[] = [];
  const workspace = new NodeWorkspace({
    roots: [root],
    ripgrepPath: null,
    approver: async (request) => {
      requests.push(request);
      renameSync(path.join(root, 'sub'), path.join(root, 'sub-moved'));
      symlinkSync(linkTarget === 'outside' ? outside : path.join(root, 'other'), path.join(root, 'sub'));
      return { decision: 'approve' };
    },
  });
  const tools = createWorkspaceTools(workspace);
  const outsideBefore = snapshot(outside);
  const expectedInside: Record<string, string> = { ...snapshot(root), 'sub-moved': '<folder>', 'sub-moved/existing.txt': 'inside original\n', sub: '<symlink>' };
  delete expectedInside['sub/existing.txt'];
  /** Asserts nothing was created or changed: outside as it was, inside only the swap itself. */
  const assertUntouched = () => {
    assert.equal(requests.length, 1, 'the user was asked once');
    assert.deepEqual(snapshot(outside), outsideBefore, 'nothing outside the workspace was created or changed');
    assert.deepEqual(snapshot(root), expectedInside, 'nothing inside the workspace was written');
  };
  return { root, tools, assertUntouched };
}

describe('writes that race their approval (a folder becomes a symlink while the user decides)', () => {
  it('write_file of a new file is refused when the folder now leads outside', async () => {
    const fixture = raceFixture('outside');
    await rejectsWithCode(callTool(fixture.tools, 'write_file', { path: 'sub/new.txt', content: 'escaped\n' }), PTKErrorCode.PATH_OUTSIDE_WORKSPACE, /changed while waiting for approval/);
    fixture.assertUntouched();
  });

  it('write_file of a new file in new folders is refused when the folder now leads outside', async () => {
    const fixture = raceFixture('outside');
    await rejectsWithCode(callTool(fixture.tools, 'write_file', { path: 'sub/deep/er/new.txt', content: 'escaped\n' }), PTKErrorCode.PATH_OUTSIDE_WORKSPACE);
    fixture.assertUntouched();
  });

  it('write_file replacing an existing file is refused when the folder now leads outside', async () => {
    const fixture = raceFixture('outside');
    await rejectsWithCode(callTool(fixture.tools, 'write_file', { path: 'sub/existing.txt', content: 'replaced\n' }), PTKErrorCode.PATH_OUTSIDE_WORKSPACE);
    fixture.assertUntouched();
  });

  it('edit_file is refused when the folder now leads outside', async () => {
    const fixture = raceFixture('outside');
    await rejectsWithCode(callTool(fixture.tools, 'edit_file', { path: 'sub/existing.txt', edits: [{ search: 'original', replace: 'edited' }] }), PTKErrorCode.PATH_OUTSIDE_WORKSPACE, /nothing was written/);
    fixture.assertUntouched();
  });

  it('write_file and edit_file are refused when the folder now leads elsewhere inside the workspace', async () => {
    const written = raceFixture('other');
    await rejectsWithCode(callTool(written.tools, 'write_file', { path: 'sub/existing.txt', content: 'replaced\n' }), PTKErrorCode.PATH_OUTSIDE_WORKSPACE, /now leads to "other\/existing.txt"/);
    written.assertUntouched();
    const edited = raceFixture('other');
    await rejectsWithCode(callTool(edited.tools, 'edit_file', { path: 'sub/existing.txt', edits: [{ search: 'inside original', replace: 'edited' }] }), PTKErrorCode.PATH_OUTSIDE_WORKSPACE);
    edited.assertUntouched();
  });

  it('run_command does not run in a working folder that now leads outside', async () => {
    const fixture = raceFixture('outside');
    const command = `node -e "require('fs').writeFileSync('ran.txt', 'ran')"`;
    await rejectsWithCode(callTool(fixture.tools, 'run_command', { command, cwd: 'sub' }), PTKErrorCode.PATH_OUTSIDE_WORKSPACE, /the command was not run/);
    fixture.assertUntouched();
  });
});

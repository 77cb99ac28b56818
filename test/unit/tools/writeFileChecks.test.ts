/**
 * write_file and edit_file: a file standing where a folder should be, and text that UTF-8
 * cannot hold (lone UTF-16 surrogates).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { PTKErrorCode } from '../../../src/core/errors';
import type { ApprovalRequest } from '../../../src/core/workspace';
import { NodeWorkspace } from '../../../src/host/node/workspace';
import { createWorkspaceTools } from '../../../src/tools';
import { replaceLoneSurrogates } from '../../../src/tools/text/loneSurrogates';
import { callTool, rejectsWithCode } from './workspaceScenarios';
import { tempFolders } from '../fixtures/tempFolders';

const temp = tempFolders();

function fixture() {
  const root = temp.folder('ptk-write-checks-');
  writeFileSync(path.join(root, 'a.txt'), 'keep\n');
  const requests: ApprovalRequest[] = [];
  const workspace = new NodeWorkspace({
    roots: [root],
    approver: (request) => {
      requests.push(request);
      return { decision: 'approve' };
    },
  });
  return { root, requests, tools: createWorkspaceTools(workspace) };
}

describe('write_file under a path whose parent is a file', () => {
  for (const target of ['a.txt/b.txt', 'a.txt/deeper/b.txt']) {
    it(`"${target}" fails with NOT_A_DIRECTORY, a workspace-relative sentence, and changes nothing`, async () => {
      const { root, requests, tools } = fixture();
      await rejectsWithCode(callTool(tools, 'write_file', { path: target, content: 'x' }), PTKErrorCode.NOT_A_DIRECTORY, new RegExp(`^Cannot create "${target}": "a\\.txt" is a file, not a folder`));
      await assert.rejects(callTool(tools, 'write_file', { path: target, content: 'x' }), (failure: Error) => {
        assert.ok(!failure.message.includes(root), `no absolute path in "${failure.message}"`);
        assert.doesNotMatch(failure.message, /EEXIST|ENOTDIR/);
        return true;
      });
      assert.equal(requests.length, 0, 'the user is not asked to approve a write that cannot happen');
      assert.deepEqual(readdirSync(root), ['a.txt']);
      assert.equal(readFileSync(path.join(root, 'a.txt'), 'utf8'), 'keep\n');
    });
  }
});

describe('lone UTF-16 surrogates in written text', () => {
  it('replaceLoneSurrogates replaces halves of pairs only, keeping the length', () => {
    assert.deepEqual(replaceLoneSurrogates('a\uD800b'), { text: 'a\uFFFDb', loneSurrogates: 1 });
    assert.deepEqual(replaceLoneSurrogates('\uDC00x\uD83D'), { text: '\uFFFDx\uFFFD', loneSurrogates: 2 });
    assert.deepEqual(replaceLoneSurrogates('\uD83D\uDE00 ok'), { text: '\uD83D\uDE00 ok', loneSurrogates: 0 });
    assert.deepEqual(replaceLoneSurrogates('\uDE00\uD83D'), { text: '\uFFFD\uFFFD', loneSurrogates: 2 });
  });

  it('write_file writes them as U+FFFD, shows that text for approval, and says so in its result', async () => {
    const { root, requests, tools } = fixture();
    const result = await callTool(tools, 'write_file', { path: 'odd.txt', content: 'one \uD800 two \uDFFF three\n' });
    assert.match(result.note, /2 lone UTF-16 surrogates/);
    assert.match(result.note, /U\+FFFD/);
    assert.equal(readFileSync(path.join(root, 'odd.txt'), 'utf8'), 'one \uFFFD two \uFFFD three\n');
    assert.equal(requests[0]!.after, 'one \uFFFD two \uFFFD three\n');
    const clean = await callTool(tools, 'write_file', { path: 'clean.txt', content: 'smile \uD83D\uDE00\n' });
    assert.equal(clean.note, undefined);
    assert.equal(readFileSync(path.join(root, 'clean.txt'), 'utf8'), 'smile \uD83D\uDE00\n');
  });

  it('edit_file writes them as U+FFFD and says so in its result', async () => {
    const { root, requests, tools } = fixture();
    const result = await callTool(tools, 'edit_file', { path: 'a.txt', edits: [{ search: 'keep', replace: 'kept \uDBFF' }] });
    assert.match(result.note, /1 lone UTF-16 surrogate \(/);
    assert.equal(readFileSync(path.join(root, 'a.txt'), 'utf8'), 'kept \uFFFD\n');
    assert.equal(requests[0]!.after, 'kept \uFFFD\n');
    const clean = await callTool(tools, 'edit_file', { path: 'a.txt', edits: [{ search: 'kept', replace: 'still' }] });
    assert.equal(clean.note, undefined);
  });
});

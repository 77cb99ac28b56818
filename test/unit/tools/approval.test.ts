import assert from 'node:assert/strict';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ApprovalRejectedError, PTKErrorCode } from '../../../src/core/errors';
import type { ApprovalDecision, ApprovalRequest } from '../../../src/core/workspace';
import { NodeWorkspace } from '../../../src/host/node/workspace';
import { createWorkspaceTools, describeWorkspaceRestrictions, isCommandAllowListed, SessionGrants } from '../../../src/tools';
import { callTool, rejectsWithCode } from './workspaceScenarios';
import { tempFolders } from '../fixtures/tempFolders';

const temp = tempFolders();

function setup(answers: ApprovalDecision[], options: { trusted?: boolean } = {}) {
  const root = temp.folder('ptk-approval-');
  writeFileSync(path.join(root, 'a.txt'), 'old\n');
  const requests: ApprovalRequest[] = [];
  const workspace = new NodeWorkspace({
    roots: [root],
    trusted: options.trusted ?? true,
    approver: (request) => {
      requests.push(request);
      const answer = answers.shift();
      if (!answer) throw new Error('unexpected approval request');
      return answer;
    },
  });
  return { root, workspace, requests };
}

describe('approval of dangerous tools', () => {
  it('shows the diff and writes when approved', async () => {
    const { root, workspace, requests } = setup([{ decision: 'approve' }]);
    const tools = createWorkspaceTools(workspace);
    await callTool(tools, 'write_file', { path: 'a.txt', content: 'new\n' });
    assert.equal(requests.length, 1);
    assert.equal(requests[0]!.kind, 'write');
    assert.equal(requests[0]!.before, 'old\n');
    assert.equal(requests[0]!.after, 'new\n');
    assert.equal(requests[0]!.path, path.join(root, 'a.txt'));
    assert.equal(readFileSync(path.join(root, 'a.txt'), 'utf8'), 'new\n');
  });

  it('a rejection writes nothing and carries the user reason', async () => {
    const { root, workspace } = setup([{ decision: 'reject', reason: 'keep the old text' }]);
    const tools = createWorkspaceTools(workspace);
    await assert.rejects(callTool(tools, 'edit_file', { path: 'a.txt', edits: [{ search: 'old', replace: 'new' }] }), (error: unknown) => {
      assert.ok(error instanceof ApprovalRejectedError);
      assert.equal(error.code, PTKErrorCode.APPROVAL_REJECTED);
      assert.match(error.message, /keep the old text/);
      return true;
    });
    assert.equal(readFileSync(path.join(root, 'a.txt'), 'utf8'), 'old\n');
  });

  it('"always" stops asking for that tool for the session, not for others', async () => {
    const { workspace, requests } = setup([{ decision: 'always' }, { decision: 'approve' }]);
    const tools = createWorkspaceTools(workspace);
    await callTool(tools, 'write_file', { path: 'b.txt', content: '1' });
    await callTool(tools, 'write_file', { path: 'c.txt', content: '2' });
    assert.equal(requests.length, 1);
    await callTool(tools, 'edit_file', { path: 'b.txt', edits: [{ search: '1', replace: '3' }] });
    assert.equal(requests.length, 2);
    assert.equal(requests[1]!.kind, 'edit');
  });

  it('autoApprove skips asking for writes but never for commands', async () => {
    const { workspace, requests } = setup([{ decision: 'reject' }]);
    const tools = createWorkspaceTools(workspace, { autoApprove: { write_file: true, run_command: true } });
    await callTool(tools, 'write_file', { path: 'd.txt', content: 'x' });
    assert.equal(requests.length, 0);
    await rejectsWithCode(callTool(tools, 'run_command', { command: 'echo hi' }), PTKErrorCode.APPROVAL_REJECTED);
    assert.equal(requests.length, 1);
    assert.equal(requests[0]!.command, 'echo hi');
  });

  it('an allow-listed command runs without asking; "always" remembers the exact command only', async () => {
    const { workspace, requests } = setup([{ decision: 'always' }, { decision: 'reject', reason: 'no' }]);
    const tools = createWorkspaceTools(workspace, { allowedCommands: ['echo *'] });
    const echoed = await callTool(tools, 'run_command', { command: 'echo allowed' });
    assert.equal(echoed.stdout.trim(), 'allowed');
    assert.equal(requests.length, 0);
    await callTool(tools, 'run_command', { command: 'node --version' });
    await callTool(tools, 'run_command', { command: 'node --version' });
    assert.equal(requests.length, 1);
    await rejectsWithCode(callTool(tools, 'run_command', { command: 'node -v' }), PTKErrorCode.APPROVAL_REJECTED, /no/);
  });

  it('run_tests runs the configured command after approval', async () => {
    const { workspace, requests } = setup([{ decision: 'approve' }]);
    const tools = createWorkspaceTools(workspace, { runTestsCommand: 'echo tests-ran' });
    const result = await callTool(tools, 'run_tests', {});
    assert.equal(requests[0]!.toolName, 'run_tests');
    assert.equal(requests[0]!.command, 'echo tests-ran');
    assert.equal(result.stdout.trim(), 'tests-ran');
  });

  it('edit_file writes nothing when the file changed while waiting for approval', async () => {
    const root = temp.folder('ptk-approval-');
    const file = path.join(root, 'a.txt');
    writeFileSync(file, 'old\n');
    const workspace = new NodeWorkspace({
      roots: [root],
      approver: () => {
        writeFileSync(file, 'the user typed this\n');
        return { decision: 'approve' };
      },
    });
    await rejectsWithCode(callTool(createWorkspaceTools(workspace), 'edit_file', { path: 'a.txt', edits: [{ search: 'old', replace: 'new' }] }), PTKErrorCode.FILE_CHANGED, /Read the file again/);
    assert.equal(readFileSync(file, 'utf8'), 'the user typed this\n');
  });

  it('cancelling while the approval is pending writes nothing', async () => {
    const root = temp.folder('ptk-approval-');
    const controller = new AbortController();
    const workspace = new NodeWorkspace({
      roots: [root],
      // The task is cancelled once the question is on screen.
      approver: (_request, signal) => {
        const answer = new Promise<ApprovalDecision>((_resolve, reject) => signal!.addEventListener('abort', () => reject(new Error('approval cancelled'))));
        controller.abort();
        return answer;
      },
    });
    const pending = callTool(createWorkspaceTools(workspace), 'write_file', { path: 'x.txt', content: 'x' }, controller.signal);
    await assert.rejects(pending, /approval cancelled/);
    assert.equal(existsSync(path.join(root, 'x.txt')), false);
  });

  it('without an approver nothing dangerous runs', async () => {
    const root = temp.folder('ptk-approval-');
    const tools = createWorkspaceTools(new NodeWorkspace({ roots: [root] }));
    await rejectsWithCode(callTool(tools, 'write_file', { path: 'x.txt', content: 'x' }), PTKErrorCode.APPROVAL_REJECTED, /non-interactive/);
    assert.equal(existsSync(path.join(root, 'x.txt')), false);
  });
});

describe('command allow list', () => {
  it('matches exact commands and "prefix *" rules without shell operators', () => {
    assert.equal(isCommandAllowListed('npm test', ['npm test']), true);
    assert.equal(isCommandAllowListed('npm test -- --grep x', ['npm test']), false);
    assert.equal(isCommandAllowListed('npm test -- --grep x', ['npm test *']), true);
    assert.equal(isCommandAllowListed('npm test', ['npm test *']), true);
    assert.equal(isCommandAllowListed('npm testify', ['npm test *']), false);
    for (const chained of ['npm test && rm -rf /', 'npm test; rm -rf /', 'npm test | sh', 'npm test $(rm -rf /)', 'npm test `id`', 'npm test > /etc/x', 'npm test\nrm -rf /']) {
      assert.equal(isCommandAllowListed(chained, ['npm test *']), false, chained);
    }
  });
});

describe('workspace trust', () => {
  it('an untrusted workspace hides the write/run tools and refuses them when kept', async () => {
    const { workspace, requests } = setup([], { trusted: false });
    const visible = createWorkspaceTools(workspace).map((tool) => tool.name);
    assert.deepEqual(visible.sort(), ['get_diagnostics', 'list_files', 'read_file', 'search_code']);
    const kept = createWorkspaceTools(workspace, { autoApprove: { write_file: true } }, { omitDisabledTools: false });
    const writeTool = kept.find((tool) => tool.name === 'write_file')!;
    assert.match(writeTool.description, /DISABLED/);
    await rejectsWithCode(callTool(kept, 'write_file', { path: 'a.txt', content: 'x' }), PTKErrorCode.WORKSPACE_UNTRUSTED, /not trusted/);
    await rejectsWithCode(callTool(kept, 'run_command', { command: 'echo x' }), PTKErrorCode.WORKSPACE_UNTRUSTED);
    assert.equal(requests.length, 0);
    assert.match(describeWorkspaceRestrictions(workspace), /cannot write files or run commands/);
    const read = await callTool(kept, 'read_file', { path: 'a.txt' });
    assert.match(read.content, /old/);
  });

  it('trust is checked at call time (revoked after the tools were built)', async () => {
    let trusted = true;
    const root = temp.folder('ptk-trust-');
    const tools = createWorkspaceTools(new NodeWorkspace({ roots: [root], trusted: () => trusted }), { autoApprove: { write_file: true } });
    trusted = false;
    await rejectsWithCode(callTool(tools, 'write_file', { path: 'x.txt', content: 'x' }), PTKErrorCode.WORKSPACE_UNTRUSTED);
    assert.equal(existsSync(path.join(root, 'x.txt')), false);
  });

  it('a write that creates its file asks with nothing before it (its diff reads as added), not an empty text', async () => {
    const { workspace, requests } = setup([{ decision: 'approve' }]);
    await callTool(createWorkspaceTools(workspace, {}), 'write_file', { path: 'brand-new.txt', content: 'new\n' });
    assert.equal(requests.length, 1);
    assert.equal(requests[0].before, undefined);
    assert.equal(requests[0].after, 'new\n');
  });

  it('"always" lives in the shared grants: turning them off asks again, even for tools built before; a change made without asking is reported', async () => {
    const { workspace, requests } = setup([{ decision: 'always' }, { decision: 'approve' }]);
    const grants = new SessionGrants();
    const autoApproved: ApprovalRequest[] = [];
    const approvedBy: string[] = [];
    const tools = createWorkspaceTools(workspace, {}, { approvals: { grants, onAutoApproved: (request, by) => (autoApproved.push(request), approvedBy.push(by)) } });
    await callTool(tools, 'write_file', { path: 'a.txt', content: 'one\n' });
    assert.deepEqual(grants.list(), [{ toolName: 'write_file' }]);
    await callTool(tools, 'write_file', { path: 'a.txt', content: 'two\n' });
    assert.equal(requests.length, 1, 'the grant approved the second write');
    assert.deepEqual(autoApproved.map((request) => [request.toolName, request.before, request.after]), [['write_file', 'one\n', 'two\n']]);
    assert.deepEqual(approvedBy, ['always'], 'the card can say an "Always" answer approved it');
    grants.clear();
    await callTool(tools, 'write_file', { path: 'a.txt', content: 'three\n' });
    assert.equal(requests.length, 2, 'asked again once turned off');
    assert.equal(autoApproved.length, 1);
  });
});

import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { contributedSettings } from '../manifestSettings';
import { describe, it } from 'node:test';
import type { ApprovalDecision, ApprovalRequest } from '../../../src/core/workspace';
import { readToolSettingsFrom } from '../../../src/host/vscode/settingsReader';
import { NodeWorkspace } from '../../../src/host/node/workspace';
import { createWorkspaceTools, DEFAULT_PROTECTED_FILES, PROTECTION_REASONS } from '../../../src/tools';
import type { ToolSettingsInput } from '../../../src/tools/settings';
import { callTool } from './workspaceScenarios';
import { tempFolders } from '../fixtures/tempFolders';

const temp = tempFolders();

/** The user's settings of the issue: every write and edit auto-approved. */
const AUTO_APPROVE_WRITES: ToolSettingsInput = { autoApprove: { write_file: true, edit_file: true } };

interface Rig {
  root: string;
  requests: ApprovalRequest[];
  tools: ReturnType<typeof createWorkspaceTools>;
}

/** A workspace holding `files` (each "old\n"); the approver answers from `answers`, else approves. */
function rig(files: readonly string[], settings: ToolSettingsInput = AUTO_APPROVE_WRITES, answers: ApprovalDecision[] = [], instructionFiles?: string[]): Rig {
  const root = temp.folder('ptk-protected-');
  for (const file of files) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), 'old\n');
  }
  const requests: ApprovalRequest[] = [];
  const workspace = new NodeWorkspace({
    roots: [root],
    trusted: true,
    approver: (request) => {
      requests.push(request);
      return answers.shift() ?? { decision: 'approve' };
    },
  });
  return { root, requests, tools: createWorkspaceTools(workspace, settings, { instructionFiles }) };
}

/** One call of `tool` that changes `file` ("old" → "new"). */
function change(tools: Rig['tools'], tool: 'write_file' | 'edit_file', file: string): Promise<unknown> {
  return tool === 'write_file' ? callTool(tools, tool, { path: file, content: 'new\n' }) : callTool(tools, tool, { path: file, edits: [{ search: 'old', replace: 'new' }] });
}

/** Protected paths as the model may write them, the file on disk, and the reason the card gives. */
const PROTECTED: ReadonlyArray<{ requested: string; onDisk?: string; reason: string }> = [
  { requested: '.vscode/settings.json', reason: PROTECTION_REASONS.editor },
  { requested: '.vscode/tasks.json', reason: PROTECTION_REASONS.editor },
  { requested: '.vscode/launch.json', reason: PROTECTION_REASONS.editor },
  { requested: '.vscode/mcp.json', reason: PROTECTION_REASONS.editor },
  { requested: '.vscode/extensions/notes.txt', reason: PROTECTION_REASONS.editor },
  { requested: 'app.code-workspace', reason: PROTECTION_REASONS.editor },
  { requested: 'packages/web/.vscode/settings.json', reason: PROTECTION_REASONS.editor },
  { requested: 'src/../.vscode/settings.json', onDisk: '.vscode/settings.json', reason: PROTECTION_REASONS.editor },
  { requested: '.VSCode/Settings.json', reason: PROTECTION_REASONS.editor },
  { requested: 'AGENTS.md', reason: PROTECTION_REASONS.assistant },
  { requested: 'packages/web/AGENTS.md', reason: PROTECTION_REASONS.assistant },
  { requested: '.github/copilot-instructions.md', reason: PROTECTION_REASONS.assistant },
  { requested: 'CLAUDE.md', reason: PROTECTION_REASONS.assistant },
  { requested: '.clinerules', reason: PROTECTION_REASONS.assistant },
  { requested: '.clinerules-code', reason: PROTECTION_REASONS.assistant },
  { requested: '.roorules', reason: PROTECTION_REASONS.assistant },
  { requested: '.roo/rules/style.md', reason: PROTECTION_REASONS.assistant },
  { requested: '.ptk/state.json', reason: PROTECTION_REASONS.assistant },
  { requested: '.ptk/modes/reviewer.md', reason: PROTECTION_REASONS.assistant },
  { requested: '.github/chatmodes/plan.chatmode.md', reason: PROTECTION_REASONS.assistant },
  { requested: '.github/agents/review.agent.md', reason: PROTECTION_REASONS.assistant },
  { requested: '.github/prompts/release.prompt.md', reason: PROTECTION_REASONS.assistant },
  { requested: '.claude/commands/review-pr.md', reason: PROTECTION_REASONS.assistant },
  { requested: '.roomodes', reason: PROTECTION_REASONS.assistant },
  { requested: '.clinerules/workflows/deploy.md', reason: PROTECTION_REASONS.assistant },
  { requested: 'package.json', reason: PROTECTION_REASONS.project },
  { requested: 'packages/web/package.json', reason: PROTECTION_REASONS.project },
  { requested: 'package-lock.json', reason: PROTECTION_REASONS.project },
  { requested: 'pnpm-lock.yaml', reason: PROTECTION_REASONS.project },
  { requested: 'yarn.lock', reason: PROTECTION_REASONS.project },
  { requested: 'Cargo.lock', reason: PROTECTION_REASONS.project },
  { requested: 'build.rs', reason: PROTECTION_REASONS.project },
  { requested: 'web.config', reason: PROTECTION_REASONS.project },
  { requested: 'server.xml', reason: PROTECTION_REASONS.project },
  { requested: '.gitattributes', reason: PROTECTION_REASONS.project },
  { requested: 'App/App.csproj', reason: PROTECTION_REASONS.project },
  { requested: 'Directory.Build.props', reason: PROTECTION_REASONS.project },
];

describe('protected files: a write or an edit always asks, with autoApprove on', () => {
  for (const tool of ['write_file', 'edit_file'] as const) {
    for (const { requested, onDisk, reason } of PROTECTED) {
      it(`${tool} ${requested} asks: ${reason}`, async () => {
        const file = onDisk ?? requested;
        const { root, requests, tools } = rig([file, 'src/app.ts']);
        await change(tools, tool, requested);
        assert.equal(requests.length, 1, `${tool} ${requested} must ask`);
        assert.equal(requests[0]!.protectedReason, reason);
        assert.equal(readFileSync(path.join(root, file), 'utf8'), 'new\n');
      });
    }

    it(`${tool} src/app.ts is still auto-approved (not protected)`, async () => {
      const { root, requests, tools } = rig(['src/app.ts']);
      await change(tools, tool, 'src/app.ts');
      assert.equal(requests.length, 0);
      assert.equal(readFileSync(path.join(root, 'src/app.ts'), 'utf8'), 'new\n');
    });

    it(`${tool} through a symbolic link: a link to .vscode/settings.json, a linked folder, a protected link to a plain file`, async () => {
      const { root, requests, tools } = rig(['.vscode/settings.json', '.vscode/tasks.json', 'src/real.json']);
      symlinkSync(path.join(root, '.vscode/settings.json'), path.join(root, 'editor.json'));
      symlinkSync(path.join(root, '.vscode'), path.join(root, 'conf'), 'dir');
      symlinkSync(path.join(root, 'src/real.json'), path.join(root, 'AGENTS.md'));
      await change(tools, tool, 'editor.json');
      await change(tools, tool, 'conf/tasks.json');
      await change(tools, tool, 'AGENTS.md');
      assert.deepEqual(
        requests.map((request) => request.protectedReason),
        [PROTECTION_REASONS.editor, PROTECTION_REASONS.editor, PROTECTION_REASONS.assistant],
      );
    });

    it(`${tool}: "always" on src/app.ts does not cover .vscode/settings.json`, async () => {
      const { requests, tools } = rig(['src/app.ts', '.vscode/settings.json'], {}, [{ decision: 'always' }, { decision: 'approve' }]);
      await change(tools, tool, 'src/app.ts');
      await change(tools, tool, '.vscode/settings.json');
      assert.deepEqual(
        requests.map((request) => path.basename(request.path ?? '')),
        ['app.ts', 'settings.json'],
      );
      assert.equal(requests[1]!.protectedReason, PROTECTION_REASONS.editor);
    });

    it(`${tool}: "always" on a protected file approves that change only`, async () => {
      const { requests, tools } = rig(['.vscode/settings.json', 'src/app.ts'], {}, [{ decision: 'always' }, { decision: 'approve' }, { decision: 'approve' }]);
      await change(tools, tool, '.vscode/settings.json');
      if (tool === 'edit_file') await callTool(tools, tool, { path: '.vscode/settings.json', edits: [{ search: 'new', replace: 'newer' }] });
      else await callTool(tools, tool, { path: '.vscode/settings.json', content: 'newer\n' });
      assert.equal(requests.length, 2);
      // The file is protected, not the tool: an unprotected file still asks too (no "always" was kept).
      await change(tools, tool, 'src/app.ts');
      assert.equal(requests.length, 3);
    });
  }

  it('the rules files of the instructionFiles setting are protected, as the assistant\'s', async () => {
    const { requests, tools } = rig(['docs/ai-rules.md', '.cursor/rules/style.md'], AUTO_APPROVE_WRITES, [], ['docs/ai-rules.md', '.cursor/rules']);
    await change(tools, 'write_file', 'docs/ai-rules.md');
    await change(tools, 'edit_file', '.cursor/rules/style.md');
    assert.deepEqual(
      requests.map((request) => request.protectedReason),
      [PROTECTION_REASONS.assistant, PROTECTION_REASONS.assistant],
    );
  });

  it('the list is the protectedFiles setting: a user who empties it is not asked', async () => {
    const { requests, tools } = rig(['.vscode/settings.json'], { ...AUTO_APPROVE_WRITES, protectedFiles: [] });
    await change(tools, 'write_file', '.vscode/settings.json');
    assert.equal(requests.length, 0);
  });

  it('a glob the user adds protects its files, with the generic reason', async () => {
    const { requests, tools } = rig(['deploy/prod.yaml'], { ...AUTO_APPROVE_WRITES, protectedFiles: [...DEFAULT_PROTECTED_FILES, 'deploy/**'] });
    await change(tools, 'write_file', 'deploy/prod.yaml');
    assert.equal(requests[0]?.protectedReason, PROTECTION_REASONS.listed);
  });
});

describe('the protectedFiles setting is read from the user settings only', () => {
  it('the manifest contributes it application-scoped (no workspace can set it), with the default list', () => {
    const setting = contributedSettings()['ptk.tools.protectedFiles'];
    assert.equal(setting.scope, 'application');
    assert.deepEqual(setting.default, [...DEFAULT_PROTECTED_FILES]);
  });

  /** A configuration section whose merged value (get) is the workspace's, as VS Code gives it. */
  function source(values: { user?: unknown; workspace?: unknown }) {
    return {
      get: <T>(key: string) => (key === 'protectedFiles' ? ((values.workspace ?? values.user) as T) : undefined),
      inspect: <T>(key: string) => (key === 'protectedFiles' ? { globalValue: values.user as T | undefined, workspaceValue: values.workspace as T | undefined } : undefined),
    };
  }

  it('a workspace that empties the list changes nothing', () => {
    assert.deepEqual(readToolSettingsFrom(source({ workspace: [] }), { trusted: true }).protectedFiles, [...DEFAULT_PROTECTED_FILES]);
  });

  it("a workspace cannot replace the user's list", () => {
    assert.deepEqual(readToolSettingsFrom(source({ user: ['**/deploy/**'], workspace: ['nothing'] }), { trusted: true }).protectedFiles, ['**/deploy/**']);
  });
});

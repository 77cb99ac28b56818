/**
 * Project rules in a REAL VS Code: the workspace has an AGENTS.md at its root and another in
 * src/, the active editor shows src/main.ts, and a message is sent through the chat view to the
 * ChatGPT replica site by the extension's real browser backend. The site's first prompt must
 * carry both files' text (root first, the nearer one after), the chat view must name them on the
 * task's rules line, a click on a name must open that file, and a changed AGENTS.md must reach
 * the next task. Screenshots: test-artifacts/vscode-ui-rules/.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { missingTools, REPOSITORY_ROOT } from '../harness/paths';
import { startReplicaSiteWorkbench, type ReplicaSiteWorkbench } from '../harness/replicaSiteWorkbench';
import { chooseReply, siteTranscript } from './replicaModel';

const ROOT_RULE = 'Root rule RULE-ROOT-5150: name the file you change.';
const SOURCE_RULE = 'Source rule RULE-SRC-2001: keep functions short.';
const CHANGED_RULE = 'Root rule RULE-ROOT-CHANGED: say which test you ran.';

describe('project rules in real VS Code, through the replica site', { skip: missingTools() || undefined, timeout: 300_000 }, () => {
  let workbench: ReplicaSiteWorkbench | undefined;
  const prompts: string[] = [];
  const chat = () => workbench!.chat();

  before(async () => {
    workbench = await startReplicaSiteWorkbench({
      artifacts: join(REPOSITORY_ROOT, 'test-artifacts', 'vscode-ui-rules'),
      suiteFile: join(__dirname, 'uiSuite.ts'),
      responder: (prompt, earlier) => {
        prompts.push(prompt);
        return chooseReply(siteTranscript(earlier, prompt)).text;
      },
      prepareWorkspace: (workspaceDir) => {
        writeFileSync(join(workspaceDir, 'AGENTS.md'), `# Agents\n\n${ROOT_RULE}\n`);
        mkdirSync(join(workspaceDir, 'src'), { recursive: true });
        writeFileSync(join(workspaceDir, 'src', 'AGENTS.md'), `${SOURCE_RULE}\n`);
      },
    });
    // The file the task is about: the active editor's src/main.ts (its nearest AGENTS.md is src/AGENTS.md).
    await workbench.page.keyboard.press('Control+P');
    await workbench.pickInQuickInput('main.ts', 'main.ts');
    await workbench.page.locator('.tab.active', { hasText: 'main.ts' }).waitFor();
    await workbench.openChat();
  });

  after(async () => {
    await workbench?.stop();
  });

  it("puts the root and the nearest AGENTS.md in the site's first prompt and names them in the chat view", async () => {
    const input = chat().locator('[data-testid="chat-input"]');
    await input.fill('Say hello');
    await input.press('Enter');
    await chat().locator('.message.assistant:not(.streaming)', { hasText: 'five.' }).waitFor({ timeout: 120_000 });
    const first = prompts[0] ?? '';
    assert.ok(first.includes('--- BEGIN AGENTS.md ---') && first.includes(ROOT_RULE), "the root AGENTS.md is in the site's first prompt");
    assert.ok(first.includes('--- BEGIN src/AGENTS.md ---') && first.includes(SOURCE_RULE), "the active editor's nearest AGENTS.md is in it too");
    assert.ok(first.indexOf(ROOT_RULE) < first.indexOf(SOURCE_RULE), 'the nearer file comes last');
    const line = chat().locator('[data-testid="rules-used"]').last();
    assert.equal((await line.textContent())?.trim(), 'Rules: AGENTS.md, src/AGENTS.md');
    await workbench!.shot('rules-line');
  });

  it('opens a file named on the rules line', async () => {
    await chat().locator('[data-testid="rules-used"]').last().locator('[data-testid="rules-file"]', { hasText: /^AGENTS\.md$/ }).click();
    await workbench!.page.locator('.tab.active', { hasText: 'AGENTS.md' }).waitFor();
    await workbench!.page.locator('.monaco-editor .view-lines', { hasText: 'RULE-ROOT-5150' }).first().waitFor();
    await workbench!.shot('opened');
  });

  it('reads the rules again for the next task', async () => {
    writeFileSync(join(workbench!.workspaceDir, 'AGENTS.md'), `# Agents\n\n${CHANGED_RULE}\n`);
    await chat().locator('[data-testid="new-conversation"]').click();
    // The new conversation is on screen (the first one's answer gone) before anything is sent,
    // so the answer waited for below can only be the next task's.
    await chat().locator('.message.assistant').first().waitFor({ state: 'detached' });
    const before = prompts.length;
    const input = chat().locator('[data-testid="chat-input"]');
    await input.fill('Say hello again');
    await input.press('Enter');
    await chat().locator('.message.assistant:not(.streaming)', { hasText: 'five.' }).waitFor({ timeout: 120_000 });
    assert.ok(prompts.length > before, 'the next task reached the site');
    const next = prompts[before] ?? '';
    assert.ok(next.includes(CHANGED_RULE), 'the changed AGENTS.md reaches the next task');
    assert.ok(!next.includes(ROOT_RULE), 'the old text is gone');
  });
});

/**
 * Approvals the user can see and undo, and the diff review where the diff is, in a REAL VS Code
 * on the ChatGPT replica site: "Open diff" on a waiting card shows Accept / Reject in the diff
 * editor's title bar, and accepting there writes the file and closes the "(proposed change)" tab;
 * "Always" says its scope, a chip shows it is on, the next write runs without asking yet its card
 * keeps the change and "Open diff", and clicking the chip turns it off (the next write asks again).
 * Screenshots: test-artifacts/vscode-ui-approvals/.
 * Run: node --import tsx --test --test-reporter=spec test/vscode/ui/approvals.test.ts
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FrameLocator } from 'playwright-core';
import { missingTools, REPOSITORY_ROOT } from '../harness/paths';
import { BROWSER_ENTRY, startReplicaSiteWorkbench, type ReplicaSiteWorkbench } from '../harness/replicaSiteWorkbench';

const skipReason = missingTools() || (!existsSync(BROWSER_ENTRY) ? `the browser backend is not built yet (${BROWSER_ENTRY} missing)` : '');

const call = (tool: string, args: Record<string, unknown>) => `<TOOL_CALL>${JSON.stringify({ tool, args })}</TOOL_CALL>`;

const TASKS = [
  { ask: 'Write alpha to notes/alpha.txt', replies: [`Writing it.\n${call('write_file', { path: 'notes/alpha.txt', content: 'alpha\n' })}`, 'Alpha written.'] },
  {
    ask: 'Write beta and gamma',
    replies: [`First beta.\n${call('write_file', { path: 'notes/beta.txt', content: 'beta\n' })}`, `Then gamma.\n${call('write_file', { path: 'notes/gamma.txt', content: 'gamma\n' })}`, 'Both written.'],
  },
  { ask: 'Write delta to notes/delta.txt', replies: [`Writing delta.\n${call('write_file', { path: 'notes/delta.txt', content: 'delta\n' })}`, 'Delta left alone.'] },
];

/** The site's answer: a task's request starts it; each tool result takes its next reply. */
function createResponder(): (prompt: string) => string {
  let task = -1;
  let turn = 0;
  return (prompt) => {
    const lastResult = prompt.lastIndexOf('TOOL_RESULT');
    const asked = TASKS.findIndex((candidate) => prompt.lastIndexOf(candidate.ask) > lastResult);
    if (asked !== -1) {
      task = asked;
      turn = 0;
    } else {
      turn++;
    }
    return TASKS[task]?.replies[turn] ?? 'No reply was scripted for this turn.';
  };
}

describe('Approvals: the diff editor title bar, and "Always" shown and turned off, in real VS Code (replica site)', { skip: skipReason || undefined, timeout: 480_000 }, () => {
  let workbench: ReplicaSiteWorkbench | undefined;
  let workspaceDir: string;

  const chat = (): FrameLocator => workbench!.chat();
  const shot = (name: string) => workbench!.shot(name);
  const send = async (text: string) => {
    await chat().locator('body[data-busy="false"]').waitFor({ state: 'attached', timeout: 60_000 });
    const input = chat().locator('[data-testid="chat-input"]');
    await input.fill(text);
    await input.press('Enter');
    await chat().locator('[data-testid="user-message"]', { hasText: text }).waitFor({ timeout: 30_000 });
  };
  const waitingCard = async () => {
    const card = chat().locator('[data-testid="tool-card"][data-status="awaitingApproval"]');
    await card.waitFor({ timeout: 120_000 });
    return card;
  };
  const proposedTab = () => workbench!.page.locator('.tabs-container .tab', { hasText: '(proposed change)' });

  before(async () => {
    workbench = await startReplicaSiteWorkbench({
      artifacts: join(REPOSITORY_ROOT, 'test-artifacts', 'vscode-ui-approvals'),
      suiteFile: join(__dirname, 'uiSuite.ts'),
      responder: createResponder(),
    });
    ({ workspaceDir } = workbench);
    await workbench.openChat();
  });

  after(async () => {
    await workbench?.stop();
  });

  it('Accept in the diff editor title bar writes the file and closes the proposed-change tab', async () => {
    await send(TASKS[0].ask);
    const card = await waitingCard();
    await card.locator('[data-testid="open-diff"]').click();
    await proposedTab().first().waitFor({ timeout: 30_000 });
    const accept = workbench!.page.locator('.editor-actions [aria-label^="Accept Proposed Change"]');
    await accept.waitFor({ timeout: 30_000 });
    assert.equal(await workbench!.page.locator('.editor-actions [aria-label^="Reject Proposed Change"]').count(), 1, 'Reject sits next to Accept');
    await shot('1-diff-title-bar');
    await accept.click();
    await chat().locator('.message.assistant:not(.streaming)', { hasText: 'Alpha written.' }).waitFor({ timeout: 120_000 });
    assert.equal(readFileSync(join(workspaceDir, 'notes', 'alpha.txt'), 'utf8'), 'alpha\n');
    await proposedTab().first().waitFor({ state: 'detached', timeout: 30_000 });
    await shot('2-accepted-tab-closed');
  });

  it('"Always" says its scope; a chip shows it is on; the auto-approved card keeps its change and Open diff', async () => {
    await send(TASKS[1].ask);
    const card = await waitingCard();
    const always = card.locator('[data-testid="approve-always"]');
    assert.match((await always.getAttribute('title')) ?? '', /write_file — all files.*this window.*until you turn it off/);
    assert.equal(await chat().locator('[data-testid="auto-approval-always"]').isVisible(), false, 'no chip before "Always"');
    await always.click();
    await chat().locator('.message.assistant:not(.streaming)', { hasText: 'Both written.' }).waitFor({ timeout: 120_000 });
    assert.equal(readFileSync(join(workspaceDir, 'notes', 'gamma.txt'), 'utf8'), 'gamma\n');
    const chip = chat().locator('[data-testid="auto-approval-always"]');
    await chip.waitFor({ timeout: 30_000 });
    assert.match((await chip.textContent()) ?? '', /write_file/);
    const auto = chat().locator('[data-testid="tool-card"][data-auto-approved="true"]');
    assert.equal(await auto.count(), 1, 'the gamma write ran without asking');
    assert.match((await auto.locator('.approval-summary').textContent()) ?? '', /gamma\.txt/);
    assert.equal(await auto.locator('[data-testid="open-diff"]').count(), 1, 'its card keeps Open diff');
    await shot('3-always-chip');
  });

  it('clicking the chip turns "Always" off: the next write asks again', async () => {
    await chat().locator('[data-testid="auto-approval-always"]').click();
    await chat().locator('[data-testid="auto-approval-always"]').waitFor({ state: 'detached', timeout: 30_000 });
    await send(TASKS[2].ask);
    const card = await waitingCard();
    await shot('4-asks-again');
    await card.locator('[data-testid="reject"]').click();
    await chat().locator('.message.assistant:not(.streaming)', { hasText: 'Delta left alone.' }).waitFor({ timeout: 120_000 });
    assert.equal(existsSync(join(workspaceDir, 'notes', 'delta.txt')), false);
  });
});

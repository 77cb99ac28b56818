/**
 * Approvals the user can see and undo, and the diff review where the diff is, in a REAL VS Code
 * on the ChatGPT replica site: a new file's proposed content reads as added (its own read-only
 * tab "name (new file, proposed)", every line highlighted, no diff with an empty left side);
 * Accept / Reject in the editor's title bar answer the card and close the proposed change's tab;
 * a card's duration leaves out the time the user took to decide; "Always" says its scope, a chip shows it is on, the next write runs without asking yet its card says so and keeps "Open
 * diff", and clicking the chip turns it off; "Approval needed" brings a card scrolled out of sight
 * back; Stop while a write waits closes its diff and cancels the card; with the chat view hidden
 * the diff opens on its own with Accept / Reject; after a window reload the auto-approved card
 * still says so while the chip (the grants ended) is gone.
 * Screenshots: test-artifacts/vscode-ui-approvals/.
 * Run: node --import tsx --test --test-reporter=spec test/vscode/ui/approvals.test.ts
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FrameLocator } from 'playwright-core';
import { formatDuration } from '../../../src/webview/render';
import { missingTools, REPOSITORY_ROOT } from '../harness/paths';
import { BROWSER_ENTRY, startReplicaSiteWorkbench, type ReplicaSiteWorkbench } from '../harness/replicaSiteWorkbench';
import { call, chatActions, createTaskResponder, type ScriptedTask } from './scriptedTasks';

const skipReason = missingTools() || (!existsSync(BROWSER_ENTRY) ? `the browser backend is not built yet (${BROWSER_ENTRY} missing)` : '');

/** Enough text above a card to scroll it out of the view. */
const LONG_PREAMBLE = Array.from({ length: 80 }, (_, index) => `Step ${index + 1} of the plan.`).join('\n\n');

const TASKS: ScriptedTask[] = [
  { ask: 'Write alpha to notes/alpha.txt', replies: [`Writing it.\n${call('write_file', { path: 'notes/alpha.txt', content: 'alpha\nsecond line\n' })}`, 'Alpha written.'] },
  {
    ask: 'Write beta and gamma',
    replies: [`First beta.\n${call('write_file', { path: 'notes/beta.txt', content: 'beta\n' })}`, `Then gamma.\n${call('write_file', { path: 'notes/gamma.txt', content: 'gamma\n' })}`, 'Both written.'],
  },
  { ask: 'Write delta to notes/delta.txt', replies: [`Writing delta.\n${call('write_file', { path: 'notes/delta.txt', content: 'delta\n' })}`, 'Delta left alone.'] },
  { ask: 'Write epsilon after a long plan', replies: [`${LONG_PREAMBLE}\n\n${call('write_file', { path: 'notes/epsilon.txt', content: 'epsilon\n' })}`, 'Epsilon written.'] },
  { ask: 'Write zeta while the chat is hidden', replies: [`Writing zeta.\n${call('write_file', { path: 'notes/zeta.txt', content: 'zeta\n' })}`, 'Zeta written.'] },
  { ask: 'Rewrite notes/alpha.txt', replies: [`Rewriting alpha.\n${call('write_file', { path: 'notes/alpha.txt', content: 'alpha again\n' })}`, 'Alpha rewritten.'] },
];

/** How long the user "thinks" before approving on the card: the card's time must leave it out. */
const DECISION_PAUSE_MS = 3_000;

describe('Approvals: the diff editor title bar, "Always" shown and turned off, Stop, a hidden view, in real VS Code (replica site)', { skip: skipReason || undefined, timeout: 600_000 }, () => {
  let workbench: ReplicaSiteWorkbench | undefined;
  let workspaceDir: string;
  /** The zeta task's first answer waits for this: the test hides the chat view first. */
  let releaseZeta: () => void = () => undefined;
  const zetaReleased = new Promise<void>((resolve) => (releaseZeta = resolve));

  const chat = (): FrameLocator => workbench!.chat();
  const shot = (name: string) => workbench!.shot(name);
  const { send, waitingCard, answer } = chatActions(chat);
  const proposedTab = () => workbench!.page.locator('.tabs-container .tab', { hasText: /\(proposed change\)|\(new file, proposed\)/ });
  const titleButton = (name: 'Accept' | 'Reject') => workbench!.page.locator(`.editor-actions [aria-label^="${name} Proposed Change"]`);
  const runCommand = async (label: string) => {
    await workbench!.page.keyboard.press('F1');
    await workbench!.pickInQuickInput(`>${label}`, label);
  };

  before(async () => {
    const respond = createTaskResponder(TASKS);
    workbench = await startReplicaSiteWorkbench({
      artifacts: join(REPOSITORY_ROOT, 'test-artifacts', 'vscode-ui-approvals'),
      suiteFile: join(__dirname, 'uiSuite.ts'),
      responder: async (prompt) => {
        const reply = respond(prompt);
        if (reply.startsWith('Writing zeta.')) await zetaReleased;
        return reply;
      },
    });
    ({ workspaceDir } = workbench);
    await workbench.openChat();
  });

  after(async () => {
    releaseZeta();
    await workbench?.stop();
  });

  it('a new file\'s proposed content reads as added (all lines highlighted, no removed line); Accept in the title bar writes it and closes the tab; the card\'s duration leaves out the decision', async () => {
    await send(TASKS[0].ask);
    const card = await waitingCard();
    await card.locator('[data-testid="open-diff"]').click();
    const tab = proposedTab().first();
    await tab.waitFor();
    assert.match((await tab.textContent()) ?? '', /alpha\.txt \(new file, proposed\)/, 'the title says the file is new');
    const editor = workbench!.page.locator('.editor-group-container.active .monaco-editor').first();
    await editor.locator('.view-line', { hasText: 'second line' }).waitFor();
    await titleButton('Accept').waitFor();
    await shot('1-new-file-proposed-title-bar');
    assert.equal(await workbench!.page.locator('.monaco-diff-editor').count(), 0, 'no diff against an empty text (which VS Code draws as a removed line)');
    assert.match(await editor.locator('.view-lines').innerText(), /alpha\s+second\s+line/, 'the content as it will be written');
    // Every line of the content is highlighted as inserted (an editor decoration on each line).
    assert.equal(await editor.locator('.view-overlays [class*="ced-"]').count(), 2, 'both lines are highlighted');
    assert.equal(await titleButton('Reject').count(), 1, 'Reject sits next to Accept');
    // The user decides only after the diff is on screen: that wait is not the tool's time.
    await titleButton('Accept').click();
    await answer('Alpha written.');
    assert.equal(readFileSync(join(workspaceDir, 'notes', 'alpha.txt'), 'utf8'), 'alpha\nsecond line\n');
    await proposedTab().first().waitFor({ state: 'detached' });
    const done = chat().locator('[data-testid="tool-card"][data-tool="write_file"]').first();
    await chat().locator('[data-testid="tool-card"][data-duration-ms]').first().waitFor();
    const durationMs = Number(await done.getAttribute('data-duration-ms'));
    const waitMs = Number(await done.getAttribute('data-approval-wait-ms'));
    assert.ok(waitMs > 0, 'the time the user took to decide was measured');
    assert.ok(durationMs < waitMs, `the card's ${durationMs} ms are the write's own, not the ${waitMs} ms the user took (which the raw time includes)`);
    assert.equal(await done.locator('.tool-duration').textContent(), formatDuration(durationMs));
    await shot('2-accepted-tab-closed');
  });

  it('approved with the card\'s Approve after a pause, a write\'s card shows the write\'s own time, not the pause', async () => {
    await send(TASKS[5].ask);
    const card = await waitingCard();
    // The user reads the card, then decides: this wait is theirs, not the tool's.
    await new Promise((resolve) => setTimeout(resolve, DECISION_PAUSE_MS));
    const clickedAt = Date.now();
    await card.locator('[data-testid="approve"]').click();
    await answer('Alpha rewritten.');
    assert.equal(readFileSync(join(workspaceDir, 'notes', 'alpha.txt'), 'utf8'), 'alpha again\n');
    const done = chat().locator('[data-testid="tool-card"][data-tool="write_file"][data-duration-ms]').last();
    await done.waitFor();
    const durationMs = Number(await done.getAttribute('data-duration-ms'));
    const waitMs = Number(await done.getAttribute('data-approval-wait-ms'));
    assert.ok(waitMs >= DECISION_PAUSE_MS, `the ${waitMs} ms the card waited include the ${DECISION_PAUSE_MS} ms pause`);
    // The write runs after the click: its own time fits between the click and now, whatever the machine's load; with the wait counted in, it would exceed it unless the rest of the task took longer than the wait.
    const sinceClickMs = Date.now() - clickedAt;
    assert.ok(durationMs <= sinceClickMs, `the card's ${durationMs} ms are the write's own (${sinceClickMs} ms since Approve), not the ${waitMs} ms the user took`);
    assert.equal(await done.locator('.tool-duration').textContent(), formatDuration(durationMs));
  });

  it('"Always" says its scope; a chip shows it is on; the auto-approved card says so and keeps its change and Open diff', async () => {
    await send(TASKS[1].ask);
    const card = await waitingCard();
    const always = card.locator('[data-testid="approve-always"]');
    assert.match((await always.getAttribute('title')) ?? '', /write_file — all files.*this window.*until you turn it off/);
    assert.equal(await chat().locator('[data-testid="auto-approval-always"]').isVisible(), false, 'no chip before "Always"');
    await always.click();
    await answer('Both written.');
    assert.equal(readFileSync(join(workspaceDir, 'notes', 'gamma.txt'), 'utf8'), 'gamma\n');
    const chip = chat().locator('[data-testid="auto-approval-always"]');
    await chip.waitFor();
    assert.match((await chip.textContent()) ?? '', /write_file/);
    // The chip takes a row of its own below the messages: it never lies over a card's top.
    const [chipBox, messagesBox] = await Promise.all([chip.boundingBox(), chat().locator('[data-testid="messages"]').boundingBox()]);
    assert.ok(chipBox && messagesBox && chipBox.y >= messagesBox.y + messagesBox.height, `the chip (top ${chipBox?.y}) is below the messages (bottom ${messagesBox && messagesBox.y + messagesBox.height})`);
    const auto = chat().locator('[data-testid="tool-card"][data-auto-approved="true"]');
    assert.equal(await auto.count(), 1, 'the gamma write ran without asking');
    assert.match((await auto.locator('.approval-summary').textContent()) ?? '', /gamma\.txt/);
    assert.equal(await auto.locator('[data-testid="approval-auto"]').textContent(), 'Auto-approved: "Always"', 'the card says why it did not ask');
    assert.equal(await auto.locator('[data-testid="open-diff"]').count(), 1, 'its card keeps Open diff');
    await shot('3-always-chip');
  });

  it('the chip turns "Always" off: the next write asks again, and Reject in the diff title bar rejects it and closes the tab', async () => {
    await chat().locator('[data-testid="auto-approval-always"]').click();
    await chat().locator('[data-testid="auto-approval-always"]').waitFor({ state: 'detached' });
    await send(TASKS[2].ask);
    // The task's changes row keeps the same gap below its content as above it, like the other rows.
    const gaps = await chat().locator('[data-testid="task-changes"]').first().evaluate((row) => {
      const rowBox = row.getBoundingClientRect();
      const children = [...row.children].map((child) => child.getBoundingClientRect());
      const contentTop = Math.min(...children.map((box) => box.top));
      const contentBottom = Math.max(...children.map((box) => box.bottom));
      const next = row.nextElementSibling?.getBoundingClientRect();
      const rowGap = parseFloat(getComputedStyle(row.parentElement!).rowGap) || 0;
      return { above: contentTop - rowBox.top - parseFloat(getComputedStyle(row).borderTopWidth), below: next ? next.top - contentBottom - rowGap : -1 };
    });
    assert.ok(gaps.below >= gaps.above && gaps.above > 0, `the space under "Undo all" (${gaps.below}px past the list's gap) matches the space above it (${gaps.above}px)`);
    const card = await waitingCard();
    await shot('4-asks-again');
    await card.locator('[data-testid="open-diff"]').click();
    await titleButton('Reject').waitFor();
    await titleButton('Reject').click();
    await answer('Delta left alone.');
    await proposedTab().first().waitFor({ state: 'detached' });
    const rejected = chat().locator('[data-testid="tool-card"][data-status="rejected"]');
    assert.equal(await rejected.count(), 1);
    assert.equal(await rejected.locator('[data-testid="open-diff"]').textContent(), 'View rejected change', 'not offered as if it were pending');
    assert.equal(existsSync(join(workspaceDir, 'notes', 'delta.txt')), false);
    await shot('5-rejected-in-title-bar');
  });

  it('"Approval needed" brings a card out of sight back; Stop while it waits closes its diff and cancels the card', async () => {
    await send(TASKS[3].ask);
    const card = await waitingCard();
    const needed = chat().locator('[data-testid="approval-needed"]');
    await chat().locator('[data-testid="messages"]').evaluate((list) => list.scrollTo({ top: 0 }));
    await needed.waitFor({ state: 'visible' });
    await shot('6-approval-needed');
    await needed.click();
    await needed.waitFor({ state: 'hidden' });
    assert.equal(await card.isVisible(), true);
    await card.locator('[data-testid="open-diff"]').click();
    await proposedTab().first().waitFor();
    await chat().locator('[data-testid="stop"]').click();
    const cancelled = chat().locator('[data-testid="tool-card"][data-tool="write_file"][data-status="cancelled"]');
    await cancelled.waitFor();
    await proposedTab().first().waitFor({ state: 'detached' });
    assert.equal(await chat().locator('[data-testid="tool-card"][data-status="awaitingApproval"]').count(), 0, 'nothing waits any more');
    assert.equal(existsSync(join(workspaceDir, 'notes', 'epsilon.txt')), false);
    await chat().locator('[data-testid="tool-card"][data-status="cancelled"][data-duration-ms]').waitFor();
    const [durationMs, waitMs] = [Number(await cancelled.getAttribute('data-duration-ms')), Number(await cancelled.getAttribute('data-approval-wait-ms'))];
    assert.ok(waitMs > 0 && durationMs < waitMs, `the cancelled card's ${durationMs} ms leave out the ${waitMs} ms it waited`);
    await shot('7-stopped');
  });

  it('with the chat view hidden, the diff opens on its own with Accept / Reject in its title bar and the approval is asked in a notification; the task\'s end is a notification whose "Show chat" opens the answer', async () => {
    await send(TASKS[4].ask);
    await runCommand('View: Show Explorer');
    await workbench!.page.locator('.part.sidebar .title-label', { hasText: /explorer/i }).waitFor();
    releaseZeta();
    await proposedTab().first().waitFor({ timeout: 120_000 });
    await titleButton('Accept').waitFor();
    // With another view in front, the approval is also asked in a notification of its own.
    const asked = workbench!.page.locator('.notification-toast', { has: workbench!.page.locator('.monaco-button', { hasText: /^Approve$/ }) });
    await asked.waitFor();
    assert.match((await asked.textContent()) ?? '', /zeta/);
    await shot('8-hidden-view-diff');
    await titleButton('Accept').click();
    await proposedTab().first().waitFor({ state: 'detached' });
    const done = workbench!.page.locator('.notification-toast', { hasText: `the task “${TASKS[4].ask}” is done.` });
    await done.waitFor({ timeout: 120_000 });
    const toasts = await workbench!.page.locator('.notification-toast').allTextContents();
    assert.equal(toasts.filter((text) => text.includes('waiting for your approval')).length, 0, `the approval was asked in its own notification, not told twice: ${JSON.stringify(toasts)}`);
    await shot('8b-task-done-notification');
    await done.locator('.monaco-button', { hasText: 'Show chat' }).click();
    await answer('Zeta written.');
    assert.equal(readFileSync(join(workspaceDir, 'notes', 'zeta.txt'), 'utf8'), 'zeta\n');
  });

  it('after a window reload the auto-approved card still says so, and the chip (the grants ended) is gone', async () => {
    await workbench!.reloadWindow();
    await workbench!.openChat();
    const auto = chat().locator('[data-testid="tool-card"][data-auto-approved="true"]');
    await auto.first().waitFor();
    assert.equal(await auto.locator('[data-testid="approval-auto"]').textContent(), 'Auto-approved: "Always"');
    assert.equal(await chat().locator('[data-testid="auto-approval-always"]').count(), 0, 'no "Always" is on in the new window');
    await shot('9-after-reload');
  });
});

/**
 * Review changes in a REAL VS Code through the ChatGPT replica site and the real browser
 * backend: a task writes two files through the chat view; its end line names them with +/−
 * counts; "Review changes" opens VS Code's multi-file diff; one change of the first file is
 * undone (the file on disk has that change reverted and its other change kept), the second file
 * is kept as a whole (it stays as the task left it and leaves the review); the CodeLens over the
 * change left keeps it; the next message the site receives names the undone change.
 * Screenshots: test-artifacts/vscode-ui-review-changes/; the README's docs/images/review-changes.png.
 * Run: node --import tsx --test --test-reporter=spec test/vscode/ui/reviewChanges.test.ts
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { missingTools, REPOSITORY_ROOT } from '../harness/paths';
import type { ReplicaSiteWorkbench } from '../harness/replicaSiteWorkbench';
import { openReplicaChat } from './replicaChat';
import { call, chatActions, createTaskResponder } from './scriptedTasks';

const REVIEW_TASK = 'Run the review task';
const FOLLOW_UP = 'Anything else to do?';
/** The files before the task, and what the task writes: two separate changes in the first (lines 2 and 9), one in the second. */
const A_BEFORE = 'line 1\nline 2\nline 3\nline 4\nline 5\nline 6\nline 7\nline 8\nline 9\nline 10\n';
const A_AFTER = A_BEFORE.replace('line 2\n', 'line 2 changed by the task\n').replace('line 9\n', 'line 9 changed by the task\n');
const B_BEFORE = 'b before\n';
const B_AFTER = 'b after the task\n';

describe('Review changes in real VS Code', { skip: missingTools() || undefined, timeout: 600_000 }, () => {
  let workbench: ReplicaSiteWorkbench | undefined;
  let fileA: string;
  let fileB: string;
  /** Every message the replica site received. */
  const prompts: string[] = [];
  const respond = createTaskResponder([
    {
      ask: REVIEW_TASK,
      replies: [`First file.\n${call('write_file', { path: 'src/review-a.txt', content: A_AFTER })}`, `Second file.\n${call('write_file', { path: 'notes/review-b.txt', content: B_AFTER })}`, 'Review task done.'],
    },
    { ask: FOLLOW_UP, replies: ['Nothing else.'] },
  ]);
  const chat = () => workbench!.chat();
  const page = () => workbench!.page;
  const actions = chatActions(chat);
  let step = 0;
  const shot = (name: string) => workbench!.shot(`${String(++step).padStart(2, '0')}-${name}`);

  const runCommand = async (title: string) => {
    await page().keyboard.press('F1');
    await workbench!.pickInQuickInput(`>${title}`, title);
  };
  /** The rows of the quick pick a command opened, once its row `label` is there. */
  const quickPickRows = async (label: string) => {
    const rows = page().locator('.quick-input-widget:visible .quick-input-list .monaco-list-row');
    await rows.filter({ hasText: label }).first().waitFor();
    return rows;
  };

  /** Waits until the file on disk holds `expected` (VS Code saves the edit after applying it). */
  const waitForFile = async (path: string, expected: string) => {
    const deadline = Date.now() + 30_000;
    while (readFileSync(path, 'utf8') !== expected) {
      if (Date.now() > deadline) assert.equal(readFileSync(path, 'utf8'), expected);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  before(async () => {
    workbench = await openReplicaChat('vscode-ui-review-changes', {
      responder: (prompt) => {
        prompts.push(prompt);
        return respond(prompt);
      },
      prepareWorkspace: (workspaceDir) => {
        fileA = join(workspaceDir, 'src', 'review-a.txt');
        fileB = join(workspaceDir, 'notes', 'review-b.txt');
        mkdirSync(join(workspaceDir, 'notes'), { recursive: true });
        writeFileSync(fileA, A_BEFORE);
        writeFileSync(fileB, B_BEFORE);
      },
      userSettings: { 'ptk.tools.autoApprove': { write_file: true } },
    });
  });

  after(async () => {
    await workbench?.stop();
  });

  it('the task\'s end line names its files with +/− counts and offers "Review changes"', async () => {
    await actions.send(REVIEW_TASK);
    await actions.answer('Review task done.');
    const line = chat().locator('[data-testid="task-changes"]');
    await line.waitFor();
    assert.equal(readFileSync(fileA, 'utf8'), A_AFTER);
    assert.equal(readFileSync(fileB, 'utf8'), B_AFTER);
    assert.match((await line.textContent()) ?? '', /This task changed src\/review-a\.txt \+2 \u22122, notes\/review-b\.txt \+1 \u22121/);
    await line.locator('[data-testid="review-changes"]').waitFor();
    await shot('task-done');
  });

  it('"Review changes" opens the multi-file diff of the task\'s files', async () => {
    await chat().locator('[data-testid="review-changes"]').click();
    await page().locator('.tab', { hasText: 'PTK: Review changes' }).waitFor();
    // Both files' diffs are in the editor, each with the task's lines on the right.
    const editor = page().locator('.multiDiffEditor');
    await editor.waitFor();
    await editor.getByText('review-a.txt').first().waitFor();
    await editor.getByText('review-b.txt').first().waitFor();
    await editor.getByText('line 9 changed by the task').first().waitFor();
    await shot('review-open');
    // The README's picture: the chat's end line and the review beside it.
    mkdirSync(join(REPOSITORY_ROOT, 'docs', 'images'), { recursive: true });
    await page().screenshot({ path: join(REPOSITORY_ROOT, 'docs', 'images', 'review-changes.png'), clip: { x: 0, y: 30, width: 1100, height: 840 } });
  });

  it('undoing one change reverts just it on disk; keeping the other file leaves it as the task wrote it', async () => {
    await runCommand('PTK: Undo a Change');
    const rows = await quickPickRows('src/review-a.txt line 9');
    assert.equal(await rows.count(), 3, 'three changes wait: two in review-a.txt, one in review-b.txt');
    await shot('undo-pick');
    await rows.filter({ hasText: 'src/review-a.txt line 9' }).first().click();
    await waitForFile(fileA, A_AFTER.replace('line 9 changed by the task', 'line 9'));
    assert.match(readFileSync(fileA, 'utf8'), /line 2 changed by the task/, 'the other change of the file is kept');
    // The end-of-task line counts what the task still changes.
    await chat().locator('[data-testid="task-changes"]', { hasText: /This task changed src\/review-a\.txt \+1 \u22121, notes\/review-b\.txt \+1 \u22121/ }).waitFor();

    await runCommand('PTK: Keep File Changes');
    const files = await quickPickRows('notes/review-b.txt');
    await files.filter({ hasText: 'notes/review-b.txt' }).first().click();
    // Kept: the file leaves the review (only review-a.txt's remaining change waits) and stays as the task wrote it.
    await runCommand('PTK: Undo a Change');
    const left = await quickPickRows('src/review-a.txt line 2');
    assert.equal(await left.count(), 1, 'only the change not yet reviewed is offered');
    await page().keyboard.press('Escape');
    assert.equal(readFileSync(fileB, 'utf8'), B_AFTER);
    await shot('after-review');
  });

  it('the file\'s editor shows Keep | Undo over the change left, and Keep there ends the review', async () => {
    await page().keyboard.press('Control+P');
    const input = page().locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    await input.fill('review-a.txt');
    await page().locator('.quick-input-list .monaco-list-row', { hasText: 'review-a.txt' }).first().waitFor();
    await page().keyboard.press('Enter');
    const lenses = page().locator('.editor-instance .codelens-decoration a');
    await lenses.filter({ hasText: /^Keep$/ }).first().waitFor();
    assert.deepEqual(await lenses.allTextContents(), ['Keep', 'Undo'], 'one change left: one Keep | Undo');
    // While the file is in the review, its editor's title offers Keep / Undo for the whole file.
    const keepFile = page().locator('.editor-actions [aria-label*="Keep File Changes"]');
    await keepFile.first().waitFor();
    await shot('codelens');
    await lenses.filter({ hasText: /^Keep$/ }).first().click();
    await lenses.first().waitFor({ state: 'detached' });
    // Nothing is left to review: the file's title buttons go too.
    await keepFile.first().waitFor({ state: 'detached' });
    assert.equal(readFileSync(fileA, 'utf8'), A_AFTER.replace('line 9 changed by the task', 'line 9'), 'Keep leaves the file as it is');
    // Reviewed again, the task has nothing left: what was kept stays kept.
    await chat().locator('[data-testid="review-changes"]').click();
    await page().locator('.notifications-toasts', { hasText: 'nothing of this task is left to review' }).waitFor();
  });

  it('the next message tells the model what the user undid', async () => {
    await actions.send(FOLLOW_UP);
    await actions.answer('Nothing else.');
    const sent = prompts.filter((prompt) => prompt.includes(FOLLOW_UP));
    assert.equal(sent.length, 1);
    // The follow-up message, and the note that goes with it.
    const message = sent[0]!.slice(sent[0]!.lastIndexOf(FOLLOW_UP));
    assert.match(message, /\[Review\] The user reviewed your changes and undid some of them/);
    assert.match(message, /- src\/review-a\.txt line 9: back as before your change \(your line there was undone\)/);
    assert.doesNotMatch(message, /review-b\.txt/, 'the kept file is not named');
    await shot('follow-up');
  });

  it('a review tab VS Code restores after a window reload is closed (its left sides were the old window\'s)', async () => {
    const reviewTab = page().locator('.tabs-container .tab', { hasText: 'PTK: Review changes' });
    await reviewTab.first().waitFor();
    const reloaded = page().waitForEvent('load', { timeout: 120_000 });
    await runCommand('Developer: Reload Window');
    await reloaded;
    // PTK's status bar item: the extension runs again, so its commands are in the palette.
    await page().locator('.statusbar-item', { hasText: 'PTK:' }).first().waitFor({ timeout: 120_000 });
    await runCommand('PTK: Open Chat');
    await chat().locator('[data-testid="task-changes"]').waitFor();
    await reviewTab.first().waitFor({ state: 'detached' });
    await shot('after-reload');
  });
});

/**
 * Checkpoints in a REAL VS Code (code-server), driven by Playwright: a two-turn task writes two
 * files through the chat view (turn 1 creates one, turn 2 rewrites an existing CRLF, non-ASCII
 * file); after a window reload, "Restore checkpoint" on turn 2 puts back exactly the bytes the workspace had after
 * turn 1; a file changed outside the task makes "Undo all changes of this task" refuse until
 * the user confirms in the modal dialog; then it puts back the original bytes. With the user's
 * `ptk.tools.autoApprove` on for edit_file, an edit of .vscode/settings.json still asks, and its
 * card says why (a workspace that empties `ptk.tools.protectedFiles` changes nothing). A task's
 * undo, after its folder cfg/ became a symbolic link to outside the workspace while the question
 * was open, leaves the outside files alone, restores the others and names the refused ones. The
 * model is scripted in the extension host (checkpointsSuite.ts). Screenshots: test-artifacts/vscode-ui-checkpoints/.
 * Run: node --import tsx --test --test-reporter=spec test/vscode/ui/checkpoints.test.ts
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import * as esbuild from 'esbuild';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { buildTestExtension } from '../harness/buildTestExtension';
import { startCodeServer, type RunningCodeServer } from '../harness/codeServer';
import { missingTools, REPOSITORY_ROOT, SAMPLE_WORKSPACE_FIXTURE } from '../harness/paths';
import { launchWorkbenchBrowser, openWorkbenchPage } from '../harness/workbenchBrowser';
import { copyWorkspaceFixture } from '../harness/workspaceFixture';
import { CHECKPOINT_TASK, FOLDER_TASK, PROTECTED_TASK } from './checkpointsSuite';

const ARTIFACTS = join(REPOSITORY_ROOT, 'test-artifacts', 'vscode-ui-checkpoints');
const missing = missingTools();
/** The existing file turn 2 rewrites: CRLF line endings and a non-ASCII letter, so "the same bytes" means something. */
const ORIGINAL_A = Buffer.from('A original\r\nsecond line \u00fc\r\n', 'utf8');

describe('Checkpoints in real VS Code', { skip: missing || undefined, timeout: 600_000 }, () => {
  let stateDir: string;
  let workspaceDir: string;
  let resultsFile: string;
  let server: RunningCodeServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let step = 0;
  let fileA: string;
  let fileB: string;

  const shot = async (name: string) => {
    step++;
    await page.screenshot({ path: join(ARTIFACTS, `${String(step).padStart(2, '0')}-${name}.png`) }).catch(() => undefined);
  };
  const chat = (): FrameLocator => page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
  const files = () => ({ a: existsSync(fileA) ? readFileSync(fileA) : undefined, b: existsSync(fileB) ? readFileSync(fileB) : undefined });

  const runCommand = async (title: string) => {
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    await input.fill(`>${title}`);
    await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor();
    await page.keyboard.press('Enter');
  };

  /**
   * Answers the modal dialog that offers the button labelled `label`, then waits until that dialog
   * (its message and that button) is gone. A dialog opened straight after it may reuse the same box,
   * so "no dialog box" would be the wrong evidence.
   */
  const answerDialog = async (label: string) => {
    const labelled = { hasText: new RegExp(`^${label}$`) };
    const button = page.locator('.monaco-dialog-box .monaco-button', labelled);
    await button.first().waitFor();
    const message = (await page.locator('.monaco-dialog-box', { has: page.locator('.monaco-button', labelled) }).locator('#monaco-dialog-message-text').first().textContent()) ?? '';
    assert.ok(message.trim(), `the dialog offering "${label}" shows a message`);
    await shot(`dialog-${label.toLowerCase().replace(/[^a-z]+/g, '-')}`);
    await button.first().click();
    const answered = page.locator('.monaco-dialog-box', { has: page.locator('.monaco-button', labelled), hasText: message });
    await answered.first().waitFor({ state: 'detached' });
  };

  /** Sends a request and waits for the first approval card it brings; returns the waiting cards. */
  const sendUntilAsked = async (request: string) => {
    const input = chat().locator('[data-testid="chat-input"]');
    await input.fill(request);
    await input.press('Enter');
    const waiting = chat().locator('[data-testid="tool-card"][data-status="awaitingApproval"]');
    await waiting.locator('[data-testid="approve"]').waitFor();
    return waiting;
  };

  const waitForNotice = async (pattern: RegExp) => {
    await chat().locator('[data-testid="notice"]', { hasText: pattern }).last().waitFor();
  };

  /** Waits for the test build's next "ready" line (one per extension-host start: the first, and after each reload). */
  let readyLines = 0;
  const waitForReady = async () => {
    const deadline = Date.now() + 90_000;
    const count = () => (existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8').split('\n').filter((line) => line.includes('"ready"')).length : 0);
    while (count() <= readyLines) {
      if (Date.now() > deadline) throw new Error(`the test build never reported ready (${resultsFile})`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    readyLines = count();
  };

  before(async () => {
    rmSync(ARTIFACTS, { recursive: true, force: true });
    mkdirSync(ARTIFACTS, { recursive: true });
    stateDir = mkdtempSync(join(tmpdir(), 'ptk-vscode-checkpoints-'));
    workspaceDir = copyWorkspaceFixture(SAMPLE_WORKSPACE_FIXTURE, join(stateDir, 'workspace'));
    fileA = join(workspaceDir, 'src', 'checkpoint-a.txt');
    fileB = join(workspaceDir, 'notes', 'checkpoint-b.txt');
    writeFileSync(fileA, ORIGINAL_A);
    writeFileSync(join(workspaceDir, 'src', 'protected-control.txt'), 'control v0\n');
    writeFileSync(join(workspaceDir, 'src', 'folder-other.txt'), 'other v0\n');
    mkdirSync(join(workspaceDir, 'cfg'));
    writeFileSync(join(workspaceDir, 'cfg', 'app.txt'), 'app v0\n');
    // The repository tries to empty the protected-files list: only the user's settings count.
    const workspaceSettings = join(workspaceDir, '.vscode', 'settings.json');
    writeFileSync(workspaceSettings, `${JSON.stringify({ ...JSON.parse(readFileSync(workspaceSettings, 'utf8')), 'ptk.tools.protectedFiles': [] }, null, 2)}\n`);
    resultsFile = join(stateDir, 'results.jsonl');
    const build = await buildTestExtension(join(stateDir, 'extensions'), join(__dirname, 'checkpointsSuite.ts'));
    await esbuild.build({ bundle: true, platform: 'browser', format: 'iife', target: 'es2022', logLevel: 'error', entryPoints: [join(REPOSITORY_ROOT, 'src', 'webview', 'main.ts')], outfile: join(build.extensionDir, 'out', 'webview.js') });
    server = await startCodeServer({
      workspaceDir,
      stateDir,
      logFile: join(ARTIFACTS, 'code-server.log'),
      env: { PTK_TEST_SUITE: build.suitePath, PTK_TEST_RESULTS: resultsFile },
      userSettings: { 'ptk.tools.autoApprove': { edit_file: true } },
    });
    browser = await launchWorkbenchBrowser();
    page = await openWorkbenchPage(browser, server.url);
    await waitForReady();
    await runCommand('PTK: Open Chat');
    await chat().locator('[data-testid="chat-input"]').waitFor();
  });

  after(async () => {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    if (stateDir) rmSync(stateDir, { recursive: true, force: true, maxRetries: 20, retryDelay: 250 });
  });

  let afterTurnOne: ReturnType<typeof files>;

  it('a two-turn task writes two files and shows a checkpoint per turn and the task\'s changes', async () => {
    const waiting = await sendUntilAsked(CHECKPOINT_TASK);
    await waiting.locator('[data-testid="approve"]').click();
    // Turn 2 asks for its write: the workspace is now as turn 1 left it.
    await chat().locator('[data-testid="tool-card"]').nth(1).locator('[data-testid="approve"]').waitFor();
    afterTurnOne = files();
    assert.equal(afterTurnOne.b?.toString('utf8'), 'B from turn 1\n');
    assert.deepEqual(afterTurnOne.a, ORIGINAL_A);
    await chat().locator('[data-testid="tool-card"]').nth(1).locator('[data-testid="approve"]').click();
    await chat().locator('[data-testid="assistant-message"]', { hasText: 'Checkpoint task done.' }).waitFor();
    await chat().locator('[data-testid="task-changes"]').waitFor();
    assert.notDeepEqual(files().a, ORIGINAL_A, 'turn 2 rewrote the existing file');
    const checkpoints = chat().locator('[data-testid="checkpoint"]');
    assert.equal(await checkpoints.count(), 2);
    assert.match((await checkpoints.nth(0).textContent()) ?? '', /^Checkpoint 1 · changed notes\/checkpoint-b\.txt/);
    assert.match((await checkpoints.nth(1).textContent()) ?? '', /^Checkpoint 2 · changed src\/checkpoint-a\.txt/);
    assert.match((await chat().locator('[data-testid="task-changes"]').textContent()) ?? '', /^This task changed notes\/checkpoint-b\.txt \+1 −0, src\/checkpoint-a\.txt \+1 −2/);
    await shot('task-done');
  });

  it('"Restore checkpoint" on turn 2, after a window reload, puts back exactly the bytes turn 1 left', async () => {
    // The checkpoints are kept with the conversation: a reload in between loses nothing.
    await runCommand('Developer: Reload Window');
    await page.locator('.monaco-workbench').waitFor();
    await waitForReady();
    await runCommand('PTK: Open Chat');
    await chat().locator('[data-testid="checkpoint"]').nth(1).waitFor();
    // The restore is started from the first turn's checkpoint, scrolled up to, as a user would.
    const messages = chat().locator('[data-testid="messages"]');
    await messages.evaluate((list) => (list.style.maxHeight = '220px'));
    await chat().locator('[data-testid="checkpoint"]').nth(1).scrollIntoViewIfNeeded();
    await messages.evaluate((list) => (list.scrollTop = 0));
    assert.ok(await messages.evaluate((list) => list.scrollHeight > list.clientHeight + 100), 'the messages scroll');
    await chat().locator('[data-testid="checkpoint"]').nth(1).locator('[data-testid="restore-checkpoint"]').click();
    await answerDialog('Restore Files Only');
    await waitForNotice(/Restored 1 file to its state before the model's turn 2 of “Run the checkpoint task”: src\/checkpoint-a\.txt\./);
    const notice = chat().locator('[data-testid="notice"]').last();
    await notice.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const shown = await notice.evaluate((element) => {
      const list = element.closest('[data-testid="messages"]')!.getBoundingClientRect();
      const box = element.getBoundingClientRect();
      return box.top >= list.top - 1 && box.bottom <= list.bottom + 1;
    });
    assert.ok(shown, 'the restore\'s notice is scrolled into view, not left below the checkpoint the user clicked');
    await messages.evaluate((list) => (list.style.maxHeight = ''));
    assert.deepEqual(files(), afterTurnOne);
    await shot('restored-turn-2');
  });

  it('"Undo all changes of this task" is refused after an outside change unless confirmed, then puts back the original', async () => {
    // A change outside the task to a file it wrote.
    writeFileSync(fileB, 'edited outside the task\n');
    await chat().locator('[data-testid="undo-task"]').click();
    await answerDialog('Undo Changes');
    await answerDialog('Cancel');
    await waitForNotice(/Restore refused: notes\/checkpoint-b\.txt changed since a task last wrote it/);
    assert.equal(readFileSync(fileB, 'utf8'), 'edited outside the task\n', 'nothing was restored');
    await shot('refused');

    await chat().locator('[data-testid="undo-task"]').click();
    await answerDialog('Undo Changes');
    await answerDialog('Overwrite');
    // The task's line says it is undone (the turn's restore had put the other file back already), with no second Undo
    // and no notice repeating it.
    const undoneLine = 'Undone: notes/checkpoint-b.txt, src/checkpoint-a.txt are back as they were before this task';
    const taskChanges = chat().locator('[data-testid="task-changes"][data-undone="true"]');
    await taskChanges.waitFor();
    assert.deepEqual(files(), { a: ORIGINAL_A, b: undefined });
    assert.equal(await taskChanges.locator('.checkpoint-label').textContent(), undoneLine);
    assert.equal(await chat().locator('[data-testid="notice"], .notice', { hasText: 'Restored 1 file to its state before this task' }).count(), 0, 'the line alone tells the undo');
    assert.equal(await chat().locator('[data-testid="undo-task"]').count(), 0, 'no second undo is offered');
    await shot('undone');

    // Kept with the conversation: a window reload shows it the same.
    await runCommand('Developer: Reload Window');
    await page.locator('.monaco-workbench').waitFor();
    await waitForReady();
    await runCommand('PTK: Open Chat');
    await taskChanges.waitFor();
    assert.equal(await taskChanges.locator('.checkpoint-label').textContent(), undoneLine);
    assert.equal(await chat().locator('[data-testid="undo-task"]').count(), 0, 'still no second undo after a reload');
  });

  it('with autoApprove on for edit_file, an edit of .vscode/settings.json still asks and the card says why', async () => {
    const settingsFile = join(workspaceDir, '.vscode', 'settings.json');
    const waiting = await sendUntilAsked(PROTECTED_TASK);
    // The ordinary file went through without a question: autoApprove is on.
    assert.equal(readFileSync(join(workspaceDir, 'src', 'protected-control.txt'), 'utf8'), 'control v1\n');
    assert.match((await waiting.locator('[data-testid="approval-protection"]').textContent()) ?? '', /this file configures your editor/);
    assert.equal(await waiting.locator('[data-testid="approve-always"]').count(), 0, 'no "Always" for a protected file');
    assert.doesNotMatch(readFileSync(settingsFile, 'utf8'), /allowedCommands/, 'nothing written before the answer');
    await shot('protected-file-asks');
    await waiting.locator('[data-testid="approve"]').click();
    // The changed settings file makes VS Code and the extension re-read their settings: slow on a loaded machine.
    await chat().locator('[data-testid="assistant-message"]', { hasText: 'Protected task done.' }).waitFor();
    assert.match(readFileSync(settingsFile, 'utf8'), /"ptk\.tools\.allowedCommands"/, 'written once the user approved');
    // The second task's turns restart at 1; the conversation's checkpoints count on: 1, 2, 3, …
    const numbers = await chat().locator('[data-testid="checkpoint"] .checkpoint-label').evaluateAll((labels) => labels.map((label) => /^Checkpoint (\d+) ·/.exec(label.textContent ?? '')?.[1]));
    assert.ok(numbers.length > 2, `checkpoints of both tasks: ${numbers.join(', ')}`);
    assert.deepEqual(numbers, numbers.map((_number, index) => String(index + 1)));
  });

  it('"Undo all changes of this task" after cfg/ became a link to outside the workspace leaves the outside files alone and names them', async () => {
    const waiting = await sendUntilAsked(FOLDER_TASK);
    await waiting.locator('[data-testid="approve"]').click();
    await chat().locator('[data-testid="assistant-message"]', { hasText: 'Folder task done.' }).waitFor();
    const cfg = join(workspaceDir, 'cfg');
    assert.equal(readFileSync(join(cfg, 'app.txt'), 'utf8'), 'app v1\n');
    assert.equal(readFileSync(join(cfg, 'new.txt'), 'utf8'), 'new from the task\n');
    const outside = mkdtempSync(join(stateDir, 'outside-'));
    writeFileSync(join(outside, 'app.txt'), 'outside app\n');
    writeFileSync(join(outside, 'new.txt'), 'outside new\n');

    await chat().locator('[data-testid="undo-task"]').last().click();
    const undo = page.locator('.monaco-dialog-box .monaco-button', { hasText: /^Undo Changes$/ });
    await undo.first().waitFor();
    // While the question is open, cfg/ becomes a symbolic link to a folder outside the workspace.
    rmSync(cfg, { recursive: true, force: true });
    symlinkSync(outside, cfg, 'dir');
    await shot('undo-after-swap');
    await undo.first().click();
    await waitForNotice(/Restored 1 file to its state before this task: src\/folder-other\.txt\. Not restored, they now lead outside the workspace .*cfg\/app\.txt, cfg\/new\.txt/);
    assert.equal(readFileSync(join(outside, 'app.txt'), 'utf8'), 'outside app\n', 'the outside file is not overwritten');
    assert.equal(readFileSync(join(outside, 'new.txt'), 'utf8'), 'outside new\n', 'the outside file is not deleted');
    assert.equal(readFileSync(join(workspaceDir, 'src', 'folder-other.txt'), 'utf8'), 'other v0\n', 'the other file is restored');
    await shot('undo-refused-outside');
  });
});

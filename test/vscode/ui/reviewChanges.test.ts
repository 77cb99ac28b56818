/**
 * Review changes in a REAL VS Code (code-server), driven by Playwright: a task writes two files
 * through the chat view; its end line names them with +/− counts; "Review changes" opens VS
 * Code's multi-file diff; one change of the first file is undone (the file on disk has that
 * change reverted and its other change kept), the second file is kept as a whole (it stays as
 * the task left it and leaves the review); the next message's prompt to the model names the
 * undone change. The model is scripted in the extension host (reviewChangesSuite.ts).
 * Screenshots: test-artifacts/vscode-ui-review-changes/.
 * Run: node --import tsx --test --test-reporter=spec test/vscode/ui/reviewChanges.test.ts
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
import { A_AFTER, A_BEFORE, B_AFTER, B_BEFORE, FOLLOW_UP, REVIEW_TASK } from './reviewChangesSuite';
import { chatActions } from './scriptedTasks';

const ARTIFACTS = join(REPOSITORY_ROOT, 'test-artifacts', 'vscode-ui-review-changes');
const missing = missingTools();

describe('Review changes in real VS Code', { skip: missing || undefined, timeout: 600_000 }, () => {
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
  const actions = chatActions(chat);
  const results = (): Record<string, unknown>[] => (existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>) : []);

  const runCommand = async (title: string) => {
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    await input.fill(`>${title}`);
    await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor();
    await page.keyboard.press('Enter');
  };
  /** The rows of the quick pick a command opened, once its row `label` is there. */
  const quickPickRows = async (label: string) => {
    const rows = page.locator('.quick-input-widget:visible .quick-input-list .monaco-list-row');
    await rows.filter({ hasText: label }).first().waitFor();
    return rows;
  };

  /** Waits until `read` gives `expected` (the file on disk after an edit VS Code saves). */
  const waitForFile = async (path: string, expected: string) => {
    const deadline = Date.now() + 30_000;
    while (readFileSync(path, 'utf8') !== expected) {
      if (Date.now() > deadline) assert.equal(readFileSync(path, 'utf8'), expected);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  before(async () => {
    rmSync(ARTIFACTS, { recursive: true, force: true });
    mkdirSync(ARTIFACTS, { recursive: true });
    stateDir = mkdtempSync(join(tmpdir(), 'ptk-vscode-review-'));
    workspaceDir = copyWorkspaceFixture(SAMPLE_WORKSPACE_FIXTURE, join(stateDir, 'workspace'));
    fileA = join(workspaceDir, 'src', 'review-a.txt');
    fileB = join(workspaceDir, 'notes', 'review-b.txt');
    mkdirSync(join(workspaceDir, 'notes'), { recursive: true });
    writeFileSync(fileA, A_BEFORE);
    writeFileSync(fileB, B_BEFORE);
    resultsFile = join(stateDir, 'results.jsonl');
    const build = await buildTestExtension(join(stateDir, 'extensions'), join(__dirname, 'reviewChangesSuite.ts'));
    await esbuild.build({ bundle: true, platform: 'browser', format: 'iife', target: 'es2022', logLevel: 'error', entryPoints: [join(REPOSITORY_ROOT, 'src', 'webview', 'main.ts')], outfile: join(build.extensionDir, 'out', 'webview.js') });
    server = await startCodeServer({
      workspaceDir,
      stateDir,
      logFile: join(ARTIFACTS, 'code-server.log'),
      env: { PTK_TEST_SUITE: build.suitePath, PTK_TEST_RESULTS: resultsFile },
      userSettings: { 'ptk.tools.autoApprove': { write_file: true } },
    });
    browser = await launchWorkbenchBrowser();
    page = await openWorkbenchPage(browser, server.url);
    const deadline = Date.now() + 90_000;
    while (!results().some((line) => line.type === 'ready')) {
      if (Date.now() > deadline) throw new Error(`the test build never reported ready (${resultsFile})`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    await runCommand('PTK: Open Chat');
    await chat().locator('[data-testid="chat-input"]').waitFor();
  });

  after(async () => {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    if (stateDir) rmSync(stateDir, { recursive: true, force: true, maxRetries: 20, retryDelay: 250 });
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
    await page.locator('.tab', { hasText: 'PTK: Review changes' }).waitFor();
    // Both files' diffs are in the editor, each with the task's lines on the right.
    const editor = page.locator('.multiDiffEditor');
    await editor.waitFor();
    await editor.getByText('review-a.txt').first().waitFor();
    await editor.getByText('review-b.txt').first().waitFor();
    await editor.getByText('line 9 changed by the task').first().waitFor();
    await shot('review-open');
  });

  it('undoing one change reverts just it on disk; keeping the other file leaves it as the task wrote it', async () => {
    await runCommand('PTK: Undo a Change');
    const rows = await quickPickRows('src/review-a.txt line 9');
    assert.equal(await rows.count(), 3, 'three changes wait: two in review-a.txt, one in review-b.txt');
    await shot('undo-pick');
    await rows.filter({ hasText: 'src/review-a.txt line 9' }).first().click();
    await waitForFile(fileA, A_AFTER.replace('line 9 changed by the task', 'line 9'));
    assert.match(readFileSync(fileA, 'utf8'), /line 2 changed by the task/, 'the other change of the file is kept');

    await runCommand('PTK: Keep File Changes');
    const files = await quickPickRows('notes/review-b.txt');
    await files.filter({ hasText: 'notes/review-b.txt' }).first().click();
    // Kept: the file leaves the review (only review-a.txt's remaining change waits) and stays as the task wrote it.
    await runCommand('PTK: Undo a Change');
    const left = await quickPickRows('src/review-a.txt line 2');
    assert.equal(await left.count(), 1, 'only the change not yet reviewed is offered');
    await page.keyboard.press('Escape');
    assert.equal(readFileSync(fileB, 'utf8'), B_AFTER);
    await shot('after-review');
  });

  it('the file\'s editor shows Keep | Undo over the change left, and Keep there ends the review', async () => {
    await page.keyboard.press('Control+P');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    await input.fill('review-a.txt');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'review-a.txt' }).first().waitFor();
    await page.keyboard.press('Enter');
    const lenses = page.locator('.editor-instance .codelens-decoration a');
    await lenses.filter({ hasText: /^Keep$/ }).first().waitFor();
    assert.deepEqual(await lenses.allTextContents(), ['Keep', 'Undo'], 'one change left: one Keep | Undo');
    // While the file is in the review, its editor's title offers Keep / Undo for the whole file.
    const keepFile = page.locator('.editor-actions [aria-label*="Keep File Changes"]');
    await keepFile.first().waitFor();
    await shot('codelens');
    await lenses.filter({ hasText: /^Keep$/ }).first().click();
    await lenses.first().waitFor({ state: 'detached' });
    // Nothing is left to review: the file's title buttons go too.
    await keepFile.first().waitFor({ state: 'detached' });
    assert.equal(readFileSync(fileA, 'utf8'), A_AFTER.replace('line 9 changed by the task', 'line 9'), 'Keep leaves the file as it is');
  });

  it('the next message tells the model what the user undid', async () => {
    await actions.send(FOLLOW_UP);
    await actions.answer('Nothing else.');
    const prompts = results().filter((line) => line.type === 'prompt').map((line) => String(line.prompt));
    assert.equal(prompts.length, 1);
    // The follow-up message of the prompt, and the note that goes with it.
    const message = prompts[0]!.slice(prompts[0]!.lastIndexOf(FOLLOW_UP));
    assert.match(message, /\[Review\] The user reviewed your changes and undid some of them/);
    assert.match(message, /- src\/review-a\.txt line 9: back as before your change \(your line there was undone\)/);
    assert.doesNotMatch(message, /review-b\.txt/, 'the kept file is not named');
    await shot('follow-up');
  });
});

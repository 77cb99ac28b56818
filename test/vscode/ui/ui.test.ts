/**
 * End-to-end UI tests in a REAL VS Code (code-server), driven by Playwright in Chromium: open
 * the chat from the palette, send a message and watch the streamed answer, approve a write and
 * see the file change, reject one and see the model told, "Fix with PTK" from the lightbulb on
 * a real diagnostic, "Explain Selection" with read-only tools, Stop mid-task, reload the window and find the conversation. The model is
 * the replica model (replicaModel.ts) installed through the test build's API. Screenshots of
 * every step go to test-artifacts/vscode-ui/.
 * Run: node scripts/run-tests.mjs test/vscode/ui   (needs scripts/setup-vscode.sh done)
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

const ARTIFACTS = join(REPOSITORY_ROOT, 'test-artifacts', 'vscode-ui');
const missing = missingTools();

describe('PTK chat UI in real VS Code', { skip: missing || undefined, timeout: 420_000 }, () => {
  let stateDir: string;
  let workspaceDir: string;
  let resultsFile: string;
  let promptsFile: string;
  let server: RunningCodeServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let step = 0;

  const shot = async (name: string) => {
    step++;
    await page.screenshot({ path: join(ARTIFACTS, `${String(step).padStart(2, '0')}-${name}.png`) }).catch(() => undefined);
  };

  const chat = (): FrameLocator => page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');

  const runCommand = async (title: string) => {
    await page.keyboard.press('F1');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible' });
    await input.fill(`>${title}`);
    await page.locator('.quick-input-list .monaco-list-row', { hasText: title }).first().waitFor();
    await page.keyboard.press('Enter');
  };

  const waitForReady = async (timeoutMs = 90_000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (existsSync(resultsFile) && readFileSync(resultsFile, 'utf8').split('\n').filter((line) => line.includes('"ready"')).length > readyCount) {
        readyCount++;
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    throw new Error(`the test build never reported ready (${resultsFile})`);
  };
  let readyCount = 0;

  const send = async (text: string) => {
    const input = chat().locator('[data-testid="chat-input"]');
    await input.fill(text);
    await input.press('Enter');
  };

  /** Starts a new conversation and waits until the view shows it: empty and not busy (Enter in a busy view sends nothing). */
  const newConversation = async () => {
    await chat().locator('[data-testid="new-conversation"]').click();
    await chat().locator('[data-testid="user-message"]').first().waitFor({ state: 'detached' });
    await chat().locator('body[data-busy="false"]').waitFor({ state: 'attached' });
  };

  before(async () => {
    rmSync(ARTIFACTS, { recursive: true, force: true });
    mkdirSync(ARTIFACTS, { recursive: true });
    stateDir = mkdtempSync(join(tmpdir(), 'ptk-vscode-ui-'));
    workspaceDir = copyWorkspaceFixture(SAMPLE_WORKSPACE_FIXTURE, join(stateDir, 'workspace'));
    resultsFile = join(stateDir, 'results.jsonl');
    promptsFile = join(stateDir, 'prompts.json');
    const build = await buildTestExtension(join(stateDir, 'extensions'), join(__dirname, 'uiSuite.ts'));
    // The webview front-end is a separate bundle the test build does not make.
    await esbuild.build({ bundle: true, platform: 'browser', format: 'iife', target: 'es2022', logLevel: 'error', entryPoints: [join(REPOSITORY_ROOT, 'src', 'webview', 'main.ts')], outfile: join(build.extensionDir, 'out', 'webview.js') });
    server = await startCodeServer({
      workspaceDir,
      stateDir,
      logFile: join(ARTIFACTS, 'code-server.log'),
      env: { PTK_TEST_SUITE: build.suitePath, PTK_TEST_RESULTS: resultsFile, PTK_UI_PROMPTS: promptsFile },
    });
    browser = await launchWorkbenchBrowser();
    page = await openWorkbenchPage(browser, server.url);
    await waitForReady();
  });

  after(async () => {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    if (stateDir) rmSync(stateDir, { recursive: true, force: true, maxRetries: 20, retryDelay: 250 });
  });

  it('opens the chat from the command palette', async () => {
    await runCommand('PTK: Open Chat');
    await chat().locator('[data-testid="chat-input"]').waitFor();
    await shot('chat-opened');
    // The status comes from the host after the view says it is ready.
    await chat().locator('[data-testid="connection-status"]', { hasText: 'replica' }).waitFor();
  });

  it('sends a message and shows the answer streaming in', async () => {
    await send('Say hello');
    const bubble = chat().locator('[data-testid="assistant-message"]').last();
    await bubble.waitFor();
    await chat().locator('.message.assistant.streaming').first().waitFor();
    const partial = (await bubble.textContent()) ?? '';
    await shot('streaming');
    await page.waitForFunction(() => true);
    await chat().locator('.message.assistant:not(.streaming)', { hasText: 'five.' }).waitFor();
    const final = (await bubble.textContent()) ?? '';
    assert.ok(partial.length < final.length, `the answer grew while streaming (${partial.length} → ${final.length} chars)`);
    assert.match(await bubble.innerHTML(), /<strong>replica<\/strong>/);
    await shot('answered');
  });

  it('shows a tool card; Approve writes the file', async () => {
    await newConversation();
    await send('Please write hello to notes/hello.txt');
    const card = chat().locator('[data-testid="tool-card"][data-tool="write_file"]').last();
    await card.locator('[data-testid="approve"]').waitFor();
    assert.equal(existsSync(join(workspaceDir, 'notes', 'hello.txt')), false, 'nothing written before the approval');
    await shot('approval-card');
    await card.locator('[data-testid="approve"]').click();
    await chat().locator('[data-testid="tool-card"][data-status="succeeded"]').waitFor();
    await chat().locator('[data-testid="assistant-message"]', { hasText: 'Done' }).waitFor();
    assert.equal(readFileSync(join(workspaceDir, 'notes', 'hello.txt'), 'utf8'), 'Hello from PTK\n');
    await shot('approved-written');
  });

  it('Reject with a reason leaves the file alone and the model is told', async () => {
    await newConversation();
    rmSync(join(workspaceDir, 'notes', 'hello.txt'), { force: true });
    await send('Please write hello to notes/hello.txt again');
    const card = chat().locator('[data-testid="tool-card"][data-status="awaitingApproval"]').last();
    await card.waitFor();
    await card.locator('[data-testid="reject-reason"]').fill('use a different file name');
    await card.locator('[data-testid="reject"]').click();
    await chat().locator('[data-testid="assistant-message"]', { hasText: 'use a different file name' }).waitFor();
    assert.equal(existsSync(join(workspaceDir, 'notes', 'hello.txt')), false);
    assert.equal(await chat().locator('[data-testid="tool-card"][data-status="rejected"]').count(), 1);
    const prompts = JSON.parse(readFileSync(promptsFile, 'utf8')) as string[];
    assert.match(prompts.at(-1) ?? '', /use a different file name/);
    await shot('rejected');
  });

  it('"Fix with PTK" from the lightbulb fixes a real diagnostic, in a new conversation; the open one stays in the history as it was', async () => {
    // The conversation of the rejected write is open: the lightbulb's task does not join it.
    const userMessages = () => chat().locator('[data-testid="user-message"]').evaluateAll((elements) => elements.map((element) => element.firstChild?.textContent ?? ''));
    const earlier = await userMessages();
    assert.ok(earlier.length > 0, 'a conversation with messages is open');
    await page.keyboard.press('Control+P');
    const quickOpen = page.locator('.quick-input-widget input');
    await quickOpen.fill('broken.json');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'broken.json' }).first().waitFor();
    await page.keyboard.press('Enter');
    const squiggle = page.locator('.monaco-editor .squiggly-error').first();
    await squiggle.waitFor();
    await shot('diagnostic');
    // The cursor goes onto the diagnostic itself; on a busy machine the editor may take the keys
    // before its code actions are computed ("No code actions available"): the menu is opened again.
    const fix = page.locator('.action-widget .monaco-list-row', { hasText: 'Fix with PTK' }).first();
    for (let attempt = 1; ; attempt++) {
      const box = await squiggle.boundingBox();
      assert.ok(box, 'the diagnostic is drawn');
      await page.mouse.click(box.x + Math.min(2, box.width / 2), box.y + box.height / 2);
      await page.keyboard.press('Control+.');
      if (await fix.waitFor({ timeout: 20_000 }).then(() => true, () => false)) break;
      assert.ok(attempt < 5, 'the quick-fix menu never offered "Fix with PTK"');
      await page.keyboard.press('Escape');
    }
    await shot('lightbulb');
    await fix.click();
    const card = chat().locator('[data-testid="tool-card"][data-status="awaitingApproval"]').last();
    await card.waitFor();
    await card.locator('[data-testid="approve"]').click();
    await chat().locator('[data-testid="assistant-message"]', { hasText: 'fixed' }).waitFor();
    assert.deepEqual(JSON.parse(readFileSync(join(workspaceDir, 'config', 'broken.json'), 'utf8')), { name: 'broken', value: 1 });
    assert.equal((await userMessages()).length, 1, 'the fix is the only message of its conversation');
    await chat().locator('[data-testid="history"]').click();
    const rows = chat().locator('[data-testid="history-entry"]');
    await rows.first().waitFor();
    const titles = await rows.locator('.history-title').allTextContents();
    assert.equal(titles[1], earlier[0], `the fix's conversation is the newest, the earlier one next: ${titles.join(' | ')}`);
    await rows.nth(1).locator('.history-open').click();
    await chat().locator('[data-testid="user-message"]').first().waitFor();
    assert.deepEqual(await userMessages(), earlier, 'the earlier conversation is untouched');
    await shot('fixed');
  });

  it('"PTK: Explain Selection" reads the file and answers with a code block, with read-only tools only', async () => {
    await newConversation();
    const promptsBefore = existsSync(promptsFile) ? (JSON.parse(readFileSync(promptsFile, 'utf8')) as string[]).length : 0;
    await page.keyboard.press('Control+P');
    await page.locator('.quick-input-widget input').fill('main.ts');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'main.ts' }).first().waitFor();
    await page.keyboard.press('Enter');
    await page.locator('.tab.active', { hasText: 'main.ts' }).waitFor();
    await page.locator('.monaco-editor .view-line', { hasText: 'const retries' }).first().click();
    await page.keyboard.press('Home');
    // Down to column 1 of the next line: that line is not part of the selection.
    await page.keyboard.press('Shift+ArrowDown');
    await runCommand('PTK: Explain Selection');
    await chat().locator('[data-testid="user-message"]', { hasText: 'Explain src/main.ts:' }).waitFor();
    assert.equal(await chat().locator('[data-testid="user-message"]').last().textContent(), 'Explain src/main.ts:4-4', 'the line the selection ends at the start of is not counted');
    await chat().locator('[data-testid="tool-card"][data-tool="read_file"][data-status="succeeded"]').waitFor();
    const code = chat().locator('.message.assistant:not(.streaming) pre code', { hasText: "const retries: number = 'three';" });
    await code.waitFor();
    await chat().locator('body[data-busy="false"]').waitFor({ state: 'attached' });
    await shot('explain-selection');
    assert.equal(await chat().locator('[data-testid="tool-card"]:not([data-tool="read_file"])').count(), 0, 'no write, edit or command card');
    const prompts = (JSON.parse(readFileSync(promptsFile, 'utf8')) as string[]).slice(promptsBefore);
    assert.match(prompts[0] ?? '', /^- read_file\(/m, 'read_file is offered');
    assert.doesNotMatch(prompts[0] ?? '', /^- (write_file|edit_file|run_command|run_tests)\(/m, 'no tool that writes or runs is offered');
    assert.match(readFileSync(join(workspaceDir, 'src', 'main.ts'), 'utf8'), /const retries: number = 'three';/, 'the file is unchanged');
  });

  it('"PTK: Ask…" from the palette answers in the chat view', async () => {
    await newConversation();
    await runCommand('PTK: Ask…');
    // The command's own input box (the palette that opened it uses the same widget).
    const question = page.locator('.quick-input-widget input[placeholder="e.g. Where is the configuration loaded?"]');
    await question.waitFor({ state: 'visible' });
    await question.fill('Say hello from the palette');
    await page.keyboard.press('Enter');
    await chat().locator('[data-testid="user-message"]', { hasText: 'Say hello from the palette' }).waitFor();
    await chat().locator('.message.assistant:not(.streaming)', { hasText: 'five.' }).waitFor();
    assert.match((await page.locator('.statusbar').textContent()) ?? '', /PTK: replica/);
    await shot('ask-from-palette');
  });

  it('Stop ends a running task', async () => {
    await newConversation();
    await send('Take your time and think');
    await chat().locator('.message.assistant.streaming').first().waitFor();
    // Enter while the task runs starts no second task: the message waits in the queue (Remove drops it).
    const input = chat().locator('[data-testid="chat-input"]');
    await input.fill('One more thing');
    await input.press('Enter');
    const queued = chat().locator('[data-testid="queued-message"]', { hasText: 'One more thing' });
    await queued.waitFor();
    assert.equal(await input.inputValue(), '');
    await queued.locator('[data-testid="queued-remove"]').click();
    await queued.waitFor({ state: 'detached' });
    await chat().locator('[data-testid="stop"]').click();
    await chat().locator('[data-testid="notice"]', { hasText: 'Stopped' }).waitFor();
    assert.equal(await chat().locator('.message.assistant.streaming').count(), 0);
    assert.equal(await chat().locator('[data-testid="send"]').isDisabled(), false);
    await shot('stopped');
  });

  it('restores the view after it is hidden and shown', async () => {
    const before = await chat().locator('[data-testid="messages"] > *').count();
    assert.ok(before > 0);
    await runCommand('View: Toggle Primary Side Bar Visibility');
    await page.locator('iframe.webview.ready').first().waitFor({ state: 'hidden' });
    await runCommand('PTK: Open Chat');
    await chat().locator('[data-testid="notice"]', { hasText: 'Stopped' }).waitFor();
    assert.equal(await chat().locator('[data-testid="messages"] > *').count(), before);
    await shot('hidden-and-shown');
  });

  it('finds the conversation again after a window reload', async () => {
    await newConversation();
    await send('Say hello after which we reload');
    await chat().locator('.message.assistant:not(.streaming)', { hasText: 'five.' }).waitFor();
    await runCommand('Developer: Reload Window');
    await page.locator('.monaco-workbench').waitFor();
    await waitForReady();
    await runCommand('PTK: Open Chat');
    await chat().locator('[data-testid="user-message"]', { hasText: 'Say hello after which we reload' }).waitFor();
    assert.match((await chat().locator('[data-testid="assistant-message"]').last().textContent()) ?? '', /five\./);
    await shot('after-reload');
  });
});

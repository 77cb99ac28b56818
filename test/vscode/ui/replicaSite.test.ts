/**
 * The whole chain in a REAL VS Code: the installed extension's browser backend (out/browser.js,
 * playwright-core, Debian Chromium, headless) drives the ChatGPT replica site
 * (test/browser/replicas) whose "model" answers with the replica replies of replicaModel.ts.
 * Playwright drives the workbench: send, see the streamed answer, approve a write, see the file.
 * Skipped until the browser backend exports createBrowserChatModel (src/browser/index.ts).
 * Screenshots: test-artifacts/vscode-ui-replica/.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import * as esbuild from 'esbuild';
import { chromium, type Browser, type FrameLocator, type Page } from 'playwright-core';
import { buildTestExtension } from '../harness/buildTestExtension';
import { startCodeServer, type RunningCodeServer } from '../harness/codeServer';
import { findChromium, missingTools, REPOSITORY_ROOT, SAMPLE_WORKSPACE_FIXTURE } from '../harness/paths';
import { copyWorkspaceFixture } from '../harness/workspaceFixture';
import { chooseReply } from './replicaModel';

const ARTIFACTS = join(REPOSITORY_ROOT, 'test-artifacts', 'vscode-ui-replica');
const BROWSER_ENTRY = join(REPOSITORY_ROOT, 'src', 'browser', 'index.ts');
const skipReason = missingTools() || (!existsSync(BROWSER_ENTRY) ? `the browser backend is not built yet (${BROWSER_ENTRY} missing)` : '');

describe('PTK chat UI in real VS Code against a replica site (real browser backend)', { skip: skipReason || undefined, timeout: 420_000 }, () => {
  let stateDir: string;
  let workspaceDir: string;
  let server: RunningCodeServer | undefined;
  let replica: { url: string; close(): Promise<void> } | undefined;
  let browser: Browser | undefined;
  let page: Page;

  const chat = (): FrameLocator => page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
  const shot = (name: string) => page.screenshot({ path: join(ARTIFACTS, `${name}.png`) }).catch(() => undefined);

  before(async () => {
    rmSync(ARTIFACTS, { recursive: true, force: true });
    mkdirSync(ARTIFACTS, { recursive: true });
    stateDir = mkdtempSync(join(tmpdir(), 'ptk-vscode-replica-'));
    const { startReplicaServer } = await import('../../browser/replicas/server');
    replica = await startReplicaServer({ site: 'chatgpt', responder: (prompt: string) => chooseReply(prompt).text });
    workspaceDir = copyWorkspaceFixture(SAMPLE_WORKSPACE_FIXTURE, join(stateDir, 'workspace'));
    mkdirSync(join(workspaceDir, '.vscode'), { recursive: true });
    writeFileSync(join(workspaceDir, '.vscode', 'settings.json'), JSON.stringify({ 'ptk.site': 'chatgpt', 'ptk.siteUrl': replica.url, 'ptk.headless': true, 'ptk.browserPath': findChromium() }, null, 2));
    const resultsFile = join(stateDir, 'results.jsonl');
    const build = await buildTestExtension(join(stateDir, 'extensions'), join(__dirname, 'uiSuite.ts'));
    const common = { bundle: true, logLevel: 'error', target: 'es2022' } as const;
    await esbuild.build({ ...common, platform: 'browser', format: 'iife', entryPoints: [join(REPOSITORY_ROOT, 'src', 'webview', 'main.ts')], outfile: join(build.extensionDir, 'out', 'webview.js') });
    await esbuild.build({ ...common, platform: 'node', format: 'cjs', target: 'node20', entryPoints: [BROWSER_ENTRY], outfile: join(build.extensionDir, 'out', 'browser.js'), external: ['playwright-core'] });
    mkdirSync(join(build.extensionDir, 'node_modules'), { recursive: true });
    symlinkSync(join(REPOSITORY_ROOT, 'node_modules', 'playwright-core'), join(build.extensionDir, 'node_modules', 'playwright-core'));
    server = await startCodeServer({ workspaceDir, stateDir, logFile: join(ARTIFACTS, 'code-server.log'), env: { PTK_TEST_SUITE: build.suitePath, PTK_TEST_RESULTS: resultsFile, PTK_UI_MODEL: 'browser' } });
    browser = await chromium.launch({ executablePath: findChromium(), headless: true, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'] });
    page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(server.url, { timeout: 60_000 });
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    const deadline = Date.now() + 90_000;
    while (!(existsSync(resultsFile) && readFileSync(resultsFile, 'utf8').includes('"ready"'))) {
      if (Date.now() > deadline) throw new Error('the test build never reported ready');
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    await page.keyboard.press('F1');
    await page.locator('.quick-input-widget input').fill('>PTK: Open Chat');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'PTK: Open Chat' }).first().waitFor({ timeout: 15_000 });
    await page.keyboard.press('Enter');
    await chat().locator('[data-testid="chat-input"]').waitFor({ timeout: 30_000 });
  });

  after(async () => {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    await replica?.close().catch(() => undefined);
    if (stateDir) rmSync(stateDir, { recursive: true, force: true });
  });

  it('answers through the replica site, streamed', async () => {
    const input = chat().locator('[data-testid="chat-input"]');
    await input.fill('Say hello');
    await input.press('Enter');
    await chat().locator('.message.assistant:not(.streaming)', { hasText: 'five.' }).waitFor({ timeout: 120_000 });
    assert.match((await chat().locator('[data-testid="connection-status"]').textContent()) ?? '', /Connected/);
    await shot('answered');
  });

  it('approves a write asked for through the replica site', async () => {
    await chat().locator('[data-testid="new-conversation"]').click();
    const input = chat().locator('[data-testid="chat-input"]');
    await input.fill('Please write hello to notes/hello.txt');
    await input.press('Enter');
    const approve = chat().locator('[data-testid="approve"]').first();
    await approve.waitFor({ timeout: 120_000 });
    await approve.click();
    await chat().locator('[data-testid="assistant-message"]', { hasText: 'Done' }).waitFor({ timeout: 120_000 });
    assert.equal(readFileSync(join(workspaceDir, 'notes', 'hello.txt'), 'utf8'), 'Hello from PTK\n');
    await shot('written');
  });

  it('Stop ends the generation on the site, and the next message still works', async () => {
    await chat().locator('[data-testid="new-conversation"]').click();
    const input = chat().locator('[data-testid="chat-input"]');
    await input.fill('Take your time and think');
    await input.press('Enter');
    await chat().locator('.message.assistant.streaming', { hasText: 'Thinking' }).first().waitFor({ timeout: 60_000 });
    await chat().locator('[data-testid="stop"]').click();
    await chat().locator('[data-testid="notice"]', { hasText: 'Stopped' }).waitFor({ timeout: 30_000 });
    await shot('stopped');
    await input.fill('Say hello again');
    await input.press('Enter');
    await chat().locator('.message.assistant:not(.streaming)', { hasText: 'five.' }).waitFor({ timeout: 120_000 });
    await shot('after-stop');
  });

  it('PTK: Diagnose Site reports the selectors on the live tab and saves a redacted snapshot', async () => {
    await page.keyboard.press('F1');
    await page.locator('.quick-input-widget input').fill('>PTK: Diagnose Site');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'PTK: Diagnose Site' }).first().waitFor({ timeout: 15_000 });
    await page.keyboard.press('Enter');
    const report = page.locator('.monaco-editor .view-lines', { hasText: 'PTK: Diagnose Site' }).first();
    await report.waitFor({ timeout: 90_000 });
    await shot('diagnose-report');
    const text = (await report.innerText()).replace(/\u00a0/g, ' ');
    assert.match(text, /composer\*\* \(page\): matched #0/);
    assert.match(text, /state: ready \(signed in\)/);
    // Markdown editors wrap long lines: the path may span several rendered lines.
    const snapshotPath = /redacted DOM snapshot: (\S+?\.html)/.exec(text.replace(/\n/g, ''))?.[1];
    assert.ok(snapshotPath, 'the report names the snapshot file');
    const snapshot = readFileSync(snapshotPath, 'utf8');
    assert.match(snapshot, /^<!--\n {2}PTK site snapshot\n {2}site: chatgpt/);
    assert.ok(!snapshot.includes('Hello from PTK'), 'the conversation text is redacted');
  });
});

/**
 * One run of the in-VS-Code suite: fresh copy of the sample workspace, fresh code-server
 * with the test build of the extension, Chromium (Playwright) connected to the workbench
 * (code-server starts the extension host only when a client connects), then wait for the
 * suite's result lines. Everything started is stopped; logs and a screenshot go to
 * test-artifacts/vscode/<name>/.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { buildTestExtension } from './buildTestExtension';
import { startCodeServer, type RunningCodeServer } from './codeServer';
import { ARTIFACTS_DIR, REPOSITORY_ROOT, SAMPLE_WORKSPACE_FIXTURE } from './paths';
import { launchWorkbenchBrowser, newWorkbenchPage, WORKBENCH_LOAD_CEILING_MS } from './workbenchBrowser';
import { copyWorkspaceFixture } from './workspaceFixture';
import { removeStateFolder } from './strayProcesses';

/** A line the suite reported (see src/host/vscode/testHook.ts and test/vscode/suite/runner.ts). */
export interface SuiteLine {
  type: 'start' | 'info' | 'plan' | 'test' | 'end' | 'crash';
  name?: string;
  ok?: boolean;
  error?: string;
  message?: string;
  count?: number;
  durationMs?: number;
  [key: string]: unknown;
}

/** Options of runInVSCode. */
export interface RunOptions {
  /** Artifacts sub-folder, e.g. "trusted". */
  name: string;
  /** false: open the workspace in Restricted Mode. */
  trustWorkspace: boolean;
  /** Suite entry (TypeScript). Default test/vscode/suite/index.ts. */
  suiteEntry?: string;
  /** Which suites the entry registers (PTK_TEST_SUITE_NAME); default: by trust. */
  suiteName?: string;
  /** Changes the workspace copy before VS Code opens it; may return user settings to start with. */
  prepare?: (workspaceDir: string) => { userSettings?: Record<string, unknown> } | void;
  /** Also build out/webview.js and out/browser.js (the browser backend). */
  withUi?: boolean;
  /** After the suite, wait (at most 15 s) for a notification holding this text before reading them. */
  awaitNotification?: string;
  /** Longest wait for the whole suite. */
  timeoutMs: number;
  /** Progress lines (the harness prints them as node:test diagnostics). */
  log?: (message: string) => void;
}

/** What a run produced. */
export interface RunOutcome {
  lines: SuiteLine[];
  /** Why the run did not finish normally ('' when it did). */
  problem: string;
  artifactsDir: string;
  /** The text of PTK's output channel (its log file). */
  ptkLog: string;
  /** The messages of the workbench's notifications at the end (toasts and the notification center). */
  notifications: string[];
}

/** The text of every "PTK Assistant" output channel log under VS Code's logs folder. */
function readPtkLog(logsDir: string): string {
  if (!existsSync(logsDir)) return '';
  return readdirSync(logsDir, { recursive: true, encoding: 'utf8' })
    .filter((path) => /PTK Assistant\.log$/.test(path))
    .map((path) => readFileSync(join(logsDir, path), 'utf8'))
    .join('\n');
}

function readLines(resultsFile: string): SuiteLine[] {
  if (!existsSync(resultsFile)) return [];
  return readFileSync(resultsFile, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as SuiteLine];
      } catch {
        return [];
      }
    });
}

/** Marker the suite puts in approval notifications it wants approved by a real click. */
export const APPROVAL_UI_TEST_MARKER = 'PTK_APPROVAL_UI_TEST';

/** Clicks "Approve" on a visible notification carrying the marker (the default approver's UI test). */
async function answerApprovalNotifications(page: Page): Promise<void> {
  const toast = page.locator('.notification-toast', { hasText: APPROVAL_UI_TEST_MARKER });
  if ((await toast.count().catch(() => 0)) === 0) return;
  await toast.first().getByRole('button', { name: 'Approve', exact: true }).click({ timeout: 2_000 }).catch(() => undefined);
}

/** Runs the suite once in a fresh real VS Code. Never throws for a failing suite: see `problem`. */
export async function runInVSCode(options: RunOptions): Promise<RunOutcome> {
  const log = options.log ?? (() => undefined);
  const stateDir = mkdtempSync(join(tmpdir(), `ptk-vscode-${options.name}-`));
  const artifactsDir = join(ARTIFACTS_DIR, options.name);
  rmSync(artifactsDir, { recursive: true, force: true });
  mkdirSync(artifactsDir, { recursive: true });
  const resultsFile = join(stateDir, 'results.jsonl');
  const logFile = join(artifactsDir, 'code-server.log');
  let server: RunningCodeServer | undefined;
  let browser: Browser | undefined;
  let problem = '';
  let notifications: string[] = [];
  const startedAt = Date.now();
  try {
    const workspaceDir = copyWorkspaceFixture(SAMPLE_WORKSPACE_FIXTURE, join(stateDir, 'sample-workspace'));
    const prepared = options.prepare?.(workspaceDir);
    const build = await buildTestExtension(join(stateDir, 'extensions'), options.suiteEntry ?? join(REPOSITORY_ROOT, 'test', 'vscode', 'suite', 'index.ts'), { withUi: options.withUi });
    log(`built the test extension in ${Date.now() - startedAt} ms`);
    server = await startCodeServer({
      workspaceDir,
      stateDir,
      logFile,
      trustWorkspace: options.trustWorkspace,
      userSettings: prepared?.userSettings,
      env: { PTK_TEST_SUITE: build.suitePath, PTK_TEST_RESULTS: resultsFile, PTK_TEST_EXPECT_TRUSTED: String(options.trustWorkspace), PTK_TEST_SUITE_NAME: options.suiteName ?? '' },
    });
    log(`code-server up on port ${server.port} after ${Date.now() - startedAt} ms`);
    browser = await launchWorkbenchBrowser();
    const page = await newWorkbenchPage(browser);
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(server.url, { timeout: WORKBENCH_LOAD_CEILING_MS });
    const deadline = startedAt + options.timeoutMs;
    let lastCount = -1;
    for (;;) {
      const lines = readLines(resultsFile);
      if (lines.length !== lastCount) {
        for (const line of lines.slice(Math.max(lastCount, 0))) if (line.type === 'test') log(`${line.ok ? 'ok' : 'FAILED'} ${line.name} (${line.durationMs} ms)`);
        lastCount = lines.length;
      }
      if (lines.some((line) => line.type === 'end' || line.type === 'crash')) break;
      await answerApprovalNotifications(page);
      if (Date.now() > deadline) {
        problem = lines.length === 0
          ? `The extension never reported (no ${resultsFile} after ${options.timeoutMs} ms): the extension host did not start or the test build did not activate. See ${logFile}.`
          : `The suite did not finish within ${options.timeoutMs} ms.`;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    await page.screenshot({ path: join(artifactsDir, 'workbench.png') }).catch(() => undefined);
    if (options.awaitNotification) {
      // Toasts hide after a while; the notification center keeps every notification.
      await page.keyboard.press('F1');
      await page.locator('.quick-input-widget input').fill('>Notifications: Show Notifications');
      await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Show Notifications' }).first().waitFor();
      await page.keyboard.press('Enter');
      await page.locator('.notifications-center .notification-list-item-message', { hasText: options.awaitNotification }).first().waitFor({ timeout: 15_000 }).catch(() => undefined);
    }
    notifications = await page.locator('.notification-list-item-message').allTextContents().catch(() => []);
    if (pageErrors.length) writeFileSync(join(artifactsDir, 'page-errors.txt'), pageErrors.join('\n'));
  } catch (error) {
    problem = `The run failed before the suite finished: ${(error as Error).stack ?? String(error)}`;
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.stop();
  }
  const lines = readLines(resultsFile);
  const ptkLog = readPtkLog(join(stateDir, 'user-data', 'logs'));
  if (existsSync(resultsFile)) cpSync(resultsFile, join(artifactsDir, 'results.jsonl'));
  const failed = problem !== '' || lines.some((line) => line.type === 'crash' || (line.type === 'test' && !line.ok));
  if (failed) {
    // The VS Code logs (extension host, server) explain most failures.
    const logsDir = join(stateDir, 'user-data', 'logs');
    if (existsSync(logsDir)) cpSync(logsDir, join(artifactsDir, 'vscode-logs'), { recursive: true });
  } else {
    rmSync(logFile, { force: true });
  }
  await removeStateFolder(stateDir);
  log(`run "${options.name}" took ${Date.now() - startedAt} ms`);
  return { lines, problem, artifactsDir, ptkLog, notifications };
}

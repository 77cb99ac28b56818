/**
 * A real VS Code whose extension drives a replica chat site with its real browser backend: the
 * replica site served on 127.0.0.1 (test/browser/replicas), a copy of the sample workspace set to
 * that site (headless Debian Chromium), the test build with the webview and out/browser.js,
 * code-server, and a Playwright page on the workbench once the extension reported ready. The
 * replica site's "model" answers through `responder`, which sees every prompt the site receives.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import type { ReplicaServer } from '../../browser/replicas/server';
import type { ReplicaEarlierTurn, ReplicaTurnScript } from '../../browser/replicas/scenario';
import { buildTestExtension } from './buildTestExtension';
import { startCodeServer, type RunningCodeServer } from './codeServer';
import { findChromium, REPOSITORY_ROOT, SAMPLE_WORKSPACE_FIXTURE } from './paths';
import { launchWorkbenchBrowser, openWorkbenchPage, WORKBENCH_LOAD_CEILING_MS } from './workbenchBrowser';
import { copyWorkspaceFixture } from './workspaceFixture';
import { removeStateFolder } from './strayProcesses';

/** The browser backend's entry; the replica-site tests are skipped without it. */
export const BROWSER_ENTRY = join(REPOSITORY_ROOT, 'src', 'browser', 'index.ts');

/** Options of `startReplicaSiteWorkbench`. */
interface ReplicaSiteWorkbenchOptions {
  /** Screenshots and the code-server log go here (emptied first). */
  artifacts: string;
  /** The replica site's answer to each prompt it receives (`earlier`: the conversation's turns before it). */
  responder: (prompt: string, earlier: readonly ReplicaEarlierTurn[]) => string | ReplicaTurnScript | Promise<string | ReplicaTurnScript>;
  /** Changes to the workspace copy before VS Code opens it. */
  prepareWorkspace?: (workspaceDir: string) => void;
  /** The test suite loaded in the extension host (it reports "ready"). */
  suiteFile: string;
  /** The replica served (a folder of test/browser/replicas/sites); default the ChatGPT replica. */
  replicaSite?: string;
  /** The workbench page's size. Default 1400×900. */
  viewport?: { width: number; height: number };
  /**
   * More sites after the ChatGPT replica, each a replica of its own (ptk.sites lists them in
   * this order, ptk.siteOverrides points each at its replica).
   */
  moreSites?: Array<{ site: 'claude' | 'gemini' | 'deepseek'; responder: ReplicaSiteWorkbenchOptions['responder'] }>;
  /** More user settings (after the harness's own). */
  userSettings?: Record<string, unknown>;
}

/** A running workbench on a replica site. */
export interface ReplicaSiteWorkbench {
  page: Page;
  /** The replica site: what it received (submissions, uploads). */
  replica: ReplicaServer;
  /** The replicas of `moreSites`, by site. */
  moreReplicas: Record<string, ReplicaServer>;
  workspaceDir: string;
  /** The chat view's frame. */
  chat(): FrameLocator;
  shot(name: string): Promise<void>;
  /** Types into the open quick input and picks the row showing `row`. */
  pickInQuickInput(text: string, row: string): Promise<void>;
  /** Opens the PTK chat view from the command palette. */
  openChat(): Promise<void>;
  /** "Developer: Reload Window", resolved once the new extension host reported ready. */
  reloadWindow(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts everything; on failure what was started is stopped before the error is thrown. */
export async function startReplicaSiteWorkbench(options: ReplicaSiteWorkbenchOptions): Promise<ReplicaSiteWorkbench> {
  rmSync(options.artifacts, { recursive: true, force: true });
  mkdirSync(options.artifacts, { recursive: true });
  const stateDir = mkdtempSync(join(tmpdir(), 'ptk-vscode-replica-'));
  let replica: ReplicaServer | undefined;
  const moreReplicas: Record<string, ReplicaServer> = {};
  let server: RunningCodeServer | undefined;
  let browser: Browser | undefined;
  const stop = async () => {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    await replica?.close().catch(() => undefined);
    for (const more of Object.values(moreReplicas)) await more.close().catch(() => undefined);
    // The extension's own Chromium may still be closing its profile in there after code-server stopped.
    await removeStateFolder(stateDir);
  };
  try {
    const { startReplicaServer } = await import('../../browser/replicas/server');
    replica = await startReplicaServer({ site: options.replicaSite ?? 'chatgpt', responder: (prompt, _index, earlier) => options.responder(prompt, earlier) });
    for (const more of options.moreSites ?? []) moreReplicas[more.site] = await startReplicaServer({ site: more.site, responder: (prompt, _index, earlier) => more.responder(prompt, earlier) });
    const sitesSettings = options.moreSites?.length
      ? { 'ptk.sites': ['chatgpt', ...options.moreSites.map((more) => more.site)], 'ptk.siteOverrides': Object.fromEntries(Object.entries(moreReplicas).map(([site, more]) => [site, { url: more.url }])) }
      : {};
    const workspaceDir = copyWorkspaceFixture(SAMPLE_WORKSPACE_FIXTURE, join(stateDir, 'workspace'));
    options.prepareWorkspace?.(workspaceDir);
    const resultsFile = join(stateDir, 'results.jsonl');
    const build = await buildTestExtension(join(stateDir, 'extensions'), options.suiteFile, { withUi: true });
    server = await startCodeServer({
      workspaceDir,
      stateDir,
      logFile: join(options.artifacts, 'code-server.log'),
      env: { PTK_TEST_SUITE: build.suitePath, PTK_TEST_RESULTS: resultsFile, PTK_UI_MODEL: 'browser' },
      // The browser is a user-only setting: a workspace's ptk.browserPath is ignored.
      userSettings: { 'ptk.site': 'chatgpt', 'ptk.siteUrl': replica.url, 'ptk.headless': true, 'ptk.browserPath': findChromium(), ...sitesSettings, ...options.userSettings },
    });
    browser = await launchWorkbenchBrowser();
    const page = await openWorkbenchPage(browser, server.url, options.viewport);
    const readyReports = () => (existsSync(resultsFile) ? readFileSync(resultsFile, 'utf8').split('\n').filter((line) => line.includes('"ready"')).length : 0);
    /** Waits until the test build has reported ready more than `seen` times (each activation reports once). */
    const waitForReady = async (seen: number) => {
      const deadline = Date.now() + WORKBENCH_LOAD_CEILING_MS;
      while (readyReports() <= seen) {
        if (Date.now() > deadline) throw new Error('the test build never reported ready');
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    };
    await waitForReady(0);
    const chat = (): FrameLocator => page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
    const pickInQuickInput = async (text: string, row: string) => {
      await page.locator('.quick-input-widget input').fill(text);
      await page.locator('.quick-input-list .monaco-list-row', { hasText: row }).first().waitFor();
      await page.keyboard.press('Enter');
    };
    return {
      page,
      replica,
      moreReplicas,
      workspaceDir,
      chat,
      shot: (name) => page.screenshot({ path: join(options.artifacts, `${name}.png`) }).then(() => undefined, () => undefined),
      pickInQuickInput,
      openChat: async () => {
        await page.keyboard.press('F1');
        await pickInQuickInput('>PTK: Open Chat', 'PTK: Open Chat');
        await chat().locator('[data-testid="chat-input"]').waitFor();
      },
      reloadWindow: async () => {
        const seen = readyReports();
        await page.keyboard.press('F1');
        await pickInQuickInput('>Developer: Reload Window', 'Developer: Reload Window');
        await waitForReady(seen);
        await page.locator('.monaco-workbench').waitFor();
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

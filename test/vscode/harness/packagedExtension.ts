/**
 * The packaged extension in a real VS Code: `vsce package` (offline) makes the .vsix from the
 * current production build, code-server installs it with --install-extension, and the
 * extension host's log must show it activating without error.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCodeServer } from './codeServer';
import { ARTIFACTS_DIR, CODE_SERVER_PACKAGE, NODE24_BIN, REPOSITORY_ROOT, SAMPLE_WORKSPACE_FIXTURE } from './paths';
import { launchWorkbenchBrowser, newWorkbenchPage, WORKBENCH_LOAD_CEILING_MS } from './workbenchBrowser';
import { copyWorkspaceFixture } from './workspaceFixture';
import { removeStateFolder, stopProcessesUsing } from './strayProcesses';

/** What the packaged-extension check found. */
export interface PackagedOutcome {
  vsixBytes: number;
  /** Files in the .vsix (from vsce ls). */
  installedFiles: string[];
  /** Extension host log lines about our extension. */
  activationLines: string[];
  /** '' when it activated; otherwise why not. */
  problem: string;
  artifactsDir: string;
}

/** Builds the .vsix with vsce (no network), into `outputDir`. Needs out/extension.js (npm run build -- --production). */
export function packageVsix(outputDir: string): string {
  if (!existsSync(join(REPOSITORY_ROOT, 'out', 'extension.js'))) {
    execFileSync(process.execPath, ['esbuild.config.mjs', '--production'], { cwd: REPOSITORY_ROOT, stdio: 'pipe' });
  }
  const vsixPath = join(outputDir, 'ptk-assistant.vsix');
  execFileSync(join(REPOSITORY_ROOT, 'node_modules', '.bin', 'vsce'), ['package', '--allow-missing-repository', '--skip-license', '--no-rewrite-relative-links', '--out', vsixPath], {
    cwd: REPOSITORY_ROOT,
    stdio: 'pipe',
    timeout: 120_000,
  });
  return vsixPath;
}

function findLogFiles(directory: string, fileName: string): string[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory).flatMap((name) => {
    const full = join(directory, name);
    if (statSync(full).isDirectory()) return findLogFiles(full, fileName);
    return name === fileName ? [full] : [];
  });
}

/** Packages, installs and starts the extension; waits for its activation in the extension host log. */
export async function checkPackagedExtension(timeoutMs: number, log: (message: string) => void = () => undefined): Promise<PackagedOutcome> {
  const stateDir = mkdtempSync(join(tmpdir(), 'ptk-vscode-vsix-'));
  const artifactsDir = join(ARTIFACTS_DIR, 'packaged-vsix');
  rmSync(artifactsDir, { recursive: true, force: true });
  mkdirSync(artifactsDir, { recursive: true });
  const outcome: PackagedOutcome = { vsixBytes: 0, installedFiles: [], activationLines: [], problem: '', artifactsDir };
  let stopServer: (() => Promise<void>) | undefined;
  let closeBrowser: (() => Promise<void>) | undefined;
  try {
    const vsixPath = packageVsix(stateDir);
    outcome.vsixBytes = statSync(vsixPath).size;
    log(`packaged ${vsixPath} (${outcome.vsixBytes} bytes)`);
    const extensionsDir = join(stateDir, 'extensions');
    execFileSync(join(NODE24_BIN, 'node'), [join(CODE_SERVER_PACKAGE, 'out', 'node', 'entry.js'), '--extensions-dir', extensionsDir, '--user-data-dir', join(stateDir, 'user-data'), '--install-extension', vsixPath], {
      stdio: 'pipe',
      timeout: 60_000,
      env: { ...process.env, XDG_CONFIG_HOME: join(stateDir, 'xdg-config'), XDG_DATA_HOME: join(stateDir, 'xdg-data') },
    });
    const installedDir = readdirSync(extensionsDir).find((name) => name.startsWith('ptk-assistant.ptk-assistant-'));
    if (!installedDir) throw new Error(`code-server did not install the .vsix into ${extensionsDir}`);
    outcome.installedFiles = readdirSync(join(extensionsDir, installedDir, 'out'));
    const workspaceDir = copyWorkspaceFixture(SAMPLE_WORKSPACE_FIXTURE, join(stateDir, 'sample-workspace'));
    const server = await startCodeServer({ workspaceDir, stateDir, logFile: join(artifactsDir, 'code-server.log') });
    stopServer = server.stop;
    const browser = await launchWorkbenchBrowser();
    closeBrowser = () => browser.close();
    const page = await newWorkbenchPage(browser);
    await page.goto(server.url, { timeout: WORKBENCH_LOAD_CEILING_MS });
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const lines = findLogFiles(join(stateDir, 'user-data', 'logs'), 'remoteexthost.log')
        .flatMap((file) => readFileSync(file, 'utf8').split('\n'))
        .filter((line) => line.includes('ptk-assistant.ptk-assistant'));
      outcome.activationLines = lines;
      if (lines.some((line) => /Activating extension .*ptk-assistant.*failed|Error/i.test(line))) {
        outcome.problem = `The packaged extension failed to activate:\n${lines.join('\n')}`;
        break;
      }
      if (lines.some((line) => line.includes('_doActivateExtension ptk-assistant.ptk-assistant'))) {
        // Give activate() a moment to throw, then look once more.
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        const again = findLogFiles(join(stateDir, 'user-data', 'logs'), 'remoteexthost.log').flatMap((file) => readFileSync(file, 'utf8').split('\n'));
        const failure = again.find((line) => /ptk-assistant/.test(line) && /fail|error/i.test(line));
        if (failure) outcome.problem = `The packaged extension failed to activate: ${failure}`;
        break;
      }
      if (Date.now() > deadline) {
        outcome.problem = `The packaged extension did not activate within ${timeoutMs} ms.`;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    await page.screenshot({ path: join(artifactsDir, 'workbench.png') }).catch(() => undefined);
  } catch (error) {
    outcome.problem = `Packaging or installing failed: ${(error as Error & { stderr?: Buffer }).stderr?.toString() ?? ''}${(error as Error).stack ?? String(error)}`;
  } finally {
    await closeBrowser?.().catch(() => undefined);
    await stopServer?.();
    await stopProcessesUsing(stateDir);
    if (outcome.problem && existsSync(join(stateDir, 'user-data', 'logs'))) cpSync(join(stateDir, 'user-data', 'logs'), join(artifactsDir, 'vscode-logs'), { recursive: true });
    await removeStateFolder(stateDir);
  }
  return outcome;
}

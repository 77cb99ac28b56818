/**
 * Starting and stopping a real VS Code: code-server on Node 24, bound to 127.0.0.1 on a free
 * port, with a fresh user-data dir, its own config file (the user's ~/.config is not touched)
 * and its own process group, so stopping it ends the extension host and every child too.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { CODE_SERVER_PACKAGE, NODE24_BIN } from './paths';

/** Options of startCodeServer. */
export interface CodeServerOptions {
  /** Folder to open. */
  workspaceDir: string;
  /** Fresh dir for user data, extensions, config and logs. */
  stateDir: string;
  /** Where the server's stdout/stderr go. */
  logFile: string;
  /** Extra environment (inherited by the extension host). */
  env?: Record<string, string>;
  /** false opens the folder in Restricted Mode. Default true. */
  trustWorkspace?: boolean;
  /**
   * User settings besides the offline ones (`<user-data-dir>/User/settings.json`): where PTK's
   * user-only settings (`ptk.browserPath`, `ptk.cdpUrl`, …) go, since a workspace cannot set them.
   */
  userSettings?: Record<string, unknown>;
  /** How long to wait for the HTTP server. Default 60 s. */
  startTimeoutMs?: number;
}

/** A running code-server. */
export interface RunningCodeServer {
  /** Workbench URL with the folder opened. */
  url: string;
  port: number;
  extensionsDir: string;
  /** Stops the whole process group (SIGTERM, then SIGKILL after 5 s). */
  stop(): Promise<void>;
}

/**
 * User settings of the test VS Code: nothing phones home (telemetry, update checks, JSON schema
 * downloads, extension gallery), no auto save (tests control saving), no startup editors.
 */
export const OFFLINE_USER_SETTINGS = {
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'json.schemaDownload.enable': false,
  'npm.fetchOnlinePackageInfo': false,
  'typescript.disableAutomaticTypeAcquisition': true,
  'typescript.surveys.enabled': false,
  'workbench.enableExperiments': false,
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'files.autoSave': 'off',
  'files.hotExit': 'off',
  'git.enabled': false,
  'chat.disableAIFeatures': true,
  'security.workspace.trust.startupPrompt': 'never',
  'security.workspace.trust.emptyWindow': false,
};

/** A free TCP port on 127.0.0.1. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForHttp(url: string, timeoutMs: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`code-server exited early with code ${child.exitCode}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not up yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`code-server did not answer ${url} within ${timeoutMs} ms`);
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** Starts code-server and waits until its HTTP server answers. */
export async function startCodeServer(options: CodeServerOptions): Promise<RunningCodeServer> {
  const port = await findFreePort();
  const userDataDir = join(options.stateDir, 'user-data');
  const extensionsDir = join(options.stateDir, 'extensions');
  const configFile = join(options.stateDir, 'config.yaml');
  mkdirSync(join(userDataDir, 'User'), { recursive: true });
  writeFileSync(join(userDataDir, 'User', 'settings.json'), JSON.stringify({ ...OFFLINE_USER_SETTINGS, ...options.userSettings }, null, 2));
  mkdirSync(extensionsDir, { recursive: true });
  writeFileSync(configFile, `bind-addr: 127.0.0.1:${port}\nauth: none\ncert: false\n`);
  const args = [
    join(CODE_SERVER_PACKAGE, 'out', 'node', 'entry.js'),
    '--config', configFile,
    '--auth', 'none',
    '--bind-addr', `127.0.0.1:${port}`,
    '--user-data-dir', userDataDir,
    '--extensions-dir', extensionsDir,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-getting-started-override',
    '--disable-proxy',
    ...(options.trustWorkspace === false ? [] : ['--disable-workspace-trust']),
    options.workspaceDir,
  ];
  const log = createWriteStream(options.logFile);
  const child = spawn(join(NODE24_BIN, 'node'), args, {
    cwd: options.stateDir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PATH: `${NODE24_BIN}:${process.env.PATH ?? ''}`,
      XDG_CONFIG_HOME: join(options.stateDir, 'xdg-config'),
      XDG_DATA_HOME: join(options.stateDir, 'xdg-data'),
      XDG_CACHE_HOME: join(options.stateDir, 'xdg-cache'),
      ...options.env,
    },
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // If the harness itself is interrupted, do not leave a server (and its extension host) behind.
  const killOnExit = (): void => killGroup(child, 'SIGKILL');
  process.once('exit', killOnExit);
  const stop = async (): Promise<void> => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      killGroup(child, 'SIGTERM');
      const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    // Children that outlived the server (extension host, language servers) die with the group.
    killGroup(child, 'SIGKILL');
    await new Promise<void>((resolve) => log.end(resolve));
  };
  try {
    await waitForHttp(`http://127.0.0.1:${port}/healthz`, options.startTimeoutMs ?? 60_000, child);
  } catch (error) {
    await stop();
    throw error;
  }
  const url = `http://127.0.0.1:${port}/?folder=${encodeURIComponent(options.workspaceDir)}`;
  return { url, port, extensionsDir, stop };
}

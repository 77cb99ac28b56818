/**
 * Where the real-VS-Code test tools live (installed by scripts/setup-vscode.sh) and where the
 * harness puts its artifacts.
 */
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/** Repository root. */
export const REPOSITORY_ROOT = resolve(__dirname, '..', '..', '..');

/** The shared tools dir (same default as scripts/setup-vscode.sh). */
export const TOOLS_DIR = process.env.PTK_TOOLS_DIR ?? join(homedir(), '.cache', 'ptk-assistant-tools');

/** Node 24's bin dir (code-server needs Node 24). */
export const NODE24_BIN = join(TOOLS_DIR, 'node24', 'node_modules', 'node', 'bin');

/** The code-server package dir. */
export const CODE_SERVER_PACKAGE = join(TOOLS_DIR, 'code-server', 'node_modules', 'code-server');

/** Screenshots, logs and results of the last run. */
export const ARTIFACTS_DIR = join(REPOSITORY_ROOT, 'test-artifacts', 'vscode');

/** The sample workspace copied for each run. */
export const SAMPLE_WORKSPACE_FIXTURE = join(REPOSITORY_ROOT, 'test', 'vscode', 'fixtures', 'sample-workspace');

/** A Chromium for Playwright: PTK_CHROMIUM_PATH, else Debian's, else Chrome. */
export function findChromium(): string | undefined {
  const candidates = [process.env.PTK_CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];
  return candidates.find((candidate): candidate is string => !!candidate && existsSync(candidate));
}

/** What is missing to run the real-VS-Code tests ('' when nothing). */
export function missingTools(): string {
  const missing: string[] = [];
  if (!existsSync(join(NODE24_BIN, 'node'))) missing.push(`Node 24 (${NODE24_BIN}/node)`);
  if (!existsSync(join(CODE_SERVER_PACKAGE, 'out', 'node', 'entry.js'))) missing.push(`code-server (${CODE_SERVER_PACKAGE})`);
  if (!findChromium()) missing.push('Chromium (/usr/bin/chromium)');
  return missing.length ? `${missing.join(', ')} not found: run bash scripts/setup.sh (or scripts/setup-vscode.sh)` : '';
}

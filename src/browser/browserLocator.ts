/**
 * Finds the browser to drive: the path from the setting first, then Chrome, Edge and Chromium
 * in their usual places per OS (Debian's /usr/bin/chromium included). Pure apart from the
 * injectable `exists` check, so it is tested for every OS in plain Node.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { LLMBackendError, PTKErrorCode } from '../core/errors';

interface LocateBrowserOptions {
  /** The user's setting (ptk.browserPath / --browser). */
  browserPath?: string;
  platform?: NodeJS.Platform;
  env?: Record<string, string | undefined>;
  exists?: (candidate: string) => boolean;
}

/** Usual install locations, in preference order: Chrome, Edge, Chromium. */
export function browserCandidates(platform: NodeJS.Platform, env: Record<string, string | undefined>): string[] {
  if (platform === 'win32') {
    const roots = [env.PROGRAMFILES ?? 'C:\\Program Files', env['PROGRAMFILES(X86)'] ?? 'C:\\Program Files (x86)', env.LOCALAPPDATA].filter((root): root is string => Boolean(root));
    const join = path.win32.join;
    return [
      ...roots.map((root) => join(root, 'Google', 'Chrome', 'Application', 'chrome.exe')),
      ...roots.map((root) => join(root, 'Microsoft', 'Edge', 'Application', 'msedge.exe')),
      ...roots.map((root) => join(root, 'Chromium', 'Application', 'chrome.exe')),
    ];
  }
  if (platform === 'darwin') {
    const home = env.HOME ?? '';
    const apps = ['/Applications', ...(home ? [path.posix.join(home, 'Applications')] : [])];
    return [
      ...apps.map((root) => `${root}/Google Chrome.app/Contents/MacOS/Google Chrome`),
      ...apps.map((root) => `${root}/Microsoft Edge.app/Contents/MacOS/Microsoft Edge`),
      ...apps.map((root) => `${root}/Chromium.app/Contents/MacOS/Chromium`),
    ];
  }
  return [
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    '/opt/google/chrome/chrome',
    '/usr/bin/microsoft-edge',
    '/usr/bin/microsoft-edge-stable',
    '/opt/microsoft/msedge/msedge',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/snap/bin/chromium',
  ];
}

/** The executable to launch; BROWSER_NOT_FOUND (saying what to do) when there is none. */
export function locateBrowser(options: LocateBrowserOptions = {}): string {
  const exists = options.exists ?? existsSync;
  const platform = options.platform ?? process.platform;
  const env = options.env ?? process.env;
  if (options.browserPath) {
    if (exists(options.browserPath)) return options.browserPath;
    throw new LLMBackendError(
      `The browser set in ptk.browserPath (--browser) does not exist: ${options.browserPath}. Fix the path, or clear the setting to use Chrome, Edge or Chromium from their usual places.`,
      { code: PTKErrorCode.BROWSER_NOT_FOUND, recoverable: false, context: { browserPath: options.browserPath } },
    );
  }
  const candidates = browserCandidates(platform, env);
  const found = candidates.find((candidate) => exists(candidate));
  if (found) return found;
  const install = platform === 'linux' ? ' (on Debian/Ubuntu: sudo apt-get install chromium)' : '';
  throw new LLMBackendError(
    `No Chrome, Edge or Chromium found. Install one${install}, or set ptk.browserPath (CLI: --browser PATH) to its executable, or start a browser with --remote-debugging-port=9222 --user-data-dir=<a folder> and set ptk.cdpUrl (CLI: --cdp http://127.0.0.1:9222). Looked in: ${candidates.join(', ')}.`,
    { code: PTKErrorCode.BROWSER_NOT_FOUND, recoverable: false, context: { candidates } },
  );
}

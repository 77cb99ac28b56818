/**
 * The browser side of the backend: launches (or attaches to) a browser, owns one context (one
 * profile, one sign-in) and the chat tabs opened in it, installs the page runtime and the
 * snapshot binding on the context (each report names the page it came from), and tells a
 * crashed or closed tab from a live one. Which call gets which tab is the tab pool's business.
 *
 * - profileDir set: a persistent context in that folder (the user logs in once, stays logged in);
 * - cdpUrl set: connectOverCDP to a browser the user started with --remote-debugging-port;
 * - `browser` given (tests, benchmarks): a fresh context in that already-launched browser;
 * - otherwise: a launched browser with a throw-away context.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LLMBackendError, PTKErrorCode, errorMessage } from '../core/errors';
import { locateBrowser } from './browserLocator';
import { buildPageScript } from './page/pageRuntime';

export interface BrowserSessionOptions {
  browserPath?: string;
  headless?: boolean;
  cdpUrl?: string;
  profileDir?: string;
  /** An already-launched browser to open a context in (closed by its owner, not by the session). */
  browser?: Browser;
  /** Extra command-line flags for a launched browser. */
  launchArgs?: string[];
  /** Called with every payload the page runtime reports. */
  onReport: (page: Page, payload: unknown) => void;
}

/** Flags for a launched browser; --no-sandbox only when running as root (it refuses otherwise). */
export function defaultLaunchArgs(): string[] {
  const args = ['--no-first-run', '--no-default-browser-check', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
  if (typeof process.getuid === 'function' && process.getuid() === 0) args.push('--no-sandbox');
  return args;
}

export class BrowserSession {
  /** Name of the binding the page runtime reports through (unique per session). */
  readonly bindingName = `__ptkReport_${Math.random().toString(36).slice(2, 10)}`;
  private browser: Browser | undefined;
  private context: BrowserContext | undefined;
  /** The tabs opened by the session (a pool leases them). */
  private readonly pages = new Set<Page>();
  private readonly crashed = new WeakSet<Page>();
  private opening: Promise<BrowserContext> | undefined;
  private ownsBrowser = false;
  private ownsContext = true;

  constructor(private readonly options: BrowserSessionOptions) {}

  /** The context, launched / attached on first use. */
  async getContext(): Promise<BrowserContext> {
    if (this.context) return this.context;
    this.opening ??= this.open().catch((error: unknown) => {
      this.opening = undefined;
      throw error;
    });
    return this.opening;
  }

  private async open(): Promise<BrowserContext> {
    const playwright = await loadPlaywright();
    const chromium = playwright.chromium;
    let context: BrowserContext;
    if (this.options.browser) {
      this.browser = this.options.browser;
      context = await this.browser.newContext({ permissions: [] });
    } else if (this.options.cdpUrl) {
      try {
        this.browser = await chromium.connectOverCDP(this.options.cdpUrl);
      } catch (error) {
        throw new LLMBackendError(
          `Cannot attach to the browser at ${this.options.cdpUrl}: ${errorMessage(error)}. Start it with --remote-debugging-port=9222 --user-data-dir=<its own folder> (since Chrome 136 the default profile refuses debugging), or clear ptk.cdpUrl to let PTK launch its own.`,
          { code: PTKErrorCode.BROWSER_LAUNCH_FAILED, cause: error, context: { cdpUrl: this.options.cdpUrl } },
        );
      }
      this.ownsBrowser = false;
      this.ownsContext = false;
      context = this.browser.contexts()[0] ?? (await this.browser.newContext());
    } else {
      const executablePath = locateBrowser({ browserPath: this.options.browserPath });
      const args = [...defaultLaunchArgs(), ...(this.options.launchArgs ?? [])];
      try {
        if (this.options.profileDir) {
          context = await chromium.launchPersistentContext(this.options.profileDir, { executablePath, headless: this.options.headless ?? false, args, viewport: null });
        } else {
          this.browser = await chromium.launch({ executablePath, headless: this.options.headless ?? false, args });
          this.ownsBrowser = true;
          context = await this.browser.newContext();
        }
      } catch (error) {
        // A window needs a display: without one (a server, a container) that is the cause, not the profile.
        const noDisplay = !(this.options.headless ?? false) && process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY;
        const hint = noDisplay
          ? ' This machine has no display for a browser window: set ptk.headless to true in your user settings, or start VS Code where a desktop runs.'
          : this.options.profileDir
            ? ` If another browser window already uses the profile ${this.options.profileDir}, close it first.`
            : '';
        throw new LLMBackendError(`Could not start the browser ${executablePath}: ${errorMessage(error).split('\n')[0]}.${hint}`, {
          code: PTKErrorCode.BROWSER_LAUNCH_FAILED,
          cause: error,
          context: { executablePath },
        });
      }
    }
    await context.exposeBinding(this.bindingName, (source: { page: Page }, payload: unknown) => {
      this.options.onReport(source.page, payload);
    });
    await context.addInitScript({ content: buildPageScript() });
    // The user closed the browser window (or it crashed): the next tab opens a new one.
    context.on('close', () => this.forget(context));
    this.context = context;
    return context;
  }

  /** Drops a context that closed under the session (its tabs went with it), so getContext opens a new one. */
  private forget(context: BrowserContext): void {
    if (this.context !== context) return;
    this.context = undefined;
    this.opening = undefined;
    this.pages.clear();
    if (this.ownsBrowser) this.browser = undefined;
  }

  /**
   * True when the browser window of `page` (its context) was closed, not only the tab: the
   * context is not the session's any more, or the browser refuses to answer for it. Asked of the
   * browser, so the answer does not depend on which close event reached us first.
   */
  async windowClosed(page: Page): Promise<boolean> {
    if (this.context !== page.context()) return true;
    try {
      await page.context().cookies('http://127.0.0.1/');
      return false;
    } catch {
      return true;
    }
  }

  /** True when `page` is one of the session's tabs and usable (not closed, not crashed). */
  isAlive(page: Page): boolean {
    return this.pages.has(page) && !page.isClosed() && !this.crashed.has(page);
  }

  /** The tabs the session opened that are still open. */
  get openPages(): Page[] {
    return [...this.pages].filter((page) => !page.isClosed());
  }

  /** A new tab in the session's context (same profile, same sign-in), with the page runtime in it. */
  async newPage(): Promise<Page> {
    const context = await this.getContext();
    const page = await context.newPage();
    this.pages.add(page);
    page.on('crash', () => this.crashed.add(page));
    page.on('close', () => this.pages.delete(page));
    await page.evaluate(buildPageScript()).catch(() => undefined);
    return page;
  }

  /** Closes one tab (a crashed one too). */
  async closePage(page: Page): Promise<void> {
    this.pages.delete(page);
    if (!page.isClosed()) await page.close().catch(() => undefined);
  }

  /** Closes what the session opened (its own browser, or its context in a shared browser). */
  async close(): Promise<void> {
    const context = this.context;
    const pages = [...this.pages];
    this.pages.clear();
    this.context = undefined;
    this.opening = undefined;
    if (!this.ownsContext) await Promise.all(pages.map((page) => page.close().catch(() => undefined))); // our tabs in the user's browser
    if (this.ownsBrowser && this.browser) {
      await this.browser.close().catch(() => undefined);
    } else if (context && this.ownsContext) {
      await context.close().catch(() => undefined);
    } else if (this.browser && !this.options.browser) {
      // Attached over CDP: leave the user's browser running, just disconnect.
      await this.browser.close().catch(() => undefined);
    }
    this.browser = undefined;
  }
}

/** playwright-core, loaded lazily (the extension bundles it as external). */
export async function loadPlaywright(): Promise<typeof import('playwright-core')> {
  try {
    return await import('playwright-core');
  } catch (error) {
    throw new LLMBackendError(`The browser backend needs the playwright-core package: ${errorMessage(error)}.`, { code: PTKErrorCode.BROWSER_LAUNCH_FAILED, cause: error, recoverable: false });
  }
}

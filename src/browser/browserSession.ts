/**
 * The browser side of the backend: launches (or attaches to) a browser, owns one context and
 * one chat tab, installs the page runtime and the snapshot binding on the context, and
 * replaces the tab when it crashed or was closed.
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
  private currentPage: Page | undefined;
  private crashed = false;
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
          PTKErrorCode.BROWSER_LAUNCH_FAILED,
          { cause: error, context: { cdpUrl: this.options.cdpUrl } },
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
        const profileHint = this.options.profileDir ? ` If another browser window already uses the profile ${this.options.profileDir}, close it first.` : '';
        throw new LLMBackendError(`Could not start the browser ${executablePath}: ${errorMessage(error).split('\n')[0]}.${profileHint}`, PTKErrorCode.BROWSER_LAUNCH_FAILED, {
          cause: error,
          context: { executablePath },
        });
      }
    }
    await context.exposeBinding(this.bindingName, (source: { page: Page }, payload: unknown) => {
      this.options.onReport(source.page, payload);
    });
    await context.addInitScript({ content: buildPageScript() });
    this.context = context;
    return context;
  }

  /** True when the current tab is usable. */
  get pageAlive(): boolean {
    return this.currentPage !== undefined && !this.currentPage.isClosed() && !this.crashed;
  }

  /** The current tab, or undefined. */
  get page(): Page | undefined {
    return this.currentPage;
  }

  /** The chat tab: the current one, or a new one when there is none or it crashed / closed. */
  async getPage(): Promise<{ page: Page; replaced: boolean }> {
    if (this.pageAlive) return { page: this.currentPage!, replaced: false };
    const hadPage = this.currentPage !== undefined;
    if (this.currentPage && !this.currentPage.isClosed()) await this.currentPage.close().catch(() => undefined);
    const context = await this.getContext();
    const page = await context.newPage();
    this.crashed = false;
    page.on('crash', () => {
      this.crashed = true;
    });
    await page.evaluate(buildPageScript()).catch(() => undefined);
    this.currentPage = page;
    return { page, replaced: hadPage };
  }

  /** Closes what the session opened (its own browser, or its context in a shared browser). */
  async close(): Promise<void> {
    const context = this.context;
    const page = this.currentPage;
    this.context = undefined;
    this.opening = undefined;
    this.currentPage = undefined;
    if (!this.ownsContext && page && !page.isClosed()) await page.close().catch(() => undefined); // our tab in the user's browser
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
async function loadPlaywright(): Promise<typeof import('playwright-core')> {
  try {
    return await import('playwright-core');
  } catch (error) {
    throw new LLMBackendError(`The browser backend needs the playwright-core package: ${errorMessage(error)}.`, PTKErrorCode.BROWSER_LAUNCH_FAILED, { cause: error, recoverable: false });
  }
}

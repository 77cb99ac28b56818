/**
 * The web tools' browser (the WebPagePort of src/core/webPage.ts): its own Chromium, launched
 * headless on first use (or a context in a browser it is given: tests), with one fresh
 * non-persistent context. It never opens the chat profile (a persistent context of another
 * browser process), so no cookie or storage of the signed-in chat sites is ever in it.
 *
 * Every navigation request of its pages (a link, a form, a redirect, a script) goes through the
 * guard the tool passes (route); one that ends on a URL the guard refuses anyway (a redirect the
 * route did not see) leaves the page on about:blank and fails the step with URL_NOT_ALLOWED. The
 * browser tool keeps one page between calls; each step reports the console errors and failed
 * requests since the step before.
 */
import type { Browser, BrowserContext, Locator, Page, Request, Route } from 'playwright-core';
import { errorMessage, PTKErrorCode, ToolExecutionError } from '../../core/errors';
import type { ElementTarget, FailedRequest, FetchedPage, WebPagePort, WebPageStep, WebPageView, WebStepOptions } from '../../core/webPage';
import { locateBrowser } from '../browserLocator';
import { defaultLaunchArgs, loadPlaywright } from '../browserSession';
import { domToMarkdown } from '../page/domToMarkdown';
import { pageCall } from '../page/pageScript';
import { readPage, type PageReading, type PageReadingPieces } from './pageReading';

export interface IsolatedWebBrowserOptions {
  /** A browser to open the context in (tests); closed by its owner. Absent: one is launched. */
  browser?: Browser;
  browserPath?: string;
  /** Default true: the tools' pages need no window. */
  headless?: boolean;
  launchArgs?: string[];
}

/** After a load, how long the page may keep fetching before it is read anyway (a JS-rendered page fills in meanwhile). */
const SETTLE_MS = 5_000;
/** Most controls listed per read. */
const MAX_CONTROLS = 60;
/** Events kept per page between two steps (the tool shows the latest). */
const MAX_EVENTS = 500;

const READING_PIECES: PageReadingPieces = { domToMarkdown };

/** What a page reported since the last step. */
interface PageEvents {
  consoleErrors: string[];
  failedRequests: FailedRequest[];
  /** A navigation the guard blocked. */
  blocked?: string;
  guard: (url: string) => boolean;
}

function push<T>(list: T[], item: T): void {
  list.push(item);
  if (list.length > MAX_EVENTS) list.shift();
}

/** Chromium's network errors a user meets most, in words (the code stays in the message). */
const NETWORK_ERRORS: ReadonlyArray<[code: string, words: (host: string) => string]> = [
  ['ERR_NAME_NOT_RESOLVED', (host) => `the name ${host} could not be found (offline, or a typo?)`],
  ['ERR_INTERNET_DISCONNECTED', () => 'this machine is offline'],
  ['ERR_CONNECTION_REFUSED', (host) => `nothing answers at ${host} (is the server running?)`],
  ['ERR_CONNECTION_TIMED_OUT', (host) => `${host} did not answer in time`],
  ['ERR_TIMED_OUT', (host) => `${host} did not answer in time`],
  ['ERR_CERT_', (host) => `${host}'s certificate is not valid`],
];

/** Why `url` did not load, in words: Chromium's error code named, Playwright's call and the repeated address left out. */
function loadFailure(url: string, error: unknown): string {
  const first = errorMessage(error).split('\n')[0]!;
  const code = /net::(ERR_[A-Z_]+)/.exec(first)?.[1];
  let host = url;
  try {
    host = new URL(url).host;
  } catch {
    // Not a URL: named as given.
  }
  const known = code && NETWORK_ERRORS.find(([prefix]) => code.startsWith(prefix));
  if (known) return `${known[1](host)} (${code})`;
  return first.replace(/^[\w.]+: /, '').replace(/ at \S+$/, '');
}

function pageLoadFailed(url: string, error: unknown): ToolExecutionError {
  return new ToolExecutionError(`${url} did not load: ${loadFailure(url, error)}`, { code: PTKErrorCode.PAGE_LOAD_FAILED, cause: error, context: { url } });
}

function blockedNavigation(url: string): ToolExecutionError {
  return new ToolExecutionError(
    `The page tried to go to ${url}, which the web tools may not open (not http(s), a chat site, or a host the user did not approve for this page): it was stopped. Open it with action "open" to ask the user.`,
    { code: PTKErrorCode.URL_NOT_ALLOWED, context: { url } },
  );
}

export class IsolatedWebBrowser implements WebPagePort {
  private browser: Browser | undefined;
  private ownsBrowser = false;
  private context: Promise<BrowserContext> | undefined;
  /** The browser tool's page, kept between calls. */
  private page: Page | undefined;
  private readonly events = new WeakMap<Page, PageEvents>();

  constructor(private readonly options: IsolatedWebBrowserOptions = {}) {}

  async step(step: WebPageStep, options: WebStepOptions): Promise<WebPageView> {
    if (step.kind === 'open') {
      const page = this.page && !this.page.isClosed() ? this.page : (this.page = await this.newPage(options.navigationAllowed));
      const events = this.eventsOf(page);
      events.guard = options.navigationAllowed;
      this.takeEvents(page);
      const status = await this.load(page, step.url, options.timeoutMs);
      return this.view(page, options, status);
    }
    const page = this.page;
    if (!page || page.isClosed()) throw new ToolExecutionError(`No page is open: call the browser tool with action "open" and a url first.`, { code: PTKErrorCode.INVALID_TOOL_CALL });
    this.eventsOf(page).guard = options.navigationAllowed;
    if (step.kind === 'click') {
      const element = await this.find(page, step.target, 'click', options.timeoutMs);
      await element.click({ timeout: options.timeoutMs }).catch((error: unknown) => this.throwBlockedOr(page, error));
      await this.settle(page, options.timeoutMs);
    } else if (step.kind === 'type') {
      const element = await this.find(page, step.target, 'type', options.timeoutMs);
      await element.fill(step.value, { timeout: options.timeoutMs }).catch((error: unknown) => {
        throw new ToolExecutionError(`Could not type into ${describeTarget(step.target)}: ${errorMessage(error).split('\n')[0]}`, { code: PTKErrorCode.ELEMENT_NOT_FOUND, cause: error });
      });
    } else if (step.kind === 'wait') {
      try {
        await page.locator(step.selector).first().waitFor({ state: 'visible', timeout: options.timeoutMs });
      } catch (error) {
        throw new ToolExecutionError(`"${step.selector}" did not show within ${Math.round(options.timeoutMs / 1000)} s: ${errorMessage(error).split('\n')[0]}`, { code: PTKErrorCode.ELEMENT_NOT_FOUND, cause: error, context: { selector: step.selector } });
      }
    }
    this.checkWhereItIs(page);
    return this.view(page, options);
  }

  async fetch(url: string, options: Omit<WebStepOptions, 'screenshot'>): Promise<FetchedPage> {
    const page = await this.newPage(options.navigationAllowed);
    try {
      const status = await this.load(page, url, options.timeoutMs);
      const reading = await this.read(page);
      return { url: page.url(), title: reading.title, ...(status === undefined ? {} : { status }), markdown: reading.markdown };
    } finally {
      await page.close().catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    const context = this.context;
    this.context = undefined;
    this.page = undefined;
    if (this.ownsBrowser) await this.browser?.close().catch(() => undefined);
    else if (context) await (await context.catch(() => undefined))?.close().catch(() => undefined);
    this.browser = undefined;
  }

  /** The isolated context, made on first use. */
  private contextNow(): Promise<BrowserContext> {
    this.context ??= this.openContext().catch((error: unknown) => {
      this.context = undefined;
      throw error;
    });
    return this.context;
  }

  private async openContext(): Promise<BrowserContext> {
    if (this.options.browser) {
      this.browser = this.options.browser;
    } else {
      const { chromium } = await loadPlaywright();
      const executablePath = locateBrowser({ browserPath: this.options.browserPath });
      try {
        this.browser = await chromium.launch({ executablePath, headless: this.options.headless ?? true, args: [...defaultLaunchArgs(), ...(this.options.launchArgs ?? [])] });
      } catch (error) {
        throw new ToolExecutionError(`Could not start the browser ${executablePath}: ${errorMessage(error).split('\n')[0]}`, { code: PTKErrorCode.BROWSER_LAUNCH_FAILED, cause: error });
      }
      this.ownsBrowser = true;
    }
    // A fresh context: no cookie, no storage, no service worker of any other context; no downloads.
    const context = await this.browser.newContext({ acceptDownloads: false, serviceWorkers: 'block', permissions: [] });
    await context.route('**/*', (route) => this.routeRequest(route));
    return context;
  }

  /**
   * Lets a request through unless it navigates somewhere its page's guard refuses. A navigation
   * is fetched here without following redirects, so a redirect's target is guarded before the
   * browser goes there (a route never sees the requests a redirect makes on its own).
   */
  private async routeRequest(route: Route): Promise<void> {
    const request = route.request();
    if (!request.isNavigationRequest()) {
      await route.fallback().catch(() => undefined);
      return;
    }
    const events = this.eventsOfRequest(request);
    // A frame inside the page (an embedded video, a widget) that may not load is a failed request; the page's own navigation fails the step.
    const mainFrame = isMainFrame(request);
    const block = async (url: string): Promise<void> => {
      if (events) {
        if (mainFrame) events.blocked = url;
        push(events.failedRequests, { url, reason: `blocked: the web tools may not open this address${mainFrame ? '' : ' (a frame of the page)'}` });
      }
      await route.abort('blockedbyclient').catch(() => undefined);
    };
    if (!events || !events.guard(request.url())) return block(request.url());
    let response;
    try {
      response = await route.fetch({ maxRedirects: 0 });
    } catch {
      // No answer (refused, reset): the browser's own attempt reports the failure.
      await route.fallback().catch(() => undefined);
      return;
    }
    const location = response.headers()['location'];
    if (response.status() >= 300 && response.status() < 400 && location) {
      let target: string;
      try {
        target = new URL(location, request.url()).href;
      } catch {
        return block(location);
      }
      if (!events.guard(target)) return block(target);
    }
    await route.fulfill({ response }).catch(() => undefined);
  }

  private eventsOfRequest(request: Request): PageEvents | undefined {
    try {
      return this.events.get(request.frame().page());
    } catch {
      return undefined;
    }
  }

  private async newPage(guard: (url: string) => boolean): Promise<Page> {
    const context = await this.contextNow();
    const page = await context.newPage();
    const events: PageEvents = { consoleErrors: [], failedRequests: [], guard };
    this.events.set(page, events);
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const location = message.location();
      push(events.consoleErrors, `${message.text()}${location.url ? ` (${location.url}${location.lineNumber ? `:${location.lineNumber}` : ''})` : ''}`);
    });
    page.on('pageerror', (error) => push(events.consoleErrors, `Uncaught ${error.name}: ${error.message}`));
    page.on('requestfailed', (request) => {
      const reason = request.failure()?.errorText ?? 'failed';
      // A navigation the guard stopped is already reported as blocked.
      if (reason.includes('ERR_BLOCKED_BY_CLIENT') && events.failedRequests.some((failed) => failed.url === request.url() && failed.reason.startsWith('blocked'))) return;
      push(events.failedRequests, { url: request.url(), reason });
    });
    page.on('response', (response) => {
      if (response.status() >= 400) push(events.failedRequests, { url: response.url(), reason: `${response.status()} ${response.statusText()}`.trim() });
    });
    return page;
  }

  private eventsOf(page: Page): PageEvents {
    const events = this.events.get(page);
    if (!events) throw new ToolExecutionError('The page is not one of the web tools\' pages.', { code: PTKErrorCode.TOOL_EXECUTION_FAILED });
    return events;
  }

  /** The page's events since the last take, cleared. */
  private takeEvents(page: Page): { consoleErrors: string[]; failedRequests: FailedRequest[] } {
    const events = this.eventsOf(page);
    const taken = { consoleErrors: events.consoleErrors.splice(0), failedRequests: events.failedRequests.splice(0) };
    return taken;
  }

  /** Navigates and waits for the load (and briefly for the network to go quiet); the document's status. */
  private async load(page: Page, url: string, timeoutMs: number): Promise<number | undefined> {
    const events = this.eventsOf(page);
    events.blocked = undefined;
    let status: number | undefined;
    try {
      const response = await page.goto(url, { waitUntil: 'load', timeout: timeoutMs });
      status = response?.status();
    } catch (error) {
      this.throwBlockedOr(page, error, url);
    }
    await this.settle(page, timeoutMs);
    this.checkWhereItIs(page);
    return status;
  }

  /** A blocked navigation's error when the guard stopped one; else the page-load error. */
  private throwBlockedOr(page: Page, error: unknown, url?: string): never {
    const blocked = this.events.get(page)?.blocked;
    if (blocked) throw blockedNavigation(blocked);
    if (url === undefined) throw new ToolExecutionError(`The click failed: ${errorMessage(error).split('\n')[0]}`, { code: PTKErrorCode.ELEMENT_NOT_FOUND, cause: error });
    throw pageLoadFailed(url, error);
  }

  /** Waits for a load the step may have started, then for the network to go quiet (at most SETTLE_MS). */
  private async settle(page: Page, timeoutMs: number): Promise<void> {
    await page.waitForLoadState('load', { timeout: timeoutMs }).catch(() => undefined);
    await page.waitForLoadState('networkidle', { timeout: Math.min(SETTLE_MS, timeoutMs) }).catch(() => undefined);
  }

  /** A page that ended where its guard refuses (a redirect the route did not see) goes to about:blank, and the step fails. */
  private checkWhereItIs(page: Page): void {
    const events = this.eventsOf(page);
    const url = page.url();
    if (events.blocked) {
      const blocked = events.blocked;
      events.blocked = undefined;
      throw blockedNavigation(blocked);
    }
    if (url === 'about:blank' || events.guard(url)) return;
    void page.goto('about:blank').catch(() => undefined);
    throw blockedNavigation(url);
  }

  private async read(page: Page): Promise<PageReading> {
    try {
      return (await page.evaluate(pageCall(readPage, [MAX_CONTROLS], READING_PIECES))) as PageReading;
    } catch (error) {
      throw new ToolExecutionError(`Could not read ${page.url()}: ${errorMessage(error).split('\n')[0]}`, { code: PTKErrorCode.PAGE_LOAD_FAILED, cause: error });
    }
  }

  private async view(page: Page, options: Pick<WebStepOptions, 'screenshot' | 'timeoutMs'>, status?: number): Promise<WebPageView> {
    const reading = await this.read(page);
    const screenshot = options.screenshot ? new Uint8Array(await page.screenshot({ type: 'png', timeout: options.timeoutMs })) : undefined;
    return {
      url: page.url(),
      title: reading.title,
      ...(status === undefined ? {} : { status }),
      markdown: reading.markdown,
      controls: reading.controls,
      ...this.takeEvents(page),
      ...(screenshot ? { screenshot } : {}),
    };
  }

  /** The element a click or a type names: by selector, or by its visible text (a button's or link's name, a label, a placeholder, any text). */
  private async find(page: Page, target: ElementTarget, purpose: 'click' | 'type', timeoutMs: number): Promise<Locator> {
    const candidates: Locator[] =
      'selector' in target
        ? [page.locator(target.selector)]
        : purpose === 'type'
          ? [page.getByLabel(target.text), page.getByPlaceholder(target.text), page.getByRole('textbox', { name: target.text })]
          : [page.getByRole('button', { name: target.text }), page.getByRole('link', { name: target.text }), page.getByText(target.text, { exact: true }), page.getByText(target.text)];
    const deadline = Date.now() + Math.min(timeoutMs, SETTLE_MS);
    for (;;) {
      for (const candidate of candidates) {
        const visible = candidate.filter({ visible: true });
        if ((await visible.count().catch(() => 0)) > 0) return visible.first();
      }
      if (Date.now() > deadline) break;
      await page.waitForTimeout(100);
    }
    throw new ToolExecutionError(`No ${describeTarget(target)} to ${purpose} on ${page.url()}. The page's controls are listed in "controls" of the last result.`, {
      code: PTKErrorCode.ELEMENT_NOT_FOUND,
      context: { target },
    });
  }
}

/** True when the request navigates the page itself, not a frame inside it. */
function isMainFrame(request: Request): boolean {
  try {
    return request.frame().parentFrame() === null;
  } catch {
    return true;
  }
}

function describeTarget(target: ElementTarget): string {
  return 'selector' in target ? `element matching "${target.selector}"` : `element with the text "${target.text}"`;
}

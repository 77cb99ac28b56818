/**
 * The port through which the web tools (browser, fetch_url) reach a browser: pages open in a
 * context of their own, never the signed-in chat profile's (no cookie, no storage of it).
 * src/browser implements it with Playwright; the tools (src/tools/web) decide which URLs may be
 * opened and ask the user, so the port only opens what it is given and guards navigations with
 * the function it is passed.
 */

/** A request of the page that failed: no answer (a refused connection, a blocked navigation) or an HTTP error status. */
export interface FailedRequest {
  url: string;
  /** "404 Not Found", "net::ERR_CONNECTION_REFUSED", "blocked: …". */
  reason: string;
}

/** What the browser tool sees of its page after a step. */
export interface WebPageView {
  url: string;
  title: string;
  /** The HTTP status of the last navigation's document, when this step navigated. */
  status?: number;
  /** The page's text as markdown (the one DOM → markdown converter of the chat pages). */
  markdown: string;
  /** The buttons, fields and links a click or a type can name ("button: Save"), which the markdown leaves out. */
  controls: string[];
  /** Console errors and uncaught exceptions since the previous step. */
  consoleErrors: string[];
  /** Failed requests since the previous step. */
  failedRequests: FailedRequest[];
  /** A PNG of the viewport, when asked for. */
  screenshot?: Uint8Array;
}

/** Where an element is: its visible text (a label, a placeholder, a button's name), or a CSS selector. */
export type ElementTarget = { text: string } | { selector: string };

/** One step of the browser tool on its page. */
export type WebPageStep =
  | { kind: 'open'; url: string }
  | { kind: 'click'; target: ElementTarget }
  | { kind: 'type'; target: ElementTarget; value: string }
  | { kind: 'wait'; selector: string }
  | { kind: 'read' };

/** What every step is given. */
export interface WebStepOptions {
  signal: AbortSignal;
  /** Asked before every navigation of the page (a link, a redirect, a script): false blocks it. */
  navigationAllowed: (url: string) => boolean;
  /** Take a screenshot after the step. */
  screenshot: boolean;
  /** Longest wait for a page load or an element, in ms. */
  timeoutMs: number;
}

/** A page fetched as markdown (fetch_url): a page of its own, closed when read. */
export interface FetchedPage {
  url: string;
  title: string;
  status?: number;
  markdown: string;
}

export interface WebPagePort {
  /**
   * Runs a step on the browser tool's page (one page, kept between calls; 'open' makes it when
   * none is open, the other steps need it). Rejects with URL_NOT_ALLOWED when a navigation was
   * blocked, PAGE_LOAD_FAILED when the page did not load, ELEMENT_NOT_FOUND when the target is not there.
   */
  step(step: WebPageStep, options: WebStepOptions): Promise<WebPageView>;
  /** Loads `url` in a page of its own (JavaScript runs), waits for it to settle and gives its markdown. */
  fetch(url: string, options: Omit<WebStepOptions, 'screenshot'>): Promise<FetchedPage>;
  /** Closes the pages and the browser it launched. */
  close(): Promise<void>;
}

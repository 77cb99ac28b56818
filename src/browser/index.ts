/**
 * Public entry of the browser backend (built into out/browser.js, playwright-core external):
 * `createBrowserChatModel({ site, … })` → a BrowserChatModel implementing the engine's
 * ChatModel port over a chat site in a real Chrome / Edge / Chromium.
 */
import type { Browser } from 'playwright-core';
import { BrowserChatModel, type BrowserChatModelOptions } from './browserChatModel';
import { builtInAdapters, resolveAdapter } from './adapters/registry';
import { forgetLearnedSite, learnedCustomSite, learnedSiteRecords, restoreLearnedSites } from './autoSite';
import { IsolatedWebBrowser, type IsolatedWebBrowserOptions } from './webTool/isolatedWebBrowser';
import type { WebPagePort } from '../core/webPage';
import type { TurnLogEntry } from './turnLog';

// Kept small: the extension and the CLI load this bundle for createBrowserChatModel alone; the
// rest is the types their code names (the model, its status and turn log, what it diagnoses and
// offers). Everything else is internal to the backend and imported by module path.
export type { BrowserChatModel, BrowserModelStatus } from './browserChatModel';
export type { SiteDiagnosis } from './diagnose/diagnoseSite';
export type { TurnLogEntry, TurnTimings } from './turnLog';
export type { OfferedChoices } from './modelSelection';

export interface CreateBrowserChatModelOptions {
  /** Site id: chatgpt, claude, gemini, aistudio, deepseek, …, custom, or auto (any chat page at siteUrl, found on the page). */
  site: string;
  /** Start URL override (a replica, a self-hosted chat, the custom site's URL). */
  siteUrl?: string;
  /** The custom site's setting (site 'custom'); validated with customSiteSchema. */
  customSite?: unknown;
  /** `ptk.siteOverrides`: repairs of built-in adapters by settings (see adapters/overrides.ts). */
  siteOverrides?: unknown;
  /** Browser executable (default: found in the usual places). */
  browserPath?: string;
  /** Run without a window (default false: sites show bot checks to headless browsers). */
  headless?: boolean;
  /** Attach to a running browser through its DevTools URL instead of launching one. */
  cdpUrl?: string;
  /** Persistent profile folder (log in once). Absent: a throw-away profile. */
  profileDir?: string;
  /** An already-launched browser to open a context in (tests, benchmarks). */
  browser?: Browser;
  /** Extra launch flags. */
  launchArgs?: string[];
  /** Early stop on a complete tool call (default true). */
  earlyStop?: boolean;
  /** Thread mode (default true). */
  keepThread?: boolean;
  onTurn?: (entry: TurnLogEntry) => void;
  quietMs?: number;
  answerTimeoutMs?: number;
  submitConfirmMs?: number;
  /** New chats use the site's temporary (history-free) chat where it has one (default true). */
  temporaryChats?: boolean;
  /** A built-in site whose selectors all miss goes on through site discovery, with a warning (default true). */
  driftFallback?: boolean;
  /** Tabs of the site open at once, a call each (default 1). */
  maxTabs?: number;
  /** Minutes an idle tab stays open (default DEFAULTS.idleTabMinutes). */
  idleTabMinutes?: number;
}

/**
 * Builds the backend for a site. The browser is launched (or attached) lazily on the first
 * call; `await model.connect()` does it up front and checks the user is logged in.
 */
export async function createBrowserChatModel(options: CreateBrowserChatModelOptions): Promise<BrowserChatModel> {
  const adapter = resolveAdapter(options.site, { siteUrl: options.siteUrl, customSite: options.customSite, siteOverrides: options.siteOverrides });
  const modelOptions: BrowserChatModelOptions = {
    adapter,
    browserPath: options.browserPath,
    headless: options.headless,
    cdpUrl: options.cdpUrl,
    profileDir: options.profileDir,
    browser: options.browser,
    launchArgs: options.launchArgs,
    earlyStop: options.earlyStop,
    keepThread: options.keepThread,
    onTurn: options.onTurn,
    quietMs: options.quietMs,
    answerTimeoutMs: options.answerTimeoutMs,
    submitConfirmMs: options.submitConfirmMs,
    temporaryChats: options.temporaryChats,
    driftFallback: options.driftFallback,
    maxTabs: options.maxTabs,
    idleTabMinutes: options.idleTabMinutes,
  };
  return new BrowserChatModel(modelOptions);
}

/** The web tools' browser (browser, fetch_url): its own headless Chromium and a fresh context, never the chat profile. */
export function createIsolatedWebBrowser(options: IsolatedWebBrowserOptions = {}): WebPagePort {
  return new IsolatedWebBrowser(options);
}

/** The addresses of every built-in chat site (its start URL and the hosts it lives on): the web tools never open them. */
export function builtInChatSiteAddresses(): string[] {
  return builtInAdapters.flatMap((adapter) => [adapter.url, ...(adapter.hosts ?? [])]);
}

/**
 * What site discovery (site `auto`) learned of each origin, for the host to keep across restarts:
 * `records()` after a turn to store, `restore(stored)` before the first model is made (bad records
 * are dropped and counted), `forget(url)`, and `customSite(url)`: the `ptk.customSite` of an origin.
 */
export const learnedSites = { records: learnedSiteRecords, restore: restoreLearnedSites, forget: forgetLearnedSite, customSite: learnedCustomSite };

/**
 * Loads the browser backend (out/browser.js, which requires playwright-core) only when the
 * user connects or sends: activation never pays for Playwright. The backend's factory is
 * `createBrowserChatModel` (src/browser/index.ts); only its types are imported here, the code
 * is required at run time from the extension's out/ folder.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { CreateBrowserChatModelOptions, TurnLogEntry } from '../browser';
import type * as BrowserBackend from '../browser';
import { ConfigurationError, LLMBackendError, PTKErrorCode } from '../core/errors';
import { parseSitesSetting, SiteRouter, type RememberedLimit, type SiteRouterOptions, type SiteState } from '../core/routing';
import type { ChatModelFactory, ChatModelHandle } from './chatConnection';
import type { LearnedSites } from './learnedSites';
import { RoutedChatModel } from './routedChatModel';
import { siteAddress, siteName } from './siteNames';
import { BROWSER_SETTING_KEYS, SITE_IDS, type BrowserSettings, type ExtensionSettings, type SiteId } from './settings';

/**
 * The factory options for the current settings (pure): the browser settings as they are, the
 * profile defaulted per site. For another site of ptk.sites than ptk.site (`site`), ptk.siteUrl
 * does not apply (ptk.siteOverrides' `url` does) and a profile folder of the user's gets the
 * site's name appended (a profile is held by one browser at a time).
 */
export function browserModelOptions(settings: ExtensionSettings, defaultProfileDir: string, site: string = settings.site): CreateBrowserChatModelOptions {
  const browserSettings = Object.fromEntries(BROWSER_SETTING_KEYS.map((key) => [key, settings[key]])) as BrowserSettings;
  const own = site === settings.site;
  const profileDir = settings.profileDir ? (own ? settings.profileDir : `${settings.profileDir}-${site}`) : join(defaultProfileDir, `browser-profile-${site}`);
  return { ...browserSettings, site: site as BrowserSettings['site'], siteUrl: own ? settings.siteUrl : undefined, profileDir };
}

/**
 * The sites tasks use, in order (pure): ptk.sites' valid entries, else ptk.site alone. The
 * entries skipped are in `problems`; a list with no valid entry is a configuration error (no
 * site the user did not list is ever put in its place).
 */
export function configuredSites(settings: ExtensionSettings): { sites: string[]; problems: string[] } {
  if (settings.sites.length === 0) return { sites: [settings.site], problems: [] };
  const parsed = parseSitesSetting(settings.sites, SITE_IDS);
  if (parsed.sites.length === 0) throw new ConfigurationError(parsed.problems.join(' '));
  return parsed;
}

/** The sites listed (pure, never throws): ptk.sites' valid entries (none when it has none), else ptk.site. */
export function listedSites(settings: ExtensionSettings): SiteId[] {
  return settings.sites.length === 0 ? [settings.site] : (parseSitesSetting(settings.sites, SITE_IDS).sites as SiteId[]);
}

/** The site named first: the first valid entry of ptk.sites, else ptk.site (pure, never throws). */
export function primarySite(settings: ExtensionSettings): SiteId {
  return listedSites(settings)[0] ?? settings.site;
}

/** What the UI does for the site router: how it asks before a move, where the failover line goes. */
type RoutingHooks = Pick<SiteRouterOptions, 'confirm' | 'onFailover' | 'onWait' | 'logger'> & {
  /** Told the ptk.sites entries that were skipped. */
  onProblems?: (problems: string[]) => void;
  /** The usage limits kept from before a restart, read when the router is made. */
  rememberedLimits?: () => readonly RememberedLimit[];
  /** Told every site's state after each change (to keep the usage limits across a restart). */
  onSiteStates?: (states: SiteState[]) => void;
  /** Keeps what site discovery (site "auto") learns across a restart: restored when the backend loads, kept after each turn. */
  learnedSites?: LearnedSites;
};

/** One line of the per-turn log for a browser turn (pure). */
export function describeTurn(entry: TurnLogEntry): string {
  const outcome = entry.error ? `failed ${entry.error.code}: ${entry.error.message}` : `ok via ${entry.extractedVia}${entry.stoppedEarly ? ', stopped early' : ''}`;
  const extras = [
    entry.resumed ? `resumed ${entry.resumed}×` : '',
    entry.rolledOver ? 'rolled over to a new chat' : '',
    entry.submitAttempts > 1 ? `${entry.submitAttempts} submit attempts` : '',
    entry.guest ? 'as a guest' : '',
    ...(entry.warnings ?? []),
  ].filter(Boolean);
  return `[${entry.site} ${entry.nonce}] sent ${entry.sent.length} chars, answer ${entry.extracted.length} chars, ${outcome}${extras.length ? ` (${extras.join(', ')})` : ''} timings ${JSON.stringify(entry.timings)}`;
}

/**
 * Requires `<extension>/out/browser.js` (playwright-core loads only now) and checks it exports
 * `entry`; BROWSER_LAUNCH_FAILED when the build lacks it.
 */
export function loadBrowserBackend<K extends keyof typeof BrowserBackend>(extensionPath: string, entry: K): Partial<typeof BrowserBackend> & Pick<typeof BrowserBackend, K> {
  const modulePath = join(extensionPath, 'out', 'browser.js');
  if (!existsSync(modulePath)) {
    throw new LLMBackendError(`The browser backend is missing from this build (${modulePath}).`, { code: PTKErrorCode.BROWSER_LAUNCH_FAILED, recoverable: false });
  }
  // A runtime require of a path: esbuild leaves it alone.
  const backend = createRequire(modulePath)(modulePath) as Partial<typeof BrowserBackend>;
  if (typeof backend[entry] !== 'function') {
    throw new LLMBackendError(`out/browser.js does not export ${String(entry)}.`, { code: PTKErrorCode.BROWSER_LAUNCH_FAILED, recoverable: false });
  }
  return backend as Partial<typeof BrowserBackend> & Pick<typeof BrowserBackend, K>;
}

/** A factory that requires `<extension>/out/browser.js` on first use. */
export function createBrowserModelFactory(
  extensionPath: string,
  settings: () => ExtensionSettings,
  defaultProfileDir: string,
  onTurn?: (entry: TurnLogEntry) => void,
  routing: RoutingHooks = {},
): ChatModelFactory {
  return async () => {
    const backend = loadBrowserBackend(extensionPath, 'createBrowserChatModel');
    const current = settings();
    const { onProblems, rememberedLimits, onSiteStates, learnedSites, ...hooks } = routing;
    const learned = backend.learnedSites;
    if (learnedSites && learned) learnedSites.attach(learned);
    const turnEnded = (entry: TurnLogEntry): void => {
      onTurn?.(entry);
      if (learnedSites && learned) learnedSites.keep(learned);
    };
    const { sites, problems } = configuredSites(current);
    if (problems.length > 0) onProblems?.(problems);
    const create = backend.createBrowserChatModel;
    // One site: the browser model is the UI's model handle as it is (tab, status, model picker, diagnosis).
    if (sites.length === 1 && sites[0] === current.site) return (await create({ ...browserModelOptions(current, defaultProfileDir), onTurn: turnEnded })) as ChatModelHandle;
    // Several: one browser model per site, behind the router.
    const handles = await Promise.all(
      sites.map(async (site) => {
        const model = await create({ ...browserModelOptions(current, defaultProfileDir, site), onTurn: turnEnded });
        const url = siteAddress(current, site as SiteId);
        return { site, label: siteName(current, site as SiteId, model.adapter.displayName), ...(url === undefined ? {} : { url }), model };
      }),
    );
    const router = new SiteRouter(handles, { failover: current.failover, whenAllLimited: current.whenAllLimited, ...hooks, limits: rememberedLimits?.() });
    if (onSiteStates) router.onDidChangeStates(onSiteStates);
    return new RoutedChatModel(router, handles);
  };
}

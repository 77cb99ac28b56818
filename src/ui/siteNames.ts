/**
 * How a site of ptk.sites is named for people, the same everywhere (the header, the status item,
 * the site menus, the failover question and line, Second Opinion's columns): the site's own name,
 * marked "(demo)" when its address is on this machine (a replica such as npm start's), so a
 * replica is never taken for the real site and never named two ways.
 */
import { isLocalAddress } from '../shared/chat/connectionLabels';
import { SITE_LABELS, type ExtensionSettings, type SiteId } from './settings';

type SiteNameSettings = Pick<ExtensionSettings, 'site' | 'siteUrl' | 'siteOverrides'>;

/** The address `site` opens: ptk.siteUrl for ptk.site, else its ptk.siteOverrides `url`; undefined: the site's own. */
export function siteAddress(settings: SiteNameSettings, site: SiteId): string | undefined {
  if (site === settings.site) return settings.siteUrl;
  const override = settings.siteOverrides?.[site];
  const url = override !== null && typeof override === 'object' ? (override as { url?: unknown }).url : undefined;
  return typeof url === 'string' ? url : undefined;
}

/**
 * Sites that run wherever their user runs them (Open WebUI, a custom site): a local address is
 * their real one, never a replica of them.
 */
const SELF_HOSTED_SITES: readonly SiteId[] = ['openwebui', 'custom', 'auto'];

/** Whether a local address of `site` is the user's own instance rather than a demo replica. */
export function isSelfHostedSite(site: string): boolean {
  return (SELF_HOSTED_SITES as readonly string[]).includes(site);
}

/** Whether `site` at `url` is a demo: a replica of a hosted site at a local address (a self-hosted site's local address is the user's own). */
export function isDemoAddress(site: string, url: string | undefined): boolean {
  return !isSelfHostedSite(site) && isLocalAddress(url);
}

/**
 * "ChatGPT", or "ChatGPT (demo)" for a built-in site at a local address (a replica of it); a
 * self-hosted site at a local address is the user's own chat, not a demo. `own`: the adapter's
 * name when it is known (a custom site's).
 */
export function siteName(settings: SiteNameSettings, site: SiteId, own?: string): string {
  const name = own ?? SITE_LABELS[site].replace(/\s*\(.*\)$/, '');
  return isDemoAddress(site, siteAddress(settings, site)) ? `${name} (demo)` : name;
}

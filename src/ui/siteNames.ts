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
 * "ChatGPT", or "ChatGPT (demo)" for a built-in site at a local address (a replica of it); a custom
 * site at a local address is the user's own chat (a self-hosted one), not a demo. `own`: the
 * adapter's name when it is known (a custom site's).
 */
export function siteName(settings: SiteNameSettings, site: SiteId, own?: string): string {
  const name = own ?? SITE_LABELS[site].replace(/\s*\(.*\)$/, '');
  return site !== 'custom' && isLocalAddress(siteAddress(settings, site)) ? `${name} (demo)` : name;
}

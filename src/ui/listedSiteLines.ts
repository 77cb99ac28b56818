/**
 * The listed sites (ptk.sites) as the status item, the header and the site menus show them before
 * the browser backend runs (pure): each "not connected yet", except a site whose usage limit,
 * kept across a window reload, has not ended: that one reads "limited until 15:00" and is not
 * ready, so a new conversation starts on the next site and the header does not call it ready.
 */
import { describeSiteState, type RememberedLimit } from '../core/routing';
import type { SiteStatusLine } from './chatConnection';

export function listedSiteLines(sites: ReadonlyArray<{ site: string; label: string; url?: string }>, limits: readonly RememberedLimit[], now: number): SiteStatusLine[] {
  return sites.map(({ site, label, url }) => {
    const address = url === undefined ? {} : { url };
    const limit = limits.find((entry) => entry.site === site && entry.until > now);
    if (!limit) return { site, label, state: 'not connected yet', ready: true, ...address };
    const state = describeSiteState({ site, label, status: 'limited', until: limit.until }, now);
    return { site, label, state, ready: false, status: 'limited', ...(limit.detail === undefined ? {} : { detail: limit.detail }), ...address };
  });
}

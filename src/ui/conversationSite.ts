/**
 * The site a conversation talks to, when several are configured (ptk.sites), the pure part: which
 * site a conversation's calls ask for (its own choice while that site is still listed, else the
 * first ready site), and the entries of the chat view's site menu (the view title's "Choose Site
 * for This Conversation"). With one site there is nothing to choose: no site is asked for and the
 * menu is hidden. The command itself is in src/host/vscode/views/commands/siteCommands.ts; the choice is saved with the conversation.
 */
import type { SiteStatusLine } from './chatConnection';

/** The site a conversation without a choice of its own uses: the first ready one, else the first listed. */
export function defaultSite(sites: readonly SiteStatusLine[]): string | undefined {
  return (sites.find((entry) => entry.ready) ?? sites[0])?.site;
}

/**
 * The site a conversation's model calls ask for (LLMCallOptions.site): undefined with fewer than
 * two sites (one site behaves as it always did), else its chosen site while listed, else the default.
 */
export function conversationSite(chosen: string | undefined, sites: readonly SiteStatusLine[]): string | undefined {
  if (sites.length < 2) return undefined;
  return sites.some((entry) => entry.site === chosen) ? chosen : defaultSite(sites);
}

/** True when the site menu is shown: several sites are configured. */
export function showsSiteMenu(sites: readonly unknown[]): boolean {
  return sites.length > 1;
}

/** One entry of the site menu; `site` is the choice it makes. */
export interface SiteMenuItem {
  label: string;
  description: string;
  site: string;
}

/** Each site in the order it is tried, with its state ("limited until 15:00"), the conversation's site marked. */
export function siteMenuItems(sites: readonly SiteStatusLine[], chosen: string | undefined): SiteMenuItem[] {
  const current = conversationSite(chosen, sites);
  const explicit = chosen !== undefined && current === chosen;
  return sites.map((entry) => ({
    label: entry.label,
    description: [entry.state, entry.site === current ? (explicit ? 'this conversation' : 'this conversation (first ready site)') : ''].filter(Boolean).join(' · '),
    site: entry.site,
  }));
}

/** The menu's title, naming the conversation's site now. */
export function siteMenuTitle(sites: readonly SiteStatusLine[], chosen: string | undefined): string {
  const current = conversationSite(chosen, sites);
  const label = sites.find((entry) => entry.site === current)?.label ?? current ?? 'none';
  return `PTK: Site for This Conversation (now: ${label})`;
}

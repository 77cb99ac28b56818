/**
 * PTK: Connect Browser / Choose Site, the pure part: the quick pick's entries and what a choice
 * does to `ptk.siteUrl`. While ptk.siteUrl points at this machine PTK talks to the offline demo
 * replica, whatever ptk.site says, so the demo is the current entry then; choosing a real site
 * clears ptk.siteUrl (it would keep overriding the choice). The command itself is in src/host/vscode/views/commands/siteCommands.ts.
 */
import { DEMO_SITE_NAME, isLocalAddress } from '../shared/chat/connectionLabels';
import { SITE_IDS, SITE_LABELS, type SiteId } from './settings';
import { isSelfHostedSite } from './siteNames';

/** The settings a choice depends on: ptk.site and ptk.siteUrl as they count now. */
interface SiteChoiceContext {
  currentSite: string;
  siteUrl?: string;
}

/** One entry of the site quick pick; no `site`: the demo (the settings stay as they are). */
interface SitePickerItem {
  label: string;
  description?: string;
  detail?: string;
  site?: SiteId;
}

/**
 * Whether choosing `site` clears ptk.siteUrl: it is set and is the demo's or another site's
 * address (a self-hosted site, Open WebUI or custom, needs it: it is where the user runs it).
 */
export function clearsSiteUrl(site: SiteId, context: SiteChoiceContext): boolean {
  if (!context.siteUrl || isSelfHostedSite(site)) return false;
  return isDemoAddress(context) || site !== context.currentSite;
}

/** ptk.siteUrl names the offline demo: a local address, unless the current site is self-hosted there. */
function isDemoAddress(context: SiteChoiceContext): boolean {
  return isLocalAddress(context.siteUrl) && !isSelfHostedSite(context.currentSite);
}

/**
 * The demo first while ptk.siteUrl names a local address (the current entry then), then every
 * site, the current one marked with the address PTK really opens; an entry whose choice clears
 * ptk.siteUrl says so.
 */
export function sitePickerItems(context: SiteChoiceContext): SitePickerItem[] {
  const demo = isDemoAddress(context);
  const items: SitePickerItem[] = [];
  if (demo) items.push({ label: DEMO_SITE_NAME, description: `current · ${context.siteUrl} (ptk.siteUrl)`, detail: 'The offline replica answering from a script, not a real chat' });
  for (const site of SITE_IDS) {
    const current = !demo && site === context.currentSite;
    const description = current ? (context.siteUrl ? `current · at ${context.siteUrl} (ptk.siteUrl)` : 'current') : undefined;
    const detail = clearsSiteUrl(site, context) ? `Clears ptk.siteUrl (it overrides the site), now ${context.siteUrl}` : undefined;
    items.push({ label: SITE_LABELS[site], description, detail, site });
  }
  return items;
}

/** A settings level a value can be cleared at. */
export type SettingLevel = 'user' | 'workspace' | 'folder';

/** The names of the levels in messages. */
const SETTING_LEVEL_NAMES: Readonly<Record<SettingLevel, string>> = {
  user: 'user settings',
  workspace: 'workspace settings',
  folder: 'folder settings',
};

/** Where a setting has a value (what VS Code's configuration `inspect` gives, in part). */
interface SettingPlaces {
  globalValue?: unknown;
  workspaceValue?: unknown;
  workspaceFolderValue?: unknown;
}

/**
 * The levels a string setting is set at (a non-empty value), most general first. Clearing all of
 * them is what makes a choice count: the most specific one wins, so any left keeps overriding.
 */
export function levelsSetAt(places: SettingPlaces | undefined): SettingLevel[] {
  const set = (value: unknown) => typeof value === 'string' ? value !== '' : value !== undefined && value !== null;
  return (
    [
      ['user', places?.globalValue],
      ['workspace', places?.workspaceValue],
      ['folder', places?.workspaceFolderValue],
    ] as const
  )
    .filter(([, value]) => set(value))
    .map(([level]) => level);
}

/** The progress title of a choice: what was cleared, then the site that opens. */
export function siteChoiceTitle(label: string, cleared: readonly SettingLevel[]): string {
  const clearedPart = cleared.length > 0 ? `cleared ptk.siteUrl (${cleared.map((level) => SETTING_LEVEL_NAMES[level]).join(', ')}); ` : '';
  return `PTK: ${clearedPart}opening ${label}…`;
}

/** What PTK says when a setting it could not change still overrides the chosen site. */
export function stillOverriddenMessage(label: string, key: 'ptk.siteUrl' | 'ptk.site', value: string, levels: readonly SettingLevel[]): string {
  const where = levels.length > 0 ? ` in your ${levels.map((level) => SETTING_LEVEL_NAMES[level]).join(' and ')}` : '';
  return `PTK: ${key} is "${value}"${where} and overrides the site you chose, so PTK still uses it, not ${label}. Clear it there to use ${label}.`;
}

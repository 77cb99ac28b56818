/**
 * The longest prompt the configured site takes, in characters, as the browser backend will
 * enforce it: a custom site's `maxPromptChars` (ptk.customSite), a built-in site's override
 * (ptk.siteOverrides.<site>.maxPromptChars), else the site's own limit. Read without loading the
 * backend, so the language model's advertised input limit follows the settings. Pure.
 */
import type { ExtensionSettings, SiteId } from '../../ui/settings';
import { SITE_PROMPT_LIMITS } from './siteModelInfo';

function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

function field(record: unknown, key: string): unknown {
  return typeof record === 'object' && record !== null ? (record as Record<string, unknown>)[key] : undefined;
}

export function sitePromptLimit(settings: Pick<ExtensionSettings, 'site' | 'customSite' | 'siteOverrides'>, site: SiteId = settings.site): number {
  const configured = site === 'custom'
    ? field(settings.customSite, 'maxPromptChars')
    : field(field(settings.siteOverrides, site), 'maxPromptChars');
  return isPositiveInteger(configured) ? configured : SITE_PROMPT_LIMITS[site];
}

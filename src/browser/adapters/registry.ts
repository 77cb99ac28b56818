/**
 * Every built-in site adapter, by id. Adding a site: write src/browser/adapters/<id>.ts
 * exporting a SiteAdapter and add one line to `builtInAdapters`. `custom` is built from a
 * setting by `createCustomAdapter` instead.
 */
import { PTKError, PTKErrorCode } from '../../core/errors';
import { aiStudioAdapter } from './aistudio';
import { chatgptAdapter } from './chatgpt';
import { claudeAdapter } from './claude';
import { geminiAdapter } from './gemini';
import { createCustomAdapter } from './custom';
import { deepSeekAdapter } from './deepseek';
import { openWebUiAdapter } from './openwebui';
import { copilotAdapter } from './copilot';
import { huggingChatAdapter } from './huggingchat';
import { perplexityAdapter } from './perplexity';
import { zaiAdapter } from './zai';
import { kimiAdapter } from './kimi';
import { qwenAdapter } from './qwen';
import { mistralAdapter } from './mistral';
import { grokAdapter } from './grok';
import { applySiteOverride, parseSiteOverrides } from './overrides';
import { createAutoAdapter } from '../autoSite';
import type { SiteAdapter } from './types';

/** Built-in adapters, one line per site. */
export const builtInAdapters: SiteAdapter[] = [
  chatgptAdapter,
  claudeAdapter,
  geminiAdapter,
  aiStudioAdapter,
  deepSeekAdapter,
  openWebUiAdapter,
  grokAdapter,
  mistralAdapter,
  qwenAdapter,
  kimiAdapter,
  zaiAdapter,
  copilotAdapter,
  huggingChatAdapter,
  perplexityAdapter,
];

/** Ids accepted by `resolveAdapter` ('custom' and 'auto' included). */
export function adapterIds(): string[] {
  return [...builtInAdapters.map((adapter) => adapter.id), 'custom', 'auto'];
}

interface ResolveAdapterOptions {
  /** Start URL override (a self-hosted chat, a replica site). */
  siteUrl?: string;
  /** The `custom` site's setting (required for site 'custom'). */
  customSite?: unknown;
  /** `ptk.siteOverrides`: per built-in site, selector lists and patterns replaced or extended. */
  siteOverrides?: unknown;
}

/** The adapter for a site id, with the settings' repairs and the URL override applied. */
export function resolveAdapter(site: string, options: ResolveAdapterOptions = {}): SiteAdapter {
  // Any chat page, through what site discovery finds on it (autoSite.ts).
  if (site === 'auto') return createAutoAdapter(options.siteUrl);
  if (site === 'custom') {
    if (options.customSite === undefined || options.customSite === null) {
      throw new PTKError('Site "custom" needs its description: set ptk.customSite (url, input, stopButton, userTurn, answerContainer, actionBar…); see docs/sites.md.', { code: PTKErrorCode.CONFIG_INVALID });
    }
    const customSite = options.siteUrl ? { ...(options.customSite as object), url: options.siteUrl } : options.customSite;
    return createCustomAdapter(customSite);
  }
  const adapter = builtInAdapters.find((candidate) => candidate.id === site);
  if (!adapter) {
    throw new PTKError(`Unknown site "${site}". Known sites: ${adapterIds().join(', ')}.`, { code: PTKErrorCode.CONFIG_INVALID });
  }
  const overrides = parseSiteOverrides(options.siteOverrides, builtInAdapters.map((candidate) => candidate.id));
  const repaired = applySiteOverride(adapter, overrides[site]);
  // The start URL: the option (ptk.siteUrl, for the one site it names), else the override's.
  const url = options.siteUrl ?? overrides[site]?.url;
  return url ? { ...repaired, url, hosts: [...(repaired.hosts ?? []), new URL(url).host] } : repaired;
}

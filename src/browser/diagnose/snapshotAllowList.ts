/**
 * What the Diagnose Site snapshot may keep, derived from the adapters (every built-in one and
 * the one diagnosed, with the user's repairs): the attribute values their selectors name, the
 * hosts they live on and name, and the route words of their URLs. Nothing is copied by hand: a
 * new adapter, or a selector added to one, is kept in the snapshot by the same rule.
 */
import { builtInAdapters } from '../adapters/registry';
import type { SiteAdapter } from '../adapters/types';
import type { SnapshotAllowList } from '../page/snapshotRedaction';
import { GENERIC_BANNER_SELECTORS } from '../pageSignals';

/**
 * Path segments of the chat sites' own routes (docs/sites.md): `/c/:id`, `/g/:id/c/:id`,
 * `/chat/:id`, `/project/:id`, `/app/:id`, `/gem/:id`, `/prompts/:id`, `/a/chat/s/:id`, `/share/:id`.
 */
const ROUTE_WORDS = ['a', 'c', 'g', 's', 'app', 'chat', 'chats', 'gem', 'gems', 'gpts', 'library', 'new', 'new_chat', 'project', 'projects', 'prompts', 'recents', 'settings', 'share'];

/** Attributes whose values are URLs: a selector's value for one names route words and hosts. */
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'data', 'xlink:href', 'poster']);

const ATTRIBUTE_SELECTOR = /\[\s*([\w:|-]+)\s*(?:([~|^$*]?=)\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([^\s\]]+))\s*([iIsS])?\s*)?\]/g;
const HOST_NAME = /\b(?:[a-z0-9-]+\.)+[a-z]{2,}\b/gi;

/** Every selector string of an adapter: its selector lists and its model picker's. */
function selectorsOf(adapter: SiteAdapter): string[] {
  const found: string[] = [];
  const collect = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) {
        if (typeof item === 'string') found.push(item);
        else collect(item);
      }
    } else if (value && typeof value === 'object') for (const item of Object.values(value)) if (typeof item !== 'string') collect(item);
  };
  collect(adapter.selectors);
  collect(adapter.modelPicker);
  return found;
}

/** The host of a URL ('' for none). */
function hostOf(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return '';
  }
}

/** The allow-list for a snapshot of `adapter`'s page. */
export function snapshotAllowList(adapter: SiteAdapter): SnapshotAllowList {
  const adapters = [...builtInAdapters, adapter];
  const namedValues: SnapshotAllowList['namedValues'] = [];
  const hosts = new Set<string>();
  const routeWords = new Set(ROUTE_WORDS);
  const addHost = (host: string) => {
    if (!host) return;
    hosts.add(host.toLowerCase());
    // The site's own domain: its other subdomains (static files, sign-in) are the site's too.
    const labels = host.toLowerCase().replace(/:\d+$/, '').split('.');
    if (labels.length > 2 && !/^\d+$/.test(labels[labels.length - 1]!)) hosts.add(labels.slice(-2).join('.'));
  };
  for (const site of adapters) {
    for (const host of [...(site.hosts ?? []), ...(site.signInHosts ?? []), hostOf(site.url)]) addHost(host);
    for (const segment of new URL(site.url, 'https://x.invalid').pathname.split('/')) if (segment) routeWords.add(segment);
    for (const selector of [...selectorsOf(site), ...GENERIC_BANNER_SELECTORS]) {
      for (const match of selector.matchAll(ATTRIBUTE_SELECTOR)) {
        const operator = match[2] as SnapshotAllowList['namedValues'][number]['operator'] | undefined;
        if (!operator) continue;
        const attribute = match[1]!.toLowerCase();
        const value = (match[3] ?? match[4] ?? match[5] ?? '').replace(/\\(.)/g, '$1');
        namedValues.push({ attribute, operator, value, ignoreCase: (match[6] ?? '').toLowerCase() === 'i' });
        if (URL_ATTRIBUTES.has(attribute)) {
          for (const host of value.match(HOST_NAME) ?? []) addHost(host);
          for (const word of value.split(/[^\w-]+/)) if (word) routeWords.add(word);
        }
      }
    }
  }
  return { namedValues, hosts: [...hosts], routeWords: [...routeWords] };
}

/**
 * `@url` mentions (`@https://…`, or `@url:` and an address): the page, read as markdown when the
 * message is sent, through the fetch_url tool's own path (the isolated browser, its URL rules and
 * approval, its cap), so a mention can open no page the tool could not.
 */
import { ConfigurationError } from '../../../core/errors';
import type { ContextMention } from '../../../shared/chat/mentions';
import type { MentionProvider } from './mentionProvider';

/** What fetch_url gives for a page. */
export interface FetchedMentionPage {
  url: string;
  title: string;
  markdown: string;
  truncated?: boolean;
}

/** Reads a page as fetch_url does (URL_NOT_ALLOWED, APPROVAL_REJECTED, PAGE_LOAD_FAILED when it cannot). */
export type MentionPageFetcher = (url: string, signal: AbortSignal) => Promise<FetchedMentionPage>;

/** Longest chip label (the address is cut in the middle). */
const LABEL_CHARS = 80;

/** The mention of an http(s) address; undefined for anything else. */
export function urlMention(text: string): ContextMention | undefined {
  const trimmed = text.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  const href = url.href;
  const label = href.length > LABEL_CHARS ? `${href.slice(0, LABEL_CHARS / 2 - 1)}…${href.slice(-LABEL_CHARS / 2)}` : href;
  return { kind: 'url', label, url: href };
}

export function createUrlMentionProvider(fetchPage: MentionPageFetcher | undefined): MentionProvider {
  return {
    kind: 'url',
    suggest: async (query) => {
      if (!fetchPage) return { items: [], note: 'Web pages cannot be attached here.' };
      const mention = urlMention(query);
      if (!mention) return { items: [], note: 'Type an http(s) address, e.g. @https://docs.example.com/guide or @http://localhost:3000/.' };
      return { items: [{ mention, detail: 'the page as markdown; other hosts than localhost ask first' }] };
    },
    resolve: async (mention, signal) => {
      if (!fetchPage) throw new ConfigurationError('Web pages cannot be attached here.');
      const page = await fetchPage(mention.url ?? mention.label, signal);
      return { mention, content: page.markdown, attributes: { url: page.url, ...(page.title ? { title: page.title } : {}) } };
    },
  };
}

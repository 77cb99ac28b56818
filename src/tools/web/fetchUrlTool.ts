/**
 * fetch_url: a page as markdown, JavaScript-rendered pages too, loaded in PTK's own isolated
 * browser (never the chat profile) under the browser tool's URL rules, and capped like every
 * tool result.
 */
import { z } from 'zod';
import { defineTool } from '../../core/tools/defineTool';
import type { WebPagePort } from '../../core/webPage';
import { APPROVAL_WAIT_TIMEOUT_MS, WEB_PAGE_TIMEOUT_MS } from '../limits';
import { capped, type WebAccess } from './webAccess';

export const FETCH_URL_TOOL_NAME = 'fetch_url';

const fetchUrlInput = z.object({
  url: z.string().min(1).describe('The http(s) address of the page, e.g. https://docs.example.com/guide'),
});

/** What fetch_url returns. */
interface FetchUrlResult {
  url: string;
  title: string;
  status?: number;
  markdown: string;
  truncated?: boolean;
}

/** Loads `url` (after the URL rules and the user's approval) and gives its markdown, capped. */
export async function fetchPageMarkdown(port: WebPagePort, access: WebAccess, toolName: string, url: string, maxChars: number, signal: AbortSignal): Promise<FetchUrlResult> {
  const { decision, navigationAllowed } = await access.approve(toolName, url, signal);
  const page = await port.fetch(decision.url.href, { signal, navigationAllowed, timeoutMs: WEB_PAGE_TIMEOUT_MS });
  const markdown = capped(page.markdown, maxChars);
  return {
    url: page.url,
    title: page.title,
    ...(page.status === undefined ? {} : { status: page.status }),
    markdown: markdown.text,
    ...(markdown.truncated ? { truncated: true } : {}),
  };
}

export function createFetchUrlTool(port: WebPagePort, access: WebAccess, resultFieldMaxChars: number) {
  return defineTool({
    name: FETCH_URL_TOOL_NAME,
    description:
      'Read a web page as markdown (pages built by JavaScript too), e.g. documentation. localhost opens at once; other hosts ask the user; never file: or the chat sites. Long pages are cut.',
    inputSchema: fetchUrlInput,
    dangerous: true,
    timeoutMs: APPROVAL_WAIT_TIMEOUT_MS + 2 * WEB_PAGE_TIMEOUT_MS,
    run: (args, context) => fetchPageMarkdown(port, access, FETCH_URL_TOOL_NAME, args.url, resultFieldMaxChars, context.signal),
  });
}

/**
 * browser: the model drives a page of PTK's own isolated browser (never the chat profile): open a
 * URL (the user's dev server, a docs page), click and type by visible text or selector, wait for
 * a selector, or read the page again. Each step returns the page as markdown, its console errors
 * and failed requests since the previous step, and a screenshot that goes to the model as an
 * image with its next message (through the site's upload, like a pasted image).
 */
import { z } from 'zod';
import { PTKErrorCode, ToolExecutionError } from '../../core/errors';
import { defineTool } from '../../core/tools/defineTool';
import type { ToolContext } from '../../core/types';
import type { ElementTarget, FailedRequest, WebPagePort, WebPageStep } from '../../core/webPage';
import { APPROVAL_WAIT_TIMEOUT_MS, MAX_WEB_PAGE_EVENTS, WEB_PAGE_TIMEOUT_MS } from '../limits';
import { capped, type WebAccess } from './webAccess';

export const BROWSER_TOOL_NAME = 'browser';

const browserInput = z.object({
  action: z.enum(['open', 'click', 'type', 'wait', 'read']).describe('open a URL; click or type into an element; wait for a selector; read the page again'),
  url: z.string().optional().describe('open: the http(s) address, e.g. http://localhost:3000/'),
  text: z.string().optional().describe('click / type: the element by its visible text, label or placeholder'),
  selector: z.string().optional().describe('click / type: the element by CSS selector (instead of text); wait: the selector to wait for'),
  value: z.string().optional().describe('type: the text to type (replaces the field\'s text)'),
  screenshot: z.boolean().optional().describe('Send a screenshot with your next message (default true)'),
});

type BrowserArgs = z.output<typeof browserInput>;

/** What one step returns to the model. */
interface BrowserResult {
  url: string;
  title: string;
  status?: number;
  markdown: string;
  markdownTruncated?: boolean;
  controls: string[];
  consoleErrors: string[];
  failedRequests: FailedRequest[];
  screenshot: string;
}

function invalid(message: string): ToolExecutionError {
  return new ToolExecutionError(message, { code: PTKErrorCode.INVALID_TOOL_CALL });
}

/** The element the arguments name: text, else selector. */
function targetOf(args: BrowserArgs): ElementTarget {
  if (args.text?.trim()) return { text: args.text.trim() };
  if (args.selector?.trim()) return { selector: args.selector.trim() };
  throw invalid(`${args.action} needs "text" (the element's visible text, label or placeholder) or "selector" (CSS).`);
}

/** The step the arguments ask for (INVALID_TOOL_CALL when one it needs is missing). */
function stepOf(args: BrowserArgs): WebPageStep {
  switch (args.action) {
    case 'open':
      if (!args.url?.trim()) throw invalid('open needs "url".');
      return { kind: 'open', url: args.url.trim() };
    case 'click':
      return { kind: 'click', target: targetOf(args) };
    case 'type':
      if (args.value === undefined) throw invalid('type needs "value", the text to type.');
      return { kind: 'type', target: targetOf(args), value: args.value };
    case 'wait':
      if (!args.selector?.trim()) throw invalid('wait needs "selector".');
      return { kind: 'wait', selector: args.selector.trim() };
    default:
      return { kind: 'read' };
  }
}

/** The latest `MAX_WEB_PAGE_EVENTS` entries, saying how many were left out. */
function latest<T>(items: readonly T[], note: (left: number) => T): T[] {
  if (items.length <= MAX_WEB_PAGE_EVENTS) return [...items];
  return [note(items.length - MAX_WEB_PAGE_EVENTS), ...items.slice(-MAX_WEB_PAGE_EVENTS)];
}

export function createBrowserTool(port: WebPagePort, access: WebAccess, resultFieldMaxChars: number) {
  /** The navigation guard of the page now open (the last open's). */
  let navigationAllowed: (url: string) => boolean = () => false;
  let shots = 0;
  return defineTool({
    name: BROWSER_TOOL_NAME,
    description:
      'Use a real browser of your own (a separate profile, not the user\'s chat): open a URL (the user\'s dev server on localhost, a docs page), click or type by visible text or CSS selector, wait for a selector, or read the page again. Returns the page as markdown, its console errors and failed requests, and sends a screenshot with your next message. localhost opens at once; other hosts ask the user; never file: or the chat sites.',
    inputSchema: browserInput,
    dangerous: true,
    timeoutMs: APPROVAL_WAIT_TIMEOUT_MS + 2 * WEB_PAGE_TIMEOUT_MS,
    run: async (args, context: ToolContext): Promise<BrowserResult> => {
      const step = stepOf(args);
      if (step.kind === 'open') {
        const approved = await access.approve(BROWSER_TOOL_NAME, step.url, context.signal);
        navigationAllowed = approved.navigationAllowed;
        step.url = approved.decision.url.href;
      }
      const wantShot = args.screenshot !== false;
      const view = await port.step(step, {
        signal: context.signal,
        navigationAllowed,
        screenshot: wantShot && context.attach !== undefined,
        timeoutMs: WEB_PAGE_TIMEOUT_MS,
      });
      let screenshot = 'not taken (screenshot: false)';
      if (wantShot && !context.attach) screenshot = 'not available here: this task cannot send images';
      else if (view.screenshot && context.attach) {
        const name = `browser-${++shots}.png`;
        context.attach({ name, mimeType: 'image/png', data: view.screenshot });
        screenshot = `${name}, attached to your next message (if the chat site takes images)`;
      }
      const markdown = capped(view.markdown, resultFieldMaxChars);
      return {
        url: view.url,
        title: view.title,
        ...(view.status === undefined ? {} : { status: view.status }),
        markdown: markdown.text,
        ...(markdown.truncated ? { markdownTruncated: true } : {}),
        controls: view.controls,
        consoleErrors: latest(view.consoleErrors, (left) => `(${left} earlier errors left out)`),
        failedRequests: latest(view.failedRequests, (left) => ({ url: '', reason: `(${left} earlier failed requests left out)` })),
        screenshot,
      };
    },
  });
}

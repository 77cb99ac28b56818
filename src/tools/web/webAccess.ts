/**
 * What the web tools share: the URL policy (urlPolicy.ts) with the user's approval on top. A URL
 * outside loopback and the approved hosts asks, like a command (the card names the origin); an
 * "Always" answer covers that origin for the tool, for the session. A page's own navigations (a
 * link, a redirect, a script) are held to the same rules: an origin that would ask, and that the
 * user did not approve for this page, is blocked instead.
 */
import type { WebPagePort } from '../../core/webPage';
import type { ApprovalGate } from '../approval';
import { decideUrl, type UrlDecision, type UrlPolicy } from './urlPolicy';

/** What the web tools are built from. */
export interface WebToolsWiring {
  /** The isolated browser (src/browser's implementation, loaded on first use). */
  port: WebPagePort;
  /** The chat sites' addresses (adapters, ptk.siteUrl, the custom site), read at each call. */
  chatSites: () => Promise<readonly string[]> | readonly string[];
}

/** The approval command of an origin (what the card shows and an "Always" answer remembers). */
function approvalCommand(toolName: string, origin: string): string {
  return `${toolName} ${origin}`;
}

/** A URL the user let a tool open, and the navigation guard of its page. */
export interface ApprovedUrl {
  decision: UrlDecision;
  /** False for a navigation of the page the rules refuse, or that would ask and the user did not approve. */
  navigationAllowed: (url: string) => boolean;
}

export class WebAccess {
  constructor(private readonly approvalGate: ApprovalGate, private readonly policy: () => Promise<UrlPolicy> | UrlPolicy) {}

  /**
   * Refuses what is never opened (URL_NOT_ALLOWED); asks the user when the URL needs it
   * (APPROVAL_REJECTED on no). The page's navigations may go back to the URL's origin.
   */
  async approve(toolName: string, raw: string, signal: AbortSignal): Promise<ApprovedUrl> {
    const policy = await this.policy();
    const decision = decideUrl(raw, policy);
    const navigationAllowed = this.guard(toolName, policy, new Set([decision.origin]));
    if (!decision.needsApproval) return { decision, navigationAllowed };
    await this.approvalGate.ensureApproved(
      {
        toolName,
        kind: 'command',
        command: approvalCommand(toolName, decision.origin),
        summary: `Open ${decision.url.href} in PTK's own browser (a separate profile: none of your chat site's cookies). ${decision.url.host} sees the address and what the page sends. Asked because ${decision.url.host} is not this machine and not in ptk.tools.browserHosts; Always lets ${toolName} open ${decision.origin} without asking until you turn it off or the window reloads.`,
      },
      signal,
    );
    return { decision, navigationAllowed };
  }

  /**
   * The navigation guard of a page the user let `toolName` open at `approvedOrigins`: a URL the
   * policy refuses is blocked; one that would ask is allowed only when its origin was approved
   * (for this page, or "Always").
   */
  private guard(toolName: string, policy: UrlPolicy, approvedOrigins: ReadonlySet<string>): (url: string) => boolean {
    return (url) => {
      let decision: UrlDecision;
      try {
        decision = decideUrl(url, policy);
      } catch {
        return false;
      }
      if (!decision.needsApproval || approvedOrigins.has(decision.origin)) return true;
      return this.approvalGate.isPreApproved({ toolName, kind: 'command', command: approvalCommand(toolName, decision.origin) });
    };
  }
}

/** `text` cut to `max` characters, saying so. */
export function capped(text: string, max: number): { text: string; truncated: boolean } {
  if (text.length <= max) return { text, truncated: false };
  return { text: `${text.slice(0, max)}\n\n[… cut: the page's text is ${text.length} characters, ${max} are shown]`, truncated: true };
}

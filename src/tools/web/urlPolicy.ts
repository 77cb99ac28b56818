/**
 * Which URLs the web tools (browser, fetch_url) may open, decided before anything loads (pure):
 *   - only http: and https: (never file:, chrome:, data:, javascript:, about:, …), and no
 *     user name or password in the URL;
 *   - never a chat site's own origin (the sites PTK drives: every adapter's address and hosts,
 *     `ptk.siteUrl`, the custom site), even on loopback: the tools' pages must not act as the
 *     chat the model itself runs in;
 *   - loopback (localhost, *.localhost, 127.0.0.0/8, ::1) is allowed without asking: the user's
 *     own dev server;
 *   - a host the user approved in their settings (`ptk.tools.browserHosts`: "docs.example.com",
 *     "*.example.com", "example.com:8443") is allowed without asking;
 *   - any other http(s) host needs the user's approval, like a command.
 */
import { PTKErrorCode, ToolExecutionError } from '../../core/errors';

/** What the decision is made from. */
export interface UrlPolicy {
  /** `ptk.tools.browserHosts`: hosts opened without asking. */
  approvedHosts: readonly string[];
  /** The chat sites' addresses (URLs, or bare host names): never opened. */
  chatSites: readonly string[];
}

/** A URL the tools may open, and whether the user must approve it first. */
export interface UrlDecision {
  url: URL;
  /** scheme://host:port, what an approval covers. */
  origin: string;
  loopback: boolean;
  needsApproval: boolean;
}

/** The refusal every check below throws: the model is told why and what it may do instead. */
function refused(message: string, url: string): ToolExecutionError {
  return new ToolExecutionError(message, { code: PTKErrorCode.URL_NOT_ALLOWED, context: { url } });
}

/** The host name as compared: lower case, no trailing dot, IPv6 without brackets. */
function hostNameOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/\.$/, '').replace(/^\[(.*)\]$/, '$1');
}

/** True for the names and addresses that reach this machine only. */
export function isLoopbackHost(hostName: string): boolean {
  const host = hostName.toLowerCase().replace(/\.$/, '').replace(/^\[(.*)\]$/, '$1');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)) return true;
  return host === '::1' || host === '0:0:0:0:0:0:0:1' || /^::ffff:127\./.test(host) || /^::ffff:7f[0-9a-f]{2}:/.test(host);
}

/** The port a URL uses (its default when it names none). */
function portOf(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

/** A chat site's address as a URL (a bare host name gets https://); undefined when it is none. */
function chatSiteUrl(entry: string): URL | undefined {
  const text = entry.trim();
  if (!text) return undefined;
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return undefined;
  }
}

/**
 * True when `url` is on a chat site: the same host or a subdomain of it; for a chat site on
 * loopback (a replica, a self-hosted chat on this machine), any loopback name with the same port
 * (localhost and 127.0.0.1 reach the same server), so the user's dev server beside it stays open.
 */
export function isChatSiteUrl(url: URL, chatSites: readonly string[]): boolean {
  const host = hostNameOf(url);
  return chatSites.some((entry) => {
    const site = chatSiteUrl(entry);
    if (!site) return false;
    const siteHost = hostNameOf(site);
    if (isLoopbackHost(siteHost)) return isLoopbackHost(host) && portOf(url) === portOf(site);
    return host === siteHost || host.endsWith(`.${siteHost}`);
  });
}

/** True when an entry of `ptk.tools.browserHosts` covers `url`: "host", "*.domain" (subdomains and the domain), "host:port". */
export function isApprovedHost(url: URL, approvedHosts: readonly string[]): boolean {
  const host = hostNameOf(url);
  return approvedHosts.some((raw) => {
    const entry = raw.trim().toLowerCase().replace(/\/+$/, '');
    if (!entry) return false;
    const portMatch = /^(.*?)(?::(\d+))?$/.exec(entry.replace(/^[a-z]+:\/\//, ''))!;
    const name = portMatch[1]!.replace(/\.$/, '').replace(/^\[(.*)\]$/, '$1');
    if (portMatch[2] !== undefined && portMatch[2] !== portOf(url)) return false;
    if (name.startsWith('*.')) {
      const domain = name.slice(2);
      return host === domain || host.endsWith(`.${domain}`);
    }
    return host === name;
  });
}

/**
 * Decides whether the tools may open `raw`. Throws URL_NOT_ALLOWED (a ToolExecutionError the
 * model reads) for what is never opened; otherwise says whether the user must approve it.
 */
export function decideUrl(raw: string, policy: UrlPolicy): UrlDecision {
  const text = raw.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refused(`"${text}" is not a URL: give a full address such as http://localhost:3000/ or https://docs.example.com/page.`, text);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw refused(`Only http and https addresses can be opened, not ${url.protocol} (local files, browser pages and data URLs are never opened). To look at a workspace file, use read_file.`, text);
  }
  if (url.username || url.password) throw refused('An address with a user name or password in it is not opened.', text);
  if (isChatSiteUrl(url, policy.chatSites)) {
    throw refused(`${url.origin} is a chat site PTK itself runs on: the web tools never open the chat sites' own pages.`, text);
  }
  const loopback = isLoopbackHost(hostNameOf(url));
  return { url, origin: url.origin, loopback, needsApproval: !loopback && !isApprovedHost(url, policy.approvedHosts) };
}

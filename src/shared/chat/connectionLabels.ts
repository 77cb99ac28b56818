/**
 * What the chat view says about the connection and which buttons it offers (pure): the
 * status labels, the action buttons' labels, and the actions the header offers in each
 * status. One table, so the header and the error cards never name the same thing twice.
 */
import type { ConnectionAction, ConnectionState, ConnectionStatus } from './protocol';

/** The header's word for each status. */
const CONNECTION_STATUS_LABELS: Readonly<Record<ConnectionStatus, string>> = {
  disconnected: 'Not connected yet: connects when you send',
  connecting: 'Connecting…',
  connected: 'Connected',
  limited: 'Usage limit reached',
  loginRequired: 'Log in required',
  error: 'Connection error',
};

/** The label of each action's button (error cards and the header). */
export const CONNECTION_ACTION_LABELS: Readonly<Record<ConnectionAction, string>> = {
  login: 'Log in',
  retry: 'Retry',
  openTab: 'Open tab',
  chooseSite: 'Choose site',
};

/**
 * The buttons the header offers in each status: none while all is well (the line stays one line
 * at the sidebar's default width), the site's tab and another site when this one cannot answer.
 */
export const HEADER_ACTIONS: Readonly<Record<ConnectionStatus, readonly ConnectionAction[]>> = {
  disconnected: [],
  connecting: [],
  connected: [],
  limited: ['chooseSite'],
  loginRequired: ['login', 'openTab'],
  error: ['retry', 'chooseSite'],
};

/** How the view names the offline demo replica (a local address standing in for the site). */
export const DEMO_SITE_NAME = 'Demo (offline)';

/** Whether the state is the offline demo: a replica on this machine standing in for the site. */
export function isDemo(state: ConnectionState): boolean {
  return state.demo === true && isLocalAddress(state.url);
}

/**
 * The site as the view and the status bar name it. One site: the demo replica by the demo's name,
 * never as the site it imitates. Several sites: the conversation's site by the name every menu
 * and message gives it ("ChatGPT (demo)" for a replica).
 */
export function siteLabel(state: ConnectionState): string {
  if (isDemo(state) && (state.sites?.length ?? 0) < 2) return DEMO_SITE_NAME;
  return state.site || 'No site';
}

/**
 * How Diagnose Site names the site it diagnosed (its report's title) and the prefix of its file
 * names: the demo by its own name, as a replica shaped like the site it imitates.
 */
export function diagnosedSite(state: ConnectionState, site: { id: string; name: string }): { name: string; filePrefix: string } {
  const label = siteLabel(state);
  if (label === DEMO_SITE_NAME) return { name: `${DEMO_SITE_NAME}, a ${site.name}-shaped replica`, filePrefix: 'demo' };
  // Several sites: named as the header names it ("ChatGPT (demo)" for a replica).
  return { name: (state.sites?.length ?? 0) > 1 ? label : site.name, filePrefix: site.id };
}

/** The header's status line: "site · Connected", with a guest session named. */
export function connectionStatusLine(state: ConnectionState): string {
  const label = CONNECTION_STATUS_LABELS[state.status];
  const guest = state.status === 'connected' && state.guest === true ? ' as a guest' : '';
  return `${siteLabel(state)} · ${label}${guest}`;
}

/** The header's tooltip: the full status line, the model and address, the detail and the site's latest notice, one per line. */
export function connectionTooltip(state: ConnectionState): string {
  return [
    connectionStatusLine(state),
    `Model: ${state.model || "the site's current model"}`,
    state.url ? `Address: ${state.url}` : undefined,
    state.demo ? 'Offline demo site, not a real chat' : undefined,
    state.detail,
    state.warning ? `Site notice: ${state.warning}` : undefined,
    state.sites?.length ? `Sites: ${state.sites.map((entry) => `${entry.label}: ${entry.state}`).join('; ')}` : undefined,
  ]
    .filter((line) => line !== undefined && line !== '')
    .join('\n');
}

/**
 * "chatgpt · GPT-5.5": what PTK talks to, the site and its model (the site's current one when
 * none was chosen). The header's line in every status (the address is in the tooltip), so a
 * sidebar of the default width shows it on one line before the first send as after it; the
 * status is the line's dot, spelled out in the tooltip (before the first send: not connected
 * yet, it connects when a message goes; nothing is wrong).
 */
export function siteModelLine(state: ConnectionState): string {
  // Several sites: the line names the conversation's site and its state (the model is in the tooltip).
  return `${siteLabel(state)} · ${state.siteState ?? (state.model || "site's model")}`;
}

/** "chatgpt · GPT-5.5 · 127.0.0.1:4100": what PTK talks to and where (the status bar). */
export function connectionTargetLine(state: ConnectionState): string {
  return [siteModelLine(state), state.url ? addressHost(state.url) : undefined].filter(Boolean).join(' · ');
}

/** An address's host and port ("127.0.0.1:4100"), or the text itself when it is no URL. */
function addressHost(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/** Whether an address points at this machine (a local replica of a site: the offline demo). */
export function isLocalAddress(url: string | undefined): boolean {
  if (!url) return false;
  try {
    const host = new URL(url).hostname;
    return host === 'localhost' || host === '[::1]' || host.startsWith('127.');
  } catch {
    return false;
  }
}

/** What the empty chat says when the site is the offline demo: it is not a real chat, and how to point PTK at one. */
export const DEMO_SITE_NOTE =
  'This is the offline demo site (a local replica answering from a script), not a real chat. To use a real one, set ptk.site or ptk.sites and clear the replica\'s address (ptk.siteUrl, or the url in ptk.siteOverrides): see "Pointing it at a real chat site" in the README.';

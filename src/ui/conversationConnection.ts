/**
 * The connection as the shown conversation sees it (pure). With several sites (ptk.sites) the
 * connection's own state speaks of the site user actions used to act on (the one holding the
 * last conversation, else the first ready one); the chat view's header and the status item show
 * instead the site of the conversation on screen, with that site's state ("Claude · limited until
 * 15:00"), and their buttons (Open tab, Log in, Diagnose) act on it. With one site the
 * connection's state is shown as it is.
 */
import { isDemoAddress } from './siteNames';
import type { ConnectionState } from '../shared/chat/protocol';
import type { SiteStatusLine } from './chatConnection';

/** The router's states that stop a site, as the header's connection status. */
const STOPPED_STATUS: Readonly<Record<string, { status: ConnectionState['status']; detail: (label: string, state: string) => string }>> = {
  limited: { status: 'limited', detail: (label, state) => `${label}: ${state}. Tasks go on at the next ready site of ptk.sites, or choose another site.` },
  coolingDown: { status: 'limited', detail: (label, state) => `${label}: ${state} after site errors. Tasks go on at the next ready site of ptk.sites, or choose another site.` },
  signedOut: { status: 'loginRequired', detail: (label) => `Log in to ${label} in the browser tab, then retry.` },
  blocked: { status: 'error', detail: (label) => `${label} is showing a bot check: complete it in its tab (Open tab), then retry.` },
  broken: { status: 'error', detail: (label) => `PTK no longer recognises ${label}'s page: run PTK: Diagnose Site.` },
};

/**
 * The state the header and the status item show for the conversation whose site is `site`
 * (`sites`: the listed sites with their states, by default the connection's; before the browser
 * backend runs the connection has none, and the listed ones say "not connected yet"):
 * that site named by its label with its state, its own login wall or broken page as the
 * status. The model setting, ptk.siteUrl and the demo belong to the first listed site only (a
 * model name names a model of the first site; another site uses its own). A status that is
 * not about one site (not connected yet, connecting, no browser) stays as it is.
 */
export function conversationConnectionState(state: ConnectionState, site: string | undefined, sites: readonly SiteStatusLine[] = (state.sites ?? []) as SiteStatusLine[]): ConnectionState {
  const line = sites.length > 1 ? sites.find((entry) => entry.site === site) : undefined;
  if (!line) return state;
  const first = sites[0]!.site === line.site;
  // The connection's guest session and notice are its current site's; its status and detail are
  // `statusSite`'s when it names one (a login wall met on another site), else the current site's.
  const current = state.site === line.site;
  const statusOwn = (state.statusSite ?? state.site) === line.site;
  const shown: ConnectionState = { site: line.label, status: state.status, sites: [...sites], siteState: line.state };
  if (current) Object.assign(shown, pick(state, ['guest', 'warning']));
  if (statusOwn) Object.assign(shown, pick(state, ['detail']));
  if (first) Object.assign(shown, pick(state, ['model', 'url', 'demo']));
  // Another site at an address of its own (ptk.siteOverrides' url): its address, and the demo when it is local.
  else if (line.url !== undefined) Object.assign(shown, { url: line.url }, isDemoAddress(line.site, line.url) ? { demo: true } : {});
  // Another site's login wall, or another named site's error, is not this site's.
  if (!statusOwn && (state.status === 'loginRequired' || (state.statusSite !== undefined && state.status === 'error'))) shown.status = 'connected';
  const stopped = line.status === undefined ? undefined : STOPPED_STATUS[line.status];
  // A usage limit kept across a reload is known before the browser starts: it is shown as such, not as "not connected yet".
  const known = shown.status === 'connected' || shown.status === 'loginRequired' || (shown.status === 'disconnected' && stopped?.status === 'limited');
  if (stopped && known) {
    shown.status = stopped.status;
    shown.detail = stopped.detail(line.label, line.state);
    delete shown.guest;
  }
  return shown;
}

function pick<Key extends keyof ConnectionState>(state: ConnectionState, keys: readonly Key[]): Partial<ConnectionState> {
  return Object.fromEntries(keys.filter((key) => state[key] !== undefined).map((key) => [key, state[key]]));
}

/**
 * The sites PTK: Diagnose Site offers from the command palette: the shown conversation's site
 * first (Enter diagnoses it), then the others in the order they are tried, each with its state.
 */
export function diagnoseSiteItems(sites: readonly SiteStatusLine[], shown: string | undefined): Array<{ label: string; description: string; site: string }> {
  const ordered = [...sites.filter((entry) => entry.site === shown), ...sites.filter((entry) => entry.site !== shown)];
  return ordered.map((entry) => ({ label: entry.label, description: [entry.state, entry.site === shown ? 'this conversation' : ''].filter(Boolean).join(' · '), site: entry.site }));
}

/** The connection's state and its changes, as the conversation on screen sees them. */
export class ConversationConnection {
  private readonly listeners = new Set<(state: ConnectionState) => void>();
  private readonly subscription: { dispose(): void };

  /** `shownSite`: the site the shown conversation uses (undefined with one site); `sites`: the listed sites with their states. */
  constructor(
    private readonly connection: { readonly state: ConnectionState; onDidChange(listener: (state: ConnectionState) => void): { dispose(): void } },
    private readonly shownSite: () => string | undefined,
    private readonly sites?: () => readonly SiteStatusLine[],
  ) {
    this.subscription = connection.onDidChange(() => this.refresh());
  }

  get state(): ConnectionState {
    return conversationConnectionState(this.connection.state, this.shownSite(), this.sites?.());
  }

  onDidChange(listener: (state: ConnectionState) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** Tells the listeners the state again: another conversation is shown, or its site was chosen. */
  refresh(): void {
    const state = this.state;
    for (const listener of this.listeners) listener(state);
  }

  dispose(): void {
    this.subscription.dispose();
    this.listeners.clear();
  }
}

/**
 * The connection to the chat site: creates the browser backend lazily (playwright-core is only
 * loaded when the user connects or sends, so activation stays fast), tracks its state for the
 * status bar and the view header, and recreates it when the site settings change. Pure: the
 * factory that loads the browser backend is injected.
 */
import { errorMessage } from '../core/errors';
import type { ILLMManager } from '../core/ports';
import { connectionStatusForError } from './errorActions';
import type { ConnectionState } from '../shared/chat/protocol';

/** What the chat talks to beyond the site's name: the model setting, an address override, the demo. */
type ConnectionTarget = Pick<ConnectionState, 'model' | 'url' | 'demo'>;
import type { OfferedChoices } from '../browser/modelSelection';

/** What the backend reports next to its connection (the browser backend's status). */
export interface ChatModelStatus {
  /** Signed out, chatting as a guest. */
  guest: boolean;
  /** The latest notice the site showed (informative, never an error). */
  warning?: string;
}

/** What the UI needs from the browser backend beyond ILLMManager (all optional: a scripted model has none). */
export interface ChatModelHandle extends ILLMManager {
  /** Opens (or focuses) the site's tab so the user can see it or log in. */
  openTab?(): Promise<void>;
  /** Opens the browser and the site and checks it is ready; throws LOGIN_REQUIRED etc. when not. */
  connect?(signal?: AbortSignal): Promise<void>;
  /** Closes the tab / browser. */
  close?(): Promise<void>;
  /** Listens to the backend's status (guest session, site notices). */
  onStatus?(listener: (status: ChatModelStatus) => void): { dispose(): void };
  /**
   * PTK: Diagnose Site: which of the adapter's selectors match on the live tab, its login /
   * guest state, the report as markdown and a redacted DOM snapshot.
   */
  diagnose?(signal?: AbortSignal): Promise<SiteDiagnosisReport>;
  /** PTK: Choose Model: what the site's model picker offers (opened and closed again). */
  listModels?(signal?: AbortSignal): Promise<OfferedChoices>;
  /** Several sites: each with its state in a few words, in the order they are tried. */
  sites?(): SiteStatusLine[];
  /** Several sites: the site (id) user actions act on now. */
  currentSite?(): string;
  /** Several sites: the handle of one listed site (its tab, sign-in, diagnosis), undefined for another. */
  forSite?(site: string): ChatModelHandle | undefined;
  /** Several sites: called when a site's state changes. */
  onDidChangeSites?(listener: () => void): { dispose(): void };
}

/** A site of ptk.sites and its state ("ready", "limited until 15:00"). */
export interface SiteStatusLine {
  site: string;
  label: string;
  state: string;
  /** The site can take a call now (not limited, signed out, blocked, …). */
  ready: boolean;
  /** Why it cannot, when known: the router's SiteStatus ('signedOut', 'limited', …; the header offers Log in for 'signedOut'). */
  status?: string;
  /** What the site said when it stopped (the failure's message), when known. */
  detail?: string;
  /** The address it opens when it is not the site's own (a replica at a local address is the demo). */
  url?: string;
}

/** What Diagnose Site gives the UI. */
interface SiteDiagnosisReport {
  site: string;
  /** The site's display name (the report's title unless the demo is named instead). */
  siteName: string;
  /** Lists that should match and do not. */
  problems: string[];
  /** The redacted page snapshot (HTML with an evidence header). */
  snapshot: string;
  /**
   * The report as markdown, naming where the snapshot was saved; titled with `siteName` when
   * given; `routerState`: the site's state in the router, which the report's state line states
   * when the site is held out (limited, signed out…).
   */
  report(snapshotPath?: string, options?: { siteName?: string; routerState?: Pick<SiteStatusLine, 'state' | 'ready' | 'detail'> }): string;
}

/** Creates the model for the current settings (loads the browser backend). */
export type ChatModelFactory = () => Promise<ChatModelHandle>;

export class ChatConnection {
  private model?: ChatModelHandle;
  private connecting?: Promise<ChatModelHandle>;
  private current: ConnectionState;
  private readonly listeners = new Set<(state: ConnectionState) => void>();
  private modelStatus: ChatModelStatus = { guest: false };
  private statusSubscription?: { dispose(): void };
  private sitesSubscription?: { dispose(): void };
  private target: ConnectionTarget = {};
  /** A given model (useModel) stands in for the site: the view calls it the demo. */
  private givenModel = false;

  constructor(private factory: ChatModelFactory, private siteName: string) {
    this.current = { site: siteName, status: 'disconnected' };
  }

  /** Sets what the state names beside the site (model, address override, demo) and tells the listeners. */
  setTarget(target: ConnectionTarget): void {
    this.target = target;
    this.setState(this.current.status, this.current.detail);
  }

  get state(): ConnectionState {
    return this.current;
  }

  onDidChange(listener: (state: ConnectionState) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /**
   * Sets the state (also used when a task reports a login wall). While connected, the
   * backend's status rides along: a guest session ("chatting as a guest") and the latest notice.
   * `about`: with several sites, the site the status speaks of (a task's failed site, the site an
   * action acted on), when known.
   */
  setState(status: ConnectionState['status'], detail?: string, about?: string): void {
    const next: ConnectionState = { site: this.siteName, status, detail };
    if (this.target.model) next.model = this.target.model;
    if (this.target.url) next.url = this.target.url;
    if (this.target.demo || this.givenModel) next.demo = true;
    if (status === 'connected' && this.modelStatus.guest) {
      next.guest = true;
      next.detail ??= `Chatting as a guest: signed out of ${this.siteName}. Log in in the browser tab to use your account.`;
    }
    if (status === 'connected' && this.modelStatus.warning) next.warning = this.modelStatus.warning;
    const sites = this.model?.sites?.();
    if (sites && sites.length > 0) {
      next.sites = sites;
      next.site = this.model?.currentSite?.() ?? next.site;
      if (about !== undefined && about !== next.site) next.statusSite = about;
    }
    this.current = next;
    for (const listener of this.listeners) listener(this.current);
  }

  /** Follows the model's status (guest, notices) and shows it with the connection. */
  private follow(model: ChatModelHandle): void {
    this.statusSubscription?.dispose();
    this.sitesSubscription?.dispose();
    this.modelStatus = { guest: false };
    this.statusSubscription = model.onStatus?.((status) => {
      if (this.model !== model) return; // a closed model's late report
      this.modelStatus = status;
      if (this.current.status === 'connected') this.setState('connected');
    });
    // Several sites: a site's new state (limited, signed out, ready again) shows at once.
    this.sitesSubscription = model.onDidChangeSites?.(() => {
      if (this.model === model) this.setState(this.current.status, this.current.detail);
    });
  }

  /** The model, connecting first when needed. Concurrent callers share one connection attempt. */
  async getModel(): Promise<ChatModelHandle> {
    if (this.model) return this.model;
    if (!this.connecting) {
      this.setState('connecting');
      this.connecting = (async () => {
        try {
          const model = await this.factory();
          this.model = model;
          this.follow(model);
          // A login wall shows when the site is used (its call or its tab throws LOGIN_REQUIRED).
          this.setState('connected');
          return model;
        } catch (error) {
          const status = connectionStatusForError(error) ?? 'error';
          this.setState(status, errorMessage(error));
          throw error;
        } finally {
          this.connecting = undefined;
        }
      })();
    }
    return this.connecting;
  }

  /**
   * The model user actions on `site` act on (connecting first when needed): that site's handle
   * with several sites, else the model itself (one site, or `site` undefined or not listed).
   */
  async siteModel(site?: string): Promise<ChatModelHandle> {
    const model = await this.getModel();
    return (site === undefined ? undefined : model.forSite?.(site)) ?? model;
  }

  /** Connects (if needed) and shows the tab of `site` (default: the current one); a login wall or a missing browser becomes the state. */
  async openTab(site?: string): Promise<void> {
    const model = await this.siteModel(site);
    await this.checked(() => model.openTab?.(), site);
  }

  /** Re-checks `site` (default: the current one) after the user logged in: the backend's connect, which throws on a login wall still there. */
  async refreshLogin(site?: string): Promise<void> {
    const model = await this.siteModel(site);
    await this.checked(() => model.connect?.(), site);
  }

  private async checked(action: () => Promise<void> | undefined, site?: string): Promise<void> {
    try {
      await action();
      this.setState('connected');
    } catch (error) {
      this.setState(connectionStatusForError(error) ?? 'error', errorMessage(error), site);
      throw error;
    }
  }

  /** Closes the current model; the next call connects again with `factory` (new settings or site). */
  async reset(factory?: ChatModelFactory, siteName?: string): Promise<void> {
    const model = this.model;
    this.model = undefined;
    this.statusSubscription?.dispose();
    this.statusSubscription = undefined;
    this.sitesSubscription?.dispose();
    this.sitesSubscription = undefined;
    this.modelStatus = { guest: false };
    if (factory) {
      this.factory = factory;
      this.givenModel = false;
    }
    if (siteName) this.siteName = siteName;
    this.setState('disconnected');
    await model?.close?.().catch(() => undefined);
  }

  /** Uses a given model (tests, the demo's scripted model) instead of the factory. */
  useModel(model: ChatModelHandle, siteName = this.siteName): void {
    void this.model?.close?.().catch(() => undefined);
    this.model = model;
    this.siteName = siteName;
    this.givenModel = true;
    this.follow(model);
    this.setState('connected');
  }

  async dispose(): Promise<void> {
    await this.reset();
    this.listeners.clear();
  }
}

/**
 * The UI's model handle over several sites (`ptk.sites`): calls go through the site router
 * (failover, per-site state), and what acts on one tab (open it, check the sign-in, connect,
 * diagnose, list the site's models) acts on the site that holds the current conversation, else
 * the first ready site of the list. Pure: the sites' handles and the router are given.
 */
import type { LLMCallOptions } from '../core/ports';
import { describeSiteState, type SiteRouter, type SiteState } from '../core/routing';
import type { ChatModelHandle, ChatModelStatus, SiteStatusLine } from './chatConnection';

/** One site's handle, with its id (as in ptk.sites) and its name for people. */
export interface SiteHandle {
  site: string;
  label: string;
  /** The address it opens when it is not the site's own (ptk.siteUrl, ptk.siteOverrides' url). */
  url?: string;
  /** A browser model: it can be diagnosed and list its site's models. */
  model: ChatModelHandle & Required<Pick<ChatModelHandle, 'diagnose' | 'listModels'>>;
}

export class RoutedChatModel implements ChatModelHandle {
  constructor(
    private readonly router: SiteRouter,
    private readonly handles: readonly SiteHandle[],
  ) {}

  get keepsThread(): boolean {
    return this.router.keepsThread;
  }

  call(prompt: string, options?: LLMCallOptions): Promise<string> {
    return this.router.call(prompt, options);
  }

  /** Each site's state, in the order of ptk.sites. */
  states(): SiteState[] {
    return this.router.states();
  }

  onDidChangeStates(listener: (states: SiteState[]) => void): () => void {
    return this.router.onDidChangeStates(listener);
  }

  /** Each site with its state in a few words ("limited until 15:00") and what the site said, for the status item and Diagnose Site. */
  sites(now: number = Date.now()): SiteStatusLine[] {
    return this.router.states().map((state) => ({
      site: state.site,
      label: state.label,
      state: describeSiteState(state, now),
      ready: state.status === 'ready',
      status: state.status,
      ...(state.detail === undefined ? {} : { detail: state.detail }),
      ...urlOf(this.handles.find((handle) => handle.site === state.site)),
    }));
  }

  currentSite(): string {
    return this.current().site;
  }

  onDidChangeSites(listener: () => void): { dispose(): void } {
    return { dispose: this.router.onDidChangeStates(() => listener()) };
  }

  /** The site a user action acts on: the one holding the conversation, else the first ready one, else the first. */
  current(): SiteHandle {
    const holder = this.router.siteOf();
    const ready = new Set(this.router.states().filter((state) => state.status === 'ready').map((state) => state.site));
    return this.handles.find((entry) => entry.site === holder) ?? this.handles.find((entry) => ready.has(entry.site)) ?? this.handles[0]!;
  }

  /**
   * The handle of one listed site (undefined for a site not listed): what the user does to a
   * conversation's site (open its tab, log in, diagnose it) acts on that site's browser model;
   * connecting it makes the site ready again, as `connect` does.
   */
  forSite(site: string): ChatModelHandle | undefined {
    const entry = this.handles.find((candidate) => candidate.site === site);
    return entry && this.siteView(entry);
  }

  private siteView({ site, model }: SiteHandle): ChatModelHandle {
    return {
      call: (prompt, options) => this.router.call(prompt, { ...options, site, stayOnSite: true }),
      openTab: async () => {
        await model.openTab?.();
      },
      connect: async (signal) => {
        await model.connect?.(signal);
        this.router.resetSite(site);
      },
      diagnose: (signal) => model.diagnose(signal),
      listModels: (signal) => model.listModels(signal),
    };
  }

  async openTab(): Promise<void> {
    await this.current().model.openTab?.();
  }

  async connect(signal?: AbortSignal): Promise<void> {
    const { site, model } = this.current();
    await model.connect?.(signal);
    // The user signed in again or passed a check: the site is ready again.
    this.router.resetSite(site);
  }

  async close(): Promise<void> {
    await Promise.all(this.handles.map((entry) => entry.model.close?.().catch(() => undefined)));
  }

  /** The status of the site user actions act on (a guest session, its latest notice). */
  onStatus(listener: (status: ChatModelStatus) => void): { dispose(): void } {
    const subscriptions = this.handles.map((entry) =>
      entry.model.onStatus?.((status) => {
        if (this.current().site === entry.site) listener(status);
      }),
    );
    return { dispose: () => subscriptions.forEach((subscription) => subscription?.dispose()) };
  }

  diagnose(signal?: AbortSignal): ReturnType<NonNullable<ChatModelHandle['diagnose']>> {
    return this.current().model.diagnose(signal);
  }

  listModels(signal?: AbortSignal): ReturnType<NonNullable<ChatModelHandle['listModels']>> {
    return this.current().model.listModels(signal);
  }
}

/** The handle's address as a status line carries it (none when it opens the site's own). */
function urlOf(handle: SiteHandle | undefined): { url?: string } {
  return handle?.url === undefined ? {} : { url: handle.url };
}

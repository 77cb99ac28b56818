/**
 * What site discovery (site "auto") learned of each chat page, kept across restarts. The browser
 * backend holds it per origin for its process (`learnedSites` of src/browser/index.ts); this
 * keeps it in a host's store: restored into the backend when the backend loads (before its first
 * model is made), written back after every turn that changed it, and dropped by Forget. The VS
 * Code host's store is its global state (the user's own, never a workspace's: a cloned repository
 * must not be able to plant the selectors PTK drives a page with).
 */
import type * as BrowserBackend from '../browser';
import { LLMBackendError, PTKErrorCode } from '../core/errors';
import { loadBrowserBackend } from './browserLoader';
import type { ExtensionSettings } from './settings';

/** The backend's learned sites (its `learnedSites`). */
export type LearnedSitesBackend = (typeof BrowserBackend)['learnedSites'];
/** One origin's record, as the backend gives it. */
type LearnedSiteRecord = ReturnType<LearnedSitesBackend['records']>[number];

/** Where the records live between runs. */
export interface LearnedSitesStore {
  read(): unknown;
  write(records: readonly unknown[]): unknown;
}

export class LearnedSites {
  /** The backends (the loaded module) the stored records were handed to: once each. */
  private readonly restored = new WeakSet<object>();
  /** The records as last written (JSON), so an unchanged turn writes nothing. */
  private written: string | undefined;

  constructor(
    private readonly store: LearnedSitesStore,
    private readonly log: (line: string) => void = () => undefined,
  ) {}

  /** Hands the stored records to a freshly loaded backend (once); records of a bad shape are dropped from the store. */
  attach(backend: LearnedSitesBackend): void {
    if (this.restored.has(backend)) return;
    this.restored.add(backend);
    const { restored, dropped } = backend.restore(this.store.read());
    if (restored > 0) this.log(`Site discovery: what was learned of ${restored} site${restored === 1 ? '' : 's'} restored.`);
    if (dropped > 0) {
      this.log(`Site discovery: ${dropped} stored record${dropped === 1 ? '' : 's'} of a learned site dropped (not of the expected shape).`);
      this.written = undefined;
      this.keep(backend);
    } else {
      this.written = JSON.stringify(backend.records());
    }
  }

  /** After a turn: writes the backend's records when they changed. */
  keep(backend: LearnedSitesBackend): void {
    const records = backend.records();
    const json = JSON.stringify(records);
    if (json === this.written) return;
    this.written = json;
    void Promise.resolve(this.store.write(records)).catch((error: unknown) => this.log(`Site discovery: could not keep what was learned: ${String(error)}`));
  }

  /** The records the backend holds now (after `attach`). */
  records(backend: LearnedSitesBackend): LearnedSiteRecord[] {
    this.attach(backend);
    return backend.records();
  }

  /** Forgets the origin of `url` in the backend and the store; false when nothing was learned of it. */
  forget(backend: LearnedSitesBackend, url: string): boolean {
    this.attach(backend);
    const origin = new URL(url).origin;
    const known = backend.records().some((record) => record.origin === origin);
    backend.forget(url);
    this.keep(backend);
    return known;
  }
}

/**
 * The page whose learned site the commands act on (pure): ptk.siteUrl when ptk.site is "auto"
 * and something was learned of its origin, else each learned origin (the caller asks which).
 */
export function learnedSiteChoices(settings: Pick<ExtensionSettings, 'site' | 'siteUrl'>, origins: readonly string[]): { url: string } | { urls: string[] } {
  const own = settings.site === 'auto' && settings.siteUrl && /^https?:\/\//.test(settings.siteUrl) ? settings.siteUrl : undefined;
  if (own && origins.includes(new URL(own).origin)) return { url: own };
  return { urls: origins.map((origin) => `${origin}/`) };
}

/** The untitled document Export shows: how to use it, then the setting (JSON with comments, as settings.json). */
export function learnedSiteDocument(customSite: object): string {
  return [
    '// What site discovery learned of this chat page, as a',
    '// ptk.customSite setting. To use it: copy "ptk.customSite" into',
    '// your user settings.json and set "ptk.site" to "custom"',
    '// (ptk.siteUrl, when set, still gives the address). Edit any',
    '// selector the page changed; docs/sites.md describes each field.',
    JSON.stringify({ 'ptk.customSite': customSite }, null, 2),
    '',
  ].join('\n');
}

/** The loaded backend's learned sites (requires out/browser.js, and with it playwright-core). */
export function loadLearnedSites(extensionPath: string): LearnedSitesBackend {
  const backend = loadBrowserBackend(extensionPath, 'createBrowserChatModel');
  if (!backend.learnedSites) throw new LLMBackendError('out/browser.js does not export learnedSites.', { code: PTKErrorCode.BROWSER_LAUNCH_FAILED, recoverable: false });
  return backend.learnedSites;
}

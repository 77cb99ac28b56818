/**
 * The web tools' browser for the extension (pure): a WebPagePort that loads the browser backend
 * (out/browser.js) on the first page it opens and makes its isolated browser there (its own
 * headless Chromium, at `ptk.browserPath` when set; never the chat profile), and the chat sites
 * the tools must not open: every built-in site's addresses, `ptk.siteUrl`, the custom site's
 * URL and the URLs of `ptk.siteOverrides`.
 */
import type { FetchedPage, WebPagePort, WebPageStep, WebPageView, WebStepOptions } from '../core/webPage';
import { loadBrowserBackend } from './browserLoader';
import type { ExtensionSettings } from './settings';

/** The chat addresses the settings add to the built-in sites' (pure). */
export function configuredChatAddresses(settings: ExtensionSettings): string[] {
  const addresses: string[] = [];
  const add = (value: unknown): void => {
    if (typeof value === 'string' && value.trim()) addresses.push(value.trim());
  };
  add(settings.siteUrl);
  add(settings.customSite?.['url']);
  for (const override of Object.values(settings.siteOverrides ?? {})) {
    if (override && typeof override === 'object') add((override as Record<string, unknown>)['url']);
  }
  return addresses;
}

export class ExtensionWebPagePort implements WebPagePort {
  private port: WebPagePort | undefined;

  constructor(private readonly extensionPath: string, private readonly settings: () => ExtensionSettings) {}

  /** Every chat site's address (built-in and configured): the web tools refuse them. */
  chatSites(): string[] {
    const backend = loadBrowserBackend(this.extensionPath, 'builtInChatSiteAddresses');
    return [...backend.builtInChatSiteAddresses(), ...configuredChatAddresses(this.settings())];
  }

  step(step: WebPageStep, options: WebStepOptions): Promise<WebPageView> {
    return this.opened().step(step, options);
  }

  fetch(url: string, options: Omit<WebStepOptions, 'screenshot'>): Promise<FetchedPage> {
    return this.opened().fetch(url, options);
  }

  async close(): Promise<void> {
    const port = this.port;
    this.port = undefined;
    await port?.close();
  }

  private opened(): WebPagePort {
    if (this.port) return this.port;
    const backend = loadBrowserBackend(this.extensionPath, 'createIsolatedWebBrowser');
    const browserPath = this.settings().browserPath;
    this.port = backend.createIsolatedWebBrowser(browserPath ? { browserPath } : {});
    return this.port;
  }
}

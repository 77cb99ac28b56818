/**
 * Loads the browser backend (out/browser.js, which requires playwright-core) only when the
 * user connects or sends: activation never pays for Playwright. The backend's documented
 * factory is `createBrowserChatModel({ site, browserPath?, headless?, cdpUrl?, profileDir?,
 * customSite? })`; `siteUrl` is passed too (start URL override, e.g. a local replica).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { LLMBackendError, PTKErrorCode } from '../core/errors';
import type { ChatModelFactory, ChatModelHandle } from './chatConnection';
import type { ExtensionSettings } from './settings';

/** Options given to the backend's factory. */
export interface BrowserModelOptions {
  site: string;
  siteUrl?: string;
  customSite?: Record<string, unknown>;
  browserPath?: string;
  headless?: boolean;
  cdpUrl?: string;
  profileDir?: string;
}

/** The part of out/browser.js the extension uses. */
export interface BrowserBackendModule {
  createBrowserChatModel(options: BrowserModelOptions): ChatModelHandle | Promise<ChatModelHandle>;
}

/** The factory options for the current settings (pure). */
export function browserModelOptions(settings: ExtensionSettings, defaultProfileDir: string): BrowserModelOptions {
  return {
    site: settings.site,
    // The backend applies siteUrl to any adapter (custom included), so a replica of a site is `site` + `siteUrl`.
    siteUrl: settings.siteUrl,
    customSite: settings.customSite,
    browserPath: settings.browserPath,
    headless: settings.headless,
    cdpUrl: settings.cdpUrl,
    profileDir: settings.profileDir ?? join(defaultProfileDir, `browser-profile-${settings.site}`),
  };
}

/** A factory that requires `<extension>/out/browser.js` on first use. */
export function createBrowserModelFactory(extensionPath: string, settings: () => ExtensionSettings, defaultProfileDir: string): ChatModelFactory {
  return async () => {
    const modulePath = join(extensionPath, 'out', 'browser.js');
    if (!existsSync(modulePath)) {
      throw new LLMBackendError(`The browser backend is missing from this build (${modulePath}).`, PTKErrorCode.BROWSER_LAUNCH_FAILED, { recoverable: false });
    }
    // A runtime require of a path: esbuild leaves it alone, so playwright-core loads only now.
    const loaded = createRequire(modulePath)(modulePath) as Partial<BrowserBackendModule>;
    if (typeof loaded.createBrowserChatModel !== 'function') {
      throw new LLMBackendError('out/browser.js does not export createBrowserChatModel.', PTKErrorCode.BROWSER_LAUNCH_FAILED, { recoverable: false });
    }
    return loaded.createBrowserChatModel(browserModelOptions(settings(), defaultProfileDir));
  };
}

/**
 * The site's temporary (history-free) chat: its URL form, whether a tab shows it, and turning
 * its toggle on. Agent chats then stay out of the user's account history. A control that is not
 * found is a warning for the turn, never a failure: the chat goes on, saved as usual.
 */
import type { Page } from 'playwright-core';
import type { SiteAdapter, TemporaryChatControl } from './adapters/types';
import { resolveSelector } from './selectors';

/** How long the page may take to show the temporary state after the toggle was clicked. */
const TOGGLE_SETTLE_MS = 5_000;

/** The site's start URL with the temporary-chat parameter (kept on a replaced site URL). */
export function temporaryChatUrl(siteUrl: string, [name, value]: readonly [string, string]): string {
  const url = new URL(siteUrl);
  url.searchParams.set(name, value);
  // `?incognito` has no value on the real site: write it bare rather than `incognito=`.
  return value === '' ? url.toString().replace(new RegExp(`([?&]${name})=(?=&|$)`), '$1') : url.toString();
}

/** True when the tab shows the temporary chat: one of its markers, or its address. */
export async function temporaryChatIsOn(page: Page, control: TemporaryChatControl): Promise<boolean> {
  if (control.active && (await resolveSelector(control.active, (selector) => page.locator(selector).count())) !== undefined) return true;
  return addressShowsTemporaryChat(page.url(), control);
}

/** True when an address shows the temporary chat: its URL parameter (`onUrlParam`, default `urlParam`'s name), hash or path (`onUrl`). */
export function addressShowsTemporaryChat(address: string, control: TemporaryChatControl): boolean {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return false;
  }
  const param = control.onUrlParam ?? control.urlParam?.[0];
  if (param && url.searchParams.has(param)) return true;
  const { hash, path } = control.onUrl ?? {};
  if (hash && url.hash === hash) return true;
  return Boolean(path && (url.pathname === path || url.pathname.startsWith(`${path}/`)));
}

/** True when something can show the mode is on (a marker or the address). */
function temporaryChatConfirmable(control: TemporaryChatControl): boolean {
  return Boolean((control.active && control.active.length > 0) || control.onUrl || control.onUrlParam || control.urlParam);
}

/** The warning a turn carries when the site's temporary-chat control was not found. */
export function temporaryChatMissing(adapter: Pick<SiteAdapter, 'displayName'>): string {
  return `${adapter.displayName}: the temporary-chat control was not found, so this chat is saved in your history (ptk.temporaryChats).`;
}

/** The warning a turn carries when the toggle was clicked but nothing on the page can show the mode is on. */
export function temporaryChatUnconfirmed(adapter: Pick<SiteAdapter, 'displayName'>): string {
  return `${adapter.displayName}: the temporary-chat control was clicked, but the page shows nothing that confirms it, so this chat may be saved in your history (ptk.temporaryChats).`;
}

/**
 * Clicks the site's temporary-chat toggle on a fresh chat (opening the menu that holds it first
 * when needed) unless it is on already, and waits for the page to show it. Returns the turn's
 * warnings.
 */
export async function turnOnTemporaryChat(page: Page, adapter: SiteAdapter, control: TemporaryChatControl, signal?: AbortSignal): Promise<string[]> {
  if (await temporaryChatIsOn(page, control)) return [];
  const count = (selector: string): Promise<number> => page.locator(`${selector}:visible`).count();
  let toggle = await resolveSelector(control.toggle ?? [], count);
  if (!toggle && control.toggleOpener) {
    const opener = await resolveSelector(control.toggleOpener, count);
    if (opener) {
      await page.locator(`${opener.selector}:visible`).first().click({ timeout: 5_000 }).catch(() => undefined);
      toggle = await waitForSelector(page, control.toggle ?? []);
    }
  }
  if (!toggle || signal?.aborted) return [temporaryChatMissing(adapter)];
  await page.locator(`${toggle.selector}:visible`).first().click({ timeout: 5_000 }).catch(() => undefined);
  if (!temporaryChatConfirmable(control)) return [temporaryChatUnconfirmed(adapter)];
  return (await waitUntilOn(page, control)) ? [] : [temporaryChatMissing(adapter)];
}

/** Waits, up to the settle time, for one of the control's markers or for the address to show the mode. */
async function waitUntilOn(page: Page, control: TemporaryChatControl): Promise<boolean> {
  const waits: Array<Promise<unknown>> = [];
  if (control.active && control.active.length > 0) {
    waits.push(page.locator(control.active.join(', ')).first().waitFor({ state: 'attached', timeout: TOGGLE_SETTLE_MS }));
  }
  if (control.onUrl || control.onUrlParam || control.urlParam) {
    waits.push(page.waitForURL((url) => addressShowsTemporaryChat(url.href, control), { timeout: TOGGLE_SETTLE_MS, waitUntil: 'commit' }));
  }
  const shown = await Promise.any(waits).then(() => true, () => false);
  return shown || temporaryChatIsOn(page, control);
}

/** The first of `list` that becomes visible within the settle time. */
async function waitForSelector(page: Page, list: readonly string[]): Promise<{ selector: string; index: number } | undefined> {
  if (list.length === 0) return undefined;
  const appeared = await page
    .locator(list.map((selector) => `${selector}:visible`).join(', '))
    .first()
    .waitFor({ state: 'visible', timeout: TOGGLE_SETTLE_MS })
    .then(() => true, () => false);
  return appeared ? resolveSelector(list, (selector) => page.locator(`${selector}:visible`).count()) : undefined;
}

/**
 * The headless Chromium the real-VS-Code tests look at the workbench with (Debian's chromium,
 * never a downloaded one), and the page that opens code-server's workbench in it.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { findChromium } from './paths';

const WORKBENCH_BROWSER_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'];

/** Launches the headless Chromium; `extraArgs` add to the usual flags (a debugging port, …). */
export function launchWorkbenchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium not found (install Debian chromium, or set PTK_CHROMIUM_PATH)');
  return chromium.launch({ executablePath, headless: true, args: [...WORKBENCH_BROWSER_ARGS, ...extraArgs] });
}

/**
 * Ceilings, not waits: every step waits for what the workbench shows, and these only bound a
 * step that is stuck. They are generous because on a busy two-core machine (load 20) one click
 * in the workbench took over 30 s (Playwright's own default) and a first workbench load over 60 s.
 */
export const WORKBENCH_ACTION_CEILING_MS = 120_000;
export const WORKBENCH_LOAD_CEILING_MS = 300_000;

/** A new page for the workbench, with the action ceiling as its default timeout. */
export async function newWorkbenchPage(browser: Browser, viewport: { width: number; height: number } = { width: 1400, height: 900 }): Promise<Page> {
  const page = await browser.newPage({ viewport });
  page.setDefaultTimeout(WORKBENCH_ACTION_CEILING_MS);
  return page;
}

/** Opens the workbench at `url` in a new page and waits until it is drawn. */
export async function openWorkbenchPage(browser: Browser, url: string, viewport: { width: number; height: number } = { width: 1400, height: 900 }): Promise<Page> {
  const page = await newWorkbenchPage(browser, viewport);
  await page.goto(url, { timeout: WORKBENCH_LOAD_CEILING_MS });
  await page.locator('.monaco-workbench').waitFor({ timeout: WORKBENCH_LOAD_CEILING_MS });
  return page;
}

/**
 * The generic contract steps on one page, driven by an adapter's data (and its hooks when it
 * has them): ready / logged-in check, new chat, insert (one action, chunked when very long,
 * read back), press send. Confirming the submit and waiting for the answer happen in
 * BrowserChatModel, which receives the page's snapshots.
 */
import type { Locator, Page } from 'playwright-core';
import { LLMBackendError, PTKErrorCode } from '../core/errors';
import { DEFAULTS } from '../core/constants';
import { throwIfAborted } from '../core/util/abortSignals';
import { type SiteAdapter } from './adapters/types';
import { pageSelectorsOf } from './pageSelectors';
import { classifyPageProblems } from './errorClassifier';
import { hostMatches } from './pageSignals';
import { sleep } from './pageWaits';
import type { PageProbe, PageRuntime } from './page/pageRuntime';
import { resolveSelector, selectorNotFound } from './selectors';
import { temporaryChatIsOn, temporaryChatMissing, temporaryChatUrl, turnOnTemporaryChat } from './temporaryChat';

/** Calls a runtime method in the page. */
export async function callRuntime<T>(page: Page, method: keyof PageRuntime, ...args: unknown[]): Promise<T> {
  return page.evaluate(
    ({ method: name, args: values }) => {
      const runtime = (window as unknown as { __ptkRuntime?: Record<string, (...parameters: unknown[]) => unknown> }).__ptkRuntime;
      if (!runtime) throw new Error('PTK page runtime missing');
      return runtime[name]!(...values) as T;
    },
    { method, args },
  );
}

/** Probes the page; undefined while it is navigating. */
export async function probe(page: Page, adapter: SiteAdapter): Promise<PageProbe | undefined> {
  try {
    return await callRuntime<PageProbe>(page, 'probe', pageSelectorsOf(adapter));
  } catch {
    return undefined;
  }
}

/** How long a login wall must stand without a composer before it means "log in". */
const LOGIN_WALL_GRACE_MS = 500;
/** How long a bot check resting only on a hidden challenge frame must last before it counts. */
const WEAK_BOT_CHECK_GRACE_MS = 3_000;

/**
 * Waits until the composer is there (ready and logged in, or a guest session: a composer next
 * to a login wall). A tab on a sign-in host, a login wall without a composer or a bot check
 * fails at once with its typed error; no composer in time is SELECTOR_NOT_FOUND (or the error
 * a banner names).
 */
export async function ensureReady(page: Page, adapter: SiteAdapter, signal?: AbortSignal): Promise<PageProbe> {
  const deadline = Date.now() + (adapter.timings?.readyTimeoutMs ?? DEFAULTS.browserReadyTimeoutMs);
  let last: PageProbe | undefined;
  let wallSince: number | undefined;
  let weakBotCheckSince: number | undefined;
  for (;;) {
    throwIfAborted(signal);
    // The tab (or the whole window) closed while the page loaded: no composer will come.
    if (page.isClosed()) throw closedBeforeReady(adapter);
    if (onSignInHost(page, adapter)) throw classifyPageProblems({ banners: [], loginWall: false, botCheck: false, signInHost: true }, adapter)!;
    last = (await probe(page, adapter)) ?? last;
    if (last) {
      // A login wall counts once it has stood without a composer for a moment: a guest page
      // may draw its "Log in" button before its composer.
      wallSince = last.loginWall ? (wallSince ?? Date.now()) : undefined;
      const wallStands = wallSince !== undefined && Date.now() - wallSince >= LOGIN_WALL_GRACE_MS;
      weakBotCheckSince = last.botCheckWeak ? (weakBotCheckSince ?? Date.now()) : undefined;
      const botCheck = last.botCheck && (!last.botCheckWeak || Date.now() - weakBotCheckSince! >= WEAK_BOT_CHECK_GRACE_MS);
      const problem = classifyPageProblems({ banners: [], loginWall: wallStands, botCheck }, adapter);
      if (problem) throw problem;
      if (last.composerPresent) return last;
    }
    if (Date.now() > deadline) {
      if (last && last.banners.length > 0) throw classifyPageProblems({ banners: last.banners, loginWall: false, botCheck: false }, adapter)!;
      throw selectorNotFound(adapter.displayName, 'composer (prompt input)', adapter.selectors.composer);
    }
    await sleep(100, signal);
  }
}

/** TAB_CLOSED for a tab (or its whole window) closed while the site loaded. */
export function closedBeforeReady(adapter: SiteAdapter): LLMBackendError {
  return new LLMBackendError(`${adapter.displayName}: the browser tab (or its window) was closed before the site was ready. Retry opens it again.`, { code: PTKErrorCode.TAB_CLOSED, context: { site: adapter.id } });
}

/** True when the page is on one of the adapter's hosts. */
export function onSite(page: Page, adapter: SiteAdapter): boolean {
  try {
    const host = new URL(page.url()).host;
    const hosts = adapter.hosts ?? [new URL(adapter.url).host];
    return hosts.includes(host) || host === new URL(adapter.url).host;
  } catch {
    return false;
  }
}

/**
 * True when the tab is on one of the adapter's off-site sign-in hosts (accounts.google.com,
 * auth.openai.com…). A sign-in host that is also one of the site's own hosts never counts:
 * there the login wall selectors decide.
 */
export function onSignInHost(page: Page, adapter: SiteAdapter): boolean {
  const signInHosts = adapter.signInHosts ?? [];
  if (signInHosts.length === 0 || onSite(page, adapter)) return false;
  try {
    return hostMatches(new URL(page.url()).hostname, signInHosts);
  } catch {
    return false;
  }
}

interface NewChatOptions {
  /** Open the site's temporary (history-free) chat where it has one. */
  temporary?: boolean;
}

/** What opening a new chat did. */
export interface NewChat {
  /** Warnings for the turn (a temporary-chat control that was not found, an earlier chat reopened). */
  notices: string[];
  /** The site reopened an earlier chat and no control started a new one: the thread goes on in that chat. */
  reopened: boolean;
}

/**
 * Opens a fresh chat, temporary when asked and the site has one (temporaryChat.ts). Never a
 * failure: what could not be done is in the result's notices.
 */
export async function openNewChat(page: Page, adapter: SiteAdapter, signal?: AbortSignal, options: NewChatOptions = {}): Promise<NewChat> {
  const control = options.temporary ? adapter.temporaryChat : undefined;
  if (control?.urlParam) {
    if (!(await temporaryChatIsOn(page, control)) || !(await freshChat(page, adapter))) {
      await page.goto(temporaryChatUrl(adapter.url, control.urlParam), { waitUntil: 'domcontentloaded' });
      await ensureReady(page, adapter, signal);
      // A page that ignores the address (an older version of the site) still shows the old
      // chat: a new thread must never be typed into it, so start one the plain way.
      if (!(await freshChat(page, adapter))) await openPlainChat(page, adapter, signal);
    }
    return { notices: (await temporaryChatIsOn(page, control)) ? [] : [temporaryChatMissing(adapter)], reopened: false };
  }
  await openPlainChat(page, adapter, signal);
  let fresh = await freshChat(page, adapter);
  // The address reopened an earlier chat: a page learned by discovery looks for its own new-chat control.
  if (!fresh && adapter.hooks?.findNewChat) {
    fresh = await adapter.hooks.findNewChat({ page, adapter, signal }, async (selector) => {
      if (await clickNewChat(page, adapter, signal, [selector])) return true;
      // Not a new chat after all: back to the site's address for the next candidate.
      await page.goto(adapter.url, { waitUntil: 'domcontentloaded' });
      await ensureReady(page, adapter, signal);
      return false;
    });
  }
  // Still no fresh chat (a site whose address reopens the last chat, with no new-chat control
  // PTK knows): the new thread goes on in that chat, and the user is told.
  const reopened = fresh ? [] : [earlierChatReopened(page, adapter)];
  return { notices: [...reopened, ...(control ? await turnOnTemporaryChat(page, adapter, control, signal) : [])], reopened: !fresh };
}

/** The notice for a new thread that could only go on in a chat the site reopened. */
function earlierChatReopened(page: Page, adapter: SiteAdapter): string {
  const repair = adapter.id === 'auto' ? 'export the learned site (PTK: Export Learned Site as ptk.customSite) and give it a newChatButton selector' : `give ${adapter.displayName} a newChatButton selector in ptk.siteOverrides`;
  return `${adapter.displayName} reopened an earlier chat (${page.url()}) instead of a new one, and PTK knows no new-chat control there: this conversation goes on in that chat, where the model also sees its earlier messages, and conversations take turns in it (one task step at a time). To start new chats, ${repair}.`;
}

/**
 * The notice for a page learned on a message that went into an earlier chat: before its turns
 * were learned, PTK could not tell that the site's address showed one.
 */
export function earlierChatUsed(page: Page, adapter: SiteAdapter): string {
  return `${adapter.displayName} showed an earlier chat (${page.url()}) when PTK was learning the page, so this message went into it and the model also saw its earlier messages. From the next conversation on, PTK looks for the page's new-chat control first.`;
}

/** True when the tab shows a fresh chat (a composer and no sent message). */
async function freshChat(page: Page, adapter: SiteAdapter): Promise<boolean> {
  const state = await probe(page, adapter);
  return Boolean(state?.composerPresent && state.userTurnCount === 0);
}

/**
 * Opens a fresh chat: the hook, else the new-chat button, else navigating to the site's URL
 * (and, when that reopened an earlier chat, the new-chat button there).
 */
async function openPlainChat(page: Page, adapter: SiteAdapter, signal?: AbortSignal): Promise<void> {
  if (adapter.hooks?.newChat) {
    await adapter.hooks.newChat({ page, adapter, signal });
    await ensureReady(page, adapter, signal);
    return;
  }
  if (onSite(page, adapter)) {
    const ready = await probe(page, adapter);
    if (ready?.composerPresent && ready.userTurnCount === 0) return; // already a fresh chat
    if (ready && (await clickNewChat(page, adapter, signal))) return;
  }
  await page.goto(adapter.url, { waitUntil: 'domcontentloaded' });
  await ensureReady(page, adapter, signal);
  if (!(await freshChat(page, adapter))) await clickNewChat(page, adapter, signal);
}

/** Clicks the site's new-chat button (of `selectors`), if one shows; true once the tab shows a fresh chat (within 5 s). */
async function clickNewChat(page: Page, adapter: SiteAdapter, signal?: AbortSignal, selectors = adapter.selectors.newChatButton ?? []): Promise<boolean> {
  const button = await resolveSelector(selectors, (selector) => page.locator(selector).count());
  if (!button) return false;
  await page.locator(button.selector).first().click({ timeout: 5_000 }).catch(() => undefined);
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    throwIfAborted(signal);
    if (await freshChat(page, adapter)) return true;
    await sleep(50, signal);
  }
  return false;
}

/**
 * A plain contenteditable styled to collapse white space (`white-space: normal`) shows two
 * spaces as one, and a page that reads it with innerText sends them as one: the model would
 * see `3 | return` for `3 |   return`. Such a box is given `white-space: pre-wrap` (what
 * the usual editors set themselves) before the prompt goes in, so runs of spaces stay whole.
 */
export async function keepWhitespace(composer: Locator): Promise<void> {
  await composer
    .evaluate((element) => {
      if (element instanceof HTMLElement && element.isContentEditable && !/^(pre|pre-wrap|break-spaces)$/.test(getComputedStyle(element).whiteSpace)) element.style.whiteSpace = 'pre-wrap';
    })
    .catch(() => undefined);
}

/** Normalises text for the read-back comparison (composers re-flow whitespace and newlines). */
function normaliseForReadBack(text: string): string {
  return text.replace(/\s+/g, '');
}

/**
 * Puts `text` in the composer with one insert action (Playwright fill), or a few insertText
 * chunks past insertChunkChars; never per-character typing. Reads it back: a composer that
 * holds less (a silent limit) fails with PROMPT_TRUNCATED.
 */
export async function insertPrompt(page: Page, adapter: SiteAdapter, text: string, signal?: AbortSignal): Promise<void> {
  if (text.length > adapter.maxPromptChars) {
    throw new LLMBackendError(
      `The prompt is ${text.length} characters; ${adapter.displayName} takes at most ${adapter.maxPromptChars}. Send fewer or smaller files (read_file pages, search instead of whole files), or shorten the task.`,
      { code: PTKErrorCode.PROMPT_TOO_LONG, recoverable: false, context: { length: text.length, limit: adapter.maxPromptChars, site: adapter.id } },
    );
  }
  throwIfAborted(signal);
  if (adapter.hooks?.insert) {
    await adapter.hooks.insert({ page, adapter, signal }, text);
  } else {
    const composer = await resolveSelector(adapter.selectors.composer, (selector) => page.locator(selector).count());
    if (!composer) throw selectorNotFound(adapter.displayName, 'composer (prompt input)', adapter.selectors.composer);
    const locator = page.locator(composer.selector).first();
    await keepWhitespace(locator);
    const chunkSize = adapter.insertChunkChars ?? DEFAULTS.browserInsertChunkChars;
    if (text.length <= chunkSize) {
      await locator.fill(text, { timeout: 10_000 });
    } else {
      await locator.fill('', { timeout: 10_000 });
      await locator.focus();
      for (let offset = 0; offset < text.length; offset += chunkSize) {
        throwIfAborted(signal);
        await page.keyboard.insertText(text.slice(offset, offset + chunkSize));
      }
    }
  }
  const readBack = await callRuntime<string | null>(page, 'readComposer', pageSelectorsOf(adapter));
  const expected = normaliseForReadBack(text);
  const actual = normaliseForReadBack(readBack ?? '');
  if (actual !== expected) {
    throw new LLMBackendError(
      `${adapter.displayName}'s input holds ${actual.length} of the prompt's ${expected.length} non-blank characters after inserting: the site cut or changed it. Shorten the prompt.`,
      { code: PTKErrorCode.PROMPT_TRUNCATED, context: { expected: expected.length, actual: actual.length, site: adapter.id } },
    );
  }
}

/**
 * Presses send: the hook, else the send button, else Enter in the composer. Returns which
 * fallback of the sendButton list was clicked (-1: the hook or Enter), for the turn log.
 */
export async function pressSend(page: Page, adapter: SiteAdapter, signal?: AbortSignal): Promise<number> {
  // A Stop while the prompt was being put in the composer: it is never sent.
  throwIfAborted(signal);
  if (adapter.hooks?.submit) {
    const clicked = await adapter.hooks.submit({ page, adapter, signal });
    return typeof clicked === 'number' ? clicked : -1;
  }
  const send = await resolveSelector(adapter.selectors.sendButton, (selector) => page.locator(`${selector}:visible`).count());
  if (send) {
    // A real mouse click without Playwright's animation-stability wait: the submit is
    // confirmed by a state change afterwards, and retried once, so nothing is lost.
    await page.locator(`${send.selector}:visible`).first().click({ timeout: 5_000, force: true });
    return send.index;
  }
  // No send button visible: Enter (the adapter's sendKey) in the composer; the confirmation decides whether it took.
  const composer = await resolveSelector(adapter.selectors.composer, (selector) => page.locator(selector).count());
  if (!composer) throw selectorNotFound(adapter.displayName, 'composer (prompt input)', adapter.selectors.composer);
  await page.locator(composer.selector).first().press(adapter.sendKey ?? 'Enter');
  return -1;
}

/**
 * Uploads a turn's files through the site's own upload, before anything is typed: Playwright
 * `setInputFiles` (with the files' bytes) on the composer's file input, or on the input a
 * menu holds / the file chooser its item opens (Gemini, AI Studio). A site's acknowledgement
 * dialog in the way (uploadConsentButton: AI Studio's copyright acknowledgement) is clicked
 * when it shows, inside a dialog only (./uploadConsent.ts). Then each file must show as accepted: a new chip naming it (attachmentReady), with no upload-still-going sign
 * (attachmentPending), held over several looks (a chip that flashes is no acceptance). The
 * site saying no (attachmentRefused, matching attachmentRefusedText) is ATTACHMENT_REFUSED;
 * no acceptance in time is ATTACHMENT_NOT_CONFIRMED. Either way the files already put in are
 * taken back (their remove controls, else a reload) and the caller sends nothing.
 */
import type { Locator, Page } from 'playwright-core';
import { LLMBackendError, PTKErrorCode } from '../core/errors';
import { throwIfAborted } from '../core/util/abortSignals';
import type { PromptAttachment } from '../core/ports';
import type { SelectorList, SiteAdapter } from './adapters/types';
import { attachmentStates, HeldEvidence, newRefusals, type AttachmentChip, type AttachmentFileState } from './attachmentMatching';
import { attachmentsUnsupported, canUpload } from './outgoingMessage';
import { firstMatching, sleep } from './pageWaits';
import { CONSENT_DIALOG_CONTAINERS, ConsentClicks } from './uploadConsent';

/** Default longest wait for every file to show as accepted. */
const DEFAULT_ATTACHMENT_CONFIRM_MS = 60_000;
/** How long the accepted state must hold (with three consecutive looks) before it counts. */
const ATTACHMENT_HOLD_MS = 300;
/** Pause between looks at the page. */
const LOOK_INTERVAL_MS = 80;
/** Longest wait for a menu item or a file chooser on the menu path. */
const MENU_WAIT_MS = 5_000;

/** What the page shows about uploads at one look. */
interface UploadView {
  chips: AttachmentChip[];
  /** Texts of the refusal elements. */
  refusals: string[];
  /** An acknowledge button (uploadConsentButton) is shown inside a dialog. */
  consentShown: boolean;
}

/** Selectors the in-page reader needs. */
interface ReaderSpec {
  ready: readonly string[];
  pending: readonly string[];
  refused: readonly string[];
  consent: readonly string[];
  /** The containers an acknowledge button must sit in (CONSENT_DIALOG_CONTAINERS). */
  consentContainers: string;
}

/**
 * Reads the chips (first attachmentReady selector that matches anything) and every refusal
 * element. Runs in the page; kept self-contained.
 */
function readUploadView(spec: ReaderSpec): UploadView {
  const query = (root: ParentNode, selector: string): Element[] => {
    try {
      return Array.from(root.querySelectorAll(selector));
    } catch {
      return [];
    }
  };
  const shown = (element: Element): boolean => {
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    return style.display !== 'none' && style.visibility !== 'hidden' && box.width > 0 && box.height > 0;
  };
  let chipElements: Element[] = [];
  for (const selector of spec.ready) {
    chipElements = query(document, selector).filter(shown);
    if (chipElements.length > 0) break;
  }
  const chips = chipElements.map((chip) => {
    // Each text node apart: a name and the button after it must not run together ("a.txtx").
    const parts: string[] = [];
    const walker = document.createTreeWalker(chip, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) parts.push(node.textContent ?? '');
    parts.push(chip.getAttribute('aria-label') ?? '', chip.getAttribute('title') ?? '');
    for (const id of (chip.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean)) parts.push(document.getElementById(id)?.textContent ?? '');
    for (const inner of query(chip, '[aria-label], [title], img[alt]').slice(0, 20)) parts.push(inner.getAttribute('aria-label') ?? '', inner.getAttribute('title') ?? '', inner.getAttribute('alt') ?? '');
    const pending = spec.pending.some((selector) => {
      try {
        return chip.matches(selector) || query(chip, selector).some(shown);
      } catch {
        return false;
      }
    });
    return { label: parts.filter(Boolean).join(' '), pending };
  });
  const refusals = spec.refused.flatMap((selector) => query(document, selector).filter(shown).map((element) => (element as HTMLElement).innerText ?? element.textContent ?? ''));
  const consentShown = spec.consent.some((selector) => query(document, selector).some((button) => shown(button) && button.closest(spec.consentContainers) !== null));
  return { chips, refusals, consentShown };
}

/** Runs the reader in the page (with a shim for the `__name` helper bundlers wrap functions in). */
async function lookAtUploads(page: Page, spec: ReaderSpec): Promise<UploadView> {
  const script = `(() => { var __name = function (target) { return target; }; return (${readUploadView.toString()})(${JSON.stringify(spec)}); })()`;
  return (await page.evaluate(script)) as UploadView;
}

/** Playwright's file payloads. */
function payloadsOf(files: readonly PromptAttachment[]): Array<{ name: string; mimeType: string; buffer: Buffer }> {
  return files.map((file) => ({ name: file.name, mimeType: file.mimeType, buffer: Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength) }));
}

/** The first element of the first selector of `list` that matches (visible ones only when asked). */
const firstMatch = async (page: Page, list: SelectorList | undefined, visible: boolean): Promise<Locator | undefined> => (await firstMatching(page, list, { visible }))?.locator.first();

/** Sets the files on an input: all at once when it takes several, else one after the other. */
async function setFiles(input: Locator, files: readonly PromptAttachment[]): Promise<void> {
  const multiple = await input.evaluate((node) => (node as HTMLInputElement).multiple).catch(() => false);
  if (multiple || files.length === 1) {
    await input.setInputFiles(payloadsOf(files), { timeout: 10_000 });
    return;
  }
  for (const file of files) await input.setInputFiles(payloadsOf([file]), { timeout: 10_000 });
}

/** Polls `find` until it gives something or `ms` pass. */
async function waitFor<T>(find: () => Promise<T | undefined>, ms: number, signal?: AbortSignal): Promise<T | undefined> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await find();
    if (found !== undefined || Date.now() > deadline) return found;
    throwIfAborted(signal);
    await sleep(LOOK_INTERVAL_MS, signal);
  }
}

/** How the files went in. */
type PutResult = 'none' | 'put' | 'putThroughMenu';

/**
 * Puts the files into the site: its file input, else the menu path (the input a menu holds,
 * else the file chooser its item opens). 'none' when no way in was found; 'putThroughMenu'
 * when the upload menu was opened (it may still be open).
 */
async function putFiles(page: Page, adapter: SiteAdapter, files: readonly PromptAttachment[], signal?: AbortSignal): Promise<PutResult> {
  const selectors = adapter.selectors;
  const direct = await firstMatch(page, selectors.fileInput, false);
  if (direct) {
    await setFiles(direct, files);
    return 'put';
  }
  if ((selectors.uploadMenuItem?.length ?? 0) === 0) return 'none';
  const menuButton = await firstMatch(page, selectors.uploadMenuButton, true);
  if (menuButton) await menuButton.click({ timeout: 5_000 });
  // The menu may create the composer's input (then it is used), or hold an item to click.
  const found = await waitFor(
    async () => {
      const input = await firstMatch(page, selectors.fileInput, false);
      if (input) return { input, item: undefined };
      const item = await firstMatch(page, selectors.uploadMenuItem, true);
      return item ? { input: undefined, item } : undefined;
    },
    MENU_WAIT_MS,
    signal,
  );
  if (!found) return 'none';
  if (found.input) {
    await setFiles(found.input, files);
  } else if (found.item) {
    const inner = found.item.locator('input[type="file"]');
    if ((await inner.count()) > 0) {
      await setFiles(inner.first(), files);
    } else {
      const chooser = page.waitForEvent('filechooser', { timeout: MENU_WAIT_MS });
      await found.item.click({ timeout: 5_000 });
      await (await chooser).setFiles(payloadsOf(files));
    }
  }
  return menuButton ? 'putThroughMenu' : 'put';
}

/** Closes the upload menu when it is still open: a menu left open would cover the composer. */
async function closeUploadMenu(page: Page, adapter: SiteAdapter): Promise<void> {
  if (await firstMatch(page, adapter.selectors.uploadMenuItem, true)) await page.keyboard.press('Escape').catch(() => undefined);
}

/** Clicks the first shown acknowledge button (uploadConsentButton) that sits inside a dialog. */
async function acknowledge(page: Page, adapter: SiteAdapter): Promise<void> {
  for (const selector of adapter.selectors.uploadConsentButton ?? []) {
    try {
      const buttons = page.locator(selector).filter({ visible: true });
      const count = await buttons.count();
      for (let index = 0; index < count; index++) {
        const button = buttons.nth(index);
        if (!(await button.evaluate((node, containers) => node.closest(containers) !== null, CONSENT_DIALOG_CONTAINERS))) continue;
        await button.click({ timeout: 2_000 });
        return;
      }
    } catch {
      // an invalid selector, or the dialog closed under the click: the next look tells
    }
  }
}

/** Takes back the files put in: each new chip's remove control, else a reload of the page. */
async function takeBack(page: Page, adapter: SiteAdapter, baselineChips: number): Promise<void> {
  const remove = adapter.selectors.attachmentRemove ?? [];
  let removed = 0;
  for (const chipSelector of adapter.selectors.attachmentReady ?? []) {
    const chips = page.locator(chipSelector);
    const count = await chips.count().catch(() => 0);
    if (count === 0) continue;
    for (let index = count - 1; index >= baselineChips; index--) {
      for (const removeSelector of remove) {
        const control = chips.nth(index).locator(removeSelector).first();
        if ((await control.count().catch(() => 0)) > 0) {
          await control.click({ timeout: 2_000, force: true }).catch(() => undefined);
          removed++;
          break;
        }
      }
    }
    break;
  }
  if (removed === 0) await page.reload({ waitUntil: 'domcontentloaded', timeout: 10_000 }).catch(() => undefined);
}

function describeStates(files: readonly PromptAttachment[], states: readonly AttachmentFileState[]): string {
  return files.map((file, index) => `${file.name}: ${states[index] === 'pending' ? 'still uploading' : states[index] === 'ready' ? 'accepted' : 'no chip'}`).join('; ');
}

/** What the upload did, for the turn log. */
export interface AttachmentUploadReport {
  files: string[];
  /** Milliseconds from putting the files in to the accepted state holding. */
  confirmedAfterMs: number;
  /** Clicks on the site's acknowledgement dialog (uploadConsentButton) on the way. */
  acknowledgements: number;
}

/**
 * Uploads `files` and waits until the site shows every one as accepted. Throws
 * ATTACHMENT_UNSUPPORTED (no way in), ATTACHMENT_REFUSED (the site said no) or
 * ATTACHMENT_NOT_CONFIRMED (no acceptance in time); after a failure nothing of the upload
 * stays in the composer, so the caller can send nothing and a later call starts clean.
 */
export async function uploadAttachments(page: Page, adapter: SiteAdapter, files: readonly PromptAttachment[], signal?: AbortSignal): Promise<AttachmentUploadReport | undefined> {
  if (files.length === 0) return undefined;
  if (!canUpload(adapter)) throw attachmentsUnsupported(adapter, files.length);
  const selectors = adapter.selectors;
  const spec: ReaderSpec = {
    ready: selectors.attachmentReady ?? [],
    pending: selectors.attachmentPending ?? [],
    refused: selectors.attachmentRefused ?? [],
    consent: selectors.uploadConsentButton ?? [],
    consentContainers: CONSENT_DIALOG_CONTAINERS,
  };
  const consentPossible = spec.consent.length > 0;
  const names = files.map((file) => file.name);
  const baseline = await lookAtUploads(page, spec);
  throwIfAborted(signal);
  const startedAt = Date.now();
  const put = await putFiles(page, adapter, files, signal);
  if (put === 'none') {
    const tried = [...(selectors.fileInput ?? []), ...(selectors.uploadMenuButton ?? []), ...(selectors.uploadMenuItem ?? [])];
    throw new LLMBackendError(
      `${adapter.displayName}: no file input found for the ${files.length === 1 ? 'attachment' : 'attachments'} (tried ${tried.map((selector) => `"${selector}"`).join(', ')}), so nothing was sent. The current mode may take no files, or the page changed (update the adapter's fileInput, docs/sites.md).`,
      { code: PTKErrorCode.ATTACHMENT_UNSUPPORTED, recoverable: false, context: { site: adapter.id, selectors: tried } },
    );
  }
  // An Escape meant for the menu could cancel an acknowledgement dialog that just opened (a
  // Material dialog closes on Escape): where one may come, the menu is closed once the files are in.
  const menuLeftOpen = put === 'putThroughMenu';
  if (menuLeftOpen && !consentPossible) await closeUploadMenu(page, adapter);
  const deadline = startedAt + (adapter.timings?.attachmentConfirmMs ?? DEFAULT_ATTACHMENT_CONFIRM_MS);
  const held = new HeldEvidence(ATTACHMENT_HOLD_MS);
  const consent = new ConsentClicks();
  let consentShown = false;
  let states: AttachmentFileState[] = names.map(() => 'missing');
  try {
    for (;;) {
      throwIfAborted(signal);
      const view = await lookAtUploads(page, spec).catch(() => undefined);
      const now = Date.now();
      if (view) {
        const refusals = newRefusals(view.refusals, baseline.refusals, selectors.attachmentRefusedText);
        if (refusals.length > 0) {
          const named = names.filter((name) => refusals.some((text) => text.toLowerCase().includes(name.toLowerCase())));
          // A refusal that names no file (Open WebUI's "File size should not exceed 1 MB.") is about
          // the one file being uploaded, when there is one.
          const refused = named.length > 0 ? named.join(', ') : names.length === 1 ? names[0] : 'an attachment';
          throw new LLMBackendError(
            `${adapter.displayName} refused ${refused}: "${refusals[0]}". Nothing was sent.`,
            { code: PTKErrorCode.ATTACHMENT_REFUSED, recoverable: false, context: { site: adapter.id, files: names, refusal: refusals[0] } },
          );
        }
        consentShown = view.consentShown;
        if (consent.due(consentShown, now)) {
          consent.clicked(now);
          await acknowledge(page, adapter);
        }
        states = attachmentStates(names, view.chips, baseline.chips.map((chip) => chip.label));
        if (held.observe(states.every((state) => state === 'ready'), now)) {
          if (menuLeftOpen && consentPossible) await closeUploadMenu(page, adapter);
          return { files: names, confirmedAfterMs: now - startedAt, acknowledgements: consent.count };
        }
      }
      if (now > deadline) {
        const dialog = consent.stuck(consentShown) ? `; the acknowledgement dialog stayed open after ${consent.count} clicks` : '';
        throw new LLMBackendError(
          `${adapter.displayName} never showed the ${files.length === 1 ? 'attachment' : 'attachments'} as accepted within ${Math.round((deadline - startedAt) / 1000)} s (${describeStates(files, states)}${dialog}), so nothing was sent.`,
          { code: PTKErrorCode.ATTACHMENT_NOT_CONFIRMED, context: { site: adapter.id, files: names, states, acknowledgements: consent.count, acknowledgementDialogOpen: consentShown } },
        );
      }
      await sleep(LOOK_INTERVAL_MS, signal);
    }
  } catch (error) {
    if (menuLeftOpen && consentPossible) await closeUploadMenu(page, adapter);
    await takeBack(page, adapter, baseline.chips.length);
    throw error;
  }
}

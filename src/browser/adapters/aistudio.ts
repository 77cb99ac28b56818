/**
 * Google AI Studio (aistudio.google.com), the Dec-2025+ UI first, the 2025 UI as fallbacks.
 * Evidence (maintained public projects; see docs/sites.md for the full table):
 * - composer: a textarea, `textarea[formcontrolname="promptText"]` (robertpiosik/CodeWebChat
 *   0e873ebb, 2025-12-16, still at 25d353db 2026-08-11) in `ms-prompt-box`, aria-label
 *   "Enter a prompt" (CJackHwang/AIstudioProxyAPI 0856998, 2025-12-10, #277). ASP's later
 *   commits (45e6b67, 2025-12-14 … e640858, 2026-03-01) call `ms-prompt-box` transitional and
 *   lead with `textarea.textarea` / `ms-chunk-input textarea` / `ms-prompt-input-wrapper`: the
 *   list covers every one of those shapes;
 * - send: `ms-run-button button[type="submit"].ms-button-primary` (ASP 9d31911, 2026-01-28; the
 *   aria-label "Run" forms are its legacy list). The page runs on Ctrl/Cmd+Enter, not on plain
 *   Enter (the button advertises "Ctrl ⏎"): without a Run button, `hooks.submit` presses Enter,
 *   checks, and escalates to Ctrl/Meta+Enter (ASP browser_utils/page_controller_modules/input.py);
 * - stop: the same run button while generating (ASP `button[aria-label*='Stop']`; a 2026 AI
 *   Studio userscript, unattributed: `ms-run-button button .spin`; ASP's legacy
 *   `button[aria-label="Run"].run-button svg .stoppable-spinner`);
 * - turns: `ms-chat-turn .chat-turn-container.user` / `.model` (ASP config/selectors.py@e640858);
 *   the answer `ms-text-chunk ms-cmark-node`; thoughts in `ms-thought-chunk` (ASP
 *   FINAL_RESPONSE_SELECTOR excludes it), never part of the answer;
 * - completion: `ms-chat-turn .turn-footer button[iconname="thumb_up"]` (CodeWebChat
 *   chatbots/ai-studio.ts@25d353db: "AI Studio is quite sluggish with showing already generated
 *   tokens"); the `.actions-container` holding Edit and `ms-chat-turn-options` is revealed only
 *   on hover (ASP hovers the last turn first), so it is a fallback;
 * - copy: "Open options" (`ms-chat-turn-options > div > button`) → "Copy markdown" in a CDK
 *   overlay menu (ASP get_by_role("menuitem", name="Copy markdown"), nth-child(4); CodeWebChat
 *   finds the item by its `markdown_copy` icon ligature);
 * - sign-in: signed out, AI Studio redirects to accounts.google.com (ASP login_url_pattern);
 * - errors: toasts `div.toast.warning|error` (text in `span.content-text`), the quota callout
 *   `ms-callout.error-callout .message` "User has exceeded quota", the legacy
 *   `ms-callout.warning-callout` "You are out of free generations" (ASP operations.py@fd1da7bb),
 *   the rate-limit toast "You've reached your rate limit. Please try again later." (names no
 *   time: defaultRetryAfterMs applies), "The input token count (N) exceeds the maximum…";
 * - uploads: `button[data-test-id="add-media-button"]`, `[aria-label^="Insert assets"]` (older:
 *   `[aria-label^="Insert images"]`) opens a CDK overlay menu whose "Upload a file" (older
 *   "Upload File") item holds a hidden file input, else opens the file chooser (ASP
 *   input.py@fd1da7bb, selectors.py@e640858). Files show as `ms-file-chunk` (name in `.name`) /
 *   `ms-image-chunk` (exporters, 2026, unattributed); that they show in the prompt box before
 *   Run, the spinner and the remove label are INFERRED;
 * - upload acknowledgement: after a file is chosen the page may ask to agree to its copyright
 *   acknowledgement; ASP clicks `button[aria-label="Agree to the copyright acknowledgement"]`
 *   (commits 4e9886a 2025-06-10, 160e379 2025-10-13; since 947f962 2025-10-19 any
 *   `button[aria-label*="copyright" i]` after an "Agree"-like button in
 *   `div.cdk-overlay-container`, input.py@fd1da7bb). AI Studio remembers the answer in
 *   localStorage `aiStudioUserPreference.fileCopyrightAcknowledged` (ASP startup.py@fd1da7bb
 *   seeds it true to skip the dialog), so it comes once per browser profile. That it is a
 *   Material dialog that Escape cancels, and that the file waits for it, are INFERRED.
 */
import type { Page } from 'playwright-core';
import { PTKErrorCode } from '../../core/errors';
import { ATTACHMENT_REFUSAL_TEXT } from '../attachmentMatching';
import type { AdapterHookContext, ModelPicker, SiteAdapter } from './types';
import { firstMatching } from '../pageWaits';

/**
 * Model and temperature, in the run settings panel. CodeWebChat (chatbots/ai-studio.ts, 2025
 * versions; `button.model-selector-card` still awaited at 25d353db) opens
 * `button.model-selector-card` (current name in its `span.title`), clicks the first
 * `div.model-categories-container button` ("All"), and picks among
 * `ms-model-carousel-row button.content-button` by `span.model-title-text`; its temperature is
 * `ms-prompt-run-settings div[data-test-id="temperatureSliderContainer"] input` (`type=number`,
 * later `inputmode=decimal`), set and followed by a change event. AIstudioProxyAPI
 * (config/selectors.py@e640858, page_controller_modules/parameters.py) reads the current model
 * id from `[data-test-id="model-name"]` and the temperature from `ms-slider
 * input[type="number"][max="2"]`, clamped to 0–2 and read back after filling. An unattributed
 * 2026-09-11 page map: the row's `id="model-carousel-row-models/<model id>"` (so a model id is
 * accepted as its name too), `input[aria-label="Temperature"]` (range + spin button).
 */
const MODEL_PICKER: ModelPicker = {
  trigger: ['ms-model-selector button.model-selector-card', 'button.model-selector-card', 'ms-model-selector-v3 button'],
  revealAll: ['div.model-categories-container button:first-child'],
  option: ['ms-model-carousel-row button.content-button', 'ms-model-carousel-row button'],
  optionName: { within: ['.model-title-text', '.model-title'] },
  optionAlias: { attribute: 'id', pattern: 'models/(.+)$' },
  current: ['button.model-selector-card .title', '[data-test-id="model-name"]'],
  temperatureInput: [
    '[data-test-id="temperatureSliderContainer"] input[type="number"]',
    '[data-test-id="temperatureSliderContainer"] input[inputmode="decimal"]',
    'ms-slider input[type="number"][max="2"]',
    'input[type="number"][aria-label="Temperature"]',
  ],
};

/** How long one key press gets to show that the prompt was sent before the next key is tried. */
const KEY_SUBMIT_WAIT_MS = 1_200;

/** Index of the first selector of `list` that matches a visible element on the page (-1: none). */
const firstVisible = async (page: Page, list: readonly string[]): Promise<number> => (await firstMatching(page, list, { visible: true }))?.index ?? -1;

/** How many elements the first matching selector of `list` has (0: none). */
const countAll = async (page: Page, list: readonly string[]): Promise<number> => (await firstMatching(page, list))?.locator.count() ?? 0;

/**
 * Presses one key combination in the composer and waits for a sign that the prompt was sent
 * (composer emptied or a new user turn). A key that only typed a newline has it removed, so
 * the next attempt sends the prompt as inserted.
 */
async function pressAndCheck(page: Page, adapter: SiteAdapter, composer: string, key: string): Promise<boolean> {
  const input = page.locator(composer).first();
  const before = await input.inputValue().catch(() => '');
  const turnsBefore = await countAll(page, adapter.selectors.userTurn);
  await input.press(key);
  const deadline = Date.now() + KEY_SUBMIT_WAIT_MS;
  for (;;) {
    const now = await input.inputValue().catch(() => '');
    if ((before.trim() && !now.trim()) || (await countAll(page, adapter.selectors.userTurn)) > turnsBefore) return true;
    if (Date.now() > deadline) {
      if (now !== before) await input.fill(before);
      return false;
    }
    await page.waitForTimeout(50);
  }
}

/**
 * Clicks the Run button when one is visible (the driver confirms the submit) and returns its
 * selector's index. Without one: Enter, then Ctrl+Enter (Cmd+Enter on macOS), checking after each.
 */
async function submitPrompt({ page, adapter }: AdapterHookContext): Promise<number | void> {
  const run = await firstVisible(page, adapter.selectors.sendButton);
  if (run >= 0) {
    await page.locator(`${adapter.selectors.sendButton[run]}:visible`).first().click({ timeout: 5_000, force: true });
    return run;
  }
  const composerIndex = await firstVisible(page, adapter.selectors.composer);
  if (composerIndex < 0) return; // the driver's confirmation reports it
  const composer = adapter.selectors.composer[composerIndex]!;
  if (await pressAndCheck(page, adapter, composer, 'Enter')) return;
  await pressAndCheck(page, adapter, composer, 'ControlOrMeta+Enter');
}

export const aiStudioAdapter: SiteAdapter = {
  id: 'aistudio',
  displayName: 'Google AI Studio',
  url: 'https://aistudio.google.com/prompts/new_chat',
  hosts: ['aistudio.google.com'],
  signInHosts: ['accounts.google.com'],
  composerKind: 'textarea',
  maxPromptChars: 1_000_000,
  insertChunkChars: 100_000,
  selectors: {
    composer: [
      'textarea[formcontrolname="promptText"]',
      'ms-prompt-box textarea',
      'ms-chunk-input textarea',
      'ms-prompt-input-wrapper textarea',
      'textarea[aria-label="Enter a prompt"]',
      'textarea[aria-label="Start typing a prompt"]',
    ],
    sendButton: ['ms-run-button button[type="submit"].ms-button-primary', 'ms-run-button button[type="submit"]', 'ms-run-button button[aria-label="Run"]', 'button.run-button[aria-label="Run"]'],
    stopButton: ['ms-run-button button[aria-label*="Stop"]', 'ms-run-button button:has(.spin)', 'ms-run-button button:has(.stoppable-spinner)'],
    userTurn: ['ms-chat-turn .chat-turn-container.user', '.chat-turn-container.user'],
    assistantTurn: ['ms-chat-turn .chat-turn-container.model', '.chat-turn-container.model'],
    answerContent: ['ms-prompt-chunk > ms-text-chunk ms-cmark-node:not(ms-thought-chunk *)', 'ms-text-chunk ms-cmark-node:not(ms-thought-chunk *)', 'ms-text-chunk:not(ms-thought-chunk *)'],
    turnScope: ['ms-chat-turn'],
    turnActionBar: ['.turn-footer button[iconname="thumb_up"]', '.actions-container ms-chat-turn-options', 'ms-chat-turn-options'],
    copyButton: [],
    copyMenuButton: ['ms-chat-turn-options button[aria-label="Open options"]', 'ms-chat-turn-options > div > button', 'ms-chat-turn-options button'],
    copyMenuItem: ['.cdk-overlay-container .mat-mdc-menu-panel button.mat-mdc-menu-item', '.cdk-overlay-container [role="menuitem"]', '[role="menu"] [role="menuitem"]'],
    copyMenuItemText: 'copy (as )?markdown',
    thinkingIndicator: ['ms-thought-chunk [role="progressbar"]'],
    newChatButton: ['a[href="/prompts/new_chat"][aria-label="New chat"]', 'a[href="/prompts/new_chat"]'],
    // `ms-toast` and `.mat-mdc-snack-bar-label` (earlier builds, no source) are gone: `[role="alert"]` and the
    // generic scan's `[class*="snack-bar" i]` (text-gated) stand in for them.
    errorBanner: ['ms-callout.error-callout .message, ms-callout.warning-callout, div.toast.error, div.toast.warning', '[role="alert"]'],
    loginWall: ['a[href*="accounts.google.com/ServiceLogin"]', 'a.sign-in-button', 'a[aria-label="Sign in"]'],
    botCheck: ['form#captcha-form', 'iframe[src*="recaptcha"]', 'iframe[src*="challenges.cloudflare.com"]', '#challenge-form', '#challenge-stage'],
    // No composer file input: the upload menu's item holds one, or opens the file chooser.
    uploadMenuButton: ['button[data-test-id="add-media-button"]', 'button[aria-label^="Insert assets"]', 'button[aria-label^="Insert images"]'],
    uploadMenuItem: ['.cdk-overlay-container [role="menu"] button[role="menuitem"][aria-label="Upload a file"]', '.cdk-overlay-container [role="menu"] button[role="menuitem"][aria-label="Upload File"]'],
    // A file or an image chunk in the prompt box (one selector: both kinds count at once).
    attachmentReady: ['ms-prompt-box :is(ms-file-chunk, ms-image-chunk)', 'ms-prompt-input-wrapper :is(ms-file-chunk, ms-image-chunk)'],
    attachmentPending: ['[role="progressbar"]', 'mat-progress-spinner'],
    attachmentRefused: ['div.toast.error', 'div.toast.warning', 'ms-toast', 'ms-callout.error-callout'],
    attachmentRefusedText: ATTACHMENT_REFUSAL_TEXT,
    attachmentRemove: ['button[aria-label^="Remove"]'],
    uploadConsentButton: [
      '.cdk-overlay-container button[aria-label="Agree to the copyright acknowledgement"]',
      '.cdk-overlay-container button[aria-label^="Agree" i][aria-label*="copyright" i]',
    ],
  },
  // The rate-limit toast and the quota callouts name no time ("Please try again later.").
  defaultRetryAfterMs: 60_000,
  errorPatterns: [
    { code: PTKErrorCode.CONVERSATION_TOO_LONG, pattern: 'input token count \\(\\d+\\) exceeds the maximum' },
    { code: PTKErrorCode.RATE_LIMITED, pattern: "you've reached your rate limit|has exceeded quota|out of free generations|quota exceeded|resource has been exhausted|exceeded your current quota" },
    { code: PTKErrorCode.NETWORK_ERROR, pattern: 'check your network connection' },
    { code: PTKErrorCode.SITE_ERROR, pattern: 'an internal error has occurred|failed to generate content' },
  ],
  hooks: { submit: submitPrompt },
  modelPicker: MODEL_PICKER,
  // Temporary chat (docs/sites.md, "Temporary chats and usage caps", 2026-11-26): the toggle
  // `button[data-test-incognito-toggle]` / aria-label "Temporary chat toggle" / "Toggle temporary
  // chat", inside the "View more actions" menu when not in view (CJackHwang/AIstudioProxyAPI
  // browser_utils/initialization/core.py enable_temporary_chat_mode, 4f6ba4c 2026-04-15; CodeWebChat
  // `ms-incognito-mode-toggle > button`); no URL form. On: the header `ms-incognito-mode-indicator`,
  // the toggle pressed (ASP 4f6ba4c).
  temporaryChat: {
    toggle: ['button[data-test-incognito-toggle]', 'button[aria-label="Temporary chat toggle"]', 'button[aria-label="Toggle temporary chat"]', 'ms-incognito-mode-toggle > button'],
    toggleOpener: ['button[aria-label="View more actions"]'],
    active: ['ms-incognito-mode-indicator', 'button[data-test-incognito-toggle][aria-pressed="true"]', 'button[aria-label="Temporary chat toggle"][aria-pressed="true"]'],
  },
};

/**
 * DeepSeek (chat.deepseek.com). DeepSeek's CSS-module classes are hashed (`_965abe9`,
 * `_4f9bf79`, `fbb737a4`…) and change between deploys, so every list leads with the design-system
 * classes (`ds-*`), names, roles and structure, and keeps hashed names only as later fallbacks:
 * every element is reachable without one. Sources (TOK = jazelly/tokenless
 * test/fixtures/provider-dom/deepseek/signed-in-unknown/*, observed 2026-08-01, commits
 * f660f76c / 3f210569 / 06908f82; CWC = robertpiosik/CodeWebChat chatbots/deepseek.ts@25d353db,
 * footer from 2bca34a1 2026-08-10, earlier forms fd46ca50 2025-09-04; BDE =
 * blueberrycongee/DeepSeek-Chat-Exporter@7468962f, selectors of 2025-09-08; ACF =
 * mcgaffertybodway62-cell/aiweb-copyfix test/fixtures/deepseek.html@044367e9 / ffa4fd34):
 * - composer: `textarea[name="search"][placeholder="Message DeepSeek"]`, no id (TOK); the
 *   2025 `textarea#chat-input` (CWC fd46ca50, BDE era) is a fallback;
 * - send: `div[role="button"].ds-button.ds-button--primary`, `ds-button--disabled` while the
 *   input is empty (TOK prompt.submit). Stop: the SAME control enabled while the input is empty
 *   (CWC's rule `input[type=file] + div[aria-disabled=false]` with an empty textarea); no
 *   source shows a stop label or icon, so the selectors use that rule only
 *   (`:placeholder-shown` = the textarea is empty). Both are anchored on the composer's
 *   `input[type=file]`, which the control follows (CWC), never on any primary button;
 * - turns: a virtual list, `.ds-virtual-list-visible-items > [data-virtual-list-item-key] >
 *   .ds-message` (2026 scripts, unattributed); the item is the turn scope. User text in
 *   `.ds-collapsible-text` (unattributed 2026) / `._9663006 .fbb737a4` (BDE); the answer is
 *   `.ds-message > .ds-markdown.ds-assistant-message-main-content` (TOK response-complete, ACF);
 * - DeepThink: `.ds-think-content > .ds-markdown` before the answer (TOK
 *   deepthink-response-complete); it stays after the answer. A message counts as the answer
 *   only once it has its answer block (a message holding only the thinking would otherwise be
 *   streamed whole), and the answer selector takes only the direct-child markdown, so the
 *   thinking is never streamed or extracted. "Thinking" = a think block next to an answer block
 *   that is still empty (INFERRED: whether the page renders the empty block is not known);
 * - footer after completion: `div.ds-message + div > div.ds-flex` (CWC 2026-08-10; before:
 *   `div.ds-message + div + div > div.ds-flex`), copy = its first `[role="button"]` (CWC);
 *   the hashed `div._965abe9` toolbar (BDE era, still in 2026 scripts) is a fallback. User
 *   messages have their own footer: the selectors run inside the answer's list item only;
 * - code blocks: `div.md-code-block` > `.md-code-block-banner-wrap` (language, Copy/Download)
 *   + `<pre>` without `<code>` (ACF) — inside the message, never matched by the footer selectors;
 * - uploads: the composer's `input[type=file][multiple]` (TOK composer-instant / -vision; none in
 *   Expert mode); accepted files are cards `div > [div name, div "MD 5.21KB"]` in a container
 *   that is the sibling of the textarea's wrapper (TOK attachment-cards-accepted, observed
 *   2026-08-09, reduced DOM without classes): the card selectors are structural. The upload
 *   spinner, the remove control and the refusal toast are INFERRED;
 * - sign-in: `/sign_in` (phone / email + password, "Log in with Google"; 2026 scripts).
 * Errors: no source shows DeepSeek's error markup. `[role="alert"]` stays (the common role);
 * `.ds-notice` is KEPT UNVERIFIED (earlier builds; the only name the product knows for an in-page
 * notice such as "reached its length limit", which would otherwise go unseen unless it carried
 * role=alert); `.ds-toast` is removed (a toast is read by the generic scan's `[class*="toast" i]`
 * by its text). Unverified wordings: "The server is busy", "sending messages too frequently",
 * "reached its length limit".
 */
import { PTKErrorCode } from '../../core/errors';
import { ATTACHMENT_REFUSAL_TEXT } from '../attachmentMatching';
import type { ModelPicker, SiteAdapter } from './types';

/**
 * Model choice: no menu. TOK composer-instant / -expert / -vision (2026-08-01): the radios
 * `div[role=radiogroup] > div[role=radio][aria-checked]` "Instant" / "Expert" / "Vision" sit
 * above the textarea, the switches `div.ds-toggle-button[aria-pressed]` "DeepThink" / "Search"
 * below it (Search only with Instant). CWC (2bca34a1, 2026-08-10) clicks
 * `div[data-model-type="default|expert|vision"]` (aria-checked on it) and finds the switches by
 * their text. The checked radio is the evidence; `data-model-type` is accepted as a mode's
 * name too ("expert").
 */
const MODEL_PICKER: ModelPicker = {
  trigger: [],
  option: ['div[role="radiogroup"] [role="radio"]', 'div[data-model-type]'],
  optionAlias: { attribute: 'data-model-type' },
  current: ['div[role="radiogroup"] [role="radio"][aria-checked="true"]', 'div[data-model-type][aria-checked="true"]'],
  toggle: ['div.ds-toggle-button[aria-pressed]', '.ds-toggle-button'],
  toggleStateAttribute: 'aria-pressed',
};

/** The composer's textarea is empty (the stop rule of CWC: the send control enabled with nothing to send). */
const EMPTY_INPUT = 'body:has(textarea:placeholder-shown)';
/**
 * The composer's file input: the send / stop control follows it (CWC). Anchoring on it keeps
 * other `ds-button--primary` controls (a pressed toggle, dialogs) from being taken for send.
 */
const FILE_INPUT = 'input[type="file"]';
/** What follows the composer's textarea in its box (the switches, then the controls). */
const AFTER_COMPOSER = 'textarea[name="search"] ~ div';

export const deepSeekAdapter: SiteAdapter = {
  id: 'deepseek',
  displayName: 'DeepSeek',
  url: 'https://chat.deepseek.com/',
  hosts: ['chat.deepseek.com'],
  composerKind: 'textarea',
  maxPromptChars: 120_000,
  insertChunkChars: 50_000,
  selectors: {
    composer: ['textarea[name="search"]', 'textarea#chat-input', 'textarea[placeholder*="DeepSeek"]'],
    sendButton: [
      `${FILE_INPUT} ~ div[role="button"].ds-button--primary:not(.ds-button--disabled)`,
      `${FILE_INPUT} + div[role="button"][aria-disabled="false"]`,
      // Expert mode has no file input (TOK composer-expert): the primary control after the textarea.
      `${AFTER_COMPOSER} div[role="button"].ds-button--primary:not(.ds-toggle-button):not(.ds-button--disabled)`,
    ],
    stopButton: [
      `${EMPTY_INPUT} ${FILE_INPUT} ~ div[role="button"].ds-button--primary:not(.ds-button--disabled)`,
      `${EMPTY_INPUT} ${FILE_INPUT} + div[role="button"][aria-disabled="false"]`,
      `${EMPTY_INPUT} ${AFTER_COMPOSER} div[role="button"].ds-button--primary:not(.ds-toggle-button):not(.ds-button--disabled)`,
    ],
    userTurn: ['.ds-message:has(.ds-collapsible-text)', 'div._9663006 > .ds-message', '.ds-message:not(:has(.ds-markdown, .ds-think-content))'],
    // A message with its answer block: never the thinking alone (it would be streamed as the answer).
    assistantTurn: ['.ds-message:has(> .ds-assistant-message-main-content)', 'div._4f9bf79 > .ds-message:has(> .ds-markdown)', '.ds-message:has(> .ds-markdown)'],
    answerContent: [':scope > .ds-assistant-message-main-content', ':scope > .ds-markdown'],
    turnScope: ['[data-virtual-list-item-key]', 'div._4f9bf79', 'div:has(> .ds-message)'],
    turnActionBar: ['div.ds-message + div > div.ds-flex', 'div.ds-message + div + div > div.ds-flex', 'div._965abe9'],
    // The footer's FIRST button only (one element per turn: the runtime takes the last candidate).
    copyButton: [
      'div.ds-message + div > div.ds-flex > [role="button"]:first-child',
      'div.ds-message + div + div > div.ds-flex > [role="button"]:first-child',
      'div._965abe9 > [role="button"]:first-child',
    ],
    // DeepThink still going: its block shown while the answer block is still empty.
    thinkingIndicator: ['.ds-message:has(> .ds-markdown:empty) .ds-think-content'],
    newChatButton: ['div._217e214[role="button"]', 'a[href="/"]'],
    errorBanner: ['.ds-notice', '[role="alert"]'],
    loginWall: ['input[placeholder="Phone number / email address"]', '.ds-sign-in', 'a[href="/sign_in"]'],
    botCheck: ['iframe[src*="challenges.cloudflare.com"]', '#challenge-form', '#challenge-stage', '#cf-challenge-running'],
    // The composer's input (the send control follows it; none in Expert mode).
    fileInput: [`textarea[name="search"] ~ div ${FILE_INPUT}`, `textarea#chat-input ~ ${FILE_INPUT}`, `textarea#chat-input ~ div ${FILE_INPUT}`],
    // Cards in the sibling of the textarea's wrapper (no class in the capture: structure only).
    attachmentReady: [
      'div:has(> div > div > textarea[name="search"]) > div:not([role]):not(:has(textarea)) > div',
      'div:has(> div > textarea[name="search"]) > div:not([role]):not(:has(textarea)) > div',
    ],
    attachmentPending: ['[role="progressbar"]', '.ds-loading'],
    attachmentRefused: ['.ds-toast', '[role="alert"]'],
    attachmentRefusedText: ATTACHMENT_REFUSAL_TEXT,
    attachmentRemove: ['[role="button"][aria-label="Remove"]'],
  },
  // "You are sending messages too frequently. Please wait a moment." names no time.
  defaultRetryAfterMs: 60_000,
  // "The server is busy. Please try again later." (deepseek-ai/DeepSeek-R1#119, 2025-01-28; #194,
  // 2025-01-30) and "Sorry, DeepSeek's search service is busy. … try again in a few minutes."
  // (#204, 2025-01-31): capacity limits that name no time, so RATE_LIMITED with the default wait
  // lets the router move the task on.
  errorPatterns: [
    { code: PTKErrorCode.RATE_LIMITED, pattern: "sending messages too frequently|too many messages|rate limit|server (is )?busy|search service is busy" },
    { code: PTKErrorCode.CONVERSATION_TOO_LONG, pattern: 'reached its length limit|length limit of this (chat|conversation)' },
  ],
  modelPicker: MODEL_PICKER,
};

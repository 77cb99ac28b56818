/**
 * ChatGPT (chatgpt.com). What the selectors rest on, current page first (sources: C2M =
 * royharden/Chat-to-Markdown test/fixtures/chatgpt/*@79ea2bb0, live captures of 2026-06-05,
 * signed out; TOK = jazelly/tokenless provider-dom fixtures chatgpt/signed-in-paid/** observed
 * 2026-07-17 / 2026-07-25 and packages/cli/src/playwright/providers.ts@1edd2d1b; ORA =
 * steipete/oracle src/browser/{constants,index}.ts, actions/{assistantResponse,thinkingStatus,
 * navigation,promptComposer}.ts@083bba7e, 2026-08-14; ACF = mcgaffertybodway62-cell/aiweb-copyfix
 * test/fixtures/chatgpt.html@044367e9, 2026; PX = pionxzh/chatgpt-exporter@c397f0df, 2026-08-18):
 * - composer: `div#prompt-textarea[contenteditable][role=textbox]`, aria-label "Chat with
 *   ChatGPT", a ProseMirror editor (TOK composer-idle; ORA PROMPT_PRIMARY_SELECTOR). A hidden
 *   `textarea[name="prompt-textarea"]` sits next to it (TOK, ORA's fallback): last in the list,
 *   since typing into a hidden textarea does nothing while the editor exists;
 * - send / stop: `button[data-testid="send-button"]` / `button[data-testid="stop-button"]`,
 *   scoped to the composer form first (ORA: read-aloud and voice have "stop" controls too);
 * - turns: `section[data-testid="conversation-turn-N"][data-turn="user"|"assistant"]` (C2M;
 *   ORA widened article → section in 187f3a75, 2025-12-26; PX) is the turn scope; the mid-2025
 *   `article[data-turn]` turns are its fallbacks. Inside, the messages
 *   `div[data-message-author-role][data-message-id]` (C2M, ORA, PX). One assistant turn can hold
 *   several message nodes (a preamble, tool output, the answer; ORA picks among them by
 *   data-message-id): the page runtime gathers every assistant node of the turn scope and
 *   takes the `.markdown` of the last non-empty one. A turn whose nodes lost the role
 *   attribute falls back to the `[data-turn="assistant"]` turn itself;
 * - answer: `div.markdown.prose…markdown-new-styling` (ACF);
 * - thinking: `span.loading-shimmer` ("Thinking…") inside the turn (ORA thinkingStatus.ts). The
 *   "Thought for Ns" summary and `[data-testid*="reasoning"]` STAY after the answer (ORA), and
 *   ORA counts `[data-testid*="thinking"]` only with an active label, so neither is listed: a
 *   presence-only indicator that outlives the answer would hold every turn until the timeout;
 * - completion: `div[role=group][aria-label="Response actions"]` with
 *   `button[data-testid="copy-turn-action-button"][aria-label="Copy response"]`, Share (C2M),
 *   good/bad testids (ORA FINISHED_ACTIONS). The bar can flash mid-thinking: the completion
 *   tracker holds it over several observations (ORA's terminal gate, 0f5c3cda);
 * - copy: that button, through `navigator.clipboard.write([ClipboardItem])` (ORA intercepts
 *   write() for it). User turns carry the SAME testid ("Copy message", in "Your message
 *   actions"), and code and writing blocks have `button[aria-label="Copy"]` (C2M): every copy
 *   selector names the "Response actions" group or excludes "Copy message", and none is a bare
 *   `aria-label="Copy"`, which would copy one code block instead of the answer;
 * - sign-in: guests can chat (C2M captured signed out; TOK guest "supported"): a page with the
 *   composer AND "Log in" is a guest page. Signing in leaves for auth.openai.com (ORA
 *   isAuthLoginUrl; TOK trusted sign-in hosts auth.openai.com, auth0.openai.com,
 *   login.openai.com, accounts.google.com for "Continue with Google");
 * - bot check: Cloudflare's "Just a moment..." title; "Verification successful. Waiting for
 *   chatgpt.com to respond" with `#challenge-error-text` (C2M access-gate-cloudflare). Healthy
 *   pages carry a hidden challenges.cloudflare.com iframe (ORA) that is there before the app
 *   renders its composer, so that iframe is not a bot-check selector here; the interstitial's
 *   own form and texts are;
 * - limits: "Too many requests. You’re making requests too quickly. We’ve temporarily limited
 *   access to your conversations. Please wait a few minutes before trying again." (ORA test of
 *   8a258adb, 2026-05-17) is a rate limit naming no time; "You’ve hit the Free plan limit for
 *   GPT-4o. Responses will use another model until your limit resets after 7:35 AM." only
 *   informs (unattributed page-text capture; the answer goes on): a notice, never an abort.
 * - uploads: the composer form's `input#upload-files[type=file][multiple]` (TOK file-input-ready,
 *   2026-07-17, inside `form[data-testid="composer"]`; the image-only inputs are separate);
 *   ORA's generic `form input[type="file"]:not([accept])` is the last fallback. An accepted file
 *   is a `[role="group"][aria-label="<name>"]` tile in that form with a "Remove file N: <name>"
 *   button and an `animate-spin` spinner while processing; a duplicate is refused in a
 *   `[role="dialog"]` (pankaj28843/cdp-cli internal/webagent/chatgpt/attachment.go @8e95945,
 *   2026-07/08; ORA promptComposer.ts e23fa065 2026-05-22, upload states in constants.ts).
 *   The wording of a too-large / unsupported refusal is not in any source (matched broadly);
 * - errors: `div.text-token-text-error` INSIDE the assistant message, next to its markdown, with
 *   a "Start new chat" / Retry button ("You've reached the maximum length for this conversation":
 *   a ChatGPT bridge's DOM contract, observed live 2026-09-06, code index, unattributed; older
 *   scripts read `div.text-sm.text-token-text-error span`); `[role=alert]` (ORA scans it).
 *   The page-state scan reads neither inside the answer's `.markdown`. Removed as unverified:
 *   `[data-testid="error-banner"]` (the generic scan's `[data-testid*=error/banner i]` regions
 *   read such a banner by its text), `.text-red-500` (a colour utility any red text has);
 * - streaming: `.result-streaming` on the answer is KEPT UNVERIFIED: only unattributed index hits
 *   show it (ChatGPT's own stylesheet rule `.result-streaming>…:last-child:after`, the streaming
 *   cursor, saved in a public repository; 2024-2026 scripts). An extra "still streaming" signal
 *   for the 2025 page; the stop button decides on the 2026 one;
 * - login: `button[data-testid="login-button"]` (ORA `button[data-testid*="login"]`),
 *   `a[href*="/auth/login"]` (ORA, TOK). Removed as unverified: `[data-testid="login-wall"]`,
 *   `#composer-submit-button`, the "Stop streaming" label (the testids before them are ORA's).
 * Unverified wordings kept: "conversation is too long", "message you submitted was too long".
 */
import { PTKErrorCode } from '../../core/errors';
import { ATTACHMENT_REFUSAL_TEXT } from '../attachmentMatching';
import type { ModelPicker, SiteAdapter } from './types';

/** The answer's action group; every copy and completion selector stays inside it when it can. */
const RESPONSE_ACTIONS = 'div[role="group"][aria-label="Response actions"]';

/**
 * The model picker. ORA (src/browser/constants.ts MODEL_BUTTON_SELECTOR; the composer pill
 * added in f7efb31d, 2026-05) opens it with `[data-testid="model-switcher-dropdown-button"]`,
 * then `button.__composer-pill[aria-haspopup="menu"]`, then `button[aria-label="Select ChatGPT
 * model"]`, and reads `[role=menu]` / `[role=menuitemradio]` items. TOK model-menu-open
 * (signed-in-paid, 2026-07-17): the pill shows the effort ("High"); its menu holds the efforts
 * as `menuitemradio`s ("Instant" with a secondary "5.5", "Medium", "High") and the current
 * model's row, a `menuitem[aria-haspopup=menu]` ("GPT-5.6 Sol") that opens a second menu of
 * model radios ("GPT-5.6 Sol", "GPT-5.5", "GPT-5.4" with "Leaving on July 23", "GPT-5.3",
 * "o3"). An item's name is its first span: secondary text is a separate node (TOK's note).
 * The efforts are the radios of the menu that holds the model row (the same TOK capture): those
 * are reasoning levels, the submenu's radios are the models.
 * Evidence of the current choice: the switcher's label and the pill's text.
 */
const MODEL_PICKER: ModelPicker = {
  trigger: ['button[data-testid="model-switcher-dropdown-button"]', 'button.__composer-pill[aria-haspopup="menu"]', 'button[aria-label="Select ChatGPT model"][aria-haspopup="menu"]'],
  submenuTrigger: ['[role="menu"] [role="menuitem"][aria-haspopup="menu"]'],
  option: ['[role="menu"] [role="menuitemradio"]', '[data-radix-collection-root] [role="menuitemradio"]'],
  optionName: { within: [':scope > span:first-child'] },
  levelOption: ['[role="menu"]:has(> [role="menuitem"][aria-haspopup="menu"]) > [role="menuitemradio"]'],
  current: ['button[data-testid="model-switcher-dropdown-button"]', 'button.__composer-pill[aria-haspopup="menu"]', 'button[aria-label="Select ChatGPT model"][aria-haspopup="menu"]'],
};

export const chatgptAdapter: SiteAdapter = {
  id: 'chatgpt',
  displayName: 'ChatGPT',
  url: 'https://chatgpt.com/',
  hosts: ['chatgpt.com', 'chat.openai.com'],
  signInHosts: ['auth.openai.com', 'auth0.openai.com', 'login.openai.com', 'accounts.google.com'],
  composerKind: 'contenteditable',
  maxPromptChars: 200_000,
  insertChunkChars: 50_000,
  selectors: {
    composer: ['#prompt-textarea', 'div.ProseMirror[contenteditable="true"]', 'div[contenteditable="true"][role="textbox"]', 'textarea[name="prompt-textarea"]'],
    sendButton: ['button[data-testid="send-button"]', 'form button[aria-label="Send prompt"]'],
    stopButton: ['form button[data-testid="stop-button"]', 'button[data-testid="stop-button"]'],
    userTurn: ['[data-message-author-role="user"]', '[data-testid^="conversation-turn-"][data-turn="user"]'],
    assistantTurn: ['[data-message-author-role="assistant"]', '[data-testid^="conversation-turn-"][data-turn="assistant"]'],
    answerContent: ['.markdown', '.prose'],
    turnScope: ['section[data-testid^="conversation-turn-"]', '[data-turn="assistant"]', '[data-testid^="conversation-turn-"]'],
    turnActionBar: [RESPONSE_ACTIONS, 'button[data-testid="copy-turn-action-button"]:not([aria-label="Copy message"])', 'button[data-testid="good-response-turn-action-button"]'],
    copyButton: [
      `${RESPONSE_ACTIONS} button[data-testid="copy-turn-action-button"]`,
      'button[data-testid="copy-turn-action-button"]:not([aria-label="Copy message"])',
      `${RESPONSE_ACTIONS} button[aria-label="Copy response"]`,
    ],
    streamingIndicator: ['.result-streaming', '.streaming-animation'],
    thinkingIndicator: ['span.loading-shimmer', '.loading-shimmer', '[aria-busy="true"]'],
    newChatButton: ['a[data-testid="create-new-chat-button"]', 'button[data-testid="create-new-chat-button"]', 'a[aria-label="New chat"]'],
    errorBanner: ['div.text-token-text-error', '[role="alert"]'],
    loginWall: ['button[data-testid="login-button"]', 'a[href*="/auth/login"]'],
    // No `iframe[src*="challenges.cloudflare.com"]`: healthy ChatGPT pages carry one (hidden)
    // from the first byte, before the app renders its composer (ORA).
    botCheck: ['#challenge-form', '#challenge-stage', '#cf-challenge-running', '#challenge-error-text'],
    // The generic multi-file input of the composer form, never the image-only ones (which carry `accept`).
    fileInput: ['form input#upload-files[type="file"]', 'form[data-testid="composer"] input[type="file"]:not([accept])', 'form input[type="file"][multiple]:not([accept])'],
    attachmentReady: ['form [role="group"][aria-label]:has(button[aria-label^="Remove file"])', 'form div:has(> button[aria-label^="Remove file"])'],
    attachmentPending: ['[class*="animate-spin"]', '[aria-busy="true"]', '[data-state="uploading"]', '[data-state="loading"]'],
    attachmentRefused: ['[role="dialog"]', '[role="alert"]', '[data-testid*="toast" i]'],
    attachmentRefusedText: ATTACHMENT_REFUSAL_TEXT,
    attachmentRemove: ['button[aria-label^="Remove file"]'],
  },
  // Usage caps (docs/sites.md, "Usage caps"): "You've reached our limit of messages per 3 hours.
  // Please try again after 3:15 PM." (the project's 2026-11 table), "You've hit your limit, please
  // try again later" (companionlink.com, 2025-10), "You can use it again at HH:MM"
  // (aitoolsguidebook.com, 2026). The free-plan notice "You've hit the Free plan limit for GPT-…
  // Responses will use another model until…" only downgrades the model: a notice, not a failure.
  noticePatterns: ['hit the free plan limit for gpt', 'responses will use another model'],
  errorPatterns: [
    { code: PTKErrorCode.RATE_LIMITED, pattern: "you['’]ve reached our limits? of messages|you['’]ve reached our limit|you['’]ve hit your limit|you have hit your limit|use it again at|reached the current usage cap|too many requests|requests too quickly|temporarily limited access|please wait a few minutes" },
    { code: PTKErrorCode.CONVERSATION_TOO_LONG, pattern: 'conversation is too long|start a new (chat|conversation)' },
    { code: PTKErrorCode.PROMPT_TOO_LONG, pattern: 'message you submitted was too long' },
  ],
  // "Please wait a few minutes before trying again" names no time.
  defaultRetryAfterMs: 180_000,
  modelPicker: MODEL_PICKER,
  // Temporary chat: `chatgpt.com/?temporary-chat=true`; the parameter stays in the address while
  // it is on (steipete/oracle src/browser/utils.ts isTemporaryChatUrl @083bba7e, 2026-08-14;
  // robertpiosik/CodeWebChat chatbots/chatgpt.ts waits for it after its toggle, 2026-08-10).
  // New chat leaves the mode, so every agent chat reopens the URL (docs/sites.md, 2026-11-26).
  temporaryChat: { urlParam: ['temporary-chat', 'true'] },
};

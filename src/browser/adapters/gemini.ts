/**
 * Gemini (gemini.google.com), the 2026 "lr26" UI first, the pre-May-2026 UI as fallbacks.
 * Evidence (maintained public projects; see docs/sites.md for the full table):
 * - composer: Quill, `rich-textarea div.ql-editor[contenteditable="true"][role="textbox"]`,
 *   aria-label "Enter a prompt for Gemini" (jazelly/tokenless test/fixtures/provider-dom/gemini/
 *   signed-in-unknown/composer-idle.html@7c808aa2, observed 2026-07-17; Gambitnl/Aralia
 *   skills/whisk-image-generation/SKILL.md, verified 2026-09-03). The signed-out guest page's
 *   reduced capture has the textbox without `rich-textarea` / `ql-editor` (tokenless
 *   gemini/signed-out-guest/mode-picker.html@f660f76c, 2026-07-28): the second fallback;
 * - send: `button[aria-label="Send message"]`, which exists only once text is typed (a
 *   microphone button sits there while the composer is empty; Aralia 2026-09-03, tokenless
 *   docs 2026-07-15). lr26 moved the `send-button` class to the `gem-icon-button` host
 *   (unattributed developer doc), so `button.send-button` is the pre-lr26 fallback;
 * - stop: `button[aria-label="Stop response"]` (Aralia: "was 'Stop generation' before";
 *   tokenless absence selector 2026-08-10; robertpiosik/CodeWebChat chatbots/gemini.ts@25d353db
 *   uses `mat-icon[fonticon="stop"]`);
 * - turns: `user-query` (`.query-text`, role heading) and `model-response`; the answer in
 *   `response-container message-content > div.markdown.markdown-main-panel` (tokenless
 *   response-complete-source-badges.html@a9d82fbf, 2026-08-10; royharden/Chat-to-Markdown
 *   test/fixtures/gemini/code-basic.html@79ea2bb0, captured 2026-06-05). Expanded thoughts put
 *   a SECOND `message-content` inside `model-thoughts` / `.thoughts-container` before the answer
 *   (Nagi-ovo/gemini-voyager a3644075, 2026-02-14, still in @103c367c): every answer selector
 *   excludes them;
 * - completion: `div.response-footer.complete` (steipete/oracle src/browser/providers/
 *   geminiDeepThinkDomProvider.ts, 2026-03-08; Chat-to-Markdown captures) holding
 *   `message-actions` (Redo / Copy / more; CodeWebChat footer `message-actions > div > div`);
 * - copy: lr26 dropped the copy button's `data-test-id` (gemini-voyager 131cf0b7, 2026-05-21):
 *   `copy-button > button[aria-label="Copy"]` with `mat-icon[fonticon="content_copy"]`. Every
 *   copy selector is scoped to the turn's footer: code blocks carry "Copy code" buttons with the
 *   same icon;
 * - thinking: `model-thoughts` with a `[role="progressbar"]` spinner while the model thinks
 *   (oracle's spinner selector; the thoughts markup itself stays after the answer);
 * - sign-in: signed out, Gemini still chats as a guest (composer + "Sign in"; tokenless
 *   signed-out-guest, Chat-to-Markdown captures "authenticated": false); the sign-in flow is
 *   off-site on accounts.google.com (oracle treats that host as "sign-in required");
 * - uploads: no file input until the upload menu is used. tokenless file-input-ready.html
 *   (@6413e3dc, 2026-07-17) and upload-tools-menu-open.html: `button[aria-label="Upload and
 *   tools"]` → `[data-test-id="local-images-files-uploader-button"]` "Upload files", after which
 *   the page makes `input[type=file][name="Filedata"]` for its file chooser.
 *   pankaj28843/cdp-cli internal/webagent/gemini/attachment.go (@8825ac9c, 2026): `button
 *   [aria-label="Upload & tools"]` → a menu holding `images-files-uploader input[type=file]`;
 *   files as `.text-input-field .attachment-preview-wrapper .file-preview-container` named
 *   through aria-describedby; `[role=progressbar]` / `mat-progress-spinner` while processing; a
 *   visible `[role=alert]` on failure. The remove control's label is INFERRED;
 * - errors: snack bars (`mat-snack-bar-container`: KEPT UNVERIFIED, no source shows Gemini's error
 *   markup and lr26 moved menus and icon buttons to `gem-*` components; it stays because an
 *   unlabelled snack bar is otherwise read only with a known text), `[role=alert]` (cdp-cli's
 *   upload failure above), "You've reached your limit … until 3:15 PM",
 *   "Something went wrong", Google's "unusual traffic" / reCAPTCHA page.
 */
import { PTKErrorCode } from '../../core/errors';
import { ATTACHMENT_REFUSAL_TEXT } from '../attachmentMatching';
import type { ModelPicker, SiteAdapter } from './types';

/** Elements inside the thoughts panel: never the answer. */
const OUTSIDE_THOUGHTS = ':not(model-thoughts *, .thoughts-container *)';

/**
 * The mode picker. TOK model-menu-open (signed-in, 2026-07-17) and signed-out-guest/mode-picker
 * (2026-07-28): `button[data-test-id="bard-mode-menu-button"]`, aria-label "Open mode picker,
 * currently Pro" and text "Pro", opens a menu of `gem-menu-item[role=menuitem][data-mode-id]`
 * ("flash-lite", "flash", "pro") whose `span.label` names the mode ("3.1 Flash-Lite", "3.5
 * Flash", "3.1 Pro"); the chosen one's `gem-menu-item-content` has `.selected`. CodeWebChat
 * (chatbots/gemini.ts@25d353db) opens `bard-mode-switcher button` and reads `gem-menu`
 * `[role=menuitem] .label`; WebAI-to-API (gemini_scripts.py@e9dd7f3c) `button[aria-label*="Open
 * mode picker"]`. The trigger's short label ("Pro", "Flash") is the evidence: it ends the
 * mode's label. A mode id ("pro", "flash") is accepted as the mode's name too.
 */
const MODEL_PICKER: ModelPicker = {
  trigger: ['button[data-test-id="bard-mode-menu-button"]', 'bard-mode-switcher button', 'button[aria-label^="Open mode picker"]'],
  option: ['gem-menu-item[data-mode-id]', '[role="menu"] gem-menu-item', '[role="menu"] [role="menuitem"]'],
  optionName: { within: ['.label'] },
  optionAlias: { attribute: 'data-mode-id' },
  current: ['button[data-test-id="bard-mode-menu-button"]', 'bard-mode-switcher button', 'button[aria-label^="Open mode picker"]'],
};

export const geminiAdapter: SiteAdapter = {
  id: 'gemini',
  displayName: 'Gemini',
  url: 'https://gemini.google.com/app',
  hosts: ['gemini.google.com'],
  signInHosts: ['accounts.google.com'],
  composerKind: 'contenteditable',
  maxPromptChars: 120_000,
  insertChunkChars: 30_000,
  selectors: {
    composer: ['rich-textarea div.ql-editor[contenteditable="true"]', 'div[contenteditable="true"][role="textbox"][aria-label*="prompt" i]', 'div.ql-editor[contenteditable="true"]'],
    sendButton: ['button[aria-label="Send message"]', 'button.send-button:not(.stop)'],
    stopButton: ['button[aria-label="Stop response"]', 'button.send-button.stop', 'button[aria-label="Stop generation"]'],
    userTurn: ['user-query .query-text', 'user-query'],
    assistantTurn: ['model-response', '.model-response-text'],
    answerContent: [`message-content${OUTSIDE_THOUGHTS} > .markdown-main-panel`, `message-content${OUTSIDE_THOUGHTS} .markdown`, `message-content${OUTSIDE_THOUGHTS}`],
    turnScope: ['model-response'],
    turnActionBar: ['.response-footer.complete', 'message-actions', '.actions-container-v2'],
    copyButton: [
      'message-actions copy-button button',
      'message-actions button[data-test-id="copy-button"]',
      'message-actions button:has(mat-icon[fonticon="content_copy"])',
      '.response-footer button[aria-label="Copy"]',
    ],
    streamingIndicator: ['message-content[aria-busy="true"]'],
    thinkingIndicator: ['model-thoughts [role="progressbar"]', '.thoughts-container [role="progressbar"]'],
    newChatButton: ['a[aria-label="New chat"]', 'button[data-test-id="new-chat-button"]', 'button[aria-label="New chat"]'],
    errorBanner: ['mat-snack-bar-container', '[role="alert"]'],
    loginWall: ['a[href*="accounts.google.com/ServiceLogin"]', 'a[aria-label="Sign in"]', 'button[aria-label="Sign in"]', '[data-test-id="sign-in-button"]'],
    botCheck: ['form#captcha-form', 'iframe[src*="recaptcha"]', 'iframe[src*="challenges.cloudflare.com"]', '#challenge-form', '#challenge-stage'],
    // No input until the upload menu is used: the menu's own input, or the one the page makes for its chooser.
    fileInput: ['[role="menu"] images-files-uploader input[type="file"]', 'input[type="file"][name="Filedata"]'],
    uploadMenuButton: ['button[aria-label="Upload and tools"]', 'button[aria-label="Upload & tools"]'],
    uploadMenuItem: ['[role="menu"] [data-test-id="local-images-files-uploader-button"]', '[role="menu"] [role="menuitem"][aria-label^="Upload files"]'],
    attachmentReady: ['.text-input-field .attachment-preview-wrapper .file-preview-container', 'input-area-v2 .attachment-preview-wrapper .file-preview-container'],
    attachmentPending: ['[role="progressbar"]', 'mat-progress-spinner'],
    attachmentRefused: ['mat-snack-bar-container', '[role="alert"]'],
    attachmentRefusedText: ATTACHMENT_REFUSAL_TEXT,
    attachmentRemove: ['button[aria-label^="Remove"]'],
  },
  // Gemini's plan-limit notice while the answer goes on (wording unverified): informs only.
  noticePatterns: ['responses will use .{1,40} until'],
  errorPatterns: [
    { code: PTKErrorCode.BOT_CHECK, pattern: 'unusual traffic from your computer network' },
    // "You've reached your limit…" (wording of the web app unverified; Google's own CLI says
    // "Usage limit reached for all Pro models", google-gemini/gemini-cli#17006, 2026-01-19, and
    // "You have reached your daily gemini-2.5-pro quota limit", #4263, 2025-07-15).
    { code: PTKErrorCode.RATE_LIMITED, pattern: "you['’]ve reached your limit|limit resets|at capacity|usage limit reached|reached your daily .{1,40}(quota )?limit" },
    { code: PTKErrorCode.CONVERSATION_TOO_LONG, pattern: 'chat has grown too long|conversation is too long' },
    { code: PTKErrorCode.PROMPT_TOO_LONG, pattern: 'prompt is too long|try a shorter prompt' },
    { code: PTKErrorCode.NETWORK_ERROR, pattern: "couldn't connect|check your internet connection" },
    { code: PTKErrorCode.SITE_ERROR, pattern: 'something went wrong|having a hard time fulfilling' },
  ],
  modelPicker: MODEL_PICKER,
  // Temporary chat (docs/sites.md, "Temporary chats and usage caps", 2026-11-26): the toggle
  // `temp-chat-button button` (robertpiosik/CodeWebChat chatbots/gemini.ts c8c72f27, 2026-07-09;
  // before, `button[data-test-id="temp-chat-button"]`, e187d6bc 2025-09-05), found in the side
  // nav opened by `button[data-test-id="side-nav-menu-button"]` when collapsed; no URL form. On:
  // `chat-window.is-temporary-chat`, the host `gem-icon-button.temp-chat-on`,
  // `.temporary-chat-card-container` (several unattributed 2026 sources, medium).
  temporaryChat: {
    toggle: ['temp-chat-button button', 'button[data-test-id="temp-chat-button"]', 'button[aria-label="Temporary chat"]'],
    toggleOpener: ['button[data-test-id="side-nav-menu-button"]'],
    active: ['chat-window.is-temporary-chat', 'gem-icon-button.temp-chat-on', '.temporary-chat-card-container'],
  },
};

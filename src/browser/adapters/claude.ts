/**
 * Claude (claude.ai). What the selectors rest on, current page first (sources: TOK =
 * jazelly/tokenless packages/cli/src/playwright/providers.ts@1edd2d1b and its provider-dom
 * fixtures claude/** observed 2026-07-17 / 2026-07-31; C2M = royharden/Chat-to-Markdown
 * test/fixtures/claude/*@79ea2bb0 captured 2026-06-05 / 2026-06-08; CWC =
 * robertpiosik/CodeWebChat chatbots/claude.ts@25d353db, 2026-08; CCE =
 * agarwalvishal/claude-chat-exporter@85c739d1, 2025-10):
 * - composer: `div[data-testid="chat-input"][contenteditable][role=textbox]`, aria-label
 *   "Write your prompt to Claude", a ProseMirror editor (TOK composer-idle, C2M spec). The
 *   2025 `fieldset div.ProseMirror` forms stay as fallbacks;
 * - send: `button[aria-label="Send message"]` (TOK). Stop: the label "Stop response" is NOT
 *   verified by any source (CWC finds the stop by its icon); `data-is-streaming="true"`
 *   covers a missed stop button;
 * - turns: each message in its own `div[data-test-render-count]` (the turn scope); user text in
 *   `[data-testid="user-message"]` (C2M, CCE, TOK); the answer in `div[data-is-streaming]` >
 *   `div.font-claude-response` (TOK answer selectors, 2026), holding `.standard-markdown`
 *   blocks whose paragraphs carry `.font-claude-response-body` (unattributed 2025-11 and
 *   2026-08 notes: that class marks each paragraph, so it is never used as the answer
 *   container). The 2025 `.font-claude-message` body is a fallback;
 * - streaming: `data-is-streaming` flips "true" → "false" (TOK busy selector); a thinking
 *   summary (`button.group/status` + `span[role=status]`) sits at the top of the turn and
 *   STAYS after the answer (C2M code-basic), so "thinking" is a status line in a streaming turn
 *   whose answer has no content yet;
 * - after completion: `div[role=group][aria-label="Message actions"]` with
 *   `action-bar-copy` / `-read-aloud` / `-retry` (C2M), a SIBLING of the data-is-streaming div
 *   inside the render-count wrapper (CWC footer `div[data-test-render-count] > div >
 *   div:nth-child(2)`, 2026-02/08). User turns carry their own "Message actions" group with an
 *   `action-bar-copy` too (C2M): the copy selectors only ever run inside the assistant's
 *   render-count wrapper. Copy goes through navigator.clipboard.writeText (CCE);
 * - code blocks: `div[role=group][aria-label="python code"]` with a "Copy to clipboard" button
 *   (C2M) — never matched by the copy selectors, which name the "Message actions" group;
 * - sign-in: claude.ai/login ("Continue with Google", `input[placeholder="Enter your email"]`,
 *   C2M login-google-oauth; TOK loginIndicators); Google's OAuth page on accounts.google.com
 *   (TOK trusted sign-in hosts); Cloudflare interstitial "Just a moment..." / "Performing
 *   security verification" (TOK signed-out-challenge, 2026-07-31; C2M access-gate-cloudflare);
 * - limits: "You are out of free messages until 1:50 AM" (2026 pasted transcripts,
 *   unattributed) blocks; "7 messages remaining until 3:00 PM" only warns (unattributed).
 * - uploads: `input#chat-input-file-upload-onpage[data-testid="file-upload"][multiple]` (TOK
 *   file-input-ready, 2026-07-17); each accepted file a `[data-testid="file-thumbnail"]` in the
 *   composer root (the editor's ancestor holding that input) whose "Remove <name>" button names
 *   it, `[role=progressbar]` / `aria-busy` / `.animate-spin` while processing, a visible
 *   `[role=alert]` when Claude rejects a file (pankaj28843/cdp-cli internal/webagent/claude/
 *   attachment.go @127bd7dd, 2026); the refusal wording "Upload file is too large…"
 *   (anthropics/claude-code#46655, 2026-04-11). The fieldset thumbnail fallback is INFERRED;
 * - errors: `[role="alert"]` only, the one error markup a 2026 source shows on claude.ai (the
 *   file refusal above, cdp-cli). NOT `.text-danger-000`: claude.ai gives that class to EVERY
 *   inline code span of an answer (`<code class="bg-text-200/5 border border-0.5
 *   border-border-300 text-danger-000 whitespace-pre-wrap rounded-[0.4rem] px-1 py-px
 *   text-[0.9rem]">`, `rounded-[0.3rem]` in older pages; public captures of Claude answers in
 *   the code index, e.g. a 2026 design note with `.font-claude-response-body` paragraphs), so as
 *   an error selector it ended every answer with inline code. The 2024 message-limit banner
 *   `fieldset div.text-danger-000` (a test fixture of a Claude 3.5 Sonnet era extension,
 *   unattributed) sat in the composer's fieldset, which no 2026 source shows any more. No
 *   source shows a `[data-testid="toast"]`: toasts are left to the generic banner scan
 *   (pageSignals.ts, text-gated). The login wall's `[data-testid="login-form"]` (earlier builds,
 *   no source) is gone: the two sign-in controls above are captured. Unverified wordings:
 *   "reached its maximum length", "Claude will return soon".
 */
import { PTKErrorCode } from '../../core/errors';
import { ATTACHMENT_REFUSAL_TEXT } from '../attachmentMatching';
import type { ModelPicker, SiteAdapter } from './types';

/**
 * The model selector. TOK model-menu-open (signed-in-free, 2026-07-17):
 * `button[data-testid="model-selector-dropdown"][aria-haspopup=menu]`, aria-label "Model: Haiku
 * 4.5" and text "Haiku 4.5", opens a `div[role=menu]` of `menuitemradio`s whose first span is the
 * model ("Fable 5", "Opus 4.8", "Sonnet 5", "Haiku 4.5"); paid ones add "Pro" / "Upgrade" spans.
 * Another 2026 driver (unattributed) finds the button by `button[aria-label^="Model:"]`. The
 * label also carries the effort ("Model: Sonnet 5 Medium", TOK thinking-effort-menu-open); the
 * button's text names the model alone. Choosing a model the plan lacks does not switch it: the
 * evidence check then refuses.
 */
const MODEL_PICKER: ModelPicker = {
  trigger: ['button[data-testid="model-selector-dropdown"]', 'button[aria-label^="Model:"][aria-haspopup="menu"]'],
  option: ['[role="menu"] [role="menuitemradio"]'],
  optionName: { within: [':scope > span:first-child'] },
  current: ['button[data-testid="model-selector-dropdown"]', 'button[aria-label^="Model:"][aria-haspopup="menu"]'],
};

export const claudeAdapter: SiteAdapter = {
  id: 'claude',
  displayName: 'Claude',
  url: 'https://claude.ai/new',
  hosts: ['claude.ai'],
  signInHosts: ['accounts.google.com'],
  composerKind: 'contenteditable',
  maxPromptChars: 180_000,
  insertChunkChars: 50_000,
  selectors: {
    composer: [
      'div[data-testid="chat-input"][contenteditable="true"]',
      'div[contenteditable="true"][role="textbox"][aria-label="Write your prompt to Claude"]',
      'fieldset div.ProseMirror[contenteditable="true"]',
      'div.ProseMirror[contenteditable="true"]',
    ],
    sendButton: ['button[aria-label="Send message"]', 'button[aria-label="Send Message"]', 'fieldset button[type="submit"]'],
    stopButton: ['button[aria-label="Stop response"]', 'fieldset button[aria-label^="Stop"]'],
    userTurn: ['[data-testid="user-message"]', '[class*="font-user-message"]'],
    assistantTurn: ['div[data-is-streaming] > div.font-claude-response', 'div[data-is-streaming] .font-claude-message', 'div[data-is-streaming]'],
    // The answer's markdown block(s); the whole body when none matches (older builds).
    answerContent: [':scope > .standard-markdown', ':scope > .progressive-markdown'],
    turnScope: ['div[data-test-render-count]', 'div[data-is-streaming]'],
    turnActionBar: ['div[role="group"][aria-label="Message actions"]', '[data-testid="action-bar-copy"]', '[data-testid="action-bar-retry"]'],
    copyButton: ['button[data-testid="action-bar-copy"]', 'div[role="group"][aria-label="Message actions"] button[aria-label="Copy"]'],
    streamingIndicator: ['[data-is-streaming="true"]'],
    // A status line shown while the answer has not begun (the summary stays after, see above).
    thinkingIndicator: ['[data-is-streaming="true"] > .font-claude-response:has(> [role="status"]):not(:has(> .standard-markdown > *))'],
    newChatButton: ['a[href="/new"][aria-label="New chat"]', 'a[aria-label="New chat"]', 'a[href="/new"]'],
    errorBanner: ['[role="alert"]'],
    loginWall: ['button[data-testid="login-with-google"]', 'input[placeholder="Enter your email"]'],
    botCheck: ['iframe[src*="challenges.cloudflare.com"]', '#challenge-form', '#challenge-stage', '#challenge-error-text', '#cf-challenge-running'],
    fileInput: ['input[data-testid="file-upload"][type="file"]', 'input#chat-input-file-upload-onpage[type="file"]'],
    // Thumbnails inside the composer root only (an ancestor of the editor and the file input that holds no
    // message): sent messages show the same thumbnails in the thread.
    attachmentReady: [
      'div:has([data-testid="chat-input"]):has(input[data-testid="file-upload"]):not(:has([data-testid="user-message"])) [data-testid="file-thumbnail"]',
      'fieldset [data-testid="file-thumbnail"]',
    ],
    attachmentPending: ['[role="progressbar"]', '[aria-busy="true"]', '.animate-spin'],
    attachmentRefused: ['[role="alert"]', '[data-testid="toast"]'],
    attachmentRefusedText: `upload file is too large|${ATTACHMENT_REFUSAL_TEXT}`,
    attachmentRemove: ['button[aria-label^="Remove "]'],
  },
  // Usage caps (docs/sites.md, "Usage caps"): "You are out of free messages until 3 PM"
  // (KoushikNavuluri/Claude-API#72, 2023-09-11); "You've hit your limit for Claude messages.
  // Limits will reset at 9:30 AM." on claude.ai (anthropics/claude-code#80062, 2026-07-22);
  // "5-hour limit reached ∙ resets 3pm" (anthropics/claude-code#6593, 2025-08-26); "You've hit
  // your session limit · resets 5:40pm" (anthropics/claude-code#77469, 2026-07-14); Claude's help
  // "Understanding Claude error messages" (support.claude.com 12466728): "5-hour limit reached -
  // resets [time]", "You've reached your weekly limit. It resets [day] at [time]." Warnings that
  // let the answer go on (same help page): "Approaching 5-hour limit" / "session" / "weekly",
  // "You've used X% of your weekly limit", "5-hour limit resets [time] - continuing with extra
  // usage" / "usage credits", "Now using credits"; and "N messages remaining until…".
  noticePatterns: [
    '\\b\\d+ messages? (remaining|left) until',
    'approaching (the |your )?(5[- ]hour|weekly|session|usage) limit',
    'continuing with (extra usage|usage credits)|now using (extra usage|credits)',
    "you['’]ve used \\d+% of your",
  ],
  errorPatterns: [
    { code: PTKErrorCode.RATE_LIMITED, pattern: "out of (free )?messages|message limit|usage limit (reached|resets)|you['’]ve hit your (session |weekly |5[- ]hour )?limit|(5[- ]hour|weekly|session) limit reached|reached your (weekly|session|5[- ]hour) limit" },
    { code: PTKErrorCode.CONVERSATION_TOO_LONG, pattern: 'reached its maximum length|exceed the length limit for this chat|start a new chat to continue' },
    { code: PTKErrorCode.PROMPT_TOO_LONG, pattern: 'message is over the length limit' },
    { code: PTKErrorCode.SITE_ERROR, pattern: 'claude will return soon|something went wrong|response could not be (fully )?generated' },
  ],
  modelPicker: MODEL_PICKER,
  // Incognito chat: `claude.ai/new?incognito` (public 2026 configs, one dated 2026-09-18: "Claude's
  // own ghost-icon mode, logged in, chat not saved"; an extension that keeps the parameter while
  // the mode is on). On: `[data-testid="incognito-frame"]` or an "Exit incognito" button (one
  // unattributed extension, low), else the parameter still in the address. docs/sites.md,
  // "Temporary chats and usage caps", 2026-11-26.
  temporaryChat: { urlParam: ['incognito', ''], active: ['[data-testid="incognito-frame"]', 'button[aria-label*="Exit incognito" i]'] },
};

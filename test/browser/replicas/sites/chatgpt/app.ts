/**
 * ChatGPT replica, current page (chatgpt.com as captured in 2026). The builders are in
 * ./skin.ts; this file names the evidence and starts the app.
 *
 * Evidence (id = source, repo:path@commit, capture date):
 * - C2M  royharden/Chat-to-Markdown test/fixtures/chatgpt/{code-basic,research-writing-block-sources,
 *        access-gate-cloudflare}.html (+ .meta.json) @79ea2bb0, captured 2026-06-05 from a live,
 *        signed-OUT (guest) conversation, "sanitized/minimized";
 * - TOK  jazelly/tokenless test/fixtures/provider-dom/chatgpt/signed-in-paid/composer-idle.html
 *        @7c808aa2 (observed 2026-07-17), conversation-existing / image-result @4a2563bf / f660f76c
 *        (observed 2026-07-25), packages/cli/src/playwright/providers.ts @1edd2d1b (2026-07-21);
 * - ORA  steipete/oracle src/browser/constants.ts, actions/assistantResponse.ts,
 *        actions/thinkingStatus.ts, actions/navigation.ts, index.ts @083bba7e (2026-08-14);
 *        terminal gate 0f5c3cda (2026-07-09), UI warnings 8a258adb (2026-05-17);
 * - ACF  mcgaffertybodway62-cell/aiweb-copyfix test/fixtures/chatgpt.html @044367e9 / bfe87ef4
 *        (2026, capture date not shown);
 * - PX   pionxzh/chatgpt-exporter src/main.tsx, src/exporter/image.ts @c397f0df (2026-08-18);
 * - ACE  nuncaeslupus/ai-chat-exporter tests/fixtures/dom-snapshots/chatgpt/formatting-showcase-
 *        2026-07.html @ac66aa00 (live answer, July 2026): the answer markup of ./answerMarkup.ts.
 *
 * Reproduced from that evidence:
 * - turns: `section[data-testid="conversation-turn-N"][data-turn="user"|"assistant"]` (C2M; ORA
 *   reads data-turn), each with an `h4.sr-only` "You said:" / "ChatGPT said:" (C2M), inside
 *   `#thread` (PX); messages `div[data-message-author-role][data-message-id]` (C2M, ORA, PX);
 *   several assistant message nodes in one turn (ORA picks among them by data-message-id);
 * - the answer `div.markdown.prose.dark:prose-invert.wrap-break-word.w-full.light.markdown-new-styling` (ACF);
 * - composer `div#prompt-textarea.ProseMirror[contenteditable][role=textbox][aria-label="Chat with ChatGPT"]`
 *   plus the hidden `textarea[name="prompt-textarea"]` (TOK composer-idle, ORA PROMPT_FALLBACK_SELECTOR);
 *   `button[data-testid="composer-plus-btn"][aria-label="Add files and more"]` (TOK);
 * - send `button[data-testid="send-button"][aria-label="Send prompt"]`, stop
 *   `button[data-testid="stop-button"]` inside the composer form (ORA, TOK);
 * - after completion `div[role=group][aria-label="Response actions"]` with
 *   `button[data-testid="copy-turn-action-button"][aria-label="Copy response"]`, Share (C2M), good /
 *   bad testids (ORA FINISHED_ACTIONS); the user turn's own "Your message actions" group with the
 *   same copy testid, aria-label "Copy message" (C2M);
 * - code blocks: `pre.overflow-visible` > frame divs > `div.sticky` header (`span` "python",
 *   `button[aria-label="Copy"]`) + `pre.cm-content > code` without `language-x`, strings in
 *   `span.tok-string` (ACF; C2M labels the code copy "Copy"); writing blocks
 *   `div[data-testid="writing-block-container"]` with `button[aria-label="Copy"]` (C2M);
 * - the answer's formulas (KaTeX: MathML with the TeX annotation + aria-hidden glyphs, display
 *   ones as `span.katex-display` between paragraphs), `li > p` items, tables in
 *   `div.TyagGW_tableContainer` with a "Copy table" button, `a.decorated-link` links (ACE;
 *   ./answerMarkup.ts, 2026-11-25);
 * - copy through `navigator.clipboard.write([ClipboardItem])` (ORA intercepts write() for it);
 * - thinking: `span.loading-shimmer` "Thinking…" in the turn, collapsed afterwards into
 *   "Thought for Ns" (`span.text-token-text-tertiary`, no shimmer), which stays (ORA
 *   thinkingStatus.ts); the action bar can flash mid-thinking (ORA assistantResponse.ts);
 * - guest mode: composer plus "Log in" / "Sign up for free" (C2M captured signed out; TOK guest
 *   "supported"; ORA's login CTA texts); sign-in off host on auth.openai.com (ORA isAuthLoginUrl,
 *   TOK trusted sign-in hosts), declared in ../../sites.ts;
 * - the profile button `div[data-testid="accounts-profile-button"][role=button]` "…, Plus" (TOK),
 *   the model switcher `button[data-testid="model-switcher-dropdown-button"]` (ORA) and the
 *   composer's effort pill with the model menus (TOK; ./modelPicker.ts names its evidence);
 * - the file upload: `form[data-testid="composer"]` > `input#upload-files[type=file][multiple]`,
 *   accepted files as `[role=group][aria-label="<name>"]` tiles with "Remove file N: <name>",
 *   a spinner while processing, refusals in a dialog (TOK file-input-ready 2026-07-17,
 *   pankaj28843/cdp-cli chatgpt/attachment.go 2026-07/08, ORA; ./uploads.ts names its evidence
 *   and what is inferred).
 *
 * Inferred or unverified (my choices):
 * - the limit notice's element: a `div[role=status]` above the composer holding "You’ve hit the
 *   Free plan limit for GPT-5. Responses will use another model until your limit resets after
 *   7:35 AM." and "Get Plus" (the wording is from an unattributed page-text capture; no source
 *   shows its markup);
 * - page banners (rate limit, network, too long) as `[role=alert]` with the server's wording;
 *   the login wall page without a composer;
 * - the in-turn error: `div.text-token-text-error` INSIDE the last assistant message node, next
 *   to its markdown, with a `btn-secondary` button (a ChatGPT bridge's DOM contract, "observed
 *   live ChatGPT markup on 2026-09-06" for the maximum-length error, code index, unattributed;
 *   2026-11-25). Its wording and the Retry label are the server's;
 * - ids `composer-submit-button` / `thread-bottom-container`, the disclaimer line, the button
 *   texts (sources keep aria-labels only), the data-turn-id values;
 * - no streaming class on the answer (no 2026 source names one; the stop button is the signal);
 * - where the thinking status sits among the message nodes; a `writing` fence becoming a writing
 *   block (the real site decides by itself);
 * - the Cloudflare interstitial is the shared server's page (title "Just a moment...").
 */
import { startReplicaApp } from '../../shared/app';
import { chatgptTemporaryChat } from './temporaryChat';
import { chatgptSkin } from './skin';

startReplicaApp({ ...chatgptSkin, temporaryChat: chatgptTemporaryChat });

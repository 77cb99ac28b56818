/**
 * Perplexity (www.perplexity.ai). Sources, read 2026-11-27 (docs/sites.md "Perplexity" says what
 * is verified and what is inferred):
 *   CWC  robertpiosik/CodeWebChat packages/browser/src/content-scripts/send-prompt-content-script/
 *        chatbots/perplexity.ts as last kept, at 58b69482^ (CWC dropped Perplexity in 58b69482,
 *        2026-01-08; the file's last changes 6c1060e8 and 5db0fd69, 2025-12-16/17)
 *   IDX  public code in the index (text only, files not named): an automation's DOM notes dated
 *        2025-11-18 (`#ask-input` a Lexical `div[contenteditable][data-lexical-editor][role=
 *        textbox]`, send `button[aria-label="Submit"]` then `button[data-testid="submit-button"]`,
 *        the stop testid, `button[data-testid="sidebar-new-thread"]`, answers in
 *        `div#markdown-content-<n>`); the pplxport exporter 2.4.0 (queries
 *        `.whitespace-pre-line.text-pretty.break-words` with `button[data-testid="copy-query-button"]`,
 *        answers `.prose.text-pretty.dark:prose-invert`, the answer's `button[aria-label="Copy"]`,
 *        the thread `.max-w-threadContentWidth`)
 * - composer: `div#ask-input[contenteditable]` (IDX; CWC `div[contenteditable=true]`, typed by an
 *   insertText input event);
 * - send: `button[data-testid="submit-button"]` (CWC before 2025-12-16, IDX), `button[aria-label=
 *   "Submit"]` (IDX), `button.bg-super` (CWC's last);
 * - generating: `button[data-testid="stop-generating-response-button"]` (CWC, IDX);
 * - turns: a query and its answer share one `.max-w-threadContentWidth` block (CWC's turn, IDX); the
 *   query text `.whitespace-pre-line.text-pretty.break-words` (IDX); the answer
 *   `div[id^="markdown-content-"]` (IDX) with the prose classes (IDX) inside `.relative.font-sans`
 *   (CWC); the element holding `.relative.font-sans` as the assistant turn is INFERRED;
 * - footer: `.relative.font-sans + div > div.items-center:first-child` (CWC), its copy the third
 *   button (CWC `button:nth-child(3)`) labelled "Copy" (IDX);
 * - errors: `[role=alert]` (INFERRED: no source shows Perplexity's error markup);
 * - new thread `button[data-testid="sidebar-new-thread"]` (IDX); signed out a "Sign in" button
 *   (INFERRED);
 * - the model menu and the sources switcher `input[multiple] + button` (CWC; not driven); no
 *   source read shows a temporary (incognito) chat control, so no temporary chat.
 */
import { PTKErrorCode } from '../../core/errors';
import type { SiteAdapter } from './types';

/** The footer of an answer (CWC's last selector). */
const FOOTER = '.relative.font-sans + div > div.items-center:first-child';

export const perplexityAdapter: SiteAdapter = {
  id: 'perplexity',
  displayName: 'Perplexity',
  url: 'https://www.perplexity.ai/',
  composerKind: 'contenteditable',
  // No source names a prompt limit (INFERRED).
  maxPromptChars: 100_000,
  insertChunkChars: 50_000,
  selectors: {
    composer: ['div#ask-input[contenteditable="true"]', 'div[contenteditable="true"][data-lexical-editor="true"]', 'div[contenteditable="true"]'],
    sendButton: ['button[data-testid="submit-button"]', 'button[aria-label="Submit"]', 'button.bg-super'],
    stopButton: ['button[data-testid="stop-generating-response-button"]'],
    userTurn: ['.max-w-threadContentWidth div:has(> .whitespace-pre-line.text-pretty.break-words)'],
    assistantTurn: ['.max-w-threadContentWidth div:has(> .relative.font-sans)'],
    answerContent: ['div[id^="markdown-content-"]', '.relative.font-sans .prose'],
    turnActionBar: [`${FOOTER}:has(button[aria-label="Copy"])`, FOOTER],
    copyButton: [`${FOOTER} > button[aria-label="Copy"]`, `${FOOTER} > button:nth-child(3)`],
    newChatButton: ['button[data-testid="sidebar-new-thread"]'],
    errorBanner: ['[role="alert"]'],
    loginWall: ['button[data-testid="login-button"]'],
    botCheck: ['iframe[src*="challenges.cloudflare.com"]', '#challenge-form', '#challenge-stage'],
  },
  errorPatterns: [{ code: PTKErrorCode.RATE_LIMITED, pattern: 'rate limit|too many requests|reached the limit|reached your limit' }],
};

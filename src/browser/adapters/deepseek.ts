/**
 * DeepSeek (chat.deepseek.com). Public DOM as of 2025-2026. DeepSeek's CSS-module classes are
 * hashed (`_7436101`, `_4f9bf79`…) and change between deploys, so the lists lead with what
 * is stable (`#chat-input`, the `ds-*` design-system classes, roles, structure) and keep the
 * hashed names as later fallbacks:
 * - composer: `textarea#chat-input` (placeholder "Message DeepSeek");
 * - send / stop: a `div.ds-icon-button[role="button"]` (no aria-label; `aria-disabled`
 *   follows the composer); while streaming the same div shows a square stop icon (`svg rect`);
 * - turns: `div.ds-message`; the assistant one holds the DeepThink section (`.ds-think`,
 *   "Thought for N seconds", with its own nested `.ds-markdown`) BEFORE the answer, a direct
 *   child `div.ds-markdown`: the answer selector takes only the direct child, so the
 *   thinking is never streamed or extracted as the answer;
 * - after completion: a row of icon buttons (copy first, regenerate, like, dislike);
 * - errors: "The server is busy. Please try again later.", "You are sending messages too
 *   frequently", "This conversation has reached its length limit", the sign-in page.
 */
import { PTKErrorCode } from '../../core/errors';
import type { SiteAdapter } from './types';

/** The stop state of the send / stop icon: a square. */
const STOP_ICON = ':has(svg rect)';

export const deepSeekAdapter: SiteAdapter = {
  id: 'deepseek',
  displayName: 'DeepSeek',
  url: 'https://chat.deepseek.com/',
  hosts: ['chat.deepseek.com'],
  composerKind: 'textarea',
  maxPromptChars: 120_000,
  insertChunkChars: 50_000,
  selectors: {
    composer: ['textarea#chat-input', 'textarea[placeholder^="Message DeepSeek"]', 'textarea'],
    sendButton: [`div.ds-icon-button[role="button"][aria-disabled="false"]:not(${STOP_ICON}):has(svg path)`, `div._7436101[role="button"]:not(${STOP_ICON})`],
    stopButton: [`div.ds-icon-button[role="button"]${STOP_ICON}`, `div._7436101[role="button"]${STOP_ICON}`],
    userTurn: ['div._9663006 > .ds-message', '.ds-message:not(:has(.ds-markdown))'],
    assistantTurn: ['div._4f9bf79 > .ds-message', '.ds-message:has(> .ds-markdown)'],
    answerContent: [':scope > .ds-markdown', '.ds-markdown:not(.ds-think .ds-markdown)'],
    turnScope: ['div._4f9bf79', 'div:has(> .ds-message)'],
    turnActionBar: ['div._965abe9', '.ds-message ~ div.ds-flex:has(.ds-icon-button)'],
    copyButton: ['div._965abe9 > .ds-icon-button[role="button"]:first-child', '.ds-message ~ div.ds-flex > .ds-icon-button:first-child'],
    newChatButton: ['div._217e214[role="button"]', 'a[href="/"]'],
    errorBanner: ['.ds-toast', '.ds-notice', '[role="alert"]'],
    loginWall: ['input[placeholder="Phone number / email address"]', '.ds-sign-in', 'a[href="/sign_in"]'],
    botCheck: ['iframe[src*="challenges.cloudflare.com"]', '#challenge-form', '#challenge-stage', '#cf-challenge-running'],
  },
  // "You are sending messages too frequently. Please wait a moment." names no time.
  defaultRetryAfterMs: 60_000,
  errorPatterns: [
    { code: PTKErrorCode.RATE_LIMITED, pattern: 'sending messages too frequently|too many messages|rate limit' },
    { code: PTKErrorCode.CONVERSATION_TOO_LONG, pattern: 'reached its length limit|length limit of this (chat|conversation)' },
    { code: PTKErrorCode.SITE_ERROR, pattern: 'server (is )?busy' },
  ],
};

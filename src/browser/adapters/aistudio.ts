/**
 * Google AI Studio (aistudio.google.com). Public DOM as of 2025-2026, most stable selectors first:
 * - composer: a plain textarea, `ms-prompt-input-wrapper ms-autosize-textarea textarea`
 *   (aria-label "Start typing a prompt" / "Type something…");
 * - send / stop: ONE Run button, `ms-run-button button[aria-label="Run"]` ("Run Ctrl ⏎",
 *   disabled while the composer is empty) that turns into a Stop button (aria-label "Stop",
 *   class `stoppable`) while the model runs;
 * - turns: `ms-chat-turn` with `.chat-turn-container.user` / `.model`; the answer in
 *   `ms-text-chunk ms-cmark-node`. Thinking models put an `ms-thought-chunk` ("Thoughts",
 *   a collapsed expansion panel whose body stays in the DOM) in the same `ms-prompt-chunk`:
 *   the answer selectors go through `ms-text-chunk` so thoughts are never extracted;
 * - after completion: `div.actions-container` (thumbs, `ms-chat-turn-options`); "Copy
 *   markdown" lives in the options menu ("Open options"), which opens in an Angular CDK
 *   overlay outside the turn (`div.cdk-overlay-container > … .mat-mdc-menu-panel >
 *   button.mat-mdc-menu-item`): extraction opens the turn's menu (copyMenuButton), clicks
 *   the "Copy markdown" item (copyMenuItem + copyMenuItemText) and closes the menu;
 * - errors: toasts "You've reached your rate limit. Please try again later." (no time:
 *   defaultRetryAfterMs applies), "Failed to
 *   generate content: quota exceeded", "An internal error has occurred.", "The input token
 *   count (N) exceeds the maximum number of tokens allowed (M)." (the chat outgrew the
 *   context window); signed out: a Google sign-in link.
 */
import { PTKErrorCode } from '../../core/errors';
import type { SiteAdapter } from './types';

export const aiStudioAdapter: SiteAdapter = {
  id: 'aistudio',
  displayName: 'Google AI Studio',
  url: 'https://aistudio.google.com/prompts/new_chat',
  hosts: ['aistudio.google.com'],
  composerKind: 'textarea',
  maxPromptChars: 1_000_000,
  insertChunkChars: 100_000,
  selectors: {
    composer: ['ms-prompt-input-wrapper ms-autosize-textarea textarea', 'ms-prompt-input-wrapper textarea', 'textarea[aria-label="Start typing a prompt"]', 'textarea[aria-label^="Type something"]'],
    sendButton: ['ms-run-button button[aria-label="Run"]', 'button.run-button:not(.stoppable)', 'button[aria-label="Run"]'],
    stopButton: ['ms-run-button button.run-button.stoppable', 'ms-run-button button[aria-label="Stop"]', 'button.run-button[aria-label="Stop"]'],
    userTurn: ['ms-chat-turn .chat-turn-container.user', '.chat-turn-container.user'],
    assistantTurn: ['ms-chat-turn .chat-turn-container.model', '.chat-turn-container.model'],
    answerContent: ['ms-prompt-chunk > ms-text-chunk ms-cmark-node', 'ms-text-chunk ms-cmark-node', 'ms-text-chunk'],
    turnScope: ['ms-chat-turn'],
    turnActionBar: ['.actions-container ms-chat-turn-options', 'ms-chat-turn-options', '.actions-container'],
    copyButton: [],
    copyMenuButton: ['ms-chat-turn-options button[aria-label="Open options"]', 'ms-chat-turn-options button.mat-mdc-menu-trigger', 'ms-chat-turn-options button'],
    copyMenuItem: ['.cdk-overlay-container .mat-mdc-menu-panel button.mat-mdc-menu-item', '.cdk-overlay-container [role="menuitem"]', '[role="menu"] [role="menuitem"]'],
    copyMenuItemText: 'copy (as )?markdown',
    newChatButton: ['a[href="/prompts/new_chat"][aria-label="New chat"]', 'a[href="/prompts/new_chat"]', 'button[aria-label="New chat"]'],
    errorBanner: ['ms-toast', '.model-error', '.mat-mdc-snack-bar-label', '[role="alert"]'],
    loginWall: ['a[href*="accounts.google.com/ServiceLogin"]', 'a.sign-in-button', 'a[aria-label="Sign in"]'],
    botCheck: ['form#captcha-form', 'iframe[src*="recaptcha"]', 'iframe[src*="challenges.cloudflare.com"]', '#challenge-form', '#challenge-stage'],
  },
  // The rate-limit toast usually names no time ("Please try again later.").
  defaultRetryAfterMs: 60_000,
  errorPatterns: [
    { code: PTKErrorCode.CONVERSATION_TOO_LONG, pattern: 'input token count \\(\\d+\\) exceeds the maximum' },
    { code: PTKErrorCode.RATE_LIMITED, pattern: "you've reached your rate limit|quota exceeded|resource has been exhausted|exceeded your current quota" },
    { code: PTKErrorCode.NETWORK_ERROR, pattern: 'check your network connection' },
    { code: PTKErrorCode.SITE_ERROR, pattern: 'an internal error has occurred|failed to generate content' },
  ],
};

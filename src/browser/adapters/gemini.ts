/**
 * Gemini (gemini.google.com). Public DOM as of 2025-2026, most stable selectors first:
 * - composer: Quill, `rich-textarea div.ql-editor[contenteditable="true"]` (aria-label
 *   "Enter a prompt here");
 * - send / stop: ONE button toggling in place: `button.send-button[aria-label="Send message"]`
 *   becomes `button.send-button.stop[aria-label="Stop response"]` while Gemini answers
 *   (aria-disabled while the composer is empty);
 * - turns: `user-query` (text in `.query-text`) and `model-response` custom elements; the
 *   answer in `message-content.model-response-text .markdown` (aria-busy="true" while it
 *   streams); the collapsed `model-thoughts` section ("Show thinking") is not the answer;
 * - after completion: `message-actions` footer with `button[data-test-id="copy-button"]`
 *   (Gemini writes `data-test-id`, with a hyphen);
 * - errors: `mat-snack-bar-container` snack bars ("Something went wrong"), the limit notice
 *   "You've reached your limit … until 3:15 PM", "Sign in" when signed out, Google's
 *   "unusual traffic" / reCAPTCHA page.
 */
import { PTKErrorCode } from '../../core/errors';
import type { SiteAdapter } from './types';

export const geminiAdapter: SiteAdapter = {
  id: 'gemini',
  displayName: 'Gemini',
  url: 'https://gemini.google.com/app',
  hosts: ['gemini.google.com'],
  composerKind: 'contenteditable',
  maxPromptChars: 120_000,
  insertChunkChars: 30_000,
  selectors: {
    composer: ['rich-textarea div.ql-editor[contenteditable="true"]', 'div.ql-editor[contenteditable="true"][aria-label*="prompt" i]', 'div.ql-editor[contenteditable="true"]'],
    sendButton: ['button.send-button[aria-label="Send message"]:not(.stop)', 'button[aria-label="Send message"]', 'button.send-button:not(.stop)'],
    stopButton: ['button.send-button.stop', 'button[aria-label="Stop response"]'],
    userTurn: ['user-query .query-text', 'user-query'],
    assistantTurn: ['model-response', '.model-response-text'],
    answerContent: ['message-content.model-response-text .markdown', 'message-content .markdown-main-panel', 'message-content'],
    turnScope: ['model-response'],
    turnActionBar: ['message-actions', '.actions-container-v2', 'button[data-test-id="copy-button"]'],
    copyButton: ['button[data-test-id="copy-button"]', 'message-actions button[aria-label="Copy"]'],
    streamingIndicator: ['message-content[aria-busy="true"]', '.is-streaming'],
    newChatButton: ['button[data-test-id="new-chat-button"]', 'side-nav-action-button[data-test-id="new-chat-button"] a', 'button[aria-label="New chat"]'],
    errorBanner: ['mat-snack-bar-container', '.limit-notice', '[role="alert"]'],
    loginWall: ['a[href*="accounts.google.com/ServiceLogin"]', 'a[aria-label="Sign in"]', '[data-test-id="sign-in-button"]'],
    botCheck: ['form#captcha-form', 'iframe[src*="recaptcha"]', 'iframe[src*="challenges.cloudflare.com"]', '#challenge-form', '#challenge-stage'],
  },
  errorPatterns: [
    { code: PTKErrorCode.BOT_CHECK, pattern: 'unusual traffic from your computer network' },
    { code: PTKErrorCode.RATE_LIMITED, pattern: "you've reached your limit|limit resets|at capacity" },
    { code: PTKErrorCode.CONVERSATION_TOO_LONG, pattern: 'chat has grown too long|conversation is too long' },
    { code: PTKErrorCode.PROMPT_TOO_LONG, pattern: 'prompt is too long|try a shorter prompt' },
    { code: PTKErrorCode.NETWORK_ERROR, pattern: "couldn't connect|check your internet connection" },
    { code: PTKErrorCode.SITE_ERROR, pattern: 'something went wrong|having a hard time fulfilling' },
  ],
};

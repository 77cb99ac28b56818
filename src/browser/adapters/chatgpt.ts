/**
 * ChatGPT (chatgpt.com). Public DOM as of 2025-2026, most stable selectors first:
 * - composer: `#prompt-textarea`, a ProseMirror contenteditable (an older build used a textarea
 *   with the same id);
 * - send / stop: `button[data-testid="send-button"]` / `button[data-testid="stop-button"]`
 *   inside the composer form;
 * - turns: `article[data-testid^="conversation-turn-"]`, the message inside carries
 *   `[data-message-author-role="user"|"assistant"]`; the answer is rendered in `.markdown`
 *   (`.prose`); code blocks have a "Copy code" button;
 * - after completion the turn gets its action bar with
 *   `button[data-testid="copy-turn-action-button"]` (copies the answer's markdown);
 * - errors: "Something went wrong…", rate limit "You've reached our limit of messages…
 *   try again after 3:15 PM", Cloudflare "Verify you are human", login wall ("Log in" buttons).
 */
import { PTKErrorCode } from '../../core/errors';
import type { SiteAdapter } from './types';

export const chatgptAdapter: SiteAdapter = {
  id: 'chatgpt',
  displayName: 'ChatGPT',
  url: 'https://chatgpt.com/',
  hosts: ['chatgpt.com', 'chat.openai.com'],
  composerKind: 'contenteditable',
  maxPromptChars: 200_000,
  insertChunkChars: 50_000,
  selectors: {
    composer: ['#prompt-textarea', 'div.ProseMirror[contenteditable="true"]', 'textarea[data-id="root"]', 'form textarea'],
    sendButton: ['button[data-testid="send-button"]', 'form button[aria-label="Send prompt"]', 'button#composer-submit-button'],
    stopButton: ['form button[data-testid="stop-button"]', 'button[data-testid="stop-button"]', 'form button[aria-label="Stop streaming"]'],
    userTurn: ['[data-message-author-role="user"]', 'article[data-testid^="conversation-turn-"] [data-message-author-role="user"]'],
    assistantTurn: ['[data-message-author-role="assistant"]', 'article[data-testid^="conversation-turn-"] .agent-turn'],
    answerContent: ['.markdown', '.prose'],
    turnScope: ['article[data-testid^="conversation-turn-"]', '[data-testid^="conversation-turn-"]'],
    turnActionBar: ['[data-testid="copy-turn-action-button"]', 'div[aria-label="Response actions"]', '[data-testid="good-response-turn-action-button"]'],
    copyButton: ['button[data-testid="copy-turn-action-button"]', 'button[aria-label="Copy"]'],
    streamingIndicator: ['.result-streaming', '.streaming-animation'],
    newChatButton: ['a[data-testid="create-new-chat-button"]', 'button[data-testid="create-new-chat-button"]', 'a[aria-label="New chat"]'],
    errorBanner: ['[data-testid="error-banner"]', 'div.text-token-text-error', '[role="alert"]', '.text-red-500'],
    loginWall: ['button[data-testid="login-button"]', '[data-testid="login-wall"]', 'a[href*="/auth/login"]'],
    botCheck: ['iframe[src*="challenges.cloudflare.com"]', '#challenge-form', '#challenge-stage', '#cf-challenge-running'],
  },
  errorPatterns: [
    { code: PTKErrorCode.RATE_LIMITED, pattern: "you've reached our limit|you have hit your limit|reached the current usage cap" },
    { code: PTKErrorCode.CONVERSATION_TOO_LONG, pattern: 'conversation is too long|start a new (chat|conversation)' },
    { code: PTKErrorCode.PROMPT_TOO_LONG, pattern: 'message you submitted was too long' },
  ],
};

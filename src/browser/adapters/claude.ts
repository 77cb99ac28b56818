/**
 * Claude (claude.ai). Public DOM as of 2025-2026, most stable selectors first:
 * - composer: a ProseMirror contenteditable `div.ProseMirror[contenteditable="true"]`
 *   (aria-label "Write your prompt to Claude") inside a `fieldset`;
 * - send / stop: `button[aria-label="Send message"]` (older builds: "Send Message") /
 *   `button[aria-label="Stop response"]`;
 * - turns: `div[data-test-render-count]` wrappers; user text in `[data-testid="user-message"]`;
 *   the answer in `div[data-is-streaming]` → `.font-claude-message`. `data-is-streaming`
 *   is "true" while Claude writes and flips to "false" when done: it is the streaming
 *   indicator (Claude toggles no class);
 * - after completion: the message action bar (`div[role="group"]` with
 *   `button[data-testid="action-bar-copy"]`, which copies the answer's markdown);
 * - errors: "You are out of free messages until 3 PM", "This conversation has reached its
 *   maximum length", "Claude will return soon" / "Something went wrong", toasts; login page
 *   (`input#email`, "Continue with Google").
 */
import { PTKErrorCode } from '../../core/errors';
import type { SiteAdapter } from './types';

export const claudeAdapter: SiteAdapter = {
  id: 'claude',
  displayName: 'Claude',
  url: 'https://claude.ai/new',
  hosts: ['claude.ai'],
  composerKind: 'contenteditable',
  maxPromptChars: 180_000,
  insertChunkChars: 50_000,
  selectors: {
    composer: [
      'div.ProseMirror[contenteditable="true"][aria-label*="prompt" i]',
      'fieldset div.ProseMirror[contenteditable="true"]',
      'div.ProseMirror[contenteditable="true"]',
      '[contenteditable="true"][role="textbox"]',
    ],
    sendButton: ['button[aria-label="Send message"]', 'button[aria-label="Send Message"]', 'fieldset button[type="submit"]'],
    stopButton: ['button[aria-label="Stop response"]', 'fieldset button[aria-label^="Stop"]'],
    userTurn: ['[data-testid="user-message"]', '.font-user-message'],
    assistantTurn: ['[data-is-streaming] .font-claude-message', '.font-claude-message', 'div[data-is-streaming]'],
    answerContent: ['.grid-cols-1', ':scope > div'],
    turnScope: ['div[data-test-render-count]', 'div[data-is-streaming]'],
    turnActionBar: ['div[role="group"][aria-label="Message actions"]', '[data-testid="action-bar-copy"]', '[data-testid="action-bar-retry"]'],
    copyButton: ['button[data-testid="action-bar-copy"]', 'div[role="group"] button[aria-label="Copy"]'],
    streamingIndicator: ['[data-is-streaming="true"]'],
    newChatButton: ['a[href="/new"][aria-label="New chat"]', 'a[aria-label="New chat"]', 'a[href="/new"]'],
    errorBanner: ['[data-testid="toast"]', '.text-danger-000', '[role="alert"]'],
    loginWall: ['button[data-testid="login-with-google"]', 'input#email[type="email"]', '[data-testid="login-form"]'],
    botCheck: ['iframe[src*="challenges.cloudflare.com"]', '#challenge-form', '#challenge-stage', '#cf-challenge-running'],
  },
  errorPatterns: [
    { code: PTKErrorCode.RATE_LIMITED, pattern: 'out of (free )?messages|message limit|usage limit (reached|resets)' },
    { code: PTKErrorCode.CONVERSATION_TOO_LONG, pattern: 'reached its maximum length|exceed the length limit for this chat|start a new chat to continue' },
    { code: PTKErrorCode.PROMPT_TOO_LONG, pattern: 'message is over the length limit' },
    { code: PTKErrorCode.SITE_ERROR, pattern: 'claude will return soon|something went wrong|response could not be (fully )?generated' },
  ],
};

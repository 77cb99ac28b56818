/**
 * Microsoft Copilot (copilot.microsoft.com). Sources, read 2026-11-27 (docs/sites.md
 * "Microsoft Copilot" says what is verified and what is inferred):
 *   CWC  robertpiosik/CodeWebChat apps/browser/src/content-scripts/send-prompt-content-script/
 *        chatbots/copilot.ts@584e0bde (last changed 25d353db, 2026-08-11)
 *   IDX  public code in the index (text only): `[data-content="user-message" | "ai-message"]`
 *        (marked verified 2026-08-01), `[data-testid="ai-message-body"]`
 * - composer: the page's `textarea` (CWC); send: Enter (CWC waits for it; no send button is
 *   evidenced, so none is used);
 * - generating: `button[data-testid="stop-button"]` (CWC);
 * - turns: `div[data-content="user-message"]`, `div[data-content="ai-message"]` (IDX); the
 *   answer `[data-testid="ai-message-body"]` (IDX);
 * - footer: `div[data-testid="message-item-reactions"]`, copy
 *   `button[data-testid="copy-ai-message-button"]` (CWC); that the footer sits inside the AI
 *   message is INFERRED;
 * - errors: `[role=alert]` (INFERRED: no source shows Copilot's error markup);
 * - new chat `nav a[href="/"]`, signed out a link to login.microsoftonline.com (INFERRED);
 * - no temporary chat in any source read.
 */
import { PTKErrorCode } from '../../core/errors';
import type { SiteAdapter } from './types';

export const copilotAdapter: SiteAdapter = {
  id: 'copilot',
  displayName: 'Microsoft Copilot',
  url: 'https://copilot.microsoft.com/',
  signInHosts: ['login.microsoftonline.com', 'login.live.com'],
  composerKind: 'textarea',
  // No source names a prompt limit (INFERRED).
  maxPromptChars: 100_000,
  insertChunkChars: 50_000,
  selectors: {
    composer: ['form textarea', 'textarea'],
    sendButton: [],
    stopButton: ['button[data-testid="stop-button"]'],
    userTurn: ['div[data-content="user-message"]'],
    assistantTurn: ['div[data-content="ai-message"]'],
    answerContent: ['[data-testid="ai-message-body"]'],
    turnActionBar: ['div[data-testid="message-item-reactions"]:has(button[data-testid="copy-ai-message-button"])'],
    copyButton: ['button[data-testid="copy-ai-message-button"]'],
    newChatButton: ['nav a[href="/"]'],
    errorBanner: ['[role="alert"]'],
    loginWall: ['a[href*="login.microsoftonline.com"]', 'a[href*="login.live.com"]'],
    botCheck: ['iframe[src*="challenges.cloudflare.com"]', '#challenge-form', '#challenge-stage'],
  },
  errorPatterns: [{ code: PTKErrorCode.RATE_LIMITED, pattern: 'rate limit|too many requests|reached the limit|reached your limit' }],
};

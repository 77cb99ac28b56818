/**
 * Mistral Le Chat (chat.mistral.ai). Sources, read 2026-11-27 (docs/sites.md "Mistral Le Chat"
 * says what is verified and what is inferred):
 *   CWC  robertpiosik/CodeWebChat apps/browser/src/content-scripts/send-prompt-content-script/
 *        chatbots/mistral.ts@584e0bde (last changed 25d353db, 2026-08-11), and its version before
 *        5db0fd69 (2025-12-17) for the answer part
 *   IDX  public code in the index (text only): selectors marked verified on 2026-08-01
 *        (`[data-message-author-role]`, `[data-message-part-type="answer"]`, `.text-hint`), a test
 *        page (`div.select-text`, `div.markdown-container-style`), `button[aria-label="Stop
 *        generating"]`, `button[aria-label="Send question"]`
 * - composer: the contenteditable in the page's form (CWC `div[contenteditable="true"]`);
 * - send: `button[aria-label="Send question"]` (IDX), else Enter (CWC waits for it);
 * - generating: `form rect[rx="2"]`, the stop square (CWC); `button[aria-label="Stop
 *   generating"]` (IDX);
 * - turns: `div[data-message-author-role="user" | "assistant"]` (IDX, CWC); the answer is the
 *   message's `data-message-part-type="answer"` part (a reasoning part is another type, IDX);
 * - footer: `assistant > div + div > div:last-child > div:first-child`, present only once the
 *   answer is done (CWC counts its absence as generating); copy = its 6th button (CWC). The
 *   footer is required to hold six buttons, so that the answer's own first div never passes for
 *   it while it streams (INFERRED guard);
 * - errors: no source shows Le Chat's error markup: `[role=alert]` (INFERRED);
 * - new chat: `a[href="/chat"]` (INFERRED from CWC's start address);
 * - signed out: links to auth.mistral.ai (INFERRED);
 * - incognito: CWC clicks `a[href="/incognito"]` and knows it is on from the address's path
 *   (/incognito), which PTK checks too.
 */
import { PTKErrorCode } from '../../core/errors';
import type { SiteAdapter } from './types';

/** CWC's footer path, from the assistant message. */
const FOOTER = 'div[data-message-author-role="assistant"] > div + div > div:last-child > div:first-child:has(> button:nth-child(6))';

export const mistralAdapter: SiteAdapter = {
  id: 'mistral',
  displayName: 'Mistral Le Chat',
  url: 'https://chat.mistral.ai/chat',
  signInHosts: ['auth.mistral.ai'],
  composerKind: 'contenteditable',
  // No source names a prompt limit (INFERRED).
  maxPromptChars: 100_000,
  insertChunkChars: 50_000,
  selectors: {
    composer: ['form div[contenteditable="true"]', 'div[contenteditable="true"]'],
    sendButton: ['form button[aria-label="Send question"]', 'form button[type="submit"]'],
    stopButton: ['form button:has(rect[rx="2"])', 'button[aria-label="Stop generating"]'],
    userTurn: ['div[data-message-author-role="user"]'],
    assistantTurn: ['div[data-message-author-role="assistant"]'],
    answerContent: ['div[data-message-part-type="answer"] > .markdown-container-style', 'div[data-message-part-type="answer"]'],
    turnActionBar: [FOOTER],
    copyButton: [`${FOOTER} > button:nth-child(6)`],
    newChatButton: ['a[href="/chat"]'],
    errorBanner: ['[role="alert"]'],
    loginWall: ['a[href*="auth.mistral.ai/ui/login"]', 'a[href*="auth.mistral.ai"]'],
    botCheck: ['iframe[src*="challenges.cloudflare.com"]', '#challenge-form', '#challenge-stage'],
  },
  errorPatterns: [{ code: PTKErrorCode.RATE_LIMITED, pattern: 'rate limit|too many requests|message limit|reached your limit' }],
  temporaryChat: { toggle: ['a[href="/incognito"]'], onUrl: { path: '/incognito' } },
};

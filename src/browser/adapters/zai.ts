/**
 * Z.ai (chat.z.ai), a chat built on Open WebUI's names. Sources, read 2026-11-27 (docs/sites.md
 * "Z.ai" says what is verified and what is inferred):
 *   CWC  robertpiosik/CodeWebChat apps/browser/src/content-scripts/send-prompt-content-script/
 *        chatbots/z-ai.ts@584e0bde (last changed 25d353db, 2026-08-11)
 *   IDX  public code in the index (text only): `.chat-user` / `.chat-assistant` (marked verified
 *        2026-08-01), `.chat-assistant #response-content-container`
 * - composer: the page's `textarea` (CWC; its id `chat-input` is INFERRED from Open WebUI);
 * - send: `button#send-message-button` (CWC), else Enter (CWC waits for it);
 * - generating: the send button is gone (CWC); the button in its place is the stop control
 *   (INFERRED);
 * - turns: `.chat-user`, `.chat-assistant` (IDX); the answer `#response-content-container` (IDX);
 *   the footer is the div right after `.chat-assistant` (CWC), so the turn's scope is their parent;
 * - copy: `button.copy-response-button` in that footer (CWC);
 * - errors: `[role=alert]` (INFERRED: no source shows Z.ai's error markup);
 * - new chat `nav a[href="/"]`, signed out a link to `/auth` (INFERRED);
 * - no temporary chat in any source read; the deep-think switch `button[data-autothink]` (CWC) is
 *   not driven yet.
 */
import { PTKErrorCode } from '../../core/errors';
import type { SiteAdapter } from './types';

export const zaiAdapter: SiteAdapter = {
  id: 'zai',
  displayName: 'Z.ai',
  url: 'https://chat.z.ai/',
  composerKind: 'textarea',
  // No source names a prompt limit (INFERRED).
  maxPromptChars: 100_000,
  insertChunkChars: 50_000,
  selectors: {
    composer: ['form textarea#chat-input', 'form textarea'],
    sendButton: ['button#send-message-button'],
    stopButton: ['form div.self-end button:not(#send-message-button):not([type="button"])'],
    userTurn: ['.chat-user'],
    assistantTurn: ['.chat-assistant'],
    answerContent: ['#response-content-container > div:first-child', '#response-content-container'],
    turnScope: ['div:has(> .chat-assistant + div)'],
    turnActionBar: ['.chat-assistant + div:has(button.copy-response-button)'],
    copyButton: ['.chat-assistant + div button.copy-response-button'],
    newChatButton: ['nav a[href="/"]'],
    errorBanner: ['[role="alert"]'],
    loginWall: ['a[href="/auth"]'],
    botCheck: ['iframe[src*="challenges.cloudflare.com"]', '#challenge-form', '#challenge-stage'],
  },
  errorPatterns: [{ code: PTKErrorCode.RATE_LIMITED, pattern: 'rate limit|too many requests|reached the limit|reached your limit' }],
};

/**
 * Qwen Chat (chat.qwen.ai). Sources, read 2026-11-27 (docs/sites.md "Qwen Chat" says what is
 * verified and what is inferred):
 *   CWC  robertpiosik/CodeWebChat apps/browser/src/content-scripts/send-prompt-content-script/
 *        chatbots/qwen.ts@584e0bde (last changed 25d353db, 2026-08-11), and its version before
 *        5db0fd69 (2025-12-17) for the send button
 *   GF   beak2825/greasyfork_archives js_greasyfork/559319.js: `textarea#chat-input`, Enter sends
 *   IDX  public code in the index (text only): `.qwen-chat-message-user` / `-assistant` (marked
 *        verified 2026-08-01), `.response-message-content .qwen-markdown`, `button.stop-button`
 * - composer: `textarea#chat-input` (GF; CWC's `textarea`);
 * - send: `button.send-button` (CWC), `.disabled` while the textarea is empty; Enter sends (GF);
 * - generating: CWC counts any moment without a disabled send button as generating; the stop
 *   control is `button.stop-button` (IDX);
 * - turns: `.qwen-chat-message-user`, `.qwen-chat-message-assistant` (IDX); the answer
 *   `.response-message-content .qwen-markdown` (IDX); the "Thinking completed" status card stays
 *   in the turn, so it is no thinking signal (IDX);
 * - footer: `.qwen-chat-package-comp-new-action-control-icons`, copy
 *   `div.qwen-chat-package-comp-new-action-control-container-copy` (CWC); the icons fill only
 *   once the answer is finished (IDX), so the bar counts only with its copy control;
 * - errors: `[role=alert]` (INFERRED: no source shows Qwen's error markup);
 * - new chat `nav a[href="/"]`, signed out a "Log in" link to `/auth` (INFERRED);
 * - temporary chat: CWC clicks `.temporary-chat-entry`; how the page shows it is on is in no
 *   source read, so PTK clicks it and the turn warns that the mode could not be confirmed.
 */
import { PTKErrorCode } from '../../core/errors';
import type { SiteAdapter } from './types';

const ACTION = '.qwen-chat-package-comp-new-action-control';

export const qwenAdapter: SiteAdapter = {
  id: 'qwen',
  displayName: 'Qwen Chat',
  url: 'https://chat.qwen.ai/',
  composerKind: 'textarea',
  // No source names a prompt limit (INFERRED).
  maxPromptChars: 100_000,
  insertChunkChars: 50_000,
  selectors: {
    composer: ['form textarea#chat-input', 'textarea#chat-input', 'form textarea'],
    sendButton: ['button.send-button'],
    stopButton: ['button.stop-button', `${ACTION}-container-stop`],
    userTurn: ['.qwen-chat-message-user'],
    assistantTurn: ['.qwen-chat-message-assistant'],
    answerContent: ['.response-message-content .qwen-markdown', '.response-message-content'],
    turnActionBar: [`${ACTION}-icons:has(${ACTION}-container-copy)`],
    copyButton: [`${ACTION}-icons ${ACTION}-container-copy`],
    newChatButton: ['nav a[href="/"]'],
    errorBanner: ['[role="alert"]'],
    loginWall: ['a[href^="/auth?action=signin"]', 'a[href^="/auth"]'],
    botCheck: ['iframe[src*="challenges.cloudflare.com"]', '#challenge-form', '#challenge-stage'],
  },
  errorPatterns: [{ code: PTKErrorCode.RATE_LIMITED, pattern: 'rate limit|too many requests|reached the limit|reached your limit' }],
  // No marker or address is known to show the mode: nothing to confirm it with.
  temporaryChat: { toggle: ['.temporary-chat-entry'] },
};

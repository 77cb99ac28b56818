/**
 * Kimi (www.kimi.com). Sources, read 2026-11-27 (docs/sites.md "Kimi" says what is verified
 * and what is inferred):
 *   CWC  robertpiosik/CodeWebChat apps/browser/src/content-scripts/send-prompt-content-script/
 *        chatbots/kimi.ts@584e0bde (last changed 25d353db, 2026-08-11), and its version before
 *        5db0fd69 (2025-12-17) for the send button
 *   IDX  public code in the index (text only): a Kimi exporter calibrated against a saved page
 *        (2026-09: segments, markdown, the action bar's `svg[name=Copy]`), turn classes marked
 *        verified 2026-08-01, the Lexical composer (robotbird/chatab public/apps/kimi.js)
 * - composer: `.chat-input-editor[contenteditable=true]` (a Lexical editor, IDX; CWC's
 *   `div[contenteditable=true]`);
 * - send: `div.send-button` in `.send-button-container`, `.disabled` while empty (CWC 2025);
 * - generating: the stop icon `path[d^="M331.946667 379.904c"]` (CWC); the control drawn with it
 *   is the stop control (INFERRED);
 * - turns: `.chat-content-item-user` / `.chat-content-item-assistant` (IDX), `.segment-user` /
 *   `.segment-assistant` (IDX); the answer `.markdown-container > .markdown` outside the
 *   thinking and tool-call rollups, which hold markdown of their own (IDX);
 * - footer: `.segment-assistant-actions-content` (CWC, IDX), copy its first div (CWC), the
 *   `.icon-button` holding `svg[name=Copy]` (IDX);
 * - errors: `[role=alert]` (INFERRED: no source shows Kimi's error markup);
 * - new chat `nav a[href="/"]`, signed out a `.login-button` (INFERRED);
 * - no temporary chat in any source read.
 */
import { PTKErrorCode } from '../../core/errors';
import type { SiteAdapter } from './types';

/** The start of CWC's stop icon path. */
const STOP_ICON = 'path[d^="M331.946667 379.904c"]';
/** The answer's markdown, not the one inside a thinking or tool-call rollup. */
const ANSWER = '.markdown-container > .markdown:not(.thinking-container .markdown):not(.toolcall-flow .markdown)';

export const kimiAdapter: SiteAdapter = {
  id: 'kimi',
  displayName: 'Kimi',
  url: 'https://www.kimi.com/',
  hosts: ['www.kimi.com', 'kimi.com', 'kimi.moonshot.cn'],
  composerKind: 'contenteditable',
  // No source names a prompt limit (INFERRED).
  maxPromptChars: 100_000,
  insertChunkChars: 50_000,
  selectors: {
    composer: ['.chat-input-editor[contenteditable="true"][data-lexical-editor="true"]', '.chat-input-editor[contenteditable="true"]', '.chat-input div[contenteditable="true"]'],
    sendButton: ['.send-button-container div.send-button', 'div.send-button'],
    stopButton: [`.send-button-container :has(> svg ${STOP_ICON})`, `div:has(> svg ${STOP_ICON})`],
    userTurn: ['.chat-content-item-user', '.segment.segment-user'],
    assistantTurn: ['.chat-content-item-assistant', '.segment.segment-assistant'],
    answerContent: [`.segment-content-box ${ANSWER}`, ANSWER, '.segment-content-box'],
    turnActionBar: ['.segment-assistant-actions-content:has(> div)'],
    copyButton: ['.segment-assistant-actions-content > .icon-button:has(svg[name="Copy"])', '.segment-assistant-actions-content > div:first-child'],
    newChatButton: ['nav a[href="/"]'],
    errorBanner: ['[role="alert"]'],
    loginWall: ['button.login-button'],
    botCheck: ['iframe[src*="challenges.cloudflare.com"]', '#challenge-form', '#challenge-stage'],
  },
  errorPatterns: [{ code: PTKErrorCode.RATE_LIMITED, pattern: 'rate limit|too many requests|reached the limit|reached your limit' }],
};

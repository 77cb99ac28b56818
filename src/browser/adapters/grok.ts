/**
 * Grok (grok.com). Sources, read 2026-11-27 (docs/sites.md "Grok" says what is verified and
 * what is inferred):
 *   CWC  robertpiosik/CodeWebChat apps/browser/src/content-scripts/send-prompt-content-script/
 *        chatbots/grok.ts@584e0bde (last changed 25d353db, 2026-08-11)
 *   TOK  jazelly/tokenless test/fixtures/provider-dom/grok/signed-in-unknown/composer-idle.html
 *        @6413e3dc, observed 2026-07-17
 *   IDX  public scripts in the code index (text only): `.message-bubble`, `bg-surface-l1` on a
 *        user's (hsrvc/clawd-skills ask-grok/SKILL.md), `.items-end` / `.items-start` turns,
 *        `.response-content-markdown`, `button[aria-label="Submit"][type="submit"]`
 * - composer: the tiptap editor `div.tiptap.ProseMirror[contenteditable][role=textbox]
 *   [aria-label="Ask Grok anything"]` (TOK); CWC's `div[contenteditable="true"]` last;
 * - send: `button[aria-label="Submit"][type="submit"]` (IDX), else Enter (CWC waits for it);
 * - generating: the stop icon, `path[d^="M4 9.2v5.6c0 1.116"]` (CWC); the button holding it
 *   is the stop control (INFERRED: CWC only tests the icon's presence);
 * - turns: user `.items-end` holding `div.message-bubble.bg-surface-l1`, assistant `.items-start`
 *   holding a `.message-bubble` (IDX); the answer `.response-content-markdown` (IDX);
 * - footer: `div.action-buttons > div`, copy = its first button (CWC); the copy yields the
 *   answer's markdown through the clipboard (INFERRED: CWC copies, then reads the clipboard);
 * - errors: no source shows Grok's error markup: `[role=alert]` (INFERRED);
 * - new chat: the side bar's `a[href="/"]` (INFERRED; without it PTK opens `url`);
 * - signed out: links to accounts.x.ai's sign-in (INFERRED);
 * - private chat: CWC clicks `a[href="/c#private"]`; a link takes the tab to its address, so
 *   the private chat shows as the address's `#private` (INFERRED: no source shows the page
 *   after the click; PTK reports a chat whose address lacks it as not temporary).
 */
import { PTKErrorCode } from '../../core/errors';
import type { SiteAdapter } from './types';

/** The start of CWC's stop icon path. */
const STOP_ICON = 'path[d^="M4 9.2v5.6c0 1.116"]';

export const grokAdapter: SiteAdapter = {
  id: 'grok',
  displayName: 'Grok',
  url: 'https://grok.com/',
  signInHosts: ['accounts.x.ai'],
  composerKind: 'contenteditable',
  // No source names a prompt limit (INFERRED, like the other sites' chat limits).
  maxPromptChars: 100_000,
  insertChunkChars: 50_000,
  selectors: {
    composer: ['div.tiptap.ProseMirror[contenteditable="true"][aria-label="Ask Grok anything"]', 'div.ProseMirror[contenteditable="true"][role="textbox"]', 'form div[contenteditable="true"]'],
    sendButton: ['form button[type="submit"][aria-label="Submit"]', 'form button[type="submit"]'],
    stopButton: [`form button:has(${STOP_ICON})`, `button:has(${STOP_ICON})`],
    userTurn: ['div.items-end:has(> div.message-bubble.bg-surface-l1)', 'div.message-bubble.bg-surface-l1'],
    assistantTurn: ['div[id^="response-"].items-start:has(> div.message-bubble)', 'div.items-start:has(div.message-bubble)'],
    answerContent: ['div.message-bubble > div.response-content-markdown', '.response-content-markdown', 'div.message-bubble'],
    turnActionBar: ['div.action-buttons > div:has(button)'],
    copyButton: ['div.action-buttons > div > button:first-child'],
    newChatButton: ['nav a[href="/"][aria-label="New chat"]', 'nav a[href="/"]'],
    errorBanner: ['[role="alert"]'],
    loginWall: ['a[href*="accounts.x.ai/sign-in"]', 'a[href*="accounts.x.ai/sign-up"]'],
    botCheck: ['iframe[src*="challenges.cloudflare.com"]', '#challenge-form', '#challenge-stage'],
  },
  errorPatterns: [{ code: PTKErrorCode.RATE_LIMITED, pattern: 'rate limit|too many requests|message limit|reached your limit' }],
  temporaryChat: { toggle: ['a[href="/c#private"]'], onUrl: { hash: '#private' } },
};

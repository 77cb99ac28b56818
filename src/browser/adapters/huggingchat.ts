/**
 * HuggingChat (huggingface.co/chat, the hosted huggingface/chat-ui). Sources, read 2026-11-27
 * (docs/sites.md "HuggingChat" says what is verified and what is inferred):
 *   CWC  robertpiosik/CodeWebChat apps/browser/src/content-scripts/send-prompt-content-script/
 *        chatbots/hugging-chat.ts@584e0bde (last changed 25d353db, 2026-08-11)
 *   HF   huggingface/chat-ui at c100c162 (2026-08-21), its own Svelte source:
 *        src/lib/components/chat/ChatWindow.svelte (6ca4b34c), chat/ChatMessage.svelte (9e31ac82),
 *        chat/ChatInput.svelte (e1b48060), StopGeneratingBtn.svelte (4b949c85),
 *        CopyToClipBoardBtn.svelte (be4e9355), NavMenu.svelte (00372794), Toast.svelte (4b949c85),
 *        src/lib/stores/errors.ts (d8eb3d86)
 * - composer: the page's `textarea` (CWC), in the composer's `form` (HF ChatWindow); Enter sends
 *   when the text is not blank, Shift+Enter is a new line (HF ChatInput);
 * - send: `button[type=submit][aria-label="Send message"][name=submit]`, disabled while the draft
 *   is empty (HF ChatWindow);
 * - generating: `button.stop-generating-btn[aria-label="Stop generating"]` shown instead of send
 *   (CWC, HF StopGeneratingBtn / ChatWindow);
 * - turns: `div[data-message-type="user"]` and `div[data-message-role="assistant"]` (HF
 *   ChatMessage; CWC uses the latter); an assistant turn is avatar, bubble
 *   (`div.rounded-2xl`: an optional files row, then the content, a `div` with no class) and, once done, the footer as third child
 *   (CWC `div[data-message-role="assistant"] > div:nth-child(3)`, HF);
 * - copy: `button[title="Copy to clipboard"]` in the footer, only when the message is not the one
 *   loading; it writes the answer's markdown without its thinking (HF CopyToClipBoardBtn,
 *   navigator clipboard). CWC clicks the footer's `button:nth-of-type(2)`, which in HF's source
 *   is Retry: the title is used, not the position;
 * - errors: a toast `div.pointer-events-none.fixed` > `h2` with the message (HF Toast); wording
 *   "You are sending too many messages. Try again later." (HF errors.ts);
 * - new chat: the `a[href="/chat/"]` "New Chat" link (HF NavMenu, the app served under /chat);
 * - signed out: a link to `/chat/login` (INFERRED: no source read shows the signed-out page);
 * - the thinking-effort menu `button[aria-label="Select thinking effort"]` and the model picker
 *   `form + div > a` (CWC; not driven); no temporary chat in any source read.
 */
import { PTKErrorCode } from '../../core/errors';
import type { SiteAdapter } from './types';

/** An assistant turn (HF ChatMessage). */
const ASSISTANT = 'div[data-message-role="assistant"]';

export const huggingChatAdapter: SiteAdapter = {
  id: 'huggingchat',
  displayName: 'HuggingChat',
  url: 'https://huggingface.co/chat/',
  composerKind: 'textarea',
  // No source names a prompt limit (INFERRED).
  maxPromptChars: 100_000,
  insertChunkChars: 50_000,
  selectors: {
    composer: ['form textarea', 'textarea'],
    sendButton: ['form button[type="submit"][aria-label="Send message"]', 'form button[name="submit"]'],
    stopButton: ['button.stop-generating-btn', 'button[aria-label="Stop generating"]'],
    userTurn: ['div[data-message-type="user"]'],
    assistantTurn: [ASSISTANT],
    answerContent: [`${ASSISTANT} > div.rounded-2xl > div:not([class]):not([role])`],
    turnActionBar: [`${ASSISTANT} > div:nth-child(3):has(button[title="Copy to clipboard"])`],
    copyButton: [`${ASSISTANT} > div:nth-child(3) button[title="Copy to clipboard"]`],
    newChatButton: ['a[href="/chat/"]'],
    errorBanner: ['div.pointer-events-none.fixed h2', '[role="alert"]'],
    loginWall: ['a[href$="/login"]'],
    botCheck: ['iframe[src*="challenges.cloudflare.com"]', '#challenge-form', '#challenge-stage'],
  },
  errorPatterns: [{ code: PTKErrorCode.RATE_LIMITED, pattern: 'too many messages|rate limit|too many requests' }],
};

/**
 * Open WebUI (self-hosted: the door to local and company models). Its address is the user's own
 * instance: `ptk.siteUrl` replaces `url` (resolveAdapter adds its host). The default is the port
 * the app serves on, http://localhost:8080 (its backend's `PORT="${PORT:-8080}"`, backend/dev.sh
 * as mirrored on huggingface.co/spaces/oki692/open-webui; Docker publishes it as 3000:8080,
 * docs.docker.com/ai/model-runner/openwebui-integration, read 2026-11-27).
 * Sources: Open WebUI's own Svelte source, read at these commits (OW = open-webui/open-webui):
 *   MI  src/lib/components/chat/MessageInput.svelte@562112e6
 *   RM  src/lib/components/chat/Messages/ResponseMessage.svelte@d79ba4ac
 *   UM  src/lib/components/chat/Messages/UserMessage.svelte@306c598a
 *   ER  src/lib/components/chat/Messages/Error.svelte@68d4e92f
 *   CR  src/lib/components/chat/Messages/ContentRenderer.svelte@99241ada
 *   TT  src/lib/components/common/Tooltip.svelte@7c489ffe (no aria-label: a tooltip names nothing)
 *   AU  src/routes/auth/+page.svelte@54871846
 *   FI  src/lib/components/common/FileItem.svelte@c69adf22
 *   TC  the app layout's start-up code (code-index text; the index does not name its file: by
 *       its content src/routes/(app)/+layout.svelte, stored at c754c539, not re-read):
 *       `$page.url.searchParams.get('temporary-chat') === 'true'` turns temporaryChatEnabled on
 *       when the user's `permissions.chat.temporary` allows it; a later helper
 *       (resolveTemporaryChatEnabled, same index) reads the parameter first, then a session
 *       override, then the admin's default
 * - composer: `RichTextInput id="chat-input"` inside `div#chat-input-container` (MI; a TipTap /
 *   ProseMirror editor: the element carrying the id is the one MI focuses, so it is taken as the
 *   contenteditable itself, INFERRED); with the "rich text input" setting off, `textarea#chat-input`
 *   (MI). Enter sends (MI), Shift+Enter is a new line;
 * - send: `button#send-message-button[type=submit]`, disabled while the prompt is empty, and
 *   replaced by the voice-mode `button[aria-label="Call"]` while prompt and files are empty (MI);
 * - stop: shown instead of send while the last message is not `done` (MI): a button with no id,
 *   label or type in the controls box `form div.self-end`, drawn with a stop-circle icon whose
 *   path starts `M2.25 12c0-5.385` (MI). Its Tooltip "Stop" adds no attribute (TT);
 * - turns: every message is `div#message-<id>` (RM, UM); a user's carries `.user-message` (UM, and
 *   MI reads `getElementsByClassName('user-message')`); both hold `div.chat-<role>.markdown-prose`;
 *   the answer renders in `div#response-content-container` (one per message, the id repeated):
 *   first ContentRenderer's bare root `div` holding the markdown, then its hidden floating
 *   Ask / Explain buttons (CR), then the error box, citations and code executions (RM);
 * - footer: `div.buttons` after the content, filled only once the message is `done` (RM); copy =
 *   `button.copy-response-button[aria-label="Copy"]` (RM; the page's Ctrl+Shift+C shortcut clicks
 *   the last one, same layout code as TC);
 *   it copies the message's markdown source (navigator clipboard, RM copyToClipboard);
 * - working: a status line `div.status-description` whose text has `.shimmer` while the status is
 *   not done (web / knowledge search, tools; RM); a `Skeleton` while the content is still empty
 *   (RM; its markup is not read: not used);
 * - errors: in the message, `Error.svelte`'s red box (`div.border-red-600/10`, ER); toasts are
 *   svelte-sonner's (`[data-sonner-toast][data-type=error]`, the library's markup, INFERRED for
 *   Open WebUI); no source gives a rate-limit wording: the patterns are the backends' usual ones;
 * - uploads: the hidden `input[type=file][multiple]` right before the composer's form (MI); each
 *   file a FileItem chip in the form, `button.relative.group[type=button]` with its name, a
 *   `div.size-10` holding the file icon `svg[aria-hidden=true]` (a Spinner instead while the
 *   upload runs) and `button[aria-label="Remove File"]` (FI). Refusals are toasts: "File size
 *   should not exceed N MB.", "You cannot upload an empty file.", "Selected model(s) do not
 *   support image inputs", or the server's error (MI); the toast markup is INFERRED (above);
 * - sign-in: `/auth` with `input#email[autocomplete=email]` and `input#password[name=password]`
 *   (AU); there is no guest chat;
 * - temporary chat: `?temporary-chat=true` on the address turns it on (TC); RM hides the rating
 *   buttons while it is on. An instance may forbid it (permissions): the chat is then saved.
 * - model: a per-chat selector of the instance's models (not read here: no model picker yet).
 */
import { PTKErrorCode } from '../../core/errors';
import { ATTACHMENT_REFUSAL_TEXT } from '../attachmentMatching';
import type { SiteAdapter } from './types';

/** The composer's controls box: send, stop, dictate and voice mode live here (MI). */
const CONTROLS = 'form div.self-end';

export const openWebUiAdapter: SiteAdapter = {
  id: 'openwebui',
  displayName: 'Open WebUI',
  url: 'http://localhost:8080/',
  composerKind: 'contenteditable',
  // A self-hosted instance sets no prompt limit of its own; the model behind it does (INFERRED).
  maxPromptChars: 200_000,
  insertChunkChars: 50_000,
  selectors: {
    composer: ['#chat-input[contenteditable="true"]', '#chat-input-container [contenteditable="true"]', 'textarea#chat-input'],
    sendButton: ['button#send-message-button', `${CONTROLS} button[type="submit"]`],
    stopButton: [
      `${CONTROLS} button:has(svg path[d^="M2.25 12c0-5.385"])`,
      `${CONTROLS} button:not([id]):not([aria-label]):not([type])`,
    ],
    userTurn: ['div.user-message', 'div[id^="message-"]:has(.chat-user)'],
    assistantTurn: ['div[id^="message-"]:not(.user-message):has(.chat-assistant)'],
    // ContentRenderer's bare root div, first in the container (CR); the error box follows it.
    answerContent: ['#response-content-container > div:first-child:not(.border-red-600\\/10)', '#response-content-container', '.chat-assistant'],
    turnActionBar: ['div.buttons:has(button.copy-response-button)', 'div.buttons:has(button[aria-label="Copy"])'],
    copyButton: ['div.buttons button.copy-response-button', 'div.buttons button[aria-label="Copy"]'],
    thinkingIndicator: ['.status-description .shimmer'],
    errorBanner: ['div.border-red-600\\/10', '[data-sonner-toast][data-type="error"]', '[role="alert"]'],
    loginWall: ['input#password[name="password"]', 'input#email[autocomplete="email"]'],
    botCheck: ['iframe[src*="challenges.cloudflare.com"]', '#challenge-form', '#challenge-stage'],
    fileInput: ['input[type="file"][multiple]:has(~ form #chat-input-container)', 'input[type="file"]:has(~ form #chat-input)'],
    attachmentReady: ['form button.group[type="button"]:has(button[aria-label="Remove File"])'],
    // No file icon in the chip's icon box: the Spinner is there instead (FI).
    attachmentPending: ['div.size-10:not(:has(> svg[aria-hidden="true"]))'],
    attachmentRefused: ['[data-sonner-toast][data-type="error"]', '[role="alert"]'],
    attachmentRefusedText: `${ATTACHMENT_REFUSAL_TEXT}|should not exceed|empty file|do not support image`,
    attachmentRemove: ['button[aria-label="Remove File"]'],
  },
  // What the backends behind Open WebUI answer when they throttle or overflow (OpenAI-compatible
  // servers, Ollama); Open WebUI shows their text in the message's error box (ER).
  errorPatterns: [
    { code: PTKErrorCode.RATE_LIMITED, pattern: 'rate limit|too many requests|\\b429\\b' },
    { code: PTKErrorCode.CONVERSATION_TOO_LONG, pattern: 'context length|maximum context|context window|too many tokens' },
  ],
  temporaryChat: { urlParam: ['temporary-chat', 'true'] },
};

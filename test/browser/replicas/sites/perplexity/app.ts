/**
 * Perplexity replica (www.perplexity.ai). Sources, read 2026-11-27:
 *   CWC  robertpiosik/CodeWebChat packages/browser/src/content-scripts/send-prompt-content-script/
 *        chatbots/perplexity.ts at 58b69482^ (its last version: CWC dropped Perplexity in
 *        58b69482, 2026-01-08): composer `div[contenteditable=true]` typed by an insertText input
 *        event; send `button[data-testid="submit-button"]` (until 6c1060e8, 2025-12-16), then
 *        `button.bg-super`; generating = `button[data-testid="stop-generating-response-button"]`
 *        in the page; a turn is `.max-w-threadContentWidth`; the footer
 *        `.relative.font-sans + div > div.items-center:first-child`, copy its `button:nth-child(3)`
 *   IDX  public code in the index (text only, files not named): an automation's Perplexity DOM
 *        notes dated 2025-11-18: `#ask-input` a `div[contenteditable=true][data-lexical-editor=
 *        true][role=textbox]`, send `button[aria-label="Submit"]` / `button[data-testid=
 *        "submit-button"]`, disabled while thinking, the stop testid, new thread
 *        `button[data-testid="sidebar-new-thread"]`, answers `div#markdown-content-<n>`; the
 *        pplxport exporter 2.4.0: queries `.whitespace-pre-line.text-pretty.break-words` with a
 *        `button[data-testid="copy-query-button"][aria-label="Copy Query"]`, answers
 *        `.prose.text-pretty.dark:prose-invert`, the answer's copy `button[aria-label="Copy"]`
 * The page reproduced:
 * - composer `div#ask-input[contenteditable][data-lexical-editor][role=textbox]` (IDX) with the
 *   send `button[data-testid="submit-button"][aria-label="Submit"].bg-super` (CWC, IDX), replaced
 *   while generating by the stop button (CWC, IDX; the swap in one place INFERRED);
 * - one `div.max-w-threadContentWidth` per query and answer (CWC, IDX), holding the query's
 *   `div` > `div.whitespace-pre-line.text-pretty.break-words` and its Copy Query button (IDX), then
 *   the answer's `div` (INFERRED) > `div.relative.font-sans` (CWC) > `div#markdown-content-<n>.prose`
 *   (IDX), then the `div` after it whose first child, once done, is the footer
 *   `div.flex.items-center` with Share, Rewrite and Copy (`button[aria-label="Copy"]`, third:
 *   CWC, IDX; the first two buttons INFERRED);
 * - errors and notices: `div[role=alert]` (INFERRED: no source shows Perplexity's error markup);
 * - new thread `button[data-testid="sidebar-new-thread"]` (IDX); signed out a "Sign in" button
 *   `button[data-testid="login-button"]` (INFERRED).
 * Not reproduced: sources, citations, the model and sources menus, uploads, a virtual list.
 */
import { startReplicaApp, type ReplicaSkin } from '../../shared/app';
import { assistantTurnHandle, clearBanners, decorateCodeBlock, element, notificationsRegion, SendStopSlot, showBanner } from '../../shared/inferredPieces';
import { attachProseMirror } from '../../shared/proseMirror';

const sendStop = new SendStopSlot();

/** The answers' `markdown-content-<n>` counter (IDX). */
let answers = 0;

const skin: ReplicaSkin = {
  copyMechanism: 'writeText',

  mountShell(root) {
    const nav = element('nav', { class: 'sidebar' });
    const newThread = element('button', { type: 'button', 'data-testid': 'sidebar-new-thread' }, 'New Thread');
    nav.append(newThread);
    const main = element('main', { class: '@container/main' });
    const thread = element('div', { class: 'flex flex-col' });
    const box = element('div', { class: 'rounded-2xl border' });
    const composer = element('div', { id: 'ask-input', contenteditable: 'true', 'data-lexical-editor': 'true', role: 'textbox', spellcheck: 'true' });
    attachProseMirror(composer);
    const slot = element('div', { class: 'flex items-center' });
    const sendButton = element('button', { type: 'button', 'data-testid': 'submit-button', 'aria-label': 'Submit', class: 'bg-super rounded-lg' }, '→');
    const stopButton = element('button', { type: 'button', 'data-testid': 'stop-generating-response-button', 'aria-label': 'Stop' }, '■');
    sendStop.mount(slot, sendButton, stopButton);
    box.append(composer, slot);
    main.append(thread, box);
    root.append(nav, main, notificationsRegion());
    return { thread, composer, sendButton, stopButton, newChatButton: newThread };
  },

  mountLoginWall(root) {
    const page = element('div', { class: 'flex flex-col items-center gap-4' });
    page.append(element('h1', {}, 'Perplexity'), element('button', { type: 'button', 'data-testid': 'login-button' }, 'Sign in'));
    root.append(page);
  },

  renderUserTurn(thread, text, turnId) {
    const block = element('div', { class: 'mx-auto max-w-threadContentWidth', 'data-turn': String(turnId) });
    const query = element('div', { class: 'group/query' });
    const copyQuery = element('div', { class: 'flex' });
    copyQuery.append(element('button', { type: 'button', 'data-testid': 'copy-query-button', 'aria-label': 'Copy Query' }, '⧉'));
    query.append(element('div', { class: 'whitespace-pre-line text-pretty break-words' }, text), copyQuery);
    block.append(query);
    thread.append(block);
    return query;
  },

  renderAssistantTurn(thread, turnId) {
    // The answer goes into its query's block (one block per query and answer).
    const block = thread.querySelector<HTMLElement>(`div.max-w-threadContentWidth[data-turn="${turnId}"]`) ?? thread.appendChild(element('div', { class: 'mx-auto max-w-threadContentWidth', 'data-turn': String(turnId) }));
    const answer = element('div', { class: 'flex flex-col' });
    const sans = element('div', { class: 'relative font-sans' });
    const content = element('div', { id: `markdown-content-${answers++}`, class: 'prose text-pretty dark:prose-invert' });
    sans.append(content);
    const below = element('div', { class: 'flex flex-col' });
    answer.append(sans, below);
    block.append(answer);
    return assistantTurnHandle(answer, content, (copy) => {
      const footer = element('div', { class: 'flex items-center justify-between' });
      const copyButton = element('button', { type: 'button', 'aria-label': 'Copy' }, '⧉');
      copyButton.addEventListener('click', copy);
      footer.append(element('button', { type: 'button', 'aria-label': 'Share' }, '↗'), element('button', { type: 'button', 'aria-label': 'Rewrite' }, '↻'), copyButton);
      below.prepend(footer);
    }, answer);
  },

  decorateCodeBlock,
  showBanner,
  clearBanners,

  setGenerating: sendStop.setGenerating,
};

startReplicaApp(skin);

/**
 * Gemini replica, the current UI (gemini.google.com after the May 2026 "lr26" refresh).
 *
 * Evidence (source id, repository:path@commit, capture date):
 * - TOK  jazelly/tokenless test/fixtures/provider-dom/gemini/signed-in-unknown/composer-idle.html
 *        @7c808aa2 (observed 2026-07-17): `rich-textarea > div.ql-editor[data-gramm=false]
 *        [contenteditable][role=textbox][aria-multiline][aria-label="Enter a prompt for Gemini"]`;
 *        …/response-complete-source-badges.html @a9d82fbf (2026-08-10): `response-container
 *        message-content > div.markdown.markdown-main-panel.md-content`, message-content without
 *        a class, `button[aria-label="Stop response"]` absent once complete;
 *        …/signed-out-guest/mode-picker.html @f660f76c (2026-07-28): guest page = composer +
 *        `button[aria-label="Sign in"]` + `button[data-test-id="bard-mode-menu-button"]`;
 *        …/signed-in-unknown/model-menu-open.html @7c808aa2 (2026-07-17): the mode picker
 *        (./modePicker.ts names its evidence and choices).
 * - C2M  royharden/Chat-to-Markdown test/fixtures/gemini/code-basic.html,
 *        research-sources-generated-file.html @79ea2bb0 (captured 2026-06-05, signed out):
 *        `div.conversation-container > user-query` (`.query-text[role=heading]`, "Copy prompt")
 *        and `model-response > div.response-container > [h2 "Gemini said", message-content,
 *        div.response-footer.gap.complete (Redo, Copy, Show more options)]`; `.thoughts-container`.
 * - GV   Nagi-ovo/gemini-voyager commit 131cf0b7 (2026-05-21): lr26 dropped the copy button's
 *        data-test-id (found by `mat-icon[fonticon="content_copy"]` + aria-label "Copy…"), moved
 *        menus / icon buttons to `gem-menu`, `gem-icon-button`; a3644075 (2026-02-14): an
 *        expanded thoughts panel puts a second `message-content` before the answer
 *        (`model-thoughts`, `.thoughts-container`, `.thoughts-content`); @103c367c (2026-07-24)
 *        src/pages/content/export/responseActionImageButton.ts: `more-menu-button` test-id,
 *        `message-actions > .actions-container-v2 > .buttons-container-v2`.
 * - ARA  Gambitnl/Aralia skills/whisk-image-generation/SKILL.md (verified 2026-09-03): the send
 *        button exists only once text is typed, a microphone button sits there while empty;
 *        stop `button[aria-label="Stop response"]`; new chat `a[aria-label="New chat"]`.
 * - CWC  robertpiosik/CodeWebChat chatbots/gemini.ts @25d353db (2026-08-11): copy
 *        `copy-button button`, footer `message-actions > div > div`, generating
 *        `mat-icon[fonticon="stop"]`.
 * - ORA  steipete/oracle src/browser/providers/geminiDeepThinkDomProvider.ts (2026-03-08):
 *        `.response-footer.complete`, `.thoughts-header-button`, `model-thoughts`, spinner
 *        `[role="progressbar"]`; sign-in = a tab on accounts.google.com.
 * - ACF  mcgaffertybodway62-cell/aiweb-copyfix test/fixtures/gemini.html @044367e9 (2026, date
 *        not shown): `code-block > div.code-block-decoration (span language, copy, download) +
 *        div.formatted-code-block-internal-container > … > pre > code[data-test-id=code-content]`.
 * - ACE  nuncaeslupus/ai-chat-exporter tests/fixtures/dom-snapshots/gemini/real-capture.html
 *        (answer captured live 2026-01-17), table-2026-07.html @9356f992 (July 2026): formulas
 *        `span.math-inline[data-math]` over glyph-only KaTeX (a displayed `div.math-block
 *        [data-math]` is from unattributed code and partly inferred: ./answerMarkup.ts),
 *        `li > p[data-path-to-node]`, tables inside `table-block` with a "More options" footer
 *        (./answerMarkup.ts, 2026-11-25).
 *
 * Inferred / unverified (choices made here):
 * - the send button's host is `gem-icon-button.send-button` (unattributed developer doc); the
 *   microphone is `speech-dictation-mic-button > button[aria-label="Use microphone"]`; the stop
 *   control replaces the send button in the same host (`gem-icon-button.send-button.stop >
 *   button[aria-label="Stop response"] > mat-icon[fonticon=stop]`);
 * - copy: `copy-button > button[aria-label="Copy"]` with `mat-icon[fonticon="content_copy"]`,
 *   copying through Angular CDK's Clipboard (execCommand on a hidden textarea): whether real
 *   Gemini uses CDK or navigator.clipboard is unverified; execCommand is the harder case;
 * - `message-content` no longer carries aria-busy (unattributed doc): streaming shows only
 *   through the stop button; the footer is in the DOM while streaming and gets `.complete`
 *   and its `message-actions` at the end;
 * - thoughts stay expanded (as after a user opened "Show thinking"), so the second
 *   `message-content` is always on the page; a `[role=progressbar]` spinner shows while thinking;
 * - errors: Material snack bars (`mat-snack-bar-container`, role alert) — no source shows the
 *   lr26 snack bar, so this keeps the pre-lr26 component; limit notices are role=alert blocks
 *   with the wording of ./skin.ts (unverified);
 * - the signed-out, no-guest page keeps a landing with a ServiceLogin link; the off-host
 *   sign-in (sites.ts signInUrl) is the real flow.
 *
 * File upload (./uploads.ts names its evidence, TOK 2026-07-17 and pankaj28843/cdp-cli, and what
 * is inferred): "Upload and tools" → "Upload files" → the page makes `input[name="Filedata"]` and
 * opens the file chooser with it; files show as `.attachment-preview-wrapper
 * .file-preview-container` chips in `.text-input-field`, named through aria-describedby, a
 * `mat-progress-spinner` while processing; refusals in a snack bar.
 */
import { startReplicaApp } from '../../shared/app';
import { geminiTemporaryChat } from './temporaryChat';
import { LR26_MODES } from './modePicker';
import { custom, element, geminiSkin, icon, iconButton, type GeminiEra } from './skin';

const lr26: GeminiEra = {
  copyMechanism: 'execCommand',
  composerLabel: 'Enter a prompt for Gemini',

  mountSendControl(host, send, stop) {
    return {
      update({ empty, generating }) {
        host.innerHTML = '';
        if (generating) {
          const stopHost = custom('gem-icon-button', { class: 'send-button stop' });
          const button = element('button', { type: 'button', 'aria-label': 'Stop response', class: 'gem-button' });
          button.append(icon('stop'));
          button.addEventListener('click', stop);
          stopHost.append(button);
          host.append(stopHost);
        } else if (empty) {
          const mic = custom('speech-dictation-mic-button', {});
          mic.append(iconButton('Use microphone', 'mic'));
          host.append(mic);
        } else {
          const sendHost = custom('gem-icon-button', { class: 'send-button submit' });
          const button = element('button', { type: 'button', 'aria-label': 'Send message', class: 'gem-button' });
          button.append(icon('send'));
          button.addEventListener('click', send);
          sendHost.append(button);
          host.append(sendHost);
        }
      },
    };
  },

  mountNewChat(sidenav) {
    const host = custom('side-nav-action-button', { 'data-test-id': 'new-chat-button' });
    const link = element('a', { href: '/app', 'aria-label': 'New chat', class: 'side-nav-action-button' }, 'New chat');
    host.append(link);
    sidenav.append(host);
    return link;
  },

  messageContent: () => ({}),

  actionButtons(copy) {
    const copyHost = custom('copy-button', {});
    const copyButton = iconButton('Copy', 'content_copy', { class: 'gem-button' });
    copyButton.addEventListener('click', copy);
    copyHost.append(copyButton);
    const more = element('div', { class: 'more-menu-button-container' });
    more.append(iconButton('Show more options', 'more_vert', { 'data-test-id': 'more-menu-button', 'aria-expanded': 'false' }));
    return [iconButton('Good response', 'thumb_up'), iconButton('Bad response', 'thumb_down'), iconButton('Redo', 'refresh'), copyHost, more];
  },

  thoughtsExpanded: true,
  uploadForm: 'chooser',
  modes: LR26_MODES,
};

startReplicaApp({ ...geminiSkin(lr26), temporaryChat: geminiTemporaryChat });

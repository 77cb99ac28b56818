/**
 * Google AI Studio replica, the current UI (aistudio.google.com, December 2025 and later).
 *
 * Evidence (source id, repository:path@commit, date). No public capture of AI Studio's DOM
 * exists; everything below comes from projects that drive the live site:
 * - ASP  CJackHwang/AIstudioProxyAPI config/selectors.py@e640858 (2026-03-01; HEAD fd1da7bb,
 *        2026-04-18): composer `ms-prompt-box textarea[aria-label="Enter a prompt"]` (0856998,
 *        2025-12-10, issue #277; `ms-prompt-box .prompt-box-container`, `.text-wrapper`),
 *        Run `ms-run-button button[type="submit"].ms-button-primary` (9d31911, 2026-01-28;
 *        aria-label "Run" forms listed as legacy), generating `button[aria-label*='Stop']`,
 *        turns `ms-chat-turn .chat-turn-container.model`, answer `ms-cmark-node.cmark-node`,
 *        thoughts `ms-thought-chunk .mat-expansion-panel-body`, hover-revealed
 *        `.actions-container` (Edit `button.toggle-edit-button`, `ms-chat-turn-options div >
 *        button`), "Open options" → menuitem "Copy markdown" (`button.mat-mdc-menu-item:
 *        nth-child(4)`) in `div.cdk-overlay-container`, toasts `div.toast.warning|error >
 *        span.content-text`, quota `ms-callout.error-callout .message` "User has exceeded quota",
 *        legacy `ms-callout.warning-callout` "You are out of free generations", signed out =
 *        redirect to accounts.google.com; page_controller_modules/input.py: button, then Enter,
 *        then Ctrl/Meta+Enter, each checked.
 * - CWC  robertpiosik/CodeWebChat chatbots/ai-studio.ts@25d353db (2026-08-11): composer
 *        `textarea[formcontrolname="promptText"]` (since 0e873ebb, 2025-12-16), completion
 *        `ms-chat-turn .turn-footer` holding `button[iconname="thumb_up"]` (debounced: "AI Studio
 *        is quite sluggish with showing already generated tokens"), options
 *        `ms-chat-turn-options > div > button`, the menu item found by its `markdown_copy` icon
 *        ligature.
 * - Unattributed AI Studio userscript (v8.1, targets "Gemini 3.1 Pro Preview", 2026):
 *        `ms-code-block[data-test-language]` with a `mat-expansion-panel` and
 *        `button[data-test-id="expand-icon-button"]`, running = `ms-run-button button .spin`,
 *        `ms-autoscroll-container`, `.turn-content`, `[data-turn-role="User"]`, `.author-label`,
 *        `.model-selector-card`.
 * - Answer markup (./answerMarkup.ts names its evidence, 2026-11-25): `ms-cmark-node` wrappers
 *        (`ul > ms-cmark-node > li`, `p > ms-cmark-node > span`), `span.inline-code`, formulas
 *        as `ms-katex.inline > pre > code.rendered` > KaTeX and `ms-katex.display` (kangjoseph90/
 *        fix-gemini-parser sites/aistudio.js@97f1bbb, 2025-12-06; AI Studio exporters and a
 *        restyling userscript in the code index, unattributed, 2026; where the `code.rendered`
 *        sits, the tag of the inline code and the displayed formula's inner markup are
 *        inferred, as ./answerMarkup.ts says).
 * - The run settings panel (model selector card and dialog, temperature) names its own
 *        evidence and choices in ./runSettings.ts.
 *
 * File upload: ./uploads.ts names its evidence (ASP's `button[data-test-id="add-media-button"]`,
 * the overlay menu's "Upload a file" item holding a hidden input, `div.toast.error`; exporters'
 * `ms-file-chunk` / `ms-image-chunk`) and what is inferred (the chunks shown in the prompt box
 * before Run, the spinner, the wordings).
 *
 * Inferred / unverified (choices made here):
 * - ASP's later commits (45e6b67, 2025-12-14) call `ms-prompt-box` transitional and lead with
 *   `textarea.textarea`, `ms-chunk-input textarea`, `ms-prompt-input-wrapper`: this replica
 *   follows the `ms-prompt-box` + formcontrolname shape; ../aistudio-2025-11 keeps the wrapper;
 * - Run has no aria-label while idle ("Run" + "Ctrl ⏎" as text), disabled while the composer is
 *   empty; while generating it is aria-label "Stop" with a `.spin` spinner; plain Enter types a
 *   newline, Ctrl+Enter / Cmd+Enter runs;
 * - the `.actions-container` appears once the answer is complete and shows only while the turn
 *   is hovered (visibility hidden otherwise); the `.turn-footer` is in the DOM while the answer
 *   streams, its thumbs come with completion;
 * - "Copy markdown" copies through Angular CDK's Clipboard (execCommand on a hidden textarea):
 *   ASP reads the real clipboard after it, which proves copying works, not how;
 * - thoughts: `ms-thought-chunk` before the answer's `ms-text-chunk` in the same
 *   `ms-prompt-chunk`, a collapsed expansion panel "Thinking…" with a `[role=progressbar]`,
 *   then "Thoughts (Ns)";
 * - code blocks: the language on `ms-code-block[data-test-language]` and in the panel title,
 *   none on the code element;
 * - errors: rate limit / network / internal errors as toasts (warning / error), the quota
 *   callouts as above; the limit notice keeps the server's wording in a warning toast (no AI
 *   Studio notice of that kind is known).
 */
import { startReplicaApp } from '../../shared/app';
import { aiStudioTemporaryChat } from './temporaryChat';
import { aiStudioSkin, custom, element, type AiStudioEra } from './skin';

const december2025: AiStudioEra = {
  copyMechanism: 'execCommand',

  mountPromptBox(editor) {
    const promptBox = custom('ms-prompt-box', {});
    const container = element('div', { class: 'prompt-box-container' });
    const autosize = custom('ms-autosize-textarea', { class: 'text-wrapper', 'data-value': '' });
    const composer = element('textarea', { class: 'textarea', formcontrolname: 'promptText', 'aria-label': 'Enter a prompt', placeholder: 'Start typing a prompt', rows: '1' });
    composer.addEventListener('input', () => autosize.setAttribute('data-value', composer.value));
    autosize.append(composer);
    const runHost = custom('ms-run-button', {});
    container.append(autosize, runHost);
    promptBox.append(container);
    editor.append(promptBox);
    return { composer, runHost };
  },

  mountRunControl(host, send, stop) {
    const button = element('button', { type: 'submit', class: 'ms-button-primary', disabled: '' });
    const label = element('span', { class: 'label' }, 'Run');
    const shortcut = element('span', { class: 'shortcut' }, 'Ctrl ⏎');
    button.append(label, shortcut);
    let generating = false;
    button.addEventListener('click', () => (generating ? stop() : send()));
    host.append(button);
    return {
      update(state) {
        generating = state.generating;
        button.disabled = !generating && state.empty;
        label.textContent = generating ? 'Stop' : 'Run';
        if (generating) {
          button.setAttribute('aria-label', 'Stop');
          if (!button.querySelector('.spin')) button.prepend(element('span', { class: 'spin', 'aria-hidden': 'true' }));
        } else {
          button.removeAttribute('aria-label');
          button.querySelector('.spin')?.remove();
        }
      },
    };
  },

  hoverRevealedActions: true,
  turnFooter: true,
  runSettings: true,
  upload: { button: { 'data-test-id': 'add-media-button', 'aria-label': 'Insert assets such as images, videos, files, or audio' }, itemLabel: 'Upload a file', inputInItem: true },

  showMessage(area, kind, text) {
    const severity = kind === 'rate_limit' || kind === 'limit_notice' ? 'warning' : 'error';
    const toast = element('div', { class: `toast ${severity}`, 'data-kind': kind });
    toast.append(element('span', { class: 'content-text' }, text));
    area.append(toast);
  },
};

startReplicaApp({ ...aiStudioSkin(december2025), temporaryChat: aiStudioTemporaryChat });

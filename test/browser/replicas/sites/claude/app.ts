/**
 * Claude replica (claude.ai as captured in mid-2026). Evidence, with the selector each part
 * reproduces:
 *   TOK  jazelly/tokenless packages/cli/src/playwright/providers.ts@1edd2d1b (2026-07-21) and
 *        test/fixtures/provider-dom/claude/signed-in-free/{composer-idle@7c808aa2,
 *        file-input-ready@6413e3dc, model-menu-open@6413e3dc} observed 2026-07-17,
 *        signed-out-challenge/cloudflare-security-verification@f660f76c observed 2026-07-31
 *   C2M  royharden/Chat-to-Markdown test/fixtures/claude/{code-basic, research-document-artifact}
 *        @79ea2bb0 captured 2026-06-08, login-google-oauth captured 2026-06-05;
 *        planning/requirements-capture-spec.md@a3e0ced4
 *   CWC  robertpiosik/CodeWebChat chatbots/claude.ts@25d353db (footer 2bca34a1, 2026-08-10;
 *        2fe156f1, 2026-02-03; 950a294c, 2025-12-11)
 *   CCE  agarwalvishal/claude-chat-exporter claude-chat-exporter.js@85c739d1 (2025-10-15)
 *   ACE  nuncaeslupus/ai-chat-exporter tests/fixtures/dom-snapshots/claude/real-capture.html
 *        @b27d203 (sanitized capture, 2026-07-28)
 *   UNATTRIBUTED  a 2025-11-22 claude.ai DOM study and 2026-08 scraper notes (index text only)
 *
 * - composer: `div[data-testid="chat-input"].ProseMirror[contenteditable][role=textbox]`,
 *   aria-label "Write your prompt to Claude" (TOK composer-idle; C2M spec); no fieldset (no 2026
 *   source shows one). Next to it "Add files, connectors, and more" (TOK file-input-ready,
 *   static) and the model selector `button[data-testid="model-selector-dropdown"]
 *   [aria-label^="Model: "]` with its menu (TOK model-menu-open; ./modelPicker.ts names its
 *   evidence and choices);
 * - send `button[data-cds="Button"][aria-label="Send message"]` (TOK). Stop: INFERRED, no source
 *   gives its label (CWC finds it by icon); this replica uses `button[aria-label="Stop response"]`
 *   in place of send while Claude answers;
 * - the message list `div[data-testid="virtual-message-list"]` (TOK busy/answer selectors)
 *   holds one `div[data-test-render-count]` per message; it virtualizes: renderUserTurn returns
 *   the user's wrapper and the assistant handle's listItem is its wrapper, so the shared app can
 *   unmount earlier items during a long answer (C2M spec: "long conversation virtualization");
 * - user turn: `h2.sr-only` "You said: …", `div[data-testid="user-message"].!font-user-message`
 *   > `p.whitespace-pre-wrap`, then its OWN `div[role=group][aria-label="Message actions"]`
 *   (Retry, `action-bar-edit`, `action-bar-copy`) (C2M code-basic; classes: 2025-11 study);
 * - assistant turn: render-count wrapper > div > [ `div[data-is-streaming="true|false"]` >
 *   `div.font-claude-response` > (thinking summary) + `div.standard-markdown.grid-cols-1` whose
 *   paragraphs are `p.font-claude-response-body` ], then, once finished, the action bar
 *   `div[role=group][aria-label="Message actions"]` (`action-bar-copy`, `action-bar-read-aloud`,
 *   `action-bar-retry`) as a SIBLING of the streaming div (C2M; CWC footer
 *   `div[data-test-render-count] > div > div:nth-child(2)`; TOK `.font-claude-response-body`;
 *   study and 2026-08 notes: that class marks each paragraph). `data-is-streaming` flips to
 *   "false" at the end (TOK busy selector);
 * - several answer blocks: one answer may come as several `div.standard-markdown` blocks in the
 *   same `.font-claude-response`, with a web-search widget between them, outside every block
 *   (ACE claude/real-capture.html @b27d203, sanitized capture, 2026-07-28: text block, search
 *   widget, text block, artifact, text block; corroborated by unattributed 2026 index text: a
 *   claude.ai summariser joins every `.standard-markdown` of the last `.font-claude-response`,
 *   "thinking/tool-use block labels sit outside them"). The widget is ACE's: `div.ease-out
 *   .transition-all.flex.flex-col.font-ui … my-3 … border-0.5.border-border-300.rounded-lg …` >
 *   `button.group/row` > `div` holding the search query. INFERRED: the widget shows collapsed
 *   (ACE shows it expanded with its result links) and its label is a fixed "Searched the web".
 *   addAnswerBlock draws them (scenario answerBlocksAt); a reloaded turn draws the same blocks;
 * - thinking: `button.group/status` + `span[role=status].sr-only` at the top of the answer
 *   body, outside the markdown (C2M code-basic, research-document-artifact). They stay as the
 *   summary once the answer streams, as on the real page;
 * - code blocks: `div[role=group][aria-label="python code"]` > "Copy to clipboard" button,
 *   language label, `pre.code-block__code > code.language-python` (C2M; pieces.ts);
 * - copy: navigator.clipboard.writeText (CCE intercepts exactly that);
 * - login page (claude.ai/login): "Think fast, build faster", `button[data-testid=
 *   "login-with-google"]` "Continue with Google" (TOK loginIndicators; C2M), `input[placeholder=
 *   "Enter your email"]`, "Continue with email", "Continue with SSO" (C2M login-google-oauth);
 * - banners: "You are out of free messages until 1:50 AM" + "Upgrade" above the composer
 *   (2026 pasted transcripts, unattributed) and the "N messages remaining until …" warning as
 *   the limit notice; their `role=alert` / `role=status` containers, the toasts and the
 *   in-message error (`div[role=alert]` outside the markdown, pieces.ts) are INFERRED (no source
 *   shows them);
 * - inline code: `code` with claude.ai's real class list, red `text-danger-000` included
 *   (public captures of Claude answers, 2025-2026; pieces.ts INLINE_CODE_CLASS; 2026-11-25).
 * - formulas: standard KaTeX (MathML with the TeX annotation + aria-hidden glyphs,
 *   `span.katex-display` for a displayed one; ../../shared/math.ts). From exporters' code, not
 *   a capture (2026-11-26): RobertoReale/Claude-Chat-Export-Tool claude-chat-exporter.js
 *   @036df1af reads a Claude answer's formula from `.katex` and `.katex-mathml annotation`, and
 *   a displayed one by `.katex-display`; formula-copy extensions in the code index (2026,
 *   unattributed) read Claude's TeX from KaTeX's annotation as on ChatGPT. No capture of a
 *   Claude formula was found, so the rest of KaTeX's markup is its standard output.
 * - file upload: the file input above, each accepted file a `[data-testid="file-thumbnail"]`
 *   above the editor with "Remove <name>", a spinner while processing, refusals as an alert
 *   toast (TOK, pankaj28843/cdp-cli claude/attachment.go, claude-code#46655; ./uploads.ts names
 *   its evidence and what is inferred).
 * The 2026 Cloudflare interstitial ("Just a moment...", "Performing security verification",
 * TOK/C2M) is sites/claude/interstitial.html, served by the replica server for bot checks.
 */
import { copyText, startReplicaApp, type ReplicaShell, type ReplicaSkin } from '../../shared/app';
import { renderKatex } from '../../shared/math';
import { attachProseMirror, readProseMirror } from '../../shared/proseMirror';
import { attachClaudeModelPicker } from './modelPicker';
import { claudeUploads } from './uploads';
import { claudeErrorLine, claudeMessage, decorateClaudeCodeBlock, element, markInlineCode } from './pieces';
import { claudeTemporaryChat } from './temporaryChat';

/** Messages render-count numbers grow by one per message, as the real wrappers' counters do. */
function renderCount(turnId: number, role: 'user' | 'assistant'): string {
  return String(turnId * 2 - (role === 'user' ? 1 : 0));
}

/** One "Message actions" group; `buttons` in page order. */
function messageActions(buttons: HTMLButtonElement[]): HTMLElement {
  const group = element('div', { role: 'group', 'aria-label': 'Message actions', class: 'flex items-center gap-0.5' });
  group.append(...buttons);
  return group;
}

/** Paragraphs of Claude's answer carry `.font-claude-response-body` (kept on every re-render). */
function markParagraphs(markdownBlock: HTMLElement): void {
  const mark = (): void => {
    for (const paragraph of Array.from(markdownBlock.querySelectorAll('p:not(.font-claude-response-body)'))) {
      paragraph.classList.add('font-claude-response-body', 'whitespace-normal', 'break-words');
    }
  };
  new MutationObserver(mark).observe(markdownBlock, { childList: true, subtree: true });
}

const skin: ReplicaSkin = {
  copyMechanism: 'writeText',

  mountShell(root) {
    const app = element('div', { class: 'app flex' });
    const nav = element('nav', { 'aria-label': 'Sidebar' });
    const newChat = element('a', { href: '/new', 'aria-label': 'New chat', class: 'new-chat' }, 'New chat');
    nav.append(newChat, element('a', { href: '/recents', 'aria-label': 'Chats' }, 'Chats'), element('a', { href: '/projects', 'aria-label': 'Projects' }, 'Projects'));
    const main = element('main', {});
    const thread = element('div', { 'data-testid': 'virtual-message-list', class: 'flex-1 flex flex-col gap-3 px-4 max-w-3xl mx-auto w-full' });
    const toasts = element('ol', { class: 'toast-viewport', id: 'toasts' });
    const banners = element('div', { id: 'composer-banners' });
    const box = element('div', { class: 'composer flex flex-col bg-bg-000 rounded-2xl border-0.5' });
    const composer = element('div', {
      'data-testid': 'chat-input',
      contenteditable: 'true',
      translate: 'no',
      class: 'ProseMirror break-words',
      role: 'textbox',
      'aria-label': 'Write your prompt to Claude',
      'aria-multiline': 'true',
    });
    composer.innerHTML = '<p data-placeholder="How can I help you today?" class="is-empty is-editor-empty"><br class="ProseMirror-trailingBreak"></p>';
    attachProseMirror(composer);
    const tools = element('div', { class: 'flex gap-2 items-center' });
    const send = element('button', { type: 'button', 'data-cds': 'Button', 'aria-label': 'Send message', class: 'send', disabled: '' }, '↑');
    const stop = element('button', { type: 'button', 'aria-label': 'Stop response', class: 'stop', hidden: '' }, '■');
    composer.addEventListener('input', () => {
      send.disabled = !(readProseMirror(composer) ?? composer.innerText).trim();
    });
    const modelSelector = element('button', { type: 'button', 'data-testid': 'model-selector-dropdown', 'aria-label': 'Model: Sonnet 5', 'aria-haspopup': 'menu', 'aria-expanded': 'false' }, 'Sonnet 5');
    const currentModel = attachClaudeModelPicker(modelSelector);
    tools.append(
      element('button', { type: 'button', 'aria-label': 'Add files, connectors, and more', 'aria-haspopup': 'menu', 'aria-expanded': 'false' }, '+'),
      element('input', { id: 'chat-input-file-upload-onpage', 'data-testid': 'file-upload', 'aria-label': 'Upload files', type: 'file', multiple: '', hidden: '' }),
      modelSelector,
      send,
      stop,
    );
    box.append(element('div', { class: 'flex gap-2 attachments', 'data-replica-attachments': '' }), composer, tools);
    main.append(thread, toasts, banners, box, element('p', { class: 'disclaimer' }, 'Claude is AI and can make mistakes. Please double-check responses.'));
    app.append(nav, main);
    root.append(app);
    return { thread, composer, sendButton: send, stopButton: stop, newChatButton: newChat, currentModel };
  },

  mountLoginWall(root) {
    const page = element('main', { class: 'login' });
    const form = element('form', { action: '/login' });
    const google = element('button', { type: 'button', 'data-testid': 'login-with-google' }, 'Continue with Google');
    const emailLabel = element('label', {}, 'Email ');
    emailLabel.append(element('input', { type: 'email', placeholder: 'Enter your email', autocomplete: 'email' }));
    form.append(google, emailLabel, element('button', { type: 'submit' }, 'Continue with email'), element('button', { type: 'button' }, 'Continue with SSO'));
    form.addEventListener('submit', (event) => event.preventDefault());
    page.append(element('h2', {}, 'Think fast, build faster'), element('h3', {}, 'Brainstorm in chat, build in Cowork'), form);
    root.append(page);
  },

  renderUserTurn(thread, text, turnId) {
    const wrapper = element('div', { 'data-test-render-count': renderCount(turnId, 'user') });
    const group = element('div', { class: 'group relative mb-1' });
    const bubble = element('div', { class: 'group relative inline-flex gap-2 bg-bg-300 rounded-xl pl-2.5 py-2.5 break-words max-w-[75ch] flex-col pr-6' });
    const message = element('div', { 'data-testid': 'user-message', class: 'font-large !font-user-message grid grid-cols-1 gap-2 py-0.5 relative' });
    message.append(element('p', { class: 'whitespace-pre-wrap break-words' }, text));
    bubble.append(message);
    const copyButton = element('button', { type: 'button', 'data-testid': 'action-bar-copy', 'aria-label': 'Copy' }, '⧉');
    copyButton.addEventListener('click', () => copyText('writeText', text, ''));
    const actions = messageActions([
      element('button', { type: 'button', 'aria-label': 'Retry' }, '↻'),
      element('button', { type: 'button', 'data-testid': 'action-bar-edit', 'aria-label': 'Edit' }, '✎'),
      copyButton,
    ]);
    group.append(element('h2', { class: 'sr-only select-none' }, `You said: ${text}`), bubble, actions);
    wrapper.append(group);
    thread.append(wrapper);
    return wrapper;
  },

  renderAssistantTurn(thread, turnId) {
    const wrapper = element('div', { 'data-test-render-count': renderCount(turnId, 'assistant'), 'data-replica-assistant': '' });
    const group = element('div', { class: 'group relative' });
    const streamingFlag = element('div', { 'data-is-streaming': 'true', class: 'group relative pb-3' });
    const body = element('div', { class: 'font-claude-response relative leading-[1.65rem]' });
    const markdownBlock = (): HTMLElement => {
      const block = element('div', { class: 'grid-cols-1 grid gap-2.5 [&_>_*]:min-w-0 standard-markdown' });
      markParagraphs(block);
      markInlineCode(block);
      return block;
    };
    const content = markdownBlock();
    body.append(content);
    streamingFlag.append(body);
    group.append(element('h2', { class: 'sr-only select-none' }, 'Claude responded:'), streamingFlag);
    wrapper.append(group);
    thread.append(wrapper);
    let finished = false;
    const actionBar = (copy: () => void): HTMLElement => {
      const copyButton = element('button', { type: 'button', 'data-testid': 'action-bar-copy', 'aria-label': 'Copy' }, '⧉');
      copyButton.addEventListener('click', copy);
      const footer = element('div', { class: 'flex justify-start' });
      footer.append(
        messageActions([
          copyButton,
          element('button', { type: 'button', 'data-testid': 'action-bar-read-aloud', 'aria-label': 'Read aloud' }, '🔊'),
          element('button', { type: 'button', 'aria-label': 'Give positive feedback' }, '👍'),
          element('button', { type: 'button', 'aria-label': 'Give negative feedback' }, '👎'),
          element('button', { type: 'button', 'data-testid': 'action-bar-retry', 'aria-label': 'Retry' }, '↻'),
        ]),
      );
      return footer;
    };
    return {
      content,
      listItem: wrapper,
      addAnswerBlock() {
        // A finished tool step, collapsed, between two parts of the answer (outside both).
        const widget = element('div', { class: 'ease-out transition-all flex flex-col font-ui leading-normal my-3 min-h-[2.625rem] overflow-hidden border-0.5 border-border-300 rounded-lg mt-3 mb-3 bg-bg-000 shadow-sm' });
        const row = element('button', { type: 'button', class: 'group/row flex flex-row items-center justify-between gap-4 rounded-lg text-text-300 h-[2.625rem] py-2 px-3', 'aria-expanded': 'false' });
        row.append(element('div', { class: 'flex gap-2 relative bottom-[0.5px] font-base text-left' }, 'Searched the web'));
        widget.append(row);
        const next = markdownBlock();
        body.append(widget, next);
        return next;
      },
      setStreaming(streaming) {
        // Claude toggles no class while streaming: only the data attribute.
        streamingFlag.setAttribute('data-is-streaming', streaming ? 'true' : 'false');
      },
      finish(copy) {
        if (finished) return;
        finished = true;
        streamingFlag.setAttribute('data-is-streaming', 'false');
        group.append(actionBar(copy));
      },
      showError(messageText) {
        streamingFlag.setAttribute('data-is-streaming', 'false');
        body.append(...claudeErrorLine(claudeMessage('error_banner', messageText)));
      },
      setThinking(text) {
        const summary = body.querySelector<HTMLElement>('button[class*="group/status"]');
        const status = body.querySelector<HTMLElement>('span[role="status"]');
        if (text === null) {
          // The summary stays above the answer, as on the real page; no longer "thinking".
          summary?.setAttribute('aria-expanded', 'false');
          return;
        }
        if (summary && status) {
          summary.textContent = text;
          status.textContent = text;
          return;
        }
        body.prepend(
          element('button', { type: 'button', class: 'group/status flex items-center gap-1 text-text-300', 'aria-expanded': 'false' }, text),
          element('span', { role: 'status', class: 'sr-only' }, text),
        );
      },
    };
  },

  decorateCodeBlock: decorateClaudeCodeBlock,
  decorateAnswer: renderKatex,

  showBanner(shell, kind, message) {
    const text = claudeMessage(kind, message);
    const main = shell.thread.parentElement!;
    if (kind === 'network_drop') {
      main.querySelector('#toasts')!.append(element('li', { 'data-testid': 'toast', role: 'alert', class: 'toast' }, text));
      return;
    }
    const banner = element('div', { role: kind === 'limit_notice' ? 'status' : 'alert', class: 'composer-banner', 'data-kind': kind }, text);
    if (kind === 'rate_limit') banner.append(' ', element('a', { href: '/upgrade' }, 'Upgrade'));
    main.querySelector('#composer-banners')!.append(banner);
  },

  clearBanners(shell: ReplicaShell) {
    const main = shell.thread.parentElement!;
    main.querySelector('#toasts')!.innerHTML = '';
    main.querySelector('#composer-banners')!.innerHTML = '';
  },

  attachments: claudeUploads,
  temporaryChat: claudeTemporaryChat,

  setGenerating(shell, generating) {
    shell.sendButton.hidden = generating;
    shell.stopButton.hidden = !generating;
    if (!generating) shell.sendButton.disabled = !(readProseMirror(shell.composer) ?? '').trim();
  },
};

startReplicaApp(skin);

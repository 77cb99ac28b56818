/**
 * Claude replica, the 2025 page (what claude.ai looked like around October 2025), kept so the
 * Claude adapter's fallbacks stay tested. Same adapter as ../claude; the differences:
 * - composer: a ProseMirror `div.ProseMirror[contenteditable][role=textbox]` (aria-label "Write
 *   your prompt to Claude") inside a `fieldset`, no `data-testid="chat-input"` (the adapter's
 *   earlier builds and 2025 scripts; TOK shows the testid only from 2026-07);
 * - answer body `div[data-is-streaming]` > `div.font-claude-message` > `div.grid-cols-1`
 *   (agarwalvishal/claude-chat-exporter@40f17395, 2025-07: `.font-claude-message`,
 *   `.grid-cols-1`), no `.font-claude-response` / `.standard-markdown`;
 * - the action bar `div[role=group][aria-label="Message actions"]` with `action-bar-copy` sits
 *   INSIDE the streaming div (robertpiosik/CodeWebChat chatbots/claude.ts before 950a294c,
 *   2025-12-11: footer `div[data-is-streaming="false"] > div:nth-child(2) > div > div`);
 * - user turns have no copy button (CCE@85c739d1, 2025-10-15, clicks every `action-bar-copy`
 *   and takes each capture as a Claude answer);
 * - code blocks: the copy frame without `role=group` / "python code" label (unattributed
 *   2025-11 DOM study);
 * - no virtual list (renderUserTurn returns nothing: nothing is unmounted), no thinking status;
 * - login page: `[data-testid="login-form"]`, "Continue with Google", `input#email`
 *   (INFERRED from the adapter's earlier builds).
 * Wording, banners, the inline code (`rounded-[0.3rem]`-era captures carry the same
 * `text-danger-000` list), the in-turn error and the Send / "Stop response" controls are the
 * current replica's (../claude/pieces.ts, 2026-11-25); the stop label stays unverified.
 */
import { startReplicaApp, type ReplicaShell, type ReplicaSkin } from '../../shared/app';
import { attachProseMirror, readProseMirror } from '../../shared/proseMirror';
import { claudeErrorLine, claudeMessage, decorateClaudeCodeBlock, element, markInlineCode } from '../claude/pieces';

const skin: ReplicaSkin = {
  copyMechanism: 'writeText',

  mountShell(root) {
    const app = element('div', { class: 'app' });
    const nav = element('nav', { 'aria-label': 'Sidebar' });
    const newChat = element('a', { href: '/new', 'aria-label': 'New chat', class: 'new-chat' }, 'New chat');
    nav.append(newChat);
    const main = element('main', {});
    const thread = element('div', { class: 'thread flex-1 flex flex-col gap-3' });
    const toasts = element('ol', { class: 'toast-viewport', id: 'toasts' });
    const banners = element('div', { id: 'composer-banners' });
    const fieldset = element('fieldset', { class: 'flex w-full' });
    const composer = element('div', { contenteditable: 'true', translate: 'no', class: 'ProseMirror break-words', role: 'textbox', 'aria-label': 'Write your prompt to Claude', 'aria-multiline': 'true' });
    composer.innerHTML = '<p data-placeholder="How can I help you today?" class="is-empty is-editor-empty"><br class="ProseMirror-trailingBreak"></p>';
    attachProseMirror(composer);
    const send = element('button', { type: 'button', 'aria-label': 'Send message', class: 'send', disabled: '' }, '↑');
    const stop = element('button', { type: 'button', 'aria-label': 'Stop response', class: 'stop', hidden: '' }, '■');
    composer.addEventListener('input', () => {
      send.disabled = !(readProseMirror(composer) ?? composer.innerText).trim();
    });
    fieldset.append(composer, send, stop);
    main.append(thread, toasts, banners, fieldset);
    app.append(nav, main);
    root.append(app);
    return { thread, composer, sendButton: send, stopButton: stop, newChatButton: newChat };
  },

  mountLoginWall(root) {
    const login = element('div', { class: 'login' });
    const form = element('form', { 'data-testid': 'login-form', action: '/login' });
    form.append(
      element('h1', {}, 'Your ideas, amplified'),
      element('button', { type: 'button', 'data-testid': 'login-with-google' }, 'Continue with Google'),
      element('input', { id: 'email', type: 'email', placeholder: 'Enter your personal or work email' }),
      element('button', { type: 'submit', 'data-testid': 'continue' }, 'Continue with email'),
    );
    form.addEventListener('submit', (event) => event.preventDefault());
    login.append(form);
    root.append(login);
  },

  renderUserTurn(thread, text, turnId) {
    const wrapper = element('div', { 'data-test-render-count': String(turnId * 2 - 1) });
    const group = element('div', { class: 'group relative inline-flex' });
    const message = element('div', { 'data-testid': 'user-message', class: 'font-user-message' });
    message.append(element('p', { class: 'whitespace-pre-wrap break-words' }, text));
    group.append(message);
    wrapper.append(group);
    thread.append(wrapper);
  },

  renderAssistantTurn(thread, turnId) {
    const wrapper = element('div', { 'data-test-render-count': String(turnId * 2), 'data-replica-assistant': '' });
    const streamingFlag = element('div', { 'data-is-streaming': 'true', class: 'group relative' });
    const message = element('div', { class: 'font-claude-message relative leading-[1.65rem]' });
    const content = element('div', { class: 'grid-cols-1 grid gap-2.5' });
    markInlineCode(content);
    message.append(content);
    streamingFlag.append(message);
    wrapper.append(streamingFlag);
    thread.append(wrapper);
    let finished = false;
    return {
      content,
      setStreaming(streaming) {
        streamingFlag.setAttribute('data-is-streaming', streaming ? 'true' : 'false');
      },
      finish(copy) {
        if (finished) return;
        finished = true;
        streamingFlag.setAttribute('data-is-streaming', 'false');
        const bar = element('div', { role: 'group', 'aria-label': 'Message actions', class: 'message-actions' });
        const copyButton = element('button', { type: 'button', 'data-testid': 'action-bar-copy', 'aria-label': 'Copy' }, '⧉');
        copyButton.addEventListener('click', copy);
        bar.append(
          copyButton,
          element('button', { type: 'button', 'data-testid': 'action-bar-retry', 'aria-label': 'Retry' }, '↻'),
          element('button', { type: 'button', 'aria-label': 'Give positive feedback' }, '👍'),
          element('button', { type: 'button', 'aria-label': 'Give negative feedback' }, '👎'),
        );
        const outer = element('div', { class: 'absolute -bottom-0 -right-1.5' });
        const inner = element('div', { class: 'flex items-stretch justify-between' });
        inner.append(bar);
        outer.append(inner);
        streamingFlag.append(outer);
      },
      showError(messageText) {
        streamingFlag.setAttribute('data-is-streaming', 'false');
        streamingFlag.append(...claudeErrorLine(claudeMessage('error_banner', messageText)));
      },
    };
  },

  decorateCodeBlock(pre, language, copy) {
    decorateClaudeCodeBlock(pre, language, copy, { labelledGroup: false });
  },

  showBanner(shell, kind, message) {
    const text = claudeMessage(kind, message);
    const main = shell.thread.parentElement!;
    if (kind === 'network_drop') {
      main.querySelector('#toasts')!.append(element('li', { 'data-testid': 'toast', role: 'alert', class: 'toast' }, text));
      return;
    }
    main.querySelector('#composer-banners')!.append(element('div', { role: kind === 'limit_notice' ? 'status' : 'alert', class: 'composer-banner', 'data-kind': kind }, text));
  },

  clearBanners(shell: ReplicaShell) {
    const main = shell.thread.parentElement!;
    main.querySelector('#toasts')!.innerHTML = '';
    main.querySelector('#composer-banners')!.innerHTML = '';
  },

  setGenerating(shell, generating) {
    shell.sendButton.hidden = generating;
    shell.stopButton.hidden = !generating;
    if (!generating) shell.sendButton.disabled = !(readProseMirror(shell.composer) ?? '').trim();
  },
};

startReplicaApp(skin);

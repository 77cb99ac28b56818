/**
 * A test-only skin that implements every optional hook of the shared replica app with plain,
 * easy-to-query markup, so replicaInfra.test.ts can watch what the app does with each scenario
 * flag. Not a site: it is served with `startReplicaServer({ site: 'test-skin', siteDirectory })`
 * and is absent from sites.ts. The copy mechanism comes from `window.replicaTestCopyMechanism`
 * (a test sets it with an init script), default writeText.
 *
 *   #composer #send #stop #new-chat #guest-login   shell (guest-login only for guests)
 *   ol#thread > li.item.user / li.item.assistant  list items (returned / listItem)
 *   li.item.assistant .thinking                   setThinking(text)
 *   li.item.assistant .node                       message nodes (first = content)
 *   li.item.assistant .actions[.flash] button.copy  action bar (flash or finished)
 *   .banner[data-kind]                            page banners
 *   #login-wall                                   signed-out page
 */
import { startReplicaApp, type ReplicaCopyMechanism, type ReplicaSkin } from '../shared/app';

function element<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const created = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value);
  if (text !== undefined) created.textContent = text;
  return created;
}

const configured = (window as unknown as { replicaTestCopyMechanism?: ReplicaCopyMechanism }).replicaTestCopyMechanism;

const skin: ReplicaSkin = {
  copyMechanism: configured ?? 'writeText',
  mountShell(root, options) {
    const header = element('header');
    header.append(element('button', { id: 'new-chat' }, 'New chat'));
    if (options?.guest) header.append(element('button', { id: 'guest-login' }, 'Log in'));
    const thread = element('ol', { id: 'thread' });
    const banners = element('div', { id: 'banners' });
    const composer = element('textarea', { id: 'composer' });
    const send = element('button', { id: 'send' }, 'Send');
    const stop = element('button', { id: 'stop', hidden: '' }, 'Stop');
    root.append(header, thread, banners, composer, send, stop);
    return { thread, composer, sendButton: send, stopButton: stop, newChatButton: header.querySelector<HTMLElement>('#new-chat')! };
  },
  mountLoginWall(root) {
    root.append(element('div', { id: 'login-wall' }, 'Log in to continue'));
  },
  renderUserTurn(thread, text, turnId) {
    const item = element('li', { class: 'item user', 'data-turn': String(turnId) }, text);
    thread.append(item);
    return item;
  },
  renderAssistantTurn(thread, turnId) {
    const item = element('li', { class: 'item assistant', 'data-turn': String(turnId), 'data-replica-assistant': '' });
    const content = element('div', { class: 'node' });
    item.append(content);
    thread.append(item);
    let flashBar: HTMLElement | undefined;
    return {
      content,
      listItem: item,
      setStreaming(streaming) {
        item.classList.toggle('streaming', streaming);
      },
      finish(copy) {
        if (item.querySelector('.actions:not(.flash)')) return;
        const bar = element('div', { class: 'actions' });
        const button = element('button', { class: 'copy' }, 'Copy');
        button.addEventListener('click', copy);
        bar.append(button);
        item.append(bar);
      },
      showError(message) {
        item.append(element('div', { class: 'error' }, message));
      },
      setThinking(text) {
        item.querySelector('.thinking')?.remove();
        if (text !== null) item.prepend(element('div', { class: 'thinking' }, text));
      },
      setActionBarFlash(visible) {
        flashBar?.remove();
        flashBar = undefined;
        if (visible) {
          flashBar = element('div', { class: 'actions flash' });
          flashBar.append(element('button', { class: 'copy' }, 'Copy'));
          item.append(flashBar);
        }
      },
      addMessageNode() {
        const node = element('div', { class: 'node' });
        item.append(node);
        return node;
      },
    };
  },
  decorateCodeBlock(pre, language, copy) {
    const button = element('button', { class: 'code-copy' }, `Copy ${language}`);
    button.addEventListener('click', copy);
    pre.prepend(button);
  },
  showBanner(shell, kind, message) {
    shell.thread.parentElement!.querySelector('#banners')!.append(element('div', { class: 'banner', 'data-kind': kind }, message));
  },
  clearBanners(shell) {
    shell.thread.parentElement!.querySelector('#banners')!.innerHTML = '';
  },
  setGenerating(shell, generating) {
    shell.sendButton.hidden = generating;
    shell.stopButton.hidden = !generating;
  },
};

startReplicaApp(skin);

/**
 * NOT a capture, and no real site: "Parrot", a made-up chat page written only for the site
 * discovery tests (test/browser/autoSite.test.ts), 2026-11. No PTK adapter has selectors for it
 * and none must: it is driven through `site: 'auto'` alone. It is built unlike the five sites'
 * replicas on purpose:
 * - the composer is a textarea in which Enter starts a new line: Ctrl+Enter sends, and the
 *   send button shows only as an unlabelled arrow that stays hidden (nothing tells it is "send");
 * - turns are `li` items of an `ol`, told apart only by a class (`mine` / `theirs`);
 * - the stop control is a `span[role=button]` titled "Cancel", outside the list;
 * - the finished turn gets a toolbar of `span[role=button]` controls, the first titled
 *   "Copy reply", drawn only once the answer is done.
 */
import { startReplicaApp, type ReplicaSkin } from '../../shared/app';
import { element } from '../../shared/inferredPieces';

const skin: ReplicaSkin = {
  mountShell(root) {
    const list = element('ol', { class: 'log' });
    const box = element('div', { class: 'box' });
    const composer = element('textarea', { class: 'field', rows: '2' });
    // Enter is a new line here; only Ctrl+Enter reaches the shared app's sender.
    box.addEventListener(
      'keydown',
      (event) => {
        if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey) event.stopPropagation();
      },
      true,
    );
    const send = element('button', { class: 'arrow', hidden: '' }, '→');
    const stop = element('span', { role: 'button', title: 'Cancel', class: 'halt', hidden: '' }, '■');
    box.append(composer, send);
    root.append(element('h1', {}, 'Parrot'), list, box, stop);
    return { thread: list, composer, sendButton: send, stopButton: stop as unknown as HTMLButtonElement };
  },
  mountLoginWall(root) {
    root.append(element('p', { class: 'gate' }, 'Sign in to Parrot.'));
  },
  renderUserTurn(thread, text) {
    const item = element('li', { class: 'mine' });
    item.append(element('div', { class: 'said' }, text));
    thread.append(item);
    return item;
  },
  renderAssistantTurn(thread) {
    const item = element('li', { class: 'theirs' });
    const said = element('div', { class: 'said' });
    item.append(element('small', {}, 'Parrot'), said);
    thread.append(item);
    return {
      content: said,
      listItem: item,
      setStreaming() {},
      finish(copy) {
        if (item.querySelector('.tools')) return;
        const tools = element('div', { class: 'tools' });
        const copyControl = element('span', { role: 'button', title: 'Copy reply' }, '⧉');
        copyControl.addEventListener('click', copy);
        tools.append(copyControl, element('span', { role: 'button', title: 'Again' }, '↻'));
        item.append(tools);
      },
      showError(message) {
        item.append(element('p', { class: 'oops', role: 'alert' }, message));
      },
    };
  },
  decorateCodeBlock(pre, language, copy) {
    const label = element('span', { role: 'button', title: `Copy ${language}` }, '⧉');
    label.addEventListener('click', copy);
    pre.before(label);
  },
  showBanner(shell, _kind, message) {
    shell.thread.after(element('p', { class: 'oops', role: 'alert' }, message));
  },
  clearBanners(shell) {
    for (const banner of Array.from(shell.thread.parentElement!.querySelectorAll('p.oops'))) banner.remove();
  },
  setGenerating(shell, generating) {
    shell.stopButton.hidden = !generating;
  },
};

startReplicaApp(skin);

/**
 * NOT a capture, and no real site: "Heron", a made-up chat page written only for the site
 * discovery tests (test/browser/autoSite.test.ts), 2026-11-28. It imitates no real site; no PTK
 * adapter has selectors for it and none must: it is driven through `site: 'auto'` alone. It is
 * built unlike the five sites' replicas and unlike madeup-parrot on purpose:
 * - the composer is a plain contenteditable `div[role=textbox]` (no ProseMirror) inside a `form`;
 * - the send control is an icon-only `button[type=submit][aria-label="Submit message"]`, disabled
 *   until text is typed (the form's own submit is cancelled: the page sends on the click);
 * - turns are bare `article` elements (no testid, no role, no class): the user's text sits in a
 *   `div.bubble`, the answer is rendered into a nested `div.prose`;
 * - while it streams, the send button gives way to an icon-only `button[aria-label="Cancel"]`;
 * - there is NO copy control anywhere (not per turn, not per code block: a code block shows only
 *   its language), so an answer can only be read from the DOM;
 * - once done, the answer's turn gets a small `footer` with a "Regenerate" button;
 * - its address reopens the last chat (as the shared replica app does); a new chat starts only
 *   from an icon-only link `a[aria-label="New conversation"]` in its header.
 */
import { startReplicaApp, type ReplicaSkin } from '../../shared/app';
import { element, svgShape } from '../../shared/inferredPieces';

/** An icon of one path, sized (an icon-only button's only content). */
function icon(d: string): SVGSVGElement {
  const svg = svgShape('path', { d });
  svg.setAttribute('width', '16');
  svg.setAttribute('height', '16');
  return svg;
}

const skin: ReplicaSkin = {
  mountShell(root) {
    const thread = element('section', { class: 'thread' });
    const form = element('form', { class: 'composer' });
    const composer = element('div', { contenteditable: 'true', role: 'textbox', 'aria-multiline': 'true', class: 'field' });
    composer.append(element('p'));
    const send = element('button', { type: 'submit', 'aria-label': 'Submit message', disabled: '' });
    send.append(icon('M4 12l16-8-6 16-2-6z'));
    const stop = element('button', { type: 'button', 'aria-label': 'Cancel', hidden: '' });
    stop.append(icon('M6 6h12v12H6z'));
    // The button is enabled by what the box holds (the app clears it with an input event too).
    composer.addEventListener('input', () => {
      send.disabled = (composer.textContent ?? '').trim() === '';
    });
    // The page sends on the button's click (wired by the app); the form never navigates.
    form.addEventListener('submit', (event) => event.preventDefault());
    form.append(composer, send, stop);
    const newChat = element('a', { href: '/', 'aria-label': 'New conversation', class: 'fresh' });
    newChat.append(icon('M12 5v14M5 12h14'));
    const header = element('header', { class: 'top' });
    header.append(element('h1', {}, 'Heron'), newChat);
    root.append(header, thread, form);
    return { thread, composer, sendButton: send, stopButton: stop, newChatButton: newChat };
  },
  mountLoginWall(root) {
    root.append(element('p', { class: 'gate' }, 'Sign in to Heron.'));
  },
  renderUserTurn(thread, text) {
    const article = element('article');
    article.append(element('div', { class: 'bubble' }, text));
    thread.append(article);
    return article;
  },
  renderAssistantTurn(thread) {
    const article = element('article');
    const body = element('div', { class: 'body' });
    const prose = element('div', { class: 'prose' });
    body.append(prose);
    article.append(body);
    thread.append(article);
    return {
      content: prose,
      listItem: article,
      setStreaming() {},
      finish() {
        // No copy control: the footer holds only "Regenerate" (which this page does not act on).
        if (article.querySelector('footer')) return;
        const footer = element('footer', { class: 'foot' });
        footer.append(element('button', { type: 'button' }, 'Regenerate'));
        article.append(footer);
      },
      showError(message) {
        article.append(element('p', { class: 'oops', role: 'alert' }, message));
      },
    };
  },
  decorateCodeBlock(pre, language) {
    // The language only: no copy button on a code block either.
    const block = element('div', { class: 'code' });
    pre.replaceWith(block);
    block.append(element('div', { class: 'lang' }, language), pre);
  },
  showBanner(shell, _kind, message) {
    shell.thread.after(element('p', { class: 'oops', role: 'alert' }, message));
  },
  clearBanners(shell) {
    for (const banner of Array.from(shell.thread.parentElement!.querySelectorAll(':scope > p.oops'))) banner.remove();
  },
  setGenerating(shell, generating) {
    shell.sendButton.hidden = generating;
    shell.stopButton.hidden = !generating;
  },
};

startReplicaApp(skin);

/**
 * NOT a capture: the current ChatGPT replica (../chatgpt, evidence in its header) with its
 * composer changed the way sites drift between releases: a new element id (`composer-v2`), a
 * new class (`tiptap`), no `role="textbox"` and no hidden fallback textarea, so none of the
 * built-in adapter's composer selectors matches. Used to test the repairs users can make
 * themselves: PTK: Diagnose Site must name the composer as unmatched, and a `ptk.siteOverrides`
 * entry alone (`{ "chatgpt": { "selectors": { "composer": { "prepend": ["div#composer-v2"] } } } }`)
 * must make the site work again. Everything else is the current page.
 */
import { startReplicaApp, type ReplicaSkin } from '../../shared/app';
import { chatgptSkin } from '../chatgpt/skin';

const skin: ReplicaSkin = {
  ...chatgptSkin,
  mountShell(root, options) {
    const shell = chatgptSkin.mountShell(root, options);
    const composer = shell.composer;
    composer.id = 'composer-v2';
    composer.className = 'tiptap';
    composer.removeAttribute('role');
    composer.setAttribute('aria-label', 'Ask anything');
    for (const fallback of Array.from(root.querySelectorAll('textarea'))) fallback.remove();
    return shell;
  },
};

startReplicaApp(skin);

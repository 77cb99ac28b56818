/**
 * A temporary chat opened by a link (Grok's `a[href="/c#private"]`, Le Chat's
 * `a[href="/incognito"]`, robertpiosik/CodeWebChat chatbots/grok.ts and mistral.ts@25d353db,
 * 2026-08-11): clicking it takes the tab to the link's address, as a single-page app's link does
 * (the address is CWC's evidence for Le Chat, INFERRED for Grok), and the chat sent from there
 * is temporary (the server records it). A new chat leaves the mode and the address.
 */
import type { ReplicaTemporaryChat } from './app';

export function temporaryChatLink(href: string): ReplicaTemporaryChat {
  return {
    mount(root, _on, set) {
      root.querySelector<HTMLAnchorElement>(`a[href="${href}"]`)?.addEventListener('click', (event) => {
        event.preventDefault();
        history.pushState(history.state, '', href);
        set(true);
      });
    },
  };
}

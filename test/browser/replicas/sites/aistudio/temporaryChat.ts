/**
 * AI Studio's temporary chat on the replica: the header toggle
 * `ms-incognito-mode-toggle > button[data-test-incognito-toggle][aria-label="Temporary chat toggle"]`
 * (CJackHwang/AIstudioProxyAPI browser_utils/initialization/core.py enable_temporary_chat_mode,
 * 4f6ba4c 2026-04-15; robertpiosik/CodeWebChat chatbots/ai-studio.ts, 2026); no URL form. On, the
 * toggle is pressed and the header shows `ms-incognito-mode-indicator` reading "Temporary chat"
 * (ASP 4f6ba4c). docs/sites.md, "Temporary chats and usage caps", 2026-11-26.
 */
import type { ReplicaTemporaryChat } from '../../shared/app';
import { element } from './skin';

export const aiStudioTemporaryChat: ReplicaTemporaryChat = {
  mount(root, on, set) {
    const host = document.createElement('ms-incognito-mode-toggle');
    const button = element('button', { type: 'button', 'data-test-incognito-toggle': '', 'aria-label': 'Temporary chat toggle', 'aria-pressed': String(on) }, 'Temporary chat');
    button.addEventListener('click', () => {
      const next = button.getAttribute('aria-pressed') !== 'true';
      button.setAttribute('aria-pressed', String(next));
      root.querySelector('ms-incognito-mode-indicator')?.remove();
      if (next) {
        const indicator = document.createElement('ms-incognito-mode-indicator');
        indicator.append(element('span', { class: 'main-text', 'data-test-id': 'main-text' }, 'Temporary chat'));
        host.after(indicator);
      }
      set(next);
    });
    host.append(button);
    root.prepend(host);
  },
};

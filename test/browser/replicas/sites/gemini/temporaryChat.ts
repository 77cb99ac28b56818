/**
 * Gemini's temporary chat on the replica: a toggle in the top bar, `temp-chat-button >
 * gem-icon-button.temp-chat-button > button[aria-label="Temporary chat"]` (robertpiosik/
 * CodeWebChat chatbots/gemini.ts c8c72f27, 2026-07-09; unattributed 2026 scripts for the host
 * and label); no URL form. On, the host gets `temp-chat-on` and the page shows the
 * `.temporary-chat-card-container` card "Temporary chats don't appear in recent chats…" (several
 * unattributed 2026 sources). docs/sites.md, "Temporary chats and usage caps", 2026-11-26.
 */
import type { ReplicaTemporaryChat } from '../../shared/app';

export const geminiTemporaryChat: ReplicaTemporaryChat = {
  mount(root, on, set) {
    const host = document.createElement('temp-chat-button');
    const icon = document.createElement('gem-icon-button');
    icon.className = on ? 'temp-chat-button temp-chat-on' : 'temp-chat-button';
    const button = document.createElement('button');
    button.type = 'button';
    button.setAttribute('aria-label', 'Temporary chat');
    button.textContent = 'Temporary chat';
    button.addEventListener('click', () => {
      const next = !icon.classList.contains('temp-chat-on');
      icon.classList.toggle('temp-chat-on', next);
      root.querySelector('.temporary-chat-card-container')?.remove();
      if (next) {
        const card = document.createElement('div');
        card.className = 'temporary-chat-card-container';
        card.textContent = "Temporary chats don't appear in recent chats and aren't used to improve Google AI.";
        host.after(card);
      }
      set(next);
    });
    icon.append(button);
    host.append(icon);
    root.prepend(host);
  },
};

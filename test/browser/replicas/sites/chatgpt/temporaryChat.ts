/**
 * ChatGPT's temporary chat on the replica: opened with `?temporary-chat=true`, which stays in the
 * address while it is on (steipete/oracle src/browser/utils.ts isTemporaryChatUrl @083bba7e,
 * 2026-08-14; robertpiosik/CodeWebChat chatbots/chatgpt.ts, 2026-08-10). The page also says
 * "Temporary Chat" (ORA detectTemporaryChat reads the title/body text); its exact markup is not
 * captured: a plain heading here. docs/sites.md, "Temporary chats and usage caps", 2026-11-26.
 */
import type { ReplicaTemporaryChat } from '../../shared/app';

export const chatgptTemporaryChat: ReplicaTemporaryChat = {
  urlParam: 'temporary-chat',
  mount(root, on) {
    if (!on) return;
    const heading = document.createElement('h1');
    heading.textContent = 'Temporary Chat';
    heading.className = 'temporary-chat-heading';
    root.prepend(heading);
  },
};

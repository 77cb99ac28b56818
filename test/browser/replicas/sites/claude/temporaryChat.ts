/**
 * Claude's incognito chat on the replica: opened with `/new?incognito` (public 2026 configs, one
 * dated 2026-09-18: "Claude's own ghost-icon mode, logged in, chat not saved"); while on, the
 * page holds `[data-testid="incognito-frame"]` and an "Exit incognito" button (one unattributed
 * 2026 extension, low). docs/sites.md, "Temporary chats and usage caps", 2026-11-26.
 */
import type { ReplicaTemporaryChat } from '../../shared/app';
import { element } from './pieces';

export const claudeTemporaryChat: ReplicaTemporaryChat = {
  urlParam: 'incognito',
  mount(root, on) {
    if (!on) return;
    const frame = element('div', { 'data-testid': 'incognito-frame' });
    frame.append(element('button', { type: 'button', 'aria-label': 'Exit incognito' }, 'Incognito chat'));
    root.prepend(frame);
  },
};

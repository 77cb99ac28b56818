/**
 * Context chips: one small labelled box per mention, in the composer (with a remove button)
 * and under a sent user message (read-only). The label is text only (never HTML).
 */
import type { ContextMention } from '../shared/chat/mentions';
import { createRemoveButton } from './removeButton';

/** A chip's icon-like prefix per kind, so chips of different kinds read apart at a glance. */
const KIND_PREFIX: Record<ContextMention['kind'], string> = {
  file: '@file',
  folder: '@folder',
  selection: '@selection',
  problems: '@problems',
  changes: '@changes',
  terminal: '@terminal',
  url: '@url',
};

/**
 * The chips of `mentions` in a container; `onRemove` adds a remove button to each; `onOpen` makes
 * the chips that name a file open it when clicked.
 */
export function renderMentionChips(document: Document, mentions: readonly ContextMention[], onRemove?: (index: number) => void, onOpen?: (path: string) => void): HTMLElement {
  const container = document.createElement('div');
  container.className = 'mention-chips';
  mentions.forEach((mention, index) => {
    const chip = document.createElement('span');
    chip.className = `mention-chip kind-${mention.kind}`;
    chip.dataset.testid = 'mention-chip';
    chip.dataset.kind = mention.kind;
    chip.title = `${KIND_PREFIX[mention.kind]} ${mention.label}`;
    const kind = document.createElement('span');
    kind.className = 'mention-kind';
    kind.textContent = KIND_PREFIX[mention.kind];
    const label = document.createElement('span');
    label.className = 'mention-label';
    label.textContent = mention.label;
    chip.append(kind, label);
    const path = mention.path;
    if (onOpen && path !== undefined && mention.kind !== 'folder') {
      chip.classList.add('openable');
      chip.setAttribute('role', 'link');
      chip.tabIndex = 0;
      chip.title = `Open ${path}`;
      chip.addEventListener('click', () => onOpen(path));
      chip.addEventListener('keydown', (event) => {
        if (event.key === 'Enter') onOpen(path);
      });
    }
    if (onRemove) chip.append(createRemoveButton(document, 'mention-remove', 'mention-remove', mention.label, () => onRemove(index)));
    container.append(chip);
  });
  return container;
}

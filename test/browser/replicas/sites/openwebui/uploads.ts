/**
 * The Open WebUI replica's file upload. Evidence:
 * - MI  src/lib/components/chat/MessageInput.svelte@562112e6: the hidden `input[type=file]
 *       [multiple]` before the composer's form; each file of the message is a `FileItem` in
 *       `div.mx-2.mt-2.5.-mb-1.flex.items-center.flex-wrap.gap-2` at the top of the composer box,
 *       `loading` while its status is 'uploading', dismissible; a file over the instance's limit
 *       is refused with the toast "File size should not exceed {{maxSize}} MB.", an upload the
 *       server refuses with a toast of its error;
 * - FI  src/lib/components/common/FileItem.svelte@c69adf22: the chip is `button.relative.group
 *       [type=button]` > [`div.size-10` holding the file icon `svg[aria-hidden=true]`, or a
 *       Spinner while loading] + [name, "File" and size] + `button[aria-label="Remove File"]`.
 * Inferred: the Spinner's own markup (a spinning svg here) and the toasts' (svelte-sonner).
 */
import type { ReplicaShell } from '../../shared/app';
import { takeFiles, type ReplicaUploadSkin } from '../../shared/attachments';
import { element, toast } from './pieces';

/** The file list at the top of the composer box, made when the first file comes. */
function fileList(shell: ReplicaShell): HTMLElement {
  const box = shell.composer.closest('form')!.firstElementChild as HTMLElement;
  let list = box.querySelector<HTMLElement>(':scope > div.flex-wrap');
  if (!list) {
    list = element('div', { class: 'mx-2 mt-2.5 -mb-1 flex items-center flex-wrap gap-2' });
    box.prepend(list);
  }
  return list;
}

/** The file icon of a chip that is not loading (FI). */
function fileIcon(): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('class', 'size-4.5');
  return svg;
}

export const openWebUiUploads: ReplicaUploadSkin = {
  mount(shell, choose) {
    const input = shell.composer.closest('.font-primary')!.querySelector<HTMLInputElement>('input[type="file"]');
    input?.addEventListener('change', () => choose(takeFiles(input)));
  },

  addChip(shell, file, remove) {
    const chip = element('button', { type: 'button', class: 'relative group p-1.5 w-60 flex items-center gap-1 rounded-2xl text-left' });
    const iconBox = element('div', { class: 'size-10 shrink-0 flex justify-center items-center rounded-xl' });
    iconBox.append(element('div', { class: 'spinner' }, '◌'));
    const text = element('div', { class: 'flex flex-col justify-center -space-y-0.5 px-2.5 w-full' });
    text.append(element('div', { class: 'text-sm font-medium line-clamp-1 mb-1' }, file.name), element('div', { class: 'flex justify-between text-xs line-clamp-1 text-gray-500' }, `File ${(file.size / 1024).toFixed(1)} KB`));
    const dismiss = element('div', { class: 'absolute -top-1 -right-1' });
    const removeButton = element('button', { type: 'button', 'aria-label': 'Remove File', class: 'bg-white text-black border rounded-full' }, '×');
    removeButton.addEventListener('click', (event) => {
      event.stopPropagation();
      remove();
    });
    dismiss.append(removeButton);
    chip.append(iconBox, text, dismiss);
    fileList(shell).append(chip);
    return {
      ready: () => iconBox.replaceChildren(fileIcon()),
      remove: () => chip.remove(),
    };
  },

  showRefusal(shell, kind, _file, message) {
    const root = shell.thread.closest('.app') as HTMLElement;
    toast(root, 'error', kind === 'too_large' ? 'File size should not exceed 1 MB.' : message, 'upload');
  },
};

/**
 * The images of a sent user message as the transcript shows them: a small thumbnail (when this
 * view still has one) with the name and size under the message's text. The bytes never come
 * back from the host (saved conversations keep only name and size), so the thumbnails live
 * here: made when the image was attached, kept under the attachment's id, and saved with the
 * webview's state while they are small.
 */
import { formatBytes, type AttachmentInfo } from '../shared/chat/attachments';

/** Thumbnails kept (the oldest are dropped first). */
const MAX_THUMBNAILS = 40;

/** Longest thumbnail (a data URL) saved with the webview's state; longer ones stay in memory only. */
const MAX_SAVED_THUMBNAIL_CHARS = 64 * 1024;

/** The thumbnails of the images sent from this view, by attachment id. */
export class ThumbnailStore {
  private readonly thumbnails = new Map<string, string>();
  /** Ids whose entry is a whole image (no thumbnail could be made): shown, never saved. */
  private readonly memoryOnly = new Set<string>();

  constructor(saved: Record<string, string> = {}) {
    for (const [id, url] of Object.entries(saved)) if (typeof url === 'string' && url.startsWith('data:image/')) this.set(id, url);
  }

  get(id: string): string | undefined {
    return this.thumbnails.get(id);
  }

  /** Keeps `url` (a thumbnail) for `id`; `inMemoryOnly`: never written to the saved state. */
  set(id: string, url: string, inMemoryOnly = false): void {
    this.thumbnails.delete(id);
    this.thumbnails.set(id, url);
    if (inMemoryOnly) this.memoryOnly.add(id);
    else this.memoryOnly.delete(id);
    for (const oldest of this.thumbnails.keys()) {
      if (this.thumbnails.size <= MAX_THUMBNAILS) break;
      this.thumbnails.delete(oldest);
      this.memoryOnly.delete(oldest);
    }
  }

  /**
   * A sent image: its thumbnail, or the image itself when no thumbnail could be made, shown but
   * kept in memory only. The saved state (workspace storage) never holds an image's bytes.
   */
  addSent(image: { id: string; dataUrl: string; thumbnail?: string }): void {
    if (image.thumbnail) this.set(image.id, image.thumbnail);
    else this.set(image.id, image.dataUrl, true);
  }

  /** What the webview's state keeps: the small thumbnails. */
  saved(): Record<string, string> {
    return Object.fromEntries([...this.thumbnails].filter(([id, url]) => !this.memoryOnly.has(id) && url.length <= MAX_SAVED_THUMBNAIL_CHARS));
  }
}

/** The images of a message: thumbnail (if known), name and size each. Text only through textContent. */
export function renderMessageAttachments(document: Document, attachments: readonly AttachmentInfo[], thumbnail: (id: string) => string | undefined = () => undefined): HTMLElement {
  const container = document.createElement('div');
  container.className = 'message-attachments';
  for (const attachment of attachments) {
    const entry = document.createElement('span');
    entry.className = 'message-attachment';
    entry.dataset.testid = 'message-attachment';
    entry.title = `${attachment.name} (${formatBytes(attachment.size)})`;
    const url = thumbnail(attachment.id);
    if (url) {
      const image = document.createElement('img');
      image.className = 'attachment-thumbnail';
      image.alt = '';
      image.src = url;
      entry.append(image);
    } else {
      const icon = document.createElement('span');
      icon.className = 'attachment-icon';
      icon.textContent = '🖼';
      entry.append(icon);
    }
    const name = document.createElement('span');
    name.className = 'attachment-name';
    name.textContent = attachment.name;
    const size = document.createElement('span');
    size.className = 'attachment-size';
    size.textContent = formatBytes(attachment.size);
    entry.append(name, size);
    container.append(entry);
  }
  return container;
}

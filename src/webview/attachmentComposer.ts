/**
 * Images in the chat input: pasting an image (a screenshot from the clipboard) or dropping an
 * image file on the composer attaches it. Each attached image shows as a chip above the input
 * (a thumbnail, its name, a remove button) and goes with the next `send`, its bytes in base64.
 * What cannot be attached (not an image, over the size limit, one image too many) is named in
 * a line under the input, with the reason (the limits are src/shared/chat/attachments.ts).
 *
 * The composer adds its own elements to the form: the chips before the input, the line after it.
 */
import { attachmentRefusal, base64Bytes, formatBytes, isGenericImageName, MAX_ATTACHMENTS_PER_MESSAGE, pastedImageName, type ImageAttachment } from '../shared/chat/attachments';
import { createRemoveButton } from './removeButton';

/** An image in the composer, read and ready to send. */
export interface ComposedImage {
  id: string;
  name: string;
  mimeType: ImageAttachment['mimeType'];
  size: number;
  /** The whole image as a data URL (base64). */
  dataUrl: string;
  /** A small copy for the transcript, when one could be made. */
  thumbnail?: string;
}

interface AttachmentComposerParts {
  /** Where pasting attaches. */
  input: HTMLTextAreaElement;
  /** The composer form: dropping on it attaches; the chips and the notice line are added to it. */
  composer: HTMLElement;
  /** The images changed (the webview re-renders the send state). */
  onChange(): void;
  /** Reads a file as a data URL (default: FileReader). */
  readFile?(file: File): Promise<string>;
  /** A small copy of an image (default: drawn on a canvas, 96 px); undefined when none can be made. */
  makeThumbnail?(dataUrl: string): Promise<string | undefined>;
}

/** Longest side of a transcript thumbnail, in pixels. */
const THUMBNAIL_SIZE = 96;

/** How long a thumbnail may take before the image goes without one. */
const THUMBNAIL_WAIT_MS = 2_000;

let idCounter = 0;
function newAttachmentId(): string {
  return `image-${Date.now().toString(36)}-${(++idCounter).toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export class AttachmentComposer {
  private images: ComposedImage[] = [];
  /** Files being read now (they count against the limit already). */
  private reading = 0;
  /** Images pasted without a name so far ("pasted-image-3.png"). */
  private pastedCount = 0;
  private readonly strip: HTMLElement;
  private readonly notice: HTMLElement;

  constructor(private readonly parts: AttachmentComposerParts) {
    const { input, composer } = parts;
    const document = composer.ownerDocument;
    this.strip = document.createElement('div');
    this.strip.className = 'attachment-chips';
    this.strip.dataset.testid = 'composer-attachments';
    this.notice = document.createElement('div');
    this.notice.className = 'attachment-notice';
    this.notice.dataset.testid = 'attachment-notice';
    this.notice.setAttribute('role', 'alert');
    input.before(this.strip);
    input.after(this.notice);

    input.addEventListener('paste', (event) => this.onPaste(event));
    composer.addEventListener('dragover', (event) => {
      if (!event.dataTransfer?.types.includes('Files')) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
      composer.classList.add('drag-over');
    });
    composer.addEventListener('dragleave', () => composer.classList.remove('drag-over'));
    composer.addEventListener('drop', (event) => {
      composer.classList.remove('drag-over');
      const files = [...(event.dataTransfer?.files ?? [])];
      if (files.length === 0) return;
      event.preventDefault();
      void this.addFiles(files);
    });
    this.render();
    this.say('');
  }

  /** The images ready to send, in order. */
  get attached(): readonly ComposedImage[] {
    return this.images;
  }

  /** True while a pasted or dropped file is still being read. */
  get busy(): boolean {
    return this.reading > 0;
  }

  /** Attaches `files`; those that cannot be are named in the notice line. Resolves once every file was read. */
  async addFiles(files: readonly File[]): Promise<void> {
    const refusals: string[] = [];
    const accepted: File[] = [];
    for (const file of files) {
      const refusal = attachmentRefusal({ name: file.name, type: file.type, size: file.size }, this.images.length + this.reading + accepted.length);
      if (refusal) refusals.push(refusal);
      else accepted.push(file);
    }
    this.say(refusals.join(' '));
    this.reading += accepted.length;
    await Promise.all(accepted.map(async (file) => {
      try {
        const image = await this.read(file);
        this.images = [...this.images, image];
      } catch (error) {
        this.say(`${file.name || 'The image'} could not be read: ${(error as Error)?.message ?? String(error)}`);
      } finally {
        this.reading--;
        this.render();
        this.parts.onChange();
      }
    }));
  }

  /** Removes the image `id` from the composer. */
  remove(id: string): void {
    this.images = this.images.filter((image) => image.id !== id);
    this.render();
    this.parts.onChange();
  }

  /** The images now in the composer, as the `send` message carries them. */
  drafted(): ImageAttachment[] {
    return this.images.map((image) => ({ id: image.id, name: image.name, mimeType: image.mimeType, data: image.dataUrl.slice(image.dataUrl.indexOf(',') + 1) }));
  }

  /** The images as the `send` message carries them, and empties the composer (the images it had are returned too). */
  take(): { attachments: ImageAttachment[]; images: ComposedImage[] } {
    const attachments = this.drafted();
    const images = this.images;
    this.images = [];
    this.say('');
    this.render();
    return { attachments, images };
  }

  /**
   * Puts back the draft's images the host kept while the view's page was gone. Images attached
   * since then stay and come first; one already here (same id) is not added twice. A change is
   * reported only when the composer now holds more than the host sent.
   */
  async restore(attachments: readonly ImageAttachment[]): Promise<void> {
    const fresh = attachments.filter((attachment) => !this.images.some((image) => image.id === attachment.id));
    this.reading += fresh.length;
    try {
      const restored = await Promise.all(fresh.map(async (attachment): Promise<ComposedImage> => {
        const dataUrl = `data:${attachment.mimeType};base64,${attachment.data}`;
        const thumbnail = await (this.parts.makeThumbnail ?? ((url: string) => canvasThumbnail(this.parts.composer.ownerDocument, url)))(dataUrl).catch(() => undefined);
        return { id: attachment.id, name: attachment.name, mimeType: attachment.mimeType, size: base64Bytes(attachment.data), dataUrl, ...(thumbnail ? { thumbnail } : {}) };
      }));
      this.images = [...this.images, ...restored].slice(0, MAX_ATTACHMENTS_PER_MESSAGE);
    } finally {
      this.reading -= fresh.length;
      this.render();
    }
    // An image attached while these were coming back told the host a list without them.
    if (this.images.some((image) => !attachments.some((attachment) => attachment.id === image.id))) this.parts.onChange();
  }

  /** Shows `text` in the notice line ('' hides it). */
  say(text: string): void {
    this.notice.textContent = text;
    this.notice.hidden = text === '';
  }

  private onPaste(event: ClipboardEvent): void {
    const data = event.clipboardData;
    if (!data) return;
    let files = [...data.files];
    if (files.length === 0) files = [...data.items].filter((item) => item.kind === 'file').map((item) => item.getAsFile()).filter((file): file is File => file !== null);
    if (files.length === 0) return;
    // A bare image (a screenshot) pastes nothing into the text; an image copied with text lets the text paste too.
    if (!data.types.includes('text/plain')) event.preventDefault();
    void this.addFiles(files);
  }

  private async read(file: File): Promise<ComposedImage> {
    const document = this.parts.composer.ownerDocument;
    const dataUrl = await (this.parts.readFile ?? ((given: File) => readAsDataUrl(document, given)))(file);
    const mimeType = file.type as ComposedImage['mimeType'];
    const name = isGenericImageName(file.name) ? pastedImageName(mimeType, ++this.pastedCount) : file.name.slice(0, 255);
    const thumbnail = await (this.parts.makeThumbnail ?? ((url: string) => canvasThumbnail(document, url)))(dataUrl).catch(() => undefined);
    return { id: newAttachmentId(), name, mimeType, size: file.size, dataUrl, ...(thumbnail ? { thumbnail } : {}) };
  }

  private render(): void {
    const document = this.parts.composer.ownerDocument;
    const chips = this.images.map((image) => {
      const chip = document.createElement('span');
      chip.className = 'attachment-chip';
      chip.dataset.testid = 'composer-attachment';
      chip.title = `${image.name} (${formatBytes(image.size)})`;
      const preview = document.createElement('img');
      preview.className = 'attachment-thumbnail';
      preview.alt = '';
      preview.src = image.thumbnail ?? image.dataUrl;
      const name = document.createElement('span');
      name.className = 'attachment-name';
      name.textContent = image.name;
      chip.append(preview, name, createRemoveButton(document, 'attachment-remove', 'attachment-remove', image.name, () => this.remove(image.id)));
      return chip;
    });
    this.strip.replaceChildren(...chips);
    this.strip.hidden = chips.length === 0;
  }
}

/** The file as a data URL, read with the FileReader of the composer's window. */
function readAsDataUrl(document: Document, file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new (document.defaultView ?? window).FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('no data')));
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** The image drawn at most THUMBNAIL_SIZE px on its longest side, as a PNG data URL; undefined when it cannot be drawn in time. */
function canvasThumbnail(document: Document, dataUrl: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const image = document.createElement('img');
    const timer = setTimeout(() => resolve(undefined), THUMBNAIL_WAIT_MS);
    const done = (result: string | undefined) => {
      clearTimeout(timer);
      resolve(result);
    };
    image.onload = () => {
      try {
        const scale = Math.min(1, THUMBNAIL_SIZE / Math.max(image.naturalWidth, image.naturalHeight, 1));
        const canvas = document.createElement('canvas');
        canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
        canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
        const context = canvas.getContext('2d');
        if (!context) return done(undefined);
        context.drawImage(image, 0, 0, canvas.width, canvas.height);
        done(canvas.toDataURL('image/png'));
      } catch {
        done(undefined);
      }
    };
    image.onerror = () => done(undefined);
    image.src = dataUrl;
  });
}

/**
 * Images attached to a chat message (pasted or dropped into the chat input): what the webview
 * sends with the message (the bytes, base64), what the transcript keeps of them (name, type and
 * size: never the bytes, so saved conversations stay small), and the limits both sides check,
 * with the sentence that tells the user why an image was refused. Shared by the host and the
 * webview (zod/mini only).
 */
import * as z from 'zod/mini';

/** The image types sent to the chat site (the ones every supported site takes). */
export const ATTACHABLE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** Most images one message carries. */
export const MAX_ATTACHMENTS_PER_MESSAGE = 4;

/** Largest image, in bytes (10 MB). */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

/** Length of the base64 text of `bytes` bytes. */
export function base64Length(bytes: number): number {
  return 4 * Math.ceil(bytes / 3);
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Padded base64 (what FileReader and Buffer write): whole groups of four characters. */
function isBase64(data: string): boolean {
  return data.length % 4 === 0 && BASE64.test(data);
}

/** The number of bytes padded base64 `data` holds. */
export function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return (Math.floor(data.length / 4) * 3) - padding;
}

type AttachableImageType = (typeof ATTACHABLE_IMAGE_TYPES)[number];

/** The first bytes of each attachable type; `undefined` is any byte (WebP's RIFF size). */
const IMAGE_SIGNATURES: ReadonlyArray<[AttachableImageType, ReadonlyArray<number | undefined>]> = [
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/gif', [0x47, 0x49, 0x46, 0x38, 0x37, 0x61]],
  ['image/gif', [0x47, 0x49, 0x46, 0x38, 0x39, 0x61]],
  ['image/webp', [0x52, 0x49, 0x46, 0x46, undefined, undefined, undefined, undefined, 0x57, 0x45, 0x42, 0x50]],
];

/** The image type the first bytes of base64 `data` show (undefined: none of the attachable ones). */
export function imageTypeOfData(data: string): AttachableImageType | undefined {
  let head: string;
  try {
    head = atob(data.slice(0, 16));
  } catch {
    return undefined;
  }
  const found = IMAGE_SIGNATURES.find(([, signature]) => signature.every((byte, index) => index < head.length && (byte === undefined || head.charCodeAt(index) === byte)));
  return found?.[0];
}

/** "PNG", "JPEG", "GIF", "WebP". */
function typeName(mimeType: string): string {
  return mimeType === 'image/webp' ? 'WebP' : mimeType.replace(/^image\//, '').toUpperCase();
}

/**
 * Why an image's bytes cannot go as it says (undefined: they can). The bytes decide, never the
 * label: an SVG page or an HTML file claiming `image/png` is refused, like VS Code's own chat
 * checks a pasted image's first bytes. The name is quoted, so a name with a line break stays one
 * line wherever the sentence is logged.
 */
export function imageDataRefusal(image: { name: string; mimeType: string; data: string }): string | undefined {
  if (!isBase64(image.data)) return undefined;
  const actual = imageTypeOfData(image.data);
  const name = JSON.stringify(image.name);
  if (!actual) return `${name} is not a PNG, JPEG, GIF or WebP image (its first bytes are not an image's, whatever its name and type say)`;
  if (actual !== image.mimeType) return `${name} is a ${typeName(actual)} image, not ${typeName(image.mimeType)} as its type says`;
  return undefined;
}

const AttachmentNameSchema = z.string().check(z.minLength(1), z.maxLength(255));
const AttachmentTypeSchema = z.enum(ATTACHABLE_IMAGE_TYPES);
/** The webview's own id of an attachment (its thumbnail is kept under it). */
const AttachmentIdSchema = z.string().check(z.minLength(1), z.maxLength(100));

/**
 * An image as the webview sends it with a message: its bytes in base64. The one check of an
 * image that enters the host: the size (in bytes, a hard limit) and the type its bytes show.
 */
export const ImageAttachmentSchema = z
  .object({
    id: AttachmentIdSchema,
    name: AttachmentNameSchema,
    mimeType: AttachmentTypeSchema,
    data: z.string().check(
      z.minLength(1, 'the image is empty'),
      z.refine(isBase64, 'the image data is not base64'),
      z.refine((data) => base64Bytes(data) <= MAX_ATTACHMENT_BYTES, `the image is larger than ${formatBytes(MAX_ATTACHMENT_BYTES)}`),
    ),
  })
  .check(
    z.superRefine((image, context) => {
      const refusal = imageDataRefusal(image);
      if (refusal) context.addIssue({ code: 'custom', message: refusal, path: ['data'] });
    }),
  );
export type ImageAttachment = z.infer<typeof ImageAttachmentSchema>;

/** The images of one message, as sent. */
export const ImageAttachmentListSchema = z.array(ImageAttachmentSchema).check(z.maxLength(MAX_ATTACHMENTS_PER_MESSAGE, `a message carries at most ${MAX_ATTACHMENTS_PER_MESSAGE} images`));

/** What the transcript shows (and saves) of an attachment: never its bytes. */
export const AttachmentInfoSchema = z.object({
  id: AttachmentIdSchema,
  name: AttachmentNameSchema,
  mimeType: z.string(),
  /** Bytes. */
  size: z.number().check(z.int(), z.gte(0)),
});
export type AttachmentInfo = z.infer<typeof AttachmentInfoSchema>;

/** "812 B", "45 KB", "12.3 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const megabytes = bytes / (1024 * 1024);
  return `${Number.isInteger(megabytes) ? megabytes : megabytes.toFixed(1)} MB`;
}

/** A file offered to the composer, as the browser describes it. */
export interface AttachmentCandidate {
  name: string;
  /** MIME type ('' when the browser does not know). */
  type: string;
  size: number;
}

/** Why `candidate` cannot be attached when `alreadyAttached` images are: a sentence for the user, or undefined when it can. */
export function attachmentRefusal(candidate: AttachmentCandidate, alreadyAttached: number): string | undefined {
  const name = candidate.name || 'The pasted item';
  if (!(ATTACHABLE_IMAGE_TYPES as readonly string[]).includes(candidate.type)) return `${name} was not attached: only PNG, JPEG, GIF and WebP images can be sent.`;
  if (candidate.size === 0) return `${name} was not attached: the file is empty.`;
  if (candidate.size > MAX_ATTACHMENT_BYTES) return `${name} was not attached: it is ${formatBytes(candidate.size)}, and images up to ${formatBytes(MAX_ATTACHMENT_BYTES)} can be sent.`;
  if (alreadyAttached >= MAX_ATTACHMENTS_PER_MESSAGE) return `${name} was not attached: a message carries at most ${MAX_ATTACHMENTS_PER_MESSAGE} images.`;
  return undefined;
}

/**
 * True for a name that says nothing about the image: none, or the "image.png" browsers give
 * every image pasted from the clipboard.
 */
export function isGenericImageName(name: string): boolean {
  return name === '' || name === 'image.png';
}

/** The name of the `position`th image pasted without a name of its own: "pasted-image-2.png". */
export function pastedImageName(mimeType: string, position: number): string {
  const extension = mimeType === 'image/jpeg' ? 'jpg' : mimeType.replace(/^image\//, '') || 'png';
  return `pasted-image-${position}.${extension}`;
}

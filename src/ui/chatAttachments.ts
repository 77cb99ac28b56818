/**
 * Images sent from the chat view, on the host side: the webview's base64 turned into bytes for
 * the engine (`PTKExecuteOptions.attachments`), and the name-and-size record the transcript
 * keeps (the bytes are never saved with a conversation). Pure (no 'vscode').
 */
import type { PromptAttachment } from '../core/ports';
import type { AttachmentInfo, ImageAttachment } from '../shared/chat/attachments';

/** An image sent with a chat message: the engine's attachment plus the webview's id of it (its thumbnail). */
export interface ChatAttachment extends PromptAttachment {
  id: string;
}

/** The images of a `send` message as bytes (already checked against the protocol's limits). */
export function decodeImageAttachments(attachments: readonly ImageAttachment[] | undefined): ChatAttachment[] {
  return (attachments ?? []).map((attachment) => ({
    id: attachment.id,
    name: attachment.name,
    mimeType: attachment.mimeType,
    data: Buffer.from(attachment.data, 'base64'),
  }));
}

/** What the transcript shows and saves of an attachment: its name, type and size. */
export function attachmentInfo(attachment: ChatAttachment): AttachmentInfo {
  return { id: attachment.id, name: attachment.name, mimeType: attachment.mimeType, size: attachment.data.byteLength };
}

/**
 * An attachment as a log line names it: its name quoted as a JSON string, so a name that holds a
 * line break (the webview sends names as the file had them) cannot forge a line of the log.
 */
export function attachmentForLog(attachment: ChatAttachment): string {
  return `${JSON.stringify(attachment.name)} (${attachment.mimeType}, ${attachment.data.byteLength} bytes)`;
}

/**
 * The files a task sends with its prompt (an image pasted in the chat view) go with the task's
 * first model call only: the chat then holds them, so a later turn never uploads them again.
 * They stay pending only while no call has sent them: when the call carrying them failed and
 * the backend said nothing was sent (the upload was refused, the browser never started), the
 * next call — or a retry of the task — carries them again; any other failure may have sent
 * them, and they are never uploaded twice.
 */
import { isPTKError, PTKErrorCode } from '../errors';
import type { PromptAttachment } from '../ports';

/** Backend codes that mean the call sent nothing: its attachments never reached the model. */
const NOTHING_SENT_CODES: ReadonlySet<PTKErrorCode> = new Set([
  PTKErrorCode.ATTACHMENT_UNSUPPORTED,
  PTKErrorCode.ATTACHMENT_REFUSED,
  PTKErrorCode.ATTACHMENT_NOT_CONFIRMED,
  // Refused before anything was typed or uploaded.
  PTKErrorCode.MODEL_NOT_AVAILABLE,
  // No browser, so no page to send to.
  PTKErrorCode.BROWSER_NOT_FOUND,
  PTKErrorCode.BROWSER_LAUNCH_FAILED,
]);

/** Backend codes that mean the site took none of the call's files (no upload, refused, never accepted). */
const FILES_NOT_TAKEN_CODES: ReadonlySet<PTKErrorCode> = new Set([PTKErrorCode.ATTACHMENT_UNSUPPORTED, PTKErrorCode.ATTACHMENT_REFUSED, PTKErrorCode.ATTACHMENT_NOT_CONFIRMED]);

/** True when `error` or one of its causes (at most four deep) carries one of `codes`. */
function carriesCode(error: unknown, codes: ReadonlySet<PTKErrorCode>): boolean {
  for (let current: unknown = error, depth = 0; current !== undefined && depth < 4; depth++) {
    if (isPTKError(current) && codes.has(current.code)) return true;
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
}

/**
 * True when `error` (what a model call threw, or the LLMBackendError wrapping it) says the call
 * sent nothing. Unknown errors count as sent: uploading twice is worse than not re-uploading.
 */
export function sentNothing(error: unknown): boolean {
  return carriesCode(error, NOTHING_SENT_CODES);
}

/** True when `error` says the site took none of the call's files, and so nothing was sent. */
export function filesNotTaken(error: unknown): boolean {
  return carriesCode(error, FILES_NOT_TAKEN_CODES);
}

/** Where a task's attachments stand: none given, waiting for a call to send them, or sent. */
type AttachmentDeliveryState = 'none' | 'pending' | 'sent';

export class AttachmentDelivery {
  private state: AttachmentDeliveryState;

  constructor(private readonly attachments: readonly PromptAttachment[] | undefined) {
    this.state = attachments && attachments.length > 0 ? 'pending' : 'none';
  }

  get status(): AttachmentDeliveryState {
    return this.state;
  }

  /** The attachments the next model call carries: the task's own while pending, else none. */
  forNextCall(): readonly PromptAttachment[] | undefined {
    return this.state === 'pending' ? this.attachments : undefined;
  }

  /** The call given `forNextCall()` answered: the attachments reached the model. */
  delivered(): void {
    if (this.state === 'pending') this.state = 'sent';
  }

  /** The call given `forNextCall()` failed with `error`: pending still only when it sent nothing. */
  failed(error: unknown): void {
    if (this.state === 'pending' && !sentNothing(error)) this.state = 'sent';
  }

  /** For the result: true once sent, false while never sent, undefined when the task had none. */
  wereSent(): boolean | undefined {
    return this.state === 'none' ? undefined : this.state === 'sent';
  }
}

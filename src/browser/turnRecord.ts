/**
 * TurnRecord: writes the turn log entry (turnLog.ts) of one turn as the turn goes, in one place:
 * the files uploaded, the submit and its attempts, the reloads survived, completion, the extracted answer, what the
 * turn's watch saw (notices, matched selectors, first token, last mutation) and the error a
 * failed turn ended with. Timings are ms from the turn's start.
 */
import { PTKError, errorMessage } from '../core/errors';
import type { PromptAttachment } from '../core/ports';
import type { AttachmentUploadReport } from './attachmentUpload';
import type { TurnLogEntry } from './turnLog';

/** What a turn is known by before anything is sent. */
interface TurnIdentity {
  site: string;
  nonce: string;
  /** The prompt as sent (nonce line included). */
  sent: string;
  /** The turn is a new chat after "conversation too long". */
  rolledOver: boolean;
}

/** What the record reads from the turn's watch when the watch ends. */
interface WatchedTurnFacts {
  readonly notices: readonly string[];
  readonly matched: Readonly<Record<string, number>>;
  /** Node clock (epoch ms) of the first answer text. */
  readonly firstTokenAt?: number;
  /** Node clock (epoch ms) of the latest change of the answer text. */
  readonly lastMutationAt?: number;
}

export class TurnRecord {
  /** The entry as written so far (complete once the turn has ended). */
  readonly entry: TurnLogEntry;

  constructor(turn: TurnIdentity, readonly startedAt: number = Date.now()) {
    this.entry = {
      site: turn.site,
      nonce: turn.nonce,
      sent: turn.sent,
      rawAnswer: '',
      extracted: '',
      extractedVia: 'none',
      stoppedEarly: false,
      resumed: 0,
      rolledOver: turn.rolledOver,
      submitAttempts: 0,
      timings: { startedAt },
    };
  }

  /** The send was confirmed after `attempts` presses. */
  submitted(attempts: number): void {
    this.entry.submitAttempts = attempts;
    this.entry.timings.submitted = this.since();
  }

  /** The site showed every file of `files` accepted (`report`: how long it took, acknowledgements clicked). */
  uploaded(files: readonly PromptAttachment[], report: AttachmentUploadReport | undefined): void {
    if (!report || files.length === 0) return;
    this.entry.uploads = {
      files: files.map((file) => ({ name: file.name, mimeType: file.mimeType, bytes: file.data.byteLength })),
      confirmedAfterMs: report.confirmedAfterMs,
      acknowledgements: report.acknowledgements,
    };
  }

  /** A reload or a replaced tab was survived while waiting. */
  resumed(): void {
    this.entry.resumed++;
  }

  /** Completion was decided, or generation is being stopped early (a complete tool call). */
  done(stoppedEarly: boolean): void {
    if (stoppedEarly) this.entry.stoppedEarly = true;
    this.entry.timings.done = this.since();
  }

  /** The answer: as streamed, and as extracted (and how). */
  answered(rawAnswer: string, extracted: { text: string; via: TurnLogEntry['extractedVia'] }): void {
    this.entry.rawAnswer = rawAnswer;
    this.entry.extracted = extracted.text;
    this.entry.extractedVia = extracted.via;
    this.entry.timings.extracted = this.since();
  }

  /** What the turn's watch saw, and whether the turn ran as a guest. */
  watchEnded(watch: WatchedTurnFacts, guest: boolean): void {
    if (watch.notices.length > 0) this.entry.warnings = [...(this.entry.warnings ?? []), ...watch.notices];
    if (guest) this.entry.guest = true;
    this.entry.matched = { ...watch.matched };
    if (watch.firstTokenAt !== undefined) this.entry.timings.firstToken = watch.firstTokenAt - this.startedAt;
    if (watch.lastMutationAt !== undefined) this.entry.timings.lastMutation = watch.lastMutationAt - this.startedAt;
  }

  /** The error the turn failed with (its code, UNKNOWN for an untyped one). */
  failed(error: unknown): void {
    this.entry.error = { code: error instanceof PTKError ? error.code : 'UNKNOWN', message: errorMessage(error) };
  }

  private since(): number {
    return Date.now() - this.startedAt;
  }
}

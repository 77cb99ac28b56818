/**
 * The images sent earlier in the shown conversation, kept (bytes, in memory only) so later tasks
 * can carry them again: every task starts a new chat on the site with the whole transcript, and a
 * follow-up about a screenshot ("and the colours?") needs the screenshot in that chat too. The
 * most recent images are kept, as many as one message may carry; saved conversations never hold
 * the bytes, so a conversation reopened after a reload has none to carry.
 */
import { MAX_ATTACHMENTS_PER_MESSAGE } from '../shared/chat/attachments';
import type { ChatAttachment } from './chatAttachments';

interface HeldImage {
  image: ChatAttachment;
  /** How many transcript messages there were when the task that sent it began. */
  sentAt: number;
}

export class ConversationImages {
  private held: HeldImage[] = [];

  constructor(private readonly limit: number = MAX_ATTACHMENTS_PER_MESSAGE) {}

  /** The earlier images a task bringing `fresh` images carries as well, oldest first: the newest that fit beside them. */
  carriedWith(fresh: readonly ChatAttachment[]): ChatAttachment[] {
    const room = Math.max(0, this.limit - fresh.length);
    if (room === 0) return [];
    return this.held
      .map((held) => held.image)
      .filter((image) => !fresh.some((candidate) => candidate.id === image.id))
      .slice(-room);
  }

  /** `images` reached the site with the task that began when the transcript had `transcriptLength` messages. */
  sent(images: readonly ChatAttachment[], transcriptLength: number): void {
    if (images.length === 0) return;
    const kept = this.held.filter((held) => !images.some((image) => image.id === held.image.id));
    this.held = [...kept, ...images.map((image) => ({ image, sentAt: transcriptLength }))].slice(-this.limit);
  }

  /** The images sent by tasks that began with `transcriptLength` messages or more (what a cut there would forget). */
  sentSince(transcriptLength: number): ChatAttachment[] {
    return this.held.filter((held) => held.sentAt >= transcriptLength).map((held) => held.image);
  }

  /** The conversation was cut back to its first `transcriptLength` messages: images sent after that are forgotten. */
  truncate(transcriptLength: number): void {
    this.held = this.held.filter((held) => held.sentAt < transcriptLength);
  }

  /** Another conversation is shown. */
  clear(): void {
    this.held = [];
  }
}

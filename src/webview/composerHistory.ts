/**
 * The composer's message history, as in a terminal: ArrowUp walks back through the messages sent
 * in this conversation, ArrowDown forward and, past the newest, back to the draft that was being
 * typed; leaving the history (Escape) gives the draft back too. The keys act only with the caret
 * on the first line (up) or the last line (down), so a multi-line message is still edited freely.
 */

/** True when the caret (or the whole selection) is on the text's first line. */
export function caretOnFirstLine(text: string, selectionStart: number): boolean {
  return !text.slice(0, selectionStart).includes('\n');
}

/** True when the caret (or the whole selection) is on the text's last line. */
export function caretOnLastLine(text: string, selectionEnd: number): boolean {
  return !text.slice(selectionEnd).includes('\n');
}

export class ComposerHistory {
  /** The message shown while walking (an index into the sent messages), undefined when not walking. */
  private position?: number;
  private draft = '';

  /** `sent`: the conversation's sent messages, oldest first (read at each key, so it follows the conversation). */
  constructor(private readonly sentMessages: () => readonly string[]) {}

  /** The sent messages with a message sent again right after itself (a Retry) shown once, as a shell's history does. */
  private sent(): string[] {
    return this.sentMessages().filter((message, index, all) => index === 0 || message !== all[index - 1]);
  }

  get walking(): boolean {
    return this.position !== undefined;
  }

  /** The older message to show (the first step keeps `current` as the draft); undefined when there is none. */
  up(current: string): string | undefined {
    const sent = this.sent();
    if (sent.length === 0) return undefined;
    if (this.position === undefined) {
      this.draft = current;
      this.position = sent.length;
    }
    if (this.position === 0) return undefined;
    this.position = Math.min(this.position, sent.length) - 1;
    return sent[this.position];
  }

  /** The newer message to show, or the draft past the newest; undefined when not walking. */
  down(): string | undefined {
    if (this.position === undefined) return undefined;
    const sent = this.sent();
    this.position += 1;
    if (this.position < sent.length) return sent[this.position];
    return this.leave();
  }

  /** Stops walking and gives the draft back (undefined when not walking). */
  leave(): string | undefined {
    if (this.position === undefined) return undefined;
    this.position = undefined;
    return this.draft;
  }

  /** The shown message was changed (or sent): it is the composer's text now, and walking stops. */
  settle(): void {
    this.position = undefined;
    this.draft = '';
  }
}

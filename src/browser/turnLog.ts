/**
 * The replayable per-turn log: for every prompt the backend sent, the text sent, the raw
 * streamed answer, the extracted markdown (and how it was extracted), and the timings
 * (submit, first token, last mutation, done, extracted) relative to the turn's start.
 * `replayScript(entries)` gives the answers in order, for a ScriptedChatModel replay.
 */
export interface TurnTimings {
  /** Epoch ms when the turn started (prompt handed to the backend). */
  startedAt: number;
  /** ms from start: the submit was confirmed. */
  submitted?: number;
  /** ms from start: the first answer text was seen. */
  firstToken?: number;
  /** ms from start: the last change of the answer text. */
  lastMutation?: number;
  /** ms from start: completion was decided (or early stop). */
  done?: number;
  /** ms from start: the final text was extracted. */
  extracted?: number;
}

export interface TurnLogEntry {
  site: string;
  nonce: string;
  /** The prompt as sent (nonce line included). */
  sent: string;
  /** The answer as streamed through the observer (DOM → markdown). */
  rawAnswer: string;
  /** The final text returned to the engine. */
  extracted: string;
  extractedVia: 'copy' | 'dom' | 'stream' | 'none';
  /** True when the backend stopped generation early (complete tool call seen). */
  stoppedEarly: boolean;
  /** Page reloads / tab replacements survived while waiting. */
  resumed: number;
  /** True when the turn rolled over to a new chat (conversation too long). */
  rolledOver: boolean;
  /** Submit attempts (2 when the first click did not take). */
  submitAttempts: number;
  timings: TurnTimings;
  /** Code and message when the turn failed. */
  error?: { code: string; message: string };
  /** Notices the site showed during the turn (e.g. a limit that switched to a smaller model); never errors. */
  warnings?: string[];
  /** True when the turn ran signed out, as a guest. */
  guest?: boolean;
  /** Which fallback index of each selector list matched by the end of the turn (-1: none). */
  matched?: Record<string, number>;
  /** The files uploaded before the prompt (images, context moved into files), once the site showed them all accepted. */
  uploads?: TurnUploads;
}

/** What a turn uploaded, and how the site took it. */
interface TurnUploads {
  files: { name: string; mimeType: string; bytes: number }[];
  /** ms from putting the files in to the site showing every one accepted. */
  confirmedAfterMs: number;
  /** Clicks on the site's acknowledgement dialog on the way. */
  acknowledgements: number;
}

export class TurnLog {
  private readonly items: TurnLogEntry[] = [];

  constructor(private readonly limit: number, private readonly onEntry?: (entry: TurnLogEntry) => void) {}

  /** Adds a finished turn (the oldest are dropped past `limit`). */
  add(entry: TurnLogEntry): void {
    this.items.push(entry);
    if (this.items.length > this.limit) this.items.splice(0, this.items.length - this.limit);
    try {
      this.onEntry?.(entry);
    } catch {
      // A failing listener must not break the backend.
    }
  }

  get entries(): readonly TurnLogEntry[] {
    return this.items;
  }

  /** JSON Lines, one entry per line (for a log file). */
  toJSONL(): string {
    return this.items.map((entry) => JSON.stringify(entry)).join('\n');
  }

  /** Parses JSON Lines written by toJSONL. */
  static parse(jsonl: string): TurnLogEntry[] {
    return jsonl
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as TurnLogEntry);
  }
}

/** The answers of successful turns, in order: a script for ScriptedChatModel. */
export function replayScript(entries: readonly TurnLogEntry[]): string[] {
  return entries.filter((entry) => entry.error === undefined).map((entry) => entry.extracted);
}

/**
 * Persists each conversation's checkpoint log next to the conversation (the same key-value
 * store: VS Code's workspaceState), so checkpoints survive a window reload. Small contents stay
 * inline in the record; larger ones go to a folder (the extension's storage folder), one file
 * per content hash. The size is bounded: past the limits the oldest checkpoints are dropped and
 * the contents no checkpoint needs any more are deleted. Deleting a conversation deletes its
 * checkpoints.
 */
import type { KeyValueStore } from '../conversationStore';
import { emptyCheckpointLog, fingerprintOf, isCheckpointLog, referencedBlobs, referencedBytes, type CheckpointLog, type PresentFile } from './checkpointLog';

/** Where contents too large for the record are kept (fileBlobFolder.ts on disk). */
export interface BlobFolder {
  write(conversationId: string, sha256: string, bytes: Uint8Array): Promise<void>;
  /** undefined when the file is missing. */
  read(conversationId: string, sha256: string): Promise<Uint8Array | undefined>;
  remove(conversationId: string, sha256: string): Promise<void>;
  removeConversation(conversationId: string): Promise<void>;
}

export interface CheckpointStorageLimits {
  /** Checkpoints kept per conversation; the oldest go first. */
  maxCheckpoints: number;
  /** Bytes of saved contents per conversation; past it the oldest checkpoints go (the newest always stays). */
  maxBytes: number;
  /** A content up to this size is kept inline in the record… */
  inlineBlobMaxBytes: number;
  /** …while the record's inline contents stay under this (workspaceState is not a file store). */
  inlineTotalMaxBytes: number;
}

const DEFAULT_CHECKPOINT_STORAGE_LIMITS: CheckpointStorageLimits = {
  maxCheckpoints: 100,
  maxBytes: 64 * 1024 * 1024,
  inlineBlobMaxBytes: 16 * 1024,
  inlineTotalMaxBytes: 512 * 1024,
};

const logKey = (conversationId: string) => `ptk.checkpoints.${conversationId}`;

function inlineBytes(log: CheckpointLog): number {
  let total = 0;
  for (const entry of Object.values(log.blobs)) if (entry.inline !== undefined) total += entry.size;
  return total;
}

export class CheckpointStore {
  private readonly limits: CheckpointStorageLimits;

  constructor(private readonly storage: KeyValueStore, private readonly folder?: BlobFolder, limits: Partial<CheckpointStorageLimits> = {}) {
    this.limits = { ...DEFAULT_CHECKPOINT_STORAGE_LIMITS, ...limits };
  }

  /** The conversation's log as stored (an empty one when there is none or it is unreadable). */
  load(conversationId: string): CheckpointLog {
    const stored = this.storage.get<unknown>(logKey(conversationId));
    return isCheckpointLog(stored) ? stored : emptyCheckpointLog();
  }

  /** Saves a content once per hash (inline or in the folder) and returns its fingerprint. Throws when the folder cannot be written. */
  async putBlob(conversationId: string, log: CheckpointLog, bytes: Uint8Array): Promise<PresentFile> {
    const fingerprint = fingerprintOf(bytes);
    const { sha256 } = fingerprint;
    if (log.blobs[sha256]) return fingerprint;
    const fitsInline = bytes.byteLength <= this.limits.inlineBlobMaxBytes && inlineBytes(log) + bytes.byteLength <= this.limits.inlineTotalMaxBytes;
    if (fitsInline || !this.folder) {
      log.blobs[sha256] = { size: bytes.byteLength, inline: Buffer.from(bytes).toString('base64') };
    } else {
      await this.folder.write(conversationId, sha256, bytes);
      log.blobs[sha256] = { size: bytes.byteLength };
    }
    return fingerprint;
  }

  /** A saved content; undefined when it is gone or no longer matches its hash. */
  async readBlob(conversationId: string, log: CheckpointLog, sha256: string): Promise<Uint8Array | undefined> {
    const entry = log.blobs[sha256];
    if (!entry) return undefined;
    const bytes = entry.inline !== undefined ? new Uint8Array(Buffer.from(entry.inline, 'base64')) : await this.folder?.read(conversationId, sha256).catch(() => undefined);
    return bytes && fingerprintOf(bytes).sha256 === sha256 ? bytes : undefined;
  }

  /**
   * Writes the log after bringing it within the limits: the oldest checkpoints beyond them are
   * dropped, then the contents and last-known states no checkpoint needs. Returns the ids of
   * the dropped checkpoints.
   */
  async save(conversationId: string, log: CheckpointLog): Promise<string[]> {
    const dropped: string[] = [];
    while (log.checkpoints.length > 1 && (log.checkpoints.length > this.limits.maxCheckpoints || referencedBytes(log) > this.limits.maxBytes)) {
      dropped.push(log.checkpoints.shift()!.id);
    }
    const needed = referencedBlobs(log);
    for (const [sha256, entry] of Object.entries(log.blobs)) {
      if (needed.has(sha256)) continue;
      delete log.blobs[sha256];
      if (entry.inline === undefined) await this.folder?.remove(conversationId, sha256).catch(() => undefined);
    }
    const paths = new Set(log.checkpoints.flatMap((checkpoint) => Object.keys(checkpoint.before)));
    for (const path of Object.keys(log.lastKnown)) if (!paths.has(path)) delete log.lastKnown[path];
    await this.storage.update(logKey(conversationId), log.checkpoints.length > 0 ? log : undefined);
    if (log.checkpoints.length === 0 && this.folder) await this.folder.removeConversation(conversationId).catch(() => undefined);
    return dropped;
  }

  /** Forgets every checkpoint of a conversation (it was deleted). */
  async delete(conversationId: string): Promise<void> {
    await this.storage.update(logKey(conversationId), undefined);
    await this.folder?.removeConversation(conversationId).catch(() => undefined);
  }
}

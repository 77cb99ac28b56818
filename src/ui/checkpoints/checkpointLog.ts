/**
 * The checkpoints of one conversation, as plain JSON: for every model turn that changed files,
 * each file's state before that turn (existence, size, SHA-256 of the content; the content
 * itself is a blob stored once per hash), and what the tasks last wrote to each file, which a
 * restore compares with the disk to notice changes made outside the tasks. Pure functions over
 * that record; the store (checkpointStore.ts) persists it.
 */
import { createHash } from 'node:crypto';

/** A file's state: absent, or present with this content (its hash names the saved blob). */
export type FileFingerprint = { exists: false } | PresentFile;
export interface PresentFile {
  exists: true;
  size: number;
  sha256: string;
}

/** The files of one model turn, as they were before the turn's first change. */
export interface TurnCheckpoint {
  id: string;
  /** The chat task (one user message) the turn belongs to. */
  taskId: string;
  /** The turn's number in its task, from 1. */
  turn: number;
  createdAt: number;
  /** Messages of the conversation's transcript before this turn's reply (where a truncation cuts). */
  transcriptLength: number;
  /** Absolute path → the file's state before this turn. */
  before: Record<string, FileFingerprint>;
  /** Files the turn changed, in the order it changed them. */
  changed: string[];
  /** Files the turn changed whose earlier content could not be saved (size caps): they cannot be restored. */
  unsaved: string[];
  /** What the user should know about this checkpoint (a cap was hit, the workspace was too large to watch). */
  notes: string[];
}

/** Where a saved content lives: inline (base64, in the conversation's record) or in the storage folder. */
interface BlobEntry {
  size: number;
  inline?: string;
}

export interface CheckpointLog {
  version: 1;
  /** Oldest first. */
  checkpoints: TurnCheckpoint[];
  /** Absolute path → the state the tasks (or a restore) last left the file in. */
  lastKnown: Record<string, FileFingerprint>;
  /** SHA-256 → saved content. */
  blobs: Record<string, BlobEntry>;
}

export function emptyCheckpointLog(): CheckpointLog {
  return { version: 1, checkpoints: [], lastKnown: {}, blobs: {} };
}

/** True when a value read back from storage has the shape of a log (anything else counts as no log). */
export function isCheckpointLog(value: unknown): value is CheckpointLog {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<CheckpointLog>;
  return candidate.version === 1 && Array.isArray(candidate.checkpoints) && typeof candidate.lastKnown === 'object' && candidate.lastKnown !== null && typeof candidate.blobs === 'object' && candidate.blobs !== null;
}

/** The fingerprint of a present file with these bytes. */
export function fingerprintOf(bytes: Uint8Array): PresentFile {
  return { exists: true, size: bytes.byteLength, sha256: createHash('sha256').update(bytes).digest('hex') };
}

export function sameFingerprint(left: FileFingerprint | undefined, right: FileFingerprint | undefined): boolean {
  if (!left || !right) return false;
  if (!left.exists || !right.exists) return left.exists === right.exists;
  return left.size === right.size && left.sha256 === right.sha256;
}

/** Hashes of the contents the checkpoints still need. */
export function referencedBlobs(log: CheckpointLog): Set<string> {
  const hashes = new Set<string>();
  for (const checkpoint of log.checkpoints) {
    for (const state of Object.values(checkpoint.before)) if (state.exists) hashes.add(state.sha256);
  }
  return hashes;
}

/** Bytes of the saved contents the checkpoints still need. */
export function referencedBytes(log: CheckpointLog): number {
  let total = 0;
  for (const hash of referencedBlobs(log)) total += log.blobs[hash]?.size ?? 0;
  return total;
}

/** The checkpoints of one task, oldest first. */
export function checkpointsOfTask(log: CheckpointLog, taskId: string): TurnCheckpoint[] {
  return log.checkpoints.filter((checkpoint) => checkpoint.taskId === taskId);
}

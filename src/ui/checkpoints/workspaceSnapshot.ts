/**
 * What a shell command changed, found without git: before the command, every file of the
 * workspace that is not ignored (the listing honours .gitignore and the excludes, so it is the
 * tracked and untracked-not-ignored files) is stamped (size, modification time) and read, up to
 * a total byte cap; after it, the files are listed and stamped again. A file whose size changed,
 * that appeared or that disappeared changed; one whose time alone moved is hashed and compared.
 * The before-content of each changed file comes from the first snapshot; a file that was not
 * read (over the cap) cannot be restored, and the change says so.
 */
import type { Workspace } from '../../core/workspace';
import { fingerprintOf, sameFingerprint, type FileFingerprint, type PresentFile } from './checkpointLog';

export interface SnapshotLimits {
  /** Files listed per workspace folder; a command's changes beyond them are not seen. */
  maxFiles: number;
  /** Bytes read before a command, in total. */
  maxBytes: number;
  /** A larger file is not read. */
  maxFileBytes: number;
}

/** Size and modification time: what tells, cheaply, that a file may have changed. */
interface FileStamp {
  size: number;
  mtimeMs: number;
}

interface SnapshotFile extends FileStamp {
  /** The content, when it fitted in the caps. */
  bytes?: Uint8Array;
  fingerprint?: PresentFile;
}

export interface WorkspaceSnapshot {
  files: Map<string, SnapshotFile>;
  /** The listing stopped at `maxFiles`: files past it are not watched. */
  listingTruncated: boolean;
}

/** One file the command changed. */
export interface WorkspaceChange {
  path: string;
  /** The content before; `{ exists: false }` for a file the command created; undefined when it was not read (caps). */
  before: { fingerprint: FileFingerprint; bytes?: Uint8Array } | undefined;
  after: FileFingerprint;
}

interface SnapshotOptions {
  roots: readonly string[];
  /** Globs (relative to a folder) never read: the tools' deny list (secrets). */
  exclude?: readonly string[];
  /** More files to watch even when the listing leaves them out (files the task wrote). */
  extraPaths?: Iterable<string>;
  limits: SnapshotLimits;
  signal?: AbortSignal;
}

const PARALLEL_FILE_OPERATIONS = 16;

async function forEachConcurrently<Item>(items: readonly Item[], run: (item: Item) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await run(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_FILE_OPERATIONS, items.length) }, worker));
}

async function listAndStamp(workspace: Workspace, options: SnapshotOptions): Promise<{ stamps: Map<string, FileStamp>; truncated: boolean }> {
  const paths = new Set<string>();
  let truncated = false;
  for (const root of options.roots) {
    const listed = await workspace.listFiles(root, { limit: options.limits.maxFiles, respectExcludes: true, exclude: options.exclude, signal: options.signal });
    for (const file of listed.files) paths.add(file);
    if (listed.omitted > 0) truncated = true;
  }
  for (const extra of options.extraPaths ?? []) paths.add(extra);
  const stamps = new Map<string, FileStamp>();
  await forEachConcurrently([...paths], async (path) => {
    const stat = await workspace.stat(path).catch(() => undefined);
    if (stat?.type === 'file') stamps.set(path, { size: stat.size, mtimeMs: stat.mtimeMs });
  });
  return { stamps, truncated };
}

async function readQuietly(workspace: Workspace, path: string, signal?: AbortSignal): Promise<Uint8Array | undefined> {
  return workspace.readFile(path, signal).catch(() => undefined);
}

/**
 * Stamps and reads the workspace's files. Contents of `previous` whose stamp has not moved are
 * reused instead of read again (a task running several commands reads each file once).
 */
export async function takeSnapshot(workspace: Workspace, options: SnapshotOptions, previous?: WorkspaceSnapshot): Promise<WorkspaceSnapshot> {
  const { stamps, truncated } = await listAndStamp(workspace, options);
  const files = new Map<string, SnapshotFile>();
  let budget = options.limits.maxBytes;
  const toRead: string[] = [];
  for (const [path, stamp] of stamps) {
    const known = previous?.files.get(path);
    const fits = stamp.size <= options.limits.maxFileBytes && stamp.size <= budget;
    if (fits) budget -= stamp.size;
    if (known?.bytes && known.size === stamp.size && known.mtimeMs === stamp.mtimeMs && fits) files.set(path, known);
    else {
      files.set(path, { ...stamp });
      if (fits) toRead.push(path);
    }
  }
  await forEachConcurrently(toRead, async (path) => {
    const bytes = await readQuietly(workspace, path, options.signal);
    const entry = files.get(path)!;
    if (bytes && bytes.byteLength === entry.size) files.set(path, { ...entry, bytes, fingerprint: fingerprintOf(bytes) });
  });
  return { files, listingTruncated: truncated };
}

/**
 * Compares the workspace now with `before`: the files that changed (created, modified,
 * deleted), each with its earlier content when the snapshot holds it, and the snapshot of now
 * (the next command's `previous`).
 */
export async function findChanges(workspace: Workspace, before: WorkspaceSnapshot, options: SnapshotOptions): Promise<{ changes: WorkspaceChange[]; now: WorkspaceSnapshot }> {
  const { stamps, truncated } = await listAndStamp(workspace, options);
  const changes: WorkspaceChange[] = [];
  const nowFiles = new Map<string, SnapshotFile>();
  const paths = [...new Set([...before.files.keys(), ...stamps.keys()])].sort();
  await forEachConcurrently(paths, async (path) => {
    const earlier = before.files.get(path);
    const stamp = stamps.get(path);
    if (!earlier) {
      // Past a truncated listing, a file missing from the first snapshot may simply not have been listed.
      if (!stamp || before.listingTruncated) return;
      const bytes = await readQuietly(workspace, path, options.signal);
      const after = bytes ? fingerprintOf(bytes) : { exists: true as const, size: stamp.size, sha256: '' };
      changes.push({ path, before: { fingerprint: { exists: false } }, after });
      nowFiles.set(path, { ...stamp, ...(bytes ? { bytes, fingerprint: after } : {}) });
      return;
    }
    const earlierContent = earlier.bytes && earlier.fingerprint ? { fingerprint: earlier.fingerprint as FileFingerprint, bytes: earlier.bytes } : undefined;
    if (!stamp) {
      changes.push({ path, before: earlierContent, after: { exists: false } });
      return;
    }
    if (stamp.size === earlier.size && stamp.mtimeMs === earlier.mtimeMs) {
      nowFiles.set(path, earlier);
      return;
    }
    const bytes = await readQuietly(workspace, path, options.signal);
    const after: PresentFile = bytes ? fingerprintOf(bytes) : { exists: true, size: stamp.size, sha256: '' };
    nowFiles.set(path, { ...stamp, ...(bytes ? { bytes, fingerprint: after } : {}) });
    // Only the time moved: the same bytes are no change.
    if (earlier.fingerprint && sameFingerprint(earlier.fingerprint, after)) return;
    changes.push({ path, before: earlierContent, after });
  });
  changes.sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0));
  return { changes, now: { files: nowFiles, listingTruncated: truncated } };
}

/**
 * The Node fs implementation of the Workspace port, used by the CLI and the unit tests:
 * atomic writes (temp file + rename), .gitignore-aware listing, ripgrep search (system rg,
 * else the JS search), shell commands, approval through a callback.
 */
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { PTKAbortError, PTKErrorCode, WorkspaceError } from '../../core/errors';
import type {
  ApprovalDecision,
  ApprovalRequest,
  CommandResult,
  ListFilesOptions,
  ListFilesResult,
  RunCommandOptions,
  Workspace,
  WorkspaceDiagnostic,
  WorkspaceDirectoryEntry,
  WorkspaceFileStat,
  WorkspaceSearchQuery,
  WorkspaceSearchResult,
} from '../../core/workspace';
import { assertWriteTargetInsideWorkspace } from '../../tools/pathSafety';
import { searchWithJavaScript } from '../shared/jsSearch';
import { DEFAULT_EXCLUDES } from '../shared/ripgrepArguments';
import { runRipgrep } from '../shared/ripgrepRunner';
import { walkFiles } from './fileWalker';
import { findRipgrepOnPath } from '../shared/ripgrepOnPath';
import { runShellCommand } from '../shared/runCommand';

/** Asked before a dangerous operation; the CLI prompts or auto-approves. */
export type Approver = (request: ApprovalRequest, signal?: AbortSignal) => ApprovalDecision | Promise<ApprovalDecision>;

/** Options of NodeWorkspace. */
interface NodeWorkspaceOptions {
  /** Workspace folders (made absolute). */
  roots: readonly string[];
  /** Workspace trust (default true). */
  trusted?: boolean | (() => boolean);
  /** Approval callback; default: reject (nothing dangerous runs unattended). */
  approver?: Approver;
  /** Path of rg; null disables ripgrep (JS search); default: rg on PATH. */
  ripgrepPath?: string | null;
  /** files.exclude / search.exclude equivalents (default: VS Code's defaults). */
  excludes?: readonly string[];
  /** Diagnostics provider; default: none (an empty list). */
  diagnostics?: (path?: string) => Promise<WorkspaceDiagnostic[]> | WorkspaceDiagnostic[];
  /** Simulated unsaved editor buffers (absolute path → text), for tests and embedders. */
  unsavedBuffers?: ReadonlyMap<string, string>;
  /** Compare paths case-insensitively (default: on Windows and macOS). */
  caseInsensitive?: boolean;
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

const MISSING = new Set(['ENOENT', 'ENOTDIR']);

/** The Workspace port on the local file system. */
export class NodeWorkspace implements Workspace {
  readonly roots: readonly string[];
  readonly caseInsensitive: boolean;
  private readonly options: NodeWorkspaceOptions;
  private ripgrepPath: string | null | undefined;

  constructor(options: NodeWorkspaceOptions) {
    this.options = options;
    this.roots = options.roots.map((root) => path.resolve(root));
    this.caseInsensitive = options.caseInsensitive ?? (process.platform === 'win32' || process.platform === 'darwin');
    this.ripgrepPath = options.ripgrepPath;
  }

  isTrusted(): boolean {
    const trusted = this.options.trusted ?? true;
    return typeof trusted === 'function' ? trusted() : trusted;
  }

  async stat(filePath: string): Promise<WorkspaceFileStat | undefined> {
    try {
      const stats = await fs.stat(filePath);
      return { type: stats.isFile() ? 'file' : stats.isDirectory() ? 'directory' : 'other', size: stats.isFile() ? stats.size : 0, mtimeMs: stats.mtimeMs };
    } catch (error) {
      if (MISSING.has(errorCode(error) ?? '') || errorCode(error) === 'ELOOP') return undefined;
      throw error;
    }
  }

  async realpath(filePath: string): Promise<string | undefined> {
    try {
      return await fs.realpath(filePath);
    } catch (error) {
      if (MISSING.has(errorCode(error) ?? '') || errorCode(error) === 'ELOOP') return undefined;
      throw error;
    }
  }

  async readFile(filePath: string, signal?: AbortSignal): Promise<Uint8Array> {
    try {
      return await fs.readFile(filePath, { signal });
    } catch (error) {
      if (signal?.aborted) throw new PTKAbortError();
      if (MISSING.has(errorCode(error) ?? '')) throw new WorkspaceError(`File not found: ${filePath}`, { code: PTKErrorCode.FILE_NOT_FOUND, cause: error });
      if (errorCode(error) === 'EISDIR') throw new WorkspaceError(`${filePath} is a directory, not a file.`, { code: PTKErrorCode.NOT_A_FILE, cause: error });
      throw error;
    }
  }

  readDirtyBuffer(filePath: string): string | undefined {
    return this.options.unsavedBuffers?.get(filePath);
  }

  /**
   * Atomic: the content goes to a temp file in the same folder, flushed, then renamed over the
   * target. The path, followed through symlinks, must lead inside a workspace folder at this
   * moment (PATH_OUTSIDE_WORKSPACE otherwise): checked before any folder is created and again
   * right before the rename, since an approval wait may separate the tools' check from here.
   */
  async writeFile(filePath: string, content: string, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) throw new PTKAbortError();
    await assertWriteTargetInsideWorkspace(this, filePath);
    const directory = path.dirname(filePath);
    const existing = await fs.stat(filePath).catch(() => undefined);
    if (existing?.isDirectory()) throw new WorkspaceError(`${filePath} is a directory.`, { code: PTKErrorCode.NOT_A_FILE });
    try {
      await fs.mkdir(directory, { recursive: true });
    } catch (error) {
      // EEXIST: the folder's own name is a file; ENOTDIR: one of its parents is.
      if (errorCode(error) === 'EEXIST' || errorCode(error) === 'ENOTDIR') {
        throw new WorkspaceError(`Cannot create ${filePath}: a file stands where a folder on its path should be.`, { code: PTKErrorCode.NOT_A_DIRECTORY, cause: error, context: { path: filePath } });
      }
      throw error;
    }
    const temporary = path.join(directory, `.${path.basename(filePath)}.ptk-${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
    const handle = await fs.open(temporary, 'wx', existing ? existing.mode & 0o7777 : 0o666);
    try {
      await handle.writeFile(content, 'utf8');
      await handle.sync();
      await handle.close();
      if (signal?.aborted) throw new PTKAbortError();
      await assertWriteTargetInsideWorkspace(this, filePath);
      await fs.rename(temporary, filePath);
    } catch (error) {
      await handle.close().catch(() => undefined);
      await fs.unlink(temporary).catch(() => undefined);
      throw error;
    }
  }

  async readDirectory(directory: string): Promise<WorkspaceDirectoryEntry[]> {
    try {
      const entries = await fs.readdir(directory, { withFileTypes: true });
      return entries
        .map((entry): WorkspaceDirectoryEntry => ({ name: entry.name, type: entry.isSymbolicLink() ? 'symlink' : entry.isDirectory() ? 'directory' : entry.isFile() ? 'file' : 'other' }))
        .sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
    } catch (error) {
      if (errorCode(error) === 'ENOENT') throw new WorkspaceError(`Folder not found: ${directory}`, { code: PTKErrorCode.FILE_NOT_FOUND, cause: error });
      if (errorCode(error) === 'ENOTDIR') throw new WorkspaceError(`${directory} is not a folder.`, { code: PTKErrorCode.NOT_A_DIRECTORY, cause: error });
      throw error;
    }
  }

  listFiles(directory: string, options: ListFilesOptions): Promise<ListFilesResult> {
    const root = this.roots.find((candidate) => directory === candidate || directory.startsWith(candidate + path.sep)) ?? directory;
    return walkFiles(directory, {
      root,
      pattern: options.pattern,
      limit: options.limit,
      respectExcludes: options.respectExcludes ?? true,
      excludes: this.options.excludes ?? DEFAULT_EXCLUDES,
      extraExcludes: options.exclude,
      signal: options.signal,
    });
  }

  /** The rg binary used by search, or undefined when the JS search is used. */
  get ripgrep(): string | undefined {
    if (this.ripgrepPath === undefined) this.ripgrepPath = findRipgrepOnPath() ?? null;
    return this.ripgrepPath ?? undefined;
  }

  search(query: WorkspaceSearchQuery, signal?: AbortSignal): Promise<WorkspaceSearchResult> {
    const ripgrep = this.ripgrep;
    if (!ripgrep) return searchWithJavaScript(this, query, signal);
    const searchFolders = query.folder ? [query.folder] : [...this.roots];
    return runRipgrep(ripgrep, query, searchFolders, this.options.excludes ?? DEFAULT_EXCLUDES, signal);
  }

  async getDiagnostics(filePath?: string): Promise<WorkspaceDiagnostic[]> {
    return (await this.options.diagnostics?.(filePath)) ?? [];
  }

  runCommand(command: string, options: RunCommandOptions): Promise<CommandResult> {
    return runShellCommand(command, options);
  }

  async requestApproval(request: ApprovalRequest, signal?: AbortSignal): Promise<ApprovalDecision> {
    if (!this.options.approver) return { decision: 'reject', reason: 'No one is there to approve it (non-interactive run without an approver).' };
    return this.options.approver(request, signal);
  }
}

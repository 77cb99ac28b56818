/**
 * The Workspace port the IDE tools are written against.
 *
 * Two hosts implement it: VS Code (src/host/vscode) and Node fs (src/host/node, used by the
 * CLI and the unit tests). The tools (src/tools) only talk to this interface, so the same
 * tool code runs on both.
 *
 * Conventions:
 * - Every path crossing this port is ABSOLUTE and uses the host's native separators. The
 *   tools resolve and check the model's relative paths (src/tools/pathSafety.ts) BEFORE
 *   calling the port; the port itself does not re-check safety, except in `writeFile` (see
 *   there), because a write may wait for the user's approval after the check.
 * - Methods throw WorkspaceError (src/core/errors.ts) with a PTKErrorCode for expected
 *   failures (FILE_NOT_FOUND, NOT_A_FILE, NOT_A_DIRECTORY, COMMAND_FAILED, …) and
 *   PTKAbortError when the signal fires.
 * - Pure TypeScript: no 'vscode', no Node-only types in the signatures.
 */

/** Kind of a directory entry or stat result. Symlinks are reported by `lstat` only. */
type WorkspaceFileType = 'file' | 'directory' | 'symlink' | 'other';

/** What `stat` tells about one path (symlinks followed). */
export interface WorkspaceFileStat {
  type: Exclude<WorkspaceFileType, 'symlink'>;
  /** Size in bytes (0 for directories). */
  size: number;
  /** Last modification time, ms since the epoch. */
  mtimeMs: number;
}

/** One entry of `readDirectory`. */
export interface WorkspaceDirectoryEntry {
  name: string;
  /** The entry's own type: a symlink is 'symlink', not what it points to. */
  type: WorkspaceFileType;
}

/** Options of `listFiles`. */
export interface ListFilesOptions {
  /** Glob relative to the directory (picomatch syntax, e.g. "**\/*.ts"). Default: every file. */
  pattern?: string;
  /** Most paths to return. */
  limit: number;
  /** Honour files.exclude / search.exclude (VS Code) and .gitignore. Default true. */
  respectExcludes?: boolean;
  /** More globs to leave out, relative to the workspace folder (the tools pass their deny list). Applied even when respectExcludes is false. */
  exclude?: readonly string[];
  signal?: AbortSignal;
}

/** Result of `listFiles`. */
export interface ListFilesResult {
  /** Absolute paths of files (not directories), sorted, at most `limit`. */
  files: string[];
  /** How many more matching files were found but left out (0 when complete). */
  omitted: number;
  /** True when `omitted` is only a lower bound (the host stopped counting). */
  omittedIsLowerBound?: boolean;
}

/** A text search over the workspace. */
export interface WorkspaceSearchQuery {
  /** Literal text, or a regular expression when `isRegex`. */
  pattern: string;
  isRegex: boolean;
  caseSensitive: boolean;
  /** Globs of files to search (relative to the roots); empty/absent means all. */
  include?: string[];
  /** Globs of files to skip, in addition to the excludes and .gitignore. */
  exclude?: string[];
  /** Stop after this many matches. */
  maxResults: number;
  /** Absolute folder to search in; default: every root. Must be inside a root (checked by the tool). */
  folder?: string;
  /** Honour files.exclude / search.exclude and .gitignore. Default true. */
  respectExcludes?: boolean;
}

/** One match of `search`. Line and column are 1-based. */
export interface WorkspaceSearchMatch {
  /** Absolute path of the file. */
  path: string;
  line: number;
  column: number;
  /** The matching line (without its line break; hosts may shorten very long lines). */
  text: string;
}

/** Result of `search`. */
export interface WorkspaceSearchResult {
  matches: WorkspaceSearchMatch[];
  /** True when `maxResults` was reached and more matches may exist. */
  truncated: boolean;
  /** Which engine answered: a ripgrep binary or the JS fallback. */
  engine: 'ripgrep' | 'js';
}

/** Severity of a diagnostic, as VS Code names them. */
export type DiagnosticSeverity = 'error' | 'warning' | 'information' | 'hint';

/** One diagnostic (compiler/linter problem). Lines and columns are 1-based. */
export interface WorkspaceDiagnostic {
  /** Absolute path of the file. */
  path: string;
  severity: DiagnosticSeverity;
  message: string;
  range: { startLine: number; startColumn: number; endLine: number; endColumn: number };
  /** e.g. "ts", "eslint". */
  source?: string;
  /** e.g. 2322 or "no-unused-vars". */
  code?: string | number;
}

/** Options of `runCommand`. */
export interface RunCommandOptions {
  /** Absolute working directory (inside a root; checked by the tool). */
  cwd: string;
  /** Kill the command after this many ms (then `timedOut` is true). */
  timeoutMs: number;
  /** Keep at most this many characters of stdout and of stderr each (head and tail kept). */
  maxOutputChars: number;
  signal?: AbortSignal;
  /** Extra environment variables. */
  env?: Record<string, string>;
}

/** Result of `runCommand`. A non-zero exit is a result, not an exception. */
export interface CommandResult {
  /** Exit code; null when the process was killed by a signal (timeout, cancel). */
  exitCode: number | null;
  /** The signal that ended it, if any (e.g. "SIGTERM"). */
  signal?: string;
  stdout: string;
  stderr: string;
  /** True when the timeout killed it. */
  timedOut: boolean;
  /** True when stdout or stderr was shortened to `maxOutputChars`. */
  outputTruncated: boolean;
  durationMs: number;
}

/** What a dangerous tool asks the user. */
export interface ApprovalRequest {
  /** Tool name as the model sees it (write_file, edit_file, run_command, run_tests). */
  toolName: string;
  kind: 'write' | 'edit' | 'command';
  /** Absolute path written (writes and edits). */
  path?: string;
  /** Current content ('' or undefined when the file does not exist yet). */
  before?: string;
  /** Content after the change (for the diff view). */
  after?: string;
  /** The exact command line (commands). */
  command?: string;
  /** Absolute working directory (commands). */
  cwd?: string;
  /** One line the UI may show ("Replace 2 blocks in src/a.ts"). */
  summary?: string;
  /**
   * Set for a write or an edit of a protected file: why it is asked about ("this file configures
   * your editor"). Such a request always asks, whatever autoApprove or an earlier "always" says.
   */
  protectedReason?: string;
}

/**
 * The user's answer. 'always' approves this call and every later call of the same tool
 * for the session (the tools' approval gate remembers it).
 */
export interface ApprovalDecision {
  decision: 'approve' | 'reject' | 'always';
  /** What the user typed when rejecting; goes back to the model. */
  reason?: string;
}

/** The workspace as the IDE tools see it. */
export interface Workspace {
  /** Absolute paths of the open workspace folders (may be empty: then tools fail with NO_WORKSPACE). */
  readonly roots: readonly string[];

  /** True when the file system ignores case (Windows, default macOS): path checks compare case-insensitively. */
  readonly caseInsensitive?: boolean;

  /** Workspace trust: false disables the tools that write or run. */
  isTrusted(): boolean;

  /** Type and size of a path, symlinks followed; undefined when it does not exist. */
  stat(path: string): Promise<WorkspaceFileStat | undefined>;

  /**
   * The canonical path (symlinks resolved, like fs.realpath); undefined when the path does not
   * exist. Path safety calls this for the path and, for new files, its nearest existing parent.
   */
  realpath(path: string): Promise<string | undefined>;

  /** Raw bytes of a file on disk. Throws FILE_NOT_FOUND / NOT_A_FILE. */
  readFile(path: string, signal?: AbortSignal): Promise<Uint8Array>;

  /**
   * The editor's unsaved text when the file is open AND dirty; undefined otherwise (then the
   * tools read the disk). VS Code implements it; the Node host has no editor.
   */
  readDirtyBuffer?(path: string): Promise<string | undefined> | string | undefined;

  /**
   * Creates or replaces a text file, creating parent folders. Atomic: either the whole new
   * content is there or the old file is untouched (Node: temp file + rename; VS Code: a
   * WorkspaceEdit, undoable, then save). At the moment of writing, the path followed through
   * symlinks must still lead inside a workspace folder, else PATH_OUTSIDE_WORKSPACE and nothing
   * is created or changed (a folder on the path may have been replaced by a symbolic link while
   * the approval was open). A file where a folder of the path should be: NOT_A_DIRECTORY.
   */
  writeFile(path: string, content: string, signal?: AbortSignal): Promise<void>;

  /** Entries of a directory (not recursive), sorted by name. Throws FILE_NOT_FOUND / NOT_A_DIRECTORY. */
  readDirectory(path: string): Promise<WorkspaceDirectoryEntry[]>;

  /** Files under a directory (recursive), filtered by glob and excludes, capped at `limit`. */
  listFiles(directory: string, options: ListFilesOptions): Promise<ListFilesResult>;

  /** Text search (ripgrep when available, else JS). Throws INVALID_SEARCH_PATTERN for a bad regex. */
  search(query: WorkspaceSearchQuery, signal?: AbortSignal): Promise<WorkspaceSearchResult>;

  /** Problems of one file, or of the whole workspace when `path` is absent. */
  getDiagnostics(path?: string): Promise<WorkspaceDiagnostic[]>;

  /** Runs a shell command line; output capped; never throws for a non-zero exit. */
  runCommand(command: string, options: RunCommandOptions): Promise<CommandResult>;

  /** Asks the user about a dangerous operation (diff for writes, the command for runs). */
  requestApproval(request: ApprovalRequest, signal?: AbortSignal): Promise<ApprovalDecision>;
}

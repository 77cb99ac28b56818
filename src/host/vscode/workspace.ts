/**
 * The Workspace port implemented with the VS Code API: folders from workspaceFolders, trust from
 * workspace.isTrusted, the editor's dirty buffers, undoable writes through WorkspaceEdit, listing
 * through findFiles (files.exclude, search.exclude and .gitignore honoured), search through VS
 * Code's own ripgrep, diagnostics from the language services, commands through child_process.
 */
import { realpath as realpathNative } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import * as vscode from 'vscode';
import { DEFAULTS } from '../../core/constants';
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
import { assertWriteTargetInsideWorkspace, climbsOutOfBase } from '../../tools/pathSafety';
import { searchWithJavaScript } from '../shared/jsSearch';
import { runRipgrep } from '../shared/ripgrepRunner';
import { runShellCommand } from '../shared/runCommand';
import type { Approver } from './approval';
import { tokenFromAbortSignal } from './cancellation';
import { toWorkspaceDiagnostic } from './diagnosticShapes';
import { findRipgrep, type RipgrepLocation } from './ripgrep';

/** Options of VSCodeWorkspace. */
interface VSCodeWorkspaceOptions {
  /** Answers approval requests; replace it later with `setApprover` (the chat UI does). */
  approver?: Approver;
  /** rg to use; default: VS Code's own, else rg on PATH, else the JS search. `null` forces the JS search. */
  ripgrepPath?: string | null;
  /** How long getDiagnostics(path) waits for a language service to report on a file it just opened. */
  diagnosticsSettleMs?: number;
}

/** Maps VS Code's FileSystemError (or anything else) to the port's WorkspaceError. */
function toWorkspaceError(error: unknown, path: string, action: string): Error {
  if (error instanceof WorkspaceError || error instanceof PTKAbortError) return error;
  const code = error instanceof vscode.FileSystemError ? error.code : (error as { code?: string } | undefined)?.code;
  switch (code) {
    case 'FileNotFound':
    case 'EntryNotFound':
    case 'ENOENT':
      return new WorkspaceError(`File not found: ${path}`, { code: PTKErrorCode.FILE_NOT_FOUND, cause: error, context: { path } });
    case 'FileIsADirectory':
    case 'EntryIsADirectory':
    case 'EISDIR':
      return new WorkspaceError(`Not a file (it is a directory): ${path}`, { code: PTKErrorCode.NOT_A_FILE, cause: error, context: { path } });
    case 'FileNotADirectory':
    case 'EntryNotADirectory':
    case 'ENOTDIR':
      return new WorkspaceError(`Not a directory: ${path}`, { code: PTKErrorCode.NOT_A_DIRECTORY, cause: error, context: { path } });
    default:
      return new WorkspaceError(`Could not ${action} ${path}: ${(error as Error)?.message ?? String(error)}`, { code: PTKErrorCode.TOOL_EXECUTION_FAILED, cause: error, context: { path } });
  }
}

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new PTKAbortError();
}

/** Keys of a `files.exclude`-style setting whose value is `true` (conditional `{ when }` entries are skipped). */
function enabledGlobs(setting: Record<string, unknown> | undefined): string[] {
  return Object.entries(setting ?? {})
    .filter(([, value]) => value === true)
    .map(([glob]) => glob);
}

/** The Workspace port backed by the running VS Code. */
export class VSCodeWorkspace implements Workspace {
  readonly caseInsensitive = process.platform === 'win32' || process.platform === 'darwin';
  private approver: Approver | undefined;
  private ripgrep: RipgrepLocation | null | undefined;
  private readonly diagnosticsSettleMs: number;

  constructor(options: VSCodeWorkspaceOptions = {}) {
    this.approver = options.approver;
    this.diagnosticsSettleMs = options.diagnosticsSettleMs ?? DEFAULTS.diagnosticsSettleMs;
    if (options.ripgrepPath === null) this.ripgrep = null;
    else if (options.ripgrepPath) this.ripgrep = { path: options.ripgrepPath, source: 'path' };
  }

  /** Absolute paths of the open folders on disk (non-file folders, e.g. virtual ones, are left out). */
  get roots(): readonly string[] {
    return (vscode.workspace.workspaceFolders ?? []).filter((folder) => folder.uri.scheme === 'file').map((folder) => folder.uri.fsPath);
  }

  /** Replaces the approver (the chat UI installs a diff-editor based one). */
  setApprover(approver: Approver | undefined): void {
    this.approver = approver;
  }

  /** The rg binary search uses, or undefined when the JS search is used. */
  get ripgrepLocation(): RipgrepLocation | undefined {
    if (this.ripgrep === undefined) this.ripgrep = findRipgrep(vscode.env.appRoot) ?? null;
    return this.ripgrep ?? undefined;
  }

  isTrusted(): boolean {
    return vscode.workspace.isTrusted;
  }

  async stat(path: string): Promise<WorkspaceFileStat | undefined> {
    try {
      const stat = await vscode.workspace.fs.stat(vscode.Uri.file(path));
      const type = stat.type & vscode.FileType.Directory ? 'directory' : stat.type & vscode.FileType.File ? 'file' : 'other';
      return { type, size: type === 'directory' ? 0 : stat.size, mtimeMs: stat.mtime };
    } catch (error) {
      const mapped = toWorkspaceError(error, path, 'stat');
      // A path under a file ("a.txt/b.txt") does not exist either.
      if (mapped instanceof WorkspaceError && (mapped.code === PTKErrorCode.FILE_NOT_FOUND || mapped.code === PTKErrorCode.NOT_A_DIRECTORY)) return undefined;
      throw mapped;
    }
  }

  async realpath(path: string): Promise<string | undefined> {
    try {
      return await realpathNative(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
      throw toWorkspaceError(error, path, 'resolve');
    }
  }

  async readFile(path: string, signal?: AbortSignal): Promise<Uint8Array> {
    throwIfAborted(signal);
    try {
      return await vscode.workspace.fs.readFile(vscode.Uri.file(path));
    } catch (error) {
      throw toWorkspaceError(error, path, 'read');
    }
  }

  /** The open document for a path, if any (compared case-insensitively where the file system is). */
  private openDocument(path: string): vscode.TextDocument | undefined {
    const wanted = this.caseInsensitive ? path.toLowerCase() : path;
    return vscode.workspace.textDocuments.find((document) => {
      if (document.uri.scheme !== 'file' || document.isClosed) return false;
      const candidate = this.caseInsensitive ? document.uri.fsPath.toLowerCase() : document.uri.fsPath;
      return candidate === wanted;
    });
  }

  readDirtyBuffer(path: string): string | undefined {
    const document = this.openDocument(path);
    return document?.isDirty ? document.getText() : undefined;
  }

  /**
   * Writes through a WorkspaceEdit, so Undo reverts it: a new file is created with its content
   * (no text document is opened for it: opening one starts the language's extension, tsserver for
   * a .ts file, which on a loaded machine took seconds of the tool's time for nothing it needs);
   * an existing file's whole text is replaced in its document (on the editor's undo stack), then saved.
   * The path, followed through symlinks, must lead inside a workspace folder at this moment
   * (PATH_OUTSIDE_WORKSPACE otherwise), since an approval wait may separate the tools' check
   * from here; it is checked again right before the edit is applied.
   */
  async writeFile(path: string, content: string, signal?: AbortSignal): Promise<void> {
    throwIfAborted(signal);
    await assertWriteTargetInsideWorkspace(this, path);
    const uri = vscode.Uri.file(path);
    const existing = await this.stat(path);
    if (existing && existing.type !== 'file') throw new WorkspaceError(`Not a file (it is a ${existing.type}): ${path}`, { code: PTKErrorCode.NOT_A_FILE, context: { path } });
    const edit = new vscode.WorkspaceEdit();
    if (!existing) {
      // A file that appeared meanwhile makes the edit fail (refused below) rather than be overwritten.
      edit.createFile(uri, { overwrite: false, contents: new TextEncoder().encode(content) });
    } else {
      let document: vscode.TextDocument;
      try {
        document = await vscode.workspace.openTextDocument(uri);
      } catch (error) {
        throw toWorkspaceError(error, path, 'open');
      }
      const wholeText = new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length));
      edit.replace(uri, wholeText, content);
    }
    throwIfAborted(signal);
    await assertWriteTargetInsideWorkspace(this, path);
    const applied = await vscode.workspace.applyEdit(edit);
    if (!applied) throw new WorkspaceError(`VS Code refused the edit of ${path} (the file may be read-only or changed meanwhile).`, { code: PTKErrorCode.TOOL_EXECUTION_FAILED, context: { path } });
    // A new file is on disk as written; only a document already open for it could hold unsaved text.
    const document = existing ? await vscode.workspace.openTextDocument(uri) : this.openDocument(path);
    if (document?.isDirty && !(await document.save())) {
      throw new WorkspaceError(`The edit of ${path} was applied but could not be saved.`, { code: PTKErrorCode.TOOL_EXECUTION_FAILED, context: { path } });
    }
  }

  async readDirectory(path: string): Promise<WorkspaceDirectoryEntry[]> {
    let entries: [string, vscode.FileType][];
    try {
      entries = await vscode.workspace.fs.readDirectory(vscode.Uri.file(path));
    } catch (error) {
      const mapped = toWorkspaceError(error, path, 'list');
      // Some file system providers report "not a directory" as a generic error; check.
      if (!(mapped instanceof WorkspaceError) || mapped.code !== PTKErrorCode.TOOL_EXECUTION_FAILED) throw mapped;
      const stat = await this.stat(path);
      if (stat && stat.type !== 'directory') throw new WorkspaceError(`Not a directory: ${path}`, { code: PTKErrorCode.NOT_A_DIRECTORY, context: { path } });
      throw mapped;
    }
    return entries
      .map(([name, type]): WorkspaceDirectoryEntry => ({
        name,
        type: type & vscode.FileType.SymbolicLink ? 'symlink' : type & vscode.FileType.Directory ? 'directory' : type & vscode.FileType.File ? 'file' : 'other',
      }))
      .sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
  }

  /** files.exclude and search.exclude globs in effect for a folder. */
  private excludeGlobs(scope: vscode.Uri | undefined): { files: string[]; search: string[] } {
    return {
      files: enabledGlobs(vscode.workspace.getConfiguration('files', scope).get<Record<string, unknown>>('exclude')),
      search: enabledGlobs(vscode.workspace.getConfiguration('search', scope).get<Record<string, unknown>>('exclude')),
    };
  }

  async listFiles(directory: string, options: ListFilesOptions): Promise<ListFilesResult> {
    throwIfAborted(options.signal);
    const stat = await this.stat(directory);
    if (!stat) throw new WorkspaceError(`Directory not found: ${directory}`, { code: PTKErrorCode.FILE_NOT_FOUND, context: { path: directory } });
    if (stat.type !== 'directory') throw new WorkspaceError(`Not a directory: ${directory}`, { code: PTKErrorCode.NOT_A_DIRECTORY, context: { path: directory } });
    const respectExcludes = options.respectExcludes ?? true;
    const directoryUri = vscode.Uri.file(directory);
    const include = new vscode.RelativePattern(directoryUri, options.pattern ?? '**/*');
    // A string exclude keeps files.exclude applied and adds search.exclude; null turns every exclude off.
    const searchExcludes = respectExcludes ? this.excludeGlobs(directoryUri).search : [];
    const exclude = !respectExcludes ? null : searchExcludes.length > 0 ? `{${searchExcludes.join(',')}}` : undefined;
    // Ask for more than the limit: .gitignore filtering happens afterwards.
    const requested = options.limit + Math.max(1_000, options.limit * 4);
    const cancellation = tokenFromAbortSignal(options.signal);
    let found: vscode.Uri[];
    try {
      found = await vscode.workspace.findFiles(include, exclude, requested, cancellation.token);
    } finally {
      cancellation.dispose();
    }
    throwIfAborted(options.signal);
    let files = found.filter((uri) => uri.scheme === 'file').map((uri) => uri.fsPath);
    if (respectExcludes) {
      const ignored = await this.gitignoreMatcher(directory, options.signal);
      files = files.filter((file) => !ignored(file));
    }
    files.sort();
    const omitted = Math.max(0, files.length - options.limit);
    return { files: files.slice(0, options.limit), omitted, ...(found.length >= requested ? { omittedIsLowerBound: true } : {}) };
  }

  /**
   * A predicate telling whether a file is ignored by a .gitignore: the ones in `directory`, in
   * its ancestors up to the workspace root, and nested below it.
   */
  private async gitignoreMatcher(directory: string, signal?: AbortSignal): Promise<(file: string) => boolean> {
    const root = this.roots.find((candidate) => directory === candidate || directory.startsWith(candidate.endsWith(sep) ? candidate : candidate + sep)) ?? directory;
    const gitignoreFiles = new Set<string>();
    for (let current = directory; ; ) {
      gitignoreFiles.add(join(current, '.gitignore'));
      if (current === root || climbsOutOfBase(relative(root, current))) break;
      const parent = join(current, '..');
      if (parent === current) break;
      current = parent;
    }
    const cancellation = tokenFromAbortSignal(signal);
    try {
      const nested = await vscode.workspace.findFiles(new vscode.RelativePattern(vscode.Uri.file(directory), '**/.gitignore'), null, 10_000, cancellation.token);
      for (const uri of nested) gitignoreFiles.add(uri.fsPath);
    } finally {
      cancellation.dispose();
    }
    const matchers: { base: string; rules: Ignore }[] = [];
    for (const file of gitignoreFiles) {
      let bytes: Uint8Array;
      try {
        bytes = await vscode.workspace.fs.readFile(vscode.Uri.file(file));
      } catch {
        continue;
      }
      matchers.push({ base: join(file, '..'), rules: ignore().add(new TextDecoder().decode(bytes)) });
    }
    if (matchers.length === 0) return () => false;
    return (file) =>
      matchers.some(({ base, rules }) => {
        const relativePath = relative(base, file);
        if (!relativePath || climbsOutOfBase(relativePath)) return false;
        return rules.ignores(relativePath.split(sep).join('/'));
      });
  }

  async search(query: WorkspaceSearchQuery, signal?: AbortSignal): Promise<WorkspaceSearchResult> {
    throwIfAborted(signal);
    const folders = query.folder ? [query.folder] : [...this.roots];
    if (folders.length === 0) return { matches: [], truncated: false, engine: 'ripgrep' };
    const ripgrep = this.ripgrepLocation;
    if (!ripgrep) return searchWithJavaScript(this, query, signal);
    // files.exclude and search.exclude of each folder, as VS Code's search view applies them.
    const excludesFor = (folder: string): string[] => {
      const globs = this.excludeGlobs(vscode.Uri.file(folder));
      return [...new Set([...globs.files, ...globs.search])];
    };
    return runRipgrep(ripgrep.path, query, folders, excludesFor, signal);
  }

  async getDiagnostics(path?: string): Promise<WorkspaceDiagnostic[]> {
    if (path === undefined) {
      return vscode.languages
        .getDiagnostics()
        .filter(([uri]) => uri.scheme === 'file')
        .flatMap(([uri, diagnostics]) => diagnostics.map((diagnostic) => toWorkspaceDiagnostic(uri.fsPath, diagnostic)));
    }
    const uri = vscode.Uri.file(path);
    let diagnostics: readonly vscode.Diagnostic[] = vscode.languages.getDiagnostics(uri);
    if (!this.isShownInTab(path) && this.diagnosticsSettleMs > 0) {
      // Language services (TypeScript, JSON, …) only check files open in an editor tab, and
      // what they reported before the tab closed may be stale: show the file in a preview tab
      // without taking focus, then wait (briefly) for their fresh report.
      diagnostics = await this.showAndAwaitDiagnostics(uri, path);
    }
    return diagnostics.map((diagnostic) => toWorkspaceDiagnostic(path, diagnostic));
  }

  /** True when a text editor tab shows the file. */
  private isShownInTab(path: string): boolean {
    const wanted = this.caseInsensitive ? path.toLowerCase() : path;
    return vscode.window.tabGroups.all.some((group) =>
      group.tabs.some((tab) => {
        if (!(tab.input instanceof vscode.TabInputText) || tab.input.uri.scheme !== 'file') return false;
        const candidate = this.caseInsensitive ? tab.input.uri.fsPath.toLowerCase() : tab.input.uri.fsPath;
        return candidate === wanted;
      }),
    );
  }

  private async showAndAwaitDiagnostics(uri: vscode.Uri, path: string): Promise<readonly vscode.Diagnostic[]> {
    let listener: vscode.Disposable | undefined;
    let timer: NodeJS.Timeout | undefined;
    const reported = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.diagnosticsSettleMs);
      listener = vscode.languages.onDidChangeDiagnostics((event) => {
        if (event.uris.some((changed) => changed.toString() === uri.toString())) resolve();
      });
    });
    try {
      const document = await vscode.workspace.openTextDocument(uri);
      await vscode.window.showTextDocument(document, { preview: true, preserveFocus: true });
      await reported;
    } catch (error) {
      throw toWorkspaceError(error, path, 'open');
    } finally {
      clearTimeout(timer);
      listener?.dispose();
    }
    return vscode.languages.getDiagnostics(uri);
  }

  runCommand(command: string, options: RunCommandOptions): Promise<CommandResult> {
    return runShellCommand(command, options);
  }

  async requestApproval(request: ApprovalRequest, signal?: AbortSignal): Promise<ApprovalDecision> {
    throwIfAborted(signal);
    if (!this.approver) return { decision: 'reject', reason: 'No approver is installed in this VS Code window.' };
    return this.approver(request, signal);
  }
}


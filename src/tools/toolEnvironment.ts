/**
 * What every workspace tool shares: the port, the parsed settings, the approval gate and the
 * path checker.
 */
import { PTKErrorCode, WorkspaceError } from '../core/errors';
import type { Workspace } from '../core/workspace';
import { ApprovalGate, type ApprovalGateOptions } from './approval';
import { resolveWorkspacePath, type PathAccess, type SafePath } from './pathSafety';
import { ProtectedFiles } from './protectedFiles';
import type { ToolSettings } from './settings';
import { decodeText, isBinary } from './text/binary';

/** Shared state of one set of workspace tools. */
export interface ToolEnvironment {
  workspace: Workspace;
  settings: ToolSettings;
  approvalGate: ApprovalGate;
  /** Checks and resolves the model's path (see pathSafety.ts). */
  resolvePath(rawPath: unknown, access: PathAccess): Promise<SafePath>;
}

/**
 * Builds the environment the tool factories take. `instructionFiles` (the `instructionFiles`
 * setting) adds the rules files it names to the protected files.
 */
export function createToolEnvironment(workspace: Workspace, settings: ToolSettings, instructionFiles: readonly string[] = [], approvalOptions: ApprovalGateOptions = {}): ToolEnvironment {
  const protectedFiles = new ProtectedFiles(settings.protectedFiles, instructionFiles);
  return {
    workspace,
    settings,
    approvalGate: new ApprovalGate(workspace, settings, approvalOptions),
    resolvePath: (rawPath, access) => resolveWorkspacePath(workspace, rawPath, { access, denyPaths: settings.denyPaths, denyWritePaths: settings.denyWritePaths, protectedFiles }),
  };
}

/**
 * Resolves the model's path again right before a write (or a command) that waited for the
 * user: while the approval was open, a folder on the path may have been replaced by a symbolic
 * link to somewhere else. Throws PATH_OUTSIDE_WORKSPACE when the path no longer leads where it
 * led when the user was asked (`whatIsHeld` says what did not happen, e.g. "nothing was
 * written"); other refusals (deny list, …) are thrown as they are.
 */
export async function resolvePathAgain(environment: ToolEnvironment, rawPath: unknown, access: PathAccess, approved: SafePath, whatIsHeld: string): Promise<SafePath> {
  let now: SafePath;
  try {
    now = await environment.resolvePath(rawPath, access);
  } catch (error) {
    if (!(error instanceof WorkspaceError) || error.code !== PTKErrorCode.PATH_OUTSIDE_WORKSPACE) throw error;
    throw new WorkspaceError(
      `"${approved.displayPath}" changed while waiting for approval: it now leads outside the workspace (a folder on the path became a symbolic link); ${whatIsHeld}.`,
      { code: PTKErrorCode.PATH_OUTSIDE_WORKSPACE, cause: error, context: { path: approved.displayPath } },
    );
  }
  if (now.path !== approved.path) {
    throw new WorkspaceError(
      `"${approved.displayPath}" changed while waiting for approval: it now leads to "${now.displayPath}" instead (a folder on the path became a symbolic link); ${whatIsHeld}.`,
      { code: PTKErrorCode.PATH_OUTSIDE_WORKSPACE, context: { path: approved.displayPath, now: now.displayPath } },
    );
  }
  return now;
}

/** The text a tool sees for a file: the unsaved editor buffer when dirty, else the disk. */
interface CurrentText {
  text: string;
  source: 'disk' | 'unsaved editor buffer';
}

/**
 * Reads a text file for the tools, refusing directories (NOT_A_FILE), missing files
 * (FILE_NOT_FOUND), files over the size cap (FILE_TOO_LARGE) and binary files (BINARY_FILE).
 */
export async function readCurrentText(environment: ToolEnvironment, safePath: SafePath, signal?: AbortSignal): Promise<CurrentText> {
  const { workspace, settings } = environment;
  const dirty = await workspace.readDirtyBuffer?.(safePath.path);
  if (dirty !== undefined) return { text: dirty, source: 'unsaved editor buffer' };
  const stat = await workspace.stat(safePath.path);
  if (!stat) throw new WorkspaceError(`File not found: "${safePath.displayPath}". Use list_files or search_code to find the right path.`, { code: PTKErrorCode.FILE_NOT_FOUND, context: { path: safePath.displayPath } });
  if (stat.type !== 'file') throw new WorkspaceError(`"${safePath.displayPath}" is a directory, not a file; use list_files to see what it contains.`, { code: PTKErrorCode.NOT_A_FILE, context: { path: safePath.displayPath } });
  if (stat.size > settings.maxFileBytes) {
    throw new WorkspaceError(
      `"${safePath.displayPath}" is ${formatBytes(stat.size)}, over the ${formatBytes(settings.maxFileBytes)} limit; use search_code to find what you need in it.`,
      { code: PTKErrorCode.FILE_TOO_LARGE, context: { path: safePath.displayPath, size: stat.size, limit: settings.maxFileBytes } },
    );
  }
  const bytes = await workspace.readFile(safePath.path, signal);
  if (isBinary(bytes)) throw new WorkspaceError(`"${safePath.displayPath}" is a binary file (${formatBytes(bytes.length)}); only text files can be read.`, { code: PTKErrorCode.BINARY_FILE, context: { path: safePath.displayPath } });
  return { text: decodeText(bytes), source: 'disk' };
}

/** "1.5 MB" style sizes for messages. */
function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Text lines of a file; a final line break does not make an extra empty line. */
export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r?\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

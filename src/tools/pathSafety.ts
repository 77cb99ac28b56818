/**
 * Path safety for every workspace tool: the model's path is checked for traps (NUL bytes,
 * URL encoding, `~`, drive and UNC forms, lookalike dots, …), resolved against a workspace
 * folder, followed through symlinks (via the port's realpath) and must stay inside an open
 * workspace folder; then the deny lists apply. Pure: the file system is reached only through
 * the Workspace port, so the VS Code and Node hosts share this logic.
 */
import path from 'node:path';
import picomatch from 'picomatch';
import { PTKErrorCode, WorkspaceError } from '../core/errors';
import type { Workspace } from '../core/workspace';
import type { ProtectedFiles } from './protectedFiles';

/** What the path will be used for: writes also check the write deny list. */
export type PathAccess = 'read' | 'write' | 'list';

/** Options of `resolveWorkspacePath`. */
interface PathSafetyOptions {
  access: PathAccess;
  /** Globs refused for every access. */
  denyPaths: readonly string[];
  /** Globs refused for writes. */
  denyWritePaths: readonly string[];
  /** Files a write always asks about (see protectedFiles.ts); checked for writes only. */
  protectedFiles?: ProtectedFiles;
}

/** A checked path. */
export interface SafePath {
  /** Canonical absolute path (symlinks resolved) to use for I/O. */
  path: string;
  /** Canonical workspace folder that contains it. */
  root: string;
  /** Path relative to the workspace folder, with '/' separators ('' for the folder itself). */
  relativePath: string;
  /** How to show the path to the model: relativePath, prefixed by the folder name when there are several folders. */
  displayPath: string;
  /** For a write to a protected file: why it always asks ("this file configures your editor"). */
  protectedReason?: string;
}

const MAX_PATH_LENGTH = 1024;
/** Characters that look like '.', '/', '\' but are not (fullwidth, one-dot leader, division slash, …). */
const LOOKALIKE_CHARACTERS = /[\u2024\u2025\u2026\uFE52\uFF0E\u3002\uFF61\u2215\u2044\u29F8\uFF0F\uFF3C\u29F5\u29F9\uFE68\u2216]/u;
const WINDOWS_DEVICE_NAME = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;

function invalid(message: string, rawPath: string): never {
  throw new WorkspaceError(message, { code: PTKErrorCode.PATH_INVALID, context: { path: rawPath } });
}

/** True when the roots are Windows paths (drive letter or UNC). */
export function isWindowsStyleRoot(root: string): boolean {
  return /^[A-Za-z]:[\\/]/.test(root) || root.startsWith('\\\\');
}

/**
 * Refuses paths that are malformed or that try a trick, before any resolution.
 * Throws WorkspaceError PATH_INVALID with a message saying what is wrong.
 */
export function assertWellFormedPath(rawPath: unknown, windowsHost: boolean): string {
  if (typeof rawPath !== 'string') invalid('The path must be a string.', String(rawPath));
  if (rawPath.length === 0 || rawPath.trim().length === 0) invalid('The path is empty. Give a path relative to the workspace folder, e.g. "src/index.ts".', rawPath);
  if (rawPath.length > MAX_PATH_LENGTH) invalid(`The path is too long (${rawPath.length} characters, limit ${MAX_PATH_LENGTH}).`, rawPath.slice(0, 80));
  if (rawPath.includes('\u0000')) invalid('The path contains a NUL byte.', rawPath);
  if (/[\u0001-\u001f\u007f]/.test(rawPath)) invalid('The path contains a control character.', rawPath);
  if (rawPath !== rawPath.trim()) invalid(`The path "${rawPath}" starts or ends with whitespace.`, rawPath);
  if (/^[A-Za-z][A-Za-z0-9+.-]+:/.test(rawPath)) invalid(`"${rawPath}" is a URL; give a plain path relative to the workspace folder.`, rawPath);
  if (/%[0-9A-Fa-f]{2}/.test(rawPath)) invalid(`The path "${rawPath}" contains URL-encoded characters (%xx); give the plain path.`, rawPath);
  if (rawPath.startsWith('~')) invalid(`The path "${rawPath}" starts with "~"; home-directory paths are not allowed, give a path inside the workspace.`, rawPath);
  if (/^[\\/]{2}/.test(rawPath)) invalid(`"${rawPath}" is a UNC/network path; only paths inside the workspace are allowed.`, rawPath);
  if (LOOKALIKE_CHARACTERS.test(rawPath)) invalid(`The path "${rawPath}" contains a character that imitates a dot or a slash.`, rawPath);
  for (const character of rawPath) {
    if (character.charCodeAt(0) > 0x7f && /[./\\:~%]/.test(character.normalize('NFKC'))) {
      invalid(`The path "${rawPath}" contains a character that imitates "${character.normalize('NFKC')}".`, rawPath);
    }
  }
  let rest = rawPath.replace(/\\/g, '/');
  const drive = /^[A-Za-z]:/.exec(rest);
  if (drive) {
    if (!windowsHost) invalid(`"${rawPath}" is a Windows drive path; give a path relative to the workspace folder.`, rawPath);
    if (rest[2] !== '/') invalid(`"${rawPath}" is a drive-relative path; give a path relative to the workspace folder.`, rawPath);
    rest = rest.slice(2);
  }
  if (rest.includes(':')) invalid(`The path "${rawPath}" contains ":" (alternate data streams and drive forms are not allowed).`, rawPath);
  for (const segment of rest.split('/')) {
    if (segment === '' || segment === '.' || segment === '..') continue;
    if (/[. ]$/.test(segment)) invalid(`The path segment "${segment}" ends with a dot or a space (Windows would strip it and read another file).`, rawPath);
    if (WINDOWS_DEVICE_NAME.test(segment)) invalid(`The path segment "${segment}" is a reserved device name.`, rawPath);
  }
  return rawPath.replace(/\\/g, '/');
}

/**
 * True when a relative path (as `path.relative` gives it) climbs out of its base folder: its
 * first segment is exactly `..`. A name that merely starts with two dots (`..notes.txt`,
 * `..env.example`) stays inside. Every "is this under that folder" test of the tools and of
 * the hosts' file walkers uses this one rule.
 */
export function climbsOutOfBase(relativePath: string): boolean {
  return relativePath === '..' || relativePath.startsWith('../') || relativePath.startsWith('..\\');
}

function isInside(parent: string, child: string, pathApi: typeof path.posix, caseInsensitive: boolean): boolean {
  const relative = pathApi.relative(caseInsensitive ? parent.toLowerCase() : parent, caseInsensitive ? child.toLowerCase() : child);
  return relative === '' || (!climbsOutOfBase(relative) && !pathApi.isAbsolute(relative));
}

function toPosix(relativePath: string): string {
  return relativePath.split(/[\\/]/).join('/');
}

const matcherCache = new Map<string, (candidate: string) => boolean>();

/**
 * The one glob matcher of the tools' path lists (deny lists, protected files): picomatch, dot
 * files matched, case ignored (a list never lets a case variant through), cached per list.
 */
export function globMatcher(globs: readonly string[]): (candidate: string) => boolean {
  const key = globs.join('\u0000');
  let matcher = matcherCache.get(key);
  if (!matcher) {
    matcher = globs.length === 0 ? () => false : picomatch([...globs], { dot: true, nocase: true });
    matcherCache.set(key, matcher);
  }
  return matcher;
}

/** True when a workspace-relative path (with '/') is on the deny list for this access. */
export function isDeniedPath(relativePath: string, options: Omit<PathSafetyOptions, 'access'> & { access: PathAccess }): boolean {
  if (relativePath === '') return false;
  if (globMatcher(options.denyPaths)(relativePath)) return true;
  return options.access === 'write' && globMatcher(options.denyWritePaths)(relativePath);
}

/**
 * Resolves the model's path to a canonical path inside a workspace folder, or throws a
 * WorkspaceError: NO_WORKSPACE, PATH_INVALID, PATH_OUTSIDE_WORKSPACE or PATH_DENIED.
 * Relative paths are taken from the first folder (or from the folder whose name is the first
 * segment, when there are several). Absolute paths are accepted when inside a folder.
 */
export async function resolveWorkspacePath(workspace: Workspace, rawPath: unknown, options: PathSafetyOptions): Promise<SafePath> {
  const roots = workspace.roots;
  if (roots.length === 0) throw new WorkspaceError('No workspace folder is open; open a folder first.', { code: PTKErrorCode.NO_WORKSPACE });
  const windowsHost = isWindowsStyleRoot(roots[0]!);
  const pathApi = windowsHost ? path.win32 : path.posix;
  const caseInsensitive = workspace.caseInsensitive ?? windowsHost;
  const cleaned = assertWellFormedPath(rawPath, windowsHost);
  const display = String(rawPath);

  let lexicalRoot = roots[0]!;
  let candidate: string;
  if (pathApi.isAbsolute(cleaned)) {
    candidate = pathApi.resolve(cleaned);
    lexicalRoot = roots.find((root) => isInside(root, candidate, pathApi, caseInsensitive)) ?? '';
  } else {
    const firstSegment = cleaned.split('/')[0];
    if (roots.length > 1) {
      const named = roots.find((root) => pathApi.basename(root) === firstSegment);
      if (named) {
        lexicalRoot = named;
        candidate = pathApi.resolve(named, cleaned.split('/').slice(1).join('/') || '.');
      }
    }
    candidate ??= pathApi.resolve(lexicalRoot, cleaned);
    if (!isInside(lexicalRoot, candidate, pathApi, caseInsensitive)) lexicalRoot = '';
  }
  if (!lexicalRoot) {
    throw new WorkspaceError(`"${display}" is outside the workspace folder${roots.length > 1 ? 's' : ''}; only files inside the workspace can be used.`, { code: PTKErrorCode.PATH_OUTSIDE_WORKSPACE, context: { path: display } });
  }

  // Follow symlinks: the canonical path must still be inside a (canonical) workspace folder.
  const canonicalRoots = await canonicalRootsOf(workspace);
  const canonical = await canonicalPathOf(workspace, candidate, pathApi, display);
  const rootIndex = canonicalRoots.findIndex((root) => isInside(root, canonical, pathApi, caseInsensitive));
  if (rootIndex === -1) {
    throw new WorkspaceError(`"${display}" is a symbolic link (or goes through one) that points outside the workspace.`, { code: PTKErrorCode.PATH_OUTSIDE_WORKSPACE, context: { path: display } });
  }
  const root = canonicalRoots[rootIndex]!;
  const relativePath = toPosix(pathApi.relative(root, canonical));
  const lexicalRelative = toPosix(pathApi.relative(lexicalRoot, candidate));
  if (isDeniedPath(lexicalRelative, options) || isDeniedPath(relativePath, options)) {
    const what = options.access === 'write' && !isDeniedPath(relativePath, { ...options, access: 'read' }) ? 'written' : 'accessed';
    throw new WorkspaceError(`"${display}" is protected by the deny list and cannot be ${what} (settings: denyPaths / denyWritePaths).`, { code: PTKErrorCode.PATH_DENIED, context: { path: display } });
  }
  const displayPath = roots.length > 1 ? `${pathApi.basename(roots[rootIndex]!)}/${relativePath}`.replace(/\/$/, '') : relativePath || '.';
  const protectedReason = options.access === 'write' ? options.protectedFiles?.reasonFor([lexicalRelative, relativePath]) : undefined;
  return { path: canonical, root, relativePath, displayPath, ...(protectedReason ? { protectedReason } : {}) };
}

/**
 * The canonical form of an absolute path: its realpath or, for a path that does not exist yet,
 * the realpath of its nearest existing ancestor followed by the missing names. Refuses a path
 * through a dangling symlink (PATH_OUTSIDE_WORKSPACE): writing through it would land wherever
 * it points.
 */
async function canonicalPathOf(workspace: Workspace, candidate: string, pathApi: typeof path.posix, display: string): Promise<string> {
  const canonical = await workspace.realpath(candidate);
  if (canonical !== undefined) return canonical;
  const missing: string[] = [];
  let ancestor = candidate;
  let ancestorReal: string | undefined;
  for (;;) {
    missing.unshift(pathApi.basename(ancestor));
    const parent = pathApi.dirname(ancestor);
    if (parent === ancestor) break;
    ancestor = parent;
    ancestorReal = await workspace.realpath(ancestor);
    if (ancestorReal !== undefined) break;
  }
  if (ancestorReal === undefined) {
    throw new WorkspaceError(`"${display}" cannot be resolved.`, { code: PTKErrorCode.PATH_INVALID, context: { path: display } });
  }
  // A name that exists but does not resolve is a dangling symlink.
  const entries = await workspace.readDirectory(ancestorReal).catch(() => []);
  if (entries.some((entry) => entry.name === missing[0] && entry.type === 'symlink')) {
    throw new WorkspaceError(`"${display}" goes through a broken symbolic link; refusing to follow it.`, { code: PTKErrorCode.PATH_OUTSIDE_WORKSPACE, context: { path: display } });
  }
  return pathApi.join(ancestorReal, ...missing);
}

/**
 * The hosts' writeFile calls this at the moment of writing: it follows `absolutePath` through
 * symlinks again and throws PATH_OUTSIDE_WORKSPACE unless it still lands inside a workspace
 * folder (NO_WORKSPACE when none is open). The tools checked the path before asking the user,
 * but a folder on the path may have been replaced by a symbolic link while the approval was
 * open. Returns the canonical path.
 */
export async function assertWriteTargetInsideWorkspace(workspace: Workspace, absolutePath: string): Promise<string> {
  const roots = workspace.roots;
  if (roots.length === 0) throw new WorkspaceError('No workspace folder is open; nothing can be written.', { code: PTKErrorCode.NO_WORKSPACE });
  const windowsHost = isWindowsStyleRoot(roots[0]!);
  const pathApi = windowsHost ? path.win32 : path.posix;
  const caseInsensitive = workspace.caseInsensitive ?? windowsHost;
  const canonical = await canonicalPathOf(workspace, pathApi.resolve(absolutePath), pathApi, absolutePath);
  const canonicalRoots = await canonicalRootsOf(workspace);
  if (!canonicalRoots.some((root) => isInside(root, canonical, pathApi, caseInsensitive))) {
    throw new WorkspaceError(
      `Refusing to write ${absolutePath}: following its symbolic links it now leads to ${canonical}, outside the workspace (a folder on the path was replaced by a link?).`,
      { code: PTKErrorCode.PATH_OUTSIDE_WORKSPACE, context: { path: absolutePath } },
    );
  }
  return canonical;
}

/** Canonical (realpath) form of each workspace folder, index-aligned with `workspace.roots`. */
export async function canonicalRootsOf(workspace: Workspace): Promise<string[]> {
  return Promise.all(workspace.roots.map(async (root) => (await workspace.realpath(root)) ?? root));
}

/** Where an absolute path (from the port) sits in the workspace. */
export interface WorkspaceLocation {
  rootIndex: number;
  /** Relative to its folder, '/' separators. */
  relativePath: string;
  /** relativePath, prefixed by the folder name when there are several folders. */
  displayPath: string;
}

/** Locates a path given by the host (canonical or not); undefined when it is in no folder. */
export function locateInWorkspace(workspace: Workspace, absolutePath: string, canonicalRoots: readonly string[]): WorkspaceLocation | undefined {
  const windowsHost = isWindowsStyleRoot(workspace.roots[0] ?? '');
  const pathApi = windowsHost ? path.win32 : path.posix;
  const caseInsensitive = workspace.caseInsensitive ?? windowsHost;
  for (let rootIndex = 0; rootIndex < workspace.roots.length; rootIndex++) {
    for (const root of [canonicalRoots[rootIndex], workspace.roots[rootIndex]]) {
      if (root === undefined || !isInside(root, absolutePath, pathApi, caseInsensitive)) continue;
      const relativePath = toPosix(pathApi.relative(root, absolutePath));
      const displayPath = workspace.roots.length > 1 ? `${pathApi.basename(workspace.roots[rootIndex]!)}/${relativePath}`.replace(/\/$/, '') : relativePath || '.';
      return { rootIndex, relativePath, displayPath };
    }
  }
  return undefined;
}

/** Shows an absolute path (from the port) relative to its workspace folder, for results. */
export function displayPathFor(workspace: Workspace, absolutePath: string, canonicalRoots: readonly string[]): string {
  return locateInWorkspace(workspace, absolutePath, canonicalRoots)?.displayPath ?? toPosix(absolutePath);
}

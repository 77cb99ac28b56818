/**
 * search_code's last check on every match, whatever engine found it: a match is shown only
 * when read_file could read its file. The file's real path (symlinks resolved through the
 * port) must lie inside a workspace folder, and neither the path the engine found nor the real
 * path may be on the deny list. So a symlink in the workspace never shows text from outside
 * it, or from a denied file such as .env, even if an engine followed it.
 */
import type { Workspace } from '../../core/workspace';
import { isDeniedPath, locateInWorkspace, type WorkspaceLocation } from '../pathSafety';

/** Tells where a matched file is shown, or undefined when its matches must be dropped. */
type MatchGate = (matchedPath: string) => Promise<WorkspaceLocation | undefined>;

/**
 * A gate for one search: each file is resolved once. `canonicalRoots` are the workspace
 * folders' real paths, index-aligned with `workspace.roots` (canonicalRootsOf).
 */
export function createMatchGate(workspace: Workspace, canonicalRoots: readonly string[], denyPaths: readonly string[]): MatchGate {
  const denyOptions = { access: 'read' as const, denyPaths, denyWritePaths: [] };
  const decided = new Map<string, Promise<WorkspaceLocation | undefined>>();
  const decide = async (matchedPath: string): Promise<WorkspaceLocation | undefined> => {
    const location = locateInWorkspace(workspace, matchedPath, canonicalRoots);
    if (!location || isDeniedPath(location.relativePath, denyOptions)) return undefined;
    const realPath = await workspace.realpath(matchedPath).catch(() => undefined);
    if (realPath === undefined) return undefined;
    // A canonical path can only lie under a folder's canonical form (it passes through no symlink).
    const realLocation = locateInWorkspace(workspace, realPath, canonicalRoots);
    if (!realLocation || isDeniedPath(realLocation.relativePath, denyOptions)) return undefined;
    return location;
  };
  return (matchedPath) => {
    let decision = decided.get(matchedPath);
    if (!decision) {
      decision = decide(matchedPath);
      decided.set(matchedPath, decision);
    }
    return decision;
  };
}

/**
 * `@changes`: the working tree's uncommitted changes (`git diff` and `git diff --cached`) of
 * each repository of the window, through VS Code's git extension when it is there and enabled,
 * else by running `git diff` in each workspace folder. Protected files are left out.
 */
import { basename } from 'node:path';
import * as vscode from 'vscode';
import type { Workspace } from '../../../core/workspace';
import type { ContextMention } from '../../../shared/chat/mentions';
import { isDeniedPath } from '../../../tools/pathSafety';
import type { ToolSettings } from '../../../tools/settings';
import type { ResolvedMention } from '../../../ui/mentionContext';
import { changesText } from './changesText';
import { folderDiffWithGit, type FolderDiff } from './gitCommandDiff';
import type { MentionProvider, MentionSuggestions } from './mentionProvider';

/** The part of the git extension's API (version 1) used here. */
interface GitRepository {
  readonly rootUri: vscode.Uri;
  diff(cached?: boolean): Promise<string>;
}
interface GitApi {
  readonly repositories: readonly GitRepository[];
}
interface GitExtension {
  readonly enabled: boolean;
  getAPI(version: 1): GitApi;
}

/** The one chip of this kind. */
const CHANGES_MENTION: ContextMention = { kind: 'changes', label: 'changes' };

/** The git extension's repositories, or undefined when the extension is missing or disabled. */
async function gitRepositories(): Promise<readonly GitRepository[] | undefined> {
  const extension = vscode.extensions.getExtension<GitExtension>('vscode.git');
  if (!extension) return undefined;
  try {
    const exports = extension.isActive ? extension.exports : await extension.activate();
    return exports?.enabled ? exports.getAPI(1).repositories : undefined;
  } catch {
    return undefined;
  }
}

/** Each repository's (or folder's) name and its diff. */
async function diffsOfWindow(workspace: Workspace, signal: AbortSignal): Promise<{ name: string; diff: FolderDiff | Error }[]> {
  const repositories = await gitRepositories();
  if (repositories && repositories.length > 0) {
    return Promise.all(
      repositories.map(async (repository) => {
        const name = basename(repository.rootUri.fsPath);
        try {
          const [unstaged, staged] = await Promise.all([repository.diff(false), repository.diff(true)]);
          return { name, diff: { unstaged, staged } };
        } catch (error) {
          return { name, diff: error as Error };
        }
      }),
    );
  }
  return Promise.all(
    workspace.roots.map(async (root) => {
      try {
        return { name: basename(root), diff: await folderDiffWithGit(root, signal) };
      } catch (error) {
        return { name: basename(root), diff: error as Error };
      }
    }),
  );
}

export function createChangesMentionProvider(workspace: Workspace, settings: () => ToolSettings): MentionProvider {
  return {
    kind: 'changes',
    async suggest(): Promise<MentionSuggestions> {
      if (workspace.roots.length === 0) return { items: [], note: 'No folder is open.' };
      return { items: [{ mention: CHANGES_MENTION, detail: 'uncommitted changes: git diff, unstaged and staged' }] };
    },
    async resolve(mention, signal): Promise<ResolvedMention> {
      const toolSettings = settings();
      const denyOptions = { access: 'read' as const, denyPaths: toolSettings.denyPaths, denyWritePaths: toolSettings.denyWritePaths };
      const diffs = await diffsOfWindow(workspace, signal);
      if (diffs.length === 0) throw new Error('No folder is open, so there are no changes to attach.');
      const parts = diffs.map(({ name, diff }) => {
        const heading = diffs.length > 1 ? `# ${name}\n` : '';
        if (diff instanceof Error) return `${heading}(git diff failed: ${diff.message})`;
        const text = changesText(diff, (path) => isDeniedPath(path, denyOptions));
        return `${heading}${text || 'No uncommitted changes (git diff shows no untracked files).'}`;
      });
      return { mention, content: parts.join('\n\n') };
    },
  };
}

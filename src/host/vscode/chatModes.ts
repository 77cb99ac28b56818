/**
 * The workspace's chat modes in VS Code: a ModeCatalog over the first workspace folder's files,
 * read at activation and again whenever a mode file (MODE_FILE_PATTERNS) is created, changed or
 * deleted, or the workspace's folders change, so an edit shows in the mode menu at once.
 */
import * as vscode from 'vscode';
import type { Workspace } from '../../core/workspace';
import { MODE_FILE_PATTERNS, ModeCatalog } from '../../ui/modes/modeCatalog';
import { workspaceTextFiles } from '../../ui/workspaceTextFiles';

/** The catalog, kept up to date until the returned disposable is disposed; problems are logged. */
export function watchChatModes(workspace: Workspace, log: vscode.LogOutputChannel): { catalog: ModeCatalog; disposable: vscode.Disposable } {
  const catalog = new ModeCatalog(() => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    return folder ? workspaceTextFiles(workspace, folder.uri.fsPath) : undefined;
  });
  const reload = (): void => void catalog.reload();
  let watchers: vscode.FileSystemWatcher[] = [];
  const watch = (): void => {
    watchers.forEach((watcher) => watcher.dispose());
    const folder = vscode.workspace.workspaceFolders?.[0];
    watchers = folder ? MODE_FILE_PATTERNS.map((pattern) => vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, pattern))) : [];
    for (const watcher of watchers) {
      watcher.onDidCreate(reload);
      watcher.onDidChange(reload);
      watcher.onDidDelete(reload);
    }
    reload();
  };
  const logged = catalog.onDidChange(() => {
    for (const problem of catalog.problems) log.warn(`Chat mode file problem: ${problem}`);
  });
  const folders = vscode.workspace.onDidChangeWorkspaceFolders(watch);
  watch();
  return {
    catalog,
    disposable: new vscode.Disposable(() => {
      folders.dispose();
      logged.dispose();
      watchers.forEach((watcher) => watcher.dispose());
    }),
  };
}

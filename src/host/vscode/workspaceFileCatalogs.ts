/**
 * The catalogs the chat view keeps of the workspace's own files, kept up to date in VS Code: the
 * chat modes and the slash commands. Each is read at activation and again whenever one of its
 * files is created, changed or deleted, or the workspace's folders change; problems are logged.
 */
import * as vscode from 'vscode';
import type { Workspace } from '../../core/workspace';
import { MODE_FILE_PATTERNS, ModeCatalog } from '../../ui/modes/modeCatalog';
import { BUILTIN_COMMANDS } from '../../ui/slashCommands/builtinCommands';
import { loadCommands } from '../../ui/slashCommands/loadCommands';
import { PROMPT_FILE_PATTERNS } from '../../ui/slashCommands/promptFiles';
import type { SlashCommand } from '../../ui/slashCommands/slashCommand';
import { WorkspaceFileCatalog } from '../../ui/workspaceFileCatalog';
import { workspaceTextFiles, type TextFileSource } from '../../ui/workspaceTextFiles';

/** The first workspace folder's files (undefined: none is open). */
function folderFiles(workspace: Workspace): () => TextFileSource | undefined {
  return () => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    return folder ? workspaceTextFiles(workspace, folder.uri.fsPath) : undefined;
  };
}

/**
 * The patterns, and the folder of each: a folder created with its files in one go may be reported
 * as the folder alone, and its files are then read by the reload the folder's event starts.
 */
function watchedPatterns(patterns: readonly string[]): string[] {
  const folders = patterns.filter((pattern) => pattern.includes('/')).map((pattern) => pattern.slice(0, pattern.lastIndexOf('/')));
  return [...new Set([...patterns, ...folders])];
}

/**
 * Reloads `catalog` when a file matching `patterns` (relative to the first workspace folder, one
 * watcher each, on VS Code's workspace watcher) changes or the folders change; logs its problems.
 */
function keepCurrent(catalog: { reload(): Promise<void>; onDidChange(listener: () => void): { dispose(): void }; problems: readonly string[] }, patterns: readonly string[], what: string, log: vscode.LogOutputChannel): vscode.Disposable {
  const reload = (): void => void catalog.reload();
  let watchers: vscode.FileSystemWatcher[] = [];
  const watch = (): void => {
    watchers.forEach((watcher) => watcher.dispose());
    const folder = vscode.workspace.workspaceFolders?.[0];
    watchers = folder ? watchedPatterns(patterns).map((pattern) => vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, pattern))) : [];
    for (const watcher of watchers) {
      watcher.onDidCreate(reload);
      watcher.onDidChange(reload);
      watcher.onDidDelete(reload);
    }
    reload();
  };
  const logged = catalog.onDidChange(() => {
    for (const problem of catalog.problems) log.warn(`${what} file problem: ${problem}`);
  });
  const folders = vscode.workspace.onDidChangeWorkspaceFolders(watch);
  watch();
  return new vscode.Disposable(() => {
    folders.dispose();
    logged.dispose();
    watchers.forEach((watcher) => watcher.dispose());
  });
}

/** The chat modes, kept up to date until the returned disposable is disposed. */
export function watchChatModes(workspace: Workspace, log: vscode.LogOutputChannel): { catalog: ModeCatalog; disposable: vscode.Disposable } {
  const catalog = new ModeCatalog(folderFiles(workspace));
  return { catalog, disposable: keepCurrent(catalog, MODE_FILE_PATTERNS, 'Chat mode', log) };
}

/** The slash commands (built-ins, then the prompt files), kept up to date until the returned disposable is disposed. */
export function watchSlashCommands(workspace: Workspace, log: vscode.LogOutputChannel): { catalog: WorkspaceFileCatalog<readonly SlashCommand[]>; disposable: vscode.Disposable } {
  const catalog = new WorkspaceFileCatalog<readonly SlashCommand[]>(folderFiles(workspace), async (files) => {
    const loaded = await loadCommands(files);
    return { value: loaded.commands, problems: loaded.errors.map((error) => error.message) };
  }, BUILTIN_COMMANDS, 'slash commands');
  return { catalog, disposable: keepCurrent(catalog, PROMPT_FILE_PATTERNS, 'Slash command', log) };
}

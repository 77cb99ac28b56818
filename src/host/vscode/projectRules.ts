/**
 * VS Code's side of the project rules (src/tools/projectRules): which files a task is about
 * (the active editor's file and the message's mentioned files, whose nearest AGENTS.md files are
 * read), and opening an instruction file the chat view names, checked like a tool's path so the
 * view can open nothing the tools could not read.
 */
import * as vscode from 'vscode';
import { resolveWorkspacePath } from '../../tools/pathSafety';
import type { ToolSettings } from '../../tools/settings';
import type { VSCodeWorkspace } from './workspace';

/** The active editor's file (when it is on disk), then `mentioned`: the paths the message's mentions name. */
export function taskFocusPaths(mentioned: readonly string[]): string[] {
  const paths = [...mentioned];
  const active = vscode.window.activeTextEditor?.document.uri;
  if (active?.scheme === 'file') paths.unshift(active.fsPath);
  return paths;
}

/** Opens a workspace file in an editor after the tools' path checks (inside the workspace, not denied). */
export async function openWorkspaceFile(workspace: VSCodeWorkspace, displayPath: string, toolSettings: ToolSettings): Promise<void> {
  const safePath = await resolveWorkspacePath(workspace, displayPath, { access: 'read', denyPaths: toolSettings.denyPaths, denyWritePaths: toolSettings.denyWritePaths });
  await vscode.window.showTextDocument(vscode.Uri.file(safePath.path), { preview: true });
}

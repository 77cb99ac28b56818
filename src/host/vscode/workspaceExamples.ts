/**
 * Gathers what the empty chat's example prompts name (src/shared/chat/examplePrompts.ts): the
 * workspace's source files and the files VS Code reports errors in.
 */
import * as vscode from 'vscode';
import { rankSourceFiles, SOURCE_EXTENSIONS } from '../../shared/chat/examplePrompts';

/** Source files looked at: enough to find the entry points of a project. */
const MAX_FILES = 500;

/** The workspace's source files, most central first (none without a folder). */
export async function workspaceSourceFiles(): Promise<string[]> {
  if (!vscode.workspace.workspaceFolders?.length) return [];
  const found = await vscode.workspace.findFiles(`**/*.{${SOURCE_EXTENSIONS.join(',')}}`, '**/{node_modules,.git,out,dist,build,target,vendor}/**', MAX_FILES);
  return rankSourceFiles(found.map((uri) => vscode.workspace.asRelativePath(uri, false)));
}

/** The workspace files VS Code reports errors in, by path. */
export function workspaceProblemFiles(): string[] {
  return vscode.languages
    .getDiagnostics()
    .filter(([uri, diagnostics]) => vscode.workspace.getWorkspaceFolder(uri) !== undefined && diagnostics.some((diagnostic) => diagnostic.severity === vscode.DiagnosticSeverity.Error))
    .map(([uri]) => vscode.workspace.asRelativePath(uri, false))
    .sort();
}

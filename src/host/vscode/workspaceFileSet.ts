/**
 * A value read from a set of files in the first workspace folder (the slash commands' prompt
 * files, the chat modes' files), read once at the start and again whenever one of the files
 * matching `patterns` (globs relative to the folder, one watcher each) is created, changed or deleted; listeners hear each new value. A read that
 * fails keeps the last value and is logged.
 */
import * as vscode from 'vscode';
import { errorMessage } from '../../core/errors';
import type { Workspace } from '../../core/workspace';
import { workspaceTextFiles, type TextFileSource } from '../../ui/workspaceTextFiles';

export class WorkspaceFileSet<Value> implements vscode.Disposable {
  private current: Value;
  private readonly changed = new vscode.EventEmitter<Value>();
  private readonly disposables: vscode.Disposable[] = [this.changed];
  private reading: Promise<void> = Promise.resolve();

  /** Fires with each value read after a file changed. */
  readonly onDidChange = this.changed.event;

  constructor(
    workspace: Workspace,
    patterns: readonly string[],
    private readonly read: (files: TextFileSource) => Promise<Value>,
    empty: Value,
    private readonly log: (line: string) => void,
  ) {
    this.current = empty;
    const root = workspace.roots[0];
    if (root === undefined) return;
    const files = workspaceTextFiles(workspace, root);
    const reread = () => {
      // One read at a time, in order: a burst of changes ends with the files as they are.
      this.reading = this.reading.then(async () => {
        try {
          this.current = await this.read(files);
          this.changed.fire(this.current);
        } catch (error) {
          this.log(`could not read ${patterns.join(', ')}: ${errorMessage(error)}`);
        }
      });
    };
    for (const pattern of patterns) {
      // Based on the workspace folder itself: VS Code's recursive workspace watcher, which also sees folders created later.
      const folder = vscode.workspace.getWorkspaceFolder(vscode.Uri.file(root)) ?? vscode.Uri.file(root);
      const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, pattern));
      this.disposables.push(watcher, watcher.onDidCreate(reread), watcher.onDidChange(reread), watcher.onDidDelete(reread));
    }
    reread();
  }

  get value(): Value {
    return this.current;
  }

  /** Resolves once the reads asked for so far are done. */
  settled(): Promise<void> {
    return this.reading;
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}

/**
 * Checkpoints in the VS Code extension, built in one place for the composition root: the
 * checkpoint log beside the conversations (workspaceState), larger contents in the extension's
 * storage folder for this workspace, the recorder, the recording workspace the tools are built
 * on, and the chat view's restore handlers.
 */
import { join } from 'node:path';
import type * as vscode from 'vscode';
import type { Workspace } from '../../core/workspace';
import { CheckpointingWorkspace } from '../../ui/checkpoints/checkpointingWorkspace';
import { CheckpointRecorder } from '../../ui/checkpoints/checkpointRecorder';
import { forgetRemovedCheckpoints, type ResendRestore, type RestoreSession } from '../../ui/checkpoints/checkpointRestore';
import { CheckpointStore } from '../../ui/checkpoints/checkpointStore';
import { FileBlobFolder } from '../../ui/checkpoints/fileBlobFolder';
import { createCheckpointRestoreHandler, createResendRestoreHandler } from './checkpointRestore';

interface VSCodeCheckpointOptions {
  /** Globs never read into a checkpoint (the tools' deny list). */
  exclude: () => readonly string[];
  log: (line: string) => void;
}

interface VSCodeCheckpoints {
  store: CheckpointStore;
  recorder: CheckpointRecorder;
  /** The workspace the tools use: every write and command is recorded. */
  workspace: Workspace;
  /** The chat view's "Restore checkpoint" / "Undo all changes of this task". */
  restoreHandler(session: RestoreSession): (itemId: string) => void;
  /** The chat view's "Restore files and resend" on an edited message. */
  resendRestoreHandler(session: RestoreSession): (itemId: string) => Promise<ResendRestore>;
  /** The chat view's "Resend" (files stay) on an edited message: the checkpoints of the turns it removes go. */
  resendForgetHandler(session: RestoreSession): (itemId: string) => Promise<void>;
}

export function createVSCodeCheckpoints(context: vscode.ExtensionContext, workspace: Workspace, options: VSCodeCheckpointOptions): VSCodeCheckpoints {
  const storage = context.storageUri ?? context.globalStorageUri;
  const store = new CheckpointStore(context.workspaceState, new FileBlobFolder(join(storage.fsPath, 'checkpoints')));
  const recorder = new CheckpointRecorder({ workspace, store, exclude: options.exclude, log: options.log });
  return {
    store,
    recorder,
    workspace: new CheckpointingWorkspace(workspace, recorder),
    restoreHandler: (session) => createCheckpointRestoreHandler({ session, store, workspace, log: options.log }),
    resendRestoreHandler: (session) => createResendRestoreHandler({ session, store, workspace, log: options.log }),
    resendForgetHandler: (session) => (itemId) => forgetRemovedCheckpoints(session, store, itemId),
  };
}

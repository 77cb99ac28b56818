/** Run Task File…: a task file's steps, one after another, as tasks of the conversation it started in. */
import * as vscode from 'vscode';
import { ConfigurationError } from '../../../../core/errors';
import { ExecutionManager } from '../../../../core/loop/executionManager';
import type { ChatSession } from '../../../../ui/chatSession';
import { parseTaskFile } from '../../../../ui/taskFile';
import { abortSignalFromToken } from '../../cancellation';
import type { Command } from './command';
import { COMMANDS } from './commandIds';

/** Runs a task file's steps one after another as tasks of `conversation`, under a cancellable progress notification. */
async function runTaskFileSteps(conversation: ChatSession, taskFile: ReturnType<typeof parseTaskFile>, displayPath: string): Promise<void> {
  conversation.notice(`Running task file ${taskFile.title ?? displayPath}: ${taskFile.steps.length} step(s).`);
  await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'PTK: running task file', cancellable: true }, async (progress, token) => {
      const bridged = abortSignalFromToken(token);
      try {
        let stepNumber = 0;
        const manager = new ExecutionManager({
          orchestrateToolCalling: async (prompt, options) => {
            stepNumber++;
            progress.report({ message: `step ${stepNumber} of ${taskFile.steps.length}` });
            const result = await conversation.send(prompt, { signal: bridged.signal, displayText: `Step ${stepNumber}: ${prompt}`, extraOptions: { tools: options?.tools, maxIterations: options?.maxIterations } });
            if (!result) throw new ConfigurationError('A task is already running in this conversation: wait for it or stop it, then run the task file again.');
            return result;
          },
        });
        const outcome = await manager.executeWorkflow(taskFile.steps, taskFile.variables);
        const failed = outcome.results.find((result) => !result.success);
        conversation.notice(outcome.success ? `Task file done: ${outcome.results.length} step(s) succeeded.` : `Task file stopped at step "${failed?.stepId}": ${failed?.error ?? 'failed'}`);
      } finally {
        bridged.dispose();
      }
    });
}

export const TASK_FILE_COMMANDS: readonly Command[] = [
  {
    id: COMMANDS.runTaskFile,
    run: async ({ session, chatView }, uri?: vscode.Uri) => {
      const target =
        uri ??
        (await vscode.window.showOpenDialog({ title: 'PTK: Run Task File', canSelectMany: false, filters: { 'PTK task file': ['json'] }, openLabel: 'Run' }))?.[0];
      if (!target) return;
      const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(target));
      const taskFile = parseTaskFile(text, vscode.workspace.asRelativePath(target, false));
      await chatView.reveal();
      // Every step runs in the conversation the task file started in, shown or not.
      await session.withShown((conversation) => runTaskFileSteps(conversation, taskFile, vscode.workspace.asRelativePath(target, false)));
    },
  },
];

/**
 * The command palette (category "PTK"): the table of every command PTK registers here, and its
 * registration. A command's failure is logged and shown, never thrown back to VS Code. Long tasks
 * run under withProgress, cancellable: the token becomes the engine's AbortSignal (chatRun.ts).
 */
import * as vscode from 'vscode';
import { errorMessage } from '../../../../core/errors';
import { DiagnosisDocuments } from '../../diagnosisDocuments';
import { CHAT_COMMANDS } from './chatCommands';
import type { Command, CommandDependencies } from './command';
import { DIAGNOSE_COMMANDS } from './diagnoseCommands';
import { EDITOR_COMMANDS } from './editorCommands';
import { LEARNED_SITE_COMMANDS } from './learnedSiteCommands';
import { MENTION_COMMANDS } from './mentionCommands';
import { MODEL_COMMANDS } from './modelCommands';
import { SITE_COMMANDS } from './siteCommands';
import { TASK_FILE_COMMANDS } from './taskFileCommand';

/** Every command of the table, grouped by concern. */
export const COMMAND_TABLE: readonly Command[] = [...CHAT_COMMANDS, ...MENTION_COMMANDS, ...EDITOR_COMMANDS, ...SITE_COMMANDS, ...DIAGNOSE_COMMANDS, ...LEARNED_SITE_COMMANDS, ...MODEL_COMMANDS, ...TASK_FILE_COMMANDS];

/** Registers every command of the table, and the provider of Diagnose Site's reports; returns their disposables. */
export function registerCommands(dependencies: CommandDependencies): vscode.Disposable[] {
  const context = { ...dependencies, diagnosisDocuments: new DiagnosisDocuments() };
  const report = (id: string) => (error: unknown) => {
    dependencies.log.error(`${id} failed: ${errorMessage(error)}`);
    void vscode.window.showErrorMessage(`PTK: ${id} failed: ${errorMessage(error)}`);
  };
  return [
    context.diagnosisDocuments.register(),
    ...COMMAND_TABLE.map(({ id, run }) => vscode.commands.registerCommand(id, (...args: unknown[]) => Promise.resolve().then(() => run(context, ...args)).catch(report(id)))),
  ];
}

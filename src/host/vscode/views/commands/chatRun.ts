/**
 * Running a prompt from a command: in the chat view, under a cancellable progress notification
 * whose token becomes the engine's AbortSignal.
 */
import * as vscode from 'vscode';
import type { PTKExecuteResult } from '../../../../core/loop/loopTypes';
import type { SendOptions } from '../../../../ui/chatSession';
import { abortSignalFromToken } from '../../cancellation';
import type { CommandDependencies } from './command';

/** Runs `work` under a cancellable progress notification; cancelling aborts its signal. */
export function withCancellableProgress<T>(title: string, work: (signal: AbortSignal) => Promise<T>): Thenable<T> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, async (_progress, token) => {
    const bridged = abortSignalFromToken(token);
    try {
      return await work(bridged.signal);
    } finally {
      bridged.dispose();
    }
  });
}

/**
 * Runs a prompt in the chat view under a cancellable progress notification. Resolves with the
 * engine's result (undefined when refused because a task is running).
 */
export async function runInChat(dependencies: Pick<CommandDependencies, 'chatView' | 'session'>, prompt: string, displayText?: string, mode?: SendOptions['mode']): Promise<PTKExecuteResult | undefined> {
  await dependencies.chatView.reveal();
  return withCancellableProgress(`PTK: ${(displayText ?? prompt).split('\n')[0].slice(0, 60)}`, (signal) => dependencies.session.send(prompt, { signal, displayText, ...(mode !== undefined ? { mode } : {}) }));
}

/**
 * Runs a one-shot request from the editor (lightbulb, Explain Selection, Fix Problems) in a
 * conversation of its own (see ChatSessions.freshConversationFor); a task running in the shown
 * conversation goes on in the background.
 */
export async function runOneShot(dependencies: Pick<CommandDependencies, 'chatView' | 'session'>, prompt: string, displayText?: string, mode?: SendOptions['mode']): Promise<PTKExecuteResult | undefined> {
  await dependencies.session.freshConversationFor();
  return runInChat(dependencies, prompt, displayText, mode);
}

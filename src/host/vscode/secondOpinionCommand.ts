/**
 * PTK: Second Opinion in VS Code: the command (also the chat view's "Second opinion" button)
 * runs the pure fan-out (secondOpinion.ts) under a cancellable progress notification, and says
 * in a message when there is no other site (with a button opening ptk.sites) or no finished
 * task. One run at a time.
 */
import * as vscode from 'vscode';
import type { ConsultPort } from '../../core/tools/consultTool';
import type { ChatSessions } from '../../ui/chatSessions';
import { taskDiff, type TaskDiffSources } from '../../ui/checkpoints/taskDiff';
import { withCancellableProgress } from './views/commands/chatRun';
import { NEEDS_ANOTHER_SITE, NO_FINISHED_TASK, runSecondOpinion, SECOND_OPINION_SITES_SETTING, type ReviewSite, type SecondOpinionOutcome } from '../../ui/secondOpinion';

export const SECOND_OPINION_COMMAND = 'ptk.secondOpinion';

/** The button of the "no other site" message. */
const OPEN_SETTING = 'Open Setting';

interface SecondOpinionCommandDependencies {
  /** The chat view's conversations: the one shown when the command runs gets the reviews, even if another is shown before they arrive. */
  sessions: Pick<ChatSessions, 'withShown'>;
  /** The configured sites (ptk.sites, or ptk.site alone) with their names, in order. */
  sites(): readonly ReviewSite[];
  /** The connection's site, when the conversation has none of its own. */
  ownSite(): Promise<string | undefined>;
  port: Pick<ConsultPort, 'send'>;
  diffSources: TaskDiffSources;
  reveal(): Promise<void>;
  log: vscode.LogOutputChannel;
}

/** Runs Second Opinion once (a second press while it runs only says so). */
export function createSecondOpinionCommand(dependencies: SecondOpinionCommandDependencies): () => Promise<SecondOpinionOutcome | undefined> {
  let running = false;
  return async () => {
    if (running) {
      void vscode.window.showInformationMessage('PTK: a Second Opinion is already under way; its reviews are in the chat view.');
      return undefined;
    }
    running = true;
    try {
      const { log } = dependencies;
      // The conversation shown now gets the reviews, and stays alive while they arrive even if another is shown.
      return await dependencies.sessions.withShown(async (session) => {
        const ownSite = session.site() ?? (await dependencies.ownSite());
        const sites = dependencies.sites();
        const others = sites.filter((entry) => entry.site !== ownSite).map((entry) => entry.label);
        await dependencies.reveal();
        const outcome = await withCancellableProgress(`PTK: Second opinion from ${others.join(', ') || 'another site'}`, (signal) =>
          runSecondOpinion({ session, sites, ownSite, signal, diff: (conversationId, taskId) => taskDiff(dependencies.diffSources, conversationId, taskId), send: dependencies.port.send, createId: () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}` }),
        );
        if (outcome.status === 'noOtherSite') {
          if ((await vscode.window.showWarningMessage(`PTK: ${NEEDS_ANOTHER_SITE}`, OPEN_SETTING)) === OPEN_SETTING) await vscode.commands.executeCommand('workbench.action.openSettings', SECOND_OPINION_SITES_SETTING);
        } else if (outcome.status === 'noFinishedTask') void vscode.window.showInformationMessage(`PTK: ${NO_FINISHED_TASK}`);
        else log.info(`Second Opinion: ${outcome.reviews.map((review) => `${review.site} ${review.ok ? 'reviewed' : `failed: ${review.text}`}`).join('; ')}`);
        return outcome;
      });
    } finally {
      running = false;
    }
  };
}

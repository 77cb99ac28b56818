/**
 * The learned site of site "auto" (what site discovery found on the page, kept across restarts):
 * Export Learned Site as ptk.customSite opens it as an untitled settings snippet to edit and use
 * with ptk.site "custom"; Forget Learned Site drops it, so the next task learns the page again
 * (after a redesign made it stale).
 */
import * as vscode from 'vscode';
import { learnedSiteChoices, learnedSiteDocument, type LearnedSitesBackend } from '../../../../ui/learnedSites';
import type { Command, CommandContext } from './command';
import { COMMANDS } from './commandIds';

const NOTHING_LEARNED = 'PTK: nothing is learned of a chat page yet. Run a task with ptk.site "auto" (and ptk.siteUrl, the chat page) first.';

/** The page the command acts on: ptk.siteUrl's under site "auto", else the one picked among those learned; undefined after saying why. */
async function chooseLearnedPage({ learnedSites }: CommandContext, backend: LearnedSitesBackend, title: string): Promise<string | undefined> {
  const origins = learnedSites.sites.records(backend).map((record) => record.origin);
  const choice = learnedSiteChoices(learnedSites.settings(), origins);
  if ('url' in choice) return choice.url;
  if (choice.urls.length === 0) {
    void vscode.window.showInformationMessage(NOTHING_LEARNED);
    return undefined;
  }
  if (choice.urls.length === 1) return choice.urls[0];
  return vscode.window.showQuickPick(choice.urls, { title, placeHolder: 'The chat page whose learned site is used' });
}

export const LEARNED_SITE_COMMANDS: readonly Command[] = [
  {
    id: COMMANDS.exportLearnedSite,
    run: async (context) => {
      const backend = context.learnedSites.backend();
      const url = await chooseLearnedPage(context, backend, 'PTK: Export Learned Site as ptk.customSite');
      if (!url) return;
      const customSite = backend.customSite(url);
      if (!customSite) {
        void vscode.window.showInformationMessage(`PTK: only part of ${new URL(url).host} is learned yet (its turn selectors come with the first answer). Run a task with ptk.site "auto" first.`);
        return;
      }
      const document = await vscode.workspace.openTextDocument({ language: 'jsonc', content: learnedSiteDocument(customSite) });
      await vscode.window.showTextDocument(document, { preview: false });
    },
  },
  {
    id: COMMANDS.forgetLearnedSite,
    run: async (context) => {
      const backend = context.learnedSites.backend();
      const url = await chooseLearnedPage(context, backend, 'PTK: Forget Learned Site');
      if (!url) return;
      context.learnedSites.sites.forget(backend, url);
      context.log.info(`Forget Learned Site: ${new URL(url).origin}`);
      // The open connection's adapter holds what it learned: a new one starts from nothing.
      if (context.learnedSites.settings().site === 'auto') await context.reconnect();
      void vscode.window.showInformationMessage(`PTK: forgot what was learned of ${new URL(url).host}; the next task learns the page again.`);
    },
  },
];

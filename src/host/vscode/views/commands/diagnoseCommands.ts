/**
 * Diagnose Site: the report opens beside as a read-only document, the page's snapshot is saved
 * in the extension's storage. From the palette with several sites it asks which (the shown
 * conversation's first); the chat view's menu diagnoses the shown conversation's site.
 */
import * as vscode from 'vscode';
import { diagnosedSite } from '../../../../shared/chat/connectionLabels';
import { conversationConnectionState, diagnoseSiteItems } from '../../../../ui/conversationConnection';
import type { Command, CommandContext } from './command';
import { COMMANDS } from './commandIds';
import { withCancellableProgress } from './chatRun';

/** PTK: Diagnose Site on `site` (undefined: the only or current site): the report opens beside, the snapshot is saved. */
async function diagnose({ connection, session, log, storageUri, diagnosisDocuments }: CommandContext, site: string | undefined): Promise<void> {
  const model = await connection.siteModel(site);
  if (!model.diagnose) {
    void vscode.window.showInformationMessage('PTK: Diagnose Site works on a chat site in the browser; the current model is not one.');
    return;
  }
  const diagnosis = await withCancellableProgress('PTK: diagnosing the chat site…', (signal) => model.diagnose!(signal));
  const folder = vscode.Uri.joinPath(storageUri, 'diagnostics');
  await vscode.workspace.fs.createDirectory(folder);
  // The demo is named as the header names it, never as the site it imitates.
  const shown = diagnosedSite(conversationConnectionState(connection.state, site), { id: diagnosis.site, name: diagnosis.siteName });
  const snapshot = vscode.Uri.joinPath(folder, `${shown.filePrefix}-${new Date().toISOString().replace(/[:.]/g, '-')}.html`);
  await vscode.workspace.fs.writeFile(snapshot, new TextEncoder().encode(diagnosis.snapshot));
  log.info(`Diagnose Site (${shown.name}): ${diagnosis.problems.length === 0 ? 'no problem' : diagnosis.problems.join('; ')}; snapshot ${snapshot.fsPath}`);
  // Several sites: the router's state of the site (limited until 15:00, signed out…) is the report's state.
  const routerState = session.sites().find((entry) => entry.site === (site ?? diagnosis.site));
  const report = diagnosisDocuments.add(`${snapshot.path.split('/').pop()!.replace(/\.html$/, '')}.md`, diagnosis.report(snapshot.fsPath, { siteName: shown.name, routerState }));
  const document = await vscode.workspace.openTextDocument(report);
  await vscode.window.showTextDocument(document, { preview: false });
}

export const DIAGNOSE_COMMANDS: readonly Command[] = [
  {
    id: COMMANDS.diagnoseSite,
    run: async (context) => {
      const sites = context.session.sites();
      if (sites.length < 2) return diagnose(context, undefined);
      const picked = await vscode.window.showQuickPick(diagnoseSiteItems(sites, context.session.site()), { title: 'PTK: Diagnose Site', placeHolder: 'The site whose page is checked' });
      if (picked) await diagnose(context, picked.site);
    },
  },
  { id: COMMANDS.diagnoseConversationSite, run: (context) => diagnose(context, context.session.site()) },
];

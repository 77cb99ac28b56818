/** The buttons of the chat view's connection header and error cards: retry, choose the site, log in, open the tab. */
import * as vscode from 'vscode';
import { errorMessage } from '../../../../core/errors';
import type { ConnectionAction } from '../../../../shared/chat/protocol';
import { conversationConnectionState } from '../../../../ui/conversationConnection';
import { EXTENSION_SETTINGS_SECTION } from '../../../../ui/settings';
import { readSetting } from '../../configuration';
import type { CommandDependencies } from './command';
import { COMMANDS } from './commandIds';

/** The browser runs without a window (ptk.headless, as the demo runs it): a tab it "opens" cannot be seen, so the user is told how to see it. */
export function tellIfHeadless(): void {
  if (readSetting<boolean>(EXTENSION_SETTINGS_SECTION, 'headless') !== true) return;
  const message = 'PTK: the browser runs without a window (ptk.headless is on), so its tab cannot be shown. Turn ptk.headless off to see the tab and log in there.';
  void vscode.window.showInformationMessage(message, 'Open Settings').then((choice) => {
    if (choice) void vscode.commands.executeCommand('workbench.action.openSettings', 'ptk.headless');
  });
}

/**
 * A button of the chat view's connection header or of an error card: retry (reconnecting first
 * when the site is not connected), choose the site, log in (show the tab, then re-check when the
 * user says Done) or show the tab. Log in and Open tab act on `site` (an error card's: the site
 * that failed), else on the shown conversation's site. A failure is logged and shown, never thrown.
 */
export async function runConnectionAction(dependencies: CommandDependencies, action: ConnectionAction, site?: string): Promise<void> {
  const { connection, session } = dependencies;
  const target = site ?? session.site();
  try {
    if (action === 'retry') {
      if (connection.state.status !== 'connected') await dependencies.reconnect();
      await session.retry();
    } else if (action === 'chooseSite') await vscode.commands.executeCommand(COMMANDS.connect);
    else if (action === 'login') {
      await connection.openTab(target);
      tellIfHeadless();
      const label = conversationConnectionState(connection.state, target).site;
      const done = await vscode.window.showInformationMessage(`Log in to ${label} in the browser window, then press Done.`, 'Done');
      if (done) await connection.refreshLogin(target);
    } else {
      await connection.openTab(target);
      tellIfHeadless();
    }
  } catch (error) {
    dependencies.log.error(`${action}: ${errorMessage(error)}`);
    void vscode.window.showErrorMessage(`PTK: ${errorMessage(error)}`);
  }
}

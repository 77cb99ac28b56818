/**
 * Choosing the chat site: Connect Browser / Choose Site (with one site: ptk.site, then its tab
 * opens; with several: the shown conversation's site) and Site for This Conversation….
 */
import * as vscode from 'vscode';
import { errorMessage } from '../../../../core/errors';
import { siteMenuItems, siteMenuTitle, type SiteMenuItem } from '../../../../ui/conversationSite';
import { EXTENSION_SETTINGS_SECTION, type SiteId } from '../../../../ui/settings';
import { clearsSiteUrl, levelsSetAt, sitePickerItems, siteChoiceTitle, stillOverriddenMessage, type SettingLevel } from '../../../../ui/sitePicker';
import { readSetting } from '../../configuration';
import type { Command, CommandContext } from './command';
import { COMMANDS } from './commandIds';
import { tellIfHeadless } from './connectionAction';

/**
 * Clears ptk.siteUrl at the levels VS Code can write it at (user and workspace settings), so a
 * chosen site is not overridden by it; returns the levels cleared. A folder's value (multi-root)
 * cannot be written for a window-scoped setting: the caller warns that it still overrides.
 */
async function clearSiteUrl(configuration: vscode.WorkspaceConfiguration, log: vscode.LogOutputChannel): Promise<SettingLevel[]> {
  const targets = { user: vscode.ConfigurationTarget.Global, workspace: vscode.ConfigurationTarget.Workspace } as const;
  const cleared: SettingLevel[] = [];
  for (const level of levelsSetAt(configuration.inspect('siteUrl'))) {
    if (level === 'folder') continue;
    try {
      await configuration.update('siteUrl', undefined, targets[level]);
      cleared.push(level);
      log.info(`Choose Site: cleared ptk.siteUrl in the ${level} settings, so the chosen site is opened.`);
    } catch (error) {
      log.warn(`Choose Site: could not clear ptk.siteUrl in the ${level} settings: ${errorMessage(error)}`);
    }
  }
  return cleared;
}

/** A setting that, after a choice, still makes PTK use something other than `site`: ptk.site set elsewhere, or a ptk.siteUrl that was to be cleared. */
function siteChoiceOverridden(site: SiteId, siteUrlToClear: boolean): { key: 'ptk.site' | 'ptk.siteUrl'; value: string; levels: SettingLevel[] } | undefined {
  const configuration = vscode.workspace.getConfiguration(EXTENSION_SETTINGS_SECTION);
  const nowSite = readSetting<string>(EXTENSION_SETTINGS_SECTION, 'site') ?? 'chatgpt';
  if (nowSite !== site) return { key: 'ptk.site', value: nowSite, levels: levelsSetAt(configuration.inspect('site')).filter((level) => level !== 'user') };
  const nowUrl = readSetting<string>(EXTENSION_SETTINGS_SECTION, 'siteUrl');
  if (nowUrl && siteUrlToClear) return { key: 'ptk.siteUrl', value: nowUrl, levels: levelsSetAt(configuration.inspect('siteUrl')) };
  return undefined;
}

/** The site menu of ptk.sites: the site picked becomes the shown conversation's (its later model calls ask for it). */
async function pickConversationSite({ session, shownConnection, log }: CommandContext, title: string, placeHolder: string): Promise<SiteMenuItem | undefined> {
  // The conversation's own site is the highlighted row: Enter keeps it, never moves it to the first listed (maybe limited) site.
  const items = siteMenuItems(session.sites(), session.chosenSiteId);
  const menu = vscode.window.createQuickPick<SiteMenuItem>();
  Object.assign(menu, { title, placeholder: placeHolder, items });
  menu.activeItems = items.filter((item) => item.site === session.site());
  const picked = await new Promise<SiteMenuItem | undefined>((resolve) => {
    menu.onDidAccept(() => {
      resolve(menu.selectedItems[0] ?? menu.activeItems[0]);
      menu.hide();
    });
    menu.onDidHide(() => resolve(undefined));
    menu.show();
  });
  menu.dispose();
  if (!picked) return undefined;
  await session.chooseSite(picked.site);
  shownConnection.refresh();
  log.info(`Site for this conversation: ${picked.site}`);
  void vscode.window.setStatusBarMessage(`PTK: this conversation uses ${picked.label}`, 4000);
  return picked;
}

export const SITE_COMMANDS: readonly Command[] = [
  {
    id: COMMANDS.connect,
    run: async (context) => {
      const { session, connection, log } = context;
      if (session.sites().length >= 2) {
        // Several sites (ptk.sites): the list is theirs, each at its own address. The one picked
        // becomes the shown conversation's site and its tab opens, so the user can log in there.
        const picked = await pickConversationSite(context, 'PTK: Connect Browser / Choose Site', 'This conversation uses the site picked; its tab opens');
        if (picked) {
          await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `PTK: opening ${picked.label}…` }, () => connection.openTab(picked.site));
          tellIfHeadless();
        }
        return;
      }
      const configuration = vscode.workspace.getConfiguration(EXTENSION_SETTINGS_SECTION);
      const current = {
        currentSite: readSetting<string>(EXTENSION_SETTINGS_SECTION, 'site') ?? 'chatgpt',
        siteUrl: readSetting<string>(EXTENSION_SETTINGS_SECTION, 'siteUrl') || undefined,
      };
      const picked = await vscode.window.showQuickPick(sitePickerItems(current), {
        title: 'PTK: Connect Browser / Choose Site',
        placeHolder: 'The chat site PTK drives (a browser tab opens so you can log in)',
      });
      if (!picked) return;
      const cleared: SettingLevel[] = [];
      if (picked.site) {
        if (picked.site !== current.currentSite) await configuration.update('site', picked.site satisfies SiteId, vscode.ConfigurationTarget.Global);
        const siteUrlToClear = clearsSiteUrl(picked.site, current);
        if (siteUrlToClear) cleared.push(...(await clearSiteUrl(configuration, log)));
        const overriding = siteChoiceOverridden(picked.site, siteUrlToClear);
        if (overriding) {
          void vscode.window.showWarningMessage(stillOverriddenMessage(picked.label, overriding.key, overriding.value, overriding.levels), 'Open Settings').then((choice) => {
            if (choice) void vscode.commands.executeCommand('workbench.action.openSettings', overriding.key);
          });
        }
      }
      await context.reconnect();
      await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: siteChoiceTitle(picked.label, cleared) }, () => connection.openTab());
      tellIfHeadless();
    },
  },
  // Several sites (ptk.sites): the site the shown conversation's model calls ask for.
  {
    id: COMMANDS.chooseConversationSite,
    run: async (context) => {
      const sites = context.session.sites();
      if (sites.length < 2) {
        void vscode.window.showInformationMessage('PTK: one site is configured; list several in ptk.sites to choose one per conversation.');
        return;
      }
      await pickConversationSite(context, siteMenuTitle(sites, context.session.chosenSiteId), "The site this conversation's tasks start on");
    },
  },
];

/**
 * Choose Model: the models the site's picker offers, then (when the site has them) the reasoning
 * level and the mode switches; the choice is written to ptk.model in the user settings.
 */
import * as vscode from 'vscode';
import { isDemo } from '../../../../shared/chat/connectionLabels';
import { levelMenuItems, modelChosenMessage, modelMenuItems, modelMenuPlaceholder, modelMenuTitle, modelSetting, offeredLevels, switchesToTick } from '../../../../ui/modelMenu';
import { EXTENSION_SETTINGS_SECTION } from '../../../../ui/settings';
import type { Command } from './command';
import { COMMANDS } from './commandIds';
import { withCancellableProgress } from './chatRun';

export const MODEL_COMMANDS: readonly Command[] = [
  {
    id: COMMANDS.chooseModel,
    run: async ({ session, connection }) => {
      // Several sites: ptk.model names a model of the first listed site, so its picker is the one read.
      const [first, ...others] = session.sites();
      const model = others.length > 0 ? await connection.siteModel(first!.site) : await connection.getModel();
      if (!model.listModels) {
        void vscode.window.showInformationMessage('PTK: Choose Model works on a chat site in the browser; the current model is not one.');
        return;
      }
      const offered = await withCancellableProgress("PTK: reading the site's model picker…", (signal) => model.listModels!(signal));
      if (!offered.hasPicker) {
        void vscode.window.showInformationMessage(`PTK: no model picker is known on ${offered.site}; leave ptk.model empty there (the site's current model is used).`);
        return;
      }
      const configuration = vscode.workspace.getConfiguration(EXTENSION_SETTINGS_SECTION);
      const setting = configuration.get<string>('model') ?? '';
      const menuContext = { demo: isDemo(connection.state), ...(others.length > 0 ? { site: first!.label } : {}) };
      const items = modelMenuItems(offered, setting, menuContext).map((item) => (item.separator ? { ...item, kind: vscode.QuickPickItemKind.Separator } : item));
      const picked = await vscode.window.showQuickPick(items, { title: modelMenuTitle(setting, menuContext), placeHolder: modelMenuPlaceholder(offered, menuContext) });
      if (!picked) return;
      let value = picked.value;
      if (value && offeredLevels(offered).length > 0) {
        const level = await vscode.window.showQuickPick(levelMenuItems(offered, setting), { title: `PTK: Choose Model: reasoning level with ${value}`, placeHolder: 'The level the model answers with' });
        if (!level) return;
        value = modelSetting(value, [level.value]);
      }
      if (value && offered.toggles.length > 0) {
        const ticked = switchesToTick(offered, setting);
        const switches = await vscode.window.showQuickPick(
          offered.toggles.map((toggle) => ({ label: toggle.name, picked: ticked.includes(toggle.name) })),
          { title: `PTK: Choose Model: reasoning level and modes with ${value}`, placeHolder: 'Ticked ones are turned on, the others off', canPickMany: true },
        );
        if (!switches) return;
        value = modelSetting(value, switches.map((item) => item.label));
      }
      await configuration.update('model', value, vscode.ConfigurationTarget.Global);
      void vscode.window.setStatusBarMessage(modelChosenMessage(value, menuContext), 4000);
    },
  },
];

/**
 * On activation, moves the values of renamed settings (src/host/vscode/settingRenames.ts) to
 * their new names, in the scope each was set in, and removes the old names there. VS Code only
 * writes settings it knows, so an old name stays contributed in package.json (deprecated) for as
 * long as values may need moving.
 */
import * as vscode from 'vscode';
import { errorMessage } from '../../core/errors';
import { RENAMED_SETTINGS, settingMoves, type RenamedSetting, type SettingScope } from './settingRenames';

/** Where the migration reports what it moved and what it could not. */
interface MigrationLog {
  info(message: string): void;
  warn(message: string): void;
}

const TARGET_OF_SCOPE: Record<SettingScope, vscode.ConfigurationTarget> = {
  global: vscode.ConfigurationTarget.Global,
  workspace: vscode.ConfigurationTarget.Workspace,
  workspaceFolder: vscode.ConfigurationTarget.WorkspaceFolder,
};

/** A configuration to inspect and write, the scopes to look at there, and how to name it in the log. */
interface SettingsPlace {
  configuration: vscode.WorkspaceConfiguration;
  scopes: SettingScope[];
  label: (scope: SettingScope) => string;
}

function settingsPlaces(): SettingsPlace[] {
  const places: SettingsPlace[] = [
    { configuration: vscode.workspace.getConfiguration(), scopes: ['global', 'workspace'], label: (scope) => (scope === 'global' ? 'user settings' : 'workspace settings') },
  ];
  // In a single-folder window the folder's settings are the workspace settings (handled above);
  // only a multi-root workspace has settings per folder.
  if (vscode.workspace.workspaceFile) {
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      places.push({ configuration: vscode.workspace.getConfiguration(undefined, folder.uri), scopes: ['workspaceFolder'], label: () => `folder settings of ${folder.name}` });
    }
  }
  return places;
}

/** Moves one renamed setting everywhere it is set; returns where it moved. */
async function migrate(rename: RenamedSetting, log: MigrationLog): Promise<string[]> {
  const moved: string[] = [];
  for (const place of settingsPlaces()) {
    const moves = settingMoves(place.configuration.inspect(rename.from), place.configuration.inspect(rename.to), place.scopes);
    for (const move of moves) {
      try {
        await place.configuration.update(rename.to, move.value, TARGET_OF_SCOPE[move.scope]);
        await place.configuration.update(rename.from, undefined, TARGET_OF_SCOPE[move.scope]);
        moved.push(place.label(move.scope));
      } catch (error) {
        log.warn(`Could not move the setting ${rename.from} to ${rename.to} in ${place.label(move.scope)}: ${errorMessage(error)}`);
      }
    }
  }
  return moved;
}

/** Moves every renamed setting the user still has under its old name, logging one line per setting moved. */
export async function migrateRenamedSettings(log: MigrationLog): Promise<void> {
  for (const rename of RENAMED_SETTINGS) {
    try {
      const moved = await migrate(rename, log);
      if (moved.length > 0) log.info(`The setting ${rename.from} is now ${rename.to}: moved its value in ${moved.join(', ')}.`);
    } catch (error) {
      log.warn(`Could not check the setting ${rename.from}: ${errorMessage(error)}`);
    }
  }
}

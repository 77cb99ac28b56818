/**
 * Settings that were renamed, and which of their values move to the new name. A value moves in
 * the scope it was set in (user, workspace or folder settings) when the old name has a value
 * there and the new name has none; a scope where both are set keeps the new value and leaves
 * the old one, now ignored, for the user to delete. Pure: src/host/vscode/settingsMigration.ts
 * reads VS Code's `inspect` results and writes the moves.
 */

/** A setting's old and new full names. */
export interface RenamedSetting {
  from: string;
  to: string;
}

/** Every renamed setting, oldest first. */
export const RENAMED_SETTINGS: readonly RenamedSetting[] = [
  // The per-field cap inside a tool result had the same name as the loop's cap of the whole
  // result (`ptk.toolResultMaxChars`).
  { from: 'ptk.tools.toolResultMaxChars', to: 'ptk.tools.resultFieldMaxChars' },
];

/** Where a setting's value is written: user settings, workspace settings, one folder's settings. */
export type SettingScope = 'global' | 'workspace' | 'workspaceFolder';

/** The fields of VS Code's `WorkspaceConfiguration.inspect(key)` result this module reads. */
interface ScopedValues {
  globalValue?: unknown;
  workspaceValue?: unknown;
  workspaceFolderValue?: unknown;
}

/** One value to copy to the new name in `scope`, after which the old name is removed there. */
interface SettingMove {
  scope: SettingScope;
  value: unknown;
}

const ALL_SCOPES: readonly SettingScope[] = ['global', 'workspace', 'workspaceFolder'];

const VALUE_OF_SCOPE: Record<SettingScope, keyof ScopedValues> = {
  global: 'globalValue',
  workspace: 'workspaceValue',
  workspaceFolder: 'workspaceFolderValue',
};

/** Null counts as unset, as it does for the settings reader. */
function isSet(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/**
 * The moves for one renamed setting, given `inspect` of its old and new names (undefined when
 * VS Code knows neither), looking only at `scopes`.
 */
export function settingMoves(oldValues: ScopedValues | undefined, newValues: ScopedValues | undefined, scopes: readonly SettingScope[] = ALL_SCOPES): SettingMove[] {
  const moves: SettingMove[] = [];
  for (const scope of scopes) {
    const oldValue = oldValues?.[VALUE_OF_SCOPE[scope]];
    if (isSet(oldValue) && !isSet(newValues?.[VALUE_OF_SCOPE[scope]])) moves.push({ scope, value: oldValue });
  }
  return moves;
}

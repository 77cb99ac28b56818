/**
 * Settings from VS Code's configuration, validated by the zod schemas (the reading itself is
 * src/host/vscode/settingsReader.ts). A bad value in the user's settings gives a CONFIG_INVALID
 * error naming the setting; it never silently becomes a default.
 */
import * as vscode from 'vscode';
import type { z } from 'zod';
import type { ToolSettings } from '../../tools/settings';
import { readSettingsFrom, readToolSettingsFrom, TOOL_SETTINGS_SECTION, type ConfigurationSource } from './settingsReader';

export { TOOL_SETTINGS_SECTION } from './settingsReader';

/** Every key of an object schema from a configuration section (VS Code's unless `source` is given), validated. */
export function readSettings<Schema extends z.ZodObject>(
  schema: Schema,
  section: string,
  source: ConfigurationSource = vscode.workspace.getConfiguration(section),
): z.output<Schema> {
  return readSettingsFrom(schema, section, source);
}

/** The IDE tools' settings from `ptk.tools.*`, validated, defaults filled. */
export function readToolSettings(source?: ConfigurationSource): ToolSettings {
  return readToolSettingsFrom(source ?? vscode.workspace.getConfiguration(TOOL_SETTINGS_SECTION));
}

/** Calls `listener` whenever a setting under `section` changes. */
export function onSettingsChanged(section: string, listener: () => void): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration((event) => {
    if (event.affectsConfiguration(section)) listener();
  });
}

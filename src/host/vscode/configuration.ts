/**
 * Settings reader: VS Code configuration validated by the zod schemas. A bad value in the
 * user's settings gives a CONFIG_INVALID error naming the setting; it never silently becomes a default.
 */
import * as vscode from 'vscode';
import type { z } from 'zod';
import { PTKError, PTKErrorCode } from '../../core/errors';
import { ToolSettingsSchema, type ToolSettings } from '../../tools/settings';

/** Configuration section of the IDE tools' settings (`ptk.tools.maxFileBytes`, …). */
export const TOOL_SETTINGS_SECTION = 'ptk.tools';

/** The subset of vscode.WorkspaceConfiguration this reader uses (lets tests pass a plain object). */
export interface ConfigurationSource {
  get<T>(key: string): T | undefined;
}

/**
 * Reads every key of an object schema from a configuration section and validates the result.
 * Keys the user did not set are left to the schema's defaults.
 */
export function readSettings<Schema extends z.ZodObject>(
  schema: Schema,
  section: string,
  source: ConfigurationSource = vscode.workspace.getConfiguration(section),
): z.output<Schema> {
  const input: Record<string, unknown> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = source.get<unknown>(key);
    if (value !== undefined && value !== null) input[key] = value;
  }
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const details = parsed.error.issues
      .map((issue) => `${[section, ...issue.path.map(String)].join('.')}: ${issue.message}`)
      .join('; ');
    throw new PTKError(`Invalid settings: ${details}`, PTKErrorCode.CONFIG_INVALID, { cause: parsed.error, context: { section } });
  }
  return parsed.data;
}

/** The IDE tools' settings from `ptk.tools.*`, validated, defaults filled. */
export function readToolSettings(source?: ConfigurationSource): ToolSettings {
  return readSettings(ToolSettingsSchema, TOOL_SETTINGS_SECTION, source ?? vscode.workspace.getConfiguration(TOOL_SETTINGS_SECTION));
}

/** Calls `listener` whenever a setting under `section` changes. */
export function onSettingsChanged(section: string, listener: () => void): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration((event) => {
    if (event.affectsConfiguration(section)) listener();
  });
}

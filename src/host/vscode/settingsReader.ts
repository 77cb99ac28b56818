/**
 * Reading a settings section through a zod object schema, from any source with `get(key)`
 * (VS Code's WorkspaceConfiguration, or a plain object in tests). Free of 'vscode' so it is
 * tested in plain Node; src/host/vscode/configuration.ts supplies VS Code's configuration.
 */
import type { z } from 'zod';
import { PTKError, PTKErrorCode } from '../../core/errors';
import { ToolSettingsSchema, type ToolSettings } from '../../tools/settings';

/** Configuration section of the IDE tools' settings (`ptk.tools.maxFileBytes`, …). */
export const TOOL_SETTINGS_SECTION = 'ptk.tools';

/** The subset of vscode.WorkspaceConfiguration the reader uses. */
export interface ConfigurationSource {
  get<T>(key: string): T | undefined;
  /** The value per settings level; a source without it has no user-only settings. */
  inspect?<T>(key: string): { globalValue?: T } | undefined;
}

/**
 * Tool settings taken from the user's settings only: a repository's `.vscode/settings.json` or
 * workspace file can neither shorten nor empty them (the manifest also scopes them `application`).
 */
const USER_ONLY_TOOL_SETTINGS: ReadonlySet<string> = new Set(['protectedFiles']);

/** `source` with the user-only keys read from the user's settings (globalValue), never from a workspace. */
function userOnly(source: ConfigurationSource, keys: ReadonlySet<string>): ConfigurationSource {
  return { get: <T>(key: string) => (keys.has(key) ? source.inspect?.<T>(key)?.globalValue : source.get<T>(key)) };
}

/**
 * Reads every key of an object schema from a configuration section and validates the result.
 * Keys the user did not set are left to the schema's defaults; a bad value throws CONFIG_INVALID
 * naming the setting (`ptk.tools.maxFileBytes: …`), it never silently becomes a default.
 */
export function readSettingsFrom<Schema extends z.ZodObject>(schema: Schema, section: string, source: ConfigurationSource): z.output<Schema> {
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

/** The IDE tools' settings from the `ptk.tools` section of `source`, validated, defaults filled. */
export function readToolSettingsFrom(source: ConfigurationSource): ToolSettings {
  return readSettingsFrom(ToolSettingsSchema, TOOL_SETTINGS_SECTION, userOnly(source, USER_ONLY_TOOL_SETTINGS));
}

/**
 * Reading a settings section through a zod object schema, from any source with `get(key)` and
 * `inspect(key)` (VS Code's WorkspaceConfiguration, or a plain object in tests). Each setting is
 * read as its policy says (src/host/vscode/settingPolicy.ts): a setting only the user may set
 * takes the user's value or the default, whatever a workspace says; a setting only a trusted
 * folder may set takes the user's value while the folder is untrusted; a list a workspace may only
 * add to is the user's (or the default) list with the workspace's entries added. Free of 'vscode' so it is
 * tested in plain Node; src/host/vscode/configuration.ts supplies VS Code's configuration.
 */
import type { z } from 'zod';
import { PTKError, PTKErrorCode } from '../../core/errors';
import { ToolSettingsSchema, type ToolSettings } from '../../tools/settings';
import { addedList, ignoredSetting, notRemovedSetting, settingPolicy, type IgnoredSetting } from './settingPolicy';

/** Configuration section of the IDE tools' settings (`ptk.tools.maxFileBytes`, …). */
export const TOOL_SETTINGS_SECTION = 'ptk.tools';

/** The fields of VS Code's `WorkspaceConfiguration.inspect(key)` the reader uses. */
interface InspectedSetting {
  globalValue?: unknown;
  workspaceValue?: unknown;
  workspaceFolderValue?: unknown;
  /** The contributed default (package.json). */
  defaultValue?: unknown;
}

/** The subset of vscode.WorkspaceConfiguration the reader uses. */
export interface ConfigurationSource {
  /** The merged value (default < user < workspace < folder). */
  get<T>(key: string): T | undefined;
  /** The value per place it was set in. */
  inspect(key: string): InspectedSetting | undefined;
}

/** How to read: whether the folder is trusted, and who hears of workspace values that were ignored. */
export interface ReadContext {
  trusted: boolean;
  /** Called with the workspace values ignored by one read (only when there are some). */
  ignored?: (settings: IgnoredSetting[]) => void;
}

function isSet(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/**
 * The value of `key` (relative to `section`) that counts: the merged value where a workspace may
 * set it, else the user's value (undefined: the default). For a list a workspace may only add to,
 * the user's list (else `defaultValue`, else the contributed default) with the workspace's and the
 * folder's entries added. A workspace value that did not count, or a list that left out entries
 * (kept all the same), is pushed to `ignored`.
 */
export function settingValue(source: ConfigurationSource, section: string, key: string, trusted: boolean, ignored: IgnoredSetting[], defaultValue?: unknown): unknown {
  const fullKey = `${section}.${key}`;
  if (settingPolicy(fullKey).from === 'adds') {
    const inspected = source.inspect(key);
    const base = [inspected?.globalValue, defaultValue, inspected?.defaultValue].find(isSet);
    const workspaceLists = [inspected?.workspaceValue, inspected?.workspaceFolderValue].filter(isSet);
    if (isSet(base) && !Array.isArray(base)) return base; // Not a list: the schema names the bad value.
    if (!isSet(base) && workspaceLists.length === 0) return undefined;
    const { value, kept } = addedList(Array.isArray(base) ? base : [], workspaceLists);
    const notRemoved = notRemovedSetting(fullKey, kept);
    if (notRemoved) ignored.push(notRemoved);
    return value;
  }
  const refused = ignoredSetting(fullKey, trusted);
  if (!refused) return source.get<unknown>(key);
  const inspected = source.inspect(key);
  if (isSet(inspected?.workspaceValue) || isSet(inspected?.workspaceFolderValue)) ignored.push(refused);
  return inspected?.globalValue;
}

/**
 * Reads every key of an object schema from a configuration section and validates the result.
 * Keys the user did not set are left to the schema's defaults; a bad value throws CONFIG_INVALID
 * naming the setting (`ptk.tools.maxFileBytes: …`), it never silently becomes a default.
 */
export function readSettingsFrom<Schema extends z.ZodObject>(schema: Schema, section: string, source: ConfigurationSource, context: ReadContext): z.output<Schema> {
  const input: Record<string, unknown> = {};
  const ignored: IgnoredSetting[] = [];
  for (const [key, field] of Object.entries(schema.shape)) {
    const value = settingValue(source, section, key, context.trusted, ignored, (field as z.ZodType).safeParse(undefined).data);
    if (isSet(value)) input[key] = value;
  }
  if (ignored.length > 0) context.ignored?.(ignored);
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const details = parsed.error.issues
      .map((issue) => `${[section, ...issue.path.map(String)].join('.')}: ${issue.message}`)
      .join('; ');
    throw new PTKError(`Invalid settings: ${details}`, { code: PTKErrorCode.CONFIG_INVALID, cause: parsed.error, context: { section } });
  }
  return parsed.data;
}

/** The IDE tools' settings from the `ptk.tools` section of `source`, validated, defaults filled. */
export function readToolSettingsFrom(source: ConfigurationSource, context: ReadContext): ToolSettings {
  return readSettingsFrom(ToolSettingsSchema, TOOL_SETTINGS_SECTION, source, context);
}

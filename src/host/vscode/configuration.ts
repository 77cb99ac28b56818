/**
 * Settings from VS Code's configuration, validated by the zod schemas and read as each setting's
 * policy says (the reading itself is src/host/vscode/settingsReader.ts, the policy
 * src/host/vscode/settingPolicy.ts). A bad value in the user's settings gives a CONFIG_INVALID
 * error naming the setting; it never silently becomes a default. A workspace value that is
 * ignored is named once in the log and in a notification (`watchIgnoredWorkspaceSettings`).
 */
import * as vscode from 'vscode';
import type { z } from 'zod';
import type { ToolSettings } from '../../tools/settings';
import { countedBecauseTrusted, IgnoredSettingsNotice, ignoredSetting, settingsSetInText, type IgnoredSetting } from './settingPolicy';
import { readSettingsFrom, readToolSettingsFrom, settingValue, TOOL_SETTINGS_SECTION, type ConfigurationSource, type ReadContext } from './settingsReader';

export { TOOL_SETTINGS_SECTION } from './settingsReader';

/** Set by `watchIgnoredWorkspaceSettings` (the extension's activation); reads elsewhere (tests) tell nobody. */
let notice: IgnoredSettingsNotice | undefined;

function readContext(): ReadContext {
  return { trusted: vscode.workspace.isTrusted, ignored: (settings) => notice?.report(settings) };
}

/** Every key of an object schema from a configuration section (VS Code's unless `source` is given), validated. */
export function readSettings<Schema extends z.ZodObject>(
  schema: Schema,
  section: string,
  source: ConfigurationSource = vscode.workspace.getConfiguration(section),
): z.output<Schema> {
  return readSettingsFrom(schema, section, source, readContext());
}

/** The IDE tools' settings from `ptk.tools.*`, validated, defaults filled. */
export function readToolSettings(source?: ConfigurationSource): ToolSettings {
  return readToolSettingsFrom(source ?? vscode.workspace.getConfiguration(TOOL_SETTINGS_SECTION), readContext());
}

/** One setting's value that counts (not validated; undefined: the default). */
export function readSetting<T>(section: string, key: string): T | undefined {
  const ignored: IgnoredSetting[] = [];
  const value = settingValue(vscode.workspace.getConfiguration(section), section, key, vscode.workspace.isTrusted, ignored);
  if (ignored.length > 0) notice?.report(ignored);
  return value as T | undefined;
}

/** Calls `listener` whenever a setting under `section` changes. */
export function onSettingsChanged(section: string, listener: () => void): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration((event) => {
    if (event.affectsConfiguration(section)) listener();
  });
}

/** The workspace's settings files: each folder's `.vscode/settings.json`, and the `.code-workspace` file. */
function workspaceSettingsFiles(): Array<{ uri: vscode.Uri; settingsProperty: boolean }> {
  const files = (vscode.workspace.workspaceFolders ?? []).map((folder) => ({ uri: vscode.Uri.joinPath(folder.uri, '.vscode', 'settings.json'), settingsProperty: false }));
  const workspaceFile = vscode.workspace.workspaceFile;
  if (workspaceFile && workspaceFile.scheme !== 'untitled') files.push({ uri: workspaceFile, settingsProperty: true });
  return files;
}

/** The `ptk.*` settings the workspace's files set: those PTK ignores now, and those that count only because the folder is trusted. */
async function settingsOfWorkspaceFiles(): Promise<{ ignored: IgnoredSetting[]; counted: string[] }> {
  const keys: string[] = [];
  for (const file of workspaceSettingsFiles()) {
    let text: string;
    try {
      text = new TextDecoder().decode(await vscode.workspace.fs.readFile(file.uri));
    } catch {
      continue; // No such file.
    }
    keys.push(...settingsSetInText(text, { settingsProperty: file.settingsProperty }));
  }
  const trusted = vscode.workspace.isTrusted;
  return { ignored: keys.flatMap((key) => ignoredSetting(key, trusted) ?? []), counted: countedBecauseTrusted(keys, trusted) };
}

/**
 * Names every workspace setting PTK ignores, once per setting per session: VS Code itself drops
 * a workspace's value of an application-scoped setting, or of a restricted one in Restricted
 * Mode, before an extension sees it, so the settings files are read here (at start, when they
 * change, when the configuration changes). Reads through this module report what they ignore too.
 */
export function watchIgnoredWorkspaceSettings(log: vscode.LogOutputChannel): vscode.Disposable {
  const current = new IgnoredSettingsNotice({
    log: (line) => log.warn(line),
    notify: (message) =>
      void vscode.window.showWarningMessage(message, 'Show Log').then((choice) => {
        if (choice) log.show();
      }),
  });
  notice = current;
  const check = (): void =>
    void settingsOfWorkspaceFiles().then(
      ({ ignored, counted }) => {
        current.report(ignored);
        current.reportCounted(counted);
      },
      () => undefined,
    );
  const watchers = workspaceSettingsFiles().map((file) => {
    const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(vscode.Uri.joinPath(file.uri, '..'), file.uri.path.split('/').pop() ?? ''));
    watcher.onDidCreate(check);
    watcher.onDidChange(check);
    return watcher;
  });
  check();
  const configuration = vscode.workspace.onDidChangeConfiguration((event) => {
    if (event.affectsConfiguration('ptk')) check();
  });
  return new vscode.Disposable(() => {
    if (notice === current) notice = undefined;
    configuration.dispose();
    for (const watcher of watchers) watcher.dispose();
  });
}

/**
 * Where each `ptk.*` setting may come from. A repository's own `.vscode/settings.json` (or a
 * `.code-workspace` file) must not turn PTK's safety off, launch a program of its choosing, or
 * send the workspace's files to a site of its choosing. So:
 * - `user`: read from the user settings only (package.json: `"scope": "application"`);
 * - `trusted`: a workspace value counts only while the folder is trusted (package.json:
 *   `capabilities.untrustedWorkspaces.restrictedConfigurations`);
 * - `adds`: a list a workspace may only add entries to (the deny lists): the list that counts is
 *   the user's (or the default) list with the workspace's entries added, in any folder, since
 *   adding a path to a deny list never weakens it;
 * - `any`: workspace values count everywhere (limits and presentation).
 * This table is the one place that decides it: the settings reader, the notice that names
 * ignored settings, the manifest test and docs/tools.md follow it. Free of 'vscode'.
 */
import { jsonrepair } from 'jsonrepair';

/** Who may set a setting: the user only, a trusted workspace too, or any workspace. */
export type SettingSource = 'user' | 'trusted' | 'adds' | 'any';

/** A setting's source and why. */
interface SettingPolicy {
  from: SettingSource;
  /** Why (a clause: "it lets commands run without asking"); shown when a workspace value is ignored. */
  why: string;
}

const WHERE_CODE_GOES = 'it chooses where the workspace\'s files are sent';
const LIMIT = 'a limit or a display choice; it turns no check off';
const ADDS_PATHS = 'a workspace can add paths, not remove them';

/** Every `ptk.*` setting. A key missing here counts as `any`; the manifest test keeps the table complete. */
export const SETTING_POLICIES: Readonly<Record<string, SettingPolicy>> = {
  'ptk.site': { from: 'user', why: WHERE_CODE_GOES },
  'ptk.siteUrl': { from: 'user', why: WHERE_CODE_GOES },
  'ptk.customSite': { from: 'user', why: `${WHERE_CODE_GOES} and how the page is read` },
  'ptk.siteOverrides': { from: 'user', why: 'it changes how the site\'s page is read, its sign-in hosts and limits' },
  'ptk.sites': { from: 'user', why: WHERE_CODE_GOES },
  'ptk.failover': { from: 'any', why: 'it chooses whether a task moves on among the sites the user listed' },
  'ptk.whenAllLimited': { from: 'any', why: 'it chooses whether a task waits or stops when every listed site is limited' },
  'ptk.browserPath': { from: 'user', why: 'it names a program PTK launches' },
  'ptk.cdpUrl': { from: 'user', why: 'it attaches PTK to a browser someone else controls' },
  'ptk.temporaryChats': { from: 'user', why: 'it keeps the agent\'s chats out of your account\'s history' },
  'ptk.headless': { from: 'user', why: 'it decides whether a browser window opens on this machine (one without a display cannot show it)' },
  'ptk.maxTabs': { from: 'any', why: LIMIT },
  'ptk.idleTabMinutes': { from: 'any', why: LIMIT },
  'ptk.profileDir': { from: 'user', why: 'it chooses the browser profile, so the account every chat lands in' },
  'ptk.model': { from: 'any', why: 'a choice in the same site\'s model picker' },
  'ptk.temperature': { from: 'any', why: 'a sampling choice of the same site' },
  'ptk.consultSites': { from: 'user', why: 'it lets the model send questions, with the workspace content they quote, to other sites' },
  'ptk.externalTools': { from: 'user', why: 'it lets other extensions\' and MCP servers\' tools run, with or without asking' },
  'ptk.maxIterations': { from: 'any', why: LIMIT },
  'ptk.maxToolCalls': { from: 'any', why: LIMIT },
  'ptk.taskTimeoutMs': { from: 'any', why: LIMIT },
  'ptk.toolTimeoutMs': { from: 'any', why: LIMIT },
  'ptk.tagName': { from: 'any', why: 'the tag the model wraps tool calls in; every call is still checked' },
  'ptk.toolResultMaxChars': { from: 'any', why: LIMIT },
  'ptk.historyBudgetChars': { from: 'any', why: LIMIT },
  'ptk.chatLimitChars': { from: 'any', why: LIMIT },
  'ptk.instructionFiles': { from: 'trusted', why: 'it chooses which files are read into every prompt as instructions' },
  'ptk.tools.autoApprove': { from: 'user', why: 'it lets file writes happen without asking' },
  'ptk.notify': { from: 'user', why: 'it decides whether you are told that a task waits for your approval' },
  'ptk.tools.allowedCommands': { from: 'user', why: 'it lets commands run without asking' },
  'ptk.tools.protectedFiles': { from: 'user', why: 'it lists the files whose changes always ask' },
  'ptk.tools.browserHosts': { from: 'user', why: 'it lets the browser tools open those hosts, sending them what the model puts in the address, without asking' },
  'ptk.tools.denyPaths': { from: 'adds', why: ADDS_PATHS },
  'ptk.tools.denyWritePaths': { from: 'adds', why: ADDS_PATHS },
  'ptk.tools.runTestsCommand': { from: 'trusted', why: 'it names the command run_tests runs' },
  'ptk.tools.commandTimeoutMs': { from: 'any', why: LIMIT },
  'ptk.tools.commandMaxOutputChars': { from: 'any', why: LIMIT },
  'ptk.tools.maxFileBytes': { from: 'any', why: LIMIT },
  'ptk.tools.readPageLines': { from: 'any', why: LIMIT },
  'ptk.tools.maxLineChars': { from: 'any', why: LIMIT },
  'ptk.tools.listMaxEntries': { from: 'any', why: LIMIT },
  'ptk.tools.searchMaxResults': { from: 'any', why: LIMIT },
  'ptk.tools.searchLineMaxChars': { from: 'any', why: LIMIT },
  'ptk.tools.resultFieldMaxChars': { from: 'any', why: LIMIT },
  'ptk.tools.toolResultMaxChars': { from: 'any', why: 'the old name of ptk.tools.resultFieldMaxChars, a limit' },
};

/** The policy of a full setting name (`ptk.tools.autoApprove`). */
export function settingPolicy(key: string): SettingPolicy {
  return SETTING_POLICIES[key] ?? { from: 'any', why: LIMIT };
}

/** True when a workspace value of `key` counts (for an `adds` setting: is added) in a folder that is (or is not) trusted. */
function workspaceMaySet(key: string, trusted: boolean): boolean {
  const { from } = settingPolicy(key);
  return from === 'any' || from === 'adds' || (from === 'trusted' && trusted);
}

/** The one sentence a setting's description ends with, saying where it may come from (none for `any`). */
export function whereFromSentence(key: string): string | undefined {
  switch (settingPolicy(key).from) {
    case 'user':
      return 'User settings only.';
    case 'trusted':
      return "Not from an untrusted folder's settings.";
    case 'adds':
      return "A workspace's settings can add paths, not remove any.";
    default:
      return undefined;
  }
}

/** A workspace value PTK did not use, and why. */
export interface IgnoredSetting {
  key: string;
  /** "only your user settings may set it: it lets commands run without asking". */
  reason: string;
  /** For a deny list a workspace may only add to: the entries its value left out, which stay denied. */
  kept?: string[];
}

/** Why a workspace value of `key` is ignored, or undefined when it counts. */
export function ignoredSetting(key: string, trusted: boolean): IgnoredSetting | undefined {
  if (workspaceMaySet(key, trusted)) return undefined;
  const { from, why } = settingPolicy(key);
  const rule = from === 'user' ? 'only your user settings may set it' : 'this folder is not trusted (Restricted Mode)';
  return { key, reason: `${rule}: ${why}` };
}

/** The list of an `adds` setting that counts, and the base entries the workspace's lists left out (kept all the same). */
interface AddedList {
  value: unknown[];
  kept: unknown[];
}

/**
 * The list of an `adds` setting that counts: `base` (the user's list, or the default) with every
 * string of the workspace's lists added, in order, without repeats. A workspace list that leaves
 * out a base entry does not remove it: the entry is kept and named in `kept`.
 */
export function addedList(base: readonly unknown[], workspaceLists: readonly unknown[]): AddedList {
  const value = [...base];
  const kept = new Set<unknown>();
  for (const list of workspaceLists) {
    if (!Array.isArray(list)) continue;
    for (const entry of list) if (typeof entry === 'string' && !value.includes(entry)) value.push(entry);
    for (const entry of base) if (!list.includes(entry)) kept.add(entry);
  }
  return { value, kept: [...kept] };
}

/** The notice entry of an `adds` setting whose workspace value left out entries (it did not remove them). */
export function notRemovedSetting(key: string, kept: readonly unknown[]): IgnoredSetting | undefined {
  if (kept.length === 0) return undefined;
  return { key, reason: `${settingPolicy(key).why} (kept: ${kept.map(String).join(', ')})`, kept: kept.map(String) };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The `ptk.*` settings a workspace settings file sets, from the file's parsed contents. Both
 * spellings count: `"ptk.tools.autoApprove": …` and `"ptk": { "tools": { "autoApprove": … } }`.
 */
export function settingsSetInFile(contents: unknown): string[] {
  const found: string[] = [];
  const visit = (object: Record<string, unknown>, prefix: string): void => {
    for (const [name, value] of Object.entries(object)) {
      const key = prefix ? `${prefix}.${name}` : name;
      if (key in SETTING_POLICIES) {
        if (value !== undefined && value !== null) found.push(key);
      } else if (isPlainObject(value) && Object.keys(SETTING_POLICIES).some((known) => known.startsWith(`${key}.`))) {
        visit(value, key);
      }
    }
  };
  if (isPlainObject(contents)) visit(contents, '');
  return found;
}

/** The `ptk.*` settings a workspace settings file sets whose value would be ignored. */
export function ignoredInSettingsFile(contents: unknown, trusted: boolean): IgnoredSetting[] {
  return settingsSetInFile(contents).flatMap((key) => ignoredSetting(key, trusted) ?? []);
}

/**
 * The same from a settings file's text: JSON with comments and trailing commas, as VS Code
 * accepts it; `settings` picks the object of a `.code-workspace` file. Text that is no JSON
 * sets nothing (VS Code reads nothing from it either).
 */
export function settingsSetInText(text: string, options: { settingsProperty?: boolean } = {}): string[] {
  let contents: unknown;
  try {
    contents = JSON.parse(jsonrepair(text));
  } catch {
    return [];
  }
  if (options.settingsProperty) contents = isPlainObject(contents) ? contents.settings : undefined;
  return settingsSetInFile(contents);
}

/** The ignored settings of a settings file's text (see settingsSetInText). */
export function ignoredInSettingsText(text: string, trusted: boolean, options: { settingsProperty?: boolean } = {}): IgnoredSetting[] {
  return settingsSetInText(text, options).flatMap((key) => ignoredSetting(key, trusted) ?? []);
}

/**
 * The settings of `keys` that count only because the folder is trusted: a workspace value that
 * chooses where files are sent or what PTK may read. Nothing while the folder is untrusted (then
 * they are ignored instead).
 */
export function countedBecauseTrusted(keys: readonly string[], trusted: boolean): string[] {
  return trusted ? keys.filter((key) => settingPolicy(key).from === 'trusted') : [];
}

/**
 * Tells the user once per setting per session that a workspace value was ignored: one log line
 * per setting, and one notification naming every setting newly ignored in the same report.
 */
export class IgnoredSettingsNotice {
  private readonly told = new Set<string>();

  constructor(private readonly tell: { log(line: string): void; notify(message: string): void }) {}

  /** Reports the settings not reported before; returns the ones newly reported. */
  report(settings: readonly IgnoredSetting[]): IgnoredSetting[] {
    const fresh: IgnoredSetting[] = [];
    for (const setting of settings) {
      if (this.told.has(setting.key)) continue;
      this.told.add(setting.key);
      fresh.push(setting);
      const from = settingPolicy(setting.key).from;
      if (from === 'adds') {
        this.tell.log(`Kept what the workspace's setting ${setting.key} leaves out: ${setting.reason}. Remove paths in your user settings if you want them gone.`);
        continue;
      }
      const advice = from === 'user' ? 'Set it in your user settings' : 'Trust the folder, or set it in your user settings,';
      this.tell.log(`Ignored the workspace's setting ${setting.key}: ${setting.reason}. ${advice} if you want it.`);
    }
    const whole = fresh.filter((setting) => settingPolicy(setting.key).from !== 'adds');
    const partly = fresh.filter((setting) => settingPolicy(setting.key).from === 'adds');
    const sentences: string[] = [];
    if (whole.length > 0) {
      const names = whole.map((setting) => setting.key).join(', ');
      sentences.push(
        `PTK Assistant ignored ${whole.length === 1 ? 'a setting' : 'settings'} of this workspace: ${names}. ${whole.length === 1 ? 'It' : 'They'} can change what PTK runs, reads or where it sends your files, so only your user settings${whole.some((setting) => settingPolicy(setting.key).from === 'trusted') ? ' (or a trusted folder)' : ''} may set ${whole.length === 1 ? 'it' : 'them'}.`,
      );
    }
    if (partly.length > 0) {
      const names = partly.map((setting) => setting.key).join(', ');
      const kept = [...new Set(partly.flatMap((setting) => setting.kept ?? []))];
      const stay = kept.length === 0 ? 'every path on them stays denied' : `${kept.join(', ')} ${kept.length === 1 ? 'stays' : 'stay'} denied`;
      sentences.push(`This workspace's settings try to remove paths from PTK's deny ${partly.length === 1 ? 'list' : 'lists'} (${names}); a workspace can only add paths, so ${stay}.`);
    }
    if (sentences.length > 0) this.tell.notify(`${sentences.join(' ')} The PTK log says why for each.`);
    return fresh;
  }

  /**
   * Tells once per setting that a workspace value of a trust-only setting is in effect (the
   * folder is trusted), so a repository that moves the site or changes the rules files is never silent.
   */
  reportCounted(keys: readonly string[]): string[] {
    const fresh = keys.filter((key) => !this.told.has(`counted:${key}`));
    for (const key of fresh) {
      this.told.add(`counted:${key}`);
      this.tell.log(`The workspace's setting ${key} is in effect because this folder is trusted: ${settingPolicy(key).why}. Remove it from the workspace's settings if you did not expect it.`);
    }
    if (fresh.length > 0) {
      this.tell.notify(
        `This workspace's settings set ${fresh.join(', ')}. ${fresh.length === 1 ? 'It is' : 'They are'} in effect because you trust this folder, and can change what PTK runs or reads. The PTK log says what each does.`,
      );
    }
    return fresh;
  }
}

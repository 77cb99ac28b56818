/**
 * The command palette (category "PTK"): Open Chat, Ask…, Explain Selection, Fix Problems in
 * This File, New Conversation, Stop, Connect Browser / Choose Site, Choose Model…, Site for This
 * Conversation…, Show Log,
 * Diagnose Site, Run Task File…, Add Selection / File to PTK Chat, and the command the code actions run. Long tasks run under withProgress, cancellable: the
 * token becomes the engine's AbortSignal.
 */
import * as vscode from 'vscode';
import { errorMessage } from '../../../core/errors';
import { ExecutionManager } from '../../../core/loop/executionManager';
import type { PTKExecuteResult } from '../../../core/loop/loopTypes';
import { abortSignalFromToken } from '../cancellation';
import { readSetting } from '../configuration';
import type { MentionService } from '../mentions/mentionService';
import { selectedLines } from '../mentions/selectionMention';
import type { ChatConnection } from '../../../ui/chatConnection';
import type { ChatSession, SendOptions } from '../../../ui/chatSession';
import type { ChatSessions } from '../../../ui/chatSessions';
import type { ChatViewProvider } from './chatViewProvider';
import type { ConnectionAction } from '../../../shared/chat/protocol';
import { diagnosedSite, isDemo } from '../../../shared/chat/connectionLabels';
import { buildFixFilePrompt, buildSelectionPrompt, fixFileDisplayText } from '../../../ui/codeActionPlan';
import { RUN_CODE_ACTION_COMMAND } from './codeActions';
import { DiagnosisDocuments } from '../diagnosisDocuments';
import { siteMenuItems, siteMenuTitle, type SiteMenuItem } from '../../../ui/conversationSite';
import { conversationConnectionState, diagnoseSiteItems, type ConversationConnection } from '../../../ui/conversationConnection';
import { levelMenuItems, modelChosenMessage, modelMenuItems, modelMenuPlaceholder, modelMenuTitle, modelSetting, offeredLevels, switchesToTick } from '../../../ui/modelMenu';
import { EXTENSION_SETTINGS_SECTION, type SiteId } from '../../../ui/settings';
import { clearsSiteUrl, levelsSetAt, sitePickerItems, siteChoiceTitle, stillOverriddenMessage, type SettingLevel } from '../../../ui/sitePicker';
import { parseTaskFile } from '../../../ui/taskFile';

/** Every command id, as contributed in package.json. */
export const COMMANDS = {
  openChat: 'ptk.openChat',
  ask: 'ptk.ask',
  explainSelection: 'ptk.explainSelection',
  fixFile: 'ptk.fixFile',
  newConversation: 'ptk.newConversation',
  stop: 'ptk.stop',
  connect: 'ptk.connect',
  showLog: 'ptk.showLog',
  runTaskFile: 'ptk.runTaskFile',
  diagnoseSite: 'ptk.diagnoseSite',
  /** The chat view's menu: Diagnose Site on the shown conversation's site, without asking. */
  diagnoseConversationSite: 'ptk.diagnoseConversationSite',
  chooseModel: 'ptk.chooseModel',
  chooseConversationSite: 'ptk.chooseConversationSite',
  runCodeAction: RUN_CODE_ACTION_COMMAND,
  addSelectionToChat: 'ptk.addSelectionToChat',
  addFileToChat: 'ptk.addFileToChat',
} as const;

interface CommandDependencies {
  session: ChatSessions;
  connection: ChatConnection;
  /** The connection as the shown conversation sees it: its site, with several sites. */
  shownConnection: ConversationConnection;
  chatView: ChatViewProvider;
  log: vscode.LogOutputChannel;
  /** Re-reads the site settings and rebuilds the connection. */
  reconnect(): Promise<void>;
  /** Where Diagnose Site saves its snapshots (the extension's global storage). */
  storageUri: vscode.Uri;
  /** Makes the chips of "Add Selection / File to PTK Chat" (src/host/vscode/mentions). */
  mentions: Pick<MentionService, 'mentionOfEditor' | 'mentionOfResource'>;
}

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

const SEVERITY_NAMES = ['error', 'warning', 'information', 'hint'] as const;

/** The browser runs without a window (ptk.headless, as the demo runs it): a tab it "opens" cannot be seen, so the user is told how to see it. */
function tellIfHeadless(): void {
  if (readSetting<boolean>(EXTENSION_SETTINGS_SECTION, 'headless') !== true) return;
  const message = 'PTK: the browser runs without a window (ptk.headless is on), so its tab cannot be shown. Turn ptk.headless off to see the tab and log in there.';
  void vscode.window.showInformationMessage(message, 'Open Settings').then((choice) => {
    if (choice) void vscode.commands.executeCommand('workbench.action.openSettings', 'ptk.headless');
  });
}

/**
 * A button of the chat view's connection header or of an error card: retry (reconnecting first
 * when the site is not connected), choose the site, log in (show the tab, then re-check when the
 * user says Done) or show the tab. Log in and Open tab act on `site` (an error card's: the site
 * that failed), else on the shown conversation's site. A failure is logged and shown, never thrown.
 */
export async function runConnectionAction(dependencies: CommandDependencies, action: ConnectionAction, site?: string): Promise<void> {
  const { connection, session } = dependencies;
  const target = site ?? session.site();
  try {
    if (action === 'retry') {
      if (connection.state.status !== 'connected') await dependencies.reconnect();
      await session.retry();
    } else if (action === 'chooseSite') await vscode.commands.executeCommand(COMMANDS.connect);
    else if (action === 'login') {
      await connection.openTab(target);
      tellIfHeadless();
      const label = conversationConnectionState(connection.state, target).site;
      const done = await vscode.window.showInformationMessage(`Log in to ${label} in the browser window, then press Done.`, 'Done');
      if (done) await connection.refreshLogin(target);
    } else {
      await connection.openTab(target);
      tellIfHeadless();
    }
  } catch (error) {
    dependencies.log.error(`${action}: ${errorMessage(error)}`);
    void vscode.window.showErrorMessage(`PTK: ${errorMessage(error)}`);
  }
}

/**
 * Runs a prompt in the chat view under a cancellable progress notification. Resolves with the
 * engine's result (undefined when refused because a task is running).
 */
export async function runInChat(dependencies: CommandDependencies, prompt: string, displayText?: string, extraOptions?: SendOptions['extraOptions']): Promise<PTKExecuteResult | undefined> {
  await dependencies.chatView.reveal();
  return withCancellableProgress(`PTK: ${(displayText ?? prompt).split('\n')[0].slice(0, 60)}`, (signal) => dependencies.session.send(prompt, { signal, displayText, extraOptions }));
}

/**
 * Runs a one-shot request from the editor (lightbulb, Explain Selection, Fix Problems) in a
 * conversation of its own (see ChatSessions.freshConversationFor); a task running in the shown
 * conversation goes on in the background.
 */
async function runOneShot(dependencies: CommandDependencies, prompt: string, displayText?: string, extraOptions?: SendOptions['extraOptions']): Promise<PTKExecuteResult | undefined> {
  await dependencies.session.freshConversationFor();
  return runInChat(dependencies, prompt, displayText, extraOptions);
}

/** Runs `work` under a cancellable progress notification; cancelling aborts its signal. */
export function withCancellableProgress<T>(title: string, work: (signal: AbortSignal) => Promise<T>): Thenable<T> {
  return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, async (_progress, token) => {
    const bridged = abortSignalFromToken(token);
    try {
      return await work(bridged.signal);
    } finally {
      bridged.dispose();
    }
  });
}

/** Registers every command; returns their disposables. */
export function registerCommands(dependencies: CommandDependencies): vscode.Disposable[] {
  const { session, connection, chatView, log } = dependencies;
  const report = (action: string) => (error: unknown) => {
    log.error(`${action} failed: ${errorMessage(error)}`);
    void vscode.window.showErrorMessage(`PTK: ${action} failed: ${errorMessage(error)}`);
  };
  const register = (id: string, handler: (...args: any[]) => unknown) =>
    vscode.commands.registerCommand(id, (...args: unknown[]) => Promise.resolve().then(() => handler(...args)).catch(report(id)));

  /** The site menu of ptk.sites: the site picked becomes the shown conversation's (its later model calls ask for it). */
  const pickConversationSite = async (title: string, placeHolder: string): Promise<SiteMenuItem | undefined> => {
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
    dependencies.shownConnection.refresh();
    log.info(`Site for this conversation: ${picked.site}`);
    void vscode.window.setStatusBarMessage(`PTK: this conversation uses ${picked.label}`, 4000);
    return picked;
  };

  const diagnosisDocuments = new DiagnosisDocuments();
  /** PTK: Diagnose Site on `site` (undefined: the only or current site): the report opens beside, the snapshot is saved. */
  const diagnose = async (site: string | undefined): Promise<void> => {
    const model = await connection.siteModel(site);
    if (!model.diagnose) {
      void vscode.window.showInformationMessage('PTK: Diagnose Site works on a chat site in the browser; the current model is not one.');
      return;
    }
    const diagnosis = await withCancellableProgress('PTK: diagnosing the chat site…', (signal) => model.diagnose!(signal));
    const folder = vscode.Uri.joinPath(dependencies.storageUri, 'diagnostics');
    await vscode.workspace.fs.createDirectory(folder);
    // The demo is named as the header names it, never as the site it imitates.
    const shown = diagnosedSite(conversationConnectionState(connection.state, site), { id: diagnosis.site, name: diagnosis.siteName });
    const snapshot = vscode.Uri.joinPath(folder, `${shown.filePrefix}-${new Date().toISOString().replace(/[:.]/g, '-')}.html`);
    await vscode.workspace.fs.writeFile(snapshot, new TextEncoder().encode(diagnosis.snapshot));
    log.info(`Diagnose Site (${shown.name}): ${diagnosis.problems.length === 0 ? 'no problem' : diagnosis.problems.join('; ')}; snapshot ${snapshot.fsPath}`);
    // Several sites: the router's state of the site (limited until 15:00, signed out…) is the report's state.
    const routerState = session.sites().find((entry) => entry.site === (site ?? diagnosis.site));
    const report = diagnosisDocuments.add(`${snapshot.path.split('/').pop()!.replace(/\.html$/, '')}.md`, diagnosis.report(snapshot.fsPath, { siteName: shown.name, routerState }));
    const document = await vscode.workspace.openTextDocument(report);
    await vscode.window.showTextDocument(document, { preview: false });
  };

  return [
    diagnosisDocuments.register(),
    register(COMMANDS.openChat, () => chatView.reveal()),

    // A chip in the chat input: the editor's selection (its file when nothing is selected).
    register(COMMANDS.addSelectionToChat, async () => {
      const editor = vscode.window.activeTextEditor;
      if (!editor) {
        void vscode.window.showInformationMessage('PTK: open a file first.');
        return;
      }
      await chatView.addMention(await dependencies.mentions.mentionOfEditor(editor));
    }),

    // A chip per file (or folder) chosen in the explorer, or the active editor's file.
    register(COMMANDS.addFileToChat, async (uri?: vscode.Uri, selected?: vscode.Uri[]) => {
      const active = vscode.window.activeTextEditor?.document.uri;
      const targets = selected && selected.length > 0 ? selected : uri instanceof vscode.Uri ? [uri] : active ? [active] : [];
      if (targets.length === 0) {
        void vscode.window.showInformationMessage('PTK: choose a file in the explorer or open one first.');
        return;
      }
      for (const target of targets) await chatView.addMention(await dependencies.mentions.mentionOfResource(target));
    }),

    register(COMMANDS.ask, async () => {
      const question = await vscode.window.showInputBox({ title: 'PTK: Ask', prompt: 'Ask PTK about your workspace', placeHolder: 'e.g. Where is the configuration loaded?', ignoreFocusOut: true });
      // A question: read-only tools only (the model is not offered writes or commands).
      if (question?.trim()) await runInChat(dependencies, question.trim(), undefined, { readOnly: true });
    }),

    register(COMMANDS.explainSelection, async () => {
      const editor = vscode.window.activeTextEditor;
      if (!editor || editor.selection.isEmpty) {
        void vscode.window.showInformationMessage('PTK: select some code first.');
        return;
      }
      const { selection, document } = editor;
      const relativePath = vscode.workspace.asRelativePath(document.uri, false);
      // A selection ending at the start of a line does not take that line.
      const { startLine, endLine } = selectedLines(selection);
      const prompt = buildSelectionPrompt(relativePath, document.languageId, document.getText(selection), startLine, endLine);
      await runOneShot(dependencies, prompt, `Explain ${relativePath}:${startLine}-${endLine}`, { readOnly: true });
    }),

    register(COMMANDS.fixFile, async () => {
      const editor = vscode.window.activeTextEditor;
      if (!editor) {
        void vscode.window.showInformationMessage('PTK: open a file first.');
        return;
      }
      const document = editor.document;
      const diagnostics = vscode.languages
        .getDiagnostics(document.uri)
        .filter((diagnostic) => diagnostic.severity <= vscode.DiagnosticSeverity.Warning);
      const relativePath = vscode.workspace.asRelativePath(document.uri, false);
      if (diagnostics.length === 0) {
        void vscode.window.showInformationMessage(`PTK: no errors or warnings in ${relativePath}.`);
        return;
      }
      const prompt = buildFixFilePrompt(
        relativePath,
        diagnostics.map((diagnostic) => ({
          message: diagnostic.message,
          severity: SEVERITY_NAMES[diagnostic.severity],
          startLine: diagnostic.range.start.line + 1,
          endLine: diagnostic.range.end.line + 1,
          source: diagnostic.source,
          code: typeof diagnostic.code === 'object' ? diagnostic.code.value : diagnostic.code,
        })),
      );
      await runOneShot(dependencies, prompt, fixFileDisplayText(relativePath, diagnostics.length));
    }),

    register(COMMANDS.newConversation, async () => {
      // As the view's "+": a running task goes on in the background.
      await session.newConversation();
      await chatView.reveal();
    }),

    register(COMMANDS.stop, () => {
      if (!session.stop()) void vscode.window.setStatusBarMessage('PTK: nothing is running.', 3000);
    }),

    register(COMMANDS.connect, async () => {
      if (session.sites().length >= 2) {
        // Several sites (ptk.sites): the list is theirs, each at its own address. The one picked
        // becomes the shown conversation's site and its tab opens, so the user can log in there.
        const picked = await pickConversationSite('PTK: Connect Browser / Choose Site', 'This conversation uses the site picked; its tab opens');
        if (picked) {
          await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `PTK: opening ${picked.label}…` }, () => connection.openTab(picked.site));
          tellIfHeadless();
        }
        return;
      }
      const configuration = vscode.workspace.getConfiguration(EXTENSION_SETTINGS_SECTION);
      const context = {
        currentSite: readSetting<string>(EXTENSION_SETTINGS_SECTION, 'site') ?? 'chatgpt',
        siteUrl: readSetting<string>(EXTENSION_SETTINGS_SECTION, 'siteUrl') || undefined,
      };
      const picked = await vscode.window.showQuickPick(sitePickerItems(context), {
        title: 'PTK: Connect Browser / Choose Site',
        placeHolder: 'The chat site PTK drives (a browser tab opens so you can log in)',
      });
      if (!picked) return;
      const cleared: SettingLevel[] = [];
      if (picked.site) {
        if (picked.site !== context.currentSite) await configuration.update('site', picked.site satisfies SiteId, vscode.ConfigurationTarget.Global);
        const siteUrlToClear = clearsSiteUrl(picked.site, context);
        if (siteUrlToClear) cleared.push(...(await clearSiteUrl(configuration, log)));
        const overriding = siteChoiceOverridden(picked.site, siteUrlToClear);
        if (overriding) {
          void vscode.window.showWarningMessage(stillOverriddenMessage(picked.label, overriding.key, overriding.value, overriding.levels), 'Open Settings').then((choice) => {
            if (choice) void vscode.commands.executeCommand('workbench.action.openSettings', overriding.key);
          });
        }
      }
      await dependencies.reconnect();
      await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: siteChoiceTitle(picked.label, cleared) }, () => connection.openTab());
      tellIfHeadless();
    }),

    register(COMMANDS.showLog, () => log.show()),

    // From the palette with several sites it asks which (the shown conversation's first); the view's menu diagnoses that one.
    register(COMMANDS.diagnoseSite, async () => {
      const sites = session.sites();
      if (sites.length < 2) return diagnose(undefined);
      const picked = await vscode.window.showQuickPick(diagnoseSiteItems(sites, session.site()), { title: 'PTK: Diagnose Site', placeHolder: 'The site whose page is checked' });
      if (picked) await diagnose(picked.site);
    }),
    register(COMMANDS.diagnoseConversationSite, () => diagnose(session.site())),

    register(COMMANDS.chooseModel, async () => {
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
    }),

    // Several sites (ptk.sites): the site the shown conversation's model calls ask for.
    register(COMMANDS.chooseConversationSite, async () => {
      const sites = session.sites();
      if (sites.length < 2) {
        void vscode.window.showInformationMessage('PTK: one site is configured; list several in ptk.sites to choose one per conversation.');
        return;
      }
      await pickConversationSite(siteMenuTitle(sites, session.chosenSiteId), "The site this conversation's tasks start on");
    }),

    register(COMMANDS.runTaskFile, async (uri?: vscode.Uri) => {
      const target =
        uri ??
        (await vscode.window.showOpenDialog({ title: 'PTK: Run Task File', canSelectMany: false, filters: { 'PTK task file': ['json'] }, openLabel: 'Run' }))?.[0];
      if (!target) return;
      const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(target));
      const taskFile = parseTaskFile(text, vscode.workspace.asRelativePath(target, false));
      await chatView.reveal();
      // Every step runs in the conversation the task file started in, shown or not.
      await session.withShown((conversation) => runTaskFileSteps(conversation, taskFile, vscode.workspace.asRelativePath(target, false)));
    }),

    register(COMMANDS.runCodeAction, async (argument: { prompt?: unknown; displayText?: unknown; readOnly?: unknown } | undefined) => {
      if (typeof argument?.prompt !== 'string') throw new Error('ptk.runCodeAction needs { prompt: string }.');
      await runOneShot(dependencies, argument.prompt, typeof argument.displayText === 'string' ? argument.displayText : undefined, argument.readOnly === true ? { readOnly: true } : undefined);
    }),
  ];
}

/** Runs a task file's steps one after another as tasks of `conversation`, under a cancellable progress notification. */
async function runTaskFileSteps(conversation: ChatSession, taskFile: ReturnType<typeof parseTaskFile>, displayPath: string): Promise<void> {
  conversation.notice(`Running task file ${taskFile.title ?? displayPath}: ${taskFile.steps.length} step(s).`);
  await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: 'PTK: running task file', cancellable: true }, async (progress, token) => {
      const bridged = abortSignalFromToken(token);
      try {
        let stepNumber = 0;
        const manager = new ExecutionManager({
          orchestrateToolCalling: async (prompt, options) => {
            stepNumber++;
            progress.report({ message: `step ${stepNumber} of ${taskFile.steps.length}` });
            const result = await conversation.send(prompt, { signal: bridged.signal, displayText: `Step ${stepNumber}: ${prompt}`, extraOptions: { tools: options?.tools, maxIterations: options?.maxIterations } });
            if (!result) throw new Error('A task was already running.');
            return result;
          },
        });
        const outcome = await manager.executeWorkflow(taskFile.steps, taskFile.variables);
        const failed = outcome.results.find((result) => !result.success);
        conversation.notice(outcome.success ? `Task file done: ${outcome.results.length} step(s) succeeded.` : `Task file stopped at step "${failed?.stepId}": ${failed?.error ?? 'failed'}`);
      } finally {
        bridged.dispose();
      }
    });
}

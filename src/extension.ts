/**
 * Composition root of the VS Code extension: builds the adapters (the VS Code Workspace port,
 * settings, the approval diff provider, the lazily loaded browser backend), the engine binding,
 * the chat session, and registers the commands, the chat view, the code actions and the status
 * bar. No heavy work here: playwright-core loads only when the user connects or sends.
 */
import * as vscode from 'vscode';
import { ConfigurationError, errorMessage } from './core/errors';
import type { PTKTool } from './core/types';
import { ApprovalContentProvider, askInNotification, createNotificationApprover } from './host/vscode/approval';
import { ApprovalDiffTabs } from './host/vscode/approvalDiffTabs';
import { createVSCodeCheckpoints } from './host/vscode/checkpoints';
import { notifyAttention } from './host/vscode/attentionNotices';
import { onSettingsChanged, readSettings, readToolSettings, TOOL_SETTINGS_SECTION, watchIgnoredWorkspaceSettings } from './host/vscode/configuration';
import { MentionService } from './host/vscode/mentions/mentionService';
import type { FetchedMentionPage } from './host/vscode/mentions/urlMention';
import { migrateRenamedSettings } from './host/vscode/settingsMigration';
import { runTestSuiteFromEnvironment } from './host/vscode/testHook';
import { sitePromptLimit } from './host/vscode/sitePromptLimit';
import { registerVSCodeAi, type VSCodeAi } from './host/vscode/vscodeAi';
import { VSCodeWorkspace } from './host/vscode/workspace';
import { watchChatModes, watchSlashCommands } from './host/vscode/workspaceFileCatalogs';
import { createAssistantRun } from './host/shared/assistantRun';
import { openWorkspaceFile, taskFocusPaths } from './host/vscode/projectRules';
import { createWorkspaceTools, loadProjectRules, SessionGrants, type ApprovalGateOptions } from './tools';
import { ExternalToolApprovals } from './tools/external';
import { createConsultTools } from './core/tools/consultTool';
import { consultableSites, createConsultPort } from './ui/consultPort';
import { ExtensionWebPagePort } from './ui/webPagePort';
import { sendReviewToTask } from './ui/secondOpinion';
import { ReviewNotes } from './ui/review/reviewNote';
import type { TaskDiffSources } from './ui/checkpoints/taskDiff';
import { displayPathFor } from './tools/pathSafety';
import { ChangeReview } from './host/vscode/reviewChanges';
import { createSecondOpinionCommand, SECOND_OPINION_COMMAND } from './host/vscode/secondOpinionCommand';
import { ApprovalBroker } from './ui/approvalBroker';
import { createBrowserModelFactory, describeTurn, listedSites, primarySite } from './ui/browserLoader';
import { failoverQuestion, limitsToRemember, type RememberedLimit } from './core/routing';
import { ChatConnection, type ChatModelHandle } from './ui/chatConnection';
import { ChatSessions } from './ui/chatSessions';
import { taskConversation } from './ui/taskConversation';
import { CHAT_VIEW_ID, ChatViewProvider } from './host/vscode/views/chatViewProvider';
import { PTKCodeActionProvider } from './host/vscode/views/codeActions';
import { runInChat } from './host/vscode/views/commands/chatRun';
import { runConnectionAction } from './host/vscode/views/commands/connectionAction';
import { registerCommands } from './host/vscode/views/commands/registerCommands';
import { ConversationStore } from './ui/conversationStore';
import { LearnedSites, loadLearnedSites } from './ui/learnedSites';
import { CONNECTION_SETTING_KEYS, EXTENSION_SETTINGS_SECTION, ExtensionSettingsSchema, type ExtensionSettings } from './ui/settings';
import { chatLimitChars } from './ui/chatLimits';
import { sendComposerLine, slashCommandEntries } from './host/vscode/views/slashCommandSend';
import { listedSiteLines } from './ui/listedSiteLines';
import { isDemoAddress, siteAddress, siteName } from './ui/siteNames';
import { showsSiteMenu } from './ui/conversationSite';
import type { SiteStatusLine } from './ui/chatConnection';
import { ConnectionStatusBar } from './host/vscode/views/statusBar';
import { ConversationConnection } from './ui/conversationConnection';

/** Defined as true by the test build only (see test/vscode/harness/buildTestExtension.ts). */
declare const __PTK_TEST_BUILD__: boolean | undefined;

/** What activate() returns (vscode.extensions.getExtension(...).exports). */
export interface PTKExtensionApi {
  workspace: VSCodeWorkspace;
  /** The IDE tools built on the workspace with the current `ptk.tools.*` settings. */
  createTools(): PTKTool[];
  /** The chat view's conversations (the shown one's state, send, stop; opening, new, delete). */
  session: ChatSessions;
  /** The chat site connection (state, model). */
  connection: ChatConnection;
  /** Approval requests waiting in the chat view. */
  approvals: ApprovalBroker;
  /** Uses this model instead of the browser backend (tests and demos: a ScriptedChatModel). */
  useChatModel(model: ChatModelHandle, siteName?: string): void;
  /** Runs a prompt in the chat view under a cancellable progress notification. */
  ask(prompt: string, displayText?: string): ReturnType<typeof runInChat>;
  /** The language-model provider, the external tools and @ptk (tests drive them through this). */
  vscodeAi: VSCodeAi;
  /** Milliseconds activate() took. */
  activationMs: number;
}

/** `ptk.*` settings, validated (a bad value throws CONFIG_INVALID naming the setting). */
export function readExtensionSettings(): ExtensionSettings {
  return readSettings(ExtensionSettingsSchema, EXTENSION_SETTINGS_SECTION);
}

/** Where the sites' usage limits are kept across window reloads (global state: they belong to the account, not the folder). */
const SITE_LIMITS_KEY = 'ptk.siteLimits';
/** What site discovery learned of each chat page (site "auto"): global state, the user's own, never a workspace's (a repository must not plant selectors). */
const LEARNED_SITES_KEY = 'ptk.learnedSites';

export function activate(context: vscode.ExtensionContext): PTKExtensionApi {
  const startedAt = performance.now();
  const log = vscode.window.createOutputChannel('PTK Assistant', { log: true });
  const approvalContent = new ApprovalContentProvider();
  context.subscriptions.push(log, approvalContent);
  // A workspace's value of a setting only the user (or a trusted folder) may set is ignored, and named once.
  context.subscriptions.push(watchIgnoredWorkspaceSettings(log));
  // Values under a setting's old name move to its new name (the change event then re-reads them).
  void migrateRenamedSettings(log);
  const workspace = new VSCodeWorkspace({ approver: createNotificationApprover(approvalContent) });

  // Settings: a bad value is reported at once (and again on every change), not at the first task.
  let settings: ExtensionSettings = ExtensionSettingsSchema.parse({});
  const checkSettings = (): void => {
    try {
      settings = readExtensionSettings();
      readToolSettings();
      for (const problem of consultableSites(settings).problems) log.warn(problem);
    } catch (error) {
      log.error(errorMessage(error));
      void vscode.window.showErrorMessage(`PTK Assistant: ${errorMessage(error)}`);
    }
  };
  checkSettings();

  // Several sites (ptk.sites): each with its state once the browser backend runs; before that, as
  // listed, a usage limit kept across a reload shown until it ends.
  const configuredSites = (): SiteStatusLine[] =>
    connection.state.sites?.map((entry) => ({ ...entry, ready: entry.ready ?? true })) ??
    listedSiteLines(
      listedSites(settings).map((site) => ({ site, label: siteName(settings, site), url: siteAddress(settings, site) })),
      context.globalState.get<RememberedLimit[]>(SITE_LIMITS_KEY, []),
      Date.now(),
    );
  // `ptk.severalSites` shows the chat view title's site menu (package.json) only when there is a choice.
  const showSiteMenu = () => void vscode.commands.executeCommand('setContext', 'ptk.severalSites', showsSiteMenu(listedSites(settings)));
  showSiteMenu();

  // Checkpoints: the tools write and run through a recording workspace; restores come from the chat view.
  const checkpoints = createVSCodeCheckpoints(context, workspace, { exclude: () => readToolSettings().denyPaths, log: (line) => log.info(line) });

  // Tools: rebuilt when their settings change. Their "Always" answers live in the window's grants,
  // until the user turns them off; a change made without asking still gets its card's diff.
  const grants = new SessionGrants();
  const approvalOptions: ApprovalGateOptions = { grants, onAutoApproved: (request, by) => approvals.recordAutoApproved(request, by) };
  let tools: PTKTool[] | undefined;
  // browser and fetch_url: PTK's own headless browser (never the chat profile), started on their first page.
  const webPages = new ExtensionWebPagePort(context.extensionPath, () => settings);
  context.subscriptions.push({ dispose: () => void webPages.close() });
  const currentTools = (): PTKTool[] =>
    (tools ??= createWorkspaceTools(checkpoints.workspace, readToolSettings(), {
      instructionFiles: settings.instructionFiles,
      approvals: approvalOptions,
      web: { port: webPages, chatSites: () => webPages.chatSites() },
    }));

  // Site "auto": what it learned of a page outlives a window reload (handed to the backend when it loads).
  const learnedSites = new LearnedSites(
    { read: () => context.globalState.get<unknown>(LEARNED_SITES_KEY), write: (records) => context.globalState.update(LEARNED_SITES_KEY, records) },
    (line) => log.info(line),
  );

  // Several sites (ptk.sites): a task that meets a site's limit moves on, saying so in one line of its chat.
  const browserFactory = createBrowserModelFactory(context.extensionPath, () => settings, context.globalStorageUri.fsPath, (entry) => log.info(describeTurn(entry)), {
    confirm: async ({ from, to, reason, until }) => {
      // A chat-view task is named: the question may come while another conversation is shown.
      const conversation = taskConversation();
      const task = conversation === undefined ? undefined : session.taskTitle(conversation);
      const { question, action } = failoverQuestion(from, to, reason, until, Date.now(), undefined, task);
      return (await vscode.window.showWarningMessage(question, { modal: true }, action)) === action;
    },
    onFailover: (event) => {
      log.info(`PTK: ${event.message}`);
      const conversation = taskConversation();
      session.noticeWhileRunning(event.message, conversation);
      // A chat-view task moved: its conversation goes on at the new site, and the header says so.
      if (conversation !== undefined) void session.movedToSite(event.toSite, conversation).then(() => shownConnection.refresh());
    },
    onWait: (event) => {
      log.info(`PTK: every site is limited (${event.message}); waiting for ${event.label}.`);
      session.noticeWhileRunning(`Every site is limited (${event.message}): waiting for ${event.label}. Stop ends the wait.`, taskConversation());
    },
    onProblems: (problems) => {
      for (const problem of problems) log.warn(problem);
      void vscode.window.showWarningMessage(`PTK Assistant: ${problems.join(' ')}`);
    },
    // A site's usage limit outlives a window reload: kept in the global state until it ends.
    rememberedLimits: () => context.globalState.get<RememberedLimit[]>(SITE_LIMITS_KEY, []),
    onSiteStates: (states) => void context.globalState.update(SITE_LIMITS_KEY, limitsToRemember(states, Date.now())),
    learnedSites,
    logger: log,
  });
  const connection = new ChatConnection(browserFactory, primarySite(settings));
  // The header and the status bar name the model setting and an address override; a hosted site's local address is the demo replica.
  const showTarget = () => connection.setTarget({ model: settings.model, url: settings.siteUrl, demo: isDemoAddress(primarySite(settings), settings.siteUrl) });
  showTarget();

  // consult: the model asks another site of ptk.consultSites, after the user's approval (the window's "Always" answers apply).
  const consultApprovals = new ExternalToolApprovals((request, signal) => workspace.requestApproval(request, signal), () => readToolSettings().autoApprove, approvalOptions);
  const consultPort = createConsultPort({ settings: () => settings, model: () => connection.getModel(), approve: (request, signal) => consultApprovals.ensureRequestApproved(request, signal) });
  const taskTools = (): PTKTool[] => [...currentTools(), ...createConsultTools(consultableSites(settings).sites, consultPort)];

  const runTask = createAssistantRun({
    model: async () => {
      const model = await connection.getModel();
      ai.taskTakesTab();
      return model;
    },
    workspace,
    tools: () => ai.taskTools(taskTools()),
    settings: () => settings,
    // Project rules (AGENTS.md, …), read at the start of every task of the chat view and of @ptk:
    // those of the active editor's file and of the files the message mentions apply too.
    rules: ({ focusPaths, signal }) =>
      loadProjectRules(workspace, { instructionFiles: settings.instructionFiles, focusPaths: taskFocusPaths(focusPaths), toolSettings: readToolSettings(), signal }),
  });

  // `@` mentions and "Add Selection / File to PTK Chat": a message's context gets half the history budget.
  const mentions = new MentionService({
    workspace,
    toolSettings: readToolSettings,
    budgetChars: () => Math.floor(settings.historyBudgetChars / 2),
    // `@https://…`: the page through fetch_url itself (its URL rules, approval and cap).
    fetchPage: async (url, signal) => {
      const fetchUrl = currentTools().find((tool) => tool.name === 'fetch_url');
      if (!fetchUrl) throw new ConfigurationError('fetch_url is not available.');
      return (await fetchUrl.handler({ url }, { signal, toolCallId: 'mention', iteration: 0 })) as FetchedMentionPage;
    },
    log: (line) => log.warn(line),
  });
  context.subscriptions.push(mentions);

  // The session, the broker and the view refer to each other through these closures (called only after activation).
  const approvals: ApprovalBroker = new ApprovalBroker({
    // A card goes to the conversation whose task asked (several may run at once).
    emit: (event) => session.publish(event, taskConversation()),
    isViewVisible: (): boolean => chatView.visible,
    fallback: askInNotification,
    showDiff: (approvalId, request, outcome) => void diffTabs.show(approvalId, request, outcome),
    diffUnavailable: () =>
      void vscode.window.showInformationMessage('PTK: the change of this card is no longer kept (the window was reloaded since), so its diff cannot be shown.'),
    onSettled: (approvalId) => void diffTabs.settle(approvalId),
  });
  // The tools `ptk.tools.autoApprove` approves (none while the settings are invalid: they are reported elsewhere).
  const settingAutoApprovedTools = (): string[] => {
    try {
      return Object.entries(readToolSettings().autoApprove).filter(([, on]) => on).map(([name]) => name);
    } catch {
      return [];
    }
  };
  const diffTabs = new ApprovalDiffTabs(approvalContent, (approvalId) => approvals.pendingIds().includes(approvalId), (approvalId, decision) => approvals.resolve(approvalId, { decision }));
  context.subscriptions.push(diffTabs);
  workspace.setApprover(approvals.request);

  // The chat modes: the built-ins and the workspace's mode files, read again when one changes.
  const chatModes = watchChatModes(workspace, log);
  context.subscriptions.push(chatModes.disposable);
  // A task's files before it and now: Second Opinion's diff and the review of the changes.
  const diffSources: TaskDiffSources = {
    store: checkpoints.store,
    readFile: (path) => workspace.readFile(path).catch(() => undefined),
    displayPath: (path) => displayPathFor(workspace, path, workspace.roots),
  };
  // Review changes: what the user undoes is told to the model with the conversation's next message.
  const reviewNotes = new ReviewNotes();
  const changeReview = new ChangeReview({
    shownState: () => session.shown.state,
    sources: diffSources,
    notes: reviewNotes,
    taskRecounted: (conversationId, taskId, counts) => session.reviewedTask(conversationId, taskId, counts),
    log: (line) => log.info(line),
  });
  context.subscriptions.push(changeReview);

  const session: ChatSessions = new ChatSessions({
    runTask,
    modes: () => chatModes.catalog.modes,
    store: new ConversationStore(context.workspaceState, undefined, (id) => checkpoints.store.delete(id)),
    checkpoints: checkpoints.recorder,
    takeReviewNote: (conversationId) => reviewNotes.take(conversationId),
    approvals,
    isDangerousTool: (name) => taskTools().find((tool) => tool.name === name)?.dangerous === true || ai.isDangerousExternalTool(name),
    onConnectionProblem: (status, detail, site) => connection.setState(status, detail, site),
    log: (line) => log.info(line),
    resolveContext: (chosen, signal, onResolved) => mentions.resolveContext(chosen, signal, onResolved),
    confirm: async (question, action) => (await vscode.window.showWarningMessage(question, { modal: true }, action)) === action,
    choose: async (question, actions) => vscode.window.showWarningMessage(question, { modal: true }, ...actions),
    diffKept: (approvalId) => approvals.getRequest(approvalId) !== undefined,
    sites: configuredSites,
    chatLimitChars: (site) => chatLimitChars(settings, listedSites(settings).find((listed) => listed === site) ?? primarySite(settings)),
    // A task ended, failed or waits for an approval while the user looks elsewhere: say so, with a way to it (nothing is approved here).
    onAttention: (attention) =>
      notifyAttention(attention, {
        enabled: () => settings.notify,
        viewVisible: () => chatView.visible,
        show: async (conversationId) => {
          await session.openConversation(conversationId);
          await chatView.reveal();
        },
        pendingApprovals: () => session.state.pendingApprovals?.length ?? 0,
      }),
  });

  // The chat tab as a VS Code language model, VS Code's tools for PTK tasks, and @ptk in VS Code's chat.
  const ai: VSCodeAi = registerVSCodeAi({
    context,
    getModel: () => connection.getModel(),
    sites: () => listedSites(settings),
    promptLimitChars: (site) => sitePromptLimit(settings, listedSites(settings).find((listed) => listed === site) ?? primarySite(settings)),
    tagName: () => settings.tagName,
    runTask,
    requestApproval: (request, signal) => workspace.requestApproval(request, signal),
    autoApprove: () => readToolSettings().autoApprove,
    approvals: approvalOptions,
    log,
  });

  const reconnect = async (): Promise<void> => {
    checkSettings();
    showTarget();
    showSiteMenu();
    await connection.reset(browserFactory, primarySite(settings));
  };

  // The header and the status item show the shown conversation's site (several sites), again when another conversation is shown.
  const shownConnection = new ConversationConnection(connection, () => session.site(), () => session.sites());
  session.onStateReplaced(() => shownConnection.refresh());
  // Second Opinion: the finished task goes to the other sites of ptk.sites through the consult port's call.
  const secondOpinion = createSecondOpinionCommand({
    sessions: session,
    // Named as the router names them ("Claude", "Claude (demo)").
    sites: () => listedSites(settings).map((site) => ({ site, label: connection.state.sites?.find((entry) => entry.site === site)?.label ?? siteName(settings, site) })),
    // The shown conversation's site: where its chat lives (its first task's site, or where a failover moved it).
    ownSite: () => Promise.resolve(session.site() ?? consultPort.ownSite?.()),
    port: consultPort,
    diffSources,
    reveal: () => chatView.reveal(),
    log,
  });

  // The input's slash commands: built-ins and the workspace's prompt files, read again when one changes.
  const slashCommands = watchSlashCommands(workspace, log);
  context.subscriptions.push(slashCommands.disposable);
  const slashSend = { workspace, session, commands: () => slashCommands.catalog.value, modes: () => chatModes.catalog.modes };

  const chatView: ChatViewProvider = new ChatViewProvider(
    context.extensionUri,
    session,
    shownConnection,
    {
      send: (text, chosen, attachments, replaces) =>
        void sendComposerLine(slashSend, text, chosen, attachments, replaces).catch((error: unknown) => log.error(`Could not send the message: ${errorMessage(error)}`)),
      slashCommands: () => slashCommandEntries(slashCommands.catalog.value),
      suggestMentions: (kind, query) => mentions.suggest(kind, query),
      approve: (approvalId, always) => approvals.resolve(approvalId, { decision: always ? 'always' : 'approve' }),
      reject: (approvalId, reason) => approvals.resolve(approvalId, { decision: 'reject', reason }),
      openDiff: (approvalId) => approvals.openDiff(approvalId),
      autoApproval: () => ({ grants: grants.list(), settingTools: settingAutoApprovedTools() }),
      turnOffAlways: () => grants.clear(),
      openAutoApproveSetting: () => void vscode.commands.executeCommand('workbench.action.openSettings', 'ptk.tools.autoApprove'),
      connectionAction: (action, site) => void runConnectionAction(dependencies, action, site),
      // Each acts on the conversation shown when the user asked, even if another is shown before it ends.
      secondOpinion: () => void secondOpinion().catch((error: unknown) => void vscode.window.showErrorMessage(`PTK: Second Opinion failed: ${errorMessage(error)}`)),
      sendReview: (itemId, site) => void sendReviewToTask(session.shown, itemId, site),
      modes: () => ({ modes: chatModes.catalog.choices(), problems: [...chatModes.catalog.problems] }),
      chooseMode: (mode) => void session.chooseMode(mode).catch((error: unknown) => session.notice(errorMessage(error))),
      actOnPlan: (itemId) => void session.actOnPlan(itemId).catch((error: unknown) => session.notice(errorMessage(error))),
      restoreCheckpoint: (itemId) => checkpoints.restoreHandler(session.shown)(itemId),
      reviewChanges: (itemId) => void changeReview.open(session.shown.state, itemId).catch((error: unknown) => void vscode.window.showErrorMessage(`PTK: the review could not be opened: ${errorMessage(error)}`)),
      restoreBeforeResend: (itemId) => checkpoints.resendRestoreHandler(session.shown)(itemId),
      forgetCheckpointsFrom: (itemId) => checkpoints.resendForgetHandler(session.shown)(itemId),
      openFile: (path) =>
        void Promise.resolve()
          .then(() => openWorkspaceFile(workspace, path, readToolSettings()))
          .catch((error: unknown) => void vscode.window.showErrorMessage(`PTK: ${errorMessage(error)}`)),
    },
    log,
  );

  // An edited mode file or prompt file shows in the mode menu or the `/` menu at once.
  const modesChanged = chatModes.catalog.onDidChange(() => chatView.postModes());
  const commandsChanged = slashCommands.catalog.onDidChange(() => chatView.postSlashCommands());
  context.subscriptions.push({ dispose: () => modesChanged.dispose() }, { dispose: () => commandsChanged.dispose() });

  const statusBar = new ConnectionStatusBar(shownConnection.state);
  shownConnection.onDidChange((state) => statusBar.update(state));
  // `ptk.running` enables the view title's Stop (package.json) while the shown conversation runs a
  // task; the status bar is busy while any conversation runs one.
  session.onActivity(() => {
    statusBar.setBusy(session.anyBusy);
    void vscode.commands.executeCommand('setContext', 'ptk.running', session.busy);
  });

  const learnedSiteAccess = { sites: learnedSites, backend: () => loadLearnedSites(context.extensionPath), settings: () => settings };
  const dependencies = { session, connection, shownConnection, chatView, log, reconnect, storageUri: context.globalStorageUri, mentions, learnedSites: learnedSiteAccess };
  context.subscriptions.push(
    chatView,
    statusBar,
    vscode.window.registerWebviewViewProvider(CHAT_VIEW_ID, chatView, { webviewOptions: { retainContextWhenHidden: false } }),
    vscode.languages.registerCodeActionsProvider({ scheme: 'file' }, new PTKCodeActionProvider(), {
      providedCodeActionKinds: PTKCodeActionProvider.providedCodeActionKinds,
    }),
    ...registerCommands(dependencies),
    vscode.commands.registerCommand(SECOND_OPINION_COMMAND, () => secondOpinion()),
    onSettingsChanged(TOOL_SETTINGS_SECTION, () => {
      tools = undefined;
      checkSettings();
      chatView.postAutoApproval();
    }),
    { dispose: grants.onDidChange(() => chatView.postAutoApproval()) },
    vscode.workspace.onDidChangeConfiguration((event) => {
      // The rules files the instructionFiles setting names are protected files of the tools.
      if (event.affectsConfiguration(`${EXTENSION_SETTINGS_SECTION}.instructionFiles`)) tools = undefined;
      if (CONNECTION_SETTING_KEYS.some((key) => event.affectsConfiguration(`${EXTENSION_SETTINGS_SECTION}.${key}`))) void reconnect();
      else if (event.affectsConfiguration(EXTENSION_SETTINGS_SECTION)) {
        checkSettings();
        showTarget();
      }
      if (event.affectsConfiguration(`${EXTENSION_SETTINGS_SECTION}.chatLimitChars`)) session.limitChanged();
    }),
    // Trust makes the workspace's values of the settings a trusted folder may set count.
    vscode.workspace.onDidGrantWorkspaceTrust(() => {
      tools = undefined;
      void reconnect();
    }),
    shownConnection,
    { dispose: () => void connection.dispose() },
  );

  const api: PTKExtensionApi = {
    workspace,
    createTools: () => createWorkspaceTools(workspace, readToolSettings(), { instructionFiles: settings.instructionFiles }),
    session,
    connection,
    approvals,
    useChatModel: (model, siteName) => connection.useModel(model, siteName),
    ask: (prompt, displayText) => runInChat(dependencies, prompt, displayText),
    vscodeAi: ai,
    activationMs: 0,
  };
  api.activationMs = performance.now() - startedAt;
  log.info(`PTK Assistant activated in ${api.activationMs.toFixed(1)} ms (site ${settings.site}).`);

  if (typeof __PTK_TEST_BUILD__ !== 'undefined' && __PTK_TEST_BUILD__) void runTestSuiteFromEnvironment(api);
  return api;
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}

/**
 * PTK on VS Code's AI platform, wired in one place for the composition root: the chat tab as a
 * language model (vendor `ptk`), VS Code's language-model tools (MCP included) for PTK tasks, and
 * `@ptk` in VS Code's chat view. Each registration is skipped, with a log line, in an editor that
 * lacks its API.
 */
import * as vscode from 'vscode';
import { DEFAULTS } from '../../core/constants';
import { errorMessage } from '../../core/errors';
import type { PTKExecuteOptions, PTKExecuteResult } from '../../core/loop/loopTypes';
import { buildToolCatalog } from '../../core/modelProvider/toolCatalog';
import { WebChatLanguageModel } from '../../core/modelProvider/webChatLanguageModel';
import type { ILLMManager } from '../../core/ports';
import { PTKFormatter, PTKParser } from '../../core/protocol';
import { protocolTags } from '../../core/protocol/tagNames';
import type { PTKTool } from '../../core/types';
import type { ApprovalRequester } from '../../tools/external';
import type { ApprovalGateOptions } from '../../tools';
import type { SiteId } from '../../ui/settings';
import { PTK_MODEL_VENDOR, siteModelInfo } from './siteModelInfo';
import { createChatRequestHandler, registerChatParticipant } from './chatParticipant';
import { EXTERNAL_TOOLS_SETTING, VSCodeExternalTools } from './externalTools';
import { PTKLanguageModelProvider } from './languageModelProvider';

interface VSCodeAiDependencies {
  context: vscode.ExtensionContext;
  /** The chat tab's model (ChatConnection.getModel). */
  getModel: () => Promise<ILLMManager>;
  /** The configured sites, in order (ptk.sites, else ptk.site), and the call tag (read when needed: settings change). */
  sites: () => SiteId[];
  /** A configured site's prompt limit in characters (sitePromptLimit of the settings); no site: the first's. */
  promptLimitChars: (site?: string) => number;
  tagName: () => 'TOOL_CALL' | 'PTK_CALL';
  /** The sidebar's task runner (extension.ts runTask). */
  runTask: (prompt: string, options: PTKExecuteOptions) => Promise<PTKExecuteResult>;
  /** PTK's approval flow (the Workspace port's requestApproval). */
  requestApproval: ApprovalRequester;
  /** `ptk.tools.autoApprove`. */
  autoApprove: () => Readonly<Record<string, boolean>>;
  /** The window's "Always" answers and who hears of a call run without asking, shared with PTK's own tools (the chat's chip shows and turns off both; the cards say what approved them). */
  approvals?: ApprovalGateOptions;
  log: vscode.LogOutputChannel;
}

export interface VSCodeAi {
  /** The engine behind the provider (tests; `tabUsedElsewhere` when a task takes the tab). */
  languageModel: WebChatLanguageModel;
  provider: PTKLanguageModelProvider;
  /** @ptk's handler (tests drive it directly where the chat view needs an account). */
  chatHandler: vscode.ChatRequestHandler;
  /** The participant, when this editor has a chat API. */
  participant?: vscode.ChatParticipant;
  /** A task's tools: PTK's own and the allowed external ones, the list bounded (describe_tool above the bound). */
  taskTools(ownTools: readonly PTKTool[]): PTKTool[];
  /** A task is about to use the tab: the provider's next request starts a new chat. */
  taskTakesTab(): void;
  /** True for an external tool that asks before running. */
  isDangerousExternalTool(name: string): boolean;
}

export function registerVSCodeAi(dependencies: VSCodeAiDependencies): VSCodeAi {
  const { context, log } = dependencies;
  const tagName = dependencies.tagName();
  const languageModel = new WebChatLanguageModel({
    getModel: dependencies.getModel,
    formatter: new PTKFormatter({ tagName }),
    parser: new PTKParser({ tagNames: protocolTags(tagName) }),
    promptLimitChars: dependencies.promptLimitChars,
    log: (line) => log.info(line),
  });
  const version = String((context.extension?.packageJSON as { version?: unknown } | undefined)?.version ?? '1');
  const provider = new PTKLanguageModelProvider(languageModel, () => dependencies.sites().map((site) => siteModelInfo(site, version)));
  context.subscriptions.push(provider);
  try {
    context.subscriptions.push(vscode.lm.registerLanguageModelChatProvider(PTK_MODEL_VENDOR, provider));
  } catch (error) {
    log.warn(`The chat tab is not offered as a language model in this editor: ${errorMessage(error)}`);
  }

  const externalTools = new VSCodeExternalTools(dependencies.requestApproval, dependencies.autoApprove, dependencies.approvals);
  const chatHandler = createChatRequestHandler({ runTask: dependencies.runTask, log: (line) => log.info(line) });
  let participant: vscode.ChatParticipant | undefined;
  try {
    participant = registerChatParticipant(context.extensionUri, chatHandler);
    if (participant) context.subscriptions.push(participant);
  } catch (error) {
    log.warn(`@ptk is not available in this editor's chat: ${errorMessage(error)}`);
  }

  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration((event) => {
      // The model and its input limit follow the site and the settings that set its prompt limit.
      if (['ptk.site', 'ptk.sites', 'ptk.customSite', 'ptk.siteOverrides'].some((key) => event.affectsConfiguration(key))) provider.refresh();
    }),
  );

  return {
    languageModel,
    provider,
    chatHandler,
    participant,
    taskTools: (ownTools) => {
      let external: PTKTool[] = [];
      try {
        external = externalTools.current(ownTools.map((tool) => tool.name));
      } catch (error) {
        log.error(`${EXTERNAL_TOOLS_SETTING}: ${errorMessage(error)}`);
      }
      return buildToolCatalog([...ownTools, ...external], DEFAULTS.promptFullToolsMax).promptTools;
    },
    taskTakesTab: () => languageModel.tabUsedElsewhere(),
    isDangerousExternalTool: (name) => externalTools.isDangerous(name),
  };
}

/**
 * The chat tab as a VS Code language model: a LanguageModelChatProvider (vendor `ptk`) offering
 * one model per configured site (ptk.sites, else ptk.site), with tool calling. Any extension using `vscode.lm` (Copilot
 * Chat's model picker where the plan allows other models, Cline's and Roo's "VS Code LM API"
 * provider, agents) gets a web-chat model whose tool calls arrive as LanguageModelToolCallParts.
 * The work is the core's WebChatLanguageModel; this adapter converts VS Code's parts, the
 * cancellation token, the progress stream and the errors: a failure reaches the caller as a
 * LanguageModelError (Blocked, NoPermissions, NotFound, else Unknown) whose `cause` is the PTK
 * error with its `code`, as `sendRequest`'s documentation tells callers to branch on.
 */
import * as vscode from 'vscode';
import { errorMessage, LLMBackendError, PTKErrorCode } from '../../core/errors';
import { providerErrorKind } from '../../core/modelProvider/providerErrors';
import { estimateTokenCount } from '../../core/modelProvider/tokenEstimate';
import type { WebChatLanguageModel } from '../../core/modelProvider/webChatLanguageModel';
import { actionableCode } from '../../ui/errorActions';
import type { SiteModelInfo } from './siteModelInfo';
import { abortSignalFromToken } from './cancellation';
import { toProviderMessage, toProviderTool } from './languageModelParts';

export class PTKLanguageModelProvider implements vscode.LanguageModelChatProvider, vscode.Disposable {
  private readonly changes = new vscode.EventEmitter<void>();
  readonly onDidChangeLanguageModelChatInformation = this.changes.event;

  constructor(private readonly webModel: WebChatLanguageModel, private readonly modelInfos: () => SiteModelInfo[]) {}

  provideLanguageModelChatInformation(): vscode.LanguageModelChatInformation[] {
    return this.currentInfos().map((info) => ({ ...info, capabilities: { toolCalling: true, imageInput: false } }));
  }

  /** Each configured site's model, with the input limit the engine accepts (that site's prompt limit less PTK's reserve). */
  private currentInfos(): SiteModelInfo[] {
    return this.modelInfos().map((info) => ({ ...info, maxInputTokens: this.webModel.maxInputTokens(info.site) }));
  }

  async provideLanguageModelChatResponse(
    model: vscode.LanguageModelChatInformation,
    messages: readonly vscode.LanguageModelChatRequestMessage[],
    options: vscode.ProvideLanguageModelChatResponseOptions,
    progress: vscode.Progress<vscode.LanguageModelResponsePart>,
    token: vscode.CancellationToken,
  ): Promise<void> {
    const bridged = abortSignalFromToken(token);
    try {
      const infos = this.currentInfos();
      const info = infos.find((candidate) => candidate.id === model.id);
      if (!info) {
        const offered = infos.map((candidate) => candidate.id);
        throw new LLMBackendError(`${model.id} is no longer offered: PTK's chat tab now serves ${offered.join(', ')} (the ptk.site or ptk.sites setting changed).`, { code: PTKErrorCode.MODEL_NOT_AVAILABLE, recoverable: false, context: { requested: model.id, offered } });
      }
      await this.webModel.respond(
        {
          modelId: model.id,
          site: info.site,
          messages: messages.map(toProviderMessage),
          tools: (options.tools ?? []).map(toProviderTool),
          toolMode: options.toolMode === vscode.LanguageModelChatToolMode.Required ? 'required' : 'auto',
        },
        {
          text: (value) => progress.report(new vscode.LanguageModelTextPart(value)),
          toolCall: (call) => progress.report(new vscode.LanguageModelToolCallPart(call.callId, call.name, call.input)),
        },
        bridged.signal,
      );
    } catch (error) {
      // A cancelled request ends quietly: the caller asked for it.
      if (token.isCancellationRequested) return;
      throw asLanguageModelError(error);
    } finally {
      bridged.dispose();
    }
  }

  /** An estimate: about four characters per token, a message as the transcript shows it (see src/core/modelProvider/tokenEstimate.ts). */
  async provideTokenCount(_model: vscode.LanguageModelChatInformation, text: string | vscode.LanguageModelChatRequestMessage): Promise<number> {
    return typeof text === 'string' ? estimateTokenCount(text) : this.webModel.countMessageTokens(toProviderMessage(text));
  }

  /** The configured site changed: VS Code asks for the models again. */
  refresh(): void {
    this.changes.fire();
  }

  dispose(): void {
    this.changes.dispose();
  }
}

/** A failure as the LanguageModelError a caller branches on: its kind as `code`, the PTK error (with its own `code`) as `cause`. */
function asLanguageModelError(error: unknown): vscode.LanguageModelError {
  const message = errorMessage(error);
  const kind = providerErrorKind(actionableCode(error));
  const languageModelError = kind === 'Unknown' ? new vscode.LanguageModelError(message) : vscode.LanguageModelError[kind](message);
  // The public constructor takes a message only: the cause, and the documented 'Unknown' code, are set on the instance.
  Object.defineProperty(languageModelError, 'cause', { value: error, configurable: true, writable: true });
  if (kind === 'Unknown') Object.defineProperty(languageModelError, 'code', { value: kind, configurable: true });
  return languageModelError;
}

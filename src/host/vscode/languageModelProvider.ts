/**
 * The chat tab as a VS Code language model: a LanguageModelChatProvider (vendor `ptk`) offering
 * one model for the configured site, with tool calling. Any extension using `vscode.lm` (Copilot
 * Chat's model picker where the plan allows other models, Cline's and Roo's "VS Code LM API"
 * provider, agents) gets a web-chat model whose tool calls arrive as LanguageModelToolCallParts.
 * The work is the core's WebChatLanguageModel; this adapter converts VS Code's parts, the
 * cancellation token and the progress stream.
 */
import * as vscode from 'vscode';
import { estimateMessageTokens, estimateTokenCount } from '../../core/modelProvider/tokenEstimate';
import type { WebChatLanguageModel } from '../../core/modelProvider/webChatLanguageModel';
import type { SiteModelInfo } from '../../ui/siteModelInfo';
import { abortSignalFromToken } from './cancellation';
import { toProviderMessage, toProviderTool } from './languageModelParts';

export class PTKLanguageModelProvider implements vscode.LanguageModelChatProvider, vscode.Disposable {
  private readonly changes = new vscode.EventEmitter<void>();
  readonly onDidChangeLanguageModelChatInformation = this.changes.event;

  constructor(private readonly webModel: WebChatLanguageModel, private readonly modelInfo: () => SiteModelInfo) {}

  provideLanguageModelChatInformation(): vscode.LanguageModelChatInformation[] {
    const info = this.modelInfo();
    return [{ ...info, capabilities: { toolCalling: true, imageInput: false } }];
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
      await this.webModel.respond(
        {
          modelId: model.id,
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
      throw error;
    } finally {
      bridged.dispose();
    }
  }

  /** An estimate: about four characters per token (see src/core/modelProvider/tokenEstimate.ts). */
  async provideTokenCount(_model: vscode.LanguageModelChatInformation, text: string | vscode.LanguageModelChatRequestMessage): Promise<number> {
    return typeof text === 'string' ? estimateTokenCount(text) : estimateMessageTokens(toProviderMessage(text));
  }

  /** The configured site changed: VS Code asks for the models again. */
  refresh(): void {
    this.changes.fire();
  }

  dispose(): void {
    this.changes.dispose();
  }
}

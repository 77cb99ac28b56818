/**
 * VS Code's language-model parts (text, tool call, tool result, data, prompt-tsx) converted once,
 * at the edge, into the host-neutral shapes the core works with. Parts are recognised by class
 * and, for parts another extension host revived or a newer VS Code added, by shape.
 */
import * as vscode from 'vscode';
import type { ProviderMessage, ProviderPart, ProviderRole, ProviderTool } from '../../core/modelProvider/providerMessages';
import { resultPartText, type ExternalToolResultPart } from '../../tools/external/externalToolResult';

/** VS Code's System role (3) is still a proposal; messages may carry it at run time. */
const SYSTEM_ROLE = 3;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A tool result's or a data part's content as a neutral result part. */
export function toResultPart(part: unknown): ExternalToolResultPart {
  if (part instanceof vscode.LanguageModelTextPart) return { kind: 'text', text: part.value };
  if (isRecord(part) && typeof part.mimeType === 'string' && part.data instanceof Uint8Array) return { kind: 'data', mimeType: part.mimeType, data: part.data };
  if (isRecord(part) && typeof part.value === 'string') return { kind: 'text', text: part.value };
  if (part instanceof vscode.LanguageModelPromptTsxPart) return { kind: 'other', description: 'prompt-tsx content, not shown' };
  return { kind: 'other', description: 'a result part PTK cannot show' };
}

/** One part of a request message. Returns undefined for parts that carry nothing for the model. */
function toProviderPart(part: unknown): ProviderPart | undefined {
  if (part instanceof vscode.LanguageModelToolCallPart || (isRecord(part) && typeof part.callId === 'string' && typeof part.name === 'string' && isRecord(part.input))) {
    const call = part as { callId: string; name: string; input: object };
    return { type: 'toolCall', callId: call.callId, name: call.name, input: call.input as Record<string, unknown> };
  }
  if (part instanceof vscode.LanguageModelToolResultPart || (isRecord(part) && typeof part.callId === 'string' && Array.isArray(part.content))) {
    const result = part as { callId: string; content: unknown[]; isError?: unknown };
    const text = result.content.map((content) => resultPartText(toResultPart(content))).join('\n');
    return { type: 'toolResult', callId: result.callId, text, isError: result.isError === true };
  }
  const resultPart = toResultPart(part);
  if (resultPart.kind === 'text') return resultPart.text === '' ? undefined : { type: 'text', text: resultPart.text };
  return { type: 'text', text: resultPartText(resultPart) };
}

/** A request message (LanguageModelChatRequestMessage) in neutral form. */
export function toProviderMessage(message: vscode.LanguageModelChatRequestMessage): ProviderMessage {
  const role: ProviderRole = message.role === vscode.LanguageModelChatMessageRole.Assistant ? 'assistant' : (message.role as number) === SYSTEM_ROLE ? 'system' : 'user';
  const parts: ProviderPart[] = [];
  for (const content of message.content) {
    const part = toProviderPart(content);
    if (part) parts.push(part);
  }
  return { role, parts };
}

/** A tool the caller offers, in neutral form. */
export function toProviderTool(tool: vscode.LanguageModelChatTool): ProviderTool {
  return { name: tool.name, description: tool.description, inputSchema: isRecord(tool.inputSchema) ? tool.inputSchema : undefined };
}

/**
 * A caller's conversation as the text the chat tab receives. A new chat gets the PTK system
 * prompt (the request's tools, the protocol, the caller's own system messages as instructions)
 * and the whole conversation as a transcript; a continued chat gets only the new messages: the
 * user's text and the tool results as TOOL_RESULT lines, in order. The caller's earlier tool
 * calls are shown in the transcript exactly as the model writes them, in call tags.
 * A request without tools is plain: no PTK system prompt, no protocol, just the messages (a
 * lone question as it is, a conversation as a role-labelled transcript).
 */
import { DEFAULTS } from '../constants';
import { compactHistory } from '../conversation/historyBudget';
import type { PTKFormatter } from '../protocol';
import type { PTKMessage, PTKTool } from '../types';
import type { ProviderMessage, ProviderPart, ProviderToolMode } from './providerMessages';

export interface PromptRenderingOptions {
  formatter: PTKFormatter;
  /** The tools as the prompt shows them (the catalog's promptTools). */
  promptTools: readonly PTKTool[];
  toolMode: ProviderToolMode;
  /** History budget of a new chat's transcript, in characters. */
  historyBudgetChars?: number;
}

/** The sentence that makes a tool call mandatory (toolMode 'required'). */
export const REQUIRED_TOOL_INSTRUCTION = 'For this request you MUST call one of the tools: a reply without a tool call is not accepted.';

function toolResultMessage(part: Extract<ProviderPart, { type: 'toolResult' }>, formatter: PTKFormatter): string {
  return formatter.formatToolResult({ success: !part.isError, data: part.isError ? null : part.text, error: part.isError ? part.text : null });
}

/** A tool call as the model writes it. */
function renderToolCall(name: string, input: Record<string, unknown>, tagName: string): string {
  return `<${tagName}>${JSON.stringify({ tool: name, args: input })}</${tagName}>`;
}

/** A caller's message as PTK transcript messages (a user message with results becomes one message per result). */
function toTranscriptMessages(message: ProviderMessage, formatter: PTKFormatter): PTKMessage[] {
  const messages: PTKMessage[] = [];
  let text = '';
  const calls: string[] = [];
  for (const part of message.parts) {
    if (part.type === 'text') text += part.text;
    else if (part.type === 'toolCall') calls.push(renderToolCall(part.name, part.input, formatter.tagName));
    else messages.push({ role: 'tool', content: toolResultMessage(part, formatter), toolCallId: part.callId });
  }
  if (message.role === 'assistant') {
    const content = [text.trim(), ...calls].filter(Boolean).join('\n');
    return content ? [{ role: 'assistant', content }] : [];
  }
  if (text.trim()) messages.push({ role: message.role, content: text });
  return messages;
}

/** The system prompt of a new chat with tools: PTK's (tools, protocol) and the caller's system messages. */
export function renderSystemPrompt(messages: readonly ProviderMessage[], options: PromptRenderingOptions): string {
  const callerInstructions = systemTexts(messages);
  const extra = [
    options.toolMode === 'required' && options.promptTools.length > 0 ? REQUIRED_TOOL_INSTRUCTION : '',
    callerInstructions.length ? `INSTRUCTIONS FROM THE APPLICATION:\n${callerInstructions.join('\n\n')}` : '',
  ].filter(Boolean).join('\n\n');
  // The caller runs the calls, so independent calls may come together (parallel tool calls).
  return options.formatter.formatSystemPrompt(options.promptTools, { allowMultipleCalls: true, extraInstructions: extra || undefined });
}

/** The caller's system messages' text. */
function systemTexts(messages: readonly ProviderMessage[]): string[] {
  return messages
    .filter((message) => message.role === 'system')
    .flatMap((message) => message.parts.filter((part) => part.type === 'text').map((part) => part.text.trim()))
    .filter(Boolean);
}

/** A request without tools: the caller's system text, then the lone question as it is, or the conversation as a transcript. */
function renderPlainChat(messages: readonly ProviderMessage[], options: PromptRenderingOptions): string {
  const conversation = messages.filter((message) => message.role !== 'system').flatMap((message) => toTranscriptMessages(message, options.formatter));
  const instructions = systemTexts(messages);
  if (conversation.length === 1 && conversation[0].role === 'user') return [...instructions, conversation[0].content].join('\n\n');
  const transcript: PTKMessage[] = [...instructions.map((content): PTKMessage => ({ role: 'system', content })), ...conversation];
  return options.formatter.formatConversation(compactHistory(transcript, { budgetChars: options.historyBudgetChars ?? DEFAULTS.historyBudgetChars }));
}

/**
 * Characters `message` takes in a new chat's transcript (its role label and separator included):
 * what the provider's token count measures, so that a request the caller fits to the advertised
 * input limit also fits the chat box.
 */
export function renderedMessageChars(message: ProviderMessage, formatter: PTKFormatter): number {
  if (message.role === 'system') return systemTexts([message]).reduce((total, text) => total + text.length + 2, 0);
  return toTranscriptMessages(message, formatter).reduce((total, transcriptMessage) => total + formatter.formatConversation([transcriptMessage]).length + 2, 0);
}

/**
 * The first message of a new chat: system prompt and transcript (fitted to the history budget),
 * then `repairs` (earlier failed attempts of this request and what PTK answered them).
 */
export function renderNewChat(messages: readonly ProviderMessage[], options: PromptRenderingOptions, repairs: readonly PTKMessage[] = []): string {
  if (options.promptTools.length === 0) return renderPlainChat(messages, options);
  const transcript: PTKMessage[] = [{ role: 'system', content: renderSystemPrompt(messages, options) }];
  for (const message of messages) if (message.role !== 'system') transcript.push(...toTranscriptMessages(message, options.formatter));
  transcript.push(...repairs);
  return options.formatter.formatConversation(compactHistory(transcript, { budgetChars: options.historyBudgetChars ?? DEFAULTS.historyBudgetChars }));
}

/**
 * What a continued chat receives: the new messages' text and results, in order; every
 * `protocolReminderEvery` turns a short reminder of the protocol; in required mode the rule again.
 */
export function renderNewMessages(newMessages: readonly ProviderMessage[], options: PromptRenderingOptions, turn: number): string {
  const pieces: string[] = [];
  for (const message of newMessages) {
    for (const transcriptMessage of toTranscriptMessages(message, options.formatter)) {
      pieces.push(transcriptMessage.role === 'system' ? `SYSTEM: ${transcriptMessage.content}` : transcriptMessage.content);
    }
  }
  if (turn > 0 && turn % DEFAULTS.protocolReminderEvery === 0 && options.promptTools.length > 0) pieces.push(options.formatter.formatProtocolReminder(options.promptTools));
  if (options.toolMode === 'required' && options.promptTools.length > 0) pieces.push(REQUIRED_TOOL_INSTRUCTION);
  return pieces.join('\n\n');
}

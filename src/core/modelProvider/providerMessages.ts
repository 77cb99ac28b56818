/**
 * The conversation a caller of the web chat model sends, in host-neutral shapes: what the VS Code
 * language-model provider receives (LanguageModelChatRequestMessage and its parts) converted once
 * at the edge, so the rendering, the thread tracking and the repair logic run in plain Node.
 */
import { ConfigurationError } from '../errors';
import type { PTKParameters, PTKTool } from '../types';

/** One part of a caller's message. */
export type ProviderPart =
  | { type: 'text'; text: string }
  /** A call the model made earlier (the caller echoes our tool-call parts back). */
  | { type: 'toolCall'; callId: string; name: string; input: Record<string, unknown> }
  /** The caller's result of one call, as text (data parts already summarised). */
  | { type: 'toolResult'; callId: string; text: string; isError?: boolean };

export type ProviderRole = 'system' | 'user' | 'assistant';

export interface ProviderMessage {
  role: ProviderRole;
  parts: ProviderPart[];
}

/** A tool the caller offers the model: it runs the tool itself when the model calls it. */
export interface ProviderTool {
  name: string;
  description: string;
  /** JSON Schema of the tool's input (an object schema), when the caller gave one. */
  inputSchema?: Record<string, unknown>;
}

/** Whether the model may answer in text ('auto') or must call one of the tools ('required'). */
export type ProviderToolMode = 'auto' | 'required';

/** One request of a caller. */
export interface ProviderRequest {
  /** Which of the provider's models was asked (the thread is kept per model). */
  modelId: string;
  /** The site that model stands for (the backend starts there when it has several). */
  site?: string;
  messages: readonly ProviderMessage[];
  tools: readonly ProviderTool[];
  toolMode: ProviderToolMode;
}

/** A tool call handed to the caller. */
export interface ProviderToolCall {
  /** Unique within the conversation, and the same for the same call of the same thread. */
  callId: string;
  name: string;
  input: Record<string, unknown>;
}

/** Where the answer goes, part by part, as it is known (text streamed, calls once validated). */
export interface ProviderResponseSink {
  text(value: string): void;
  toolCall(call: ProviderToolCall): void;
}

/** The JSON Schema of a caller's tool as PTK parameters (always an object schema). */
function toolParameters(inputSchema: Record<string, unknown> | undefined): PTKParameters {
  const schema = inputSchema ?? {};
  const properties = typeof schema.properties === 'object' && schema.properties !== null ? (schema.properties as PTKParameters['properties']) : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : undefined;
  return { ...schema, type: 'object', properties, ...(required ? { required } : {}) };
}

/**
 * A caller's tool as a PTKTool: enough for the system prompt and for checking a call's
 * arguments. PTK never runs it (the caller does), so its handler refuses.
 */
export function providerToolAsPTKTool(tool: ProviderTool): PTKTool {
  return {
    name: tool.name,
    description: tool.description,
    parameters: toolParameters(tool.inputSchema),
    handler: () => {
      throw new ConfigurationError(`${tool.name} is run by the caller, not by PTK.`, { context: { tool: tool.name } });
    },
  };
}

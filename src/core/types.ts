/**
 * The PTK data model (tools, calls, replies, results, messages), shared by the protocol, the
 * loop and the adapters.
 */
import type { z } from 'zod';
import type { PromptAttachment } from './ports';

/** JSON Schema for one parameter, as shown to the model. */
export interface PTKParameter {
  type?: string | string[];
  description?: string;
  enum?: unknown[];
  items?: PTKParameter;
  properties?: Record<string, PTKParameter>;
  required?: string[];
  default?: unknown;
  [keyword: string]: unknown;
}

/** The `parameters` of a tool: always a JSON Schema object. */
export interface PTKParameters {
  type: 'object';
  properties: Record<string, PTKParameter>;
  required?: string[];
  [keyword: string]: unknown;
}

/** What a tool's handler receives besides its arguments. */
export interface ToolContext {
  /** Fires when the task is cancelled or the tool's own timeout passes. */
  signal: AbortSignal;
  /** Id of the call being run (unique within a task). */
  toolCallId: string;
  /** Loop iteration that produced the call (1-based); 0 outside a loop. */
  iteration: number;
  /**
   * Sends a file (a screenshot) with the next model call, through the site's upload like a
   * pasted image. Absent where no next call can carry files (a run outside the loop).
   */
  attach?: (file: PromptAttachment) => void;
}

/**
 * A tool the model can call. `parameters` (JSON Schema) is what the prompt shows;
 * `inputSchema` (zod), when present, is what arguments are validated and coerced with.
 */
export interface PTKTool<Args = any, Result = any> {
  name: string;
  description: string;
  parameters: PTKParameters;
  handler: (args: Args, context: ToolContext) => Promise<Result> | Result;
  inputSchema?: z.ZodType<Args>;
  /** Has no side effects: may run in parallel and be answered from cache when repeated. */
  readOnly?: boolean;
  /** Needs the user's approval before it runs (writes, commands). */
  dangerous?: boolean;
  /** Per-tool timeout in milliseconds (overrides the loop's toolTimeout). */
  timeoutMs?: number;
  /** A tool whose effect is its result (a publish, an update): `formatToolResultMessage` gives it the success message without the raw data. */
  isHandlerTool?: boolean;
  /** Human name for messages ("Read File"); derived from `name` when absent. */
  displayName?: string;
}

/** A call the model asked for. */
export interface PTKToolCall {
  tool: string;
  args: Record<string, unknown>;
  reasoning?: string;
  /** Assigned by the loop: "call_<iteration>_<index>", "call_<task>_<iteration>_<index>" in a conversation's later tasks (loop/callIds.ts). */
  id?: string;
}

export type PTKResponseType = 'text' | 'tool_call' | 'invalid';

/** Why a reply was judged `invalid`. */
export type PTKInvalidReason =
  | 'truncated' // an opening tag with no end: the reply was cut off
  | 'malformed_json' // the body is not JSON even after repair
  | 'bad_shape' // JSON, but not {tool, args} / {name, arguments}
  | 'near_miss' // looks like an attempt to call a tool, but nothing parses
  | 'too_deep'; // the arguments nest deeper than DEFAULTS.maxArgumentDepth

export interface PTKResponse {
  type: PTKResponseType;
  /** The text shown to the user: for 'text' the whole answer; otherwise the prose around the call(s). */
  content?: string;
  /** The first call (type 'tool_call'). */
  toolCall?: PTKToolCall;
  /** Every call found, in order (empty unless type 'tool_call'). */
  toolCalls: PTKToolCall[];
  /** The original reply. */
  raw: string;
  /** For 'invalid': what is wrong, worded for the model. */
  error?: string;
  reason?: PTKInvalidReason;
  /** True when jsonrepair (or alias/double-encoding handling) had to fix the call. */
  repaired?: boolean;
  /** True when text after a call that pretended to be a TOOL_RESULT was dropped. */
  discardedFakeResult?: boolean;
}

export interface PTKValidation {
  valid: boolean;
  error?: string;
  /** Arguments after schema coercion/defaults, when valid. */
  args?: Record<string, unknown>;
  code?: 'TOOL_NOT_FOUND' | 'INVALID_ARGUMENTS';
}

export interface PTKToolResult {
  success: boolean;
  data: unknown;
  error: string | null;
}

export type PTKRole = 'system' | 'user' | 'assistant' | 'tool';

export interface PTKMessage {
  role: PTKRole;
  content: string;
  /** For 'assistant' messages that called tools. */
  toolCalls?: PTKToolCall[];
  /** For 'tool' messages: the call answered. */
  toolCallId?: string;
  toolName?: string;
  /** Set on messages produced by history compaction. */
  compacted?: boolean;
}

export interface IterationInfo {
  iteration: number;
  type: PTKResponseType;
  content?: string;
  toolCallsSoFar: number;
}

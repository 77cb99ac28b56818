/**
 * Running one tool. A call is prepared once (its arguments checked with the tool's zod schema,
 * its timeout — the tool's own `timeoutMs`, else the caller's — linked into its signal), then
 * invoked: the handler runs, raced with that signal, and every failure becomes a
 * `success: false` result (never a throw).
 */
import { errorMessage, PTKError, PTKErrorCode } from '../errors';
import { linkAbortSignals, raceWithSignal } from '../util/abortSignals';
import type { PTKTool, PTKToolResult, ToolContext } from '../types';
import { checkToolArguments } from '../protocol/toolCallCheck';

/** A PTKToolResult with the code of the failure and how long the tool ran. */
export interface ToolExecutionResult extends PTKToolResult {
  /** Set when `success` is false: TOOL_TIMEOUT, INVALID_TOOL_CALL, APPROVAL_REJECTED, ABORTED, … */
  code?: PTKErrorCode;
  /** Wall time of the run in milliseconds. */
  durationMs?: number;
}

/**
 * A call ready to run: `args` are the checked (coerced) arguments, and `context.signal` carries
 * the caller's cancellation and the call's one timeout.
 */
export interface PreparedToolCall {
  tool: PTKTool;
  args: Record<string, unknown>;
  context: ToolContext;
}

interface RunToolOptions {
  /** Timeout when the tool has no `timeoutMs` of its own (undefined or 0: none). */
  timeoutMs?: number;
  /** Validate `args` with the tool's inputSchema first (default true). */
  validate?: boolean;
}

/** The failure result for anything thrown by a tool or a middleware. */
export function toolFailure(error: unknown, durationMs?: number): ToolExecutionResult {
  return {
    success: false,
    data: null,
    error: errorMessage(error),
    code: error instanceof PTKError ? error.code : PTKErrorCode.TOOL_EXECUTION_FAILED,
    durationMs,
  };
}

/** Validates `args` with the tool's zod schema; returns the coerced args or a readable error. */
export function validateToolArguments(
  tool: PTKTool,
  args: Record<string, unknown>,
): { ok: true; args: Record<string, unknown> } | { ok: false; error: string } {
  if (!tool.inputSchema) return { ok: true, args };
  const checked = checkToolArguments(tool, args);
  return checked.valid ? { ok: true, args: checked.args } : { ok: false, error: checked.error.message };
}

/** The failure result of arguments the tool's schema refuses. */
export function invalidArguments(error: string): ToolExecutionResult {
  return { success: false, data: null, error, code: PTKErrorCode.INVALID_TOOL_CALL, durationMs: 0 };
}

/**
 * `context` with the call's timeout linked into its signal: the tool's own `timeoutMs`, else
 * `timeoutMs` (none when both are undefined or 0). `dispose` clears the timer.
 */
export function withToolTimeout(tool: PTKTool, context: ToolContext, timeoutMs: number | undefined): { context: ToolContext; dispose(): void } {
  const ms = tool.timeoutMs ?? timeoutMs;
  if (!ms) return { context, dispose: () => undefined };
  const link = linkAbortSignals({
    signals: [context.signal],
    timeoutMs: ms,
    timeoutCode: PTKErrorCode.TOOL_TIMEOUT,
    timeoutMessage: `Tool ${tool.name} timed out after ${ms} ms.`,
  });
  return { context: { ...context, signal: link.signal }, dispose: () => link.dispose() };
}

/** Runs a prepared call's handler, raced with its signal; a throw becomes a failure result. Never throws. */
export async function invokeTool({ tool, args, context }: PreparedToolCall): Promise<ToolExecutionResult> {
  const startedAt = Date.now();
  try {
    const running = Promise.resolve().then(() => tool.handler(args, context));
    const data = await raceWithSignal(running, context.signal);
    return { success: true, data: data === undefined ? null : data, error: null, durationMs: Date.now() - startedAt };
  } catch (error) {
    return toolFailure(error, Date.now() - startedAt);
  }
}

/** Runs `tool` with `args` (no middleware): prepares the call, then invokes it. Never throws. */
export async function runTool(
  tool: PTKTool,
  args: Record<string, unknown>,
  context: ToolContext,
  options: RunToolOptions = {},
): Promise<ToolExecutionResult> {
  let checked = args;
  if (options.validate !== false) {
    const validation = validateToolArguments(tool, args);
    if (!validation.ok) return invalidArguments(validation.error);
    checked = validation.args;
  }
  const timed = withToolTimeout(tool, context, options.timeoutMs);
  try {
    return await invokeTool({ tool, args: checked, context: timed.context });
  } finally {
    timed.dispose();
  }
}

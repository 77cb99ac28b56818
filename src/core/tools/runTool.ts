/**
 * Running one tool: argument validation with the tool's zod schema, a per-tool timeout
 * (the tool's own `timeoutMs`, else the caller's), the caller's AbortSignal, and every
 * failure turned into a `success: false` result (never a throw).
 */
import { errorMessage, PTKError, PTKErrorCode } from '../errors';
import { linkAbortSignals, raceWithSignal } from '../util/abortSignals';
import type { PTKTool, PTKToolResult, ToolContext } from '../types';
import { checkToolArguments } from '../protocol/toolCallCheck';
import { preparedCallOf } from './preparedCall';

/** A PTKToolResult with the code of the failure and how long the tool ran. */
export interface ToolExecutionResult extends PTKToolResult {
  /** Set when `success` is false: TOOL_TIMEOUT, INVALID_TOOL_CALL, APPROVAL_REJECTED, ABORTED, … */
  code?: PTKErrorCode;
  /** Wall time of the run in milliseconds. */
  durationMs?: number;
}

export interface RunToolOptions {
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

/** Runs `tool` with `args`; never throws. */
export async function runTool(
  tool: PTKTool,
  args: Record<string, unknown>,
  context: ToolContext,
  options: RunToolOptions = {},
): Promise<ToolExecutionResult> {
  const startedAt = Date.now();
  const prepared = preparedCallOf(context);
  let runArgs = args;
  if (options.validate !== false && prepared?.args !== args) {
    const validation = validateToolArguments(tool, args);
    if (!validation.ok) {
      return { success: false, data: null, error: validation.error, code: PTKErrorCode.INVALID_TOOL_CALL, durationMs: 0 };
    }
    runArgs = validation.args;
  }
  const ownTimeoutMs = tool.timeoutMs ?? options.timeoutMs;
  // A call the loop prepared already carries this timeout in its signal: no second timer.
  const timeoutMs = prepared && (ownTimeoutMs === undefined || ownTimeoutMs === prepared.timeoutMs) ? undefined : ownTimeoutMs;
  const link = timeoutMs === undefined
    ? undefined
    : linkAbortSignals({
      signals: [context.signal],
      timeoutMs,
      timeoutCode: PTKErrorCode.TOOL_TIMEOUT,
      timeoutMessage: `Tool ${tool.name} timed out after ${timeoutMs} ms.`,
    });
  const signal = link?.signal ?? context.signal;
  try {
    const running = Promise.resolve().then(() => tool.handler(runArgs, { ...context, signal }));
    const data = await raceWithSignal(running, signal);
    return { success: true, data: data === undefined ? null : data, error: null, durationMs: Date.now() - startedAt };
  } catch (error) {
    return toolFailure(error, Date.now() - startedAt);
  } finally {
    link?.dispose();
  }
}

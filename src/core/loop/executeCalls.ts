/**
 * The one path by which the loop runs tools. The calls arrive already checked (call planning
 * validated their arguments), so nothing is validated again; each attempt gets one timeout (the
 * tool's own `timeoutMs`, else the run's `toolTimeout`) linked with the run's signal, and goes
 * to the run's executor (the tool manager adapted once: see toolExecutor). Several read-only
 * calls run in parallel, anything else one after another. Nothing here throws: every failure
 * is a `success: false` result.
 */
import { PTKErrorCode } from '../errors';
import type { ToolExecutor } from '../tools/managedTools';
import { withToolTimeout, type ToolExecutionResult } from '../tools/runTool';
import type { PTKToolCall, ToolContext } from '../types';
import type { PlannedRun } from './callPlanning';

export interface ExecutionSettings {
  /** The run's signal (cancellation and the task's timeout). */
  signal: AbortSignal | undefined;
  /** Runs a prepared call (toolExecutor of the run's tool manager). */
  execute: ToolExecutor;
  /** Timeout of a tool without its own `timeoutMs`, in ms. */
  toolTimeout: number;
  /** Extra attempts for a call that failed (0: none). Never for the failures in NEVER_RETRIED. */
  retries: number;
  /** The turn the calls belong to (ToolContext.iteration). */
  iteration: number;
  /** Files a tool sends with the next model call (ToolContext.attach). */
  attach?: ToolContext['attach'];
  /** Before a call runs (once, whatever its retries). */
  onToolCall?: (toolCall: PTKToolCall) => void;
  /** After a call ran, with its last attempt's result. */
  onToolResult?: (toolCall: PTKToolCall, result: ToolExecutionResult) => void;
}

/** Failures another attempt cannot fix. */
const NEVER_RETRIED = new Set<PTKErrorCode>([
  PTKErrorCode.INVALID_TOOL_CALL,
  PTKErrorCode.APPROVAL_REJECTED,
  PTKErrorCode.ABORTED,
  PTKErrorCode.TOOL_NOT_FOUND,
  PTKErrorCode.TOOL_TIMEOUT,
]);

/** A signal for runs without one: it never fires. */
const NEVER_ABORTED = new AbortController().signal;

/** Runs the planned calls; the results are in the same order. */
export async function executeCalls(runs: readonly PlannedRun[], settings: ExecutionSettings): Promise<ToolExecutionResult[]> {
  if (runs.length > 1 && runs.every((run) => run.tool.readOnly)) {
    return Promise.all(runs.map((run) => executeCall(run, settings)));
  }
  const results: ToolExecutionResult[] = [];
  for (const run of runs) results.push(await executeCall(run, settings));
  return results;
}

/** Runs one planned call, with its retries. */
export async function executeCall(run: PlannedRun, settings: ExecutionSettings): Promise<ToolExecutionResult> {
  settings.onToolCall?.(run.toolCall);
  let result = await runOnce(run, settings);
  for (let attempt = 1; attempt <= settings.retries; attempt++) {
    if (result.success || settings.signal?.aborted || (result.code && NEVER_RETRIED.has(result.code))) break;
    result = await runOnce(run, settings);
  }
  settings.onToolResult?.(run.toolCall, result);
  return result;
}

async function runOnce({ toolCall, tool }: PlannedRun, settings: ExecutionSettings): Promise<ToolExecutionResult> {
  const context: ToolContext = { signal: settings.signal ?? NEVER_ABORTED, toolCallId: toolCall.id ?? '', iteration: settings.iteration, ...(settings.attach ? { attach: settings.attach } : {}) };
  const timed = withToolTimeout(tool, context, settings.toolTimeout);
  try {
    return await settings.execute({ tool, args: toolCall.args, context: timed.context });
  } finally {
    timed.dispose();
  }
}

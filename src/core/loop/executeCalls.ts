/**
 * The one path by which the loop runs tools. The calls arrive already checked (call planning
 * validated their arguments), so nothing is validated again; each call gets one timeout (the
 * tool's own `timeoutMs`, else the run's `toolTimeout`) linked once with the run's signal; a
 * tool the tool manager holds runs through it (its middleware applies), any other tool runs
 * its own handler. Several read-only calls run in parallel, anything else one after another.
 * Nothing here throws: every failure is a `success: false` result.
 */
import { PTKErrorCode } from '../errors';
import { executeThroughManager, runsThroughManager, type ToolManagerLike } from '../tools/managedTools';
import { markPreparedCall } from '../tools/preparedCall';
import { runTool, toolFailure, type ToolExecutionResult } from '../tools/runTool';
import type { PTKToolCall, ToolContext } from '../types';
import { linkAbortSignals, raceWithSignal } from '../util/abortSignals';
import type { PlannedRun } from './callPlanning';

export interface ExecutionSettings {
  /** The run's signal (cancellation and the task's timeout). */
  signal: AbortSignal | undefined;
  toolManager?: ToolManagerLike;
  /** Timeout of a tool without its own `timeoutMs`, in ms. */
  toolTimeout: number;
  /** Extra attempts for a call that failed (0: none). Never for the failures in NEVER_RETRIED. */
  retries: number;
  /** The turn the calls belong to (ToolContext.iteration). */
  iteration: number;
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
  const toolCallId = toolCall.id ?? '';
  const toolManager = settings.toolManager;
  if (!toolManager || !runsThroughManager(toolManager, tool)) {
    // runTool links the signal and the timeout itself.
    const context: ToolContext = { signal: settings.signal ?? NEVER_ABORTED, toolCallId, iteration: settings.iteration };
    return runTool(tool, toolCall.args, context, { validate: false, timeoutMs: settings.toolTimeout });
  }
  const timeoutMs = tool.timeoutMs ?? settings.toolTimeout;
  const link = linkAbortSignals({
    signals: [settings.signal],
    timeoutMs,
    timeoutCode: PTKErrorCode.TOOL_TIMEOUT,
    timeoutMessage: `Tool ${tool.name} timed out after ${timeoutMs} ms.`,
  });
  const context: ToolContext = { signal: link.signal, toolCallId, iteration: settings.iteration };
  markPreparedCall(context, { args: toolCall.args, timeoutMs });
  try {
    // Raced with the signal: a manager that ignores it cannot outlive the timeout.
    return await raceWithSignal(executeThroughManager(toolManager, tool, toolCall.args, context), link.signal);
  } catch (error) {
    // A tool manager is meant never to throw; if one does (or the timeout fired), the model still gets a result.
    return toolFailure(error);
  } finally {
    link.dispose();
  }
}

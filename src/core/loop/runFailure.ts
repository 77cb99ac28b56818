/**
 * What a run fails with: one error object whose class says who is at fault and whose code is
 * one of PTKRunErrorCode. Anything the run throws is classified here, once.
 */
import { errorMessage, PTKAbortError, PTKError, PTKErrorCode, PTKExecutionError } from '../errors';
import { abortErrorOf } from '../util/abortSignals';

/** The codes a task fails with, grouped by who is at fault. */
const RUN_ERROR_CODES = [
  // The user's setup (ConfigurationError).
  PTKErrorCode.CONFIG_INVALID,
  PTKErrorCode.TOOL_NOT_FOUND,
  // The model, after maxConsecutiveMistakes in a row (ModelBehaviorError; TOOL_NOT_FOUND too).
  PTKErrorCode.PARSE_ERROR,
  PTKErrorCode.INVALID_TOOL_CALL,
  // A limit (LimitExceededError).
  PTKErrorCode.MAX_ITERATIONS_REACHED,
  PTKErrorCode.MAX_TOOL_CALLS_REACHED,
  PTKErrorCode.DUPLICATE_TOOL_CALL,
  PTKErrorCode.CYCLE_DETECTED,
  PTKErrorCode.TIMEOUT,
  // The backend (LLMBackendError; the backend's own code is the cause's).
  PTKErrorCode.LLM_CALL_FAILED,
  // A tool, with failOnToolError (ToolExecutionError); or an unexpected failure (PTKExecutionError).
  PTKErrorCode.TOOL_EXECUTION_FAILED,
  // Cancelled (PTKAbortError).
  PTKErrorCode.ABORTED,
] as const;

export type PTKRunErrorCode = (typeof RUN_ERROR_CODES)[number];

/** A PTKError whose code is one a run fails with. */
export type RunFailure = PTKError & { code: PTKRunErrorCode };

const RUN_ERROR_CODE_SET: ReadonlySet<PTKErrorCode> = new Set(RUN_ERROR_CODES);

export function isRunFailure(error: unknown): error is RunFailure {
  return error instanceof PTKError && RUN_ERROR_CODE_SET.has(error.code);
}

/**
 * The failure for what a run threw. Cancellation wins when the run's signal fired and the throw
 * came from it: the task's own timeout (a LimitExceededError, TIMEOUT) or PTKAbortError (ABORTED).
 * An error the run raised on purpose is kept; anything else is an unexpected failure.
 */
export function runFailureOf(thrown: unknown, signal: AbortSignal): RunFailure {
  if (signal.aborted && (thrown === signal.reason || thrown instanceof PTKAbortError || !(thrown instanceof PTKError))) {
    const reason = abortErrorOf(signal);
    if (reason.code === PTKErrorCode.TIMEOUT) return reason as RunFailure;
    return new PTKAbortError('The task was cancelled.', { cause: reason }) as RunFailure;
  }
  if (isRunFailure(thrown)) return thrown;
  return new PTKExecutionError(`Unexpected error: ${errorMessage(thrown)}`, { code: PTKErrorCode.TOOL_EXECUTION_FAILED, cause: thrown }) as RunFailure;
}

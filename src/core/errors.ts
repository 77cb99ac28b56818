/**
 * One error hierarchy for the whole product. Every error carries a stable `code`
 * (PTKErrorCode), an optional `cause` and optional structured `context`.
 * `name` is the concrete class name, so logs and `instanceof` both work.
 */

export enum PTKErrorCode {
  // Seed 000: the loop's own failures.
  TOOL_NOT_FOUND = 'TOOL_NOT_FOUND',
  INVALID_TOOL_CALL = 'INVALID_TOOL_CALL',
  MAX_ITERATIONS_REACHED = 'MAX_ITERATIONS_REACHED',
  MAX_TOOL_CALLS_REACHED = 'MAX_TOOL_CALLS_REACHED',
  TOOL_EXECUTION_FAILED = 'TOOL_EXECUTION_FAILED',
  LLM_CALL_FAILED = 'LLM_CALL_FAILED',
  PARSE_ERROR = 'PARSE_ERROR',
  DUPLICATE_TOOL_CALL = 'DUPLICATE_TOOL_CALL',
  // Beyond the seed: cancellation and limits.
  ABORTED = 'ABORTED',
  TIMEOUT = 'TIMEOUT',
  TOOL_TIMEOUT = 'TOOL_TIMEOUT',
  CYCLE_DETECTED = 'CYCLE_DETECTED',
  RUNNER_CONSUMED = 'RUNNER_CONSUMED',
  CONFIG_INVALID = 'CONFIG_INVALID',

  // Browser backend (never counted as model mistakes).
  BROWSER_NOT_FOUND = 'BROWSER_NOT_FOUND',
  BROWSER_LAUNCH_FAILED = 'BROWSER_LAUNCH_FAILED',
  LOGIN_REQUIRED = 'LOGIN_REQUIRED',
  RATE_LIMITED = 'RATE_LIMITED',
  BOT_CHECK = 'BOT_CHECK',
  SITE_ERROR = 'SITE_ERROR',
  NETWORK_ERROR = 'NETWORK_ERROR',
  TAB_CLOSED = 'TAB_CLOSED',
  SELECTOR_NOT_FOUND = 'SELECTOR_NOT_FOUND',
  SUBMIT_FAILED = 'SUBMIT_FAILED',
  PROMPT_TOO_LONG = 'PROMPT_TOO_LONG',
  PROMPT_TRUNCATED = 'PROMPT_TRUNCATED',
  CONVERSATION_TOO_LONG = 'CONVERSATION_TOO_LONG',
  ANSWER_TIMEOUT = 'ANSWER_TIMEOUT',

  // Workspace tools.
  PATH_OUTSIDE_WORKSPACE = 'PATH_OUTSIDE_WORKSPACE',
  PATH_INVALID = 'PATH_INVALID',
  PATH_DENIED = 'PATH_DENIED',
  FILE_NOT_FOUND = 'FILE_NOT_FOUND',
  NOT_A_FILE = 'NOT_A_FILE',
  NOT_A_DIRECTORY = 'NOT_A_DIRECTORY',
  FILE_TOO_LARGE = 'FILE_TOO_LARGE',
  BINARY_FILE = 'BINARY_FILE',
  EDIT_NO_MATCH = 'EDIT_NO_MATCH',
  EDIT_AMBIGUOUS = 'EDIT_AMBIGUOUS',
  WORKSPACE_UNTRUSTED = 'WORKSPACE_UNTRUSTED',
  NO_WORKSPACE = 'NO_WORKSPACE',
  APPROVAL_REJECTED = 'APPROVAL_REJECTED',
  COMMAND_FAILED = 'COMMAND_FAILED',
  COMMAND_TIMEOUT = 'COMMAND_TIMEOUT',
  INVALID_SEARCH_PATTERN = 'INVALID_SEARCH_PATTERN',
  COMMAND_NOT_ALLOWED = 'COMMAND_NOT_ALLOWED',
  FILE_CHANGED = 'FILE_CHANGED',
}

export interface PTKErrorOptions {
  cause?: unknown;
  context?: Record<string, unknown>;
}

/** Base of every error the product throws on purpose. */
export class PTKError extends Error {
  readonly code: PTKErrorCode;
  readonly context?: Record<string, unknown>;

  constructor(message: string, code: PTKErrorCode, options: PTKErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.context = options.context;
  }
}

/** Seed 000's error: what `orchestrateToolCalling` fails with. */
export class PTKExecutionError extends PTKError {
  constructor(message: string, code: PTKErrorCode, context?: Record<string, unknown>, cause?: unknown) {
    super(message, code, { context, cause });
  }
}

/** A tool failed (validation, execution, timeout); becomes a TOOL_RESULT with success false. */
export class ToolError extends PTKError {}

/** A workspace rule refused the operation (path outside, deny list, untrusted, …). */
export class WorkspaceError extends ToolError {}

/** The user said no to a dangerous tool. `reason` is what the user typed, if anything. */
export class ApprovalRejectedError extends ToolError {
  constructor(readonly toolName: string, readonly reason?: string) {
    super(
      `The user rejected ${toolName}${reason ? `: ${reason}` : '.'}`,
      PTKErrorCode.APPROVAL_REJECTED,
      { context: { toolName, reason } },
    );
  }
}

/**
 * A failure of the LLM backend (the chat tab, the network, the site). These are
 * never the model's mistakes: the loop stops (or retries) instead of telling the model.
 */
export class LLMBackendError extends PTKError {
  /** Milliseconds the site asked us to wait, when it said so (rate limits). */
  readonly retryAfterMs?: number;
  /** True when trying again (after the user acts, or after retryAfterMs) can succeed. */
  readonly recoverable: boolean;

  constructor(message: string, code: PTKErrorCode, options: PTKErrorOptions & { retryAfterMs?: number; recoverable?: boolean } = {}) {
    super(message, code, options);
    this.retryAfterMs = options.retryAfterMs;
    this.recoverable = options.recoverable ?? true;
  }
}

/** Thrown when an AbortSignal fired. */
export class PTKAbortError extends PTKError {
  constructor(message = 'The operation was cancelled.', cause?: unknown) {
    super(message, PTKErrorCode.ABORTED, { cause });
  }
}

export function isPTKError(error: unknown): error is PTKError {
  return error instanceof PTKError;
}

/** Message of anything thrown, for logs and TOOL_RESULTs. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

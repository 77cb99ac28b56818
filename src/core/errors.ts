/**
 * One error hierarchy for the whole product. Every error carries a stable `code`
 * (PTKErrorCode), an optional `cause` and optional structured `context`.
 * `name` is the concrete class name, so logs and `instanceof` both work.
 *
 * Every class is built the same way: `new X(message, { code, cause, context, ...its own fields })`.
 * `code` may be left out where the class has a fixed one (PTKAbortError, ConfigurationError,
 * TimeoutReason, ApprovalRejectedError, NoSuchToolError, InvalidToolInputError). The one other
 * shape is the design's own `new PTKExecutionError(message, code, context?)`, kept working.
 */

export enum PTKErrorCode {
  // The loop's own failures.
  TOOL_NOT_FOUND = 'TOOL_NOT_FOUND',
  INVALID_TOOL_CALL = 'INVALID_TOOL_CALL',
  MAX_ITERATIONS_REACHED = 'MAX_ITERATIONS_REACHED',
  MAX_TOOL_CALLS_REACHED = 'MAX_TOOL_CALLS_REACHED',
  TOOL_EXECUTION_FAILED = 'TOOL_EXECUTION_FAILED',
  LLM_CALL_FAILED = 'LLM_CALL_FAILED',
  PARSE_ERROR = 'PARSE_ERROR',
  DUPLICATE_TOOL_CALL = 'DUPLICATE_TOOL_CALL',
  // Cancellation, limits and setup.
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
  /** The site's model picker does not offer the requested model (or refused to switch to it). */
  MODEL_NOT_AVAILABLE = 'MODEL_NOT_AVAILABLE',
  /** The call carries attachments and the backend (or the site's adapter) has no way to upload them; nothing was sent. */
  ATTACHMENT_UNSUPPORTED = 'ATTACHMENT_UNSUPPORTED',
  /** The site refused an attachment (too large, a type it does not take) and said so; nothing was sent. */
  ATTACHMENT_REFUSED = 'ATTACHMENT_REFUSED',
  /** An attachment was never shown as accepted within the wait; nothing was sent. */
  ATTACHMENT_NOT_CONFIRMED = 'ATTACHMENT_NOT_CONFIRMED',

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

  // Web tools (browser, fetch_url).
  /** A URL the web tools may not open: not http(s), a chat site's own origin, or not a URL at all. */
  URL_NOT_ALLOWED = 'URL_NOT_ALLOWED',
  /** A page did not load (no server there, a network failure, no answer in time). */
  PAGE_LOAD_FAILED = 'PAGE_LOAD_FAILED',
  /** The element the browser tool was told to click, type into or wait for is not on the page. */
  ELEMENT_NOT_FOUND = 'ELEMENT_NOT_FOUND',
}

/** What every error carries besides its message. */
export interface PTKErrorOptions {
  cause?: unknown;
  context?: Record<string, unknown>;
}

/** The options of a class whose code varies: the code is required. */
export interface PTKFaultOptions extends PTKErrorOptions {
  code: PTKErrorCode;
}

/** The options of a class with a fixed code: the code may be given to override it. */
export interface PTKFixedCodeOptions extends PTKErrorOptions {
  code?: PTKErrorCode;
}

/** Where an error keeps the kinds of the classes it belongs to (a global symbol: the same in every bundle). */
const ERROR_KINDS = Symbol.for('ptk.errorKinds');

/** The `kind` of each class from `errorClass` up to PTKError (classes without their own kind are skipped). */
function kindsOf(errorClass: { kind?: string }): string[] {
  const kinds: string[] = [];
  for (let current: unknown = errorClass; typeof current === 'function' && current !== Error; current = Object.getPrototypeOf(current)) {
    if (Object.hasOwn(current, 'kind')) kinds.push((current as unknown as { kind: string }).kind);
  }
  return kinds;
}

/**
 * Base of every error the product throws on purpose: `new PTKError(message, { code, cause?, context? })`.
 * Each class has a stable `kind` (its name, which minifiers would rename): an error records the
 * kinds of its classes, so `instanceof` also holds for an error made by another bundle of this
 * code (the browser backend, out/browser.js, is loaded as a file of its own and has its own copy
 * of these classes).
 */
export class PTKError extends Error {
  static readonly kind: string = 'PTKError';
  readonly code: PTKErrorCode;
  readonly context?: Record<string, unknown>;

  constructor(message: string, options: PTKFaultOptions) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    const kinds = kindsOf(new.target);
    this.name = kinds[0] ?? new.target.name;
    this.code = options.code;
    this.context = options.context;
    Object.defineProperty(this, ERROR_KINDS, { value: kinds });
  }

  static override [Symbol.hasInstance](value: unknown): boolean {
    if (Function.prototype[Symbol.hasInstance].call(this, value)) return true;
    const kinds = (value as { [ERROR_KINDS]?: unknown } | null | undefined)?.[ERROR_KINDS];
    return Array.isArray(kinds) && Object.hasOwn(this, 'kind') && kinds.includes((this as typeof PTKError).kind);
  }
}

/**
 * An error the engine raises about a run (the name `orchestrateToolCalling` has always failed
 * with). The fault classes below specialise it; used as it is, it stands for an unexpected
 * failure (a bug, not a fault of the user, the model or the backend).
 *
 * Built like every other class, `new PTKExecutionError(message, { code, cause?, context? })`,
 * which is what the product uses. The design documents' positional shape
 * `new PTKExecutionError(message, code, context?)` also works: a string code as the second
 * argument is read positionally.
 */
export class PTKExecutionError extends PTKError {
  static override readonly kind: string = 'PTKExecutionError';
  constructor(message: string, options: PTKFaultOptions);
  constructor(message: string, code: PTKErrorCode, context?: Record<string, unknown>);
  constructor(message: string, optionsOrCode: PTKFaultOptions | PTKErrorCode, context?: Record<string, unknown>) {
    super(message, typeof optionsOrCode === 'string' ? { code: optionsOrCode, context } : optionsOrCode);
  }
}

/*
 * Errors by who is at fault. Each class says who can fix the failure:
 *   ConfigurationError   the user (or the code that set the engine up): options, tools, names;
 *   ModelBehaviorError   the model: an unreadable reply, an unknown tool, bad arguments;
 *   LLMBackendError      the backend: the chat tab, the site, the network;
 *   LimitExceededError   nobody yet: a limit set to stop runaway tasks was reached;
 *   PTKAbortError        nobody: the task was cancelled;
 *   ToolExecutionError   the tool (or the workspace it works on): it ran and failed.
 */

/**
 * The user's setup is wrong: an invalid option, a tool defined badly or given twice, a tool
 * name no tool manager knows. Nothing runs until it is fixed. Code CONFIG_INVALID unless said.
 */
export class ConfigurationError extends PTKExecutionError {
  static override readonly kind: string = 'ConfigurationError';
  constructor(message: string, options: PTKFixedCodeOptions = {}) {
    super(message, { ...options, code: options.code ?? PTKErrorCode.CONFIG_INVALID });
  }
}

/**
 * The model broke the protocol: a reply that could not be read (PARSE_ERROR), a call of a tool
 * that does not exist (NoSuchToolError), arguments that do not fit the tool (InvalidToolInputError).
 * The loop tells the model (TOOL_ERROR) and fails only after too many in a row.
 */
export class ModelBehaviorError extends PTKExecutionError {
  static override readonly kind: string = 'ModelBehaviorError';
  constructor(message: string, options: PTKFaultOptions) {
    super(message, options);
  }
}

/** The model called a tool that is not offered. `availableTools` are the names that are. Code TOOL_NOT_FOUND unless said. */
export class NoSuchToolError extends ModelBehaviorError {
  static override readonly kind: string = 'NoSuchToolError';
  readonly toolName: string;
  readonly availableTools: readonly string[];

  constructor(message: string, options: PTKFixedCodeOptions & { toolName: string; availableTools: readonly string[] }) {
    super(message, {
      code: options.code ?? PTKErrorCode.TOOL_NOT_FOUND,
      cause: options.cause,
      context: { ...options.context, toolName: options.toolName, availableTools: options.availableTools },
    });
    this.toolName = options.toolName;
    this.availableTools = options.availableTools;
  }
}

/** One problem with a call's arguments: where (`path`, empty for the whole object) and what. zod issues fit this shape. */
export interface ToolInputIssue {
  readonly path: ReadonlyArray<PropertyKey>;
  readonly message: string;
  readonly code?: string;
}

/**
 * The model's arguments do not fit the tool's schema. `issues` are the schema's complaints (the
 * zod issues when the tool has a zod schema). Code INVALID_TOOL_CALL unless said.
 */
export class InvalidToolInputError extends ModelBehaviorError {
  static override readonly kind: string = 'InvalidToolInputError';
  readonly toolName: string;
  readonly issues: readonly ToolInputIssue[];

  constructor(message: string, options: PTKFixedCodeOptions & { toolName: string; issues: readonly ToolInputIssue[] }) {
    super(message, {
      code: options.code ?? PTKErrorCode.INVALID_TOOL_CALL,
      cause: options.cause,
      context: { ...options.context, toolName: options.toolName },
    });
    this.toolName = options.toolName;
    this.issues = options.issues;
  }
}

/**
 * A limit set to stop runaway tasks was reached: iterations, tool calls, repeated calls,
 * cycles, the task's or a tool's timeout. `limit` is the number that was reached, when there is one.
 */
export class LimitExceededError extends PTKExecutionError {
  static override readonly kind: string = 'LimitExceededError';
  readonly limit?: number;

  constructor(message: string, options: PTKFaultOptions & { limit?: number }) {
    super(message, { code: options.code, cause: options.cause, context: options.context });
    this.limit = options.limit;
  }
}

/** The reason a linked AbortSignal carries when its own timeout fired: code TIMEOUT for a task (the default), TOOL_TIMEOUT for a tool. */
export class TimeoutReason extends LimitExceededError {
  static override readonly kind: string = 'TimeoutReason';
  constructor(message: string, options: PTKFixedCodeOptions & { limit?: number } = {}) {
    super(message, { ...options, code: options.code ?? PTKErrorCode.TIMEOUT });
  }
}

/**
 * A tool ran and failed (a workspace rule, a missing file, a rejected approval, a bad range);
 * the model sees it as `TOOL_RESULT` with success false, never as `TOOL_ERROR` (which says the
 * call itself could not be run). With `failOnToolError` the task fails with one.
 */
export class ToolExecutionError extends PTKError {
  static override readonly kind: string = 'ToolExecutionError';
}

/** A workspace rule refused the operation (path outside, deny list, untrusted, …). */
export class WorkspaceError extends ToolExecutionError {
  static override readonly kind: string = 'WorkspaceError';
}

/**
 * The user said no to a dangerous tool: `toolName` is the tool, `reason` what the user typed, if
 * anything. Code APPROVAL_REJECTED unless said. Without a message (undefined) the message is
 * "The user rejected <toolName>: <reason>", the text the model is shown.
 */
export class ApprovalRejectedError extends ToolExecutionError {
  static override readonly kind: string = 'ApprovalRejectedError';
  readonly toolName: string;
  readonly reason?: string;

  constructor(message: string | undefined, options: PTKFixedCodeOptions & { toolName: string; reason?: string }) {
    const { toolName, reason } = options;
    super(message ?? `The user rejected ${toolName}${reason ? `: ${reason}` : '.'}`, {
      code: options.code ?? PTKErrorCode.APPROVAL_REJECTED,
      cause: options.cause,
      context: { ...options.context, toolName, reason },
    });
    this.toolName = toolName;
    this.reason = reason;
  }
}

/**
 * A failure of the LLM backend (the chat tab, the network, the site). These are
 * never the model's mistakes: the loop stops (or retries) instead of telling the model.
 */
export class LLMBackendError extends PTKError {
  static override readonly kind: string = 'LLMBackendError';
  /** Milliseconds the site asked us to wait, when it said so (rate limits). */
  readonly retryAfterMs?: number;
  /** True when trying again (after the user acts, or after retryAfterMs) can succeed. */
  readonly recoverable: boolean;

  constructor(message: string, options: PTKFaultOptions & { retryAfterMs?: number; recoverable?: boolean }) {
    super(message, { code: options.code, cause: options.cause, context: options.context });
    this.retryAfterMs = options.retryAfterMs;
    this.recoverable = options.recoverable ?? true;
  }
}

/** Thrown when an AbortSignal fired: the task was cancelled. Code ABORTED unless said. */
export class PTKAbortError extends PTKError {
  static override readonly kind: string = 'PTKAbortError';
  constructor(message = 'The operation was cancelled.', options: PTKFixedCodeOptions = {}) {
    super(message, { ...options, code: options.code ?? PTKErrorCode.ABORTED });
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

/**
 * Options and result of `PTKManager.orchestrateToolCalling`.
 */
import type { CompactionSettings, ContextUsage } from '../conversation/contextCompaction';
import type { TodoItem } from '../conversation/todoList';
import type { PTKErrorCode } from '../errors';
import type { PromptAttachment } from '../ports';
import type { ReplyDelta } from '../protocol/replyStream';
import type { ToolSpecifier } from '../tools/resolveTools';
import type { ToolExecutionResult } from '../tools/runTool';
import type { IterationInfo, PTKMessage, PTKToolCall } from '../types';
import type { PTKLogger } from '../util/notify';
import type { PTKRunErrorCode, RunFailure } from './runFailure';
import type { SteeringInbox, SteeringMessage } from './steering';

/** What `onToolResult` receives. */
export interface ToolResultInfo {
  toolCall: PTKToolCall;
  result: ToolExecutionResult;
  /** How long the tool ran (0 when answered from cache). */
  durationMs: number;
  iteration: number;
  /** True when a repeated read-only call was answered from the cache. */
  fromCache: boolean;
}

export interface PTKExecuteOptions {
  /** Tools offered: objects, raw JSON Schema shapes, or names the tool manager resolves. Default: every tool it lists. */
  tools?: ToolSpecifier[];
  /** Max LLM calls (default 10). Reaching it fails with MAX_ITERATIONS_REACHED. */
  maxIterations?: number;
  /** Max tool executions (default 20). One more attempt fails with MAX_TOOL_CALLS_REACHED. */
  maxToolCalls?: number;
  /** Whole-task timeout in ms (default none). Fails with TIMEOUT. */
  timeout?: number;
  /** Per-tool timeout in ms when the tool has no `timeoutMs` (default 60 000). The call's result becomes TOOL_TIMEOUT. */
  toolTimeout?: number;
  /** Cancels the task (the LLM call and the running tool get it). Fails with ABORTED. */
  signal?: AbortSignal;

  onIteration?: (info: IterationInfo) => void;
  /** Before a tool runs. */
  onToolCall?: (toolCall: PTKToolCall) => void;
  /** After a tool ran (or was answered from cache), with its duration. */
  onToolResult?: (info: ToolResultInfo) => void;
  /** The error the task fails with, and errors swallowed on the way (context store). */
  onError?: (error: Error) => void;
  /** A repeated call (same tool, same args within the window). */
  onDuplicateDetected?: (toolCall: PTKToolCall) => void;
  /**
   * Tools that exist but this task does not offer (a chat mode's subset): a call to one is not
   * run, and the model is told the tool is not available `reason` (e.g. "in Ask mode") instead
   * of being told it does not exist.
   */
  withheldTools?: { names: readonly string[]; reason: string };
  /** A call of one of `withheldTools` was refused (the model was told so). */
  onToolWithheld?: (toolCall: PTKToolCall) => void;
  /** Streaming text of the LLM reply (passed through to the LLM manager). */
  onDelta?: (delta: ReplyDelta) => void;
  /** Every message added to the transcript. */
  onMessage?: (message: PTKMessage) => void;
  /**
   * A model call waits for the backend (true: e.g. every tab of the site is busy with other
   * calls) or stops waiting (false: it got one, or the call ended). Passed through to the LLM
   * manager; each true is followed by one false before the call's turn goes on.
   */
  onWaiting?: (waiting: boolean) => void;

  model?: string;
  temperature?: number;
  /** The site every model call of the task asks for (LLMCallOptions.site): a router of several sites starts there. */
  site?: string;
  /**
   * Files sent with the prompt (images pasted in the chat view), through the backend's upload.
   * Only the task's first model call carries them; a later turn never uploads them again. When
   * that call fails and the backend says nothing was sent (ATTACHMENT_REFUSED, …), they stay
   * pending for the next call (see `attachmentsSent` on the result).
   */
  attachments?: readonly PromptAttachment[];

  /**
   * Messages the user sends while the task runs (steering): the loop takes them at each turn
   * boundary and adds them as user messages, so the next prompt (with the tool results) carries
   * them. The run closes the inbox when it ends; what it never delivered is `steeringLeft`.
   */
  steering?: SteeringInbox;
  /** A steered message joined the transcript (the next prompt carries it). */
  onSteered?: (message: SteeringMessage) => void;

  /** Warn about repeated calls (default true). */
  detectDuplicates?: boolean;
  /** How many previous executed calls a repeat is looked for in (default 3). */
  duplicateWindow?: number;
  /** Repeats tolerated (each answered with a warning) before DUPLICATE_TOOL_CALL (default 3). */
  maxDuplicateWarnings?: number;
  /** Detect A-B-A-B cycles (default true): warn once, then fail with CYCLE_DETECTED. */
  detectCycles?: boolean;
  /** Answer a repeated read-only call from cache, with a note (default true). The cache is cleared when a non-read-only tool runs. */
  cacheReadOnlyResults?: boolean;
  /** Invalid replies / unknown tools / bad args in a row before failing (default 3). */
  maxConsecutiveMistakes?: number;
  /** Run a failed tool again (default false). Approval rejections, bad args and timeouts are never retried. */
  retryFailedTools?: boolean;
  /** Retries per call when retryFailedTools (default 2). */
  maxToolRetries?: number;
  /**
   * Default false: a failed tool is reported to the model as TOOL_RESULT success false and the loop goes on.
   * True: a tool still failing after its retries fails the task with TOOL_EXECUTION_FAILED.
   */
  failOnToolError?: boolean;
  /** Accept several calls per reply (default false: only the first runs and the model is told). Read-only batches run in parallel. */
  allowMultipleCalls?: boolean;
  /** Offer a completion tool: true for `finishWorkflow`, or its name. A `DONE` call also ends the task. */
  finishTool?: boolean | string;
  /**
   * Offer `update_todos`, the task list the model keeps (true), or go on with a list kept from
   * before (`{ items }`: an earlier task of the conversation). The list ends every turn's prompt,
   * so the model sees it every turn, also after its chat started over.
   */
  todoList?: boolean | { items?: readonly TodoItem[] };
  /** The model wrote its task list (the whole list). */
  onTodos?: (items: readonly TodoItem[]) => void;
  /**
   * With a backend that keeps its chat (a chat tab): the chat's limit. Past a share of it
   * (`threshold`, default 0.8) the loop asks the model for a summary of the task so far and
   * goes on in a new chat from it (the transcript is then the task, the summary and what
   * followed). Absent: no compaction (the backend still starts over when the site refuses).
   */
  compaction?: CompactionSettings;
  /** After each turn: what the chat holds against its limit, and the transcript against the history budget. */
  onContextUsage?: (usage: ContextUsage) => void;
  /**
   * A compaction: 'summarizing' when the model is asked for its summary, 'done' with it (the
   * transcript now starts from it; `transcriptLength`: its messages after the system prompt),
   * 'failed' when none came (the chat goes on as it is).
   */
  onCompaction?: (event: CompactionEvent) => void;

  /** Earlier messages of this conversation (after the system prompt, before the new prompt). */
  history?: PTKMessage[];
  /** Loads history from and saves the transcript to the context manager under this id. */
  conversationId?: string;
  /** History budget in characters (default 120 000). */
  historyBudgetChars?: number;
  /** Cap on one tool result shown to the model, in characters (default 20 000). */
  resultMaxChars?: number;
  /** Appended to the system prompt. */
  extraInstructions?: string;
  /** Cost of one (estimated) token; totalCost = totalTokens × costPerToken (default 0). */
  costPerToken?: number;
  /** Where throwing callbacks and swallowed errors are reported. */
  logger?: PTKLogger;
}

/** A compaction of the run's chat (PTKExecuteOptions.onCompaction). */
export type CompactionEvent =
  | { stage: 'summarizing' | 'failed'; chatChars: number; limitChars: number }
  | { stage: 'done'; chatChars: number; limitChars: number; summary: string; transcriptLength: number };

/** How a successful task ended. */
export type PTKFinishReason = 'text' | 'finish_tool';


export interface PTKExecuteResult {
  success: boolean;
  /** The final answer ('' when failed). */
  content: string;
  /** LLM calls made. */
  iterations: number;
  /** The whole transcript (system prompt first). */
  messages: PTKMessage[];
  /** Calls executed, in order. */
  toolCalls: PTKToolCall[];
  totalToolCalls: number;
  /** What went wrong, in words (failure.message). */
  error?: string;
  /** Why the task failed (failure.code). */
  errorCode?: PTKRunErrorCode;
  /**
   * The error the task failed with, whole: its class says who is at fault (ConfigurationError,
   * ModelBehaviorError, LimitExceededError, LLMBackendError, ToolExecutionError, PTKAbortError),
   * its `cause` what lay beneath (for LLM_CALL_FAILED, the backend's own error).
   */
  failure?: RunFailure;
  /** For LLM_CALL_FAILED: the backend's own code (RATE_LIMITED, LOGIN_REQUIRED, …) so the UI can act. */
  backendErrorCode?: PTKErrorCode;
  /** For LLM_CALL_FAILED: milliseconds the site asked to wait, when it said so. */
  retryAfterMs?: number;
  /** Estimate: characters sent and received / 4. */
  totalTokens: number;
  /** totalTokens × costPerToken (0 unless costPerToken is given). */
  totalCost: number;
  /** Milliseconds. */
  duration: number;
  finishReason?: PTKFinishReason;
  /** With `todoList` only: the task list as it stands at the end (empty when none was written). */
  todos?: readonly TodoItem[];
  /**
   * With `attachments` only: true once a model call sent them (or may have: it failed after
   * sending), false when none did (the upload was refused, the run failed before its first
   * call). A caller retrying the task sends them again only when false.
   */
  attachmentsSent?: boolean;
  /** With `steering` only: the messages steered too late for any turn (after the last model call began), in order. */
  steeringLeft?: SteeringMessage[];
}

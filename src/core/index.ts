/**
 * The public API of the PTK engine, built into out/core.js (CommonJS; no runtime dependency on
 * vscode or playwright). Every name is listed by hand, grouped by the module it comes from;
 * anything not listed is internal and may change. docs/api.md documents these names, and a
 * unit test (test/unit/core/publicApi.test.ts) checks that every name it lists is exported.
 */

// The loop: run a task to the end, step through it turn by turn, or run a workflow of steps.
export { PTKManager, type IPTKManager, type PTKManagerOptions } from './loop/ptkManager';
export { ToolRunner, type ToolRunnerOptions, type ToolRunnerParams, type ToolRunnerResult } from './loop/toolRunner';
export {
  ActionType,
  ExecutionManager,
  type ExecutionContext,
  type ExecutionManagerOptions,
  type PTKStepConfig,
  type Step,
  type StepResult,
  type WorkflowResult,
} from './loop/executionManager';
export type { PTKExecuteOptions, PTKExecuteResult, PTKFinishReason, ToolResultInfo } from './loop/loopTypes';
export type { PTKRunErrorCode, RunFailure } from './loop/runFailure';
export { resolveExecuteOptions, type ResolvedExecuteOptions } from './loop/executeOptionsSchema';
export { SteeringInbox, type SteeringMessage } from './loop/steering';
export { DEFAULTS } from './constants';

// Loop rules: stop predicates, completion, token estimate.
export {
  consecutiveMistakesReach,
  cycleDetected,
  duplicateWarningsExceed,
  findCycle,
  isDuplicateToolCall,
  iterationCountIs,
  toolCallCountIs,
  type CycleOptions,
  type LoopState,
  type StopCondition,
} from './loop/stopConditions';
export { createCompletionCheck } from './loop/completionCheck';
export { createFinishTool, finishToolName } from './loop/finishTool';
export { estimateTokens } from './loop/tokenEstimate';

// Tools: the zod factory, the registry with middleware, running and checking one call.
export { defineTool, type ToolDefinition } from './tools/defineTool';
export { ToolRegistry, type ToolRegistryOptions } from './tools/toolRegistry';
export { runTool, validateToolArguments, type RunToolOptions, type ToolExecutionResult } from './tools/runTool';
export { resolveTools, type ToolSpecifier } from './tools/resolveTools';
export { checkToolArguments, checkToolCall, type ToolArgumentsCheck, type ToolCallCheck } from './protocol/toolCallCheck';

// The text protocol: formatter, parser, and the helpers docs/protocol.md describes.
export { MIN_RESULT_CHARS, PTKFormatter, type PTKFormatterOptions, type SystemPromptOptions } from './protocol/formatter';
// The parser's check of a call against the tools; the root `validateToolCall` is the
// conversation one (a repeat of the last `AI ACTION`), so this one is exported under a longer name.
export { PTKParser, validateToolCall as validateToolCallArguments, type PTKParserOptions } from './protocol/parser';
export type { PTKStreamParser } from './protocol/streamParser';
export { ReplyStream, type ReplyDelta, type ReplyProse } from './protocol/replyStream';
export {
  alternativeProtocols,
  functionCallProtocol,
  functionTagProtocol,
  xmlStyleProtocol,
  yamlStyleProtocol,
  type AlternativeProtocol,
} from './protocol/alternativeProtocols';
export { parseCallBody } from './protocol/callBody';
export { unknownToolMessage } from './protocol/feedback';

// History: keeping a long transcript under a character budget.
export { compactHistory, historyLength, shortenText, type HistoryBudgetOptions } from './conversation/historyBudget';
// Long context: what of a too-long prompt moves into text files sent with it.
export { planPromptOverflow, overflowFileName, type PromptOverflowPlan, type PromptOverflowOptions, type OverflowFile } from './conversation/promptOverflow';

// Ports (what a backend, a tool manager or a store implements) and the data model.
export type { ILLMManager, IContextManager, IToolManager, LLMCallOptions, PromptAttachment, StreamDelta, ToolMiddleware, Workspace } from './ports';
export type {
  IterationInfo,
  PTKInvalidReason,
  PTKMessage,
  PTKParameter,
  PTKParameters,
  PTKResponse,
  PTKResponseType,
  PTKRole,
  PTKTool,
  PTKToolCall,
  PTKToolResult,
  PTKValidation,
  ToolContext,
} from './types';
export { assertConversationId } from './context/conversationId';

// Errors: one base class with a code; the classes say who is at fault.
export {
  ApprovalRejectedError,
  ConfigurationError,
  InvalidToolInputError,
  isPTKError,
  LimitExceededError,
  LLMBackendError,
  ModelBehaviorError,
  NoSuchToolError,
  PTKAbortError,
  PTKError,
  PTKErrorCode,
  PTKExecutionError,
  ToolExecutionError,
  WorkspaceError,
  type PTKErrorOptions,
  type PTKFaultOptions,
  type ToolInputIssue,
} from './errors';

// Small helpers: cancellation, safe callbacks, call signatures, head-and-tail truncation.
export { abortErrorOf, linkAbortSignals, raceWithSignal, throwIfAborted, type LinkedAbortSignal, type LinkOptions } from './util/abortSignals';
export { notify, type PTKLogger } from './util/notify';
export { callSignature, sameToolCall, stableStringify } from './util/callSignature';
export { truncateMiddle } from './util/truncate';

// Testing: a scripted fake model.
export { ScriptedChatModel, type RecordedCall, type ScriptedChatModelOptions, type ScriptedReply } from './testing/scriptedChatModel';

// Compatibility surfaces: the API shapes of the design documents (see src/core/compat/index.ts).
export {
  addSuccessMessageFilter,
  buildConversationMessage,
  ConversationManager,
  extractToolCallFromMessage,
  formatToolCallMessage,
  formatToolResultMessage,
  generateDuplicateToolCallMessage,
  generateFailureMessage,
  generateSuccessMessage,
  InMemoryContextManager,
  toolDisplayName,
  toolNameFromDisplayName,
  toPTKTool,
  validateToolCall,
  type DuplicateValidation,
  type ExtractedToolCall,
  type RawToolDefinition,
  type SuccessMessageFilter,
  type ToolMessageOptions,
} from './compat';

// zod, so tool schemas are written with the same copy the engine validates with.
export { z } from 'zod';

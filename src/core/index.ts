/**
 * The public API of the PTK engine, built into out/core.js (CommonJS; no runtime dependency on
 * vscode or playwright). Kept small: the facades, the tool factory and registry, the parser and
 * formatter, the stop predicates, the errors, the scripted model for tests, the ports and data
 * types, and the design documents' API shapes under `compat`. Every name is listed by hand;
 * anything not listed is internal (imported by module path inside the repository) and may change.
 * docs/api.md documents exactly these names, and test/unit/core/publicApi.test.ts checks the two
 * agree both ways.
 */

// The facades: run a task to the end, step through it turn by turn, or run a workflow of steps.
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
export type { ReplyDelta, ReplyProse } from './protocol/replyStream';
export type { PTKLogger } from './util/notify';
export { SteeringInbox, type SteeringMessage } from './loop/steering';
export type { TodoItem, TodoStatus } from './conversation/todoList';

// Stop predicates over the loop's state.
export {
  consecutiveMistakesReach,
  cycleDetected,
  duplicateWarningsExceed,
  iterationCountIs,
  toolCallCountIs,
  type CycleOptions,
  type LoopState,
  type StopCondition,
} from './loop/stopConditions';

// Tools: the zod factory and the registry with middleware.
export { defineTool, type ToolDefinition } from './tools/defineTool';
export { ToolRegistry, type ToolRegistryOptions } from './tools/toolRegistry';
export type { ToolExecutionResult } from './tools/runTool';
export type { ToolSpecifier } from './tools/resolveTools';

// The text protocol: formatter and parser (docs/protocol.md).
export { PTKFormatter, type PTKFormatterOptions } from './protocol/formatter';
export { PTKParser, type PTKParserOptions } from './protocol/parser';

// Ports (what a backend, a tool manager or a store implements) and the data model.
export type { ChatModel, ConversationStore, LLMCallOptions, PromptAttachment, StreamDelta, ToolManager, ToolMiddleware, Workspace } from './ports';
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

// Testing: a scripted fake model.
export { ScriptedChatModel, type RecordedCall, type ScriptedChatModelOptions, type ScriptedReply } from './testing/scriptedChatModel';

// The design documents' API shapes (conversation functions, raw tools, the in-memory store, the
// ports' `I…` names): one namespace, so they stay reachable without crowding the names above.
export * as compat from './compat';
// The ports' design-document names also at the top level, as types, so the documents' examples
// that import them compile unchanged.
export type { IContextManager, ILLMManager, IToolManager } from './ports';

// zod, so tool schemas are written with the same copy the engine validates with.
export { z } from 'zod';

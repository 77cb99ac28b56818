/**
 * Compatibility surfaces: API shapes from the engine's design documents that the product itself
 * does not need, kept so the documents' own examples run unchanged (see docs/api.md,
 * "Compatibility surfaces"). New code has a better way for each:
 *
 * - the conversation-message functions and `ConversationManager` (static-method style): the loop
 *   keeps its own transcript and answers repeats itself;
 * - `RawToolDefinition` and `toPTKTool` (a tool as a JSON Schema and a handler): `defineTool`;
 * - `InMemoryContextManager` (an IContextManager no host wires): the hosts keep transcripts themselves;
 * - the `DONE` action, which ends a task like the completion tool does;
 * - the ports under the documents' names (`ILLMManager`, `IToolManager`, `IContextManager`):
 *   `ChatModel`, `ToolManager`, `ConversationStore`;
 * - `PTKManager.execute`, an alias of `orchestrateToolCalling` that stays on the class
 *   (src/core/loop/ptkManager.ts), since a method cannot live apart from it.
 *
 * out/core.js offers this module as its `compat` export (`import { compat } from './out/core.js'`).
 */
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
  validateToolCall,
  type DuplicateValidation,
  type ExtractedToolCall,
  type SuccessMessageFilter,
  type ToolMessageOptions,
} from './conversationManager';
export { toolDisplayName, toolNameFromDisplayName } from './displayName';
export { DONE_ACTION, isDoneAction } from './doneAction';
export { InMemoryContextManager } from './memoryContextStore';
export { toPTKTool, type RawToolDefinition } from './rawToolDefinition';
export type { IContextManager, ILLMManager, IToolManager } from '../ports';

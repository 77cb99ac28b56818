/** The PTK loop: PTKManager (run to the end), ToolRunner (iterable), ExecutionManager, stop rules and helpers. */
export * from './completionCheck';
export * from './executionManager';
export * from './finishTool';
export * from './loopTypes';
export * from './ptkManager';
export * from './steering';
export * from './stopConditions';
export * from './toolRunner';
export { executeOptionsSchema, assertExecuteOptions, resolveExecuteOptions, type ResolvedExecuteOptions } from './executeOptionsSchema';
export { estimateTokens } from './tokenEstimate';
export type { PTKRunErrorCode, RunFailure } from './runFailure';

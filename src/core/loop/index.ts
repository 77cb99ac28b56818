/** The PTK loop: PTKManager, ToolRunner, ExecutionManager, stop rules and helpers. */
export * from './abortSignals';
export * from './callSignature';
export * from './completionCheck';
export * from './executionManager';
export * from './finishTool';
export * from './loopTypes';
export * from './notify';
export * from './ptkManager';
export * from './stopConditions';
export { estimateTokens, duplicateWarning, cycleWarning, cachedResultNote, oneCallPerReplyNote } from './toolCallingRun';
export * from './toolRunner';
export * from './executeOptionsSchema';

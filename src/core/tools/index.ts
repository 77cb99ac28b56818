/** Tools: the zod factory, the registry with middleware, and running one tool. */
export * from './defineTool';
export * from './runTool';
export * from './toolRegistry';
export * from './resolveTools';
export * from '../protocol/toolCallCheck';

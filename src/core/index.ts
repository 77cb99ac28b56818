/** Public API of the PTK engine (built into out/core.js; no runtime dependency on vscode or playwright). */
export * from './errors';
export * from './types';
export * from './ports';
export * from './constants';
export * from './protocol';
export * from './tools';
export * from './util';
export * from './loop';
export * from './conversation';
export * from './context';
export * from './testing';
// Two modules export a `validateToolCall`: the protocol's (seed 003: a call against the tools)
// and the conversation's (seed 001: a duplicate of the last AI ACTION). The root name is the
// seed 001 one; the protocol's is also `PTKParser.validate` and `validateToolCallArguments`.
export { validateToolCall } from './conversation';
export { validateToolCall as validateToolCallArguments } from './protocol';
// zod, re-exported so users of out/core.js can write tool schemas with the same copy.
export { z } from 'zod';

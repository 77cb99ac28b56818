/**
 * The ids of the built-in chat modes, for the code on both sides of the chat view (the modes
 * themselves are src/ui/modes/builtinModes.ts, which uses these ids).
 */
export const ASK_MODE_ID = 'ask';
export const PLAN_MODE_ID = 'plan';
export const AGENT_MODE_ID = 'agent';

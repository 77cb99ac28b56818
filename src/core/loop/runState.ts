/**
 * What a run remembers from turn to turn: the counters the limits look at, the calls made
 * (for the duplicate and cycle rules) and the results a repeated read-only call may be
 * answered from. Both loop facades keep one; the steps read it and the kernel updates it.
 */
import type { ToolExecutionResult } from '../tools/runTool';
import type { PTKToolCall } from '../types';
import { FIRST_TASK } from './callIds';
import type { LoopState } from './stopConditions';

export interface RunState {
  /** The run's number in its conversation (callIds.ts): part of its calls' ids. */
  task: number;
  /** LLM calls made so far (the current turn's number while it runs). */
  iteration: number;
  /** Calls executed, in order. */
  executedCalls: PTKToolCall[];
  totalToolCalls: number;
  /** Signatures (callSignature) of every valid call the model asked for, in order; cleared after a cycle warning. */
  attemptedSignatures: string[];
  /** Results of read-only calls by signature; cleared when a tool that is not read-only runs. */
  readOnlyCache: Map<string, ToolExecutionResult>;
  /** Model mistakes in a row (unreadable reply, unknown tool, bad arguments). */
  consecutiveMistakes: number;
  /** Repeated calls in a row the model was warned about. */
  duplicateWarnings: number;
  /** True once the model was warned about a cycle (the next one ends the task). */
  cycleWarned: boolean;
}

export function createRunState(task = FIRST_TASK): RunState {
  return {
    task,
    iteration: 0,
    executedCalls: [],
    totalToolCalls: 0,
    attemptedSignatures: [],
    readOnlyCache: new Map(),
    consecutiveMistakes: 0,
    duplicateWarnings: 0,
    cycleWarned: false,
  };
}

/** The view the stop rules take of the state. */
export function loopStateOf(state: Readonly<RunState>): LoopState {
  return {
    iteration: state.iteration,
    totalToolCalls: state.totalToolCalls,
    consecutiveMistakes: state.consecutiveMistakes,
    duplicateWarnings: state.duplicateWarnings,
    attemptedCallSignatures: state.attemptedSignatures,
  };
}

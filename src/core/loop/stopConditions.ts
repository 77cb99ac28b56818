/**
 * Stop rules as small pure predicates over the loop's state (vercel/ai stop-condition
 * style), each tested alone. A run gathers them in one list (loopStopRules) and the loop
 * evaluates that list: these predicates are the only implementation of its limits.
 */
import { DEFAULTS } from '../constants';
import type { PTKToolCall } from '../types';
import { callSignature } from '../util/callSignature';

/** What the stop rules look at. */
export interface LoopState {
  /** LLM calls made so far. */
  iteration: number;
  /** Tool executions so far. */
  totalToolCalls: number;
  /** Model mistakes in a row (invalid reply, unknown tool, bad arguments). */
  consecutiveMistakes: number;
  /** Duplicate calls the model made after being warned, in a row. */
  duplicateWarnings: number;
  /** Signatures (see callSignature) of every valid call the model asked for, in order. */
  attemptedCallSignatures: readonly string[];
}

export type StopCondition = (state: LoopState) => boolean;

/** True once `maxIterations` LLM calls were made. */
export const iterationCountIs = (maxIterations: number): StopCondition => (state) => state.iteration >= maxIterations;

/** True once `maxToolCalls` tools ran (checked before running another). */
export const toolCallCountIs = (maxToolCalls: number): StopCondition => (state) => state.totalToolCalls >= maxToolCalls;

/** True once the model made `maxConsecutiveMistakes` mistakes in a row. */
export const consecutiveMistakesReach = (maxConsecutiveMistakes: number): StopCondition => (state) =>
  state.consecutiveMistakes >= maxConsecutiveMistakes;

/** True once the model repeated a call more than `maxDuplicateWarnings` times in a row despite warnings. */
export const duplicateWarningsExceed = (maxDuplicateWarnings: number): StopCondition => (state) =>
  state.duplicateWarnings > maxDuplicateWarnings;

/** True when the attempted calls end in a cycle (A-B-A-B, A-B-C-A-B-C, …). */
export const cycleDetected = (options: CycleOptions = {}): StopCondition => (state) =>
  findCycle(state.attemptedCallSignatures, options) !== undefined;

/** Which of the loop's stop rules a predicate is: where the loop checks it and the error it stops with. */
export type StopRuleId = 'iterations' | 'toolCalls' | 'mistakes' | 'duplicates' | 'cycle';

/** One of the loop's stop rules: the predicate, and which rule it is (the cycle rule also keeps what it looks for). */
export type StopRule =
  | { readonly id: Exclude<StopRuleId, 'cycle'>; readonly when: StopCondition }
  | { readonly id: 'cycle'; readonly when: StopCondition; readonly cycle: CycleOptions };

/** The limits the loop's stop rules are made of. */
export interface StopLimits {
  maxIterations: number;
  maxToolCalls: number;
  maxConsecutiveMistakes: number;
  maxDuplicateWarnings: number;
  /** Cycles end the task (after one warning) only when true. */
  detectCycles: boolean;
  /** Longest cycle looked for. */
  cycleMaxPeriod: number;
}

/**
 * The loop's stop rules, one list built once per run from its limits: the predicates above,
 * each tagged with the rule it is. A rule that is off (cycles when `detectCycles` is false) is
 * left out. The loop asks the list (stopRuleHolds) at the point where each rule applies:
 * iterations before each model call, cycles, duplicates and the tool-call limit per planned
 * call, mistakes after each mistake.
 */
export function loopStopRules(limits: StopLimits): StopRule[] {
  const rules: StopRule[] = [
    { id: 'iterations', when: iterationCountIs(limits.maxIterations) },
    { id: 'toolCalls', when: toolCallCountIs(limits.maxToolCalls) },
    { id: 'mistakes', when: consecutiveMistakesReach(limits.maxConsecutiveMistakes) },
    { id: 'duplicates', when: duplicateWarningsExceed(limits.maxDuplicateWarnings) },
  ];
  if (limits.detectCycles) {
    const cycle: CycleOptions = { maxPeriod: limits.cycleMaxPeriod };
    rules.push({ id: 'cycle', when: cycleDetected(cycle), cycle });
  }
  return rules;
}

/** True when the list holds rule `id` and its predicate is true of `state` (a rule left out never holds). */
export function stopRuleHolds(rules: readonly StopRule[], id: StopRuleId, state: LoopState): boolean {
  return rules.some((rule) => rule.id === id && rule.when(state));
}

/** The length of the cycle the list's cycle rule sees in the state's calls (the warning names it); undefined when none or the rule is off. */
export function cyclePeriodOf(rules: readonly StopRule[], state: LoopState): number | undefined {
  for (const rule of rules) {
    if (rule.id === 'cycle') return findCycle(state.attemptedCallSignatures, rule.cycle);
  }
  return undefined;
}

export interface CycleOptions {
  /** Longest cycle looked for (default DEFAULTS.cycleMaxPeriod, 4). */
  maxPeriod?: number;
  /** How many full repetitions make a cycle (default 2). */
  repetitions?: number;
}

/**
 * The period of the cycle the sequence ends with, if any: the last `period × repetitions`
 * items are one block of `period` repeated, and the block has at least two distinct items
 * (a single repeated call is the duplicate rule's business).
 */
export function findCycle(sequence: readonly string[], options: CycleOptions = {}): number | undefined {
  const maxPeriod = options.maxPeriod ?? DEFAULTS.cycleMaxPeriod;
  const repetitions = options.repetitions ?? 2;
  for (let period = 2; period <= maxPeriod; period++) {
    const length = period * repetitions;
    if (sequence.length < length) break;
    const tail = sequence.slice(sequence.length - length);
    if (new Set(tail.slice(0, period)).size < 2) continue;
    let repeats = true;
    for (let index = period; index < length && repeats; index++) repeats = tail[index] === tail[index - period];
    if (repeats) return period;
  }
  return undefined;
}

/** The duplicate rule: same tool and deep-equal args among the last `window` executed calls. */
export function isDuplicateToolCall(toolCall: Pick<PTKToolCall, 'tool' | 'args'>, history: readonly PTKToolCall[], window: number): boolean {
  if (window <= 0) return false;
  const signature = callSignature(toolCall);
  return history.slice(-window).some((recent) => recent.tool === toolCall.tool && callSignature(recent) === signature);
}


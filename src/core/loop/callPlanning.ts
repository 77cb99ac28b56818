/**
 * Call planning: what becomes of each call in a reply, decided before anything runs. A pure
 * function of the calls, the run's state and the tools: it checks each call (the tool exists,
 * the arguments fit), then applies the loop's rules in order — the completion call, cycles,
 * repeated calls (answered from the read-only cache when it can), the tool-call limit — and
 * says which calls run and what the model is told about the others. It changes nothing: the
 * state it would leave is part of the answer.
 */
import { LimitExceededError, NoSuchToolError, PTKErrorCode, type InvalidToolInputError, type ModelBehaviorError } from '../errors';
import { withheldToolMessage } from '../protocol/feedback';
import { checkToolCall } from '../protocol/toolCallCheck';
import type { ToolExecutionResult } from '../tools/runTool';
import type { PTKTool, PTKToolCall } from '../types';
import { callSignature } from '../util/callSignature';
import { callIdFor } from './callIds';
import { isFinishCall } from './finishTool';
import { loopStateOf, type RunState } from './runState';
import { cyclePeriodOf, isDuplicateToolCall, stopRuleHolds, type StopRule } from './stopConditions';

/** The rules planning applies (from the resolved options; the iterable runner uses its own set). */
export interface PlanningRules {
  /** Plan every call of the reply (false: only the first; the others are counted as ignored). */
  allowMultipleCalls: boolean;
  /** The run's stop rules (loopStopRules); planning applies the cycle, duplicate and tool-call ones. */
  stopRules: readonly StopRule[];
  detectDuplicates: boolean;
  duplicateWindow: number;
  /** The limits of the duplicate and tool-call rules, as their errors report them. */
  maxDuplicateWarnings: number;
  cacheReadOnlyResults: boolean;
  maxToolCalls: number;
  /** The completion tool's name, when the run offers one. */
  finishToolName?: string;
  /** Tools that exist but the run does not offer: a call to one is rejected as not available (with `reason`), not as unknown. */
  withheldTools?: { names: readonly string[]; reason: string };
}

/** A call that will run. */
export interface PlannedRun {
  kind: 'run';
  toolCall: PTKToolCall;
  tool: PTKTool;
  signature: string;
}

/** What one call of the reply became, in reply order. */
export type PlannedStep =
  | PlannedRun
  /** Not run: the tool does not exist or the arguments do not fit (told as TOOL_ERROR). */
  | { kind: 'rejected'; toolCall: PTKToolCall; error: NoSuchToolError | InvalidToolInputError; withheld?: boolean }
  /** Not run: the latest calls repeat a cycle of `period` calls (warned). */
  | { kind: 'cycle'; toolCall: PTKToolCall; period: number }
  /** Not run: equal to a recent call (warned). */
  | { kind: 'duplicate'; toolCall: PTKToolCall }
  /** Not run: equal to a recent read-only call, answered with its cached result. */
  | { kind: 'cached'; toolCall: PTKToolCall; result: ToolExecutionResult };

interface CallPlan {
  /** Up to the completion call or the rule that stopped planning; every call otherwise. */
  steps: PlannedStep[];
  /** Calls left out because only one call per reply runs. */
  ignoredCalls: number;
  /** The completion call: the task ends with its answer (nothing of this turn runs). */
  finishCall?: PTKToolCall;
  /** A limit the reply reached: the task ends with it (nothing of this turn runs). */
  stop?: LimitExceededError;
  /** The last rejected call's error, when no call runs: this reply counts as a mistake. */
  mistake?: ModelBehaviorError;
  /** The state the run is in once the plan is taken. */
  state: Pick<RunState, 'attemptedSignatures' | 'duplicateWarnings' | 'cycleWarned'>;
}

interface PlanningInput {
  /** The calls the parser read from the reply, in order. */
  calls: readonly PTKToolCall[];
  state: Readonly<RunState>;
  tools: ReadonlyMap<string, PTKTool>;
  rules: PlanningRules;
}

export function planCalls({ calls: replyCalls, state, tools, rules }: PlanningInput): CallPlan {
  const calls = rules.allowMultipleCalls ? replyCalls : replyCalls.slice(0, 1);
  const next = { attemptedSignatures: [...state.attemptedSignatures], duplicateWarnings: state.duplicateWarnings, cycleWarned: state.cycleWarned };
  const steps: PlannedStep[] = [];
  const plan = (extra: Partial<CallPlan> = {}): CallPlan => {
    let mistake: ModelBehaviorError | undefined;
    for (const step of steps) {
      if (step.kind === 'run') {
        mistake = undefined;
        break;
      }
      if (step.kind === 'rejected') mistake = step.error;
    }
    return {
      steps,
      ignoredCalls: replyCalls.length - calls.length,
      mistake,
      state: next,
      ...extra,
    };
  };
  let plannedRuns = 0;

  for (const [index, rawCall] of calls.entries()) {
    const toolCall: PTKToolCall = { ...rawCall, args: rawCall.args ?? {}, id: callIdFor(state.task, state.iteration, index) };
    if (rules.finishToolName && isFinishCall(toolCall, rules.finishToolName)) return plan({ finishCall: toolCall });

    const checked = checkToolCall(toolCall, tools);
    if (!checked.valid) {
      const withheld = rules.withheldTools;
      if (withheld && checked.error instanceof NoSuchToolError && withheld.names.includes(toolCall.tool)) {
        const message = withheldToolMessage(toolCall.tool, withheld.reason, checked.error.availableTools);
        steps.push({ kind: 'rejected', toolCall, error: new NoSuchToolError(message, { toolName: toolCall.tool, availableTools: checked.error.availableTools, context: { withheld: true } }), withheld: true });
      } else {
        steps.push({ kind: 'rejected', toolCall, error: checked.error });
      }
      continue;
    }
    toolCall.args = checked.args;
    const tool = checked.tool;
    const signature = callSignature(toolCall);
    next.attemptedSignatures.push(signature);

    const attempted = { ...loopStateOf(state), attemptedCallSignatures: next.attemptedSignatures };
    if (stopRuleHolds(rules.stopRules, 'cycle', attempted)) {
      if (next.cycleWarned) {
        return plan({
          stop: new LimitExceededError(`Cycle detected: the model keeps repeating the same sequence of tool calls (last: ${toolCall.tool}).`, {
            code: PTKErrorCode.CYCLE_DETECTED,
            context: { toolCall },
          }),
        });
      }
      const period = cyclePeriodOf(rules.stopRules, attempted) ?? 0;
      next.cycleWarned = true;
      next.attemptedSignatures = [];
      steps.push({ kind: 'cycle', toolCall, period });
      continue;
    }

    if (rules.detectDuplicates && isRepeatedCall(toolCall, tool, state, tools, rules.duplicateWindow)) {
      next.duplicateWarnings++;
      if (stopRuleHolds(rules.stopRules, 'duplicates', { ...loopStateOf(state), duplicateWarnings: next.duplicateWarnings })) {
        steps.push({ kind: 'duplicate', toolCall });
        return plan({
          stop: new LimitExceededError(
            `Duplicate tool call: the model called "${toolCall.tool}" with the same arguments ${next.duplicateWarnings} times despite warnings.`,
            { code: PTKErrorCode.DUPLICATE_TOOL_CALL, limit: rules.maxDuplicateWarnings, context: { toolCall } },
          ),
        });
      }
      const cached = tool.readOnly && rules.cacheReadOnlyResults ? state.readOnlyCache.get(signature) : undefined;
      steps.push(cached ? { kind: 'cached', toolCall, result: cached } : { kind: 'duplicate', toolCall });
      continue;
    }

    if (stopRuleHolds(rules.stopRules, 'toolCalls', { ...loopStateOf(state), totalToolCalls: state.totalToolCalls + plannedRuns })) {
      return plan({
        stop: new LimitExceededError(`Max tool calls limit reached (${rules.maxToolCalls}). Possible infinite loop.`, {
          code: PTKErrorCode.MAX_TOOL_CALLS_REACHED,
          limit: rules.maxToolCalls,
          context: { iteration: state.iteration },
        }),
      });
    }
    plannedRuns++;
    steps.push({ kind: 'run', toolCall, tool, signature });
  }
  return plan();
}

/** The plan's runs, in reply order. */
export function plannedRuns(plan: CallPlan): PlannedRun[] {
  return plan.steps.filter((step): step is PlannedRun => step.kind === 'run');
}

/**
 * The duplicate rule over the executed calls. A read repeated after something changed (a tool
 * that is not read-only ran since) is legitimate, so a read-only call is compared only with
 * the calls after the last such tool.
 */
function isRepeatedCall(toolCall: PTKToolCall, tool: PTKTool, state: Readonly<RunState>, tools: ReadonlyMap<string, PTKTool>, window: number): boolean {
  let history: readonly PTKToolCall[] = state.executedCalls;
  if (tool.readOnly) {
    let lastWrite = -1;
    for (let index = history.length - 1; index >= 0; index--) {
      if (!tools.get(history[index].tool)?.readOnly) {
        lastWrite = index;
        break;
      }
    }
    history = history.slice(lastWrite + 1);
  }
  return isDuplicateToolCall(toolCall, history, window);
}

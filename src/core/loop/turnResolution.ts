/**
 * The kernel of the loop: what follows one parsed reply. A plain answer (or the completion
 * call) ends the task; an unreadable reply is answered with TOOL_ERROR; tool calls are planned
 * (callPlanning), run (executeCalls) and answered, in reply order. The messages for the model
 * are handed to `emit` as they are decided, the run's state is updated, and the rules that end
 * a task throw their error (LimitExceededError, ModelBehaviorError, ToolExecutionError).
 * Both loop facades call this: PTKManager's run to the end, and the iterable ToolRunner.
 */
import { ModelBehaviorError, PTKErrorCode, ToolExecutionError } from '../errors';
import { UNREADABLE_CALL_MESSAGE } from '../protocol/feedback';
import type { PTKFormatter } from '../protocol/formatter';
import type { ToolExecutor } from '../tools/managedTools';
import type { ToolExecutionResult } from '../tools/runTool';
import type { PTKMessage, PTKResponse, PTKTool, PTKToolCall, ToolContext } from '../types';
import { throwIfAborted } from '../util/abortSignals';
import { plannedRuns, planCalls, type PlanningRules } from './callPlanning';
import { executeCalls } from './executeCalls';
import { invalidReplyMessage, oneCallPerReplyMessage, stepMessage } from './feedbackMessages';
import { finishCallAnswer } from './finishTool';
import type { PTKFinishReason, ToolResultInfo } from './loopTypes';
import { loopStateOf, type RunState } from './runState';
import { stopRuleHolds } from './stopConditions';

/** The rules of a turn: planning's, plus those applied while and after the calls run. */
export interface TurnRules extends PlanningRules {
  toolTimeout: number;
  /** Extra attempts for a failing call (0: none). */
  toolRetries: number;
  /** A call still failing after its retries ends the task with TOOL_EXECUTION_FAILED. */
  failOnToolError: boolean;
  /** Cap of one tool result shown to the model (undefined: the formatter's own). */
  resultMaxChars?: number;
}

/** What the facades hear about while a turn resolves. */
interface TurnEvents {
  /** Before a tool runs. */
  onToolCall?: (toolCall: PTKToolCall) => void;
  /** After a tool ran, or a repeated read-only call was answered from cache. */
  onToolResult?: (info: ToolResultInfo) => void;
  /** A call equal to a recent one. */
  onDuplicateDetected?: (toolCall: PTKToolCall) => void;
  /** A call of a tool the run withholds (PlanningRules.withheldTools): not run, the model told. */
  onToolWithheld?: (toolCall: PTKToolCall) => void;
}

export interface TurnContext {
  state: RunState;
  tools: ReadonlyMap<string, PTKTool>;
  rules: TurnRules;
  formatter: PTKFormatter;
  /** The run's signal. */
  signal: AbortSignal | undefined;
  /** Runs the turn's tool calls (the run's tool manager adapted once: toolExecutor). */
  execute: ToolExecutor;
  /** Adds a message for the model to the transcript. */
  emit: (message: PTKMessage) => void;
  /** Files a tool sends with the next model call (ToolContext.attach); absent: tools cannot send files. */
  attach?: ToolContext['attach'];
  events: TurnEvents;
}

/** One call's outcome, for the facades' reports. */
interface CallOutcome {
  toolCall: PTKToolCall;
  result: ToolExecutionResult;
}

type TurnOutcome =
  | { kind: 'answer'; content: string; finishReason: PTKFinishReason }
  | { kind: 'continue'; outcomes: CallOutcome[] };

/** Resolves the turn that produced `parsed`; `reply` is the model's raw text. */
export async function resolveTurn(parsed: PTKResponse, reply: string, context: TurnContext): Promise<TurnOutcome> {
  const { state, rules, events } = context;
  const format = { formatter: context.formatter, resultMaxChars: rules.resultMaxChars };
  let lastEmitted = '';
  const emit = (message: PTKMessage): void => {
    lastEmitted = message.content;
    context.emit(message);
  };

  if (parsed.type === 'text') return { kind: 'answer', content: parsed.content ?? reply, finishReason: 'text' };
  if (parsed.type === 'invalid') {
    emit(invalidReplyMessage(parsed.error, format));
    const mistake = new ModelBehaviorError(parsed.error ?? UNREADABLE_CALL_MESSAGE, { code: PTKErrorCode.PARSE_ERROR, context: { reason: parsed.reason } });
    countMistake(context, mistake, lastEmitted);
    return { kind: 'continue', outcomes: [] };
  }

  const plan = planCalls({ calls: parsed.toolCalls, state, tools: context.tools, rules });
  Object.assign(state, plan.state);
  for (const step of plan.steps) {
    if (step.kind === 'duplicate' || step.kind === 'cached') events.onDuplicateDetected?.(step.toolCall);
    if (step.kind === 'rejected' && step.withheld) events.onToolWithheld?.(step.toolCall);
    if (step.kind === 'cached') {
      events.onToolResult?.({ toolCall: step.toolCall, result: step.result, durationMs: 0, iteration: state.iteration, fromCache: true });
    }
  }
  if (plan.finishCall) return { kind: 'answer', content: finishCallAnswer(plan.finishCall, parsed.content ?? ''), finishReason: 'finish_tool' };
  if (plan.stop) throw plan.stop;

  const runs = plannedRuns(plan);
  const results = await executeCalls(runs, {
    signal: context.signal,
    execute: context.execute,
    toolTimeout: rules.toolTimeout,
    retries: rules.toolRetries,
    iteration: state.iteration,
    ...(context.attach ? { attach: context.attach } : {}),
    onToolCall: events.onToolCall,
    onToolResult: (toolCall, result) =>
      events.onToolResult?.({ toolCall, result, durationMs: result.durationMs ?? 0, iteration: state.iteration, fromCache: false }),
  });
  throwIfAborted(context.signal);

  const outcomes: CallOutcome[] = [];
  let runIndex = 0;
  for (const step of plan.steps) {
    if (step.kind !== 'run') {
      if (step.kind === 'rejected') outcomes.push({ toolCall: step.toolCall, result: { success: false, data: null, error: step.error.message, code: step.error.code } });
      if (step.kind === 'cached') outcomes.push({ toolCall: step.toolCall, result: step.result });
      emit(stepMessage(step, undefined, format));
      continue;
    }
    const result = results[runIndex++];
    recordExecutedCall(state, step.toolCall, step.tool.readOnly === true, step.signature, result);
    outcomes.push({ toolCall: step.toolCall, result });
    emit(stepMessage(step, result, format));
    if (!result.success && rules.failOnToolError) {
      throw new ToolExecutionError(`Tool ${step.toolCall.tool} failed: ${result.error ?? 'unknown error'}`, {
        code: PTKErrorCode.TOOL_EXECUTION_FAILED,
        context: { toolCall: step.toolCall, toolErrorCode: result.code },
      });
    }
  }
  if (plan.ignoredCalls > 0 && runs.length > 0) emit(oneCallPerReplyMessage(parsed.toolCalls[0].tool, plan.ignoredCalls));

  if (runs.length > 0) {
    state.consecutiveMistakes = 0;
    state.duplicateWarnings = 0;
  } else if (plan.mistake) {
    countMistake(context, plan.mistake, lastEmitted);
  }
  return { kind: 'continue', outcomes };
}

/** Adds an executed call to the state: its count, the duplicate rule's history, the read-only cache. */
function recordExecutedCall(state: RunState, toolCall: PTKToolCall, readOnly: boolean, signature: string, result: ToolExecutionResult): void {
  state.executedCalls.push(toolCall);
  state.totalToolCalls++;
  if (!readOnly) {
    // Something may have changed: earlier reads are stale.
    state.readOnlyCache.clear();
  } else if (result.success) {
    state.readOnlyCache.set(signature, result);
  }
}

/** One more mistake in a row; throws once the run's mistakes rule holds (`maxConsecutiveMistakes` in a row). */
function countMistake({ state, rules }: TurnContext, mistake: ModelBehaviorError, lastFeedback: string): void {
  state.consecutiveMistakes++;
  if (!stopRuleHolds(rules.stopRules, 'mistakes', loopStateOf(state))) return;
  const what = mistake.code === PTKErrorCode.PARSE_ERROR
    ? 'invalid tool calls'
    : mistake.code === PTKErrorCode.TOOL_NOT_FOUND ? 'calls to unknown tools' : 'tool calls with invalid arguments';
  throw new ModelBehaviorError(`The model made ${state.consecutiveMistakes} mistakes in a row (${what}); last: ${lastFeedback}`, {
    code: mistake.code,
    cause: mistake,
    context: { iteration: state.iteration },
  });
}

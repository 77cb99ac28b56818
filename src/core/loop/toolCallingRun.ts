/**
 * One run of the PTK loop (what `PTKManager.orchestrateToolCalling` does):
 * format → call the LLM manager → parse → validate → run tools → feed results back → repeat,
 * until a plain-text answer (or the completion tool), a limit, an error, or cancellation.
 *
 * Model mistakes (invalid replies, unknown tools, bad arguments) are answered with TOOL_ERROR
 * and the loop goes on until `maxConsecutiveMistakes` in a row. Tool failures become
 * TOOL_RESULT success false. LLM backend errors end the task (never counted as mistakes).
 */
import { DEFAULTS } from '../constants';
import { compactHistory } from '../conversation/historyBudget';
import { errorMessage, LLMBackendError, PTKError, PTKErrorCode, PTKExecutionError } from '../errors';
import type { IContextManager, ILLMManager, LLMCallOptions } from '../ports';
import type { PTKFormatter, PTKParser } from '../protocol';
import { resolveTools } from '../tools/resolveTools';
import { executeThroughManager, runsThroughManager, type ToolManagerLike } from '../tools/managedTools';
import { runTool, toolFailure, type ToolExecutionResult } from '../tools/runTool';
import type { PTKMessage, PTKResponse, PTKTool, PTKToolCall, PTKToolResult } from '../types';
import { abortErrorOf, linkAbortSignals, raceWithSignal, type LinkedAbortSignal } from './abortSignals';
import { callSignature } from './callSignature';
import { createCompletionCheck } from './completionCheck';
import { assertExecuteOptions } from './executeOptionsSchema';
import { createFinishTool, finishCallAnswer, finishToolName, isFinishCall } from './finishTool';
import type { PTKExecuteOptions, PTKExecuteResult, PTKFinishReason } from './loopTypes';
import { notify } from './notify';
import { consecutiveMistakesReach, duplicateWarningsExceed, findCycle, isDuplicateToolCall, iterationCountIs, toolCallCountIs, type LoopState } from './stopConditions';

/** Estimated tokens of a text: characters / 4, rounded up. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

const NEVER_RETRIED = new Set<PTKErrorCode>([
  PTKErrorCode.INVALID_TOOL_CALL,
  PTKErrorCode.APPROVAL_REJECTED,
  PTKErrorCode.ABORTED,
  PTKErrorCode.TOOL_NOT_FOUND,
  PTKErrorCode.TOOL_TIMEOUT,
]);

/** The seed 000 duplicate warning. */
export function duplicateWarning(toolName: string): string {
  return `⚠️ WARNING: You just called "${toolName}" with the same arguments. This looks like a loop. Please try a DIFFERENT approach or provide a final answer if you have enough information.`;
}

export function cycleWarning(period: number): string {
  return `⚠️ WARNING: Your last ${period * 2} tool calls repeat the same ${period} calls in a cycle. This looks like a loop: the call was not run. Try a DIFFERENT approach or provide a final answer. Repeating the cycle again ends the task.`;
}

export function cachedResultNote(toolName: string): string {
  return `NOTE: you already called "${toolName}" with these arguments and nothing has changed since; this is the earlier result, from cache. Use it instead of calling again.`;
}

export function oneCallPerReplyNote(ranToolName: string, ignoredCount: number): string {
  return `NOTE: only one tool call per reply is allowed. Only the first call (${ranToolName}) was run; ${ignoredCount} other call(s) were ignored. Send them one per reply if you still need them.`;
}

/** A call prepared for execution. */
interface PlannedCall {
  toolCall: PTKToolCall;
  tool: PTKTool;
  signature: string;
}

/** Feedback for one call, in reply order. */
type CallOutcome =
  | { kind: 'message'; message: PTKMessage }
  | { kind: 'run'; planned: PlannedCall; result?: ToolExecutionResult };

export interface RunDependencies {
  llmManager: ILLMManager;
  toolManager?: ToolManagerLike;
  contextManager?: IContextManager;
  formatter: PTKFormatter;
  parser: PTKParser;
}

class RunFailure extends Error {
  constructor(readonly error: PTKError) {
    super(error.message);
  }
}

export class ToolCallingRun {
  private readonly startedAt = Date.now();
  private readonly messages: PTKMessage[] = [];
  private readonly toolCalls: PTKToolCall[] = [];
  private readonly attemptedSignatures: string[] = [];
  private readonly readOnlyCache = new Map<string, ToolExecutionResult>();
  private tools: PTKTool[] = [];
  private toolMap = new Map<string, PTKTool>();
  private iteration = 0;
  private totalToolCalls = 0;
  private consecutiveMistakes = 0;
  private lastMistakeCode = PTKErrorCode.PARSE_ERROR;
  private duplicateWarnings = 0;
  private cycleWarned = false;
  private sentCount = 0;
  private totalChars = 0;
  private finishName: string | undefined;
  private link: LinkedAbortSignal | undefined;

  constructor(private readonly dependencies: RunDependencies, private readonly prompt: string, private readonly options: PTKExecuteOptions) {}

  async run(): Promise<PTKExecuteResult> {
    const options = this.options;
    this.link = linkAbortSignals({
      signals: [options.signal],
      timeoutMs: options.timeout,
      timeoutMessage: `Task timed out after ${options.timeout} ms.`,
    });
    try {
      if (typeof this.prompt !== 'string' || this.prompt.trim().length === 0) {
        throw new RunFailure(new PTKExecutionError('The prompt is empty.', PTKErrorCode.CONFIG_INVALID));
      }
      await this.setUp();
      const outcome = await this.loop();
      return this.finish({ success: true, content: outcome.content, finishReason: outcome.finishReason });
    } catch (thrown) {
      const error = this.classify(thrown);
      notify('onError', options.onError, error, options.logger);
      return this.finish({ success: false, content: '', error });
    } finally {
      this.link.dispose();
    }
  }

  private get signal(): AbortSignal {
    return this.link!.signal;
  }

  private async setUp(): Promise<void> {
    const options = this.options;
    try {
      assertExecuteOptions(options);
      this.tools = resolveTools(options.tools, this.dependencies.toolManager);
    } catch (error) {
      throw new RunFailure(error instanceof PTKError ? error : new PTKExecutionError(errorMessage(error), PTKErrorCode.CONFIG_INVALID));
    }
    this.finishName = finishToolName(options.finishTool);
    if (this.finishName && !this.tools.some((tool) => tool.name === this.finishName)) this.tools.push(createFinishTool(this.finishName));
    this.toolMap = new Map(this.tools.map((tool) => [tool.name, tool]));

    const history: PTKMessage[] = [];
    if (options.conversationId && this.dependencies.contextManager) {
      try {
        history.push(...(await this.dependencies.contextManager.load(options.conversationId)).filter((message) => message.role !== 'system'));
      } catch (error) {
        this.report(`Could not load conversation ${options.conversationId}`, error);
      }
    }
    if (options.history) history.push(...options.history.filter((message) => message.role !== 'system'));

    const systemPrompt = this.dependencies.formatter.formatSystemPrompt(this.tools, {
      allowMultipleCalls: options.allowMultipleCalls ?? false,
      finishTool: this.finishName,
      extraInstructions: options.extraInstructions,
    });
    this.push({ role: 'system', content: systemPrompt });
    for (const message of history) this.push(message);
    this.push({ role: 'user', content: this.prompt });
  }

  private state(): LoopState {
    return {
      iteration: this.iteration,
      totalToolCalls: this.totalToolCalls,
      consecutiveMistakes: this.consecutiveMistakes,
      duplicateWarnings: this.duplicateWarnings,
      attemptedCallSignatures: this.attemptedSignatures,
    };
  }

  private async loop(): Promise<{ content: string; finishReason: PTKFinishReason }> {
    const options = this.options;
    const maxIterations = options.maxIterations ?? DEFAULTS.maxIterations;
    const reachedIterationLimit = iterationCountIs(maxIterations);
    for (;;) {
      if (reachedIterationLimit(this.state())) {
        throw new RunFailure(new PTKExecutionError(
          `Max iterations reached (${maxIterations}). LLM did not provide final answer.`,
          PTKErrorCode.MAX_ITERATIONS_REACHED,
          { iteration: this.iteration },
        ));
      }
      this.throwIfAborted();
      this.iteration++;
      const reply = await this.callModel();
      const parsed = this.dependencies.parser.parse(reply);
      notify('onIteration', options.onIteration, {
        iteration: this.iteration,
        type: parsed.type,
        content: parsed.type === 'text' ? parsed.content ?? reply : parsed.content,
        toolCallsSoFar: this.totalToolCalls,
      }, options.logger);
      this.push({ role: 'assistant', content: reply, toolCalls: parsed.type === 'tool_call' ? parsed.toolCalls : undefined });
      this.sentCount = this.messages.length;

      if (parsed.type === 'text') return { content: parsed.content ?? reply, finishReason: 'text' };
      if (parsed.type === 'invalid') {
        this.push({ role: 'system', content: this.dependencies.formatter.formatToolError(parsed.error ?? 'The tool call could not be read.') });
        this.mistake(PTKErrorCode.PARSE_ERROR);
        continue;
      }
      const finished = await this.handleCalls(parsed);
      if (finished !== undefined) return { content: finished, finishReason: 'finish_tool' };
    }
  }

  /** Runs the calls of one reply; returns the final answer when the completion tool was called. */
  private async handleCalls(parsed: PTKResponse): Promise<string | undefined> {
    const options = this.options;
    const allowMultiple = options.allowMultipleCalls ?? false;
    const calls = allowMultiple ? parsed.toolCalls : parsed.toolCalls.slice(0, 1);
    const outcomes: CallOutcome[] = [];
    let mistakeCode: PTKErrorCode | undefined;
    let plannedCount = 0;

    for (const [index, rawCall] of calls.entries()) {
      const toolCall: PTKToolCall = { ...rawCall, args: rawCall.args ?? {}, id: `call_${this.iteration}_${index}` };
      if (this.finishName && isFinishCall(toolCall, this.finishName)) {
        return finishCallAnswer(toolCall, parsed.content ?? '');
      }
      const validation = this.dependencies.parser.validate(toolCall, this.toolMap);
      if (!validation.valid) {
        mistakeCode = validation.code === 'TOOL_NOT_FOUND' ? PTKErrorCode.TOOL_NOT_FOUND : PTKErrorCode.INVALID_TOOL_CALL;
        outcomes.push({ kind: 'message', message: { role: 'system', content: this.dependencies.formatter.formatToolError(validation.error ?? 'Invalid tool call.') } });
        continue;
      }
      toolCall.args = validation.args ?? toolCall.args;
      const tool = this.toolMap.get(toolCall.tool)!;
      const signature = callSignature(toolCall);
      this.attemptedSignatures.push(signature);

      if (options.detectCycles ?? true) {
        const period = findCycle(this.attemptedSignatures, { maxPeriod: DEFAULTS.cycleMaxPeriod });
        if (period !== undefined) {
          if (this.cycleWarned) {
            throw new RunFailure(new PTKExecutionError(
              `Cycle detected: the model keeps repeating the same sequence of tool calls (last: ${toolCall.tool}).`,
              PTKErrorCode.CYCLE_DETECTED,
              { toolCall },
            ));
          }
          this.cycleWarned = true;
          this.attemptedSignatures.length = 0;
          outcomes.push({ kind: 'message', message: { role: 'system', content: cycleWarning(period) } });
          continue;
        }
      }

      if ((options.detectDuplicates ?? DEFAULTS.detectDuplicates) && this.isDuplicate(toolCall, tool)) {
        this.duplicateWarnings++;
        notify('onDuplicateDetected', options.onDuplicateDetected, toolCall, options.logger);
        const maxDuplicateWarnings = options.maxDuplicateWarnings ?? DEFAULTS.maxDuplicateWarnings;
        if (duplicateWarningsExceed(maxDuplicateWarnings)(this.state())) {
          throw new RunFailure(new PTKExecutionError(
            `Duplicate tool call: the model called "${toolCall.tool}" with the same arguments ${this.duplicateWarnings} times despite warnings.`,
            PTKErrorCode.DUPLICATE_TOOL_CALL,
            { toolCall },
          ));
        }
        const cached = tool.readOnly && (options.cacheReadOnlyResults ?? true) ? this.readOnlyCache.get(signature) : undefined;
        if (cached) {
          const content = `${cachedResultNote(toolCall.tool)}\n${this.formatResult(cached, toolCall.tool)}`;
          outcomes.push({ kind: 'message', message: { role: 'tool', content, toolCallId: toolCall.id, toolName: toolCall.tool } });
          notify('onToolResult', options.onToolResult, { toolCall, result: cached, durationMs: 0, iteration: this.iteration, fromCache: true }, options.logger);
        } else {
          outcomes.push({ kind: 'message', message: { role: 'system', content: duplicateWarning(toolCall.tool) } });
        }
        continue;
      }

      const maxToolCalls = options.maxToolCalls ?? DEFAULTS.maxToolCalls;
      if (toolCallCountIs(maxToolCalls)({ ...this.state(), totalToolCalls: this.totalToolCalls + plannedCount })) {
        throw new RunFailure(new PTKExecutionError(
          `Max tool calls limit reached (${maxToolCalls}). Possible infinite loop.`,
          PTKErrorCode.MAX_TOOL_CALLS_REACHED,
          { iteration: this.iteration },
        ));
      }
      plannedCount++;
      outcomes.push({ kind: 'run', planned: { toolCall, tool, signature } });
    }

    const runs = outcomes.filter((outcome): outcome is Extract<CallOutcome, { kind: 'run' }> => outcome.kind === 'run');
    if (runs.length > 1 && runs.every((outcome) => outcome.planned.tool.readOnly)) {
      await Promise.all(runs.map(async (outcome) => {
        outcome.result = await this.execute(outcome.planned);
      }));
    } else {
      for (const outcome of runs) outcome.result = await this.execute(outcome.planned);
    }
    this.throwIfAborted();

    for (const outcome of outcomes) {
      if (outcome.kind === 'message') {
        this.push(outcome.message);
        continue;
      }
      const { toolCall, tool, signature } = outcome.planned;
      const result = outcome.result!;
      this.toolCalls.push(toolCall);
      this.totalToolCalls++;
      if (tool.readOnly) {
        if (result.success) this.readOnlyCache.set(signature, result);
      } else {
        this.readOnlyCache.clear();
      }
      this.push({ role: 'tool', content: this.formatResult(result, toolCall.tool), toolCallId: toolCall.id, toolName: toolCall.tool });
      if (!result.success && options.failOnToolError) {
        throw new RunFailure(new PTKExecutionError(
          `Tool ${toolCall.tool} failed: ${result.error ?? 'unknown error'}`,
          PTKErrorCode.TOOL_EXECUTION_FAILED,
          { toolCall, toolErrorCode: result.code },
        ));
      }
    }
    if (parsed.toolCalls.length > calls.length && runs.length > 0) {
      this.push({ role: 'system', content: oneCallPerReplyNote(calls[0].tool, parsed.toolCalls.length - calls.length) });
    }

    if (runs.length > 0) {
      this.consecutiveMistakes = 0;
      this.duplicateWarnings = 0;
    } else if (mistakeCode) {
      this.mistake(mistakeCode);
    }
    return undefined;
  }

  private isDuplicate(toolCall: PTKToolCall, tool: PTKTool): boolean {
    const window = this.options.duplicateWindow ?? DEFAULTS.duplicateWindow;
    let history: PTKToolCall[] = this.toolCalls;
    if (tool.readOnly) {
      // A read repeated after something changed (a non-read-only tool ran) is legitimate.
      let lastWrite = -1;
      for (let index = history.length - 1; index >= 0; index--) {
        if (!this.toolMap.get(history[index].tool)?.readOnly) {
          lastWrite = index;
          break;
        }
      }
      history = history.slice(lastWrite + 1);
    }
    return isDuplicateToolCall(toolCall, history, window);
  }

  private async execute(planned: PlannedCall): Promise<ToolExecutionResult> {
    const options = this.options;
    const { toolCall, tool } = planned;
    notify('onToolCall', options.onToolCall, toolCall, options.logger);
    const retries = options.retryFailedTools ? options.maxToolRetries ?? DEFAULTS.maxToolRetries : 0;
    let result: ToolExecutionResult | undefined;
    for (let attempt = 0; attempt <= retries; attempt++) {
      result = await this.executeOnce(tool, toolCall);
      if (result.success || this.signal.aborted || (result.code && NEVER_RETRIED.has(result.code))) break;
    }
    notify('onToolResult', options.onToolResult, {
      toolCall,
      result: result!,
      durationMs: result!.durationMs ?? 0,
      iteration: this.iteration,
      fromCache: false,
    }, options.logger);
    return result!;
  }

  private async executeOnce(tool: PTKTool, toolCall: PTKToolCall): Promise<ToolExecutionResult> {
    const timeoutMs = this.options.toolTimeout ?? DEFAULTS.toolTimeout;
    const toolLink = linkAbortSignals({
      signals: [this.signal],
      timeoutMs: tool.timeoutMs ?? timeoutMs,
      timeoutCode: PTKErrorCode.TOOL_TIMEOUT,
      timeoutMessage: `Tool ${tool.name} timed out after ${tool.timeoutMs ?? timeoutMs} ms.`,
    });
    try {
      const context = { signal: toolLink.signal, toolCallId: toolCall.id ?? '', iteration: this.iteration };
      const toolManager = this.dependencies.toolManager;
      if (toolManager && runsThroughManager(toolManager, tool)) {
        return await executeThroughManager(toolManager, tool, toolCall.args, context);
      }
      return await runTool(tool, toolCall.args, context, { validate: false });
    } catch (error) {
      // A tool manager is meant never to throw; if one does, the model still gets a result.
      return toolFailure(error);
    } finally {
      toolLink.dispose();
    }
  }

  private formatResult(result: PTKToolResult, toolName: string): string {
    const plain: PTKToolResult = { success: result.success, data: result.data, error: result.error };
    return this.dependencies.formatter.formatToolResult(plain, { maxChars: this.options.resultMaxChars, toolName });
  }

  private mistake(code: PTKErrorCode): void {
    this.consecutiveMistakes++;
    this.lastMistakeCode = code;
    const maxMistakes = this.options.maxConsecutiveMistakes ?? DEFAULTS.maxConsecutiveMistakes;
    if (consecutiveMistakesReach(maxMistakes)(this.state())) {
      const what = code === PTKErrorCode.PARSE_ERROR ? 'invalid tool calls' : code === PTKErrorCode.TOOL_NOT_FOUND ? 'calls to unknown tools' : 'tool calls with invalid arguments';
      throw new RunFailure(new PTKExecutionError(
        `The model made ${this.consecutiveMistakes} mistakes in a row (${what}); last: ${this.lastFeedback()}`,
        this.lastMistakeCode,
        { iteration: this.iteration },
      ));
    }
  }

  private lastFeedback(): string {
    const last = this.messages[this.messages.length - 1];
    return last && last.role !== 'assistant' ? last.content : '';
  }

  /** What to send for this turn, and the call to the LLM manager. */
  private async callModel(): Promise<string> {
    const options = this.options;
    const llm = this.dependencies.llmManager;
    const formatter = this.dependencies.formatter;
    const budget = { budgetChars: options.historyBudgetChars };
    let prompt: string;
    const callOptions: LLMCallOptions = {
      signal: this.signal,
      onDelta: options.onDelta,
      isComplete: createCompletionCheck(this.dependencies.parser),
      model: options.model,
      temperature: options.temperature,
    };
    if (llm.keepsThread) {
      const newThread = this.iteration === 1;
      if (newThread) {
        prompt = formatter.formatConversation(compactHistory(this.messages, budget));
      } else {
        const fresh = this.messages.slice(this.sentCount).filter((message) => message.role !== 'assistant');
        const parts = fresh.map((message) => message.content);
        if (this.iteration % DEFAULTS.protocolReminderEvery === 0) parts.push(formatter.formatProtocolReminder(this.tools));
        prompt = parts.join('\n\n');
      }
      callOptions.thread = { newThread, fullTranscript: () => formatter.formatConversation(compactHistory(this.messages, budget)) };
    } else {
      prompt = formatter.formatConversation(compactHistory(this.messages, budget));
    }
    this.totalChars += prompt.length;
    let reply: string;
    try {
      // Raced with the signal: a backend that ignores it cannot hang the task.
      reply = await raceWithSignal(llm.call(prompt, callOptions), this.signal);
    } catch (error) {
      if (this.signal.aborted) throw abortErrorOf(this.signal);
      const backendCode = error instanceof PTKError ? error.code : undefined;
      throw new RunFailure(new PTKExecutionError(
        `LLM call failed: ${errorMessage(error)}`,
        PTKErrorCode.LLM_CALL_FAILED,
        {
          iteration: this.iteration,
          backendErrorCode: backendCode,
          retryAfterMs: error instanceof LLMBackendError ? error.retryAfterMs : undefined,
        },
        error,
      ));
    }
    this.throwIfAborted();
    if (typeof reply !== 'string') {
      throw new RunFailure(new PTKExecutionError('LLM call failed: the LLM manager returned no text.', PTKErrorCode.LLM_CALL_FAILED, { iteration: this.iteration }));
    }
    this.totalChars += reply.length;
    return reply;
  }

  private push(message: PTKMessage): void {
    this.messages.push(message);
    notify('onMessage', this.options.onMessage, message, this.options.logger);
  }

  private throwIfAborted(): void {
    if (this.signal.aborted) throw abortErrorOf(this.signal);
  }

  private report(message: string, error: unknown): void {
    this.options.logger?.warn(message, error);
    notify('onError', this.options.onError, error instanceof Error ? error : new Error(errorMessage(error)), this.options.logger);
  }

  private classify(thrown: unknown): PTKError {
    if (thrown instanceof RunFailure) return thrown.error;
    if (this.signal.aborted) {
      const reason = abortErrorOf(this.signal);
      if (reason.code === PTKErrorCode.TIMEOUT) return new PTKExecutionError(reason.message, PTKErrorCode.TIMEOUT, undefined, reason);
      return new PTKExecutionError('The task was cancelled.', PTKErrorCode.ABORTED, undefined, reason);
    }
    if (thrown instanceof PTKError) return thrown;
    return new PTKExecutionError(`Unexpected error: ${errorMessage(thrown)}`, PTKErrorCode.TOOL_EXECUTION_FAILED, undefined, thrown);
  }

  private async finish(outcome: { success: boolean; content: string; error?: PTKError; finishReason?: PTKFinishReason }): Promise<PTKExecuteResult> {
    const options = this.options;
    if (options.conversationId && this.dependencies.contextManager && this.messages.length > 0) {
      try {
        await this.dependencies.contextManager.save(options.conversationId, this.messages.filter((message) => message.role !== 'system'));
      } catch (error) {
        this.report(`Could not save conversation ${options.conversationId}`, error);
      }
    }
    const totalTokens = Math.ceil(this.totalChars / 4);
    const context = outcome.error?.context;
    return {
      success: outcome.success,
      content: outcome.content,
      iterations: this.iteration,
      messages: this.messages,
      toolCalls: this.toolCalls,
      totalToolCalls: this.totalToolCalls,
      error: outcome.error?.message,
      errorCode: outcome.error?.code,
      backendErrorCode: context?.backendErrorCode as PTKErrorCode | undefined,
      retryAfterMs: context?.retryAfterMs as number | undefined,
      totalTokens,
      totalCost: totalTokens * (options.costPerToken ?? 0),
      duration: Date.now() - this.startedAt,
      finishReason: outcome.finishReason,
    };
  }
}

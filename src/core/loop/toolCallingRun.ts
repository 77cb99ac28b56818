/**
 * One run of the loop to its end (what `PTKManager.orchestrateToolCalling` does): set up the
 * transcript, then turn after turn — the turn's prompt (turnPrompt), the model's reply
 * (modelCall), what follows from it (turnResolution: call planning, tool execution, the
 * answers for the model) — until a plain-text answer (or the completion tool), a limit, an
 * error, or cancellation. Never throws: the result carries the failure.
 *
 * Model mistakes (unreadable replies, unknown tools, bad arguments) are answered with TOOL_ERROR
 * and the loop goes on until `maxConsecutiveMistakes` in a row. Tool failures become
 * TOOL_RESULT success false. LLM backend errors end the task (never counted as mistakes).
 */
import { DEFAULTS } from '../constants';
import { compactedTranscript, compactionDue, compactionRequest, DEFAULT_COMPACTION_THRESHOLD } from '../conversation/contextCompaction';
import { historyLength } from '../conversation/historyBudget';
import { formatTodoReminder, type TodoItem } from '../conversation/todoList';
import { ConfigurationError, errorMessage, LimitExceededError, LLMBackendError, PTKError, PTKErrorCode } from '../errors';
import type { IContextManager, ILLMManager, PromptAttachment } from '../ports';
import type { PTKFormatter, PTKParser } from '../protocol';
import { toolExecutor, type ToolExecutor, type ToolManagerLike } from '../tools/managedTools';
import { resolveTools } from '../tools/resolveTools';
import type { PTKMessage, PTKTool } from '../types';
import { linkAbortSignals, throwIfAborted } from '../util/abortSignals';
import { notify } from '../util/notify';
import { AttachmentDelivery, filesNotTaken } from './attachmentDelivery';
import { taskNumberAfter } from './callIds';
import { resolveExecuteOptions, type ResolvedExecuteOptions } from './executeOptionsSchema';
import { createFinishTool, finishToolName } from './finishTool';
import type { PTKExecuteOptions, PTKExecuteResult, PTKFinishReason } from './loopTypes';
import { callModel } from './modelCall';
import { isRunFailure, runFailureOf, type RunFailure } from './runFailure';
import { createRunState, loopStateOf } from './runState';
import { steeringTranscriptMessage } from './steering';
import { loopStopRules, stopRuleHolds } from './stopConditions';
import { charactersToTokens } from './tokenEstimate';
import { createTodoTool } from './todoTool';
import { buildTurnPrompt, type TurnPrompt } from './turnPrompt';
import { resolveTurn, type TurnContext, type TurnRules } from './turnResolution';

interface RunDependencies {
  llmManager: ILLMManager;
  toolManager?: ToolManagerLike;
  contextManager?: IContextManager;
  formatter: PTKFormatter;
  parser: PTKParser;
}

/** What set-up gives the loop. */
interface RunSetUp {
  options: ResolvedExecuteOptions;
  tools: PTKTool[];
  rules: TurnRules;
}

/** The turn rules a run's options ask for. */
function turnRulesOf(options: ResolvedExecuteOptions, finishName: string | undefined): TurnRules {
  return {
    allowMultipleCalls: options.allowMultipleCalls,
    stopRules: loopStopRules({
      maxIterations: options.maxIterations,
      maxToolCalls: options.maxToolCalls,
      maxConsecutiveMistakes: options.maxConsecutiveMistakes,
      maxDuplicateWarnings: options.maxDuplicateWarnings,
      detectCycles: options.detectCycles,
      cycleMaxPeriod: DEFAULTS.cycleMaxPeriod,
    }),
    detectDuplicates: options.detectDuplicates,
    duplicateWindow: options.duplicateWindow,
    maxDuplicateWarnings: options.maxDuplicateWarnings,
    cacheReadOnlyResults: options.cacheReadOnlyResults,
    maxToolCalls: options.maxToolCalls,
    finishToolName: finishName,
    toolTimeout: options.toolTimeout,
    toolRetries: options.retryFailedTools ? options.maxToolRetries : 0,
    failOnToolError: options.failOnToolError,
    resultMaxChars: options.resultMaxChars,
    ...(options.withheldTools ? { withheldTools: options.withheldTools } : {}),
  };
}

/**
 * The history budget a new chat starts from: the run's, and with `compaction` at most half of
 * the share of the chat limit at which it compacts, so a new chat (a task's first, or the one
 * after a compaction) starts with room to work before it is compacted again.
 */
function historyBudgetOf(options: ResolvedExecuteOptions): number {
  const compaction = options.compaction;
  if (!compaction) return options.historyBudgetChars;
  const share = compaction.threshold ?? DEFAULT_COMPACTION_THRESHOLD;
  return Math.min(options.historyBudgetChars, Math.floor((compaction.limitChars * share) / 2));
}

/** Run keys: unique in this process (the prefix keeps two loaded copies of the core apart). */
const RUN_KEY_PREFIX = Math.random().toString(36).slice(2, 8);
let runCount = 0;

export class ToolCallingRun {
  private readonly startedAt = Date.now();
  /** The conversation this run's turns belong to (the backend keeps its chat per key): the caller's conversation id, else one per run. */
  private readonly threadKey: string;
  private readonly transcript: PTKMessage[] = [];
  private readonly state = createRunState();
  /** The transcript as a thread-keeping backend last saw it. */
  private sentTranscript: PTKMessage[] | undefined;
  private totalChars = 0;
  private resolvedOptions: ResolvedExecuteOptions | undefined;
  /** The task's attachments: carried by its first call, and again only if that call sent nothing. */
  private readonly attachments: AttachmentDelivery;
  /** Files the last turn's tools sent (a browser screenshot): carried by the next call only. */
  private toolFiles: PromptAttachment[] = [];
  /** The tool manager adapted once into the executor every tool call goes to. */
  private readonly execute: ToolExecutor;
  /** The model's task list, with `todoList` (undefined: not offered). */
  private todos: readonly TodoItem[] | undefined;
  /** Where the task's own message is in the transcript. */
  private taskIndex = 0;
  /** What the backend's current chat holds (characters sent and answered in it), and its whole turns. */
  private chatChars = 0;
  private turnsInChat = 0;
  /** A compaction failed in this run: the chat goes on as it is (the backend still starts over when the site refuses). */
  private compactionFailed = false;

  constructor(private readonly dependencies: RunDependencies, private readonly prompt: string, private readonly options: PTKExecuteOptions) {
    this.execute = toolExecutor(dependencies.toolManager);
    this.threadKey = options.conversationId ?? `run-${RUN_KEY_PREFIX}-${++runCount}`;
    this.attachments = new AttachmentDelivery(options.attachments);
  }

  async run(): Promise<PTKExecuteResult> {
    const options = this.options;
    const link = linkAbortSignals({
      signals: [options.signal],
      timeoutMs: options.timeout,
      timeoutMessage: `Task timed out after ${options.timeout} ms.`,
    });
    try {
      const setUp = await this.setUp();
      const outcome = await this.loop(setUp, link.signal);
      return await this.finish({ success: true, content: outcome.content, finishReason: outcome.finishReason });
    } catch (thrown) {
      const failure = runFailureOf(thrown, link.signal);
      notify('onError', options.onError, failure, options.logger);
      return await this.finish({ success: false, content: '', failure });
    } finally {
      link.dispose();
    }
  }

  /**
   * The turn boundary: messages the user steered into the task since the last turn join the
   * transcript as user messages (after the tool results), so the next prompt carries them.
   */
  private takeSteering(): void {
    const { steering, onSteered, logger } = this.options;
    for (const message of steering?.take() ?? []) {
      this.push(steeringTranscriptMessage(message));
      notify('onSteered', onSteered, message, logger);
    }
  }

  private async setUp(): Promise<RunSetUp> {
    if (typeof this.prompt !== 'string' || this.prompt.trim().length === 0) throw new ConfigurationError('The prompt is empty.');
    let options: ResolvedExecuteOptions;
    let tools: PTKTool[];
    try {
      options = resolveExecuteOptions(this.options);
      tools = resolveTools(options.tools, this.dependencies.toolManager);
    } catch (error) {
      throw isRunFailure(error) ? error : new ConfigurationError(errorMessage(error), { cause: error });
    }
    this.resolvedOptions = options;
    const finishName = finishToolName(options.finishTool);
    if (finishName && !tools.some((tool) => tool.name === finishName)) tools.push(createFinishTool(finishName));
    const todoName = this.offerTodoList(options, tools);

    const history: PTKMessage[] = [];
    if (options.conversationId && this.dependencies.contextManager) {
      try {
        history.push(...(await this.dependencies.contextManager.load(options.conversationId)).filter((message) => message.role !== 'system'));
      } catch (error) {
        this.report(`Could not load conversation ${options.conversationId}`, error);
      }
    }
    if (options.history) history.push(...options.history.filter((message) => message.role !== 'system'));
    // A conversation's later task numbers its calls past the earlier ones: no id comes back.
    this.state.task = taskNumberAfter(history);

    const systemPrompt = this.dependencies.formatter.formatSystemPrompt(tools, {
      allowMultipleCalls: options.allowMultipleCalls,
      finishTool: finishName,
      todoTool: todoName === undefined ? undefined : { name: todoName, afterCalls: DEFAULTS.todoListAfterCalls },
      extraInstructions: options.extraInstructions,
    });
    this.push({ role: 'system', content: systemPrompt });
    for (const message of history) this.push(message);
    this.taskIndex = this.transcript.length;
    this.push({ role: 'user', content: this.prompt });
    return { options, tools, rules: turnRulesOf(options, finishName) };
  }

  private async loop({ options, tools, rules }: RunSetUp, signal: AbortSignal): Promise<{ content: string; finishReason: PTKFinishReason }> {
    const { llmManager, formatter, parser } = this.dependencies;
    const { logger } = options;
    const state = this.state;
    const turn: TurnContext = {
      state,
      tools: new Map(tools.map((tool) => [tool.name, tool])),
      rules,
      formatter,
      signal,
      execute: this.execute,
      emit: (message) => this.push(message),
      attach: (file) => void this.toolFiles.push(file),
      events: {
        onToolCall: (toolCall) => notify('onToolCall', options.onToolCall, toolCall, logger),
        onToolResult: (info) => notify('onToolResult', options.onToolResult, info, logger),
        onDuplicateDetected: (toolCall) => notify('onDuplicateDetected', options.onDuplicateDetected, toolCall, logger),
        onToolWithheld: (toolCall) => notify('onToolWithheld', options.onToolWithheld, toolCall, logger),
      },
    };
    for (;;) {
      if (stopRuleHolds(rules.stopRules, 'iterations', loopStateOf(state))) {
        throw new LimitExceededError(`Max iterations reached (${options.maxIterations}). LLM did not provide final answer.`, {
          code: PTKErrorCode.MAX_ITERATIONS_REACHED,
          limit: options.maxIterations,
          context: { iteration: state.iteration },
        });
      }
      throwIfAborted(signal);
      this.takeSteering();
      state.iteration++;

      let turnPrompt = this.nextTurnPrompt(options, tools);
      if (await this.compactIfDue(options, turnPrompt, signal)) turnPrompt = this.nextTurnPrompt(options, tools);
      if (turnPrompt.thread) this.sentTranscript = [...this.transcript];
      this.totalChars += turnPrompt.prompt.length;
      if (!turnPrompt.thread || turnPrompt.thread.newThread) {
        this.chatChars = 0;
        this.turnsInChat = 0;
      }
      this.chatChars += turnPrompt.prompt.length;
      // The tools' files go with this call only: a failure that may have sent them never sends them again.
      const toolFiles = this.toolFiles.splice(0);
      const call = (files: readonly PromptAttachment[]) =>
        callModel({
          llmManager,
          turnPrompt,
          parser,
          signal,
          onDelta: options.onDelta,
          onWaiting: options.onWaiting && ((waiting) => notify('onWaiting', options.onWaiting, waiting, logger)),
          model: options.model,
          temperature: options.temperature,
          site: options.site,
          attachments: files.length > 0 ? files : undefined,
          iteration: state.iteration,
        });
      let reply: string;
      try {
        try {
          reply = await call([...(this.attachments.forNextCall() ?? []), ...toolFiles]);
        } catch (error) {
          // A site that takes no files (or refused the tools' ones) still gets the turn: the tools' results say what they showed.
          if (toolFiles.length === 0 || !filesNotTaken(error)) throw error;
          logger?.warn(`The site did not take the tools' files (${toolFiles.map((file) => file.name).join(', ')}): the turn goes without them. ${errorMessage(error)}`);
          reply = await call(this.attachments.forNextCall() ?? []);
        }
      } catch (error) {
        this.attachments.failed(error);
        throw error;
      }
      this.attachments.delivered();
      this.totalChars += reply.length;
      this.chatChars += reply.length;
      this.turnsInChat++;
      notify('onContextUsage', options.onContextUsage, {
        chatChars: this.chatChars,
        ...(options.compaction ? { limitChars: options.compaction.limitChars } : {}),
        historyChars: historyLength(this.transcript.filter((message) => message.role !== 'system')),
        historyBudgetChars: historyBudgetOf(options),
      }, logger);

      const parsed = parser.parse(reply);
      notify('onIteration', options.onIteration, {
        iteration: state.iteration,
        type: parsed.type,
        content: parsed.type === 'text' ? parsed.content ?? reply : parsed.content,
        toolCallsSoFar: state.totalToolCalls,
      }, logger);
      this.push({ role: 'assistant', content: reply, toolCalls: parsed.type === 'tool_call' ? parsed.toolCalls : undefined });

      const outcome = await resolveTurn(parsed, reply, turn);
      if (outcome.kind === 'answer') return outcome;
    }
  }

  /** The next turn's prompt: the whole transcript for a new chat, else what the chat has not seen. */
  private nextTurnPrompt(options: ResolvedExecuteOptions, tools: readonly PTKTool[]): TurnPrompt {
    return buildTurnPrompt({
      transcript: this.transcript,
      sentTranscript: this.sentTranscript,
      keepsThread: this.dependencies.llmManager.keepsThread === true,
      threadKey: this.threadKey,
      formatter: this.dependencies.formatter,
      tools,
      iteration: this.state.iteration,
      historyBudgetChars: historyBudgetOf(options),
      turnNote: this.todos?.length ? formatTodoReminder(this.todos, DEFAULTS.todoToolName) : undefined,
    });
  }

  /**
   * With `compaction`, before a turn that goes on in the chat: when the chat would pass its
   * threshold, the model is asked (in that chat) for a summary of the task so far, and the
   * transcript becomes the task, the summary and what the chat has not seen; the next turn then
   * starts a new chat from it. A summary that fails or comes back empty leaves the chat as it is
   * for the rest of the run. Returns true when the transcript was compacted.
   */
  private async compactIfDue(options: ResolvedExecuteOptions, turnPrompt: TurnPrompt, signal: AbortSignal): Promise<boolean> {
    const settings = options.compaction;
    const thread = turnPrompt.thread;
    if (!settings || this.compactionFailed || !thread || thread.newThread) return false;
    if (!compactionDue(settings, this.chatChars, turnPrompt.prompt.length, this.turnsInChat)) return false;
    const { llmManager, parser } = this.dependencies;
    const measured = { chatChars: this.chatChars, limitChars: settings.limitChars };
    notify('onCompaction', options.onCompaction, { stage: 'summarizing', ...measured }, options.logger);
    const request = compactionRequest();
    let reply: string;
    try {
      reply = await callModel({ llmManager, turnPrompt: { prompt: request, thread }, parser, signal, model: options.model, temperature: options.temperature, site: options.site, iteration: this.state.iteration });
    } catch (error) {
      throwIfAborted(signal);
      this.compactionFailed = true;
      this.report('Could not compact the chat (it goes on as it is)', error);
      notify('onCompaction', options.onCompaction, { stage: 'failed', ...measured }, options.logger);
      return false;
    }
    this.totalChars += request.length + reply.length;
    const parsed = parser.parse(reply);
    // A reply that calls a tool went on with the task instead of summing it up: it is no summary.
    const summary = parsed.type === 'text' ? (parsed.content ?? reply).trim() : '';
    if (!summary) {
      this.compactionFailed = true;
      options.logger?.warn('The model answered the compaction request without a summary (empty, or a tool call): the chat goes on as it is.');
      notify('onCompaction', options.onCompaction, { stage: 'failed', ...measured }, options.logger);
      return false;
    }
    const compacted = compactedTranscript(this.transcript, this.taskIndex, this.sentTranscript?.length ?? 0, summary);
    this.transcript.splice(0, this.transcript.length, ...compacted);
    this.taskIndex = compacted[0]?.role === 'system' ? 1 : 0;
    this.sentTranscript = undefined;
    const transcriptLength = compacted.filter((message) => message.role !== 'system').length;
    notify('onCompaction', options.onCompaction, { stage: 'done', ...measured, summary, transcriptLength }, options.logger);
    return true;
  }

  /** With `todoList`: starts from the kept list and offers the task-list tool (unless a tool of that name is given). Returns its name when offered. */
  private offerTodoList(options: ResolvedExecuteOptions, tools: PTKTool[]): string | undefined {
    if (!options.todoList) return undefined;
    this.todos = typeof options.todoList === 'object' ? (options.todoList.items ?? []) : [];
    const name = DEFAULTS.todoToolName;
    if (tools.some((tool) => tool.name === name)) return undefined;
    tools.push(createTodoTool(name, (items) => {
      this.todos = items;
      notify('onTodos', options.onTodos, items, options.logger);
    }));
    return name;
  }

  private push(message: PTKMessage): void {
    this.transcript.push(message);
    notify('onMessage', this.options.onMessage, message, this.options.logger);
  }

  private report(message: string, error: unknown): void {
    this.options.logger?.warn(message, error);
    notify('onError', this.options.onError, error instanceof Error ? error : new Error(errorMessage(error)), this.options.logger);
  }

  private async finish(outcome: { success: boolean; content: string; failure?: RunFailure; finishReason?: PTKFinishReason }): Promise<PTKExecuteResult> {
    // Nothing reaches the run after its last turn: what is still waiting goes back to the caller.
    const steeringLeft = this.options.steering?.close() ?? [];
    const options = this.resolvedOptions;
    const contextManager = this.dependencies.contextManager;
    if (options?.conversationId && contextManager && this.transcript.length > 0) {
      try {
        await contextManager.save(options.conversationId, this.transcript.filter((message) => message.role !== 'system'));
      } catch (error) {
        this.report(`Could not save conversation ${options.conversationId}`, error);
      }
    }
    const totalTokens = charactersToTokens(this.totalChars);
    const { failure } = outcome;
    const attachmentsSent = this.attachments.wereSent();
    const backendFailure = failure instanceof LLMBackendError ? failure : undefined;
    return {
      success: outcome.success,
      content: outcome.content,
      iterations: this.state.iteration,
      messages: this.transcript,
      toolCalls: this.state.executedCalls,
      totalToolCalls: this.state.totalToolCalls,
      error: failure?.message,
      errorCode: failure?.code,
      failure,
      backendErrorCode: backendFailure?.cause instanceof PTKError ? backendFailure.cause.code : undefined,
      retryAfterMs: backendFailure?.retryAfterMs,
      totalTokens,
      totalCost: options ? totalTokens * options.costPerToken : 0,
      duration: Date.now() - this.startedAt,
      finishReason: outcome.finishReason,
      ...(this.todos === undefined ? {} : { todos: this.todos }),
      ...(attachmentsSent === undefined ? {} : { attachmentsSent }),
      ...(steeringLeft.length > 0 ? { steeringLeft } : {}),
    };
  }
}

/**
 * ToolRunner, after the Anthropic SDK's BetaToolRunner: the tool loop as an awaitable async
 * iterable. `for await (const message of runner)` yields each assistant turn; `await runner`
 * runs to the end and gives the final assistant message. It is the iterable facade over the
 * same steps as PTKManager's run to the end (turnPrompt, modelCall, turnResolution).
 *
 * - consumed once: iterating a second time throws RUNNER_CONSUMED;
 * - `setParams(object | updater)` replaces the params, sets `mutated` and clears the cached
 *   tool response; `pushMessages(...)` appends messages the same way;
 * - `generateToolResponse()` is cached per turn, so tools never run twice for one turn;
 * - ends when a turn has no tool response and the params were not changed, or when
 *   `maxIterations` turns were made (normally, without error);
 * - every call of a reply runs (read-only ones in parallel); the caller drives the loop, so
 *   the run-to-end rules (repeated calls, cycles, the tool-call and mistake limits) are off;
 * - tool failures become results; an LLM error rejects `done()` and resets `consumed`.
 */
import { DEFAULTS } from '../constants';
import { PTKError, PTKErrorCode } from '../errors';
import type { ILLMManager } from '../ports';
import type { ReplyDelta } from '../protocol/replyStream';
import { PTKFormatter, PTKParser } from '../protocol';
import { toolExecutor, type ToolExecutor, type ToolManagerLike } from '../tools/managedTools';
import { resolveTools, type ToolSpecifier } from '../tools/resolveTools';
import type { ToolExecutionResult } from '../tools/runTool';
import type { PTKMessage, PTKResponse, PTKTool, PTKToolCall } from '../types';
import { notify, type PTKLogger } from '../util/notify';
import { taskNumberAfter } from './callIds';
import { callModel } from './modelCall';
import { createRunState, type RunState } from './runState';
import { loopStopRules } from './stopConditions';
import { buildTurnPrompt } from './turnPrompt';
import { resolveTurn, type TurnRules } from './turnResolution';

/** The iterable runner's rules: every call runs, no run-to-end limits (its caller drives the loop). */
const RUNNER_RULES: Omit<TurnRules, 'toolTimeout'> = {
  allowMultipleCalls: true,
  stopRules: loopStopRules({
    maxIterations: Number.POSITIVE_INFINITY,
    maxToolCalls: Number.POSITIVE_INFINITY,
    maxConsecutiveMistakes: Number.POSITIVE_INFINITY,
    maxDuplicateWarnings: Number.POSITIVE_INFINITY,
    detectCycles: false,
    cycleMaxPeriod: DEFAULTS.cycleMaxPeriod,
  }),
  detectDuplicates: false,
  duplicateWindow: 0,
  maxDuplicateWarnings: Number.POSITIVE_INFINITY,
  cacheReadOnlyResults: false,
  maxToolCalls: Number.POSITIVE_INFINITY,
  toolRetries: 0,
  failOnToolError: false,
};

export interface ToolRunnerParams {
  /** The conversation (user and earlier messages); the runner appends assistant and tool messages. */
  messages: PTKMessage[];
  /** Tools offered (objects, raw JSON Schema shapes, or names the tool manager resolves). */
  tools: ToolSpecifier[];
  /** Stop (normally) after this many assistant turns. */
  maxIterations?: number;
  model?: string;
  temperature?: number;
  /** Appended to the system prompt. */
  extraInstructions?: string;
}

/** One tool call's outcome within a tool response. */
export interface ToolRunnerResult {
  toolCall: PTKToolCall;
  result: ToolExecutionResult;
}

export interface ToolRunnerOptions {
  toolManager?: ToolManagerLike;
  formatter?: PTKFormatter;
  parser?: PTKParser;
  signal?: AbortSignal;
  /** Per-tool timeout when the tool has none (default DEFAULTS.toolTimeout). */
  toolTimeout?: number;
  onIteration?: (info: { iteration: number; message: PTKMessage }) => void;
  onToolCall?: (toolCall: PTKToolCall) => void;
  onToolResult?: (info: { message: PTKMessage; results: ToolRunnerResult[] }) => void;
  onDelta?: (delta: ReplyDelta) => void;
  /** A model call starts (true) or stops (false) waiting for the backend (every tab busy). */
  onWaiting?: (waiting: boolean) => void;
  logger?: PTKLogger;
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((resolvePromise, rejectPromise) => {
    resolve = resolvePromise;
    reject = rejectPromise;
  });
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

export class ToolRunner implements AsyncIterable<PTKMessage>, PromiseLike<PTKMessage> {
  private consumedFlag = false;
  private mutatedFlag = false;
  private state: { params: ToolRunnerParams };
  private message: Promise<PTKMessage> | undefined;
  private toolResponse: Promise<PTKMessage | null> | undefined;
  private completion = deferred<PTKMessage>();
  private iterationCount = 0;
  private readonly formatter: PTKFormatter;
  private readonly parser: PTKParser;
  private readonly parsedReplies = new WeakMap<PTKMessage, PTKResponse>();
  private readonly rules: TurnRules;
  /** Counters and executed calls across turns. */
  private readonly runState: RunState;
  /** The transcript as a thread-keeping backend last saw it. */
  private sentTranscript: PTKMessage[] | undefined;

  /** The tool manager adapted once into the executor every tool call goes to. */
  private readonly execute: ToolExecutor;

  constructor(private readonly llmManager: ILLMManager, params: ToolRunnerParams, private readonly options: ToolRunnerOptions = {}) {
    this.execute = toolExecutor(options.toolManager);
    this.state = { params: { ...params, messages: [...params.messages] } };
    // Calls are numbered past the conversation before the runner's prompt (its last user message).
    const promptIndex = params.messages.map((message) => message.role).lastIndexOf('user');
    this.runState = createRunState(taskNumberAfter(promptIndex === -1 ? params.messages : params.messages.slice(0, promptIndex)));
    this.formatter = options.formatter ?? new PTKFormatter();
    this.parser = options.parser ?? new PTKParser();
    this.rules = { ...RUNNER_RULES, toolTimeout: options.toolTimeout ?? DEFAULTS.toolTimeout };
  }

  /** True once iteration started (reset when an LLM error ended it). */
  get consumed(): boolean {
    return this.consumedFlag;
  }

  /** True when the params were changed during the current turn. */
  get mutated(): boolean {
    return this.mutatedFlag;
  }

  /** Assistant turns made so far. */
  get iterations(): number {
    return this.iterationCount;
  }

  /** The current params (read-only view). */
  get params(): Readonly<ToolRunnerParams> {
    return this.state.params;
  }

  /** Replaces the params (an object, or a function of the current ones). */
  setParams(paramsOrUpdater: ToolRunnerParams | ((current: ToolRunnerParams) => ToolRunnerParams)): void {
    this.state.params = typeof paramsOrUpdater === 'function' ? paramsOrUpdater(this.state.params) : paramsOrUpdater;
    this.mutatedFlag = true;
    this.toolResponse = undefined;
  }

  /** Appends messages to the conversation. */
  pushMessages(...messages: PTKMessage[]): void {
    this.setParams((params) => ({ ...params, messages: [...params.messages, ...messages] }));
  }

  /** Resolves with the final assistant message when the runner is done; rejects on an LLM error. */
  done(): Promise<PTKMessage> {
    return this.completion.promise;
  }

  /** Iterates to the end (if nobody is iterating yet) and gives the final assistant message. */
  async runUntilDone(): Promise<PTKMessage> {
    if (!this.consumedFlag) {
      for await (const _message of this) {
        // Each turn's messages are appended to params.messages as they come.
      }
    }
    return this.done();
  }

  then<Result1 = PTKMessage, Result2 = never>(
    onfulfilled?: ((value: PTKMessage) => Result1 | PromiseLike<Result1>) | null,
    onrejected?: ((reason: unknown) => Result2 | PromiseLike<Result2>) | null,
  ): Promise<Result1 | Result2> {
    return this.runUntilDone().then(onfulfilled, onrejected);
  }

  /**
   * The tool message answering the last assistant message (this turn's, else the last of
   * params.messages), or null when it called no tool. Cached: tools run once per turn.
   */
  async generateToolResponse(): Promise<PTKMessage | null> {
    const lastMessage = (await this.message) ?? this.state.params.messages.at(-1);
    if (!lastMessage) return null;
    if (this.toolResponse) return this.toolResponse;
    this.toolResponse = this.buildToolResponse(lastMessage);
    return this.toolResponse;
  }

  async *[Symbol.asyncIterator](): AsyncIterator<PTKMessage> {
    if (this.consumedFlag) {
      throw new PTKError('This ToolRunner was already consumed: create a new one to run again.', { code: PTKErrorCode.RUNNER_CONSUMED });
    }
    this.consumedFlag = true;
    this.mutatedFlag = true;
    this.toolResponse = undefined;
    let lastMessage: PTKMessage | undefined;
    try {
      for (;;) {
        const maxIterations = this.state.params.maxIterations;
        if (maxIterations !== undefined && this.iterationCount >= maxIterations) break;
        this.mutatedFlag = false;
        this.message = undefined;
        this.toolResponse = undefined;
        this.iterationCount++;

        const message = await this.callModel();
        lastMessage = message;
        this.message = Promise.resolve(message);
        notify('onIteration', this.options.onIteration, { iteration: this.iterationCount, message }, this.options.logger);

        yield message;

        if (!this.mutatedFlag) this.state.params.messages.push(message);
        const toolMessage = await this.generateToolResponse();
        if (toolMessage) {
          this.state.params.messages.push(toolMessage);
        } else if (!this.mutatedFlag) {
          break;
        }
      }
    } catch (error) {
      this.consumedFlag = false;
      this.completion = deferred<PTKMessage>();
      this.completion.reject(error);
      throw error;
    }
    if (!lastMessage) {
      const error = new PTKError('ToolRunner ended without any assistant message (maxIterations is 0?).', { code: PTKErrorCode.MAX_ITERATIONS_REACHED });
      this.completion.reject(error);
      throw error;
    }
    this.completion.resolve(lastMessage);
  }

  private tools(): PTKTool[] {
    return resolveTools(this.state.params.tools, this.options.toolManager);
  }

  private async callModel(): Promise<PTKMessage> {
    const params = this.state.params;
    const tools = this.tools();
    const system: PTKMessage = { role: 'system', content: this.formatter.formatSystemPrompt(tools, { extraInstructions: params.extraInstructions }) };
    const transcript = [system, ...params.messages];
    const turnPrompt = buildTurnPrompt({
      transcript,
      sentTranscript: this.sentTranscript,
      keepsThread: this.llmManager.keepsThread === true,
      formatter: this.formatter,
      tools,
      iteration: this.iterationCount,
    });
    if (turnPrompt.thread) this.sentTranscript = transcript;
    const reply = await callModel({
      llmManager: this.llmManager,
      turnPrompt,
      parser: this.parser,
      signal: this.options.signal,
      onDelta: this.options.onDelta,
      onWaiting: this.options.onWaiting && ((waiting) => notify('onWaiting', this.options.onWaiting, waiting, this.options.logger)),
      model: params.model,
      temperature: params.temperature,
      iteration: this.iterationCount,
    });
    const parsed = this.parser.parse(reply);
    const message: PTKMessage = { role: 'assistant', content: reply, toolCalls: parsed.type === 'tool_call' ? parsed.toolCalls : undefined };
    this.parsedReplies.set(message, parsed);
    return message;
  }

  /** The turn's answers, through the same kernel as PTKManager's loop, joined into one tool message. */
  private async buildToolResponse(lastMessage: PTKMessage): Promise<PTKMessage | null> {
    if (lastMessage.role !== 'assistant') return null;
    const parsed = this.parsedReplies.get(lastMessage) ?? this.parser.parse(lastMessage.content);
    if (parsed.type === 'text') return null;
    const tools = this.tools();
    const emitted: PTKMessage[] = [];
    this.runState.iteration = this.iterationCount;
    const outcome = await resolveTurn(parsed, lastMessage.content, {
      state: this.runState,
      tools: new Map(tools.map((tool) => [tool.name, tool])),
      rules: this.rules,
      formatter: this.formatter,
      signal: this.options.signal,
      execute: this.execute,
      emit: (message) => emitted.push(message),
      events: { onToolCall: (toolCall) => notify('onToolCall', this.options.onToolCall, toolCall, this.options.logger) },
    });
    const results = outcome.kind === 'continue' ? outcome.outcomes : [];
    const firstCall = results[0]?.toolCall;
    const toolMessage: PTKMessage = {
      role: 'tool',
      content: emitted.map((message) => message.content).join('\n\n'),
      toolCallId: firstCall?.id,
      toolName: firstCall?.tool,
    };
    notify('onToolResult', this.options.onToolResult, { message: toolMessage, results }, this.options.logger);
    return toolMessage;
  }
}

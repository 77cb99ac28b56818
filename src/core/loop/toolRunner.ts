/**
 * ToolRunner (seed 002, after the Anthropic SDK's BetaToolRunner): the tool loop as an
 * awaitable async iterable. `for await (const message of runner)` yields each assistant
 * turn; `await runner` runs to the end and gives the final assistant message.
 *
 * - consumed once: iterating a second time throws RUNNER_CONSUMED;
 * - `setParams(object | updater)` replaces the params, sets `mutated` and clears the cached
 *   tool response; `pushMessages(...)` appends messages the same way;
 * - `generateToolResponse()` is cached per turn, so tools never run twice for one turn;
 * - ends when a turn has no tool response and the params were not changed, or when
 *   `maxIterations` turns were made (normally, without error);
 * - tool failures become results; an LLM error rejects `done()` and resets `consumed`.
 */
import { PTKError, PTKErrorCode } from '../errors';
import type { ILLMManager, StreamDelta } from '../ports';
import { PTKFormatter, PTKParser } from '../protocol';
import { resolveTools, type ToolSpecifier } from '../tools/resolveTools';
import { executeThroughManager, runsThroughManager, type ToolManagerLike } from '../tools/managedTools';
import { runTool, toolFailure, type ToolExecutionResult } from '../tools/runTool';
import type { PTKMessage, PTKResponse, PTKTool, PTKToolCall } from '../types';
import { DEFAULTS } from '../constants';
import { linkAbortSignals, raceWithSignal } from './abortSignals';
import { createCompletionCheck } from './completionCheck';
import { notify, type PTKLogger } from './notify';

export interface ToolRunnerParams {
  /** The conversation (user and earlier messages); the runner appends assistant and tool messages. */
  messages: PTKMessage[];
  /** Tools offered (objects, raw seed shapes, or names the tool manager resolves). */
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
  onDelta?: (delta: StreamDelta) => void;
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
  private sentMessages: PTKMessage[] = [];

  constructor(private readonly llmManager: ILLMManager, params: ToolRunnerParams, private readonly options: ToolRunnerOptions = {}) {
    this.state = { params: { ...params, messages: [...params.messages] } };
    this.formatter = options.formatter ?? new PTKFormatter();
    this.parser = options.parser ?? new PTKParser();
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
      throw new PTKError('This ToolRunner was already consumed: create a new one to run again.', PTKErrorCode.RUNNER_CONSUMED);
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
      const error = new PTKError('ToolRunner ended without any assistant message (maxIterations is 0?).', PTKErrorCode.MAX_ITERATIONS_REACHED);
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
    const messages = params.messages;
    const fullTranscript = (): string => this.formatter.formatConversation([system, ...this.state.params.messages]);
    let prompt: string;
    let thread: { newThread: boolean; fullTranscript: () => string } | undefined;
    if (this.llmManager.keepsThread) {
      const sent = this.sentMessages;
      const continues = sent.length > 0 && sent.length <= messages.length && sent.every((message, index) => messages[index] === message);
      prompt = continues
        ? messages.slice(sent.length).filter((message) => message.role !== 'assistant').map((message) => message.content).join('\n\n')
        : fullTranscript();
      thread = { newThread: !continues, fullTranscript };
    } else {
      prompt = fullTranscript();
    }
    this.sentMessages = [...messages];
    const reply = await raceWithSignal(this.llmManager.call(prompt, {
      signal: this.options.signal,
      onDelta: this.options.onDelta,
      isComplete: createCompletionCheck(this.parser),
      model: params.model,
      temperature: params.temperature,
      thread,
    }), this.options.signal);
    const parsed = this.parser.parse(reply);
    const message: PTKMessage = { role: 'assistant', content: reply, toolCalls: parsed.type === 'tool_call' ? parsed.toolCalls : undefined };
    this.parsedReplies.set(message, parsed);
    return message;
  }

  private async buildToolResponse(lastMessage: PTKMessage): Promise<PTKMessage | null> {
    if (lastMessage.role !== 'assistant') return null;
    const parsed = this.parsedReplies.get(lastMessage) ?? this.parser.parse(lastMessage.content);
    if (parsed.type === 'text') return null;
    if (parsed.type === 'invalid') {
      const toolMessage: PTKMessage = { role: 'tool', content: this.formatter.formatToolError(parsed.error ?? 'The tool call could not be read.') };
      notify('onToolResult', this.options.onToolResult, { message: toolMessage, results: [] }, this.options.logger);
      return toolMessage;
    }
    const tools = this.tools();
    const toolMap = new Map(tools.map((tool) => [tool.name, tool]));
    const calls = parsed.toolCalls.map((toolCall, index) => ({ ...toolCall, id: toolCall.id ?? `call_${this.iterationCount}_${index}` }));
    const runOne = async (toolCall: PTKToolCall): Promise<ToolRunnerResult> => {
      notify('onToolCall', this.options.onToolCall, toolCall, this.options.logger);
      const validation = this.parser.validate(toolCall, toolMap);
      if (!validation.valid) {
        const code = validation.code === 'TOOL_NOT_FOUND' ? PTKErrorCode.TOOL_NOT_FOUND : PTKErrorCode.INVALID_TOOL_CALL;
        return { toolCall, result: { success: false, data: null, error: validation.error ?? 'Invalid tool call.', code } };
      }
      const tool = toolMap.get(toolCall.tool)!;
      const args = validation.args ?? toolCall.args;
      const timeoutMs = tool.timeoutMs ?? this.options.toolTimeout ?? DEFAULTS.toolTimeout;
      const toolLink = linkAbortSignals({
        signals: [this.options.signal],
        timeoutMs,
        timeoutCode: PTKErrorCode.TOOL_TIMEOUT,
        timeoutMessage: `Tool ${tool.name} timed out after ${timeoutMs} ms.`,
      });
      try {
        const context = { signal: toolLink.signal, toolCallId: toolCall.id ?? '', iteration: this.iterationCount };
        const toolManager = this.options.toolManager;
        const result = toolManager && runsThroughManager(toolManager, tool)
          ? await executeThroughManager(toolManager, tool, args, context)
          : await runTool(tool, args, context, { validate: false });
        return { toolCall, result };
      } catch (error) {
        return { toolCall, result: toolFailure(error) };
      } finally {
        toolLink.dispose();
      }
    };
    const allReadOnly = calls.every((toolCall) => toolMap.get(toolCall.tool)?.readOnly);
    const results: ToolRunnerResult[] = [];
    if (allReadOnly) {
      results.push(...(await Promise.all(calls.map(runOne))));
    } else {
      for (const toolCall of calls) results.push(await runOne(toolCall));
    }
    const content = results
      .map(({ toolCall, result }) => this.formatter.formatToolResult({ success: result.success, data: result.data, error: result.error }, { toolName: toolCall.tool }))
      .join('\n\n');
    const toolMessage: PTKMessage = { role: 'tool', content, toolCallId: calls[0]?.id, toolName: calls[0]?.tool };
    notify('onToolResult', this.options.onToolResult, { message: toolMessage, results }, this.options.logger);
    return toolMessage;
  }
}

/**
 * PTKManager: the gateway for LLM interactions with tool calling, and the loop's run-to-end
 * facade. It does not call the model or run tools itself: each call of orchestrateToolCalling
 * is one ToolCallingRun over the loop's steps (format → LLM manager → parse → plan → tool
 * manager → feed back), the same steps the iterable ToolRunner uses.
 */
import type { IContextManager, ILLMManager } from '../ports';
import type { ToolManagerLike } from '../tools/managedTools';
import { PTKFormatter, PTKParser, type PTKFormatterOptions, type PTKParserOptions } from '../protocol';
import type { PTKMessage, PTKResponse, PTKTool } from '../types';
import type { PTKExecuteOptions, PTKExecuteResult } from './loopTypes';
import { ToolCallingRun } from './toolCallingRun';

export interface PTKManagerOptions {
  /** A formatter to use instead of `new PTKFormatter(formatterOptions)`. */
  formatter?: PTKFormatter;
  formatterOptions?: PTKFormatterOptions;
  /** A parser to use instead of `new PTKParser(parserOptions)`. */
  parser?: PTKParser;
  parserOptions?: PTKParserOptions;
  /** Options merged under every orchestrateToolCalling call's options (defaults per manager). */
  defaults?: PTKExecuteOptions;
}

/** What a PTK manager offers (the original interface, kept for callers that type against it). */
export interface IPTKManager {
  orchestrateToolCalling(prompt: string, options?: PTKExecuteOptions): Promise<PTKExecuteResult>;
  formatPrompt(prompt: string, tools: PTKTool[], history?: PTKMessage[]): string;
  parseResponse(response: string): PTKResponse;
}

export class PTKManager implements IPTKManager {
  readonly formatter: PTKFormatter;
  readonly parser: PTKParser;

  constructor(
    private readonly llmManager: ILLMManager,
    private readonly toolManager?: ToolManagerLike,
    private readonly contextManager?: IContextManager,
    private readonly managerOptions: PTKManagerOptions = {},
  ) {
    this.formatter = managerOptions.formatter ?? new PTKFormatter(managerOptions.formatterOptions);
    this.parser = managerOptions.parser ?? new PTKParser(managerOptions.parserOptions);
  }

  /**
   * Runs the tool-calling loop for `prompt`. Never throws: failures come back as
   * `success: false` with `error`, `errorCode` and the whole error as `failure`.
   */
  orchestrateToolCalling(prompt: string, options: PTKExecuteOptions = {}): Promise<PTKExecuteResult> {
    const run = new ToolCallingRun(
      { llmManager: this.llmManager, toolManager: this.toolManager, contextManager: this.contextManager, formatter: this.formatter, parser: this.parser },
      prompt,
      { ...this.managerOptions.defaults, ...options },
    );
    return run.run();
  }

  /**
   * Another name for orchestrateToolCalling, kept because the documented examples call
   * `execute` (one of the compatibility surfaces listed in src/core/compat/index.ts).
   */
  execute(prompt: string, options: PTKExecuteOptions = {}): Promise<PTKExecuteResult> {
    return this.orchestrateToolCalling(prompt, options);
  }

  /** The whole prompt of a first turn: system prompt, history, then the user prompt. */
  formatPrompt(prompt: string, tools: PTKTool[], history: PTKMessage[] = []): string {
    const messages: PTKMessage[] = [
      { role: 'system', content: this.formatter.formatSystemPrompt(tools) },
      ...history,
      { role: 'user', content: prompt },
    ];
    return this.formatter.formatConversation(messages);
  }

  parseResponse(response: string): PTKResponse {
    return this.parser.parse(response);
  }
}

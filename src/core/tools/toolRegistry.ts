/**
 * The tool manager: `registerTool`, lookup, and `use((toolCall, next) => …)` middleware around
 * every execution. Middleware may log, time, ask for approval, or reject a call by throwing
 * (a ToolExecutionError / ApprovalRejectedError): the rejection becomes a `success: false`
 * result carrying the message (the user's reason included).
 */
import { ConfigurationError, PTKErrorCode } from '../errors';
import { unknownToolMessage } from '../protocol/feedback';
import type { IToolManager, ToolMiddleware } from '../ports';
import type { PTKTool, ToolContext } from '../types';
import { type RawToolDefinition, toPTKTool } from '../compat/rawToolDefinition';
import { invalidArguments, invokeTool, toolFailure, validateToolArguments, withToolTimeout, type PreparedToolCall, type ToolExecutionResult } from './runTool';

export interface ToolRegistryOptions {
  /** Timeout for tools without their own `timeoutMs` (ms; default none: the loop sets one). */
  defaultTimeoutMs?: number;
}

export class ToolRegistry implements IToolManager {
  private readonly tools = new Map<string, PTKTool>();
  private readonly middlewares: ToolMiddleware[] = [];

  constructor(tools: Array<PTKTool | RawToolDefinition> = [], private readonly options: ToolRegistryOptions = {}) {
    for (const tool of tools) this.registerTool(tool);
  }

  /** Adds a tool (a defineTool() result or the raw JSON Schema shape). A second tool with the same name is refused. */
  registerTool(tool: PTKTool | RawToolDefinition): void {
    const checked = toPTKTool(tool);
    if (this.tools.has(checked.name)) {
      throw new ConfigurationError(`A tool named "${checked.name}" is already registered.`);
    }
    this.tools.set(checked.name, checked);
  }

  /** Removes a tool; returns whether it was there. */
  unregisterTool(name: string): boolean {
    return this.tools.delete(name);
  }

  getTool(name: string): PTKTool | undefined {
    return this.tools.get(name);
  }

  listTools(): PTKTool[] {
    return [...this.tools.values()];
  }

  /** Adds a middleware; the first added is the outermost. */
  use(middleware: ToolMiddleware): void {
    this.middlewares.push(middleware);
  }

  /** Runs a registered tool through the middleware chain; never throws for tool failures. */
  async execute(name: string, args: Record<string, unknown>, context: ToolContext): Promise<ToolExecutionResult> {
    const tool = this.tools.get(name);
    if (!tool) {
      return { success: false, data: null, error: unknownToolMessage(name, [...this.tools.keys()]), code: PTKErrorCode.TOOL_NOT_FOUND };
    }
    return this.executeTool(tool, args, context);
  }

  /** Runs any tool object (registered or not) through the middleware chain; its arguments are checked and its timeout starts below the chain. */
  async executeTool(tool: PTKTool, args: Record<string, unknown>, context: ToolContext): Promise<ToolExecutionResult> {
    return this.through(tool, args, context, async (given) => {
      const timed = withToolTimeout(tool, context, this.options.defaultTimeoutMs);
      try {
        return await this.invoke(tool, given, timed.context);
      } finally {
        timed.dispose();
      }
    });
  }

  /**
   * Runs a call the caller prepared (arguments checked, timeout in its signal) through the
   * middleware chain: its arguments are checked again only when a middleware replaced them, and
   * no second timer starts.
   */
  async run(call: PreparedToolCall): Promise<ToolExecutionResult> {
    return this.through(call.tool, call.args, call.context, (given) => (given === call.args ? invokeTool(call) : this.invoke(call.tool, given, call.context)));
  }

  /** Checks `args`, then invokes the handler. */
  private invoke(tool: PTKTool, args: Record<string, unknown>, context: ToolContext): Promise<ToolExecutionResult> {
    const validation = validateToolArguments(tool, args);
    if (!validation.ok) return Promise.resolve(invalidArguments(validation.error));
    return invokeTool({ tool, args: validation.args, context });
  }

  /** The middleware chain around `bottom`, which gets the arguments as the last middleware left them. */
  private async through(
    tool: PTKTool,
    args: Record<string, unknown>,
    context: ToolContext,
    bottom: (args: Record<string, unknown>) => Promise<ToolExecutionResult>,
  ): Promise<ToolExecutionResult> {
    const toolCall = { tool: tool.name, args, id: context.toolCallId };
    const startedAt = Date.now();
    const dispatch = (index: number): Promise<ToolExecutionResult> => {
      if (index === this.middlewares.length) return bottom(toolCall.args);
      let nextCalled = false;
      const next = (): Promise<ToolExecutionResult> => {
        if (nextCalled) return Promise.reject(new ConfigurationError('A tool middleware called next() more than once.'));
        nextCalled = true;
        return dispatch(index + 1);
      };
      return Promise.resolve().then(() => this.middlewares[index](toolCall, next));
    };
    try {
      const result: ToolExecutionResult = await dispatch(0);
      return { ...result, durationMs: result.durationMs ?? Date.now() - startedAt };
    } catch (error) {
      return toolFailure(error, Date.now() - startedAt);
    }
  }
}

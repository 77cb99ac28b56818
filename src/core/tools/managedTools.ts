/**
 * What the loop may ask of a tool manager. A manager can be anything from a full registry
 * (getTool, listTools, execute with middleware) to a bare `{ execute(name, args) }` that only
 * runs tools by name. Every question the loop asks goes through here, so a manager that lacks
 * the optional methods works as far as it can:
 *   - tools given as objects run their own handler (through the manager only when the manager
 *     holds that very tool, so its middleware applies);
 *   - tools given by name are described as fully as the manager allows (its getTool, else the
 *     name alone) and run through `execute(name, args)`;
 *   - a manager that can neither describe nor run a named tool is a configuration error.
 */
import { ConfigurationError } from '../errors';
import type { IToolManager } from '../ports';
import type { PTKTool, PTKToolResult, ToolContext } from '../types';
import { raceWithSignal } from '../util/abortSignals';
import { invokeTool, toolFailure, type PreparedToolCall, type ToolExecutionResult } from './runTool';
import { ToolRegistry } from './toolRegistry';

/**
 * A tool manager as callers may give it: any subset of IToolManager's methods, and an execute
 * that may return the tool's data itself instead of a PTKToolResult.
 */
export type ToolManagerLike = Partial<Omit<IToolManager, 'execute'>> & {
  execute?(name: string, args: Record<string, unknown>, context: ToolContext): unknown;
};

/** Tools that exist only as a name the manager executes, keyed to their manager. */
const nameOnlyTools = new WeakMap<PTKTool, ToolManagerLike>();

/** The manager's tools when it can list them; otherwise none. */
export function listManagedTools(manager: ToolManagerLike | undefined): PTKTool[] {
  return typeof manager?.listTools === 'function' ? manager.listTools() : [];
}

/** True when the manager can say which tools it has (getTool or listTools). */
function canDescribeTools(manager: ToolManagerLike | undefined): boolean {
  return typeof manager?.getTool === 'function' || typeof manager?.listTools === 'function';
}

/**
 * The manager's tool named `name`: its own description when it has one, else (for a manager
 * that can run but not describe tools) a tool known by name alone. Undefined when the
 * manager describes its tools and has none of that name.
 * Throws ConfigurationError when there is no manager that could run it at all.
 */
export function managedTool(manager: ToolManagerLike | undefined, name: string): PTKTool | undefined {
  if (typeof manager?.getTool === 'function') {
    const described = manager.getTool(name);
    if (described) return described;
  } else if (typeof manager?.listTools === 'function') {
    const listed = manager.listTools().find((tool) => tool.name === name);
    if (listed) return listed;
  }
  if (canDescribeTools(manager)) return undefined;
  if (typeof manager?.execute !== 'function') {
    throw new ConfigurationError(
      manager
        ? `Tool "${name}" is given by name, but the tool manager has neither getTool() nor execute(name, args): give the tool as an object, or a manager that can run it.`
        : `Tool "${name}" is given by name, but no tool manager was given to run it: give the tool as an object, or pass a tool manager.`,
      { context: { tool: name } },
    );
  }
  const nameOnly: PTKTool = {
    name,
    description: '',
    parameters: { type: 'object', properties: {}, additionalProperties: true },
    handler: () => {
      throw new ConfigurationError(`Tool "${name}" runs only through its tool manager.`, { context: { tool: name } });
    },
  };
  nameOnlyTools.set(nameOnly, manager);
  return nameOnly;
}

/** Runs a prepared call; never throws. */
export type ToolExecutor = (call: PreparedToolCall) => Promise<ToolExecutionResult>;

/**
 * The manager adapted, once, into the one executor the loop calls. A tool the manager holds
 * (the very tool, or one running the same handler, or a tool it knows by name alone) runs
 * through it, so its middleware (approval, logging) applies even when the caller passed the
 * tool object itself; any other tool, or every tool without a manager that can execute, runs
 * its own handler. A ToolRegistry takes the prepared call as it is (no second check, no second
 * timer); another manager gets `execute(name, args, context)`, raced with the call's signal so
 * a manager that ignores it cannot outlive the timeout.
 */
export function toolExecutor(manager: ToolManagerLike | undefined): ToolExecutor {
  if (typeof manager?.execute !== 'function') return invokeTool;
  const holds = (tool: PTKTool): boolean => {
    if (nameOnlyTools.get(tool) === manager) return true;
    const registered = typeof manager.getTool === 'function' ? manager.getTool(tool.name) : undefined;
    return registered !== undefined && (registered === tool || registered.handler === tool.handler);
  };
  const through = manager instanceof ToolRegistry ? (call: PreparedToolCall) => manager.run(call) : async (call: PreparedToolCall) => asToolResult(await manager.execute!(call.tool.name, call.args, call.context));
  return async (call) => {
    if (!holds(call.tool)) return invokeTool(call);
    try {
      // Raced with the call's signal: a manager or middleware that ignores it cannot outlive the timeout.
      return await raceWithSignal(Promise.resolve().then(() => through(call)), call.context.signal);
    } catch (error) {
      // A tool manager is meant never to throw; if one does (or the timeout fired), the model still gets a result.
      return toolFailure(error);
    }
  };
}

/** A manager's execute may return a PTKToolResult or, like simple managers do, the tool's data itself: the latter counts as a success. */
function asToolResult(returned: unknown): PTKToolResult {
  if (returned !== null && typeof returned === 'object' && typeof (returned as { success?: unknown }).success === 'boolean') {
    const result = returned as Partial<PTKToolResult> & { success: boolean };
    return { ...result, success: result.success, data: result.data ?? null, error: result.error ?? null } as PTKToolResult;
  }
  return { success: true, data: returned === undefined ? null : returned, error: null };
}

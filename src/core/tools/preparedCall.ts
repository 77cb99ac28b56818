/**
 * A call the loop has already checked and put under its timeout before handing it to a tool
 * manager. The manager's `execute(name, args, context)` carries no room for that, so the mark
 * travels with the context object: `runTool`, at the bottom of the manager's middleware chain,
 * then neither validates the same arguments a second time (a schema with transforms cannot be
 * parsed twice) nor starts a second timer for the same timeout.
 */
import type { ToolContext } from '../types';

interface PreparedCall {
  /** The arguments the loop validated (a middleware that replaces them gets them checked again). */
  args: Record<string, unknown>;
  /** The timeout the loop linked into `context.signal` (undefined: none). */
  timeoutMs: number | undefined;
}

const preparedCalls = new WeakMap<ToolContext, PreparedCall>();

/** Marks `context` as the context of a call the loop prepared. */
export function markPreparedCall(context: ToolContext, prepared: PreparedCall): void {
  preparedCalls.set(context, prepared);
}

/** What the loop already did for the call run with `context`, if it prepared it. */
export function preparedCallOf(context: ToolContext): PreparedCall | undefined {
  return preparedCalls.get(context);
}

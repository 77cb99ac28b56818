/**
 * Comparing tool calls: same tool and deep-equal arguments, whatever the key order.
 */
import type { PTKToolCall } from '../types';

/** JSON with object keys sorted at every level, so equal values give equal strings. */
export function stableStringify(value: unknown): string {
  return JSON.stringify(sortKeys(value)) ?? 'undefined';
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) sorted[key] = sortKeys((value as Record<string, unknown>)[key]);
    return sorted;
  }
  return value;
}

/** One string per distinct call: tool name plus key-sorted arguments. */
export function callSignature(toolCall: Pick<PTKToolCall, 'tool' | 'args'>): string {
  return `${toolCall.tool}:${stableStringify(toolCall.args ?? {})}`;
}

/** Same tool and deep-equal arguments (key order ignored). */
export function sameToolCall(left: Pick<PTKToolCall, 'tool' | 'args'>, right: Pick<PTKToolCall, 'tool' | 'args'>): boolean {
  return left.tool === right.tool && callSignature(left) === callSignature(right);
}

/**
 * Turning the text between the tags into a PTKToolCall: JSON first, then JSON with
 * raw control characters escaped, then jsonrepair, then the one-pass repairs of
 * repairJsonLinearly. Accepts `{tool, args}` and the aliases models are trained on
 * (`{name, arguments}`, `parameters`, `input`), and `args` double-encoded as a JSON
 * string. Never throws.
 *
 * Linear time: jsonrepair is quadratic or worse on some broken shapes (4,000 characters of
 * `'a'a'a…` take most of a second, 100 KB of stray quotes minutes), so it only sees bodies
 * up to DEFAULTS.jsonRepairMaxChars, no deeper than any call accepted, within a per-reply
 * budget. Arguments nested deeper than DEFAULTS.maxArgumentDepth make the call `too_deep`.
 */
import { jsonrepair } from 'jsonrepair';
import { DEFAULTS } from '../constants';
import type { PTKInvalidReason, PTKToolCall } from '../types';
import { escapeControlCharacter, repairJsonLinearly } from './linearJsonRepair';
import { textNestsDeeperThan, tooDeepArguments, tooDeepCall } from './nestingDepth';

type CallBodyResult =
  | { ok: true; toolCall: PTKToolCall; repaired: boolean }
  | { ok: false; reason: PTKInvalidReason; error: string };

/**
 * Characters one reply may still send through jsonrepair (DEFAULTS.jsonRepairBudgetChars
 * per reply): a reply holding many long broken calls costs a bounded amount of repair.
 */
interface JsonRepairBudget {
  remainingChars: number;
}

export function createJsonRepairBudget(): JsonRepairBudget {
  return { remainingChars: DEFAULTS.jsonRepairBudgetChars };
}

const TOOL_KEYS = ['tool', 'name', 'tool_name', 'function'] as const;
const ARGS_KEYS = ['args', 'arguments', 'parameters', 'input'] as const;

/** Escapes raw newlines/tabs/control characters that appear inside JSON strings. */
function escapeControlCharactersInStrings(text: string): string {
  let output = '';
  let segmentStart = 0;
  let inString = false;
  let escaped = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (escaped) {
        escaped = false;
      } else if (code === 0x5c) {
        escaped = true;
      } else if (code === 0x22) {
        inString = false;
      } else if (code < 0x20) {
        output += text.slice(segmentStart, index) + escapeControlCharacter(code);
        segmentStart = index + 1;
      }
    } else if (code === 0x22) {
      inString = true;
    }
  }
  return segmentStart === 0 ? text : output + text.slice(segmentStart);
}

function tryJson(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * JSON.parse, then control-char escaping, then jsonrepair (short text only, see the file
 * comment), then the one-pass repairs of repairJsonLinearly. Linear in the length of `text`
 * (jsonrepair's share is bounded by its length cap and the reply's budget).
 */
function parseLenientJson(text: string, budget?: JsonRepairBudget): { ok: true; value: unknown; repaired: boolean } | { ok: false; error: string } {
  const direct = tryJson(text);
  if (direct.ok) return { ok: true, value: direct.value, repaired: false };
  const escaped = escapeControlCharactersInStrings(text);
  if (escaped !== text) {
    const second = tryJson(escaped);
    if (second.ok) return { ok: true, value: second.value, repaired: true };
  }
  let error = direct.error;
  if (mayUseJsonRepair(text, budget)) {
    try {
      const third = tryJson(jsonrepair(text));
      if (third.ok) return { ok: true, value: third.value, repaired: true };
    } catch (repairError) {
      error = repairError instanceof Error ? repairError.message : String(repairError);
    }
  }
  const fourth = tryJson(repairJsonLinearly(text));
  if (fourth.ok) return { ok: true, value: fourth.value, repaired: true };
  return { ok: false, error };
}

/**
 * jsonrepair gets short text only, within the reply's budget (it charges the budget when it
 * says yes). It also recurses once per nesting level: text nested deeper than any accepted
 * call (arguments plus the call object) is left to the iterative repairs.
 */
function mayUseJsonRepair(text: string, budget: JsonRepairBudget | undefined): boolean {
  if (text.length > DEFAULTS.jsonRepairMaxChars) return false;
  if (budget && text.length > budget.remainingChars) return false;
  if (textNestsDeeperThan(text, DEFAULTS.maxArgumentDepth + 1)) return false;
  if (budget) budget.remainingChars -= text.length;
  return true;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Normalises a decoded JSON value into a tool call. */
function toToolCall(value: unknown, budget?: JsonRepairBudget): CallBodyResult {
  if (!isPlainObject(value)) {
    return { ok: false, reason: 'bad_shape', error: 'The tool call must be a JSON object like {"tool": "name", "args": {...}}.' };
  }
  let repaired = false;
  let toolName: unknown;
  for (const key of TOOL_KEYS) {
    if (typeof value[key] === 'string' && (value[key] as string).trim() !== '') {
      toolName = (value[key] as string).trim();
      if (key !== 'tool') repaired = true;
      break;
    }
  }
  if (typeof toolName !== 'string') {
    return { ok: false, reason: 'bad_shape', error: 'The tool call has no "tool" field naming the tool to run.' };
  }
  let args: unknown = {};
  for (const key of ARGS_KEYS) {
    if (key in value) {
      args = value[key];
      if (key !== 'args') repaired = true;
      break;
    }
  }
  if (typeof args === 'string') {
    if (textNestsDeeperThan(args, DEFAULTS.maxArgumentDepth)) return tooDeepCall();
    const decoded = parseLenientJson(args, budget);
    if (decoded.ok && isPlainObject(decoded.value)) {
      args = decoded.value;
      repaired = true;
    } else {
      return { ok: false, reason: 'bad_shape', error: '"args" must be a JSON object of argument names to values.' };
    }
  }
  if (args === null || args === undefined) args = {};
  if (!isPlainObject(args)) {
    return { ok: false, reason: 'bad_shape', error: '"args" must be a JSON object of argument names to values.' };
  }
  const tooDeep = tooDeepArguments(args);
  if (tooDeep) return tooDeep;
  const toolCall: PTKToolCall = { tool: toolName, args };
  const reasoning = value.reasoning ?? value.reason;
  if (typeof reasoning === 'string') toolCall.reasoning = reasoning;
  return { ok: true, toolCall, repaired };
}

/** Parses the body of a call (the text between the tags, fences removed). `budget`: the reply's jsonrepair allowance. */
export function parseCallBody(body: string, budget?: JsonRepairBudget): CallBodyResult {
  const trimmed = body.trim();
  if (trimmed === '') {
    return { ok: false, reason: 'malformed_json', error: 'The tool call is empty: put a JSON object between the tags.' };
  }
  // Refused before JSON.parse builds (and anything recursive walks) a value that deep. The
  // call object is one level above its arguments.
  if (textNestsDeeperThan(trimmed, DEFAULTS.maxArgumentDepth + 1)) return tooDeepCall();
  const decoded = parseLenientJson(trimmed, budget);
  if (!decoded.ok) {
    return {
      ok: false,
      reason: 'malformed_json',
      error: `The JSON inside the tool call could not be parsed (${decoded.error}). Send valid JSON: {"tool": "name", "args": {...}}.`,
    };
  }
  const result = toToolCall(decoded.value, budget);
  if (result.ok && decoded.repaired) return { ...result, repaired: true };
  return result;
}

/**
 * Turning the text between the tags into a PTKToolCall: JSON first, then JSON with
 * raw control characters escaped, then jsonrepair. Accepts `{tool, args}` and the
 * aliases models are trained on (`{name, arguments}`, `parameters`, `input`), and
 * `args` double-encoded as a JSON string. Never throws.
 */
import { jsonrepair } from 'jsonrepair';
import type { PTKInvalidReason, PTKToolCall } from '../types';

export type CallBodyResult =
  | { ok: true; toolCall: PTKToolCall; repaired: boolean }
  | { ok: false; reason: PTKInvalidReason; error: string };

const TOOL_KEYS = ['tool', 'name', 'tool_name', 'function'] as const;
const ARGS_KEYS = ['args', 'arguments', 'parameters', 'input'] as const;

/** Escapes raw newlines/tabs/control characters that appear inside JSON strings. */
export function escapeControlCharactersInStrings(text: string): string {
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
        output += text.slice(segmentStart, index) + controlEscape(code);
        segmentStart = index + 1;
      }
    } else if (code === 0x22) {
      inString = true;
    }
  }
  return segmentStart === 0 ? text : output + text.slice(segmentStart);
}

function controlEscape(code: number): string {
  if (code === 0x0a) return '\\n';
  if (code === 0x0d) return '\\r';
  if (code === 0x09) return '\\t';
  return `\\u${code.toString(16).padStart(4, '0')}`;
}

function tryJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** JSON.parse, then control-char escaping, then jsonrepair. */
export function parseLenientJson(text: string): { ok: true; value: unknown; repaired: boolean } | { ok: false; error: string } {
  const direct = tryJson(text);
  if (direct.ok) return { ok: true, value: direct.value, repaired: false };
  const escaped = escapeControlCharactersInStrings(text);
  if (escaped !== text) {
    const second = tryJson(escaped);
    if (second.ok) return { ok: true, value: second.value, repaired: true };
  }
  try {
    const repairedText = jsonrepair(text);
    const third = tryJson(repairedText);
    if (third.ok) return { ok: true, value: third.value, repaired: true };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  return { ok: false, error: 'the text is not JSON' };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Normalises a decoded JSON value into a tool call. */
export function toToolCall(value: unknown): CallBodyResult {
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
    const decoded = parseLenientJson(args);
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
  const toolCall: PTKToolCall = { tool: toolName, args };
  const reasoning = value.reasoning ?? value.reason;
  if (typeof reasoning === 'string') toolCall.reasoning = reasoning;
  return { ok: true, toolCall, repaired };
}

/** Parses the body of a call (the text between the tags, fences removed). */
export function parseCallBody(body: string): CallBodyResult {
  const trimmed = body.trim();
  if (trimmed === '') {
    return { ok: false, reason: 'malformed_json', error: 'The tool call is empty: put a JSON object between the tags.' };
  }
  const decoded = parseLenientJson(trimmed);
  if (!decoded.ok) {
    return {
      ok: false,
      reason: 'malformed_json',
      error: `The JSON inside the tool call could not be parsed (${decoded.error}). Send valid JSON: {"tool": "name", "args": {...}}.`,
    };
  }
  const result = toToolCall(decoded.value);
  if (result.ok && decoded.repaired) return { ...result, repaired: true };
  return result;
}

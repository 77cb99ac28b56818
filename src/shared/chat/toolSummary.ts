/**
 * One-line summaries of tool calls and results for the tool cards (pure).
 */

/** What a summary reads of a tool's result (the engine's PTKToolResult has this shape). */
interface ToolResultLike {
  success: boolean;
  data: unknown;
  error?: string | null;
}

/** Longest summary shown on a card. */
const SUMMARY_MAX_CHARS = 200;

function shorten(text: string, maxChars = SUMMARY_MAX_CHARS): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > maxChars ? `${oneLine.slice(0, maxChars - 1)}…` : oneLine;
}

/** What a result says in one line: the error, or the most telling field of the data. */
export function summarizeToolResult(result: ToolResultLike): string {
  if (!result.success) return shorten(`Error: ${result.error ?? 'failed'}`);
  const data = result.data;
  if (data === null || data === undefined) return 'Done.';
  if (typeof data === 'string') return shorten(data) || 'Done (empty).';
  if (typeof data !== 'object') return shorten(String(data));
  const record = data as Record<string, unknown>;
  if (typeof record.summary === 'string') return shorten(record.summary);
  if (typeof record.message === 'string') return shorten(record.message);
  const parts: string[] = [];
  if (typeof record.path === 'string') parts.push(record.path);
  for (const [key, value] of Object.entries(record)) {
    if (Array.isArray(value)) parts.push(`${value.length} ${key}`);
    else if ((typeof value === 'number' || typeof value === 'boolean') && parts.length < 4) parts.push(`${key}: ${String(value)}`);
  }
  return shorten(parts.length > 0 ? parts.join(', ') : JSON.stringify(data));
}

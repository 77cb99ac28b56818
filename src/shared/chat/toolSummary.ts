/**
 * One-line summaries of tool calls and results for the tool cards (pure), written for people:
 * "Created notes/hello.txt (1 line)", "Read src/main.ts (lines 1–40 of 120)",
 * "Edited src/app.ts (+3 −1)", "Ran npm test — exit 0".
 */

/** What a summary reads of a tool's result (the engine's PTKToolResult has this shape). */
interface ToolResultLike {
  success: boolean;
  data: unknown;
  error?: string | null;
  /** Why it failed (ABORTED: the user stopped the task, which is no error of the tool's). */
  code?: string;
}

/** Longest summary shown on a card. */
const SUMMARY_MAX_CHARS = 200;

function shorten(text: string, maxChars = SUMMARY_MAX_CHARS): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > maxChars ? `${oneLine.slice(0, maxChars - 1)}…` : oneLine;
}

/** "1 line" / "3 lines". */
function count(amount: number, noun: string): string {
  return `${amount} ${noun}${amount === 1 ? '' : 's'}`;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const number = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** The lines of `text` (a final newline ends the last line rather than starting one). */
function linesOf(value: string): string[] {
  if (value === '') return [];
  return value.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
}

/** Lines an edit adds and removes: its search and replace texts compared as multisets of lines. */
export function editLineCounts(edits: unknown): { added: number; removed: number } | undefined {
  if (!Array.isArray(edits)) return undefined;
  let added = 0;
  let removed = 0;
  for (const edit of edits as Array<Record<string, unknown> | null>) {
    const search = text(edit?.search);
    const replace = text(edit?.replace);
    if (search === undefined || replace === undefined) return undefined;
    const left = new Map<string, number>();
    for (const line of linesOf(search)) left.set(line, (left.get(line) ?? 0) + 1);
    for (const line of linesOf(replace)) {
      const remaining = left.get(line) ?? 0;
      if (remaining > 0) left.set(line, remaining - 1);
      else added++;
    }
    for (const remaining of left.values()) removed += remaining;
  }
  return { added, removed };
}

/** The line a known tool's successful result reads as, or undefined for other tools and shapes. */
function describeToolResult(tool: string, args: Record<string, unknown>, record: Record<string, unknown>): string | undefined {
  const path = text(record.path) ?? text(args.path);
  switch (tool) {
    case 'write_file': {
      const lines = number(record.lines);
      if (!path || lines === undefined) return undefined;
      return `${record.created === true ? 'Created' : 'Replaced'} ${path} (${count(lines, 'line')})`;
    }
    case 'read_file': {
      const [start, end, total] = [number(record.startLine), number(record.endLine), number(record.totalLines)];
      if (!path || start === undefined || end === undefined || total === undefined) return undefined;
      if (total === 0) return `Read ${path} (empty)`;
      return start === 1 && end === total ? `Read ${path} (${count(total, 'line')})` : `Read ${path} (lines ${start}–${end} of ${total})`;
    }
    case 'edit_file': {
      if (!path) return undefined;
      if (record.editsApplied === 0) return `Left ${path} unchanged (the edits change nothing)`;
      const lines = editLineCounts(args.edits);
      return lines ? `Edited ${path} (+${lines.added} −${lines.removed})` : `Edited ${path}`;
    }
    case 'run_command':
    case 'run_tests': {
      const command = text(record.command) ?? text(args.command);
      if (!command) return undefined;
      const exit = number(record.exitCode);
      return `Ran ${command} — ${exit !== undefined ? `exit ${exit}` : `ended by ${text(record.signal) ?? 'a signal'}`}`;
    }
    case 'list_files': {
      if (!Array.isArray(record.files)) return undefined;
      const omitted = number(record.omitted) ?? 0;
      return `Listed ${count(record.files.length, 'file')} in ${text(record.directory) ?? '.'}${omitted > 0 ? ` (${omitted} more not shown)` : ''}`;
    }
    case 'search_code': {
      const found = number(record.count);
      if (found === undefined) return undefined;
      return `Found ${found}${record.truncated === true ? '+' : ''} ${found === 1 ? 'match' : 'matches'} for "${text(record.query) ?? text(args.query) ?? ''}"`;
    }
    case 'get_diagnostics': {
      const counts = record.counts as Record<string, unknown> | undefined;
      if (!counts || typeof counts !== 'object') return undefined;
      const [errors, warnings] = [number(counts.error) ?? 0, number(counts.warning) ?? 0];
      const where = text(args.file) ? ` in ${text(args.file)}` : '';
      return errors + warnings === 0 ? `No errors or warnings${where}` : `${count(errors, 'error')}, ${count(warnings, 'warning')}${where}`;
    }
    case 'update_todos': {
      const [done, total] = [number(record.done), number(record.total)];
      if (done === undefined || total === undefined) return undefined;
      return `Task list: ${done} of ${count(total, 'step')} done`;
    }
    default:
      return undefined;
  }
}

/**
 * What a result says in one line: the error; for the workspace tools a sentence of what they did;
 * otherwise the most telling field of the data.
 */
export function summarizeToolResult(result: ToolResultLike, tool = '', args: Record<string, unknown> = {}): string {
  if (!result.success) return shorten(result.code === 'ABORTED' ? (result.error ?? 'Stopped.') : `Error: ${result.error ?? 'failed'}`);
  const data = result.data;
  if (data === null || data === undefined) return 'Done.';
  if (typeof data === 'string') return shorten(data) || 'Done (empty).';
  if (typeof data !== 'object') return shorten(String(data));
  const record = data as Record<string, unknown>;
  const described = describeToolResult(tool, args, record);
  if (described) return shorten(described);
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

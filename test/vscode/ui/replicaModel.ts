/**
 * The scripted demo model: the replica chat site `npm start` runs as the default site, and the
 * chat model of the UI tests. It plays a few flows honestly, deciding on the conversation's
 * LATEST user message and the tool results since it (never on text in the system prompt):
 *   - explain (a selection, a diagnostic, a question naming a file): read_file, then an answer
 *     quoting the lines in a code block, described from what the file holds;
 *   - fix (the lightbulb's "Fix with PTK", "Fix Problems in This File", or asked in words: "Fix
 *     src/main.ts", "Fix the type error in src/main.ts", "Can you fix config/broken.json?"):
 *     read_file on the file the request names, then edit_file on that file (the sample
 *     workspace's TS2322 in src/main.ts and JSON syntax error in config/broken.json), then a
 *     short summary;
 *   - find and fix ("Find the problems VS Code reports in this workspace and fix them"):
 *     get_diagnostics, then read → edit on each file with an error, one after another, then a
 *     summary naming each file fixed and each it could not fix; or an honest answer when VS Code
 *     reports none;
 *   - search ("Search this workspace for TODO and FIXME comments"): search_code, then the matches;
 *   - read ("read .env", "show src/main.ts", "open notes/todo.md"): read_file, then the content in
 *     a code block, or the tool's error when it refuses (a denied path, outside the workspace, missing);
 *   - write a test ("Write a test for src/greeting.ts"): read_file, then write_file of a test
 *     built from the functions the file exports, then what the test checks and how to run it;
 *   - write ("Please write hello to notes/hello.txt"): write_file, then "Done";
 *   - run a command ("Run npm test"): run_command, which asks first, then its output;
 *   - check a page ("Check http://localhost:3000/ for errors"): the browser tool opens it in
 *     PTK's own browser, then the page's console errors and failed requests; a page attached
 *     with `@https://…`: its title and first lines;
 *   - "Act on this plan" on its own plan (Plan mode's fix): the fix, as Agent mode does it;
 *   - "Say hello…": a slow streamed greeting; "Take your time…": a very slow answer (Stop);
 *   - anything else: a sentence saying it is the offline demo model and how to use a real site.
 * A message the user sends into the running task ("Send now") is the newest request: the flow it
 * names starts from it, as a real model follows it.
 * A rejected call gets "You rejected the change, so I did not … Your reason: "<reason>"."; a failed
 * one gets its error, never a claim that something was done.
 */
import { COMPACTION_SUMMARY_HEADER, compactionRequest } from '../../../src/core/conversation/contextCompaction';
import { PTKAbortError } from '../../../src/core/errors';
import { RENDERED_TEXT_NOTE } from '../../../src/browser/outgoingMessage';
import type { LLMCallOptions } from '../../../src/core/ports';
import type { ChatModelHandle } from '../../../src/ui/chatConnection';

const call = (tool: string, args: Record<string, unknown>) => `<TOOL_CALL>${JSON.stringify({ tool, args })}</TOOL_CALL>`;

/** Waits, streaming `text` in chunks through onDelta, then returns it; aborts with the signal. */
async function stream(text: string, options: LLMCallOptions, chunkDelayMs: number, chunkSize = 12): Promise<string> {
  let full = '';
  for (let index = 0; index < text.length; index += chunkSize) {
    await new Promise<void>((resolve, reject) => {
      if (options.signal?.aborted) return reject(new PTKAbortError());
      const timer = setTimeout(resolve, chunkDelayMs);
      options.signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(new PTKAbortError());
      }, { once: true });
    });
    const piece = text.slice(index, index + chunkSize);
    full += piece;
    options.onDelta?.({ text: piece, full, rewrite: false });
  }
  return full;
}

/** What the model says when it has no script for a request. */
export const DEMO_MODEL_NOTICE =
  "I am PTK's offline demo model (the replica chat site `npm start` runs), not a real AI model, so I can only play a few scripted flows: " +
  'explain a selection or a file ("Explain src/main.ts"), fix the sample problems ("Fix src/main.ts", "Fix with PTK" on src/main.ts or config/broken.json, ' +
  'or "Find the problems VS Code reports in this workspace and fix them"), write a test ("Write a test for src/greeting.ts"), ' +
  'write a file ("Please write hello to notes/hello.txt"), read a file ("read src/main.ts", "read .env" to see the deny list refuse), ' +
  'search ("Search this workspace for TODO and FIXME comments") and run a command ("Run npm test"). ' +
  'To talk to a real model, set `ptk.site` to chatgpt, claude, gemini, aistudio or deepseek (and clear `ptk.siteUrl`), ' +
  'then run **PTK: Connect Browser / Choose Site** and log in once in the window that opens.';

/** How PTK's request for a summary starts (the chat is compacted after the answer). */
const COMPACTION_REQUEST_START = compactionRequest().split('\n')[0]!;

/** Closes answers whose content is scripted, so nobody mistakes them for a real model's. */
const SCRIPTED_NOTE = '_(Scripted by the offline demo model from what the file holds; point `ptk.site` at a real site for a real answer.)_';
/** The same, for an answer made from a web page. */
const PAGE_SCRIPTED_NOTE = '_(Scripted by the offline demo model from what the page returned; point `ptk.site` at a real site for a real answer.)_';

const GREETING = 'Hello! I am the offline demo model on a **replica** chat site. This answer comes in small pieces so you can watch it grow: one, two, three, four, five.';

interface Reply {
  text: string;
  chunkDelayMs: number;
}

const quick = (text: string): Reply => ({ text, chunkDelayMs: 20 });

// ---------------------------------------------------------------------------------------------
// Reading the transcript

type Role = 'SYSTEM' | 'USER' | 'ASSISTANT' | 'TOOL';
interface Section {
  role: Role;
  text: string;
}

/** The role-labelled sections of a transcript (the formatter's `ROLE:\n…` blocks). */
function sections(transcript: string): Section[] {
  const headers = [...transcript.matchAll(/(?:^|\n\n)(SYSTEM|USER|ASSISTANT|TOOL):\n/g)];
  if (headers.length === 0) return [{ role: /^\s*(?:TOOL|PTK)_(?:RESULT|ERROR)/.test(transcript) ? 'TOOL' : 'USER', text: transcript }];
  return headers.map((header, index) => ({
    role: header[1] as Role,
    text: transcript.slice(header.index + header[0].length, headers[index + 1]?.index ?? transcript.length),
  }));
}

interface ToolCallText {
  tool: string;
  args: Record<string, unknown>;
}

function callIn(text: string): ToolCallText | undefined {
  // Its JSON, without the code block it came in on a page read as rendered text.
  const body = /<(?:TOOL|PTK)_CALL>([\s\S]*?)<\/(?:TOOL|PTK)_CALL>/.exec(text)?.[1]?.replace(/^\s*```(?:json)?\s*\n|\n\s*```\s*$/g, '');
  if (!body) return undefined;
  try {
    const parsed = JSON.parse(body) as { tool?: unknown; args?: unknown };
    return typeof parsed.tool === 'string' ? { tool: parsed.tool, args: (parsed.args ?? {}) as Record<string, unknown> } : undefined;
  } catch {
    return undefined;
  }
}

/** What the system said about the last call: its result, or why it did not run. */
type Feedback =
  | { kind: 'result'; success: boolean; data: Record<string, unknown>; error: string }
  | { kind: 'error'; message: string };

function feedbackIn(text: string): Feedback | undefined {
  const result = /^(?:TOOL|PTK)_RESULT: (.*)$/m.exec(text)?.[1];
  if (result !== undefined) {
    try {
      const parsed = JSON.parse(result) as { success?: unknown; data?: unknown; error?: unknown };
      const data = parsed.data && typeof parsed.data === 'object' ? (parsed.data as Record<string, unknown>) : {};
      return { kind: 'result', success: parsed.success === true, data, error: typeof parsed.error === 'string' ? parsed.error : '' };
    } catch {
      return { kind: 'result', success: !/"success":\s*false/.test(result), data: {}, error: '' };
    }
  }
  const error = /^TOOL_ERROR: ([\s\S]*)$/m.exec(text)?.[1];
  return error === undefined ? undefined : { kind: 'error', message: error.split('\n\n')[0]!.trim() };
}

/** The conversation as this model needs it: the latest request, and where its task stands. */
interface TaskState {
  /** The latest user message ('' when the transcript has none). */
  request: string;
  /** The model's last tool call since the request, and what the system answered to it. */
  lastCall?: ToolCallText;
  feedback?: Feedback;
  /** Every tool call since the request, oldest first, each with what the system answered to it. */
  steps: { call: ToolCallText; feedback?: Feedback }[];
  /** The tools the system prompt offers (undefined: no system prompt in sight). */
  tools?: ReadonlySet<string>;
}

/** A message the user sent into the running task ("Send now"): PTK labels it as their newest instruction. */
const STEERED = /(?:^|\n)USER_MESSAGE \([^\n]*\):\n([\s\S]*)$/;

function readState(transcript: string): TaskState {
  const all = sections(transcript);
  let requestIndex = -1;
  for (let index = all.length - 1; index >= 0; index--) {
    // A compacted chat's summary is not a request: the task it sums up goes on after it. A
    // message sent into the task is the newest request, whether it came as the user's own turn
    // or (a chat site's thread) after a tool's result.
    const section = all[index]!;
    if ((section.role === 'USER' && !isCompactionText(section.text)) || (section.role === 'TOOL' && STEERED.test(section.text))) {
      requestIndex = index;
      break;
    }
  }
  const requestText = requestIndex >= 0 ? all[requestIndex]!.text : '';
  const state: TaskState = { request: (STEERED.exec(requestText)?.[1] ?? requestText).trim(), steps: [] };
  const system = all[0]?.role === 'SYSTEM' ? all[0].text : undefined;
  if (system?.includes('AVAILABLE TOOLS:')) {
    const end = system.indexOf('TOOL CALLING PROTOCOL:');
    const list = system.slice(system.indexOf('AVAILABLE TOOLS:'), end === -1 ? undefined : end);
    state.tools = new Set([...list.matchAll(/^- ([A-Za-z0-9_.-]+)\(/gm)].map((match) => match[1]!));
  }
  for (const section of all.slice(requestIndex + 1)) {
    if (section.role === 'ASSISTANT') {
      const found = callIn(section.text);
      if (found) {
        state.lastCall = found;
        state.feedback = undefined;
        state.steps.push({ call: found });
      }
    } else {
      state.feedback = feedbackIn(section.text) ?? state.feedback;
      const step = state.steps.at(-1);
      if (step) step.feedback = state.feedback;
    }
  }
  return state;
}

/**
 * The transcript of a thread-keeping chat site's conversation: its first prompt is the whole
 * transcript, the later ones only what is new (tool results, errors). `earlier` are this
 * conversation's earlier turns on the site, oldest first.
 */
export function siteTranscript(earlier: readonly { prompt: string; reply: string }[], prompt: string): string {
  const turns = [...earlier, { prompt, reply: '' }];
  // A whole transcript (a new thread, or one rolled over) starts over.
  let start = 0;
  turns.forEach((turn, index) => {
    if (turn.prompt.startsWith('SYSTEM:\n')) start = index;
  });
  return turns
    .slice(start)
    .flatMap((turn, index) => [index === 0 ? turn.prompt : `TOOL:\n${turn.prompt}`, ...(turn.reply ? [`ASSISTANT:\n${turn.reply}`] : [])])
    .join('\n\n');
}

// ---------------------------------------------------------------------------------------------
// The files the model reads

/** A read_file result's lines without their "N | " numbers, keyed by line number. */
function linesOf(data: Record<string, unknown>): Map<number, string> {
  const lines = new Map<number, string>();
  for (const line of String(data.content ?? '').split('\n')) {
    const match = /^\s*(\d+) \| ?(.*)$/.exec(line);
    if (match) lines.set(Number(match[1]), match[2]!);
  }
  return lines;
}

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];

/** A variable typed `number` given a quoted number word (the sample's TS2322). */
function numberWordMismatch(line: string): { name: string; word: string; value: number } | undefined {
  const match = /\b(?:const|let|var)\s+(\w+)\s*:\s*number\s*=\s*(['"])(\w+)\2/.exec(line);
  const value = match ? NUMBER_WORDS.indexOf(match[3]!.toLowerCase()) : -1;
  return match && value >= 0 ? { name: match[1]!, word: match[3]!, value } : undefined;
}

/** A JSON key left without a value (the sample's syntax error). */
function keyWithoutValue(line: string): string | undefined {
  return /^\s*"([^"]+)"\s*:\s*$/.exec(line)?.[1];
}

interface ScriptedFix {
  search: string;
  replace: string;
  /** Before the edit: what is wrong and what the edit will do. */
  plan: string;
  /** After it: what was wrong and what the file holds now. */
  done: string;
}

/** The fix this model knows for the file's text, if any. */
function scriptedFix(lines: Map<number, string>): ScriptedFix | undefined {
  for (const line of lines.values()) {
    const mismatch = numberWordMismatch(line);
    if (mismatch) {
      return {
        search: line,
        replace: line.replace(/(['"])\w+\1/, String(mismatch.value)),
        plan: `\`${mismatch.name}\` is declared as a \`number\` but is given the string '${mismatch.word}' (TS2322): I will change it to the number ${mismatch.value}.`,
        done: `\`${mismatch.name}\` is declared as a \`number\` but was given the string '${mismatch.word}' (TS2322); it is now the number ${mismatch.value}.`,
      };
    }
    const key = keyWithoutValue(line);
    if (key) {
      return {
        search: line,
        replace: `${line.trimEnd()} 1`,
        plan: `"${key}" has no value, which is a JSON syntax error: I will give it the value 1.`,
        done: `"${key}" had no value, which is a JSON syntax error; it now has the value 1.`,
      };
    }
  }
  return undefined;
}

/** A few plain sentences about what the lines hold (declarations, imports, JSON keys, known mistakes). */
function describeLines(path: string, lines: readonly string[]): string {
  const text = lines.join('\n');
  const sentences: string[] = [];
  if (path.endsWith('.json')) {
    try {
      const value = JSON.parse(text) as unknown;
      sentences.push(value && typeof value === 'object' ? `It is JSON with the keys ${Object.keys(value).map((key) => `"${key}"`).join(', ')}.` : 'It is a JSON value.');
    } catch (error) {
      sentences.push(`It is not valid JSON (${(error as Error).message}).`);
    }
  }
  for (const line of lines) {
    const imported = /^import\s+\{([^}]*)\}\s+from\s+['"]([^'"]+)['"]/.exec(line);
    if (imported) sentences.push(`It imports \`${imported[1]!.trim()}\` from \`${imported[2]}\`.`);
    const declared = /\bfunction\s+(\w+)\s*\(([^)]*)\)\s*(?::\s*([^{]+?))?\s*\{/.exec(line);
    if (declared) sentences.push(`${/^\s*export\b/.test(line) ? 'It exports' : 'It declares'} the function \`${declared[1]}(${declared[2]})\`${declared[3] ? `, which returns a \`${declared[3].trim()}\`` : ''}.`);
    const mismatch = numberWordMismatch(line);
    if (mismatch) {
      sentences.push(`\`${mismatch.name}\` is declared as a \`number\` but is given the string '${mismatch.word}': TypeScript reports TS2322 ("Type 'string' is not assignable to type 'number'"). Writing \`${mismatch.value}\` instead fixes it.`);
    }
    const key = keyWithoutValue(line);
    if (key) sentences.push(`The key "${key}" has no value, so the file is not valid JSON; giving it one (e.g. \`1\`) fixes it.`);
    const repeated = /`([^`]*)`\.repeat\((\w+)\)/.exec(line);
    if (repeated) sentences.push(`It returns the text \`${repeated[1]}\` repeated \`${repeated[2]}\` times, with no separator between the copies.`);
  }
  if (sentences.length === 0) sentences.push('I can quote it, but this scripted model has no description for code like this.');
  return sentences.join(' ');
}

// ---------------------------------------------------------------------------------------------
// The flows

/** A workspace path named in the text (the first one). */
function pathIn(text: string): string | undefined {
  return /(?:^|[\s`'"(])((?:[\w.-]+\/)*[\w-]+\.(?:ts|tsx|js|mjs|cjs|json|md|txt|py|css|html|yml|yaml))\b/.exec(text)?.[1];
}

/**
 * The file a request to fix one names: the lightbulb's and the command's prompts ("Fix this
 * problem in src/main.ts:", then the problems), the empty chat's example ("Fix the problems VS
 * Code reports in config/broken.json") and the ways people ask ("Fix src/main.ts", "Fix the type
 * error in src/main.ts", "fix the bug in src/x.ts", "Can you fix src/main.ts?", "Please fix …").
 */
function fixTarget(firstLine: string): string | undefined {
  // The lightbulb's prompt ends in a colon after the path, which may hold spaces.
  const prompted = /^Fix (?:this problem|the problems VS Code reports) in (.+?):$/.exec(firstLine)?.[1];
  if (prompted) return prompted;
  if (!/^(?:please\s+)?(?:(?:can|could|would|will)\s+you\s+)?(?:please\s+)?(?:help\s+me\s+)?fix\b/i.test(firstLine)) return undefined;
  return pathIn(firstLine);
}

/** A rejection by the user, with the reason they gave (undefined: the call failed otherwise). */
function rejectionIn(message: string): { reason?: string } | undefined {
  const rejected = /^The user rejected [a-z_]+(?::\s*([\s\S]*?))?\.?$/i.exec(message.trim());
  return rejected ? { reason: rejected[1]?.trim() || undefined } : undefined;
}

/**
 * The answer to a call that did not go through: a rejection says so as a person would, with the
 * user's reason when there is one; any other failure names its error.
 */
function failureAnswer(feedback: Feedback, what: string, rejectedThing = 'the change'): string {
  const message = feedback.kind === 'error' ? feedback.message : feedback.error;
  const rejected = rejectionIn(message);
  if (rejected) {
    const reason = rejected.reason;
    return `You rejected ${rejectedThing}, so I did not ${what}.${reason ? ` Your reason: "${reason}".` : ''} Tell me what to do differently and I will try again.`;
  }
  return message ? `I could not ${what}: ${message}` : `I could not ${what}, and the tool gave no reason.`;
}

/** The tool is not on offer in this task (Explain and Ask run with read-only tools). */
function unavailable(state: TaskState, tool: string): string | undefined {
  if (!state.tools || state.tools.has(tool)) return undefined;
  return `This request runs with read-only tools (${[...state.tools].join(', ') || 'none'}), so I cannot use ${tool} here. Switch the chat to Agent mode (the menu next to Send) to let me change files or run commands.`;
}

function explainFlow(state: TaskState, path: string, range: { start: number; end: number } | undefined, problem: string | undefined): Reply {
  const { lastCall, feedback } = state;
  if (!lastCall || !feedback) return quick(`I will read ${path} first.\n${call('read_file', { path })}`);
  if (feedback.kind === 'error' || !feedback.success) return quick(failureAnswer(feedback, `read ${path}`));
  const all = linesOf(feedback.data);
  const problemLine = problem ? Number(/at line (\d+)/.exec(problem)?.[1] ?? NaN) : NaN;
  const wanted = range ?? (Number.isFinite(problemLine) ? { start: Math.max(1, problemLine - 2), end: problemLine + 1 } : { start: 1, end: 40 });
  const shown = [...all.entries()].filter(([number]) => number >= wanted.start && number <= wanted.end);
  const first = shown[0]?.[0] ?? 1;
  const last = shown.at(-1)?.[0] ?? first;
  const language = /\.(\w+)$/.exec(path)?.[1] ?? '';
  const fence = shown.some(([, line]) => line.includes('```')) ? '~~~~' : '```';
  return quick(
    [
      `Lines ${first}-${last} of \`${path}\` (${String(feedback.data.totalLines ?? all.size)} lines in all):`,
      '',
      `${fence}${language}`,
      ...shown.map(([, line]) => line),
      fence,
      '',
      ...(problem ? [`VS Code reports: ${problem}`, ''] : []),
      describeLines(path, shown.map(([, line]) => line)),
      '',
      SCRIPTED_NOTE,
    ].join('\n'),
  );
}

function fixFlow(state: TaskState, path: string): Reply {
  const { lastCall, feedback } = state;
  if (!lastCall || !feedback) return quick(`I will read ${path} first.\n${call('read_file', { path })}`);
  if (lastCall.tool === 'read_file') {
    if (feedback.kind === 'error' || !feedback.success) return quick(failureAnswer(feedback, `read ${path}`));
    const fix = scriptedFix(linesOf(feedback.data));
    if (!fix) return quick(`I read ${path}, but I have no scripted fix for it, so I changed nothing. ${DEMO_MODEL_NOTICE}`);
    // Without edit_file (Ask and Plan modes, Explain): the fix as a numbered plan, changing nothing.
    if (unavailable(state, 'edit_file')) return quick(fixPlan(path, fix));
    return quick(`${fix.plan}\n${call('edit_file', { path, edits: [{ search: fix.search, replace: fix.replace }] })}`);
  }
  if (feedback.kind === 'error' || !feedback.success) return quick(failureAnswer(feedback, `change ${path}`));
  const edits = lastCall.args.edits as { search?: string }[] | undefined;
  const fix = scriptedFix(new Map([[1, edits?.[0]?.search ?? '']]));
  return quick(`Fixed ${path}: ${fix?.done ?? 'the edit is applied.'}`);
}

/** The scripted fix of `path` as a plan, for a task that cannot edit files. */
function fixPlan(path: string, fix: ScriptedFix): string {
  return [
    `I read \`${path}\`; in this mode I cannot change files, so here is the plan:`,
    '',
    `1. In \`${path}\`, change \`${fix.search.trim()}\` to \`${fix.replace.trim()}\`: ${fix.plan.replace(/: I will .*$/, '.')}`,
    `2. Check that VS Code reports no problem left in \`${path}\`.`,
    '',
    'Open questions: none. **Act on this plan** (or Agent mode) makes the change.',
    '',
    SCRIPTED_NOTE,
  ].join('\n');
}

/**
 * The model's summary when PTK compacts the chat ("This chat is nearly full…"): the requests,
 * the calls made (tool and path) and the latest request as what is left.
 */
function summaryOf(transcript: string): string {
  const all = sections(transcript);
  const requests = all.filter((section) => section.role === 'USER' && !isCompactionText(section.text)).map((section) => section.text.trim().split('\n')[0]!);
  const earlier = all.filter((section) => section.role === 'USER' && section.text.startsWith(COMPACTION_SUMMARY_HEADER)).map((section) => section.text.slice(COMPACTION_SUMMARY_HEADER.length).trim());
  const calls = all.filter((section) => section.role === 'ASSISTANT').flatMap((section) => {
    const found = callIn(section.text);
    return found ? [`${found.tool}${typeof found.args.path === 'string' ? ` ${found.args.path}` : ''}`] : [];
  });
  return [
    ...earlier.map((text) => `Earlier: ${text.replace(/\s+/g, ' ')}`),
    `Asked: ${requests.map((request) => `"${request}"`).join('; ') || 'nothing yet'}.`,
    `Done: ${calls.join('; ') || 'no tool calls'}.`,
    `Left: ${requests.at(-1) ? `finish "${requests.at(-1)}"` : 'nothing'}.`,
  ].join('\n');
}

/** The compaction request, or the summary message a compacted chat starts from. */
function isCompactionText(text: string): boolean {
  return text.startsWith(COMPACTION_REQUEST_START) || text.startsWith(COMPACTION_SUMMARY_HEADER);
}

/** The failure of a call as a clause: "you rejected it (your reason: …)" or the tool's error. */
function failureClause(feedback: Feedback): string {
  const message = feedback.kind === 'error' ? feedback.message : feedback.error;
  const rejected = rejectionIn(message);
  if (rejected) return `you rejected the change${rejected.reason ? ` (your reason: "${rejected.reason}")` : ''}`;
  return message || 'the tool gave no reason';
}

/**
 * Finds the workspace's problems with get_diagnostics, then fixes each file with an error in
 * turn (read_file, then edit_file when it has a scripted fix), then sums up what it fixed and
 * what it could not. Where each file stands is read from the calls since the request.
 */
function problemsFlow(state: TaskState): Reply {
  const [asked, ...after] = state.steps;
  if (!asked?.feedback || asked.call.tool !== 'get_diagnostics') return quick(`I will ask VS Code which problems it reports.\n${call('get_diagnostics', {})}`);
  const reported = asked.feedback;
  if (reported.kind === 'error' || !reported.success) return quick(failureAnswer(reported, 'get the problems VS Code reports'));
  const diagnostics = Array.isArray(reported.data.diagnostics) ? (reported.data.diagnostics as { file?: unknown; severity?: unknown }[]) : [];
  const withErrors = diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  const files = [...new Set((withErrors.length > 0 ? withErrors : diagnostics.slice(0, 1)).map((diagnostic) => diagnostic.file).filter((file): file is string => typeof file === 'string'))];
  if (files.length === 0) {
    return quick(
      'VS Code reports no problems in this workspace right now, so there is nothing for me to fix. ' +
        'It reports a file\'s problems once its language support has looked at the file: open `src/main.ts` or `config/broken.json` and ask again, ' +
        'or use "Fix with PTK" from the lightbulb on a problem.',
    );
  }
  const fixed = new Map<string, string>();
  const notFixed = new Map<string, string>();
  for (const [index, { call: made, feedback }] of after.entries()) {
    const path = String(made.args.path ?? '');
    const last = index === after.length - 1;
    if (!feedback) continue;
    if (made.tool === 'read_file') {
      if (feedback.kind === 'error' || !feedback.success) {
        notFixed.set(path, `I could not read it: ${failureClause(feedback)}`);
        continue;
      }
      const fix = scriptedFix(linesOf(feedback.data));
      if (!fix) notFixed.set(path, 'I have no scripted fix for it, so I changed nothing');
      else if (last) return quick(unavailable(state, 'edit_file') ?? `${fix.plan}\n${call('edit_file', { path, edits: [{ search: fix.search, replace: fix.replace }] })}`);
    } else if (made.tool === 'edit_file') {
      if (feedback.kind === 'error' || !feedback.success) {
        notFixed.set(path, `I did not change it: ${failureClause(feedback)}`);
        continue;
      }
      const edits = made.args.edits as { search?: string }[] | undefined;
      fixed.set(path, scriptedFix(new Map([[1, edits?.[0]?.search ?? '']]))?.done ?? 'the edit is applied.');
    }
  }
  const next = files.find((file) => !fixed.has(file) && !notFixed.has(file));
  if (next) return quick(`${fixed.size + notFixed.size === 0 ? `VS Code reports errors in ${files.map((file) => `\`${file}\``).join(', ')}. ` : ''}I will read ${next} first.\n${call('read_file', { path: next })}`);
  if (fixed.size === 1 && notFixed.size === 0) return quick(`Fixed ${[...fixed.keys()][0]}: ${[...fixed.values()][0]}`);
  return quick(
    [
      fixed.size > 0 ? `Fixed ${fixed.size} of the ${files.length} files VS Code reports errors in:` : `I fixed none of the ${files.length} files VS Code reports errors in.`,
      ...[...fixed].map(([file, done]) => `- ${file}: ${done}`),
      ...(notFixed.size > 0 ? ['', 'Not fixed:', ...[...notFixed].map(([file, why]) => `- ${file}: ${why}.`)] : []),
    ].join('\n'),
  );
}

/** Searches the workspace with search_code, then lists what it found (or says it found nothing). */
function searchFlow(state: TaskState, query: string, what: string): Reply {
  const { lastCall, feedback } = state;
  if (!lastCall || !feedback) return quick(`I will search the workspace for ${what}.\n${call('search_code', { query, options: { regex: true } })}`);
  if (feedback.kind === 'error' || !feedback.success) return quick(failureAnswer(feedback, `search the workspace for ${what}`));
  const matches = Array.isArray(feedback.data.matches) ? feedback.data.matches.map(String) : [];
  if (matches.length === 0) return quick(`There are no ${what} in this workspace: searching for \`${query}\` found no matches.`);
  return quick(
    [
      `Found ${matches.length}${feedback.data.truncated === true ? ' (or more)' : ''} ${matches.length === 1 ? 'match' : 'matches'} for \`${query}\`:`,
      '',
      '```',
      ...matches,
      '```',
    ].join('\n'),
  );
}

/** Reads the file and shows it whole in a code block, or says why the tool would not read it. */
function readFlow(state: TaskState, path: string): Reply {
  const { lastCall, feedback } = state;
  if (!lastCall || !feedback) return quick(`I will read ${path}.\n${call('read_file', { path })}`);
  if (feedback.kind === 'error' || !feedback.success) return quick(failureAnswer(feedback, `read ${path}`, 'reading it'));
  const lines = [...linesOf(feedback.data).values()];
  const total = Number(feedback.data.totalLines ?? lines.length);
  const language = /\.(\w+)$/.exec(path)?.[1] ?? '';
  const fence = lines.some((line) => line.includes('```')) ? '~~~~' : '```';
  return quick(
    [
      `\`${path}\` (${total} ${total === 1 ? 'line' : 'lines'}${lines.length < total ? `, the first ${lines.length} shown` : ''}):`,
      '',
      `${fence}${language}`,
      ...lines,
      fence,
    ].join('\n'),
  );
}

/** "Check http://localhost:3000/": opens the page in PTK's own browser, then reports its errors. */
function pageCheckFlow(state: TaskState, url: string): Reply {
  const { lastCall, feedback } = state;
  if (!lastCall || !feedback) return quick(`I will open ${url} in my browser.\n${call('browser', { action: 'open', url })}`);
  if (feedback.kind === 'error' || !feedback.success) return quick(failureAnswer(feedback, `open ${url}`, 'opening the page'));
  const list = (value: unknown): string[] => (Array.isArray(value) ? value.map((entry) => (typeof entry === 'string' ? entry : `${String((entry as { url?: unknown }).url ?? '')} (${String((entry as { reason?: unknown }).reason ?? '')})`)) : []);
  const errors = list(feedback.data.consoleErrors);
  const failed = list(feedback.data.failedRequests);
  const title = String(feedback.data.title ?? '') || url;
  const lines = [`I opened **${title}** (${String(feedback.data.url ?? url)}).`];
  lines.push(errors.length > 0 ? `Console errors:\n${errors.map((error) => `- \`${error}\``).join('\n')}` : 'The console showed no errors.');
  lines.push(failed.length > 0 ? `Failed requests:\n${failed.map((request) => `- ${request}`).join('\n')}` : 'No request failed.');
  lines.push(PAGE_SCRIPTED_NOTE);
  return quick(lines.join('\n\n'));
}

/** A `node:test` file for the functions `source` exports (argument values chosen by their types). */
function scriptedTest(path: string, lines: readonly string[]): { path: string; content: string; checks: string[] } | undefined {
  const exported = lines
    .map((line) => /^\s*export\s+function\s+(\w+)\s*\(([^)]*)\)\s*:\s*(\w+)/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null);
  if (exported.length === 0) return undefined;
  const sample = (type: string, index: number) => (type === 'number' ? String(index + 2) : type === 'boolean' ? 'true' : `'Ada'`);
  const repeated = lines.map((line) => /`([^`$]*)\$\{(\w+)\}`\.repeat\((\w+)\)/.exec(line)).find((match) => match !== null);
  const name = path.split('/').at(-1)!.replace(/\.[^.]+$/, '');
  const checks: string[] = [];
  const cases = exported.map(([, fn, params, returns]) => {
    const parameters = params!.split(',').map((param) => param.trim()).filter(Boolean).map((param) => ({ name: param.split(':')[0]!.trim(), type: (param.split(':')[1] ?? '').trim() }));
    const args = parameters.map((param, index) => sample(param.type, index));
    const body = [`  const result = ${fn}(${args.join(', ')});`, `  assert.equal(typeof result, '${returns === 'void' ? 'undefined' : returns}');`];
    checks.push(`\`${fn}(${args.join(', ')})\` returns a \`${returns}\``);
    if (repeated && parameters.length === 2) {
      const text = parameters.findIndex((param) => param.name === repeated[2]);
      const times = parameters.findIndex((param) => param.name === repeated[3]);
      if (text >= 0 && times >= 0) {
        body.push(`  assert.equal(result, ('${repeated[1]!.replace(/['\\]/g, '\\$&')}' + ${args[text]}).repeat(${args[times]}));`);
        checks.push(`the text is \`${repeated[1]}\` and the ${parameters[text]!.name} repeated ${args[times]} times`);
      }
    }
    return [`test('${fn}', () => {`, ...body, '});'].join('\n');
  });
  const content = [
    "import assert from 'node:assert/strict';",
    "import { test } from 'node:test';",
    `import { ${exported.map((match) => match[1]).join(', ')} } from '../${path.replace(/\.tsx?$/, '')}';`,
    '',
    ...cases.flatMap((code) => [code, '']),
  ].join('\n');
  return { path: `test/${name}.test.ts`, content, checks };
}

/** Reads the file, then writes a test for the functions it exports. */
function testFlow(state: TaskState, path: string): Reply {
  const { lastCall, feedback } = state;
  if (!lastCall || !feedback) return quick(`I will read ${path} first.\n${call('read_file', { path })}`);
  if (lastCall.tool === 'read_file') {
    if (feedback.kind === 'error' || !feedback.success) return quick(failureAnswer(feedback, `read ${path}`));
    const test = scriptedTest(path, [...linesOf(feedback.data).values()]);
    if (!test) return quick(`I read ${path}, but it exports no function this scripted model can write a test for, so I wrote nothing. ${DEMO_MODEL_NOTICE}`);
    return quick(unavailable(state, 'write_file') ?? `I will write ${test.path}: it checks that ${test.checks.join(', and that ')}.\n${call('write_file', { path: test.path, content: test.content })}`);
  }
  const written = String(lastCall.args.path ?? '');
  if (feedback.kind === 'error' || !feedback.success) return quick(failureAnswer(feedback, `write ${written}`, 'the test'));
  return quick(`Wrote ${written}. Run it with \`node --import tsx --test ${written}\` (or your test runner).\n\n${SCRIPTED_NOTE}`);
}

function writeFlow(state: TaskState, path: string, content: string): Reply {
  const { lastCall, feedback } = state;
  if (!lastCall || !feedback) return quick(unavailable(state, 'write_file') ?? `I will write the file.\n${call('write_file', { path, content })}`);
  if (feedback.kind === 'error' || !feedback.success) return quick(failureAnswer(feedback, `write ${path}`));
  const verb = feedback.data.created === false ? 'replaced' : 'created';
  return quick(`Done: ${verb} ${String(feedback.data.path ?? path)} with "${content.trim()}".`);
}

function commandFlow(state: TaskState, command: string): Reply {
  const { lastCall, feedback } = state;
  if (!lastCall || !feedback) return quick(unavailable(state, 'run_command') ?? `I will run \`${command}\` (PTK asks you first).\n${call('run_command', { command })}`);
  if (feedback.kind === 'error' || !feedback.success) return quick(failureAnswer(feedback, `run \`${command}\``, 'the command'));
  const output = `${String(feedback.data.stdout ?? '')}${String(feedback.data.stderr ?? '')}`.trim().split('\n').slice(-20).join('\n');
  return quick(`\`${command}\` finished with exit code ${String(feedback.data.exitCode)}.${output ? `\n\n\`\`\`\n${output}\n\`\`\`` : ' It printed nothing.'}`);
}

/**
 * Chooses the reply for a whole transcript (system prompt first, the latest user message last
 * but for its tool results). A page PTK reads as rendered text asks, at the end of each message,
 * for tool calls in a ```json block inside the tags: the model does so, as a real one follows it.
 */
export function chooseReply(prompt: string): Reply {
  if (!prompt.includes(RENDERED_TEXT_NOTE)) return chooseScriptedReply(prompt);
  const reply = chooseScriptedReply(prompt.split(`\n\n${RENDERED_TEXT_NOTE}`).join(''));
  return { ...reply, text: reply.text.replace(/<TOOL_CALL>(.*?)<\/TOOL_CALL>/gs, (_whole, json: string) => `<TOOL_CALL>\n\`\`\`json\n${json.trim()}\n\`\`\`\n</TOOL_CALL>`) };
}

function chooseScriptedReply(prompt: string): Reply {
  // PTK compacts the chat: the summary of what the transcript holds.
  const latest = sections(prompt).at(-1)?.text.trim() ?? '';
  if (latest.startsWith(COMPACTION_REQUEST_START)) return quick(summaryOf(prompt));
  const state = readState(prompt);
  const request = state.request;
  const firstLine = request.split('\n')[0]!.trim();

  if (/^Take your time/i.test(firstLine)) return { text: 'Thinking very slowly about this '.repeat(200), chunkDelayMs: 250 };
  // Slow enough (about 3 s) that a loaded machine still sees it streaming.
  if (/^(?:Say hello|Hello\b|Hi\b)/i.test(firstLine)) return { text: GREETING, chunkDelayMs: 300 };

  if (/^Find the problems VS Code reports in this workspace and fix them\.?$/i.test(firstLine)) return problemsFlow(state);
  if (/^Search this workspace for TODO and FIXME comments\.?$/i.test(firstLine)) return searchFlow(state, 'TODO|FIXME', 'TODO or FIXME comments');
  const read = /^(?:please\s+)?(?:read|show|open)\s+(?:the\s+file\s+)?[`'"]?([^\s`'"]+?)[`'"]?[!?]?$/i.exec(firstLine);
  if (read && !/^(?:me|it|this|that)$/i.test(read[1]!)) return readFlow(state, read[1]!.replace(/(?<=\w)\.$/, ''));
  const tested = /^Write (?:a )?tests? for (\S+?)\.?$/i.exec(firstLine);
  if (tested) return testFlow(state, tested[1]!);

  const write = /^(?:please\s+)?write\s+(.+?)\s+(?:to|into|in)\s+(\S+)/i.exec(firstLine);
  if (write) return writeFlow(state, write[2]!.replace(/[.,!?:;]+$/, ''), /^hello$/i.test(write[1]!) ? 'Hello from PTK\n' : `${write[1]!.replace(/^["'`]|["'`]$/g, '')}\n`);

  // "Act on this plan" on the demo's own plan: its first step names the file to fix.
  const planned = /^Carry out this plan\b/i.test(firstLine) ? /^1\. In `([^`]+)`/m.exec(request)?.[1] : undefined;
  if (planned) return fixFlow(state, planned);

  const fix = fixTarget(firstLine) ?? fixTarget(/^(?:please\s+)?(?:make|write|give me)\s+a\s+plan\s+(?:to|for)\s+(.+)$/i.exec(firstLine)?.[1] ?? '');
  if (fix) return fixFlow(state, fix);

  const selection = /^From (.+?), lines (\d+)-(\d+):$/m.exec(request);
  if (selection && /^(?:Explain|What|Why|How)\b/i.test(firstLine)) return explainFlow(state, selection[1]!, { start: Number(selection[2]), end: Number(selection[3]) }, undefined);
  const problem = /^Explain this problem in (.+?) and how to fix it\./.exec(firstLine);
  if (problem) return explainFlow(state, problem[1]!, undefined, request.split('\n')[1]?.trim());

  // Only where PTK offers its browser tool (a task without it is told how the demo can help).
  const page = /^(?:please\s+)?(?:check|open|test|look at)\s+(https?:\/\/[^\s`'"]+?)[.!?]?(?:\s+for\s+errors)?[.!?]?$/i.exec(firstLine);
  if (page && state.tools?.has('browser')) return pageCheckFlow(state, page[1]!);

  const command = /^(?:please\s+)?run\s+(?:`([^`]+)`|(.+?))[.!]?$/i.exec(firstLine);
  if (command) {
    const asked = (command[1] ?? command[2]!).trim();
    return commandFlow(state, /^the tests$/i.test(asked) ? 'npm test' : asked);
  }

  // A file named in the question, else one attached with @ ("Explain" and a file chip).
  const named = pathIn(firstLine) ?? /^<context kind="file" path="([^"]+)"/m.exec(request)?.[1];
  if (named && /^(?:Explain|What|Why|How|Describe|Show|Read)\b/i.test(firstLine)) return explainFlow(state, named, undefined, undefined);

  const attached = attachedPage(request);
  if (attached) return quick(attached);

  return quick(DEMO_MODEL_NOTICE);
}

/** A web page the message attached (`@https://…`): what it is and how it starts; undefined without one. */
function attachedPage(request: string): string | undefined {
  const block = /<context kind="url"([^>]*)>\n([\s\S]*?)\n<\/context>/.exec(request);
  if (!block) return undefined;
  const attribute = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(block[1]!)?.[1];
  const url = attribute('url');
  if (attribute('error') === 'true') return `The page you attached could not be read: ${block[2]!.replace(/^\(not attached: |\)$/g, '')}`;
  const lines = block[2]!.split('\n').filter((line) => line.trim() !== '').slice(0, 3);
  return [`The page you attached is **${attribute('title') || url || 'a web page'}**${url ? ` (${url})` : ''}. It starts:`, '', ...lines.map((line) => `> ${line}`), '', PAGE_SCRIPTED_NOTE].join('\n');
}

/** The model the UI tests install (it does not keep a thread: each call gets the whole transcript). Records every prompt. */
export class ReplicaChatModel implements ChatModelHandle {
  readonly keepsThread = false;
  readonly prompts: string[] = [];

  async call(prompt: string, options: LLMCallOptions = {}): Promise<string> {
    this.prompts.push(prompt);
    const reply = chooseReply(prompt);
    return stream(reply.text, options, reply.chunkDelayMs);
  }
}

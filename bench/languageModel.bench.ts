/**
 * The web chat as a VS Code language model (src/core/modelProvider): what the provider costs.
 *
 * A 10-request tool-calling conversation with 50 caller tools (each with three described
 * parameters), the way an agent drives `vscode.lm`: every request re-sends the whole message
 * list (the user's task, then each assistant tool call and its ~600-character result), the
 * model answers 9 tool calls and a final text. The backend is instant (a scripted tab that keeps
 * its thread), so what is timed is the provider alone: rendering, thread matching, streaming
 * the visible text, parsing, validating, building the parts.
 *
 * Figures (all measured in this run):
 * 1. Provider overhead per request (median over 30 conversations). Target ≤ 5 ms. Printed with
 *    its ratio to a naive provider measured alongside: full tool schemas and the whole
 *    transcript rendered and parsed on every request.
 * 2. Characters sent to the tab per request over the conversation, as a ratio to re-sending the
 *    whole message list (with every full schema) each time. Target ≤ 0.25.
 */
import { DEFAULTS } from '../src/core/constants';
import { renderNewChat } from '../src/core/modelProvider/promptRendering';
import { providerToolAsPTKTool, type ProviderMessage, type ProviderTool, type ProviderToolCall } from '../src/core/modelProvider/providerMessages';
import { ThreadTracker } from '../src/core/modelProvider/threadTracker';
import { WebChatLanguageModel } from '../src/core/modelProvider/webChatLanguageModel';
import { PTKFormatter, PTKParser } from '../src/core/protocol';
import { ScriptedChatModel } from '../src/core/testing/scriptedChatModel';

const TOOL_COUNT = 50;
const REQUESTS = 10;
const CONVERSATIONS = 30;
const TARGET_OVERHEAD_MS = 5;
const TARGET_CHARS_RATIO = 0.25;

function buildTools(): ProviderTool[] {
  return Array.from({ length: TOOL_COUNT }, (_, index) => ({
    name: `workspace_tool_${index}`,
    description: `Tool ${index}: does one specific thing to the workspace. It takes a path, a pattern and a limit, and returns what it found as a list.`,
    inputSchema: {
      type: 'object',
      properties: {
        path: { type: 'string', description: `Workspace-relative path the tool ${index} works on.` },
        pattern: { type: 'string', description: 'A glob or a regular expression, depending on the tool.' },
        limit: { type: 'integer', description: 'Most results returned (default 50).' },
      },
      required: ['path'],
    },
  }));
}

function reply(turn: number): string {
  if (turn === REQUESTS - 1) return 'Done: every step worked, and the workspace is in the state you asked for.';
  return `Step ${turn + 1}: I will look at the next part.\n<TOOL_CALL>${JSON.stringify({ tool: `workspace_tool_${(turn * 7) % TOOL_COUNT}`, args: { path: `src/module${turn}.ts`, limit: 20 } })}</TOOL_CALL>`;
}

function resultText(turn: number): string {
  return `Result of step ${turn + 1}: ${Array.from({ length: 12 }, (_, line) => `src/module${turn}/file${line}.ts: match`).join('; ')}`;
}

interface ConversationFigures {
  requestMs: number[];
  charsSent: number;
}

/** One conversation through the provider; returns each request's time and the characters sent. */
async function providerConversation(tools: ProviderTool[]): Promise<ConversationFigures> {
  const model = new ScriptedChatModel(Array.from({ length: REQUESTS }, (_, turn) => reply(turn)), { keepsThread: true });
  const provider = new WebChatLanguageModel({ getModel: async () => model, threads: new ThreadTracker('b') });
  const messages: ProviderMessage[] = [{ role: 'user', parts: [{ type: 'text', text: 'Go through the modules one by one and tell me what you find.' }] }];
  const requestMs: number[] = [];
  for (let turn = 0; turn < REQUESTS; turn++) {
    const text: string[] = [];
    const calls: ProviderToolCall[] = [];
    const started = performance.now();
    await provider.respond({ modelId: 'ptk-bench', messages: [...messages], tools, toolMode: 'auto' }, { text: (value) => text.push(value), toolCall: (call) => calls.push(call) });
    requestMs.push(performance.now() - started);
    messages.push({ role: 'assistant', parts: [{ type: 'text', text: text.join('') }, ...calls.map((call) => ({ type: 'toolCall' as const, ...call }))] });
    if (calls[0]) messages.push({ role: 'user', parts: [{ type: 'toolResult', callId: calls[0].callId, text: resultText(turn) }] });
  }
  return { requestMs, charsSent: model.charactersSent };
}

/** The naive provider: every request renders every full schema and the whole transcript, and parses the reply. */
function naiveConversation(tools: ProviderTool[], formatter: PTKFormatter, parser: PTKParser): ConversationFigures {
  const promptTools = tools.map(providerToolAsPTKTool);
  const messages: ProviderMessage[] = [{ role: 'user', parts: [{ type: 'text', text: 'Go through the modules one by one and tell me what you find.' }] }];
  const requestMs: number[] = [];
  let charsSent = 0;
  for (let turn = 0; turn < REQUESTS; turn++) {
    const started = performance.now();
    const prompt = renderNewChat(messages, { formatter, promptTools, toolMode: 'auto' });
    charsSent += prompt.length;
    const parsed = parser.parse(reply(turn));
    requestMs.push(performance.now() - started);
    const call = parsed.toolCall;
    messages.push({ role: 'assistant', parts: [{ type: 'text', text: parsed.content ?? '' }, ...(call ? [{ type: 'toolCall' as const, callId: `n${turn}`, name: call.tool, input: call.args }] : [])] });
    if (call) messages.push({ role: 'user', parts: [{ type: 'toolResult', callId: `n${turn}`, text: resultText(turn) }] });
  }
  return { requestMs, charsSent };
}

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)];
}

function verdict(pass: boolean): string {
  return pass ? 'PASS' : 'MISS';
}

async function main(): Promise<void> {
  const tools = buildTools();
  const formatter = new PTKFormatter();
  const parser = new PTKParser();
  // Warm up both paths.
  for (let index = 0; index < 3; index++) {
    await providerConversation(tools);
    naiveConversation(tools, formatter, parser);
  }
  const providerTimes: number[] = [];
  const naiveTimes: number[] = [];
  let providerChars = 0;
  let naiveChars = 0;
  for (let index = 0; index < CONVERSATIONS; index++) {
    const ours = await providerConversation(tools);
    const naive = naiveConversation(tools, formatter, parser);
    providerTimes.push(...ours.requestMs);
    naiveTimes.push(...naive.requestMs);
    providerChars = ours.charsSent;
    naiveChars = naive.charsSent;
  }
  const overhead = median(providerTimes);
  const naiveOverhead = median(naiveTimes);
  const charsRatio = providerChars / naiveChars;
  console.log(`conversation: ${REQUESTS} requests, ${TOOL_COUNT} tools (bound ${DEFAULTS.promptFullToolsMax}: names + one line, describe_tool), instant backend`);
  console.log(`provider overhead per request: ${overhead.toFixed(3)} ms median (p90 ${[...providerTimes].sort((a, b) => a - b)[Math.floor(providerTimes.length * 0.9)].toFixed(3)} ms) — naive baseline ${naiveOverhead.toFixed(3)} ms, ratio ${(overhead / naiveOverhead).toFixed(2)}× — target ≤ ${TARGET_OVERHEAD_MS} ms: ${verdict(overhead <= TARGET_OVERHEAD_MS)}`);
  console.log(`characters sent per request: ${Math.round(providerChars / REQUESTS).toLocaleString('en-US')} vs ${Math.round(naiveChars / REQUESTS).toLocaleString('en-US')} re-sending the whole list — ratio ${charsRatio.toFixed(3)} — target ≤ ${TARGET_CHARS_RATIO}: ${verdict(charsRatio <= TARGET_CHARS_RATIO)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

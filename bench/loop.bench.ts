/**
 * Loop benchmarks (issue 2):
 * 1. Loop overhead per iteration with a 200-message history: our PTKManager (thread mode,
 *    as with a chat tab; and full-transcript mode) against seed 000's naive loop, which
 *    re-formats the whole transcript every turn. Target ≤ 2 ms per iteration.
 * 2. Characters sent to a thread-keeping backend over a 20-step task, as a ratio to
 *    re-sending the full transcript every turn (seed 000). Target ≤ 0.2.
 * The model is a ScriptedChatModel answering at once and the tool returns at once, so
 * what is measured is the loop's own work.
 */
import { z } from 'zod';
import { PTKManager } from '../src/core/loop/ptkManager';
import { PTKFormatter, PTKParser } from '../src/core/protocol';
import { ScriptedChatModel } from '../src/core/testing/scriptedChatModel';
import { defineTool } from '../src/core/tools/defineTool';
import { ToolRegistry } from '../src/core/tools/toolRegistry';
import type { PTKMessage, PTKTool } from '../src/core/types';

const STEPS = 20;
const HISTORY_MESSAGES = 200;
const RESULT_TEXT = 'export function example() {\n  return 42;\n}\n'.repeat(30); // ~1.3 KB, like a file read

function history(count: number): PTKMessage[] {
  const messages: PTKMessage[] = [];
  for (let index = 0; index < count; index++) {
    messages.push(index % 2 === 0
      ? { role: 'user', content: `Earlier question ${index}: ${'please look at the code and explain. '.repeat(8)}` }
      : { role: 'assistant', content: `Earlier answer ${index}: ${'the code does this and that. '.repeat(10)}` });
  }
  return messages;
}

function tools(): PTKTool[] {
  return [defineTool({
    name: 'read_file',
    description: 'Read content of a file',
    inputSchema: z.object({ path: z.string() }),
    readOnly: true,
    run: ({ path }) => ({ path, content: RESULT_TEXT }),
  })];
}

function script(): string[] {
  const replies: string[] = [];
  for (let step = 0; step < STEPS; step++) replies.push(`I will read the next file.\n<TOOL_CALL>{"tool":"read_file","args":{"path":"src/file${step}.ts"}}</TOOL_CALL>`);
  replies.push('All files read: every one exports example().');
  return replies;
}

/** Seed 000's loop: the whole transcript formatted and sent every turn. */
async function naiveLoop(prompt: string, earlier: PTKMessage[], toolList: PTKTool[]): Promise<{ iterations: number; charactersSent: number }> {
  const formatter = new PTKFormatter();
  const parser = new PTKParser();
  const model = new ScriptedChatModel(script());
  const toolMap = new Map(toolList.map((tool) => [tool.name, tool]));
  const messages: PTKMessage[] = [{ role: 'system', content: formatter.formatSystemPrompt(toolList) }, ...earlier, { role: 'user', content: prompt }];
  let iterations = 0;
  while (iterations < STEPS + 5) {
    iterations++;
    const reply = await model.call(formatter.formatConversation(messages));
    const parsed = parser.parse(reply);
    if (parsed.type === 'text') break;
    const toolCall = parsed.toolCall!;
    const data = await toolMap.get(toolCall.tool)!.handler(toolCall.args, { signal: new AbortController().signal, toolCallId: '', iteration: iterations });
    messages.push({ role: 'assistant', content: reply });
    messages.push({ role: 'tool', content: formatter.formatToolResult({ success: true, data, error: null }) });
  }
  return { iterations, charactersSent: model.charactersSent };
}

async function ourLoop(keepsThread: boolean, earlier: PTKMessage[]): Promise<{ iterations: number; charactersSent: number }> {
  const model = new ScriptedChatModel(script(), { keepsThread });
  const manager = new PTKManager(model, new ToolRegistry(tools()));
  const result = await manager.orchestrateToolCalling('Read the files src/file0.ts … src/file19.ts', { history: earlier, maxIterations: STEPS + 5, maxToolCalls: STEPS + 5 });
  if (!result.success) throw new Error(`benchmark run failed: ${result.error}`);
  return { iterations: result.iterations, charactersSent: model.charactersSent };
}

async function perIterationMs(run: () => Promise<{ iterations: number }>, budgetMs: number): Promise<number> {
  for (let warm = 0; warm < 3; warm++) await run();
  const samples: number[] = [];
  const deadline = performance.now() + budgetMs;
  while (samples.length < 5 || (performance.now() < deadline && samples.length < 200)) {
    const started = performance.now();
    const { iterations } = await run();
    samples.push((performance.now() - started) / iterations);
  }
  samples.sort((left, right) => left - right);
  return samples[Math.floor(samples.length / 2)];
}

function verdict(pass: boolean): string {
  return pass ? 'PASS' : 'MISS';
}

async function main(): Promise<void> {
  const earlier = history(HISTORY_MESSAGES);
  const toolList = tools();

  const baselineMs = await perIterationMs(() => naiveLoop('Read the files', earlier, toolList), 4000);
  const threadMs = await perIterationMs(() => ourLoop(true, earlier), 4000);
  const fullMs = await perIterationMs(() => ourLoop(false, earlier), 4000);
  console.log(`loop overhead per iteration, ${HISTORY_MESSAGES}-message history, ${STEPS}-step task (median):`);
  console.log(`  ours, thread mode (chat tab):   ${threadMs.toFixed(3)} ms`);
  console.log(`  ours, full-transcript mode:     ${fullMs.toFixed(3)} ms`);
  console.log(`  baseline (seed 000 naive loop): ${baselineMs.toFixed(3)} ms`);
  console.log(`  ratio thread/baseline: ${(threadMs / baselineMs).toFixed(2)}  target ≤ 2 ms  ${verdict(threadMs <= 2)}`);

  const thread = await ourLoop(true, []);
  const naive = await naiveLoop('Read the files', [], toolList);
  const ratio = thread.charactersSent / naive.charactersSent;
  console.log(`characters sent over a ${STEPS}-step task:`);
  console.log(`  ours, thread mode:                         ${thread.charactersSent}`);
  console.log(`  baseline (full transcript every turn):     ${naive.charactersSent}`);
  console.log(`  ratio: ${ratio.toFixed(3)}  target ≤ 0.2  ${verdict(ratio <= 0.2)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

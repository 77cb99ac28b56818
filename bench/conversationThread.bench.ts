/**
 * Characters typed per follow-up message of a conversation, on the ChatGPT replica in headless
 * Chromium. A conversation of MESSAGES user messages goes through the web chat language model
 * (the VS Code language-model provider's engine, with three tools on offer) over the browser
 * backend, twice:
 *   - with thread continuity: the tab still holds the chat, so each follow-up types only the new
 *     message;
 *   - without: the conversation's tab is closed before each follow-up (as the idle-tab expiry
 *     does), so the backend starts a new chat with the whole transcript.
 * What was typed is read from the replica (the text each submission carried, nonce line left
 * out). Both are printed with their ratio, and the time per follow-up (call → answer; without
 * continuity it also counts opening the tab again). Goals:
 * with continuity a follow-up types exactly its new message; without, it types the whole
 * conversation (every earlier message), so the baseline is the one it claims to be. A MISS exits
 * non-zero.
 * Run: npm run bench -- conversationThread
 */
import type { Page } from 'playwright-core';
import { WebChatLanguageModel } from '../src/core/modelProvider/webChatLanguageModel';
import type { ProviderMessage, ProviderTool } from '../src/core/modelProvider/providerMessages';
import { BrowserChatModel } from '../src/browser/browserChatModel';
import { resolveAdapter } from '../src/browser/adapters/registry';
import { NONCE_LINE } from '../test/browser/replicas/scenario';
import { startReplicaServer } from '../test/browser/replicas/server';
import { launchBenchBrowser, loadLine } from './benchBrowser';

const MESSAGES = 5;
const TOOLS: ProviderTool[] = [
  { name: 'read_file', description: 'Read a file of the workspace.', inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } },
  { name: 'list_files', description: 'List the files of a folder.', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } },
  { name: 'search_code', description: 'Search the workspace for a regular expression.', inputSchema: { type: 'object', properties: { pattern: { type: 'string' } }, required: ['pattern'] } },
];
const question = (index: number): string => `Question ${index + 1}: how does the module handle case ${index + 1} of the input, and what would you change about it?`;
const answerTo = (prompt: string): string => `About "${prompt.slice(-40)}": ${'the module checks the input first, then hands it on. '.repeat(6)}`.trim();

interface Conversation {
  /** Characters typed per follow-up (messages 2…MESSAGES). */
  typed: number[];
  /** Wall time per follow-up, call → answer, ms. */
  times: number[];
  /** Each follow-up typed exactly its new message. */
  onlyNew: boolean;
  /** Each follow-up typed every earlier user message. */
  whole: boolean;
}

async function converse(model: BrowserChatModel, typedTexts: () => string[], loseChat: (() => Promise<void>) | undefined): Promise<Conversation> {
  const language = new WebChatLanguageModel({ getModel: () => Promise.resolve(model) });
  const messages: ProviderMessage[] = [];
  const result: Conversation = { typed: [], times: [], onlyNew: true, whole: true };
  for (let index = 0; index < MESSAGES; index++) {
    if (index > 0) await loseChat?.();
    messages.push({ role: 'user', parts: [{ type: 'text', text: question(index) }] });
    const before = typedTexts().length;
    let answer = '';
    const startedAt = Date.now();
    await language.respond({ modelId: 'chatgpt', messages: [...messages], tools: TOOLS, toolMode: 'auto' }, { text: (piece) => (answer += piece), toolCall: () => undefined });
    const elapsed = Date.now() - startedAt;
    const sent = typedTexts().slice(before);
    if (sent.length !== 1 || answer.trim() !== answerTo(sent[0]!)) throw new Error(`message ${index + 1}: ${sent.length} submissions, answer ${answer.slice(0, 60)}`);
    messages.push({ role: 'assistant', parts: [{ type: 'text', text: answer }] });
    if (index === 0) continue;
    result.typed.push(sent[0]!.length);
    result.times.push(elapsed);
    result.onlyNew &&= sent[0] === question(index);
    result.whole &&= Array.from({ length: index + 1 }, (_, earlier) => question(earlier)).every((text) => sent[0]!.includes(text));
  }
  return result;
}

const mean = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0) / values.length;

async function main(): Promise<void> {
  const browser = await launchBenchBrowser();
  const server = await startReplicaServer({ site: 'chatgpt', responder: (prompt) => ({ reply: answerTo(prompt), tokenChars: 10, tokenMs: 5 }) });
  const model = new BrowserChatModel({ adapter: resolveAdapter('chatgpt', { siteUrl: server.url }), browser, maxTabs: 1 });
  const typedTexts = (): string[] => server.submissions.map((submission) => submission.text.replace(NONCE_LINE, ''));
  try {
    await model.call('warm-up');
    const kept = await converse(model, typedTexts, undefined);
    const lost = await converse(model, typedTexts, async () => {
      const tab: Page | undefined = model.pages[0];
      await tab?.close();
    });
    const pass = kept.onlyNew && lost.whole;
    process.exitCode = pass ? 0 : 1;
    const list = (values: readonly number[]): string => values.map((value) => value.toFixed(0)).join(', ');
    console.log(`characters typed per follow-up message, a conversation of ${MESSAGES} messages (${MESSAGES - 1} follow-ups):`);
    console.log(`  with thread continuity (the tab holds the chat): ${list(kept.typed)}; mean ${mean(kept.typed).toFixed(0)} (${kept.onlyNew ? 'each exactly its new message' : 'NOT only the new message'}); ${list(kept.times)} ms per follow-up`);
    console.log(`  without (the tab lost the chat: a new chat with the whole transcript): ${list(lost.typed)}; mean ${mean(lost.typed).toFixed(0)} (${lost.whole ? 'each the whole conversation' : 'NOT the whole conversation'}); ${list(lost.times)} ms per follow-up`);
    console.log(`  ratio without / with: ${(mean(lost.typed) / mean(kept.typed)).toFixed(1)}× the characters (last follow-up ${(lost.typed.at(-1)! / kept.typed.at(-1)!).toFixed(1)}×), ${(mean(lost.times) / mean(kept.times)).toFixed(2)}× the time ${pass ? 'PASS' : 'MISS'}`);
    console.log(`  (${loadLine()})`);
  } finally {
    await model.close();
    await server.close();
    await browser.close();
  }
  process.exit();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

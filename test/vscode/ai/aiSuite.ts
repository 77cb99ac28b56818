/**
 * In-VS-Code cases of VS Code's AI platform (loaded by the test build's hook, PTK_TEST_SUITE):
 * the consumer test extension uses PTK's model through `vscode.lm` against the replica site (a
 * streamed answer, a tool call, its result, the final answer; two calls of one answer as two
 * parts; a malformed call repaired inside the provider; a request without tools sent plain;
 * maxInputTokens as a usable budget; cancellation mid-answer; a rate limit as LanguageModelError
 * Blocked), PTK offers the consumer's LM tool to its tasks, and
 * @ptk's handler runs a PTK task (code-server shows no chat view without a Copilot account, so
 * the handler is driven through its API), also while a chat-view task runs (each in its own tab). The driver (vscodeAi.test.ts) checks the replica tab
 * when the suite reports a checkpoint and answers through a file in PTK_AI_CHECKPOINTS.
 */
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { PTKExtensionApi } from '../../../src/extension';
import { fixturePath } from '../suite/helpers';
import { SuiteRunner, waitFor, type ReportLine } from '../suite/runner';
import type { ConsumerExports } from './consumerExtension/extension';

const WEATHER_TOOLS = [
  { name: 'get_weather', description: 'Current weather of a city.', inputSchema: { type: 'object', properties: { city: { type: 'string', description: 'City name' } }, required: ['city'] } },
  { name: 'get_time', description: 'Current time in a time zone.', inputSchema: { type: 'object', properties: { zone: { type: 'string' } }, required: ['zone'] } },
];

interface Collected {
  texts: string[];
  calls: vscode.LanguageModelToolCallPart[];
  /** Part kinds in arrival order ('text' / 'call'). */
  order: string[];
}

async function collect(api: typeof vscode, response: vscode.LanguageModelChatResponse, onText?: (text: string) => void): Promise<Collected> {
  const collected: Collected = { texts: [], calls: [], order: [] };
  for await (const part of response.stream) {
    if (part instanceof api.LanguageModelTextPart) {
      collected.texts.push(part.value);
      collected.order.push('text');
      onText?.(part.value);
    } else if (part instanceof api.LanguageModelToolCallPart) {
      collected.calls.push(part);
      collected.order.push('call');
    }
  }
  return collected;
}

/** Sends a request (never cancelled) and reads its whole stream. */
async function send(api: typeof vscode, model: vscode.LanguageModelChat, messages: vscode.LanguageModelChatMessage[], options: vscode.LanguageModelChatRequestOptions = {}): Promise<Collected> {
  return collect(api, await model.sendRequest(messages, options, new api.CancellationTokenSource().token));
}

/** Sends a request and reads its stream; returns what it failed with (the test fails when it does not fail). */
async function sendAndCatch(api: typeof vscode, model: vscode.LanguageModelChat, messages: vscode.LanguageModelChatMessage[], options: vscode.LanguageModelChatRequestOptions): Promise<Error> {
  try {
    await send(api, model, messages, options);
  } catch (error) {
    return error as Error;
  }
  assert.fail('the request was expected to fail');
}

/** Tells the driver to check something now and waits for its verdict (a JSON file). */
async function checkpoint(report: (line: ReportLine) => void, name: string): Promise<{ ok: boolean; detail: string }> {
  const directory = process.env.PTK_AI_CHECKPOINTS;
  assert.ok(directory, 'PTK_AI_CHECKPOINTS is set');
  report({ type: 'checkpoint', name });
  const file = join(directory, `${name}.json`);
  await waitFor(`the driver's verdict on ${name}`, () => existsSync(file), 60_000, 200);
  return JSON.parse(readFileSync(file, 'utf8')) as { ok: boolean; detail: string };
}

/** A chat response stream that records what the participant writes. */
function recordingStream(): { stream: vscode.ChatResponseStream; markdown: string[]; progress: string[] } {
  const markdown: string[] = [];
  const progress: string[] = [];
  const stream = new Proxy({}, {
    get: (_target, key) => {
      if (key === 'markdown') return (value: string | vscode.MarkdownString) => markdown.push(typeof value === 'string' ? value : value.value);
      if (key === 'progress') return (value: string) => progress.push(value);
      return () => undefined;
    },
  }) as vscode.ChatResponseStream;
  return { stream, markdown, progress };
}

/** A request to @ptk as VS Code's chat makes it. */
function participantRequest(prompt: string, references: Array<{ id: string; value: unknown }> = []): vscode.ChatRequest {
  return { prompt, command: undefined, references, toolReferences: [], toolInvocationToken: undefined, model: undefined } as unknown as vscode.ChatRequest;
}

export async function run(api: PTKExtensionApi, report: (line: ReportLine) => void): Promise<void> {
  report({ type: 'info', vscodeVersion: vscode.version, nodeVersion: process.version });
  const runner = new SuiteRunner(report);
  const consumerExtension = vscode.extensions.getExtension<ConsumerExports>('ptk-tests.lm-consumer');
  const consumer = consumerExtension ? await consumerExtension.activate() : undefined;
  const lm = (): ConsumerExports['vscode'] => {
    assert.ok(consumer, 'the consumer test extension is installed');
    return consumer.vscode;
  };
  const ptkModel = async (): Promise<vscode.LanguageModelChat> => {
    const models = await waitFor('the ptk model', async () => {
      const found = await lm().lm.selectChatModels({ vendor: 'ptk' });
      return found.length > 0 ? found : undefined;
    }, 30_000);
    return models[0];
  };

  runner.test('another extension finds the chat tab as a language model (vendor ptk)', async () => {
    const model = await ptkModel();
    assert.equal(model.id, 'ptk-chatgpt');
    assert.equal(model.name, 'ChatGPT (web, via PTK)');
    assert.equal(model.vendor, 'ptk');
    assert.equal(model.maxInputTokens, 44_000, 'the site\'s 200,000 characters less 24,000 kept for PTK\'s prompt, at four per token');
    assert.equal(await model.countTokens('abcdefgh'), 2, 'the documented estimate: four characters per token');
  });

  runner.test('sendRequest with two tools: streamed text, a tool call with its input, the result sent back, the final answer', async () => {
    const V = lm();
    const model = await ptkModel();
    const question = V.LanguageModelChatMessage.User('PTK-LM-WEATHER: What is the weather in Paris? Use a tool.');
    // The replica holds the answer after its first words until this checkpoint: text reaching us
    // before the hold is released arrived while the answer was still streaming.
    let streaming: Promise<{ ok: boolean; detail: string }> | undefined;
    const first = await collect(V, await model.sendRequest([question], { tools: WEATHER_TOOLS, justification: 'PTK test' }, new V.CancellationTokenSource().token), () => {
      streaming ??= checkpoint(report, 'weather-streaming');
    });
    assert.ok(first.texts.length >= 2, `the text came in several parts: ${JSON.stringify(first.texts)}`);
    assert.equal(first.texts.join(''), 'Let me check the weather in Paris for you.');
    assert.ok(streaming, 'text arrived');
    const verdict = await streaming;
    assert.ok(verdict.ok, `text arrived while the answer was still streaming: ${verdict.detail}`);
    assert.equal(first.calls.length, 1);
    assert.deepEqual(first.order.slice(-1), ['call']);
    const call = first.calls[0];
    assert.equal(call.name, 'get_weather');
    assert.deepEqual(call.input, { city: 'Paris' });
    assert.ok(call.callId.length > 0);

    const followUp = [
      question,
      V.LanguageModelChatMessage.Assistant([new V.LanguageModelTextPart(first.texts.join('')), new V.LanguageModelToolCallPart(call.callId, call.name, call.input)]),
      V.LanguageModelChatMessage.User([new V.LanguageModelToolResultPart(call.callId, [new V.LanguageModelTextPart('sunny, 21 C')])]),
    ];
    const second = await collect(V, await model.sendRequest(followUp, { tools: WEATHER_TOOLS }, new V.CancellationTokenSource().token));
    assert.equal(second.texts.join(''), 'It is sunny in Paris, 21 °C.');
    assert.equal(second.calls.length, 0);
  }, { timeoutMs: 120_000 });

  runner.test('a malformed call from the site is repaired inside the provider and never reaches the consumer', async () => {
    const V = lm();
    const model = await ptkModel();
    const result = await collect(V, await model.sendRequest([V.LanguageModelChatMessage.User('PTK-LM-BROKEN: What is the weather in Berlin?')], { tools: WEATHER_TOOLS }, new V.CancellationTokenSource().token));
    const text = result.texts.join('');
    assert.ok(!/TOOL_CALL|TOOL_ERROR|"tool"/.test(text), `no markup reached the consumer: ${JSON.stringify(text)}`);
    assert.equal(text, 'I will look it up.');
    assert.deepEqual(result.calls.map((call) => [call.name, call.input]), [['get_weather', { city: 'Berlin' }]]);
  }, { timeoutMs: 120_000 });

  runner.test('two calls in one answer arrive as two tool-call parts (parallel calls), no piece of a tag as text, and both results go back in one turn', async () => {
    const V = lm();
    const model = await ptkModel();
    const question = V.LanguageModelChatMessage.User('PTK-LM-PARALLEL: Weather and time in Oslo?');
    const first = await send(V, model, [question], { tools: WEATHER_TOOLS });
    assert.equal(first.texts.join(''), 'Checking both.');
    assert.deepEqual(first.calls.map((part) => [part.name, part.input]), [['get_weather', { city: 'Oslo' }], ['get_time', { zone: 'Europe/Oslo' }]]);
    assert.notEqual(first.calls[0].callId, first.calls[1].callId);
    assert.deepEqual(first.order.slice(-2), ['call', 'call']);
    const followUp = [
      question,
      V.LanguageModelChatMessage.Assistant([new V.LanguageModelTextPart(first.texts.join('')), ...first.calls]),
      V.LanguageModelChatMessage.User(first.calls.map((part, index) => new V.LanguageModelToolResultPart(part.callId, [new V.LanguageModelTextPart(index === 0 ? 'rainy, 12 C' : '09:30')]))),
    ];
    assert.equal((await send(V, model, followUp, { tools: WEATHER_TOOLS })).texts.join(''), 'Rainy in Oslo at 09:30.');
  }, { timeoutMs: 120_000 });

  runner.test('a request without tools is sent plain (the messages alone) and answered as text', async () => {
    const V = lm();
    const plain = await send(V, await ptkModel(), [V.LanguageModelChatMessage.User('PTK-LM-PLAIN: Write a commit message for a typo fix in the README.')]);
    assert.deepEqual([plain.texts.join(''), plain.calls.length], ['Fix typo in README', 0]);
  }, { timeoutMs: 120_000 });

  runner.test('maxInputTokens is a usable budget: a request of exactly that many tokens (by countTokens) is answered, one token more fails in the caller\'s terms', async () => {
    const V = lm();
    const model = await ptkModel();
    const question = V.LanguageModelChatMessage.User('PTK-LM-BUDGET: How long was that?');
    /** Messages of exactly `tokens` tokens as the model counts them. */
    const request = async (tokens: number): Promise<vscode.LanguageModelChatMessage[]> => {
      const rest = tokens - await model.countTokens(question);
      let length = rest * 4;
      while (await model.countTokens(V.LanguageModelChatMessage.User('x'.repeat(length))) > rest) length--;
      const filler = V.LanguageModelChatMessage.User('x'.repeat(length));
      assert.equal(await model.countTokens(filler) + await model.countTokens(question), tokens);
      return [filler, question];
    };
    const fits = await send(V, model, await request(model.maxInputTokens), { tools: WEATHER_TOOLS });
    assert.equal(fits.texts.join(''), 'That fitted.');
    const failure = await sendAndCatch(V, model, await request(model.maxInputTokens + 1), { tools: WEATHER_TOOLS });
    assert.ok(failure instanceof V.LanguageModelError, `a LanguageModelError: ${String(failure)}`);
    assert.equal(failure.code, 'Unknown', 'none of the specific kinds: the cause says what');
    assert.equal((failure.cause as { code?: string } | undefined)?.code, 'PROMPT_TOO_LONG');
    assert.match(failure.message, new RegExp(`${model.maxInputTokens + 1} tokens.*at most ${model.maxInputTokens} input tokens`));
    assert.doesNotMatch(failure.message, /read_file/);
  }, { timeoutMs: 180_000 });

  runner.test('cancelling mid-answer stops the generation on the site', async () => {
    const V = lm();
    const model = await ptkModel();
    const source = new V.CancellationTokenSource();
    let cancelled = false;
    const response = await model.sendRequest([V.LanguageModelChatMessage.User('PTK-LM-CANCEL: Write a long essay.')], {}, source.token);
    let received = '';
    try {
      await collect(V, response, (text) => {
        received += text;
        if (!cancelled) {
          cancelled = true;
          source.cancel();
        }
      });
    } catch {
      // A cancelled stream may end with a cancellation error.
    }
    assert.ok(cancelled, 'some text arrived before the cancel');
    assert.ok(received.length < 400, `the answer stopped early (${received.length} characters received)`);
    const verdict = await checkpoint(report, 'cancelled');
    assert.ok(verdict.ok, verdict.detail);
  }, { timeoutMs: 150_000 });

  runner.test('@ptk runs a PTK task: markdown streamed, tool progress, the attached file as context, follow-ups', async () => {
    assert.equal(api.vscodeAi.participant?.id, 'ptk.assistant', 'the participant is registered');
    const { stream, markdown, progress } = recordingStream();
    const request = participantRequest('PTK-PARTICIPANT: What do my notes say? The attached config matters too.', [{ id: 'vscode.file', value: vscode.Uri.file(fixturePath(api, 'config/valid.json')) }]);
    const token = new vscode.CancellationTokenSource().token;
    // The project's rules reach @ptk's prompt as they reach the chat view's.
    const rulesFile = vscode.Uri.file(fixturePath(api, 'AGENTS.md'));
    await vscode.workspace.fs.writeFile(rulesFile, new TextEncoder().encode('Always mention PTK-RULES-MARKER.\n'));
    let result: vscode.ChatResult;
    try {
      result = (await api.vscodeAi.chatHandler(request, { history: [] }, stream, token)) as vscode.ChatResult;
    } finally {
      await vscode.workspace.fs.delete(rulesFile);
    }
    const shown = markdown.join('');
    assert.ok(!shown.includes('TOOL_CALL'), shown);
    assert.match(shown, /Reading the notes first\./);
    assert.match(shown, /The notes mention PTK_SEARCH_MARKER; attachment: valid; rules: used\./);
    assert.ok(progress.includes('Running read_file notes/todo.md…'), JSON.stringify(progress));
    assert.deepEqual(result.metadata, { prompt: request.prompt, success: true, toolNames: ['read_file'] });
    const followups = await api.vscodeAi.participant!.followupProvider!.provideFollowups(result, { history: [] }, token);
    assert.deepEqual(followups?.map((followup) => followup.label), ['Go on']);
  }, { timeoutMs: 120_000 });

  runner.test('@ptk and another extension\'s language-model request run while a chat-view task runs: no refusal, each gets a tab of its own, all answer', async () => {
    // The chat view's task: the replica holds its answer after its first words until the driver releases it.
    const viewTask = api.session.send('PTK-VIEW-HELD: Explain the notes.');
    await waitFor('the chat view task streams', () => api.session.state.items.some((item) => item.kind === 'assistant' && item.text.includes('The view')), 120_000, 100);
    const { stream, markdown } = recordingStream();
    const result = (await api.vscodeAi.chatHandler(participantRequest('PTK-BESIDE: Say hello.'), { history: [] }, stream, new vscode.CancellationTokenSource().token)) as vscode.ChatResult;
    assert.match(markdown.join(''), /Hello beside the sidebar\./);
    assert.equal((result.metadata as { success?: boolean }).success, true);
    // A vscode.lm request from the consumer extension, beside the held task too.
    const V = lm();
    const provided = await send(V, await ptkModel(), [V.LanguageModelChatMessage.User('PTK-BESIDE-LM: Say hello.')]);
    assert.equal(provided.texts.join('').trim(), 'The provider answers beside the sidebar.');
    assert.equal(api.session.busy, true, 'the chat view task still runs, held mid-answer');
    const verdict = await checkpoint(report, 'view-release');
    assert.ok(verdict.ok, verdict.detail);
    const viewResult = await viewTask;
    assert.equal(viewResult?.success, true, viewResult?.error);
    assert.ok(api.session.state.items.some((item) => item.kind === 'assistant' && item.text === 'The view task is answered.'));
    // The driver's sidebar case starts from a conversation of its own.
    await api.session.newConversation();
  }, { timeoutMs: 180_000 });

  runner.test('with ptk.externalTools "ask", a task is offered the consumer\'s LM tool, as a tool that asks first', async () => {
    const tools = api.vscodeAi.taskTools(api.createTools());
    const lookup = tools.find((tool) => tool.name === 'ptkTest_lookupCode');
    assert.ok(lookup, `offered: ${tools.map((tool) => tool.name).join(', ')}`);
    assert.equal(lookup.dangerous, true);
    assert.equal(api.vscodeAi.isDangerousExternalTool('ptkTest_lookupCode'), true);
  });

  runner.test('a rate limit on the site reaches the caller as LanguageModelError Blocked, the PTK error (RATE_LIMITED) as its cause', async () => {
    const V = lm();
    const model = await ptkModel();
    const failure = await sendAndCatch(V, model, [V.LanguageModelChatMessage.User('PTK-LM-LIMIT: Hello?')], {});
    assert.ok(failure instanceof V.LanguageModelError, `a LanguageModelError: ${String(failure)}`);
    assert.equal(failure.code, V.LanguageModelError.Blocked.name);
    assert.equal((failure.cause as { code?: string } | undefined)?.code, 'RATE_LIMITED');
    assert.match(failure.message, /limit/);
  }, { timeoutMs: 120_000 });

  await runner.run();
  report({ type: 'ready' });
}

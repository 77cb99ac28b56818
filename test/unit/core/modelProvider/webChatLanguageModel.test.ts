import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULTS } from '../../../../src/core/constants';
import { PTKErrorCode } from '../../../../src/core/errors';
import type { ProviderMessage, ProviderRequest, ProviderTool, ProviderToolCall } from '../../../../src/core/modelProvider/providerMessages';
import { ThreadTracker } from '../../../../src/core/modelProvider/threadTracker';
import { WebChatLanguageModel } from '../../../../src/core/modelProvider/webChatLanguageModel';
import { ScriptedChatModel, type ScriptedReply } from '../../../../src/core/testing/scriptedChatModel';

const WEATHER: ProviderTool = {
  name: 'get_weather',
  description: 'Current weather of a city.',
  inputSchema: { type: 'object', properties: { city: { type: 'string', description: 'City name' } }, required: ['city'] },
};
const TIME: ProviderTool = { name: 'get_time', description: 'Current time in a time zone.', inputSchema: { type: 'object', properties: { zone: { type: 'string' } }, required: ['zone'] } };

const user = (text: string): ProviderMessage => ({ role: 'user', parts: [{ type: 'text', text }] });
const call = (tool: string, args: Record<string, unknown>) => `<TOOL_CALL>${JSON.stringify({ tool, args })}</TOOL_CALL>`;

/** Records what the provider hands the caller, part by part. */
class RecordingSink {
  readonly parts: Array<{ type: 'text'; value: string } | { type: 'toolCall'; call: ProviderToolCall }> = [];
  text(value: string): void {
    this.parts.push({ type: 'text', value });
  }
  toolCall(toolCall: ProviderToolCall): void {
    this.parts.push({ type: 'toolCall', call: toolCall });
  }
  get texts(): string[] {
    return this.parts.flatMap((part) => (part.type === 'text' ? [part.value] : []));
  }
  get calls(): ProviderToolCall[] {
    return this.parts.flatMap((part) => (part.type === 'toolCall' ? [part.call] : []));
  }
  /** The assistant message a caller echoes back. */
  answer(): ProviderMessage {
    return { role: 'assistant', parts: [{ type: 'text', text: this.texts.join('') }, ...this.calls.map((toolCall) => ({ type: 'toolCall' as const, ...toolCall }))] };
  }
}

function setUp(replies: ScriptedReply[], options: { keepsThread?: boolean; chunkSize?: number; delayMs?: number } = {}) {
  const model = new ScriptedChatModel(replies, { keepsThread: options.keepsThread ?? true, chunkSize: options.chunkSize ?? 5, delayMs: options.delayMs });
  const lm = new WebChatLanguageModel({ getModel: async () => model, threads: new ThreadTracker('s') });
  return { model, lm };
}

function request(messages: ProviderMessage[], tools: ProviderTool[] = [WEATHER, TIME], toolMode: ProviderRequest['toolMode'] = 'auto'): ProviderRequest {
  return { modelId: 'ptk-chatgpt', messages, tools, toolMode };
}

describe('WebChatLanguageModel', () => {
  it('streams the prose, hands over the call with its input and a stable id, then continues the thread with only the result', async () => {
    const { model, lm } = setUp([`Let me check the weather for you.\n${call('get_weather', { city: 'Paris' })}`, 'It is sunny in Paris, 21 °C.']);
    const first = [user('What is the weather in Paris?')];
    const sink = new RecordingSink();
    const report = await lm.respond(request(first), sink);
    assert.ok(sink.texts.length > 1, `streamed in several parts: ${JSON.stringify(sink.texts)}`);
    assert.equal(sink.texts.join(''), 'Let me check the weather for you.');
    assert.deepEqual(sink.calls, [{ callId: 'call_s1_0_0', name: 'get_weather', input: { city: 'Paris' } }]);
    assert.equal(sink.parts.at(-1)?.type, 'toolCall', 'the call comes after the text');
    assert.equal(report.mode, 'new');
    assert.equal(model.calls[0].newThread, true);
    assert.match(model.prompts[0], /get_weather\(city: string\)/);
    assert.match(model.prompts[0], /USER:\nWhat is the weather in Paris\?/);

    const second: ProviderMessage[] = [...first, sink.answer(), { role: 'user', parts: [{ type: 'toolResult', callId: 'call_s1_0_0', text: 'sunny, 21 C' }] }];
    const finalSink = new RecordingSink();
    const secondReport = await lm.respond(request(second), finalSink);
    assert.equal(secondReport.mode, 'continue');
    assert.equal(model.calls[1].newThread, false);
    assert.equal(model.prompts[1], 'TOOL_RESULT: {"success":true,"data":"sunny, 21 C","error":null}');
    assert.equal(finalSink.texts.join(''), 'It is sunny in Paris, 21 °C.');
    assert.deepEqual(finalSink.calls, []);
  });

  it('a new conversation, or one the tab does not hold, gets a new chat with the whole transcript', async () => {
    const { model, lm } = setUp(['One.', 'Two.']);
    await lm.respond(request([user('first conversation')]), new RecordingSink());
    const history: ProviderMessage[] = [
      user('other conversation'),
      { role: 'assistant', parts: [{ type: 'text', text: 'Checking.' }, { type: 'toolCall', callId: 'x1', name: 'get_time', input: { zone: 'UTC' } }] },
      { role: 'user', parts: [{ type: 'toolResult', callId: 'x1', text: '12:00' }] },
      user('thanks, and now?'),
    ];
    const report = await lm.respond(request(history), new RecordingSink());
    assert.equal(report.mode, 'new');
    assert.equal(model.calls[1].newThread, true);
    const prompt = model.prompts[1];
    assert.match(prompt, /AVAILABLE TOOLS/);
    assert.ok(prompt.includes('<TOOL_CALL>{"tool":"get_time","args":{"zone":"UTC"}}</TOOL_CALL>'), prompt);
    assert.ok(prompt.includes('TOOL_RESULT: {"success":true,"data":"12:00","error":null}'));
    assert.ok(prompt.indexOf('other conversation') < prompt.indexOf('thanks, and now?'));
  });

  it('repairs a malformed call inside the request: the caller sees neither the markup nor the error', async () => {
    const { model, lm } = setUp([
      `I'll look that up.\n<TOOL_CALL>{"tool": "get_weather", "args": {"city": "Berlin"}}`,
      `Sorry, here is the call.\n${call('get_weather', { city: 'Berlin' })}`,
    ]);
    const sink = new RecordingSink();
    const report = await lm.respond(request([user('Weather in Berlin?')]), sink);
    assert.equal(report.repairs, 1);
    assert.equal(sink.texts.join(''), "I'll look that up.", 'only the first attempt\'s prose is shown');
    assert.deepEqual(sink.calls.map((toolCall) => [toolCall.name, toolCall.input]), [['get_weather', { city: 'Berlin' }]]);
    assert.ok(!sink.texts.join('').includes('TOOL'), 'no markup and no TOOL_ERROR reached the caller');
    assert.match(model.prompts[1], /^TOOL_ERROR: /);
    assert.equal(model.calls[1].newThread, false, 'the repair goes into the same chat');
  });

  it('repairs unknown tools and bad arguments, naming the problem to the model', async () => {
    const { model, lm } = setUp([call('get_wether', { city: 'Oslo' }), call('get_weather', { city: 42 }), call('get_weather', { city: 'Oslo' })]);
    const sink = new RecordingSink();
    const report = await lm.respond(request([user('Oslo?')]), sink);
    assert.equal(report.repairs, 2);
    assert.match(model.prompts[1], /TOOL_ERROR: Unknown tool "get_wether"\. Available tools: get_weather, get_time/);
    assert.match(model.prompts[2], /TOOL_ERROR: .*city/);
    assert.deepEqual(sink.calls[0].input, { city: 'Oslo' });
  });

  it('fails with a model-behaviour error after the bounded repairs, and the next request starts a new chat', async () => {
    const broken = '<TOOL_CALL>{"tool": "get_weather"';
    const { model, lm } = setUp([broken, broken, broken, 'fine']);
    const sink = new RecordingSink();
    await assert.rejects(lm.respond(request([user('x')]), sink), (error: Error & { code?: string }) => error.code === PTKErrorCode.PARSE_ERROR && /after 2 repairs/.test(error.message));
    assert.equal(model.calls.length, 3);
    assert.deepEqual(sink.calls, []);
    await lm.respond(request([user('x'), { role: 'assistant', parts: [] }, user('again')]), new RecordingSink());
    assert.equal(model.calls[3].newThread, true);
  });

  it('honours toolMode required: a text reply is sent back until a tool is called', async () => {
    const { model, lm } = setUp(['It is probably sunny.', call('get_weather', { city: 'Rome' })]);
    const sink = new RecordingSink();
    await lm.respond(request([user('Rome?')], [WEATHER], 'required'), sink);
    assert.match(model.prompts[0], /MUST call one of the tools/);
    assert.match(model.prompts[1], /TOOL_ERROR: This request requires a tool call/);
    assert.equal(sink.calls[0].name, 'get_weather');
  });

  it('with more tools than the bound, lists them compactly and answers describe_tool itself', async () => {
    const tools: ProviderTool[] = Array.from({ length: 50 }, (_, index) => ({
      name: `tool_${index}`,
      description: `Tool number ${index}. It has a long explanation.`,
      inputSchema: { type: 'object', properties: { [`value_${index}`]: { type: 'string', description: `the secret parameter ${index}` } }, required: [`value_${index}`] },
    }));
    const { model, lm } = setUp([call('describe_tool', { name: 'tool_7' }), call('tool_7', { value_7: 'x' })]);
    const sink = new RecordingSink();
    const report = await lm.respond(request([user('use tool 7')], tools), sink);
    assert.ok(!model.prompts[0].includes('the secret parameter 7'), 'schemas left out of the prompt');
    assert.match(model.prompts[0], /describe_tool/);
    assert.ok(model.prompts[1].startsWith('TOOL_RESULT: '), model.prompts[1]);
    assert.ok(model.prompts[1].includes('the secret parameter 7'), 'describe_tool returned the full schema');
    assert.equal(report.repairs, 0);
    assert.deepEqual(sink.calls.map((toolCall) => toolCall.name), ['tool_7']);
  });

  it('cancellation stops the model call, rejects as ABORTED, and the next request starts a new chat', async () => {
    const { model, lm } = setUp([`${'word '.repeat(200)}`, 'after'], { delayMs: 0, chunkSize: 5 });
    const controller = new AbortController();
    const sink = { text: () => controller.abort(), toolCall: () => undefined };
    await assert.rejects(lm.respond(request([user('long')]), sink, controller.signal), (error: Error & { code?: string }) => error.code === PTKErrorCode.ABORTED);
    assert.equal(model.calls[0].options.signal?.aborted, true, 'the backend saw the cancellation');
    await lm.respond(request([user('long'), { role: 'assistant', parts: [] }, user('next')]), new RecordingSink());
    assert.equal(model.calls[1].newThread, true);
  });

  it('a backend without a thread gets the whole transcript every time, repairs included', async () => {
    const { model, lm } = setUp(['<TOOL_CALL>{"tool":', call('get_weather', { city: 'Lima' })], { keepsThread: false });
    await lm.respond(request([user('Lima?')]), new RecordingSink());
    assert.equal(model.calls[0].options.thread, undefined);
    assert.match(model.prompts[1], /AVAILABLE TOOLS/);
    assert.match(model.prompts[1], /TOOL_ERROR/);
  });

  it('after a PTK task used the tab, the caller\'s next request starts a new chat', async () => {
    const { model, lm } = setUp(['a', 'b']);
    const first = [user('hi')];
    const sink = new RecordingSink();
    await lm.respond(request(first), sink);
    lm.tabUsedElsewhere();
    await lm.respond(request([...first, sink.answer(), user('more')]), new RecordingSink());
    assert.equal(model.calls[1].newThread, true);
  });

  it('runs requests one at a time (the tab holds one chat)', async () => {
    let active = 0;
    let most = 0;
    const reply = async () => {
      active++;
      most = Math.max(most, active);
      await new Promise((resolve) => setTimeout(resolve, 20));
      active--;
      return 'ok';
    };
    const { lm } = setUp([reply, reply, reply]);
    await Promise.all([1, 2, 3].map((index) => lm.respond(request([user(`q${index}`)]), new RecordingSink())));
    assert.equal(most, 1);
  });
  it('never hands a caller\'s conversation a call id it already holds: a continued chat, a new chat after a PTK task, and a new tracker (a reload) each number afresh', async () => {
    const replies = [call('get_weather', { city: 'Paris' }), call('get_weather', { city: 'Rome' }), call('get_time', { zone: 'UTC' }), call('get_weather', { city: 'Oslo' })];
    const { lm } = setUp(replies.slice(0, 3));
    let messages: ProviderMessage[] = [user('Weather in Paris?')];
    const ids: string[] = [];
    const ask = async (model: WebChatLanguageModel) => {
      const sink = new RecordingSink();
      await model.respond(request(messages), sink);
      ids.push(...sink.calls.map((toolCall) => toolCall.callId));
      messages = [...messages, sink.answer(), { role: 'user', parts: sink.calls.map((toolCall) => ({ type: 'toolResult' as const, callId: toolCall.callId, text: 'ok' })) }];
    };
    await ask(lm);
    await ask(lm);
    lm.tabUsedElsewhere();
    await ask(lm);
    const reloaded = new WebChatLanguageModel({ getModel: async () => new ScriptedChatModel(replies.slice(3), { keepsThread: true }), threads: new ThreadTracker('r') });
    await ask(reloaded);
    assert.equal(ids.length, 4);
    assert.equal(new Set(ids).size, 4, `every id is new: ${ids.join(', ')}`);
  });

  it('hands over every call of an answer (parallel calls), each with its own id, and no piece of a tag as text', async () => {
    const reply = `Checking both.\n\n${call('get_weather', { city: 'Paris' })}\n\n${call('get_time', { zone: 'Europe/Paris' })}`;
    for (const chunkSize of [1, 3, 5, 7, reply.length]) {
      const { model, lm } = setUp([reply], { chunkSize });
      const sink = new RecordingSink();
      await lm.respond(request([user('Weather and time in Paris?')]), sink);
      assert.deepEqual(sink.calls, [
        { callId: 'call_s1_0_0', name: 'get_weather', input: { city: 'Paris' } },
        { callId: 'call_s1_0_1', name: 'get_time', input: { zone: 'Europe/Paris' } },
      ], `chunk size ${chunkSize}`);
      assert.equal(sink.texts.join(''), 'Checking both.', `chunk size ${chunkSize}`);
      assert.equal(model.calls[0].reply, reply, 'the whole answer was read, not cut at the first call');
      assert.match(model.prompts[0], /several <TOOL_CALL> blocks in one response/);
    }
  });

  it('shows only prose the finished answer keeps: text shown is never changed by what follows (blank lines and a fence a call leaves behind are tidied first)', async () => {
    const weather = call('get_weather', { city: 'Paris' });
    const cases: Array<[reply: string, shown: string]> = [
      [`First.\n\n\n\nSecond.\n${weather}`, 'First.\n\nSecond.'],
      [`Here:\n\`\`\`\n${weather}\n\`\`\`\nDone.`, 'Here:\n\nDone.'],
    ];
    for (const [reply, shown] of cases) {
      for (const chunkSize of [1, 3, 5, 7, reply.length]) {
        const { lm } = setUp([reply], { chunkSize });
        const sink = new RecordingSink();
        await lm.respond(request([user('Weather?')]), sink);
        assert.equal(sink.texts.join(''), shown, `${JSON.stringify(reply)} in ${chunkSize}-character deltas`);
        assert.deepEqual(sink.calls.map((toolCall) => toolCall.name), ['get_weather']);
      }
    }
  });

  it('never shows a piece of call markup, whatever the tag, its case or a ```tool fence, nor the start of a tag the reply was cut in', async () => {
    const args = '{"tool":"get_weather","args":{"city":"Paris"}}';
    const cases: Array<[reply: string, shown: string]> = [
      [`Sure.\n<PTK_CALL>${args}</PTK_CALL>`, 'Sure.'],
      [`Working on it <tool_call>${args}</tool_call>`, 'Working on it'],
      [`First.\n\`\`\`tool\n${args}\n\`\`\``, 'First.'],
      ...['\n\n<', '\n\n<TOOL_CAL', '<tool_c', '</ TOOL'].map((cut): [string, string] => [`Checking.\n<TOOL_CALL>${args}</TOOL_CALL>${cut}`, 'Checking.']),
      // `< /` never starts a tag (the slash comes right after `<`): prose, shown as it is.
      [`Checking.\n<TOOL_CALL>${args}</TOOL_CALL>< /TOOL`, 'Checking.\n< /TOOL'],
    ];
    for (const [reply, shown] of cases) {
      for (const chunkSize of [1, 2, 3, 7, reply.length]) {
        const { lm } = setUp([reply], { chunkSize });
        const sink = new RecordingSink();
        await lm.respond(request([user('Weather?')]), sink);
        assert.equal(sink.texts.join(''), shown, `${JSON.stringify(reply)} in ${chunkSize}-character deltas`);
        assert.deepEqual(sink.calls.map((toolCall) => toolCall.input), [{ city: 'Paris' }]);
      }
    }
  });

  it('shows angle brackets and fenced JSON that are not calls as the text they are', async () => {
    for (const reply of ['2 < 3 and <b> is bold', `if a < b then the answer is ${'long '.repeat(20)}done`, 'Second.\n```json\n{"tool":"get_weather","args":{"city":"Paris"}}\n```']) {
      const { lm } = setUp([reply], { chunkSize: 3 });
      const sink = new RecordingSink();
      await lm.respond(request([user('Weather?')]), sink);
      assert.equal(sink.texts.join(''), reply);
      assert.deepEqual(sink.calls, []);
    }
  });

  it('the results of parallel calls continue the thread in one message', async () => {
    const { model, lm } = setUp([`${call('get_weather', { city: 'Paris' })}\n${call('get_time', { zone: 'UTC' })}`, 'Sunny, and it is noon.']);
    const first = [user('Weather and time?')];
    const sink = new RecordingSink();
    await lm.respond(request(first), sink);
    const results: ProviderMessage = { role: 'user', parts: sink.calls.map((toolCall, index) => ({ type: 'toolResult' as const, callId: toolCall.callId, text: index === 0 ? 'sunny' : '12:00' })) };
    const report = await lm.respond(request([...first, sink.answer(), results]), new RecordingSink());
    assert.equal(report.mode, 'continue');
    assert.equal(model.prompts[1], 'TOOL_RESULT: {"success":true,"data":"sunny","error":null}\n\nTOOL_RESULT: {"success":true,"data":"12:00","error":null}');
  });

  it('a request without tools is a plain question: the messages alone, the answer as text even when it shows call markup', async () => {
    const answer = 'Use <TOOL_CALL>{"tool":"x","args":{}}</TOOL_CALL> to call a tool.';
    const { model, lm } = setUp([answer]);
    const sink = new RecordingSink();
    const system: ProviderMessage = { role: 'system', parts: [{ type: 'text', text: 'Be brief.' }] };
    await lm.respond(request([system, user('How does PTK call tools?')], []), sink);
    assert.equal(model.prompts[0], 'Be brief.\n\nHow does PTK call tools?');
    assert.equal(sink.texts.join(''), answer);
    assert.deepEqual(sink.calls, []);
  });

  it('maxInputTokens is the site\'s limit less PTK\'s reserve: a request of exactly that many tokens (as counted) fits the site, one more fails before sending, in the caller\'s terms', async () => {
    const promptLimitChars = 40_000;
    const { model, lm } = setUp(['Done.', 'never']);
    const budgeted = new WebChatLanguageModel({ getModel: async () => model, threads: new ThreadTracker('s'), promptLimitChars: () => promptLimitChars });
    const limit = budgeted.maxInputTokens();
    assert.equal(limit, Math.floor((promptLimitChars - DEFAULTS.providerPromptReserveChars) / 4));
    const question = user('Summarise this.');
    /** A message that brings the request (with the question) to exactly `tokens` tokens as counted. */
    const filler = (tokens: number): ProviderMessage => {
      const rest = tokens - budgeted.countMessageTokens(question);
      let length = rest * 4;
      while (budgeted.countMessageTokens(user('x'.repeat(length))) > rest) length--;
      const message = user('x'.repeat(length));
      assert.equal(budgeted.countMessageTokens(message) + budgeted.countMessageTokens(question), tokens);
      return message;
    };
    const whole = filler(limit);
    await budgeted.respond(request([whole, question]), new RecordingSink());
    assert.ok(model.prompts[0].length <= promptLimitChars, `the prompt (${model.prompts[0].length} characters) fits the site's ${promptLimitChars}`);
    assert.ok(model.prompts[0].includes((whole.parts[0] as { text: string }).text), 'the request was sent whole, not compacted');
    await assert.rejects(budgeted.respond(request([filler(limit + 1), question]), new RecordingSink()), (error: Error & { code?: string }) => {
      assert.equal(error.code, PTKErrorCode.PROMPT_TOO_LONG);
      assert.match(error.message, new RegExp(`${limit + 1} tokens.*at most ${limit} input tokens`));
      assert.doesNotMatch(error.message, /read_file/);
      return true;
    });
    assert.equal(model.calls.length, 1, 'nothing was sent');
    assert.equal(lm.maxInputTokens(), Math.floor(DEFAULTS.historyBudgetChars / 4), 'without a site limit: the history budget');
  });

  it("a request for one site's model goes to that site with that site's input limit", async () => {
    const { model } = setUp(['From Claude.']);
    const limits: Record<string, number> = { chatgpt: 200_000, claude: 40_000 };
    const lm = new WebChatLanguageModel({ getModel: async () => model, threads: new ThreadTracker('s'), promptLimitChars: (site) => limits[site ?? 'chatgpt']! });
    assert.equal(lm.maxInputTokens('claude'), Math.floor((40_000 - DEFAULTS.providerPromptReserveChars) / 4));
    assert.equal(lm.maxInputTokens(), Math.floor((200_000 - DEFAULTS.providerPromptReserveChars) / 4));
    await lm.respond({ ...request([user('Hello')], []), modelId: 'ptk-claude', site: 'claude' }, new RecordingSink());
    assert.equal(model.calls[0]!.options?.site, 'claude');
    const tooLong = user('x'.repeat(4 * lm.maxInputTokens('claude') + 400));
    await assert.rejects(lm.respond({ ...request([tooLong], []), modelId: 'ptk-claude', site: 'claude' }, new RecordingSink()), { code: PTKErrorCode.PROMPT_TOO_LONG });
  });

  it('tool schemas too long for the reserve are listed compactly (describe_tool) so the caller\'s budget holds', async () => {
    const big: ProviderTool = { name: 'big_tool', description: `Does much. ${'Detail. '.repeat(DEFAULTS.providerPromptReserveChars / 8)}`, inputSchema: { type: 'object', properties: { a: { type: 'string' } } } };
    const { model, lm } = setUp(['ok']);
    await lm.respond(request([user('hi')], [big]), new RecordingSink());
    assert.match(model.prompts[0], /describe_tool/);
    assert.ok(model.prompts[0].length < DEFAULTS.providerPromptReserveChars, `${model.prompts[0].length} characters`);
  });
});

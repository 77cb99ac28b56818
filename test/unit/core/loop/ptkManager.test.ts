import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { InMemoryContextManager } from '../../../../src/core/compat/memoryContextStore';
import { ApprovalRejectedError, LLMBackendError, PTKErrorCode } from '../../../../src/core/errors';
import { PTKManager } from '../../../../src/core/loop/ptkManager';
import { ScriptedChatModel } from '../../../../src/core/testing/scriptedChatModel';
import { defineTool } from '../../../../src/core/tools/defineTool';
import { ToolRegistry } from '../../../../src/core/tools/toolRegistry';
import type { PTKToolCall } from '../../../../src/core/types';
import { call, readFileTool, registryWith, writeFileTool } from './helpers';

describe('PTKManager.orchestrateToolCalling: the documented examples', () => {
  it('simple tool call → success, 2 iterations, content from the final answer', async () => {
    const model = new ScriptedChatModel([
      '<PTK_CALL>{"tool":"read_file","args":{"path":"test.ts"}}</PTK_CALL>',
      'The file contains 5 functions',
    ]);
    const tool = readFileTool();
    const manager = new PTKManager(model, registryWith(tool), new InMemoryContextManager());
    const result = await manager.orchestrateToolCalling('Read test.ts', { tools: ['read_file'] });
    assert.equal(result.success, true);
    assert.equal(result.iterations, 2);
    assert.match(result.content, /5 functions/);
    assert.deepEqual(tool.runs, ['test.ts']);
    assert.equal(result.totalToolCalls, 1);
    assert.equal(result.toolCalls[0].tool, 'read_file');
    assert.equal(result.finishReason, 'text');
    // The second prompt carries the tool result.
    assert.match(model.prompts[1], /TOOL_RESULT: \{"success":true,"data":\{"content":"function a\(\) \{\}/);
  });

  it('max iterations → success false, error mentions Max iterations', async () => {
    const model = new ScriptedChatModel(() => '<PTK_CALL>{"tool":"read_file","args":{"path":"test.ts"}}</PTK_CALL>');
    const manager = new PTKManager(model, registryWith(readFileTool()), new InMemoryContextManager());
    const result = await manager.execute('Read test.ts', { tools: ['read_file'], maxIterations: 3 });
    assert.equal(result.success, false);
    assert.match(result.error!, /Max iterations/);
    assert.equal(result.errorCode, PTKErrorCode.MAX_ITERATIONS_REACHED);
    assert.equal(result.iterations, 3);
    assert.equal(model.calls.length, 3);
  });
});

describe('PTKManager.orchestrateToolCalling: mistakes', () => {
  it('answers an unknown tool with TOOL_ERROR listing the tools, then continues', async () => {
    const model = new ScriptedChatModel([call('read_fil', { path: 'a' }), call('read_file', { path: 'test.ts' }), 'done']);
    const manager = new PTKManager(model, registryWith(readFileTool()));
    const result = await manager.orchestrateToolCalling('go');
    assert.equal(result.success, true);
    assert.match(model.prompts[1], /TOOL_ERROR: .*read_fil.*Available tools: read_file/);
  });

  it('answers bad arguments with the zod issues, then continues', async () => {
    const model = new ScriptedChatModel([call('read_file', { path: 42 }), call('read_file', { path: 'test.ts' }), 'ok']);
    const manager = new PTKManager(model, registryWith(readFileTool()));
    const result = await manager.orchestrateToolCalling('go');
    assert.equal(result.success, true);
    assert.match(model.prompts[1], /TOOL_ERROR: Invalid arguments for read_file: path/);
  });

  it('answers an invalid reply (truncated call) with TOOL_ERROR and continues', async () => {
    const model = new ScriptedChatModel(['<TOOL_CALL>{"tool":"read_file","args":{"pa', 'plain answer']);
    const manager = new PTKManager(model, registryWith(readFileTool()));
    const result = await manager.orchestrateToolCalling('go');
    assert.equal(result.success, true);
    assert.equal(result.content, 'plain answer');
    assert.match(model.prompts[1], /TOOL_ERROR: /);
  });

  const mistakeCases: Array<[string, string, PTKErrorCode]> = [
    ['invalid replies', '<TOOL_CALL>{"tool": "read_file", "args": {', PTKErrorCode.PARSE_ERROR],
    ['unknown tools', call('nope', {}), PTKErrorCode.TOOL_NOT_FOUND],
    ['bad arguments', call('read_file', { wrong: 1 }), PTKErrorCode.INVALID_TOOL_CALL],
  ];
  for (const [name, reply, code] of mistakeCases) {
    it(`fails with ${code} after maxConsecutiveMistakes ${name} in a row`, async () => {
      const model = new ScriptedChatModel(() => reply);
      const manager = new PTKManager(model, registryWith(readFileTool()));
      const result = await manager.orchestrateToolCalling('go', { maxConsecutiveMistakes: 3 });
      assert.equal(result.success, false);
      assert.equal(result.errorCode, code);
      assert.equal(result.iterations, 3);
    });
  }

  it('a successful call resets the mistake count', async () => {
    const bad = call('nope');
    const good = (path: string) => call('read_file', { path });
    const model = new ScriptedChatModel([bad, bad, good('test.ts'), bad, bad, 'finished']);
    const manager = new PTKManager(model, registryWith(readFileTool({ 'test.ts': 'x' })));
    const result = await manager.orchestrateToolCalling('go', { maxConsecutiveMistakes: 3 });
    assert.equal(result.success, true);
  });
});

describe('PTKManager.orchestrateToolCalling: tool failures', () => {
  it('a throwing tool becomes TOOL_RESULT success false and the loop continues', async () => {
    const model = new ScriptedChatModel([call('read_file', { path: 'missing.txt' }), 'It does not exist.']);
    const manager = new PTKManager(model, registryWith(readFileTool({})));
    const result = await manager.orchestrateToolCalling('go');
    assert.equal(result.success, true);
    assert.match(model.prompts[1], /TOOL_RESULT: \{"success":false,"data":null,"error":"File not found: missing.txt"\}/);
  });

  it('failOnToolError with retries exhausted fails with TOOL_EXECUTION_FAILED', async () => {
    let attempts = 0;
    const flaky = defineTool({ name: 'flaky', description: 'fails', inputSchema: z.object({}), run: () => {
      attempts++;
      throw new Error('boom');
    } });
    const model = new ScriptedChatModel([call('flaky'), 'never']);
    const manager = new PTKManager(model, registryWith(flaky));
    const result = await manager.orchestrateToolCalling('go', { retryFailedTools: true, maxToolRetries: 2, failOnToolError: true });
    assert.equal(result.success, false);
    assert.equal(result.errorCode, PTKErrorCode.TOOL_EXECUTION_FAILED);
    assert.equal(attempts, 3);
  });

  it('retryFailedTools retries until the tool succeeds', async () => {
    let attempts = 0;
    const flaky = defineTool({ name: 'flaky', description: 'fails once', inputSchema: z.object({}), run: () => {
      attempts++;
      if (attempts === 1) throw new Error('transient');
      return 'fine';
    } });
    const model = new ScriptedChatModel([call('flaky'), 'ok']);
    const result = await new PTKManager(model, registryWith(flaky)).orchestrateToolCalling('go', { retryFailedTools: true });
    assert.equal(result.success, true);
    assert.equal(attempts, 2);
    assert.match(model.prompts[1], /"success":true,"data":"fine"/);
  });

  it('a per-tool timeout aborts the tool signal and yields a TOOL_TIMEOUT result', async () => {
    let sawAbort = false;
    const slow = defineTool({ name: 'slow', description: 'never ends', inputSchema: z.object({}), run: (_args, context) => new Promise((resolve) => {
      context.signal.addEventListener('abort', () => {
        sawAbort = true;
      });
      setTimeout(resolve, 5_000).unref();
    }) });
    const results: string[] = [];
    const model = new ScriptedChatModel([call('slow'), 'gave up']);
    const result = await new PTKManager(model, registryWith(slow)).orchestrateToolCalling('go', {
      toolTimeout: 20,
      onToolResult: (info) => results.push(String(info.result.code)),
    });
    assert.equal(result.success, true);
    assert.equal(sawAbort, true);
    assert.deepEqual(results, [PTKErrorCode.TOOL_TIMEOUT]);
    assert.match(model.prompts[1], /timed out after 20 ms/);
  });

  it('middleware can reject a call; the user reason reaches the model as success false', async () => {
    const writer = writeFileTool();
    const registry = new ToolRegistry([writer]);
    registry.use(async (toolCall, next) => {
      if (toolCall.tool === 'write_file') throw new ApprovalRejectedError(undefined, { toolName: 'write_file', reason: 'not in main branch' });
      return next();
    });
    const model = new ScriptedChatModel([call('write_file', { path: 'a', content: 'b' }), 'understood']);
    const result = await new PTKManager(model, registry).orchestrateToolCalling('go');
    assert.equal(result.success, true);
    assert.equal(writer.writes.length, 0);
    assert.match(model.prompts[1], /"success":false.*rejected write_file: not in main branch/);
  });
});

describe('PTKManager.orchestrateToolCalling: duplicates and cycles', () => {
  it('warns about a duplicate (args in any key order), calls onDuplicateDetected, does not run it', async () => {
    const writer = writeFileTool();
    const duplicates: PTKToolCall[] = [];
    const model = new ScriptedChatModel([
      '<TOOL_CALL>{"tool":"write_file","args":{"path":"a","content":"x"}}</TOOL_CALL>',
      '<TOOL_CALL>{"tool":"write_file","args":{"content":"x","path":"a"}}</TOOL_CALL>',
      'done',
    ]);
    const result = await new PTKManager(model, registryWith(writer)).orchestrateToolCalling('go', { onDuplicateDetected: (toolCall) => duplicates.push(toolCall) });
    assert.equal(result.success, true);
    assert.equal(writer.writes.length, 1);
    assert.equal(duplicates.length, 1);
    assert.match(model.prompts[2], /WARNING: You just called "write_file" with the same arguments/);
  });

  it('answers a repeated read-only call from cache, with a note', async () => {
    const reader = readFileTool({ 'a.ts': 'A' });
    const model = new ScriptedChatModel([call('read_file', { path: 'a.ts' }), call('read_file', { path: 'a.ts' }), 'done']);
    const result = await new PTKManager(model, registryWith(reader)).orchestrateToolCalling('go');
    assert.equal(result.success, true);
    assert.deepEqual(reader.runs, ['a.ts']);
    assert.match(model.prompts[2], /from cache[\s\S]*TOOL_RESULT: \{"success":true,"data":\{"content":"A"\}/);
  });

  it('a read repeated after a write runs again (not a duplicate)', async () => {
    const reader = readFileTool({ 'a.ts': 'A' });
    const model = new ScriptedChatModel([
      call('read_file', { path: 'a.ts' }),
      call('write_file', { path: 'a.ts', content: 'B' }),
      call('read_file', { path: 'a.ts' }),
      'done',
    ]);
    const result = await new PTKManager(model, registryWith(reader, writeFileTool())).orchestrateToolCalling('go');
    assert.equal(result.success, true);
    assert.deepEqual(reader.runs, ['a.ts', 'a.ts']);
  });

  it('fails with DUPLICATE_TOOL_CALL when the model ignores the warnings', async () => {
    const model = new ScriptedChatModel(() => call('write_file', { path: 'a', content: 'x' }));
    const result = await new PTKManager(model, registryWith(writeFileTool())).orchestrateToolCalling('go', { maxDuplicateWarnings: 2, maxIterations: 10 });
    assert.equal(result.success, false);
    assert.equal(result.errorCode, PTKErrorCode.DUPLICATE_TOOL_CALL);
    assert.equal(result.iterations, 4);
  });

  it('detects an A-B-A-B cycle: warns once, then fails with CYCLE_DETECTED', async () => {
    const replies = [call('write_file', { path: 'a', content: '1' }), call('write_file', { path: 'b', content: '2' })];
    let index = 0;
    const model = new ScriptedChatModel(() => replies[index++ % 2]);
    const result = await new PTKManager(model, registryWith(writeFileTool())).orchestrateToolCalling('go', { detectDuplicates: false, maxIterations: 20 });
    assert.equal(result.success, false);
    assert.equal(result.errorCode, PTKErrorCode.CYCLE_DETECTED);
    assert.ok(model.prompts.some((prompt) => /cycle/.test(prompt)));
  });
});

describe('PTKManager.orchestrateToolCalling: limits, cancellation, backend errors', () => {
  it('fails with MAX_TOOL_CALLS_REACHED before running one call too many', async () => {
    let count = 0;
    const model = new ScriptedChatModel(() => call('write_file', { path: `f${count++}`, content: 'x' }));
    const writer = writeFileTool();
    const result = await new PTKManager(model, registryWith(writer)).orchestrateToolCalling('go', { maxToolCalls: 2, maxIterations: 10 });
    assert.equal(result.success, false);
    assert.equal(result.errorCode, PTKErrorCode.MAX_TOOL_CALLS_REACHED);
    assert.equal(writer.writes.length, 2);
    assert.equal(result.totalToolCalls, 2);
  });

  it('an aborted signal ends the task with ABORTED and the LLM call gets the signal', async () => {
    const controller = new AbortController();
    const model = new ScriptedChatModel(() => new Promise<string>(() => undefined));
    const pending = new PTKManager(model, registryWith()).orchestrateToolCalling('go', { signal: controller.signal });
    setTimeout(() => controller.abort(), 10);
    const result = await pending;
    assert.equal(result.success, false);
    assert.equal(result.errorCode, PTKErrorCode.ABORTED);
    assert.equal(model.calls[0].options.signal?.aborted, true);
  });

  it('the whole-task timeout ends the task with TIMEOUT', async () => {
    const model = new ScriptedChatModel(() => new Promise<string>(() => undefined));
    const result = await new PTKManager(model, registryWith()).orchestrateToolCalling('go', { timeout: 20 });
    assert.equal(result.errorCode, PTKErrorCode.TIMEOUT);
    assert.match(result.error!, /timed out after 20 ms/);
  });

  it('an LLM error fails with LLM_CALL_FAILED and keeps the backend code', async () => {
    const model = new ScriptedChatModel([new LLMBackendError('Too many requests', { code: PTKErrorCode.RATE_LIMITED, retryAfterMs: 1000 })]);
    const errors: Error[] = [];
    const result = await new PTKManager(model, registryWith()).orchestrateToolCalling('go', { onError: (error) => errors.push(error) });
    assert.equal(result.success, false);
    assert.equal(result.errorCode, PTKErrorCode.LLM_CALL_FAILED);
    assert.equal(result.backendErrorCode, PTKErrorCode.RATE_LIMITED);
    assert.equal(result.retryAfterMs, 1000);
    assert.equal(errors.length, 1);
  });

  it('an unknown tool name in options.tools fails with TOOL_NOT_FOUND without calling the model', async () => {
    const model = new ScriptedChatModel(['never']);
    const result = await new PTKManager(model, registryWith(readFileTool())).orchestrateToolCalling('go', { tools: ['nope'] });
    assert.equal(result.errorCode, PTKErrorCode.TOOL_NOT_FOUND);
    assert.match(result.error!, /Available tools: read_file/);
    assert.equal(model.calls.length, 0);
  });

  it('an empty prompt is refused with CONFIG_INVALID', async () => {
    const result = await new PTKManager(new ScriptedChatModel([]), registryWith()).orchestrateToolCalling('  ');
    assert.equal(result.errorCode, PTKErrorCode.CONFIG_INVALID);
  });
});

describe('PTKManager.orchestrateToolCalling: callbacks, completion, multiple calls', () => {
  it('throwing callbacks are logged and never break the loop', async () => {
    const logged: string[] = [];
    const model = new ScriptedChatModel([call('read_file', { path: 'test.ts' }), 'ok']);
    const boom = () => {
      throw new Error('callback bug');
    };
    const result = await new PTKManager(model, registryWith(readFileTool())).orchestrateToolCalling('go', {
      onIteration: boom,
      onToolCall: boom,
      onToolResult: boom,
      onMessage: boom,
      logger: { warn: (message) => logged.push(message) },
    });
    assert.equal(result.success, true);
    assert.ok(logged.some((message) => message.includes('onToolCall')));
    assert.ok(logged.some((message) => message.includes('onIteration')));
  });

  it('reports iterations, tool calls and tool results with durations', async () => {
    const iterations: string[] = [];
    const durations: number[] = [];
    const model = new ScriptedChatModel([call('read_file', { path: 'test.ts' }), 'ok']);
    await new PTKManager(model, registryWith(readFileTool())).orchestrateToolCalling('go', {
      onIteration: (info) => iterations.push(`${info.iteration}:${info.type}:${info.toolCallsSoFar}`),
      onToolResult: (info) => durations.push(info.durationMs),
    });
    assert.deepEqual(iterations, ['1:tool_call:0', '2:text:1']);
    assert.equal(durations.length, 1);
    assert.ok(durations[0] >= 0);
  });

  it('a finishWorkflow call ends the task with its result when enabled', async () => {
    const model = new ScriptedChatModel([call('finishWorkflow', { result: 'All done.' })]);
    const result = await new PTKManager(model, registryWith()).orchestrateToolCalling('go', { finishTool: true });
    assert.equal(result.success, true);
    assert.equal(result.content, 'All done.');
    assert.equal(result.finishReason, 'finish_tool');
    assert.match(model.prompts[0], /finishWorkflow/);
  });

  it('a DONE action ends the task when the finish tool is enabled', async () => {
    const model = new ScriptedChatModel([call('DONE', { reason: 'nothing left' })]);
    const result = await new PTKManager(model, registryWith()).orchestrateToolCalling('go', { finishTool: true });
    assert.equal(result.content, 'nothing left');
  });

  it('runs only the first of several calls by default and tells the model', async () => {
    const reader = readFileTool({ a: 'A', b: 'B' });
    const model = new ScriptedChatModel([call('read_file', { path: 'a' }) + call('read_file', { path: 'b' }), 'ok']);
    await new PTKManager(model, registryWith(reader)).orchestrateToolCalling('go');
    assert.deepEqual(reader.runs, ['a']);
    assert.match(model.prompts[1], /only one tool call per reply/);
  });

  it('runs several read-only calls in parallel when allowed', async () => {
    let running = 0;
    let maxRunning = 0;
    const slowRead = defineTool({ name: 'slow_read', description: 'r', readOnly: true, inputSchema: z.object({ n: z.number() }), run: async ({ n }) => {
      running++;
      maxRunning = Math.max(maxRunning, running);
      await new Promise((resolve) => setTimeout(resolve, 15));
      running--;
      return n;
    } });
    const model = new ScriptedChatModel([call('slow_read', { n: 1 }) + call('slow_read', { n: 2 }) + call('slow_read', { n: 3 }), 'ok']);
    const result = await new PTKManager(model, registryWith(slowRead)).orchestrateToolCalling('go', { allowMultipleCalls: true });
    assert.equal(result.totalToolCalls, 3);
    assert.equal(maxRunning, 3);
    assert.match(model.prompts[1], /"data":1[\s\S]*"data":2[\s\S]*"data":3/);
  });

  it('estimates tokens as characters / 4 and costs them with costPerToken', async () => {
    const model = new ScriptedChatModel(['answer']);
    const result = await new PTKManager(model, registryWith()).orchestrateToolCalling('go', { costPerToken: 0.5 });
    assert.equal(result.totalTokens, Math.ceil((model.prompts[0].length + 'answer'.length) / 4));
    assert.equal(result.totalCost, result.totalTokens * 0.5);
  });

  it('saves the transcript to the context manager and loads it next time', async () => {
    const store = new InMemoryContextManager();
    const first = new ScriptedChatModel(['The sky is blue.']);
    await new PTKManager(first, registryWith(), store).orchestrateToolCalling('Colour of the sky?', { conversationId: 'c1' });
    const second = new ScriptedChatModel(['Blue, as I said.']);
    await new PTKManager(second, registryWith(), store).orchestrateToolCalling('Again?', { conversationId: 'c1' });
    assert.match(second.prompts[0], /Colour of the sky\?[\s\S]*The sky is blue\.[\s\S]*Again\?/);
    assert.equal((await store.load('c1')).length, 4);
  });

  it('accepts tool objects not registered in the tool manager (the raw JSON Schema shape too)', async () => {
    const raw = { name: 'add', description: 'adds', parameters: { type: 'object' as const, properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] }, handler: async (args: { a: number; b: number }) => args.a + args.b };
    const model = new ScriptedChatModel([call('add', { a: 2, b: 3 }), 'five']);
    const result = await new PTKManager(model).orchestrateToolCalling('go', { tools: [raw] });
    assert.equal(result.success, true);
    assert.match(model.prompts[1], /"data":5/);
  });
});

describe('PTKManager: thread mode (keepsThread backends)', () => {
  it('sends the system prompt once, then only the new messages', async () => {
    const model = new ScriptedChatModel([call('read_file', { path: 'test.ts' }), call('read_file', { path: 'nope' }), 'done'], { keepsThread: true });
    const result = await new PTKManager(model, registryWith(readFileTool())).orchestrateToolCalling('Read test.ts');
    assert.equal(result.success, true);
    assert.equal(model.calls[0].newThread, true);
    assert.match(model.prompts[0], /AVAILABLE TOOLS[\s\S]*Read test.ts/);
    assert.equal(model.calls[1].newThread, false);
    assert.match(model.prompts[1], /^TOOL_RESULT: \{"success":true/);
    assert.doesNotMatch(model.prompts[1], /AVAILABLE TOOLS|Read test.ts/);
    assert.match(model.prompts[2], /^TOOL_RESULT: \{"success":false/);
    // The whole transcript stays available for a roll-over.
    const transcript = model.calls[2].options.thread!.fullTranscript();
    assert.match(transcript, /AVAILABLE TOOLS[\s\S]*Read test.ts[\s\S]*File not found: nope/);
  });

  it('adds a compact protocol reminder every protocolReminderEvery turns', async () => {
    let count = 0;
    const model = new ScriptedChatModel(() => (count < 9 ? call('write_file', { path: `f${count++}`, content: 'x' }) : 'done'), { keepsThread: true });
    await new PTKManager(model, registryWith(writeFileTool())).orchestrateToolCalling('go', { maxIterations: 12 });
    const withReminder = model.prompts.map((prompt, index) => [index + 1, /Reminder: tools available/.test(prompt)] as const).filter(([, has]) => has);
    assert.deepEqual(withReminder.map(([iteration]) => iteration), [8]);
  });

  it('passes isComplete so a streaming backend can stop once a call is complete', async () => {
    const model = new ScriptedChatModel([`${call('read_file', { path: 'test.ts' })} and then some trailing chatter that never ends`, 'ok'], { chunkSize: 5 });
    const deltas: string[] = [];
    const result = await new PTKManager(model, registryWith(readFileTool())).orchestrateToolCalling('go', { onDelta: (delta) => deltas.push(delta.text) });
    assert.equal(result.success, true);
    const reply = model.calls[0].reply!;
    assert.ok(reply.includes('</TOOL_CALL>'));
    assert.ok(reply.length < call('read_file', { path: 'test.ts' }).length + 10, `stopped early: ${reply}`);
    assert.ok(deltas.length > 3);
  });
});

describe('PTKManager.formatPrompt / parseResponse', () => {
  it('formatPrompt puts the system prompt, history and prompt in order', () => {
    const manager = new PTKManager(new ScriptedChatModel([]));
    const text = manager.formatPrompt('Now this', [readFileTool()], [{ role: 'user', content: 'Earlier' }]);
    assert.ok(text.indexOf('read_file') < text.indexOf('Earlier'));
    assert.ok(text.indexOf('Earlier') < text.indexOf('Now this'));
  });

  it('parseResponse detects a tool call and plain text', () => {
    const manager = new PTKManager(new ScriptedChatModel([]));
    assert.equal(manager.parseResponse(call('read_file', { path: 'x' })).type, 'tool_call');
    assert.equal(manager.parseResponse('The version is 1.2.3').type, 'text');
  });
});

describe('PTKManager: middleware applies to tool objects too', () => {
  it('a registered tool passed as an object still goes through the middleware', async () => {
    const writer = writeFileTool();
    const registry = new ToolRegistry([writer]);
    const seen: string[] = [];
    registry.use(async (toolCall, next) => {
      seen.push(toolCall.tool);
      return next();
    });
    const model = new ScriptedChatModel([call('write_file', { path: 'a', content: 'b' }), 'ok']);
    await new PTKManager(model, registry).orchestrateToolCalling('go', { tools: [writer] });
    assert.deepEqual(seen, ['write_file']);
  });
});

describe('PTKManager: option checks', () => {
  it('bad option values fail at once with CONFIG_INVALID naming the option', async () => {
    const model = new ScriptedChatModel(['never']);
    const result = await new PTKManager(model, registryWith()).orchestrateToolCalling('go', { maxIterations: -1, duplicateWindow: 1.5 });
    assert.equal(result.errorCode, PTKErrorCode.CONFIG_INVALID);
    assert.match(result.error!, /maxIterations/);
    assert.match(result.error!, /duplicateWindow/);
    assert.equal(model.calls.length, 0);
  });

  it('a tool name given twice fails with CONFIG_INVALID', async () => {
    const reader = readFileTool();
    const result = await new PTKManager(new ScriptedChatModel(['x']), registryWith(reader)).orchestrateToolCalling('go', { tools: ['read_file', reader] });
    assert.equal(result.errorCode, PTKErrorCode.CONFIG_INVALID);
  });
});

describe('PTKManager: a tool manager that throws', () => {
  it('turns the throw into a failed TOOL_RESULT instead of failing the task', async () => {
    const reader = readFileTool();
    const brokenManager = {
      registerTool: () => undefined,
      getTool: (name: string) => (name === 'read_file' ? reader : undefined),
      listTools: () => [reader],
      use: () => undefined,
      execute: async () => {
        throw new Error('manager exploded');
      },
    };
    const model = new ScriptedChatModel([call('read_file', { path: 'test.ts' }), 'handled']);
    const result = await new PTKManager(model, brokenManager).orchestrateToolCalling('go');
    assert.equal(result.success, true);
    assert.match(model.prompts[1], /"success":false.*manager exploded/);
  });
});

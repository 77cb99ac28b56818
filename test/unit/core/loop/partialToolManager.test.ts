/**
 * Tool managers that have only some of IToolManager's methods: the loop uses what they have.
 * The first describe block is the PTK manager's documented test example, kept in its shape
 * (jest.fn → node:test's mock.fn).
 */
import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { InMemoryContextManager } from '../../../../src/core/compat/memoryContextStore';
import { PTKErrorCode } from '../../../../src/core/errors';
import { PTKManager } from '../../../../src/core/loop/ptkManager';
import { ToolRunner } from '../../../../src/core/loop/toolRunner';
import { ScriptedChatModel } from '../../../../src/core/testing/scriptedChatModel';
import type { ToolManagerLike } from '../../../../src/core/tools/managedTools';
import { call, readFileTool } from './helpers';

const contextManager = new InMemoryContextManager();

describe('PTKManager', () => {
  it('should execute simple tool call', async () => {
    const mockLLM = {
      call: mock.fn<(prompt: string) => Promise<string>>(),
    };
    mockLLM.call.mock.mockImplementationOnce(async () => '<PTK_CALL>{"tool":"read_file","args":{"path":"test.ts"}}</PTK_CALL>', 0);
    mockLLM.call.mock.mockImplementationOnce(async () => 'The file contains 5 functions', 1);

    const mockTool = {
      execute: mock.fn(async () => ({ content: 'function test() {}...' })),
    };

    const ptkManager = new PTKManager(mockLLM, mockTool, contextManager);

    const result = await ptkManager.execute('Read test.ts', {
      tools: ['read_file'],
    });

    assert.equal(result.success, true);
    assert.equal(result.iterations, 2);
    assert.ok(result.content.includes('5 functions'));
    // The named tool ran through the manager, with the model's arguments.
    assert.equal(mockTool.execute.mock.callCount(), 1);
    assert.deepEqual(mockTool.execute.mock.calls[0]!.arguments.slice(0, 2), ['read_file', { path: 'test.ts' }]);
    // What execute returned reached the model as a successful result.
    const secondPrompt = mockLLM.call.mock.calls[1]!.arguments[0];
    assert.match(secondPrompt, /TOOL_RESULT: \{"success":true,"data":\{"content":"function test\(\) \{\}\.\.\."\}/);
  });

  it('should handle max iterations', async () => {
    const mockLLM = {
      call: mock.fn(async () => '<PTK_CALL>{"tool":"read_file","args":{"path":"test.ts"}}</PTK_CALL>'),
    };
    const toolManager = { execute: mock.fn(async () => ({ content: 'function test() {}' })) };

    const ptkManager = new PTKManager(mockLLM, toolManager, contextManager);

    const result = await ptkManager.execute('Read test.ts', {
      tools: ['read_file'],
      maxIterations: 3,
    });

    assert.equal(result.success, false);
    assert.ok(result.error!.includes('Max iterations'));
    assert.equal(mockLLM.call.mock.callCount(), 3);
  });
});

describe('tool managers with only some methods', () => {
  it('runs tools given as objects with their own handler when the manager has only execute', async () => {
    const model = new ScriptedChatModel([call('read_file', { path: 'test.ts' }), 'two functions']);
    const tool = readFileTool();
    const manager = { execute: mock.fn(async () => 'not this one') };
    const result = await new PTKManager(model, manager).orchestrateToolCalling('count', { tools: [tool] });
    assert.equal(result.success, true);
    assert.deepEqual(tool.runs, ['test.ts']);
    assert.equal(manager.execute.mock.callCount(), 0, 'a tool object runs its own handler');
    assert.match(model.prompts[1]!, /TOOL_RESULT: \{"success":true/);
  });

  it('describes a name-only tool by its name in the prompt', async () => {
    const model = new ScriptedChatModel(['done']);
    await new PTKManager(model, { execute: async () => null }).orchestrateToolCalling('go', { tools: ['lookup'] });
    assert.match(model.prompts[0]!, /- lookup\(/);
  });

  it('describes a named tool fully when the manager can list its tools but has no getTool', async () => {
    const model = new ScriptedChatModel([call('read_file', { path: 'test.ts' }), 'ok']);
    const tool = readFileTool();
    const manager: ToolManagerLike = { listTools: () => [tool] };
    const result = await new PTKManager(model, manager).orchestrateToolCalling('go', { tools: ['read_file'] });
    assert.equal(result.success, true);
    assert.match(model.prompts[0]!, /read_file\(path: string\): Read content of a file/);
    assert.deepEqual(tool.runs, ['test.ts'], 'without execute, the described tool runs its handler');
  });

  it('passes a failed PTKToolResult from execute back to the model as a failure', async () => {
    const model = new ScriptedChatModel([call('lookup', { key: 'a' }), 'sorry']);
    const manager = { execute: async () => ({ success: false, data: null, error: 'no such key' }) };
    const result = await new PTKManager(model, manager).orchestrateToolCalling('go', { tools: ['lookup'] });
    assert.equal(result.success, true);
    assert.match(model.prompts[1]!, /no such key/);
  });

  it('refuses a named tool with CONFIG_INVALID when the manager can neither describe nor run it', async () => {
    const model = new ScriptedChatModel(['never']);
    const result = await new PTKManager(model, {} as ToolManagerLike).orchestrateToolCalling('go', { tools: ['read_file'] });
    assert.equal(result.success, false);
    assert.equal(result.errorCode, PTKErrorCode.CONFIG_INVALID);
    assert.match(result.error!, /neither getTool\(\) nor execute/);
    assert.equal(model.calls.length, 0);
  });

  it('refuses a named tool with CONFIG_INVALID when there is no manager at all', async () => {
    const result = await new PTKManager(new ScriptedChatModel(['never'])).orchestrateToolCalling('go', { tools: ['read_file'] });
    assert.equal(result.errorCode, PTKErrorCode.CONFIG_INVALID);
    assert.match(result.error!, /no tool manager/);
  });

  it('the iterable runner runs name-only tools through execute too', async () => {
    const model = new ScriptedChatModel([call('lookup', { key: 'a' }), 'found it']);
    const manager = { execute: mock.fn(async (_name: string, args: Record<string, unknown>) => ({ value: `v-${String(args.key)}` })) };
    const runner = new ToolRunner(model, { messages: [{ role: 'user', content: 'go' }], tools: ['lookup'] }, { toolManager: manager });
    const final = await runner;
    assert.equal(manager.execute.mock.callCount(), 1);
    assert.match(JSON.stringify(final), /found it/);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TodoItem } from '../../../../src/core/conversation/todoList';
import { PTKManager } from '../../../../src/core/loop/ptkManager';
import { ScriptedChatModel } from '../../../../src/core/testing/scriptedChatModel';
import { call, readFileTool, registryWith } from './helpers';

const PLAN = [
  { text: 'Read a.ts', status: 'in_progress' },
  { text: 'Fix the bug', status: 'pending' },
];
const LIST_AFTER_PLAN = 'YOUR TASK LIST (0/2 done; keep it current with update_todos):\n[~] 1. Read a.ts\n[ ] 2. Fix the bug';

function manager(model: ScriptedChatModel): PTKManager {
  return new PTKManager(model, registryWith(readFileTool({ 'a.ts': 'A' })));
}

describe('the task list the model keeps (todoList)', () => {
  it('is written with update_todos, reported, ends every later prompt and comes back with the result', async () => {
    const model = new ScriptedChatModel([call('update_todos', { todos: PLAN }), call('read_file', { path: 'a.ts' }), 'Done.']);
    const written: Array<readonly TodoItem[]> = [];
    const result = await manager(model).orchestrateToolCalling('Fix a.ts', { todoList: true, onTodos: (items) => written.push(items) });
    assert.equal(result.success, true, result.error);
    assert.deepEqual(written, [PLAN]);
    assert.deepEqual(result.todos, PLAN);
    assert.ok(!model.prompts[0].includes('YOUR TASK LIST'), 'no list before one is written');
    assert.ok(model.prompts[1].endsWith(LIST_AFTER_PLAN), model.prompts[1].slice(-200));
    assert.ok(model.prompts[2].endsWith(LIST_AFTER_PLAN));
    // The list is not a message of the transcript: the history stays the conversation.
    assert.ok(result.messages.every((message) => !message.content.includes('YOUR TASK LIST')));
  });

  it('the system prompt offers the tool and asks for a list first on a long task; without the option neither', async () => {
    const withList = new ScriptedChatModel(['ok']);
    await manager(withList).orchestrateToolCalling('Hi', { todoList: true });
    assert.match(withList.prompts[0], /- update_todos\(todos: /);
    assert.match(withList.prompts[0], /If the task needs more than 3 tool calls, first call "update_todos" with its steps/);
    const without = new ScriptedChatModel(['ok']);
    const result = await manager(without).orchestrateToolCalling('Hi', {});
    assert.ok(!without.prompts[0].includes('update_todos'));
    assert.equal(result.todos, undefined);
  });

  it('a list kept from an earlier task is shown from the first prompt on', async () => {
    const kept: TodoItem[] = [{ text: 'Read a.ts', status: 'done' }, { text: 'Fix the bug', status: 'in_progress' }];
    const model = new ScriptedChatModel(['Fixed.']);
    const result = await manager(model).orchestrateToolCalling('Go on', { todoList: { items: kept } });
    assert.ok(model.prompts[0].endsWith('YOUR TASK LIST (1/2 done; keep it current with update_todos):\n[x] 1. Read a.ts\n[~] 2. Fix the bug'));
    assert.deepEqual(result.todos, kept);
  });

  it('a chat tab that continues its thread gets the list after what is new, and a chat started over gets it after the whole transcript', async () => {
    const model = new ScriptedChatModel([call('update_todos', { todos: PLAN }), 'Done.'], { keepsThread: true });
    await manager(model).orchestrateToolCalling('Fix a.ts', { todoList: true });
    const second = model.calls[1];
    assert.equal(second.newThread, false);
    assert.match(second.prompt, /^TOOL_RESULT: /);
    assert.ok(second.prompt.endsWith(LIST_AFTER_PLAN));
    // What a backend sends when its chat is too long and it starts a new one.
    const restart = second.options.thread?.fullTranscript() ?? '';
    assert.match(restart, /Fix a\.ts/);
    assert.ok(restart.endsWith(LIST_AFTER_PLAN));
  });

  it('a list the tool cannot take is a TOOL_ERROR to the model and keeps the list as it was', async () => {
    const model = new ScriptedChatModel([call('update_todos', { todos: PLAN }), call('update_todos', { todos: [{ text: '', status: 'later' }] }), 'Done.']);
    const written: Array<readonly TodoItem[]> = [];
    const result = await manager(model).orchestrateToolCalling('Fix a.ts', { todoList: true, onTodos: (items) => written.push(items) });
    assert.equal(result.success, true);
    assert.match(model.prompts[2], /TOOL_ERROR/);
    assert.match(model.prompts[2], /status/);
    assert.deepEqual(written, [PLAN]);
    assert.ok(model.prompts[2].endsWith(LIST_AFTER_PLAN));
  });

  it('a kept list of the wrong shape fails the task at once with CONFIG_INVALID', async () => {
    const model = new ScriptedChatModel(['never']);
    const result = await manager(model).orchestrateToolCalling('Go on', { todoList: { items: [{ text: 'x', status: 'someday' } as unknown as TodoItem] } });
    assert.equal(result.errorCode, 'CONFIG_INVALID');
    assert.equal(model.calls.length, 0);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { PTKManager } from '../../../src/core/loop/ptkManager';
import { ScriptedChatModel } from '../../../src/core/testing/scriptedChatModel';
import { defineTool } from '../../../src/core/tools/defineTool';
import { ToolRegistry } from '../../../src/core/tools/toolRegistry';
import { ChatSession } from '../../../src/ui/chatSession';
import { ConversationStore } from '../../../src/ui/conversationStore';
import { MemoryKeyValueStore } from './memoryStore';

const call = (tool: string, args: Record<string, unknown>) => `<TOOL_CALL>${JSON.stringify({ tool, args })}</TOOL_CALL>`;
const readFile = defineTool({ name: 'read_file', description: 'Reads a file', readOnly: true, inputSchema: z.object({ path: z.string() }), run: ({ path }) => ({ path, content: 'A' }) });

function session(model: ScriptedChatModel, storage = new MemoryKeyValueStore()): ChatSession {
  return new ChatSession({ runTask: (prompt, options) => new PTKManager(model, new ToolRegistry([readFile])).orchestrateToolCalling(prompt, options), store: new ConversationStore(storage) });
}

describe('ChatSession: the task list the model keeps', () => {
  it('is shown as the model writes it, kept with the conversation, and an open list goes on into the next task', async () => {
    const open = [{ text: 'Read a.ts', status: 'done' }, { text: 'Fix it', status: 'in_progress' }];
    const model = new ScriptedChatModel([call('update_todos', { todos: [{ text: 'Read a.ts', status: 'in_progress' }, { text: 'Fix it' }] }), call('update_todos', { todos: open }), 'Paused here.', 'Fixed.']);
    const storage = new MemoryKeyValueStore();
    const chat = session(model, storage);
    await chat.send('Fix a.ts');
    assert.deepEqual(chat.state.todos, open);
    // Saved with the conversation: a reloaded window has it and gives it to the next task.
    const reloaded = session(model, storage);
    assert.deepEqual(reloaded.state.todos, open);
    await reloaded.send('Go on');
    assert.ok(model.prompts[3].endsWith('YOUR TASK LIST (1/2 done; keep it current with update_todos):\n[x] 1. Read a.ts\n[~] 2. Fix it'), model.prompts[3].slice(-160));
  });

  it('a finished list does not go on into the next task', async () => {
    const model = new ScriptedChatModel([call('update_todos', { todos: [{ text: 'Read a.ts', status: 'done' }] }), 'Done.', 'Something else.']);
    const chat = session(model);
    await chat.send('Read a.ts');
    await chat.send('Now something else');
    assert.ok(!model.prompts[2].includes('YOUR TASK LIST'));
    assert.deepEqual(chat.state.todos, [{ text: 'Read a.ts', status: 'done' }]);
  });
});

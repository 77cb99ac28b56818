/**
 * The queue of a conversation: a message sent while a task runs waits as Queued (Edit, Remove),
 * goes as the next task when the task is done, in order, and Send now steers it into the running
 * task, whose next turn carries it to the model after the tool results.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { PTKManager } from '../../../src/core/loop/ptkManager';
import { ScriptedChatModel } from '../../../src/core/testing/scriptedChatModel';
import { defineTool } from '../../../src/core/tools/defineTool';
import { ToolRegistry } from '../../../src/core/tools/toolRegistry';
import { ApprovalBroker } from '../../../src/ui/approvalBroker';
import { ChatSessions } from '../../../src/ui/chatSessions';
import { taskConversation } from '../../../src/ui/taskConversation';
import { ConversationStore } from '../../../src/ui/conversationStore';
import type { ChatEvent } from '../../../src/shared/chat/protocol';
import { MemoryKeyValueStore } from './memoryStore';
import { approvedWriteFileTool } from './writeFileTool';

const call = (tool: string, args: Record<string, unknown>) => `<TOOL_CALL>${JSON.stringify({ tool, args })}</TOOL_CALL>`;
const WRITE = call('write_file', { path: 'a.txt', content: 'new' });

/** A real engine over a scripted thread-keeping model; write_file waits for the broker, so a test types while the task waits. */
function setup(replies: ConstructorParameters<typeof ScriptedChatModel>[0]) {
  const files = new Map<string, string>([['a.txt', 'old']]);
  const events: ChatEvent[] = [];
  let nextId = 0;
  const broker = new ApprovalBroker({ emit: (event) => session.publish(event, taskConversation()), isViewVisible: () => true, fallback: async () => ({ decision: 'reject' }) });
  const tools = new ToolRegistry([
    defineTool({ name: 'read_file', description: 'Reads a file', readOnly: true, inputSchema: z.object({ path: z.string() }), run: ({ path }) => ({ path, content: files.get(path) ?? '' }) }),
    approvedWriteFileTool(broker, files),
  ]);
  const model = new ScriptedChatModel(replies, { keepsThread: true });
  const manager = new PTKManager(model, tools);
  const store = new ConversationStore(new MemoryKeyValueStore());
  const session: ChatSessions = new ChatSessions({
    runTask: (prompt, taskOptions) => manager.orchestrateToolCalling(prompt, taskOptions),
    store,
    approvals: broker,
    createId: () => `id${++nextId}`,
    now: () => 1000,
  });
  session.onEvent((_conversationId, event) => events.push(event));
  const approve = () => broker.resolve(broker.pendingIds()[0], { decision: 'approve' });
  return { session, broker, model, store, events, approve };
}

/** Waits until `condition` holds, checking after each turn of the event loop (state, never time). */
async function until(condition: () => boolean): Promise<void> {
  for (let turn = 0; !condition(); turn++) {
    if (turn > 2000) throw new Error('condition not met');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Waits until every task of the shown conversation (the queued ones too) has ended. */
async function allDone(session: ChatSessions): Promise<void> {
  while (session.state.busy) await session.whenIdle();
}

const userTexts = (session: ChatSessions) => session.state.items.flatMap((item) => (item.kind === 'user' ? [item.text] : []));

describe('the queue of a conversation', () => {
  it('a message sent while a task runs is queued, not refused; when the task is done the queue goes as the next tasks, in order', async () => {
    const { session, broker, model, approve } = setup([WRITE, 'Written.', 'First answer.', 'Second answer.']);
    const first = session.send('Write a.txt');
    await until(() => broker.pendingIds().length === 1);
    assert.equal(await session.send('first queued', { queueIfBusy: true }), undefined);
    await session.send('second queued', { queueIfBusy: true });
    assert.deepEqual(session.state.queued?.map((queued) => queued.text), ['first queued', 'second queued']);
    assert.ok(!session.state.items.some((item) => item.kind === 'notice'), 'no "already running" notice');
    approve();
    await first;
    await allDone(session);
    assert.deepEqual(userTexts(session), ['Write a.txt', 'first queued', 'second queued']);
    assert.equal(session.state.queued, undefined);
    assert.equal(model.prompts.length, 4);
    assert.match(model.prompts[2], /first queued/);
    assert.match(model.prompts[3], /second queued/);
  });

  it('Edit gives the text back to the composer and takes it out of the queue; Remove drops it', async () => {
    const { session, broker, model, approve } = setup([WRITE, 'Written.', 'Kept answer.']);
    const returned: string[] = [];
    session.onMessageReturned((text) => returned.push(text));
    void session.send('Write a.txt');
    await until(() => broker.pendingIds().length === 1);
    await session.send('to edit', { queueIfBusy: true });
    await session.send('to remove', { queueIfBusy: true });
    await session.send('kept', { queueIfBusy: true });
    const [toEdit, toRemove] = session.state.queued!;
    assert.equal(session.editQueued(toEdit.id), true);
    assert.deepEqual(returned, ['to edit']);
    assert.equal(session.removeQueued(toRemove.id), true);
    assert.equal(session.removeQueued(toRemove.id), false);
    assert.deepEqual(session.state.queued?.map((queued) => queued.text), ['kept']);
    approve();
    await allDone(session);
    assert.deepEqual(userTexts(session), ['Write a.txt', 'kept']);
    assert.ok(model.prompts.every((prompt) => !/to edit|to remove/.test(prompt)));
  });

  it('Send now steers the message into the running task: the next turn carries it after the tool result, and the chat shows it there', async () => {
    const { session, broker, model, store, approve } = setup([WRITE, 'Written, and noted.', 'Answer to the later one.']);
    const task = session.send('Write a.txt');
    await until(() => broker.pendingIds().length === 1);
    await session.send('Also add a newline at the end', { queueIfBusy: true });
    await session.send('a later question', { queueIfBusy: true });
    const steered = session.state.queued![0];
    await session.sendQueuedNow(steered.id);
    assert.equal(session.state.queued?.[0].steering, true);
    assert.equal(model.prompts.length, 1, 'nothing is sent before the turn boundary');
    approve();
    const result = await task;
    assert.equal(result?.success, true);
    // The second prompt of the same task: the tool result, then the user's message.
    const second = model.prompts[1];
    assert.match(second, /TOOL_RESULT/);
    assert.match(second, /USER_MESSAGE[^\n]*\nAlso add a newline at the end/);
    assert.ok(second.indexOf('TOOL_RESULT') < second.indexOf('Also add a newline'));
    const kinds = session.state.items.flatMap((item) => (item.kind === 'user' ? [`user:${item.text}`] : item.kind === 'tool' ? ['tool'] : []));
    assert.deepEqual(kinds.slice(0, 3), ['user:Write a.txt', 'tool', 'user:Also add a newline at the end']);
    await allDone(session);
    // Delivered once: the later queued message went as the next task, whose new chat has the steered one once, as history.
    assert.equal(model.prompts.length, 3);
    assert.match(model.prompts[2], /a later question/);
    assert.equal(model.prompts[2].split('Also add a newline at the end').length - 1, 1);
    assert.deepEqual(userTexts(session), ['Write a.txt', 'Also add a newline at the end', 'a later question']);
    // The queue is not saved with the conversation.
    assert.equal(store.load(session.state.conversationId)?.state.queued, undefined);
  });

  it('Send now during the task\'s last model call is too late for it: the message goes first, as the next task', async () => {
    const ids: string[] = [];
    const context = setup([
      WRITE,
      async () => {
        await context.session.sendQueuedNow(ids[1]);
        return 'Written.';
      },
      'Answer to the late one.',
      'Answer to the other one.',
    ]);
    const session = context.session;
    const task = session.send('Write a.txt');
    await until(() => context.broker.pendingIds().length === 1);
    await session.send('the other one', { queueIfBusy: true });
    await session.send('the late one', { queueIfBusy: true });
    ids.push(...session.state.queued!.map((queued) => queued.id));
    context.approve();
    await task;
    await allDone(session);
    assert.equal(context.model.prompts.length, 4);
    assert.ok(context.model.prompts.slice(0, 2).every((prompt) => !prompt.includes('the late one')), 'not in the ended task');
    assert.match(context.model.prompts[2], /the late one\s*$/);
    assert.deepEqual(userTexts(session), ['Write a.txt', 'the late one', 'the other one']);
  });

  it('a stopped task leaves the queue as it is: nothing is sent until Send now', async () => {
    const { session, broker, model } = setup([WRITE, 'Answer to the queued one.']);
    const task = session.send('Write a.txt');
    await until(() => broker.pendingIds().length === 1);
    await session.send('queued', { queueIfBusy: true });
    const queued = session.state.queued![0];
    await session.sendQueuedNow(queued.id);
    session.stop();
    await task;
    await allDone(session);
    assert.deepEqual(session.state.queued, [{ id: queued.id, text: 'queued' }], 'kept, its Send now mark cleared');
    assert.equal(model.prompts.length, 1);
    await session.sendQueuedNow(queued.id);
    await allDone(session);
    assert.equal(model.prompts.length, 2);
    assert.match(model.prompts[1], /queued/);
    assert.equal(session.state.queued, undefined);
  });

  it('without queueIfBusy a second send is still refused with a notice (code actions, task files)', async () => {
    const { session, broker, approve } = setup([WRITE, 'Written.']);
    void session.send('Write a.txt');
    await until(() => broker.pendingIds().length === 1);
    assert.equal(await session.send('another'), undefined);
    assert.equal(session.state.queued, undefined);
    assert.ok(session.state.items.some((item) => item.kind === 'notice' && /already running/.test(item.text)));
    approve();
    await allDone(session);
  });
});

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { planAnswerIds } from '../../../src/shared/chat/planAnswers';
import { ScriptedChatModel } from '../../../src/core/testing';
import { createAssistantRun, type AssistantRunOptions } from '../../../src/host/shared/assistantRun';
import { NodeWorkspace } from '../../../src/host/node/workspace';
import type { ChatEvent } from '../../../src/shared/chat/protocol';
import { createWorkspaceTools } from '../../../src/tools';
import { ChatSession } from '../../../src/ui/chatSession';
import { ConversationStore } from '../../../src/ui/conversationStore';
import { BUILTIN_MODES } from '../../../src/ui/modes/builtinModes';
import type { ChatMode } from '../../../src/ui/modes/chatMode';
import { tempFolders } from '../fixtures/tempFolders';
import { MemoryKeyValueStore } from './memoryStore';

const temp = tempFolders();
const call = (tool: string, args: Record<string, unknown>) => `<TOOL_CALL>${JSON.stringify({ tool, args })}</TOOL_CALL>`;
/** The workspace tools the system prompt describes (update_todos, the engine's own task list, is offered in every mode). */
const offeredTools = (systemPrompt: string) => [...systemPrompt.matchAll(/^- ([a-z_]+)\(/gm)].map((match) => match[1]).filter((name) => name !== 'update_todos');

const REVIEWER: ChatMode = { id: 'reviewer', name: 'Reviewer', instructions: 'Review the change; name files and lines.', tools: ['read_file', 'search_code'], origin: { kind: 'ptk', file: '.ptk/modes/reviewer.md' } };

/** Sessions on one store, whose tasks run the real assistant run (engine, workspace tools on a temp folder) over a scripted model. */
function setup(replies: string[], options: { storage?: MemoryKeyValueStore; modes?: readonly ChatMode[] } = {}) {
  const root = temp.folder('ptk-modes-');
  temp.put(root, 'a.txt', 'old\n');
  const approvals: string[] = [];
  const workspace = new NodeWorkspace({ roots: [root], trusted: true, approver: async (request) => (approvals.push(request.toolName), { decision: 'approve' }) });
  const model = new ScriptedChatModel(replies, { chunkSize: 7 });
  const run = createAssistantRun({ model: () => model, workspace, tools: () => createWorkspaceTools(workspace), settings: () => ({}) });
  const storage = options.storage ?? new MemoryKeyValueStore();
  const store = new ConversationStore(storage);
  const runs: AssistantRunOptions[] = [];
  let nextId = 0;
  const open = (conversation?: { id: string } | { fresh: true }) => {
    const events: ChatEvent[] = [];
    const session = new ChatSession({
      runTask: (prompt, taskOptions) => (runs.push(taskOptions), run(prompt, taskOptions)),
      store,
      modes: () => [...BUILTIN_MODES, ...(options.modes ?? [])],
      createId: () => `id${++nextId}`,
      now: () => 1000,
      ...(conversation ? { conversation } : {}),
    });
    session.onEvent((_id, event) => events.push(event));
    return { session, events };
  };
  return { root, model, storage, store, runs, approvals, open };
}

const userModes = (session: ChatSession) => session.state.items.flatMap((item) => (item.kind === 'user' ? [item.mode?.name] : []));

describe('ChatSession: chat modes', () => {
  it('Ask mode offers only the read-only tools and sends its instructions; a write call is refused, named to the model, and shown as a notice, never as an empty answer', async () => {
    const { root, model, runs, approvals, open } = setup([call('write_file', { path: 'a.txt', content: 'new\n' }), 'I cannot change files in Ask mode.']);
    const { session, events } = open();
    await session.chooseMode('ask');
    const result = await session.send('Change a.txt to say new');

    assert.equal(result?.success, true);
    assert.deepEqual(offeredTools(model.prompts[0]), ['read_file', 'list_files', 'search_code', 'get_diagnostics'], 'only the read-only tools are described');
    assert.match(model.prompts[0], /You are in Ask mode/, "the mode's instructions go with the prompt");
    assert.match(model.prompts[1], /TOOL_ERROR: The tool "write_file" is not available in Ask mode: it was not run\./);
    assert.equal(readFileSync(path.join(root, 'a.txt'), 'utf8'), 'old\n', 'the file is unchanged');
    assert.deepEqual(approvals, [], 'nothing asked for an approval');
    assert.equal(runs[0].mode?.name, 'Ask');

    const answers = session.state.items.filter((item) => item.kind === 'assistant').map((item) => item.kind === 'assistant' && item.text);
    assert.deepEqual(answers, ['I cannot change files in Ask mode.'], 'no empty bubble for the reply that was only a call');
    assert.ok(!events.some((event) => event.type === 'assistantDone' && event.text === ''), 'no answer closed empty');
    const notices = session.state.items.filter((item) => item.kind === 'notice').map((item) => item.kind === 'notice' && item.text);
    assert.equal(notices.length, 1);
    assert.match(String(notices[0]), /write_file, which Ask mode does not have: it was not run/);
    assert.ok(!session.state.items.some((item) => item.kind === 'tool'), 'no tool card: nothing ran');
  });

  it('Agent mode offers every tool and no mode instructions', async () => {
    const { model, open } = setup(['Nothing to do.']);
    const { session } = open();
    assert.equal(session.mode.id, 'agent', 'a first conversation starts in Agent mode');
    await session.send('Hello');
    assert.ok(offeredTools(model.prompts[0]).includes('write_file'));
    assert.doesNotMatch(model.prompts[0], /You are in (Ask|Plan) mode/);
    assert.deepEqual(userModes(session), ['Agent']);
  });

  it('the mode is saved with the conversation, a new conversation starts in the mode chosen last, and every message carries its badge', async () => {
    const { store, open } = setup(['One.', 'Two.', 'Three.']);
    const { session } = open();
    await session.send('First');
    await session.chooseMode('plan');
    await session.send('Second');
    assert.deepEqual(userModes(session), ['Agent', 'Plan']);
    assert.equal(store.load(session.state.conversationId)?.state.mode, 'plan', 'saved with the conversation');

    const reopened = open({ id: session.state.conversationId }).session;
    assert.equal(reopened.mode.id, 'plan', 'a reopened conversation keeps its mode');
    assert.deepEqual(userModes(reopened), ['Agent', 'Plan'], 'the badges are kept');

    const fresh = open({ fresh: true }).session;
    assert.equal(fresh.mode.id, 'plan', 'a new conversation starts in the mode chosen last');
    await fresh.chooseMode('agent');
    assert.equal(reopened.mode.id, 'plan', 'choosing in one conversation leaves the others as they are');
    assert.equal(open({ fresh: true }).session.mode.id, 'agent');
  });

  it('a message sent in a mode of its own (Explain: Ask) moves its conversation to it, but not the mode new conversations start in', async () => {
    const { store, open, runs } = setup(['It explains.', 'Again.']);
    const { session } = open();
    await session.send('Explain a.txt', { displayText: 'Explain a.txt', mode: 'ask' });
    assert.equal(runs[0].mode?.name, 'Ask');
    assert.equal(session.mode.id, 'ask');
    assert.deepEqual(userModes(session), ['Ask']);
    assert.equal(store.lastModeId(), undefined, 'the user chose no mode');
    await session.retry();
    assert.equal(runs[1].mode?.name, 'Ask', 'Retry runs in the mode the message ran in');
  });

  it('a conversation saved before modes with a read-only last request loads in Ask mode, and Retry stays in it', async () => {
    const storage = new MemoryKeyValueStore();
    await storage.update('ptk.conversation.old', {
      state: { conversationId: 'old', title: 'Explain', items: [{ kind: 'user', id: 'u1', text: 'Explain', time: 1 }], busy: false, pendingApprovals: [] },
      messages: [],
      updatedAt: 1,
      lastPrompt: { prompt: 'Explain a.txt', displayText: 'Explain', readOnly: true },
    });
    const { open, runs } = setup(['Explained.'], { storage });
    const { session } = open({ id: 'old' });
    assert.equal(session.mode.id, 'ask');
    await session.retry();
    assert.equal(runs[0].mode?.name, 'Ask');
  });

  it("a custom mode's tool subset and instructions apply; an unknown mode is refused", async () => {
    const { model, open } = setup(['Reviewed.'], { modes: [REVIEWER] });
    const { session } = open();
    await assert.rejects(session.chooseMode('nope'), /There is no chat mode "nope"\. Modes: ask, plan, agent, reviewer\./);
    await session.chooseMode('reviewer');
    await session.send('Review it');
    assert.deepEqual(offeredTools(model.prompts[0]), ['read_file', 'search_code']);
    assert.match(model.prompts[0], /Review the change; name files and lines\./);
    assert.deepEqual(userModes(session), ['Reviewer']);
  });

  it('a conversation whose mode no longer exists runs in Ask mode, never with more tools', async () => {
    const first = setup(['Reviewed.'], { modes: [REVIEWER] });
    const { session } = first.open();
    await session.chooseMode('reviewer');
    await session.send('Review it');
    const later = setup(['Read only.'], { storage: first.storage });
    const reopened = later.open({ id: session.state.conversationId }).session;
    assert.equal(reopened.mode.id, 'ask');
    await reopened.send('Go on');
    assert.deepEqual(offeredTools(later.model.prompts[0]), ['read_file', 'list_files', 'search_code', 'get_diagnostics']);
  });

  it('"Act on this plan" sends a finished Plan-mode answer with a numbered list as a new task in Agent mode', async () => {
    const plan = 'The plan:\n1. Change a.txt to say new.\n2. Check it.';
    const { root, model, open } = setup([plan, 'No list here.', call('write_file', { path: 'a.txt', content: 'new\n' }), 'Done: a.txt says new.']);
    const { session } = open();
    await session.chooseMode('plan');
    await session.send('Plan the change of a.txt');
    await session.send('And another thing');
    const [planAnswer, plainAnswer] = session.state.items.filter((item) => item.kind === 'assistant').map((item) => item.id);

    await assert.rejects(session.actOnPlan(plainAnswer), /Only a finished Plan-mode answer with a numbered plan/);
    const result = await session.actOnPlan(planAnswer);
    assert.equal(result?.success, true);
    assert.equal(session.mode.id, 'agent', 'the conversation goes on in Agent mode');
    assert.deepEqual(userModes(session), ['Plan', 'Plan', 'Agent']);
    assert.equal(session.state.items.filter((item) => item.kind === 'user').at(-1)?.kind === 'user' && session.state.items.filter((item) => item.kind === 'user').at(-1)?.text, 'Act on this plan');
    assert.match(model.prompts[2], /Carry out this plan[\s\S]*1\. Change a\.txt to say new\./);
    assert.ok(offeredTools(model.prompts[2]).includes('write_file'));
    assert.equal(readFileSync(path.join(root, 'a.txt'), 'utf8'), 'new\n', 'the plan was carried out');
  });

  it('a plan acted on offers "Act on this plan" no more: it is carried out once', async () => {
    const plan = 'The plan:\n1. Change a.txt to say new.\n2. Check it.';
    const { open } = setup([plan, 'Done: a.txt says new.']);
    const { session } = open();
    await session.chooseMode('plan');
    await session.send('Plan the change of a.txt');
    const planAnswer = session.state.items.find((item) => item.kind === 'assistant')!.id;
    assert.ok(planAnswerIds(session.state).has(planAnswer));
    await session.actOnPlan(planAnswer);
    assert.equal(planAnswerIds(session.state).has(planAnswer), false);
    await assert.rejects(session.actOnPlan(planAnswer), /Only a finished Plan-mode answer with a numbered plan/);
  });
});

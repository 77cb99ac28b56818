import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { PTKErrorCode, LLMBackendError } from '../../../src/core/errors';
import { PTKManager } from '../../../src/core/loop/ptkManager';
import type { ILLMManager, StreamDelta } from '../../../src/core/ports';
import { ScriptedChatModel } from '../../../src/core/testing/scriptedChatModel';
import { defineTool } from '../../../src/core/tools/defineTool';
import { ToolRegistry } from '../../../src/core/tools/toolRegistry';
import type { ApprovalDecision } from '../../../src/core/workspace';
import { ApprovalBroker } from '../../../src/ui/approvalBroker';
import { ChatSession } from '../../../src/ui/chatSession';
import { ChatSessions } from '../../../src/ui/chatSessions';
import { taskConversation } from '../../../src/ui/taskConversation';
import { ConversationStore } from '../../../src/ui/conversationStore';
import type { ChatEvent, ChatViewState } from '../../../src/shared/chat/protocol';
import { MemoryKeyValueStore } from './memoryStore';
import { approvedWriteFileTool } from './writeFileTool';

const call = (tool: string, args: Record<string, unknown>) => `<TOOL_CALL>${JSON.stringify({ tool, args })}</TOOL_CALL>`;

/** A real engine (PTKManager) over a scripted model and two tools; writes ask the broker. */
function setup(replies: ConstructorParameters<typeof ScriptedChatModel>[0], options: { chunkSize?: number; delayMs?: number; onConnectionProblem?: (status: string) => void; confirm?: (question: string, action: string) => Promise<boolean> } = {}) {
  const files = new Map<string, string>([['a.txt', 'old']]);
  const events: ChatEvent[] = [];
  let nextId = 0;
  const broker = new ApprovalBroker({ emit: (event) => session.publish(event, taskConversation()), isViewVisible: () => true, fallback: async () => ({ decision: 'reject' }) });
  const tools = new ToolRegistry([
    defineTool({ name: 'read_file', description: 'Reads a file', readOnly: true, inputSchema: z.object({ path: z.string() }), run: ({ path }) => ({ path, content: files.get(path) ?? '' }) }),
    approvedWriteFileTool(broker, files),
  ]);
  const model = new ScriptedChatModel(replies, { chunkSize: options.chunkSize, delayMs: options.delayMs });
  const manager = new PTKManager(model, tools);
  const storage = new MemoryKeyValueStore();
  const store = new ConversationStore(storage);
  const session: ChatSessions = new ChatSessions({
    runTask: (prompt, taskOptions) => manager.orchestrateToolCalling(prompt, taskOptions),
    store,
    approvals: broker,
    isDangerousTool: (name) => tools.getTool(name)?.dangerous === true,
    onConnectionProblem: options.onConnectionProblem,
    confirm: options.confirm,
    diffKept: (approvalId) => broker.getRequest(approvalId) !== undefined,
    createId: () => `id${++nextId}`,
    now: () => 1000,
  });
  session.onEvent((_conversationId, event) => events.push(event));
  return { session, broker, files, events, model, storage, store };
}

/** The bubble's text after each streamed delta (appends added up, a rewrite taken whole), for bubble `id` or every bubble. */
function streamedTexts(events: readonly ChatEvent[], id?: string): string[] {
  const texts: string[] = [];
  const current = new Map<string, string>();
  for (const event of events) {
    if (event.type !== 'assistantDelta' || (id !== undefined && event.id !== id)) continue;
    const text = event.rewrite ? event.text : (current.get(event.id) ?? '') + event.text;
    current.set(event.id, text);
    texts.push(text);
  }
  return texts;
}

describe('ChatSession with the real engine', () => {
  it('streams the answer into the view state and persists the conversation', async () => {
    const { session, events, store } = setup(['The answer is four.'], { chunkSize: 5 });
    const result = await session.send('What is 2+2?');
    assert.equal(result?.success, true);
    const deltas = events.filter((event) => event.type === 'assistantDelta');
    assert.ok(deltas.length >= 3, `streamed in several deltas (got ${deltas.length})`);
    const bubble = session.state.items.find((item) => item.kind === 'assistant');
    assert.deepEqual(bubble && { text: bubble.kind === 'assistant' && bubble.text, streaming: bubble.kind === 'assistant' && bubble.streaming }, { text: 'The answer is four.', streaming: false });
    assert.equal(session.state.busy, false);
    const saved = store.load(session.state.conversationId);
    assert.equal(saved?.state.items.length, 2);
    assert.ok(saved!.messages.some((message) => message.role === 'assistant' && message.content.includes('four')));
  });

  it('streams only the prose: calls, a tag still arriving and a ```tool block never show', async () => {
    const reply = `Let me read it.\n${call('read_file', { path: 'a.txt' })}`;
    const fenced = 'Reading again.\n```tool\n{"tool": "read_file", "args": {"path": "a.txt"}}\n```';
    const { session, events } = setup([reply, fenced, 'It says old.'], { chunkSize: 3 });
    await session.send('What is in a.txt?');
    const shown = streamedTexts(events);
    assert.ok(shown.length > 10, `streamed in many deltas (got ${shown.length})`);
    for (const text of shown) {
      assert.doesNotMatch(text, /<|read_file|"args"|```/, `hidden while streaming: ${JSON.stringify(text)}`);
    }
    const bubbles = session.state.items.flatMap((item) => (item.kind === 'assistant' ? [item.text] : []));
    assert.deepEqual(bubbles, ['Let me read it.', 'Reading again.', 'It says old.']);
  });

  it('streams quoted tags as the finished bubble will read them (no jump at the end)', async () => {
    const quoted = 'Write `<TOOL_CALL>` and the JSON, then `</TOOL_CALL>`, as in:\n```ts\nconst open = "<TOOL_CALL>";\n```\nThat is all.';
    const { session, events } = setup([`Reading first.\n${call('read_file', { path: 'a.txt' })}`, quoted], { chunkSize: 4 });
    await session.send('How do I call a tool?');
    const bubbles = session.state.items.flatMap((item) => (item.kind === 'assistant' ? [item] : []));
    assert.deepEqual(bubbles.map((bubble) => bubble.text), ['Reading first.', quoted]);
    for (const bubble of bubbles) {
      assert.equal(streamedTexts(events, bubble.id).at(-1), bubble.text, 'the streamed text ends as the bubble does');
    }
  });

  it('reads a rewritten answer afresh (the site re-rendered it)', async () => {
    const deltas: StreamDelta[] = [
      { text: 'Draft <TOOL_CALL>{"tool": "read_file"', full: 'Draft <TOOL_CALL>{"tool": "read_file"', rewrite: false },
      { text: '', full: 'Final answer.', rewrite: true },
      { text: ' Really.', full: 'Final answer. Really.', rewrite: false },
    ];
    const rewriting: ILLMManager = {
      async call(_prompt, options) {
        for (const delta of deltas) options?.onDelta?.(delta);
        return 'Final answer. Really.';
      },
    };
    const events: ChatEvent[] = [];
    const session = new ChatSession({ runTask: (prompt, options) => new PTKManager(rewriting).orchestrateToolCalling(prompt, options), store: new ConversationStore(new MemoryKeyValueStore()) });
    session.onEvent((_conversationId, event) => events.push(event));
    await session.send('hi');
    assert.deepEqual(streamedTexts(events), ['Draft', 'Final answer.', 'Final answer. Really.']);
    const deltasSent = events.flatMap((event) => (event.type === 'assistantDelta' ? [{ text: event.text, rewrite: event.rewrite ?? false }] : []));
    assert.deepEqual(deltasSent, [{ text: 'Draft', rewrite: false }, { text: 'Final answer.', rewrite: true }, { text: ' Really.', rewrite: false }], 'only the rewrite carries the whole prose');
  });

  it('shows a tool card, waits for approval, writes on Approve', async () => {
    const { session, broker, files } = setup([call('write_file', { path: 'a.txt', content: 'new' }), 'Written.']);
    const running = session.send('Write a.txt');
    await waitFor(() => broker.pendingIds().length === 1);
    const card = session.state.items.find((item) => item.kind === 'tool');
    assert.equal(card?.kind === 'tool' && card.status, 'awaitingApproval');
    broker.resolve(broker.pendingIds()[0], { decision: 'approve' });
    const result = await running;
    assert.equal(result?.success, true);
    assert.equal(files.get('a.txt'), 'new');
    const done = session.state.items.find((item) => item.kind === 'tool');
    assert.equal(done?.kind === 'tool' && done.status, 'succeeded');
    assert.match(done?.kind === 'tool' ? done.resultSummary ?? '' : '', /a\.txt/);
  });

  it('tells the model about a rejection with the reason, and leaves the file alone', async () => {
    const { session, broker, files, model } = setup([call('write_file', { path: 'a.txt', content: 'bad' }), 'OK, I will not.']);
    const running = session.send('Write a.txt');
    await waitFor(() => broker.pendingIds().length === 1);
    broker.resolve(broker.pendingIds()[0], { decision: 'reject', reason: 'keep the old text' });
    await running;
    assert.equal(files.get('a.txt'), 'old');
    assert.match(model.prompts[1], /keep the old text/);
    const card = session.state.items.find((item) => item.kind === 'tool');
    assert.equal(card?.kind === 'tool' && card.status, 'rejected');
  });

  it('Stop aborts a running task and marks it stopped', async () => {
    const { session } = setup(['never seen'], { delayMs: 5_000 });
    const running = session.send('slow');
    await waitFor(() => session.state.busy);
    assert.equal(session.stop(), true);
    await running;
    assert.equal(session.state.busy, false);
    assert.equal(session.state.items.at(-1)?.kind, 'notice');
    assert.equal(session.busy, false);
  });

  it('a login wall becomes an error card with Log in / Open tab and tells the connection', async () => {
    const problems: string[] = [];
    const { session } = setup([new LLMBackendError('Log in to chat.example first.', { code: PTKErrorCode.LOGIN_REQUIRED })], { onConnectionProblem: (status) => problems.push(status) });
    await session.send('hi');
    const error = session.state.items.find((item) => item.kind === 'error');
    assert.deepEqual(error?.kind === 'error' && error.actions, ['login', 'openTab']);
    assert.deepEqual(problems, ['loginRequired']);
  });

  it('restores the conversation after a reload and sends its history with the next message', async () => {
    const first = setup(['Hello Ana.', 'You are Ana.']);
    await first.session.send('My name is Ana.');
    const reloaded = new ChatSession({ runTask: (prompt, options) => new PTKManager(first.model).orchestrateToolCalling(prompt, options), store: new ConversationStore(first.storage) });
    assert.equal(reloaded.state.conversationId, first.session.state.conversationId);
    assert.equal(reloaded.state.items.length, 2);
    await reloaded.send('What is my name?');
    assert.match(first.model.prompts[1], /My name is Ana/);
  });

  it('a task waiting for approval is saved as far as it got: after a reload its answer so far and its card are there, stopped by the reload', async () => {
    const { session, broker, storage } = setup([`I will write it.\n${call('write_file', { path: 'a.txt', content: 'new' })}`, 'Written.']);
    const running = session.send('Write a.txt');
    await waitFor(() => broker.pendingIds().length === 1);
    // The window reloads now: a new session reads what the store holds.
    const reloaded = new ChatSession({ runTask: async () => assert.fail('no task'), store: new ConversationStore(storage) });
    const kinds = reloaded.state.items.map((item) => (item.kind === 'tool' ? `tool ${item.tool} ${item.status}` : item.kind === 'notice' ? `notice ${item.text}` : item.kind));
    assert.ok(kinds.includes('user'), JSON.stringify(kinds));
    assert.ok(reloaded.state.items.some((item) => item.kind === 'assistant' && item.text.includes('I will write it.')), JSON.stringify(kinds));
    assert.ok(kinds.some((kind) => kind.startsWith('tool write_file')), JSON.stringify(kinds));
    assert.ok(kinds.includes('notice Stopped by a window reload.'), JSON.stringify(kinds));
    assert.equal(reloaded.state.busy, false);
    broker.resolve(broker.pendingIds()[0], { decision: 'approve' });
    assert.equal((await running)?.success, true);
  });

  it('three tasks in one conversation (reject, approve, read then approve): unique call ids, each card its own, the same after a reload', async () => {
    const { session, broker, files, events, storage, model } = setup([
      call('write_file', { path: 'a.txt', content: 'bad' }), 'Not written.',
      call('write_file', { path: 'a.txt', content: 'new' }), 'Written.',
      call('read_file', { path: 'a.txt' }), call('write_file', { path: 'b.txt', content: 'new' }), 'Copied.',
    ]);
    const answer = async (prompt: string, decision: ApprovalDecision) => {
      const running = session.send(prompt);
      await waitFor(() => broker.pendingIds().length === 1);
      broker.resolve(broker.pendingIds()[0], decision);
      assert.equal((await running)?.success, true);
    };
    await answer('Write a.txt', { decision: 'reject', reason: 'not yet' });
    await answer('Write a.txt again', { decision: 'approve' });
    await answer('Copy a.txt to b.txt', { decision: 'approve' });
    assert.deepEqual([files.get('a.txt'), files.get('b.txt')], ['new', 'new']);

    const results = new Map(events.flatMap((event) => (event.type === 'toolResult' ? [[`${event.taskId}/${event.id}`, event]] : [])));
    const shown = (items: ChatViewState['items']) => items.flatMap((item) => (item.kind === 'tool' ? [{ callId: item.callId, args: item.args, status: item.status, result: item.resultSummary, durationMs: item.durationMs }] : []));
    const cards = shown(session.state.items);
    assert.deepEqual(cards.map((card) => [card.callId, card.status, card.args]), [
      ['call_1_0', 'rejected', { path: 'a.txt', content: 'bad' }],
      ['call_2_1_0', 'succeeded', { path: 'a.txt', content: 'new' }],
      ['call_3_1_0', 'succeeded', { path: 'a.txt' }],
      ['call_3_2_0', 'succeeded', { path: 'b.txt', content: 'new' }],
    ]);
    assert.match(cards[0].result ?? '', /rejected/i);
    assert.match(cards[1].result ?? '', /a\.txt/);
    assert.match(cards[2].result ?? '', /a\.txt/);
    assert.match(cards[3].result ?? '', /b\.txt/);
    for (const item of session.state.items) {
      if (item.kind !== 'tool') continue;
      const reported = results.get(`${item.taskId}/${item.callId}`);
      // The card's time leaves out how long the user took to decide.
      const ownDuration = reported?.type === 'toolResult' && Math.max(0, reported.durationMs - (item.approvalWaitMs ?? 0));
      // A rejected card's result line only says so: the reason is on the card's own line.
      const summary = item.status === 'rejected' ? 'Rejected' : reported?.type === 'toolResult' && reported.summary;
      assert.deepEqual([item.resultSummary, item.durationMs], [summary, ownDuration], `${item.callId} shows its own result and duration`);
    }

    const reloaded = new ChatSession({ runTask: (prompt, options) => new PTKManager(model).orchestrateToolCalling(prompt, options), store: new ConversationStore(storage) });
    assert.deepEqual(shown(reloaded.state.items), cards);
    // The new window keeps none of the proposed changes: each card with a diff says so (its "Open diff" is disabled).
    const diffs = (items: ChatViewState['items']) => items.flatMap((item) => (item.kind === 'tool' && item.approval?.hasDiff ? [item.approval.diffGone ?? false] : []));
    assert.deepEqual(diffs(session.state.items), [false, false, false]);
    assert.deepEqual(diffs(reloaded.state.items), [true, true, true]);
    assert.deepEqual(reloaded.state.items.map((item) => item.id), session.state.items.map((item) => item.id));
  });

  it('one task at a time: a second send while busy is refused with a notice, which goes when the task ends', async () => {
    const { session } = setup(['slow'], { delayMs: 200 });
    const running = session.send('one');
    assert.equal(await session.send('two'), undefined);
    assert.ok(session.state.items.some((item) => item.kind === 'notice' && /already running/.test(item.text)), 'said while the task runs');
    await running;
    assert.ok(!session.state.items.some((item) => item.kind === 'notice' && /already running/.test(item.text)), 'not left in the transcript');
  });

  it('new conversation keeps the old one in history', async () => {
    const { session } = setup(['Hi.']);
    await session.send('first');
    const firstId = session.state.conversationId;
    await session.newConversation();
    assert.notEqual(session.state.conversationId, firstId);
    assert.deepEqual(session.history().map((entry) => entry.id), [firstId]);
    await session.openConversation(firstId);
    assert.equal(session.state.items.length, 2);
    await assert.rejects(session.openConversation('missing'), /No saved conversation/);
  });

  it('deletes a conversation from history; deleting the shown one shows a new, empty one', async () => {
    const { session } = setup(['Hi.', 'Hello.']);
    await session.send('first');
    const firstId = session.state.conversationId;
    await session.newConversation();
    await session.send('second');
    const secondId = session.state.conversationId;
    const replaced: string[] = [];
    session.onStateReplaced((state) => replaced.push(state.conversationId));
    await session.deleteConversation(firstId);
    assert.deepEqual(session.history().map((entry) => entry.id), [secondId]);
    assert.deepEqual(replaced, [secondId], 'the view is told the history changed');
    await session.deleteConversation(secondId);
    assert.deepEqual(session.history(), []);
    assert.notEqual(session.state.conversationId, secondId);
    assert.equal(session.state.items.length, 0);
  });

  it('Stop keeps one bubble with the text the site shows, marked stopped, saved as such (its last deltas race the stop)', async () => {
    // A backend that streams part of a word, and after the stop reports the whole text the site shows.
    const model: ILLMManager = {
      call: (_prompt, options) => new Promise<string>((_resolve, reject) => {
        options?.onDelta?.({ text: 'The file exp', full: 'The file exp', rewrite: false });
        options?.signal?.addEventListener('abort', () => {
          setTimeout(() => options.onDelta?.({ text: 'orts main.', full: 'The file exports main.', rewrite: false }), 20);
          reject(new Error('aborted'));
        }, { once: true });
      }),
    };
    const storage = new MemoryKeyValueStore();
    const store = new ConversationStore(storage);
    const session = new ChatSession({ runTask: (prompt, options) => new PTKManager(model).orchestrateToolCalling(prompt, options), store });
    const running = session.send('Explain src/main.ts');
    await waitFor(() => session.state.items.some((item) => item.kind === 'assistant' && item.text !== ''));
    session.stop();
    await running;
    await waitFor(() => session.state.items.some((item) => item.kind === 'assistant' && item.text === 'The file exports main.'));
    const answers = (state: ChatViewState) => state.items.filter((item) => item.kind === 'assistant').map((item) => item.kind === 'assistant' && { text: item.text, streaming: item.streaming, stopped: item.stopped });
    assert.deepEqual(answers(session.state), [{ text: 'The file exports main.', streaming: false, stopped: true }]);
    await waitFor(() => JSON.stringify(answers(store.load(session.state.conversationId)!.state)) === JSON.stringify(answers(session.state)));
    const reloaded = new ChatSession({ runTask: () => Promise.reject(new Error('not used')), store: new ConversationStore(storage) });
    assert.deepEqual(answers(reloaded.state), [{ text: 'The file exports main.', streaming: false, stopped: true }]);
  });

  it('Retry of a turn that failed takes its place: the view and the model get the message once', async () => {
    const { session, model } = setup(['Hello.', new LLMBackendError('ChatGPT: the browser tab was closed.', { code: PTKErrorCode.TAB_CLOSED }), 'It says old.']);
    await session.send('Hi');
    assert.equal((await session.send('Explain a.txt'))?.success, false);
    assert.equal((await session.retry())?.success, true);
    assert.deepEqual(
      session.state.items.filter((item) => item.kind === 'user').map((item) => item.kind === 'user' && item.text),
      ['Hi', 'Explain a.txt'],
    );
    assert.equal(session.state.items.some((item) => item.kind === 'error'), false, 'the failed turn went with it');
    const retried = model.prompts.at(-1)!;
    assert.equal(retried.split('Explain a.txt').length - 1, 1, retried);
    assert.match(retried, /Hi[\s\S]*Hello\./, 'the turns before it stay');
  });

  it('Retry after a reload sends the last message again (in the mode it ran in)', async () => {
    const first = setup(['First answer.', 'Second answer.']);
    await first.session.send('Explain a.txt', { displayText: 'Explain', mode: 'ask' });
    const runs: Array<{ prompt: string; mode?: string }> = [];
    const reloaded = new ChatSession({
      runTask: (prompt, options) => {
        runs.push({ prompt, mode: options.mode?.name });
        return new PTKManager(first.model).orchestrateToolCalling(prompt, options);
      },
      store: new ConversationStore(first.storage),
    });
    const result = await reloaded.retry();
    assert.equal(result?.success, true);
    assert.deepEqual(runs, [{ prompt: 'Explain a.txt', mode: 'Ask' }]);
    assert.deepEqual(reloaded.state.items.filter((item) => item.kind === 'user').map((item) => item.kind === 'user' && item.text), ['Explain', 'Explain']);
  });

  it('an edited message replaces itself and every later turn: in the view, the saved store and the history the model gets', async () => {
    const { session, model, store } = setup(['Hello Ana.', 'Noted: blue.', 'Noted: red.', 'Hi Bob.', 'Noted: green.', 'Noted: yellow.']);
    await session.send('My name is Ana.');
    await session.send('I like blue.');
    await session.send('I like red.');
    const replaced: number[] = [];
    session.onStateReplaced((state) => replaced.push(state.items.length));
    await session.send('My name is Bob.', { replaceFrom: session.state.items.find((item) => item.kind === 'user')!.id });
    assert.deepEqual(replaced, [0], 'the view is given the cut conversation before the resend');
    const texts = (state: ChatViewState) => state.items.filter((item) => item.kind === 'user' || item.kind === 'assistant').map((item) => (item.kind === 'user' || item.kind === 'assistant') && item.text);
    assert.deepEqual(texts(session.state), ['My name is Bob.', 'Hi Bob.']);
    assert.deepEqual(texts(store.load(session.state.conversationId)!.state), ['My name is Bob.', 'Hi Bob.']);
    assert.doesNotMatch(model.prompts[3], /Ana|I like blue|I like red/, 'the model is not given the removed turns');
    // Editing a later message keeps the turns before it.
    await session.send('I like green.');
    const green = session.state.items.find((item) => item.kind === 'user' && item.text === 'I like green.')!;
    await session.send('I like yellow.', { replaceFrom: green.id });
    assert.deepEqual(texts(session.state), ['My name is Bob.', 'Hi Bob.', 'I like yellow.', 'Noted: yellow.']);
    assert.match(model.prompts[5], /My name is Bob/);
    assert.doesNotMatch(model.prompts[5], /I like green/);
  });
});

describe('ChatSession asks before what cannot be taken back', () => {
  /** A confirm that records each question and answers from `answers` in turn. */
  const asker = (...answers: boolean[]) => {
    const questions: string[] = [];
    return { questions, confirm: async (question: string, action: string) => (questions.push(`${question} [${action}]`), answers.shift() ?? false) };
  };

  it('an edit with later turns is resent only when the user agrees; one without later turns asks nothing', async () => {
    const { questions, confirm } = asker(false, true);
    const { session } = setup(['One.', 'Two.', 'Three.'], { confirm });
    for (const text of ['first', 'second', 'third']) await session.send(text);
    const users = session.state.items.filter((item) => item.kind === 'user');
    assert.equal(await session.confirmReplace(users[0].id), undefined);
    assert.deepEqual(questions, ['Resend your edit of the message “first”? The 2 later turns are removed from this conversation. Files they changed stay as they are: restore a checkpoint first to undo them. [Resend]']);
    assert.equal(session.state.items.filter((item) => item.kind === 'user').length, 3, 'declining keeps every turn');
    assert.equal(await session.confirmReplace(users[1].id), 'resend');
    assert.match(questions[1], /^Resend your edit of the message “second”\? The later turn is removed/, 'the dialog names the message it resends');
    assert.equal(await session.confirmReplace(users[2].id), 'resend', 'the last message has no later turns');
    assert.equal(questions.length, 2);
  });

  it('"+" while a card waits for approval leaves the task waiting in the background: nothing asked, stopped or answered; opened again it shows the live card and finishes there', async () => {
    const { questions, confirm } = asker();
    const { session, broker, store, files } = setup([call('write_file', { path: 'a.txt', content: 'new' }), 'Done.'], { confirm });
    const running = session.send('Write a.txt');
    await waitFor(() => broker.pendingIds().length === 1);
    const writing = session.state.conversationId;
    await session.newConversation();
    assert.notEqual(session.state.conversationId, writing);
    assert.deepEqual([session.busy, session.state.items.length, broker.pendingIds().length], [false, 0, 1], 'a new, idle conversation is shown; the approval still waits');
    assert.deepEqual(session.history().map((entry) => [entry.id, entry.activity]), [[writing, 'waiting']], 'the history marks the conversation that waits');
    await session.openConversation(writing);
    assert.equal(session.busy, true);
    assert.ok(session.state.items.some((item) => item.kind === 'tool' && item.status === 'awaitingApproval'), 'its card waits where it was');
    broker.resolve(broker.pendingIds()[0], { decision: 'approve' });
    await running;
    assert.equal(files.get('a.txt'), 'new');
    const answers = (state: ChatViewState) => state.items.flatMap((item) => (item.kind === 'assistant' && item.text ? [item.text] : []));
    assert.deepEqual(answers(session.state), ['Done.']);
    assert.deepEqual(answers(store.load(writing)!.state), ['Done.']);
    assert.deepEqual(session.history().map((entry) => entry.activity), [undefined], 'done: no mark');
    assert.deepEqual(questions, [], 'nothing was asked');
  });

  it('opening another conversation from the history while a task streams leaves it streaming in the background; opened again it shows what streamed meanwhile', async () => {
    // A backend that streams the first half of the answer, then the rest once `release` is called.
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const model: ILLMManager = {
      call: async (prompt, options) => {
        if (!prompt.includes('Explain everything')) return 'Planned.';
        options?.onDelta?.({ text: 'The first half, ', full: 'The first half, ', rewrite: false });
        await released;
        options?.onDelta?.({ text: 'the second half.', full: 'The first half, the second half.', rewrite: false });
        return 'The first half, the second half.';
      },
    };
    const store = new ConversationStore(new MemoryKeyValueStore());
    const session = new ChatSessions({ runTask: (prompt, options) => new PTKManager(model).orchestrateToolCalling(prompt, options), store });
    const viewEvents: string[] = [];
    session.onEvent((conversationId) => viewEvents.push(conversationId));
    await session.send('Plan the release');
    const planned = session.state.conversationId;
    await session.newConversation();
    const running = session.send('Explain everything');
    const explaining = session.state.conversationId;
    await waitFor(() => session.state.items.some((item) => item.kind === 'assistant' && item.text !== ''));
    await session.openConversation(planned);
    assert.deepEqual([session.state.conversationId, session.busy], [planned, false]);
    assert.equal(session.history().find((entry) => entry.id === explaining)?.activity, 'running', 'the history marks the running conversation');
    viewEvents.length = 0;
    release();
    await waitFor(() => session.history().find((entry) => entry.id === explaining)?.activity === undefined);
    assert.deepEqual(viewEvents, [], 'the hidden conversation streamed without touching the shown one');
    await running;
    await session.openConversation(explaining);
    const answer = session.state.items.find((item) => item.kind === 'assistant');
    assert.deepEqual(answer?.kind === 'assistant' && [answer.text, answer.streaming], ['The first half, the second half.', false]);
    assert.deepEqual(store.load(explaining)!.state.items.map((item) => item.kind), session.state.items.map((item) => item.kind));
  });

  it('a one-shot request from the editor gets a new conversation; the open one stays in the history untouched (running on, if it runs); an empty one is used', async () => {
    const { session, broker, store } = setup(['Planned.', call('write_file', { path: 'a.txt', content: 'new' }), 'Done.']);
    await session.send('Plan the release');
    const planned = session.state.conversationId;
    const savedBefore = JSON.stringify(store.load(planned));
    await session.freshConversationFor();
    assert.notEqual(session.state.conversationId, planned, 'a new conversation');
    assert.equal(JSON.stringify(store.load(planned)), savedBefore, 'the open one is kept as it was');
    const fresh = session.state.conversationId;
    await session.freshConversationFor();
    assert.equal(session.state.conversationId, fresh, 'an empty conversation is used as it is');
    const running = session.send('Write a.txt');
    await waitFor(() => broker.pendingIds().length === 1);
    await session.freshConversationFor();
    assert.notEqual(session.state.conversationId, fresh);
    assert.deepEqual([session.busy, broker.pendingIds().length], [false, 1], 'the running task goes on in its own conversation');
    broker.resolve(broker.pendingIds()[0], { decision: 'approve' });
    await running;
    assert.deepEqual(store.list().map((entry) => entry.id).sort(), [planned, fresh].sort(), 'both earlier conversations are in the history');
    const finished = store.load(fresh)!.state.items.flatMap((item) => (item.kind === 'assistant' && item.text ? [item.text] : []));
    assert.deepEqual(finished, ['Done.']);
  });

  it('deleting a conversation from history asks first, naming it and its checkpoints', async () => {
    const { questions, confirm } = asker(false, true);
    const { session } = setup(['Hi.'], { confirm });
    await session.send('Plan the release');
    const id = session.state.conversationId;
    await session.newConversation();
    assert.equal(await session.deleteConversationAsked(id), false);
    assert.deepEqual(session.history().map((entry) => entry.id), [id]);
    assert.equal(await session.deleteConversationAsked(id), true);
    assert.deepEqual(session.history(), []);
    assert.deepEqual(questions, ['Delete "Plan the release"? Its checkpoints are deleted too. [Delete]', 'Delete "Plan the release"? Its checkpoints are deleted too. [Delete]']);
  });

  it('a conversation opened again marks the cards whose change the broker no longer keeps', async () => {
    const { session, broker } = setup([call('write_file', { path: 'a.txt', content: 'new' }), 'Done.']);
    const running = session.send('Write a.txt');
    await waitFor(() => broker.pendingIds().length === 1);
    broker.resolve(broker.pendingIds()[0], { decision: 'approve' });
    await running;
    const id = session.state.conversationId;
    const diffGone = () => session.state.items.flatMap((item) => (item.kind === 'tool' && item.approval ? [item.approval.diffGone ?? false] : []));
    await session.newConversation();
    await session.openConversation(id);
    assert.deepEqual(diffGone(), [false], 'this window still keeps the change');
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

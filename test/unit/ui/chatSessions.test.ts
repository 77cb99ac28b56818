/**
 * ChatSessions: several conversations of the chat view run tasks at once. The model is a fake
 * whose every call is held until the test answers it; everything else is the real engine, the
 * real approval broker and the real conversation store.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PTKManager } from '../../../src/core/loop/ptkManager';
import type { ILLMManager, LLMCallOptions } from '../../../src/core/ports';
import { ToolRegistry } from '../../../src/core/tools/toolRegistry';
import type { ChatViewState } from '../../../src/shared/chat/protocol';
import { ApprovalBroker } from '../../../src/ui/approvalBroker';
import type { Attention } from '../../../src/ui/attentionNotice';
import { ChatSessions } from '../../../src/ui/chatSessions';
import { ConversationStore } from '../../../src/ui/conversationStore';
import { taskConversation } from '../../../src/ui/taskConversation';
import { MemoryKeyValueStore } from './memoryStore';
import { approvedWriteFileTool } from './writeFileTool';

/** A model call waiting for the test: `stream` shows text, `answer` ends the call with a reply. */
interface HeldCall {
  prompt: string;
  stream(text: string): void;
  answer(text: string): void;
  /** Ends the call with an error (the site failed). */
  fail(error: Error): void;
}

/** A fake model whose calls wait until the test answers them; `next` resolves with the next call made. */
function heldModel() {
  const waiting: HeldCall[] = [];
  const takers: Array<(call: HeldCall) => void> = [];
  const model: ILLMManager = {
    call: (prompt: string, options?: LLMCallOptions) =>
      new Promise<string>((resolve, reject) => {
        let shown = '';
        const held: HeldCall = {
          prompt,
          stream: (text) => {
            shown += text;
            options?.onDelta?.({ text, full: shown, rewrite: false });
          },
          answer: resolve,
          fail: reject,
        };
        options?.signal?.addEventListener('abort', () => reject(options.signal?.reason), { once: true });
        const taker = takers.shift();
        if (taker) taker(held);
        else waiting.push(held);
      }),
  };
  const next = () => new Promise<HeldCall>((resolve) => {
    const call = waiting.shift();
    if (call) resolve(call);
    else takers.push(resolve);
  });
  return { model, next };
}

const writeCall = (path: string) => `<TOOL_CALL>${JSON.stringify({ tool: 'write_file', args: { path, content: 'new' } })}</TOOL_CALL>`;

function setup(storage = new MemoryKeyValueStore()) {
  const { model, next } = heldModel();
  const files = new Map<string, string>();
  const backgroundApprovals: Array<[string, string]> = [];
  const attentions: Attention[] = [];
  const broker = new ApprovalBroker({ emit: (event) => sessions.publish(event, taskConversation()), isViewVisible: () => true, fallback: async () => ({ decision: 'reject' }) });
  const tools = new ToolRegistry([approvedWriteFileTool(broker, files)]);
  const store = new ConversationStore(storage);
  const sessions: ChatSessions = new ChatSessions({
    runTask: (prompt, options) => new PTKManager(model, tools).orchestrateToolCalling(prompt, options),
    store,
    approvals: broker,
    onAttention: (attention) => {
      attentions.push(attention);
      if (attention.kind === 'approval' && !attention.shown) backgroundApprovals.push([attention.conversationId, attention.title]);
    },
  });
  const viewEvents: string[] = [];
  sessions.onEvent((conversationId, event) => viewEvents.push(`${conversationId}:${event.type}`));
  return { sessions, next, broker, store, storage, files, viewEvents, backgroundApprovals, attentions };
}

const answers = (state: ChatViewState) => state.items.flatMap((item) => (item.kind === 'assistant' && item.text ? [item.text] : []));
const notices = (state: ChatViewState) => state.items.flatMap((item) => (item.kind === 'notice' ? [item.text] : []));

describe('ChatSessions: two conversations at once', () => {
  it('a task runs in a new conversation while the first one\'s runs on in the background; each ends with its own answer, saved apart', async () => {
    const { sessions, next, store, viewEvents } = setup();
    const firstTask = sessions.send('Explain the parser');
    const first = sessions.state.conversationId;
    const firstCall = await next();
    firstCall.stream('The parser ');
    await sessions.newConversation();
    const second = sessions.state.conversationId;
    assert.notEqual(second, first);
    const secondTask = sessions.send('Explain the scanner');
    const secondCall = await next();
    assert.match(secondCall.prompt, /Explain the scanner/);
    assert.doesNotMatch(secondCall.prompt, /Explain the parser/, 'the new conversation has no history of the first');
    assert.deepEqual(sessions.history().map((entry) => [entry.id, entry.activity]).sort(), [[first, 'running'], [second, 'running']].sort());
    viewEvents.length = 0;
    firstCall.stream('reads calls.');
    firstCall.answer('The parser reads calls.');
    await firstTask;
    assert.deepEqual(viewEvents, [], 'the hidden conversation\'s events never reach the view');
    assert.equal(sessions.busy, true, 'the shown conversation still runs');
    secondCall.answer('The scanner finds tags.');
    await secondTask;
    assert.deepEqual(answers(sessions.state), ['The scanner finds tags.']);
    assert.deepEqual(answers(store.load(first)!.state), ['The parser reads calls.']);
    assert.deepEqual(answers(store.load(second)!.state), ['The scanner finds tags.']);
    assert.equal(store.currentId(), second, 'the current conversation is the shown one, though the first saved last but one');
    assert.deepEqual(sessions.history().map((entry) => entry.activity), [undefined, undefined]);
    await sessions.openConversation(first);
    assert.deepEqual(answers(sessions.state), ['The parser reads calls.']);
    assert.equal(store.currentId(), first);
  });

  it('told of each task start and end, the Stop button (the shown one) and the status bar (any) read the state after it', async () => {
    const { sessions, next } = setup();
    const seen: string[] = [];
    sessions.onActivity(() => seen.push(`shown ${sessions.busy}, any ${sessions.anyBusy}`));
    const backgroundTask = sessions.send('Explain the parser');
    const backgroundCall = await next();
    await sessions.newConversation();
    const shownTask = sessions.send('Explain the scanner');
    const shownCall = await next();
    shownCall.answer('The scanner finds tags.');
    await shownTask;
    await waitUntil(() => seen.length === 4);
    backgroundCall.answer('The parser reads calls.');
    await backgroundTask;
    await waitUntil(() => seen.length === 5);
    assert.deepEqual(seen, ['shown true, any true', 'shown false, any true', 'shown true, any true', 'shown false, any true', 'shown false, any false']);
  });

  it('the user is asked to look when a task ends, fails or waits for an approval: done and failed are told with the task\'s message, shown or not; a stopped task is not told', async () => {
    const { sessions, next, broker, attentions } = setup();
    const background = sessions.send('Explain the parser');
    const backgroundId = sessions.state.conversationId;
    const backgroundCall = await next();
    await sessions.newConversation();
    const shownId = sessions.state.conversationId;
    const failing = sessions.send('Explain the scanner');
    (await next()).fail(new Error('The site answered with an error page.'));
    await failing;
    backgroundCall.answer('The parser reads calls.');
    await background;
    const stopped = sessions.send('Explain the lexer');
    await next();
    sessions.stop();
    await stopped;
    const writing = sessions.send('Write a.txt');
    (await next()).answer(writeCall('a.txt'));
    await waitUntil(() => broker.pendingIds().length === 1);
    assert.deepEqual(
      attentions.map(({ kind, conversationId, title, shown }) => [kind, conversationId === shownId ? 'shown conversation' : conversationId === backgroundId ? 'background' : conversationId, title, shown]),
      [
        ['failed', 'shown conversation', 'Explain the scanner', true],
        ['done', 'background', 'Explain the parser', false],
        ['approval', 'shown conversation', 'Write a.txt', true],
      ],
    );
    assert.match(attentions[0]!.detail ?? '', /error page/, 'a failure says why');
    broker.resolve(broker.pendingIds()[0]!, { decision: 'approve' });
    (await next()).answer('Written.');
    await writing;
    assert.deepEqual(attentions.at(-1), { kind: 'done', conversationId: shownId, title: 'Write a.txt', detail: undefined, shown: true });
  });

  it('a save of the background conversation never moves the current pointer off the shown one', async () => {
    const { sessions, next, store } = setup();
    const backgroundTask = sessions.send('Explain the parser');
    const call = await next();
    await sessions.newConversation();
    const shown = sessions.state.conversationId;
    call.answer('Done.');
    await backgroundTask;
    assert.equal(store.currentId(), shown);
  });

  it('Stop acts on the shown conversation only', async () => {
    const { sessions, next, store } = setup();
    const backgroundTask = sessions.send('Explain the parser');
    const background = sessions.state.conversationId;
    const backgroundCall = await next();
    await sessions.newConversation();
    const shownTask = sessions.send('Explain the scanner');
    await next();
    assert.equal(sessions.stop(), true);
    await shownTask;
    assert.deepEqual([sessions.busy, sessions.anyBusy], [false, true], 'the background task still runs');
    backgroundCall.answer('The parser reads calls.');
    await backgroundTask;
    assert.deepEqual(answers(store.load(background)!.state), ['The parser reads calls.']);
    assert.equal(sessions.anyBusy, false);
  });

  it('a background task that asks for approval: the user is told which conversation, its card waits there, nothing is approved for them', async () => {
    const { sessions, next, broker, files, backgroundApprovals, viewEvents } = setup();
    const writing = sessions.send('Write a.txt');
    const writingId = sessions.state.conversationId;
    const call = await next();
    await sessions.newConversation();
    viewEvents.length = 0;
    call.answer(writeCall('a.txt'));
    await waitUntil(() => broker.pendingIds().length === 1);
    assert.deepEqual(backgroundApprovals, [[writingId, 'Write a.txt']]);
    assert.deepEqual([viewEvents, [...files.keys()]], [[], []], 'the shown conversation gets no card; nothing is written');
    assert.equal(sessions.history().find((entry) => entry.id === writingId)?.activity, 'waiting');
    await sessions.openConversation(writingId);
    assert.deepEqual(sessions.state.pendingApprovals, broker.pendingIds(), 'opened, it shows the waiting card');
    broker.resolve(broker.pendingIds()[0], { decision: 'approve' });
    (await next()).answer('Written.');
    await writing;
    assert.deepEqual([[...files.keys()], answers(sessions.state)], [['a.txt'], ['Written.']]);
  });

  it('leaving a conversation whose card waits for approval tells the user once; coming back or leaving again does not', async () => {
    const { sessions, next, broker, backgroundApprovals } = setup();
    const writing = sessions.send('Write a.txt');
    const writingId = sessions.state.conversationId;
    (await next()).answer(writeCall('a.txt'));
    await waitUntil(() => broker.pendingIds().length === 1);
    assert.deepEqual(backgroundApprovals, [], 'asked while shown: its card is on screen');
    await sessions.newConversation();
    assert.deepEqual(backgroundApprovals, [[writingId, 'Write a.txt']], 'left while it waits: told, as if it had asked in the background');
    await sessions.openConversation(writingId);
    await sessions.newConversation();
    assert.equal(backgroundApprovals.length, 1, 'the same approval is told once, not on every switch');
    await sessions.openConversation(writingId);
    // A new approval of the same conversation is told again when the user leaves it.
    broker.resolve(broker.pendingIds()[0], { decision: 'approve' });
    (await next()).answer(writeCall('b.txt'));
    await waitUntil(() => broker.pendingIds().length === 1);
    await sessions.newConversation();
    assert.deepEqual(backgroundApprovals, [[writingId, 'Write a.txt'], [writingId, 'Write a.txt']]);
    await sessions.openConversation(writingId);
    broker.resolve(broker.pendingIds()[0], { decision: 'approve' });
    (await next()).answer('Written.');
    await writing;
    await sessions.newConversation();
    assert.equal(backgroundApprovals.length, 2, 'nothing waits: leaving tells nothing');
  });

  it("a later task of a conversation is named by its own message, not the conversation's first (the notice, the failover question)", async () => {
    const { sessions, next, broker, backgroundApprovals } = setup();
    const first = sessions.send('Say hello');
    (await next()).answer('Hello.');
    await first;
    const conversationId = sessions.state.conversationId;
    assert.equal(sessions.taskTitle(conversationId), 'Say hello', 'no task runs: the conversation is named by its title');
    const writing = sessions.send('Write a.txt');
    (await next()).answer(writeCall('a.txt'));
    await waitUntil(() => broker.pendingIds().length === 1);
    assert.equal(sessions.taskTitle(conversationId), 'Write a.txt');
    await sessions.newConversation();
    assert.deepEqual(backgroundApprovals, [[conversationId, 'Write a.txt']]);
    await sessions.openConversation(conversationId);
    broker.resolve(broker.pendingIds()[0], { decision: 'approve' });
    (await next()).answer('Written.');
    await writing;
  });

  it('an approval answered while another conversation is shown settles the card of the conversation that asked', async () => {
    const { sessions, next, broker, store } = setup();
    const writing = sessions.send('Write a.txt');
    const writingId = sessions.state.conversationId;
    (await next()).answer(writeCall('a.txt'));
    await waitUntil(() => broker.pendingIds().length === 1);
    await sessions.newConversation();
    // Answered from a notification or the diff's title bar: not from the card.
    broker.resolve(broker.pendingIds()[0], { decision: 'reject' });
    const afterRejection = await next();
    assert.equal(sessions.history().find((entry) => entry.id === writingId)?.activity, 'running', 'no longer marked waiting: its card got the answer');
    afterRejection.answer('Not written.');
    await writing;
    const saved = store.load(writingId)!.state;
    assert.deepEqual(saved.pendingApprovals, []);
    assert.ok(saved.items.some((item) => item.kind === 'tool' && item.approval && item.status !== 'awaitingApproval'), 'its card is settled');
    assert.deepEqual(sessions.state.items, [], 'the shown conversation got nothing');
  });

  it('deleting a conversation that runs in the background stops its task first', async () => {
    const { sessions, next, store } = setup();
    const backgroundTask = sessions.send('Explain the parser');
    const background = sessions.state.conversationId;
    await next();
    await sessions.newConversation();
    await sessions.deleteConversation(background);
    await backgroundTask;
    assert.deepEqual([sessions.anyBusy, store.load(background), store.list().length], [false, undefined, 0]);
  });

  it('a window reload settles every stored conversation that was running, the shown one and the others', async () => {
    const storage = new MemoryKeyValueStore();
    const before = setup(storage);
    void before.sessions.send('Explain the parser');
    const background = before.sessions.state.conversationId;
    await before.next();
    await before.sessions.newConversation();
    void before.sessions.send('Explain the scanner');
    const shown = before.sessions.state.conversationId;
    await before.next();
    // The window goes away with both tasks running: a new window reads the same storage.
    const after = setup(storage);
    assert.equal(after.sessions.state.conversationId, shown);
    assert.deepEqual([after.sessions.state.busy, notices(after.sessions.state)], [false, ['Stopped by a window reload.']]);
    assert.equal(after.sessions.history().some((entry) => entry.activity), false, 'nothing is marked running');
    await after.sessions.openConversation(background);
    assert.deepEqual([after.sessions.state.busy, notices(after.sessions.state)], [false, ['Stopped by a window reload.']]);
  });

  it('with nothing running, "+" and the history work as before: the conversation left is saved and opens again', async () => {
    const { sessions, next, store } = setup();
    const task = sessions.send('Explain the parser');
    (await next()).answer('The parser reads calls.');
    await task;
    const first = sessions.state.conversationId;
    await sessions.newConversation();
    assert.deepEqual([sessions.state.items.length, store.currentId()], [0, sessions.state.conversationId]);
    assert.deepEqual(sessions.history().map((entry) => [entry.id, entry.activity]), [[first, undefined]]);
    await sessions.openConversation(first);
    assert.deepEqual(answers(sessions.state), ['The parser reads calls.']);
    await assert.rejects(sessions.openConversation('missing'), /No saved conversation/);
  });
});

/** Waits for the engine to reach a state the test cannot await directly (an approval asked inside a tool). */
async function waitUntil(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

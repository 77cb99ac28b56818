/**
 * Second Opinion over fake models only: a real chat session runs a task, the consult port over
 * a site router of scripted sites sends the review request; the reviews arrive as events of the
 * conversation (one column per other site), failures name the site and why, and nothing is
 * sent without another site or without a finished task.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LLMBackendError, PTKErrorCode } from '../../../src/core/errors';
import { PTKManager } from '../../../src/core/loop/ptkManager';
import { SiteRouter } from '../../../src/core/routing';
import { ScriptedChatModel, type ScriptedReply } from '../../../src/core/testing/scriptedChatModel';
import { ToolRegistry } from '../../../src/core/tools/toolRegistry';
import type { ChatEvent, ChatItem } from '../../../src/shared/chat/protocol';
import { ChatSession } from '../../../src/ui/chatSession';
import { createConsultPort } from '../../../src/ui/consultPort';
import { ConversationStore } from '../../../src/ui/conversationStore';
import { RoutedChatModel, type SiteHandle } from '../../../src/ui/routedChatModel';
import { finishedTask } from '../../../src/shared/chat/finishedTask';
import { finishedReview, sendReviewToTask, NEEDS_ANOTHER_SITE, reviewMessage, reviewPrompt, runSecondOpinion, type ReviewSite } from '../../../src/ui/secondOpinion';
import { ExtensionSettingsSchema } from '../../../src/ui/settings';
import { MemoryKeyValueStore } from './memoryStore';

const LABELS: Record<string, string> = { chatgpt: 'ChatGPT', claude: 'Claude', gemini: 'Gemini' };

/** The sites of ptk.sites as scripted models behind the router; a chat session whose task runs on the first one. */
function rig(scripts: Record<string, ScriptedReply[]>, taskReplies: ScriptedReply[] = ['Done: I added the lock.']) {
  const models: Record<string, ScriptedChatModel> = {};
  const handles = Object.entries(scripts).map(([site, replies]) => {
    models[site] = new ScriptedChatModel(replies, { keepsThread: true, chunkSize: 4 });
    return { site, label: LABELS[site] ?? site, model: models[site] as unknown as SiteHandle['model'] };
  });
  const routed = new RoutedChatModel(new SiteRouter(handles, { failover: 'auto' }), handles);
  const settings = ExtensionSettingsSchema.parse({ site: handles[0]!.site, sites: handles.map((handle) => handle.site) });
  const port = createConsultPort({ settings: () => settings, model: async () => routed, approve: async () => undefined });
  const manager = new PTKManager(new ScriptedChatModel(taskReplies), new ToolRegistry([]));
  let nextId = 0;
  const store = new ConversationStore(new MemoryKeyValueStore());
  const session = new ChatSession({ runTask: (prompt, options) => manager.orchestrateToolCalling(prompt, options), store, createId: () => `id${++nextId}`, now: () => 1000 });
  const events: ChatEvent[] = [];
  session.onEvent((_id, event) => events.push(event));
  const sites: ReviewSite[] = handles.map(({ site, label }) => ({ site, label }));
  const diffs: string[] = [];
  const run = (ownSite: string | undefined, diff = '', signal?: AbortSignal) =>
    runSecondOpinion({ session, sites, ownSite, diff: async (conversationId, taskId) => (diffs.push(`${conversationId}/${taskId}`), diff), send: port.send, createId: () => 'r1', now: () => 2000, ...(signal ? { signal } : {}) });
  return { session, store, models, events, run, diffs };
}

const reviewItem = (items: readonly ChatItem[]) => items.find((item): item is Extract<ChatItem, { kind: 'review' }> => item.kind === 'review');

describe('Second Opinion: the fan-out', () => {
  it('sends the finished task to every other site at once, each in a new chat of its own; each review lands in its column', async () => {
    const { session, models, events, run } = rig({ chatgpt: [], claude: ['Claude: the lock is never released on error.'], gemini: ['Gemini: looks fine, add a test.'] });
    await session.send('Add a lock around the cache');
    const outcome = await run('chatgpt');
    assert.equal(outcome.status, 'reviewed');
    assert.equal(models.chatgpt.calls.length, 0, "the conversation's own site is not asked");
    for (const site of ['claude', 'gemini']) {
      const [call] = models[site]!.calls;
      assert.equal(call!.newThread, true);
      assert.equal(call!.options.site, site);
      assert.match(call!.options.thread?.key ?? '', /^consult-/);
      assert.match(call!.prompt, /review[\s\S]*Add a lock around the cache[\s\S]*It changed no file\. Its plan \/ last answer:\n\nDone: I added the lock\.$/);
    }
    assert.notEqual(models.claude.calls[0]!.options.thread?.key, models.gemini.calls[0]!.options.thread?.key);
    const item = reviewItem(session.state.items)!;
    assert.deepEqual(item.columns, [
      { site: 'claude', label: 'Claude', status: 'done', text: 'Claude: the lock is never released on error.' },
      { site: 'gemini', label: 'Gemini', status: 'done', text: 'Gemini: looks fine, add a test.' },
    ]);
    // Every column started waiting, then streamed (chunks of 4 characters) before it was done.
    const started = events.find((event) => event.type === 'reviewStarted');
    assert.deepEqual(started, { type: 'reviewStarted', id: 'review:r1', time: 2000, sites: [{ site: 'claude', label: 'Claude' }, { site: 'gemini', label: 'Gemini' }] });
    const claudeUpdates = events.filter((event) => event.type === 'reviewUpdate' && event.site === 'claude').map((event) => (event.type === 'reviewUpdate' ? event.status : ''));
    assert.ok(claudeUpdates.length > 2);
    assert.deepEqual(new Set(claudeUpdates), new Set(['streaming', 'done']));
    assert.equal(claudeUpdates.at(-1), 'done');
  });

  it('a task that changed files sends its goal and its diff (the task checkpoint names the task)', async () => {
    const { session, models, run, diffs } = rig({ chatgpt: [], claude: ['ok'] });
    await session.send('Rename foo to bar');
    await session.record({ type: 'checkpoint', id: 'checkpoint-task:t1', scope: 'task', taskId: 't1', files: ['a.ts'], notes: [] });
    await run('chatgpt', '--- a/a.ts\n+++ b/a.ts\n@@ -1 +1 @@\n-foo\n+bar\n');
    assert.deepEqual(diffs, [`${session.state.conversationId}/t1`]);
    assert.match(models.claude.calls[0]!.prompt, /Rename foo to bar\n\nThe changes it made \(unified diff\):\n\n```diff\n--- a\/a\.ts\n\+\+\+ b\/a\.ts\n@@ -1 \+1 @@\n-foo\n\+bar\n```$/);
  });

  it('a limited site fails in its own column, naming the site and why; the others still review', async () => {
    const limit = new LLMBackendError('Claude is rate limiting you.', { code: PTKErrorCode.RATE_LIMITED, retryAfterMs: 60 * 60_000 });
    const { session, run } = rig({ chatgpt: [], claude: [limit], gemini: ['fine'] });
    await session.send('Fix the bug');
    const outcome = await run('chatgpt');
    const columns = reviewItem(session.state.items)!.columns;
    assert.equal(columns[0]!.status, 'failed');
    assert.match(columns[0]!.text, /^Claude could not review: usage limit until [\d :-]+\.$/);
    assert.deepEqual(columns[1], { site: 'gemini', label: 'Gemini', status: 'done', text: 'fine' });
    assert.equal(outcome.status === 'reviewed' && outcome.reviews.map((review) => review.ok).join(), 'false,true');
  });

  it('one other site: that one alone', async () => {
    const { session, models, run } = rig({ chatgpt: ['ChatGPT reviews'], claude: [] });
    await session.send('Do it');
    await run('claude');
    assert.equal(models.chatgpt.calls.length, 1);
    assert.equal(models.claude.calls.length, 0);
    assert.deepEqual(reviewItem(session.state.items)!.columns.map((column) => column.site), ['chatgpt']);
  });

  it('the review item is saved with the conversation', async () => {
    const { session, store, run } = rig({ chatgpt: [], claude: ['saved review'] });
    await session.send('Do it');
    await run('chatgpt');
    const opened = new ChatSession({ runTask: async () => assert.fail('no task'), store, conversation: { id: session.state.conversationId } });
    assert.equal(reviewItem(opened.state.items)!.columns[0]!.text, 'saved review');
  });

  it('after a window reload, a review still arriving says it was stopped (its call went with the window)', async () => {
    const storage = new MemoryKeyValueStore();
    const store = new ConversationStore(storage);
    const state = { conversationId: 'c', title: 't', busy: false, pendingApprovals: [], items: [{ kind: 'review' as const, id: 'r', time: 0, columns: [{ site: 'claude', label: 'Claude', status: 'done' as const, text: 'ok' }, { site: 'gemini', label: 'Gemini', status: 'streaming' as const, text: 'par' }] }] };
    await store.save({ state, messages: [], updatedAt: 0 });
    await store.setCurrentId('c');
    const reloaded = new ChatSession({ runTask: async () => assert.fail('no task'), store });
    assert.deepEqual(reviewItem(reloaded.state.items)!.columns.map((column) => [column.status, column.text]), [
      ['done', 'ok'],
      ['failed', 'Gemini: stopped by a window reload before its review arrived.'],
    ]);
  });

  it('a Stop (the signal) settles the columns still waiting as stopped', async () => {
    const controller = new AbortController();
    // The site takes the request and never answers; the Stop comes while it waits.
    const { session, run } = rig({ chatgpt: [], claude: [() => new Promise<string>(() => controller.abort())] });
    await session.send('Do it');
    await run('chatgpt', '', controller.signal);
    const column = reviewItem(session.state.items)!.columns[0]!;
    assert.equal(column.status, 'failed');
    assert.match(column.text, /^Claude: stopped before its review arrived\.$/);
  });
});

describe('Second Opinion: Send to task', () => {
  it("a finished review goes as the user's next message, named by its site; the task continues with it", async () => {
    const { session, run } = rig({ chatgpt: [], claude: ['Release the lock in finally.'] }, ['Done.', 'Fixed: released in finally.']);
    await session.send('Add a lock');
    await run('chatgpt');
    const item = reviewItem(session.state.items)!;
    assert.equal(sendReviewToTask(session, item.id, 'gemini'), false, 'no such column: nothing is sent');
    assert.equal(sendReviewToTask(session, item.id, 'claude'), true);
    await session.whenIdle();
    const users = session.state.items.filter((entry) => entry.kind === 'user');
    const lastUser = users.at(-1);
    assert.equal(lastUser?.kind === 'user' && lastUser.text, 'Review from Claude:\nRelease the lock in finally.');
    const last = session.state.items.at(-1);
    assert.equal(last?.kind === 'assistant' && last.text, 'Fixed: released in finally.');
  });

  it('a sent review is marked sent, saved with the conversation, and a second Send to task does nothing', async () => {
    const { session, store, run } = rig({ chatgpt: [], claude: ['Release the lock in finally.'] }, ['Done.', 'Fixed.', 'never']);
    await session.send('Add a lock');
    await run('chatgpt');
    const item = reviewItem(session.state.items)!;
    assert.equal(sendReviewToTask(session, item.id, 'claude'), true);
    assert.equal(sendReviewToTask(session, item.id, 'claude'), false, 'a double click sends nothing more');
    await session.whenIdle();
    assert.equal(sendReviewToTask(session, item.id, 'claude'), false, 'nor once the task is over');
    await session.whenIdle();
    const users = (items: readonly ChatItem[]) => items.filter((entry) => entry.kind === 'user').map((entry) => entry.kind === 'user' && entry.text);
    assert.deepEqual(users(session.state.items), ['Add a lock', 'Review from Claude:\nRelease the lock in finally.']);
    assert.equal(reviewItem(session.state.items)!.columns[0]!.sent, true);
    // A reload (or opening the conversation again) reads the store: the review is still sent.
    const reloaded = new ChatSession({ runTask: async () => assert.fail('no task'), store });
    assert.equal(reviewItem(reloaded.state.items)!.columns[0]!.sent, true);
    assert.equal(sendReviewToTask(reloaded, item.id, 'claude'), false);
  });

  it('while a task runs, Send to task sends nothing and the review stays to send', async () => {
    // The second task's reply waits until the test lets it finish.
    let finish!: () => void;
    const released = new Promise<void>((resolve) => (finish = resolve));
    const { session, run } = rig({ chatgpt: [], claude: ['Release the lock in finally.'] }, ['Done.', async () => (await released, 'Other.')]);
    await session.send('Add a lock');
    await run('chatgpt');
    const item = reviewItem(session.state.items)!;
    const other = session.send('Something else');
    assert.equal(sendReviewToTask(session, item.id, 'claude'), false);
    assert.equal(reviewItem(session.state.items)!.columns[0]!.sent, undefined);
    assert.ok(session.state.items.some((entry) => entry.kind === 'notice' && /already running/.test(entry.text)));
    finish();
    await other;
  });
});

describe('Second Opinion: nothing is sent', () => {
  it('without another site (one site configured): says ptk.sites needs another one', async () => {
    const { session, models, run } = rig({ chatgpt: [] });
    await session.send('Do it');
    assert.deepEqual(await run('chatgpt'), { status: 'noOtherSite' });
    assert.equal(models.chatgpt.calls.length, 0);
    assert.match(NEEDS_ANOTHER_SITE, /ptk\.sites/);
    assert.equal(reviewItem(session.state.items), undefined);
  });

  it('without a finished task: an empty conversation, or a failed task', async () => {
    const { session, models, run } = rig({ chatgpt: [], claude: ['never'] }, [new LLMBackendError('The site broke.', { code: PTKErrorCode.SITE_ERROR })]);
    assert.deepEqual(await run('chatgpt'), { status: 'noFinishedTask' });
    await session.send('Do it');
    assert.deepEqual(await run('chatgpt'), { status: 'noFinishedTask' });
    assert.equal(models.claude.calls.length, 0);
  });
});

describe('Second Opinion: pure parts', () => {
  it('finishedTask: the last turn with an answer, not stopped, not failed, no task running', () => {
    const base = { conversationId: 'c', title: 't', busy: false, pendingApprovals: [] };
    const user: ChatItem = { kind: 'user', id: 'u', text: 'goal', time: 0 };
    const answer: ChatItem = { kind: 'assistant', id: 'a', text: 'answer', streaming: false };
    assert.deepEqual(finishedTask({ ...base, items: [user, answer] }), { goal: 'goal', answer: 'answer', answerId: 'a' });
    assert.equal(finishedTask({ ...base, busy: true, items: [user, answer] }), undefined);
    assert.equal(finishedTask({ ...base, items: [user, { ...answer, stopped: true }] }), undefined);
    assert.equal(finishedTask({ ...base, items: [user, answer, { kind: 'notice', id: 'n', text: 'Stopped.', endsTurn: true }] }), undefined);
    assert.equal(finishedTask({ ...base, items: [user] }), undefined);
    // An informative notice after the task (an undo) does not unfinish it.
    assert.equal(finishedTask({ ...base, items: [user, answer, { kind: 'notice', id: 'n', text: 'Restored 1 file.' }] })?.goal, 'goal');
  });

  it('reviewPrompt keeps a long diff to its head and tail; reviewMessage and finishedReview', () => {
    const prompt = reviewPrompt({ goal: 'g', answer: 'a' }, `${'x'.repeat(30_000)}\n${'y'.repeat(30_000)}`);
    assert.ok(prompt.length < 45_000);
    assert.match(prompt, /^x/m);
    assert.match(prompt, /y+\n```$/);
    assert.equal(reviewMessage('Claude', 'Fix it.'), 'Review from Claude:\nFix it.');
    const state = { conversationId: 'c', title: 't', busy: false, pendingApprovals: [], items: [{ kind: 'review' as const, id: 'r', time: 0, columns: [{ site: 'claude', label: 'Claude', status: 'done' as const, text: 'R' }, { site: 'gemini', label: 'Gemini', status: 'streaming' as const, text: 'part' }] }] };
    assert.deepEqual(finishedReview(state, 'r', 'claude'), { label: 'Claude', text: 'R' });
    assert.equal(finishedReview(state, 'r', 'gemini'), undefined);
  });
});

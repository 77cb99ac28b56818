import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { COMPACTION_SUMMARY_HEADER, compactedTranscript, compactionDue, type ContextUsage } from '../../../../src/core/conversation/contextCompaction';
import type { CompactionEvent } from '../../../../src/core/loop/loopTypes';
import { PTKManager } from '../../../../src/core/loop/ptkManager';
import { ScriptedChatModel } from '../../../../src/core/testing/scriptedChatModel';
import type { PTKMessage } from '../../../../src/core/types';
import { call, readFileTool, registryWith } from './helpers';

const BIG = 'x'.repeat(3_000);
const A_FILE = 'a'.repeat(5_000);
const B_FILE = 'b'.repeat(5_000);
const PLAN = [{ text: 'Read a.ts and b.ts', status: 'in_progress' }];

function managerOf(model: ScriptedChatModel, files: Record<string, string>): PTKManager {
  return new PTKManager(model, registryWith(readFileTool(files)));
}

function manager(model: ScriptedChatModel): PTKManager {
  return managerOf(model, { 'a.ts': BIG, 'b.ts': 'B' });
}

describe('compaction of a chat before it reaches the site limit', () => {
  it('past the threshold the model is asked for a summary in its chat, and the task goes on in a new chat from it', async () => {
    const script = [
      call('update_todos', { todos: PLAN }),
      call('read_file', { path: 'a.ts' }),
      call('read_file', { path: 'b.ts' }),
      'Goal: fix a.ts. a.ts holds 5000 a; b.ts was read last.',
      'Done.',
    ];
    const model = new ScriptedChatModel(script, { keepsThread: true });
    const events: CompactionEvent[] = [];
    const usage: ContextUsage[] = [];
    const result = await managerOf(model, { 'a.ts': A_FILE, 'b.ts': B_FILE }).orchestrateToolCalling('Fix a.ts', {
      todoList: true,
      compaction: { limitChars: 20_000, threshold: 0.5 },
      onCompaction: (event) => events.push(event),
      onContextUsage: (measured) => usage.push(measured),
    });
    assert.equal(result.success, true, result.error);
    // Turn 4 would send b.ts (5 000 characters) into a chat of ~8 000: past 10 000, so the summary is asked there first.
    assert.equal(model.calls[2].newThread, false);
    assert.ok(model.calls[2].prompt.includes(A_FILE), 'a.ts went into the first chat');
    const summaryCall = model.calls[3];
    assert.equal(summaryCall.newThread, false);
    assert.match(summaryCall.prompt, /^This chat is nearly full/);
    assert.ok(!summaryCall.prompt.includes(B_FILE), 'the result the chat has not seen is not sent to it');
    // The new chat: the task, the summary, the result the old chat had not seen, and the task list; not what the summary replaces.
    const restart = model.calls[4];
    assert.equal(restart.newThread, true);
    assert.match(restart.prompt, /Fix a\.ts/);
    assert.ok(restart.prompt.includes(`${COMPACTION_SUMMARY_HEADER}\n\nGoal: fix a.ts.`));
    assert.ok(restart.prompt.includes(B_FILE), 'b.ts goes to the new chat');
    assert.ok(!restart.prompt.includes(A_FILE), 'a.ts is in the summary, not sent again');
    assert.match(restart.prompt, /YOUR TASK LIST/);
    assert.deepEqual(events.map((event) => event.stage), ['summarizing', 'done']);
    const done = events[1];
    assert.ok(done.stage === 'done');
    assert.equal(done.summary, 'Goal: fix a.ts. a.ts holds 5000 a; b.ts was read last.');
    assert.equal(done.limitChars, 20_000);
    assert.ok(done.chatChars > 7_000 && done.chatChars < 10_000, String(done.chatChars));
    // The transcript the run keeps: the task, the summary, then the call and result that followed.
    const kept = result.messages.filter((message) => message.role !== 'system');
    assert.equal(done.transcriptLength, 4);
    assert.equal(kept[0].content, 'Fix a.ts');
    assert.equal(kept[1].compacted, true);
    assert.equal(kept.at(-1)?.content, 'Done.');
    // The summary is not a turn of the task.
    assert.equal(result.iterations, 4);
    // Usage after each turn; the new chat counts from its own first prompt.
    assert.equal(usage.length, 4);
    // The history a new chat starts from: at most half of the threshold (20 000 × 0.5 / 2).
    assert.ok(usage.every((measured) => measured.limitChars === 20_000 && measured.historyBudgetChars === 5_000));
    assert.ok(usage[2].chatChars > usage[1].chatChars);
    assert.equal(usage[3].chatChars, restart.prompt.length + 'Done.'.length);
  });

  it('a new chat starts from a history fitted to half the threshold, so a long history does not fill it at once', async () => {
    const history = Array.from({ length: 14 }, (_, index) => ({ role: index % 2 === 0 ? 'user' as const : 'assistant' as const, content: `${index} ${'h'.repeat(3_000)}` }));
    const promptOf = async (options: object) => {
      const model = new ScriptedChatModel(['Done.'], { keepsThread: true });
      await manager(model).orchestrateToolCalling('Go on', { history, ...options });
      return model.calls[0].prompt;
    };
    const whole = await promptOf({});
    const fitted = await promptOf({ compaction: { limitChars: 40_000 } });
    assert.ok(whole.length > 42_000, String(whole.length));
    // 40 000 × 0.8 / 2 = 16 000 for the history (the system prompt and the task on top).
    assert.ok(fitted.length < whole.length / 2, `${fitted.length} of ${whole.length} characters`);
    assert.match(fitted, /Go on/);
  });

  it('a reply to the summary request that calls a tool is no summary: the chat goes on as it is', async () => {
    const model = new ScriptedChatModel([call('read_file', { path: 'a.ts' }), call('read_file', { path: 'b.ts' }), call('read_file', { path: 'b.ts' }), 'Done.'], { keepsThread: true });
    const events: CompactionEvent[] = [];
    const result = await manager(model).orchestrateToolCalling('Fix a.ts', { compaction: { limitChars: 1_000 }, onCompaction: (event) => events.push(event) });
    assert.equal(result.success, true, result.error);
    assert.deepEqual(events.map((event) => event.stage), ['summarizing', 'failed']);
    assert.ok(!result.messages.some((message) => message.compacted));
  });

  it('a chat within its threshold, a backend without a chat of its own, or no limit: no compaction', async () => {
    for (const [options, keepsThread] of [[{ compaction: { limitChars: 1_000_000 } }, true], [{ compaction: { limitChars: 4_000 } }, false], [{}, true]] as const) {
      const model = new ScriptedChatModel([call('read_file', { path: 'a.ts' }), call('read_file', { path: 'b.ts' }), 'Done.'], { keepsThread });
      const events: CompactionEvent[] = [];
      const result = await manager(model).orchestrateToolCalling('Fix a.ts', { ...options, onCompaction: (event) => events.push(event) });
      assert.equal(result.success, true);
      assert.deepEqual(events, []);
      assert.equal(model.calls.length, 3);
    }
  });

  it('a summary request that fails or comes back empty leaves the chat as it is, and is not asked again in the run', async () => {
    for (const summaryReply of ['', new Error('the site failed')]) {
      const model = new ScriptedChatModel([call('read_file', { path: 'a.ts' }), summaryReply, call('read_file', { path: 'b.ts' }), 'Done.'], { keepsThread: true });
      const events: CompactionEvent[] = [];
      const result = await manager(model).orchestrateToolCalling('Fix a.ts', { compaction: { limitChars: 1_000 }, onCompaction: (event) => events.push(event) });
      assert.equal(result.success, true, result.error);
      assert.deepEqual(events.map((event) => event.stage), ['summarizing', 'failed']);
      assert.equal(model.calls[2].newThread, false, 'the turn goes on in the same chat');
      assert.ok(model.calls[2].prompt.includes(BIG));
      assert.equal(model.calls.length, 4);
      assert.ok(!result.messages.some((message) => message.compacted));
    }
  });

  it('a stop during the summary stops the task', async () => {
    const controller = new AbortController();
    const model = new ScriptedChatModel([call('read_file', { path: 'a.ts' }), 'never'], { keepsThread: true });
    const result = await manager(model).orchestrateToolCalling('Fix a.ts', {
      signal: controller.signal,
      compaction: { limitChars: 1_000 },
      onCompaction: (event) => event.stage === 'summarizing' && controller.abort(),
    });
    assert.equal(result.success, false);
    assert.equal(result.errorCode, 'ABORTED');
  });
});

describe('the compaction rules', () => {
  it('is due past the threshold, never before the chat had a whole turn', () => {
    assert.equal(compactionDue({ limitChars: 1_000 }, 700, 101, 1), true);
    assert.equal(compactionDue({ limitChars: 1_000 }, 700, 100, 1), false);
    assert.equal(compactionDue({ limitChars: 1_000, threshold: 0.5 }, 400, 101, 2), true);
    assert.equal(compactionDue({ limitChars: 1_000 }, 0, 5_000, 0), false);
  });

  it('keeps the system prompt, the task, the summary and what the chat had not seen; earlier history goes into the summary', () => {
    const transcript: PTKMessage[] = [
      { role: 'system', content: 'S' },
      { role: 'user', content: 'earlier question' },
      { role: 'assistant', content: 'earlier answer' },
      { role: 'user', content: 'the task' },
      { role: 'assistant', content: 'call 1' },
      { role: 'user', content: 'result 1' },
      { role: 'assistant', content: 'call 2' },
      { role: 'user', content: 'result 2' },
    ];
    const compacted = compactedTranscript(transcript, 3, 6, 'what happened');
    assert.deepEqual(compacted.map((message) => message.content), ['S', 'the task', `${COMPACTION_SUMMARY_HEADER}\n\nwhat happened`, 'call 2', 'result 2']);
  });
});

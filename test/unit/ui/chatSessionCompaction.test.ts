import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { COMPACTION_SUMMARY_HEADER } from '../../../src/core/conversation/contextCompaction';
import { PTKManager } from '../../../src/core/loop/ptkManager';
import { ScriptedChatModel } from '../../../src/core/testing/scriptedChatModel';
import { defineTool } from '../../../src/core/tools/defineTool';
import { ToolRegistry } from '../../../src/core/tools/toolRegistry';
import { ChatSession } from '../../../src/ui/chatSession';
import { ConversationStore } from '../../../src/ui/conversationStore';
import type { ChatEvent } from '../../../src/shared/chat/protocol';
import { MemoryKeyValueStore } from './memoryStore';

const call = (tool: string, args: Record<string, unknown>) => `<TOOL_CALL>${JSON.stringify({ tool, args })}</TOOL_CALL>`;
const FILES: Record<string, string> = { 'a.ts': 'a'.repeat(5_000), 'b.ts': 'b'.repeat(5_000) };
const readFile = defineTool({ name: 'read_file', description: 'Reads a file', readOnly: true, inputSchema: z.object({ path: z.string() }), run: ({ path }) => ({ path, content: FILES[path] ?? '' }) });

function session(model: ScriptedChatModel, limitChars: number | undefined | (() => number | undefined), storage = new MemoryKeyValueStore()): { chat: ChatSession; events: ChatEvent[] } {
  let id = 0;
  const chat = new ChatSession({
    runTask: (prompt, options) => new PTKManager(model, new ToolRegistry([readFile])).orchestrateToolCalling(prompt, options),
    store: new ConversationStore(storage),
    chatLimitChars: typeof limitChars === 'function' ? limitChars : () => limitChars,
    createId: () => `id${++id}`,
  });
  const events: ChatEvent[] = [];
  chat.onEvent((_conversation, event) => events.push(event));
  return { chat, events };
}

describe('ChatSession: the context meter and compaction', () => {
  it('a task whose chat nears the limit goes on from the model\'s summary, shown folded; the next task starts from it', async () => {
    const model = new ScriptedChatModel([
      call('read_file', { path: 'a.ts' }),
      call('read_file', { path: 'b.ts' }),
      'a.ts is all a; b.ts was read last.',
      'Both files read.',
      'The next answer.',
    ], { keepsThread: true });
    const storage = new MemoryKeyValueStore();
    const { chat, events } = session(model, 12_000, storage);
    const result = await chat.send('Read a.ts and b.ts');
    assert.equal(result?.success, true, result?.error);
    assert.match(model.prompts[2], /^This chat is nearly full/);
    assert.equal(model.calls[3].newThread, true);
    assert.deepEqual(events.filter((event) => event.type === 'compaction').map((event) => event.type === 'compaction' && event.stage), ['summarizing', 'done']);
    const item = chat.state.items.find((candidate) => candidate.kind === 'compaction');
    assert.ok(item?.kind === 'compaction');
    assert.equal(item.summary, 'a.ts is all a; b.ts was read last.');
    assert.equal(item.limitChars, 12_000);
    // The meter: the new chat's figures after the last turn.
    assert.equal(chat.state.context?.limitChars, 12_000);
    assert.ok(chat.state.context!.chatChars < 12_000 * 0.8);
    // The history kept for the next task starts from the summary; a reload keeps it all.
    const reloaded = session(model, 12_000, storage).chat;
    assert.ok(reloaded.state.items.some((candidate) => candidate.kind === 'compaction' && candidate.summary === 'a.ts is all a; b.ts was read last.'));
    await reloaded.send('And now?');
    const next = model.prompts[4];
    assert.ok(next.includes(`${COMPACTION_SUMMARY_HEADER}\n\na.ts is all a`));
    assert.ok(!next.includes(FILES['a.ts']), 'what the summary replaced is not sent again');
  });

  it('a changed chat limit shows on the meter at once, with the last task\'s figures', async () => {
    const model = new ScriptedChatModel([call('read_file', { path: 'a.ts' }), 'Read.'], { keepsThread: true });
    let limit = 100_000;
    const { chat } = session(model, () => limit);
    await chat.send('Read a.ts');
    const before = chat.state.context!;
    assert.equal(before.limitChars, 100_000);
    limit = 20_000;
    chat.limitChanged();
    assert.deepEqual(chat.state.context, { ...before, limitChars: 20_000 });
  });

  it('Compact Conversation replaces the history with the model\'s summary, between tasks', async () => {
    const model = new ScriptedChatModel([call('read_file', { path: 'a.ts' }), 'Read.', 'Summary: a.ts read.', 'Next.'], { keepsThread: true });
    const { chat, events } = session(model, undefined);
    await chat.send('Read a.ts');
    await chat.compact();
    const request = model.calls[2];
    assert.match(request.prompt, /This chat is nearly full/);
    assert.ok(request.prompt.includes(FILES['a.ts']), 'the summary is written from the whole history');
    assert.equal(chat.state.busy, false);
    const item = chat.state.items.at(-1);
    assert.ok(item?.kind === 'compaction' && item.summary === 'Summary: a.ts read.');
    assert.ok(events.some((event) => event.type === 'taskFinished' && event.outcome === 'done'));
    // Earlier messages have no place in the new history: an edit of one cuts it to nothing.
    assert.ok(chat.state.items.every((candidate) => candidate.kind !== 'user' || candidate.transcriptLength === 0));
    await chat.send('Go on');
    assert.ok(model.prompts[3].includes('Summary: a.ts read.'));
    assert.ok(!model.prompts[3].includes(FILES['a.ts']));
  });

  it('Compact Conversation with nothing to compact says so and asks the model nothing', async () => {
    const model = new ScriptedChatModel(['never']);
    const { chat } = session(model, undefined);
    await chat.compact();
    assert.equal(model.calls.length, 0);
    const last = chat.state.items.at(-1);
    assert.ok(last?.kind === 'notice' && /Nothing to compact/.test(last.text));
  });

  it('a summary that does not come leaves the history as it was, and says why', async () => {
    const model = new ScriptedChatModel([call('read_file', { path: 'a.ts' }), 'Read.', new Error('the site is down'), 'Next.'], { keepsThread: true });
    const { chat } = session(model, undefined);
    await chat.send('Read a.ts');
    await chat.compact();
    const compaction = chat.state.items.find((candidate) => candidate.kind === 'compaction');
    assert.ok(compaction?.kind === 'compaction' && compaction.failed === true);
    assert.ok(chat.state.items.some((candidate) => candidate.kind === 'error' && /the site is down/.test(candidate.message)));
    await chat.send('Go on');
    assert.ok(model.prompts[3].includes(FILES['a.ts']), 'the history is as it was');
  });
});

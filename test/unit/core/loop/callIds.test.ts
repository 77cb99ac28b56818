import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { callIdFor, taskNumberAfter } from '../../../../src/core/loop/callIds';
import { PTKManager } from '../../../../src/core/loop/ptkManager';
import { ToolRunner } from '../../../../src/core/loop/toolRunner';
import { ScriptedChatModel } from '../../../../src/core/testing/scriptedChatModel';
import type { PTKMessage } from '../../../../src/core/types';
import { call, readFileTool, registryWith, writeFileTool } from './helpers';

describe('call ids', () => {
  it('keep call_<iteration>_<index> for a run over an empty history, and add the task number after that', () => {
    assert.equal(taskNumberAfter([]), 1);
    assert.equal(callIdFor(1, 2, 0), 'call_2_0');
    assert.equal(callIdFor(3, 1, 1), 'call_3_1_1');
  });

  it('number a task past the earlier prompts and past the task numbers of the ids the history holds', () => {
    assert.equal(taskNumberAfter([{ role: 'user', content: 'a' }, { role: 'assistant', content: 'b' }]), 2);
    assert.equal(taskNumberAfter([{ role: 'tool', content: 'r', toolCallId: 'call_4_0' }]), 2, 'a short id is a first task');
    assert.equal(taskNumberAfter([{ role: 'user', content: 'a' }, { role: 'tool', content: 'r', toolCallId: 'call_7_2_0' }]), 8);
    assert.equal(taskNumberAfter([{ role: 'tool', content: 'r', toolCallId: 'call_s1_0_0' }]), 1, 'ids of another shape are not this scheme\'s');
  });

  it('are unique across three tasks of one conversation run with PTKManager, the first task keeping call_1_0', async () => {
    const model = new ScriptedChatModel([
      call('write_file', { path: 'a', content: '1' }), 'one',
      call('write_file', { path: 'a', content: '2' }), 'two',
      call('read_file', { path: 'test.ts' }), call('write_file', { path: 'b', content: '3' }), 'three',
    ]);
    const manager = new PTKManager(model, registryWith(readFileTool(), writeFileTool()));
    let history: PTKMessage[] = [];
    const idsPerTask: string[][] = [];
    for (const prompt of ['first', 'second', 'third']) {
      const ids: string[] = [];
      const result = await manager.orchestrateToolCalling(prompt, { history, onToolCall: (toolCall) => ids.push(toolCall.id ?? '') });
      assert.equal(result.success, true);
      assert.deepEqual(result.toolCalls.map((toolCall) => toolCall.id), ids);
      idsPerTask.push(ids);
      history = result.messages.filter((message) => message.role !== 'system');
    }
    assert.deepEqual(idsPerTask, [['call_1_0'], ['call_2_1_0'], ['call_3_1_0', 'call_3_2_0']]);
    const toolMessageIds = history.filter((message) => message.role === 'tool').map((message) => message.toolCallId);
    assert.deepEqual(toolMessageIds, idsPerTask.flat(), 'the transcript names each call once');
  });

  it('continue past the conversation a ToolRunner is given, and stay short for a fresh one', async () => {
    const earlier: PTKMessage[] = [
      { role: 'user', content: 'first' },
      { role: 'assistant', content: call('read_file', { path: 'test.ts' }) },
      { role: 'tool', content: 'TOOL_RESULT: {}', toolCallId: 'call_1_0' },
      { role: 'assistant', content: 'done' },
    ];
    const seen: string[] = [];
    const continued = new ToolRunner(new ScriptedChatModel([call('read_file', { path: 'test.ts' }), 'ok']), { messages: [...earlier, { role: 'user', content: 'again' }], tools: [readFileTool()] }, { onToolCall: (toolCall) => seen.push(toolCall.id ?? '') });
    await continued.runUntilDone();
    const fresh = new ToolRunner(new ScriptedChatModel([call('read_file', { path: 'test.ts' }), 'ok']), { messages: [{ role: 'user', content: 'read' }], tools: [readFileTool()] }, { onToolCall: (toolCall) => seen.push(toolCall.id ?? '') });
    await fresh.runUntilDone();
    assert.deepEqual(seen, ['call_2_1_0', 'call_1_0']);
  });
});

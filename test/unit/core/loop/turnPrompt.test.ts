import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULTS } from '../../../../src/core/constants';
import { buildTurnPrompt, type TurnPromptInput } from '../../../../src/core/loop/turnPrompt';
import { PTKFormatter } from '../../../../src/core/protocol/formatter';
import type { PTKMessage } from '../../../../src/core/types';
import { readFileTool } from './helpers';

const formatter = new PTKFormatter();
const system: PTKMessage = { role: 'system', content: 'SYSTEM PROMPT' };
const task: PTKMessage = { role: 'user', content: 'Read a.ts' };
const reply: PTKMessage = { role: 'assistant', content: '<TOOL_CALL>{"tool":"read_file","args":{"path":"a.ts"}}</TOOL_CALL>' };
const result: PTKMessage = { role: 'tool', content: 'TOOL_RESULT: {"success":true,"data":"A","error":null}' };
const warning: PTKMessage = { role: 'system', content: 'NOTE: something' };

function input(changes: Partial<TurnPromptInput>): TurnPromptInput {
  return { transcript: [system, task], sentTranscript: undefined, keepsThread: false, formatter, tools: [readFileTool()], iteration: 1, ...changes };
}

describe('buildTurnPrompt', () => {
  it('sends the whole transcript every turn to a backend without a thread', () => {
    const turn = buildTurnPrompt(input({ transcript: [system, task, reply, result], sentTranscript: [system, task], iteration: 2 }));
    assert.equal(turn.prompt, formatter.formatConversation([system, task, reply, result]));
    assert.equal(turn.thread, undefined);
  });

  it('starts a thread with the whole transcript', () => {
    const turn = buildTurnPrompt(input({ keepsThread: true }));
    assert.equal(turn.prompt, formatter.formatConversation([system, task]));
    assert.equal(turn.thread?.newThread, true);
  });

  it('continues a thread with only what is new, never the model\'s own reply', () => {
    const transcript = [system, task, reply, result, warning];
    const turn = buildTurnPrompt(input({ keepsThread: true, transcript, sentTranscript: [system, task], iteration: 2 }));
    assert.equal(turn.prompt, `${result.content}\n\n${warning.content}`);
    assert.equal(turn.thread?.newThread, false);
    assert.equal(turn.thread?.fullTranscript(), formatter.formatConversation(transcript));
  });

  it('a system prompt rebuilt with the same text still continues the thread', () => {
    const rebuilt = [{ ...system }, task, reply, result];
    const turn = buildTurnPrompt(input({ keepsThread: true, transcript: rebuilt, sentTranscript: [system, task], iteration: 2 }));
    assert.equal(turn.thread?.newThread, false);
  });

  it('starts a new thread when the transcript no longer begins with what was sent', () => {
    const replaced: PTKMessage = { role: 'user', content: 'Something else' };
    const turn = buildTurnPrompt(input({ keepsThread: true, transcript: [system, replaced], sentTranscript: [system, task], iteration: 2 }));
    assert.equal(turn.thread?.newThread, true);
    assert.match(turn.prompt, /Something else/);
  });

  it('adds the protocol reminder every protocolReminderEvery turns of a thread', () => {
    const every = DEFAULTS.protocolReminderEvery;
    const transcript = [system, task, reply, result];
    const withReminder = buildTurnPrompt(input({ keepsThread: true, transcript, sentTranscript: [system, task], iteration: every }));
    const without = buildTurnPrompt(input({ keepsThread: true, transcript, sentTranscript: [system, task], iteration: every + 1 }));
    assert.match(withReminder.prompt, /Reminder: tools available: read_file/);
    assert.doesNotMatch(without.prompt, /Reminder/);
  });

  it('fits the whole transcript to the history budget', () => {
    const longResults: PTKMessage[] = Array.from({ length: 12 }, (_unused, index) => ({ role: 'tool', content: `TOOL_RESULT: ${String(index).repeat(2_000)}` }));
    const transcript = [system, task, ...longResults];
    const turn = buildTurnPrompt(input({ transcript, historyBudgetChars: 6_000 }));
    assert.ok(turn.prompt.length < formatter.formatConversation(transcript).length);
    assert.match(turn.prompt, /compacted to fit the history budget/);
  });
});

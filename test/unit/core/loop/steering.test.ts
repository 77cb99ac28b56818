/**
 * Steering: a message the user sends while a task runs reaches the model at the next turn
 * boundary, with the tool results, as a user message of the same task, exactly once; one sent
 * too late for any turn comes back to the caller to send as a new task.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { PTKManager } from '../../../../src/core/loop/ptkManager';
import { SteeringInbox, type SteeringMessage } from '../../../../src/core/loop/steering';
import { ScriptedChatModel } from '../../../../src/core/testing/scriptedChatModel';
import { defineTool } from '../../../../src/core/tools/defineTool';
import { call, registryWith } from './helpers';

/** A tool that steers `text` into the inbox while it runs (the user typing during tool execution). */
function steeringTool(inbox: SteeringInbox, message: SteeringMessage) {
  return defineTool({
    name: 'list_files',
    description: 'List files',
    inputSchema: z.object({}),
    readOnly: true,
    run: () => {
      assert.equal(inbox.steer(message), true);
      return { files: ['a.ts'] };
    },
  });
}

describe('steering a running task', () => {
  for (const keepsThread of [true, false]) {
    it(`a message steered during a tool's run is in the next prompt, once, after the tool result (keepsThread ${keepsThread})`, async () => {
      const inbox = new SteeringInbox();
      const steered: SteeringMessage[] = [];
      const model = new ScriptedChatModel([call('list_files'), call('list_files'), 'All done.'], { keepsThread });
      let runs = 0;
      const tool = defineTool({
        name: 'list_files',
        description: 'List files',
        inputSchema: z.object({ again: z.boolean().optional() }),
        run: () => {
          if (runs++ === 0) inbox.steer({ id: 'q1', text: 'Also check b.ts please' });
          return { files: ['a.ts'] };
        },
      });
      const result = await new PTKManager(model, registryWith(tool)).orchestrateToolCalling('List the files', {
        steering: inbox,
        onSteered: (message) => steered.push(message),
        detectDuplicates: false,
        detectCycles: false,
      });
      assert.equal(result.success, true, result.error);
      assert.equal(model.prompts.length, 3);
      assert.doesNotMatch(model.prompts[0], /Also check b\.ts/);
      const second = model.prompts[1];
      assert.match(second, /USER_MESSAGE \(sent by the user while you were working[^\n]*\nAlso check b\.ts please/);
      assert.ok(second.indexOf('TOOL_RESULT') < second.indexOf('Also check b.ts'), 'the steered message comes after the tool result');
      // Delivered once: a thread-keeping backend's third prompt has only what is new.
      if (keepsThread) assert.doesNotMatch(model.prompts[2], /Also check b\.ts/);
      else assert.equal(model.prompts[2].split('Also check b.ts please').length - 1, 1);
      assert.deepEqual(steered, [{ id: 'q1', text: 'Also check b.ts please' }]);
      assert.equal(result.messages.filter((message) => message.role === 'user').length, 2);
      assert.equal(result.steeringLeft, undefined);
    });
  }

  it('a message steered during the final model call is not delivered: the result gives it back, and later steers are refused', async () => {
    const inbox = new SteeringInbox();
    const model = new ScriptedChatModel([
      call('list_files'),
      () => {
        inbox.steer({ id: 'late', text: 'One more thing' });
        return 'Here are the files.';
      },
    ], { keepsThread: true });
    const result = await new PTKManager(model, registryWith(steeringTool(new SteeringInbox(), { id: 'other', text: 'ignored' }))).orchestrateToolCalling('List', { steering: inbox });
    assert.equal(result.success, true, result.error);
    assert.ok(model.prompts.every((prompt) => !prompt.includes('One more thing')));
    assert.deepEqual(result.steeringLeft, [{ id: 'late', text: 'One more thing' }]);
    assert.equal(inbox.steer({ id: 'after', text: 'too late' }), false, 'a steer after the final answer is refused: the caller queues it as a new task');
  });

  it('a stopped run delivers nothing more and gives back what waited', async () => {
    const inbox = new SteeringInbox();
    const controller = new AbortController();
    const tool = defineTool({
      name: 'list_files',
      description: 'List files',
      inputSchema: z.object({}),
      run: () => {
        inbox.steer({ id: 'q', text: 'change of plan' });
        controller.abort();
        return { files: [] };
      },
    });
    const model = new ScriptedChatModel([call('list_files'), 'never'], { keepsThread: true });
    const result = await new PTKManager(model, registryWith(tool)).orchestrateToolCalling('List', { steering: inbox, signal: controller.signal });
    assert.equal(result.success, false);
    assert.equal(model.prompts.length, 1);
    assert.deepEqual(result.steeringLeft, [{ id: 'q', text: 'change of plan' }]);
  });

  it('a withdrawn message is not delivered', () => {
    const inbox = new SteeringInbox();
    inbox.steer({ id: 'a', text: 'one' });
    inbox.steer({ id: 'b', text: 'two' });
    assert.equal(inbox.withdraw('a'), true);
    assert.equal(inbox.withdraw('a'), false);
    assert.deepEqual(inbox.take(), [{ id: 'b', text: 'two' }]);
    assert.deepEqual(inbox.take(), []);
  });
});

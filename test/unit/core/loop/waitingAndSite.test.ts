/**
 * The loop passes `onWaiting` and `site` through to each model call (both facades): a backend's
 * wait for a free tab is reported as a run event, and always ends with the call.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LLMBackendError, PTKErrorCode } from '../../../../src/core/errors';
import { PTKManager } from '../../../../src/core/loop/ptkManager';
import { ToolRunner } from '../../../../src/core/loop/toolRunner';
import { ScriptedChatModel, type RecordedCall } from '../../../../src/core/testing/scriptedChatModel';
import { call, readFileTool, registryWith } from './helpers';

/** A reply that first waits (as a backend whose tabs are all busy), then answers `text`. */
function afterWaiting(text: string, log: string[]) {
  return (_prompt: string, recorded: RecordedCall): string => {
    recorded.options.onWaiting?.(true);
    log.push('backend waits');
    recorded.options.onWaiting?.(false);
    return text;
  };
}

describe('waiting for the backend, as a run event', () => {
  it('PTKManager reports each wait of a model call, true then false, in the order the backend said', async () => {
    const log: string[] = [];
    const model = new ScriptedChatModel([afterWaiting(call('read_file', { path: 'test.ts' }), log), 'done'], { keepsThread: true });
    const result = await new PTKManager(model, registryWith(readFileTool())).orchestrateToolCalling('Read test.ts', {
      onWaiting: (waiting) => log.push(`waiting ${waiting}`),
      onToolCall: (toolCall) => log.push(`tool ${toolCall.tool}`),
    });
    assert.equal(result.success, true);
    assert.deepEqual(log, ['waiting true', 'backend waits', 'waiting false', 'tool read_file']);
  });

  it('a call that fails while waiting still ends the wait, and repeats are passed on once', async () => {
    const events: boolean[] = [];
    const model = new ScriptedChatModel([
      (_prompt, recorded) => {
        recorded.options.onWaiting?.(true);
        recorded.options.onWaiting?.(true);
        return new LLMBackendError('The site went away', { code: PTKErrorCode.SITE_ERROR });
      },
    ]);
    const result = await new PTKManager(model).orchestrateToolCalling('hi', { onWaiting: (waiting) => events.push(waiting) });
    assert.equal(result.success, false);
    assert.deepEqual(events, [true, false]);
  });

  it('a throwing onWaiting is logged and the task goes on', async () => {
    const warnings: string[] = [];
    const model = new ScriptedChatModel([afterWaiting('fine', [])]);
    const result = await new PTKManager(model).orchestrateToolCalling('hi', {
      onWaiting: () => {
        throw new Error('view gone');
      },
      logger: { warn: (message) => warnings.push(message) },
    });
    assert.equal(result.success, true);
    assert.equal(result.content, 'fine');
    assert.ok(warnings.some((warning) => /onWaiting/.test(warning)), JSON.stringify(warnings));
  });

  it('without onWaiting the backend gets none (a call that never waits is told nothing)', async () => {
    const model = new ScriptedChatModel(['ok']);
    await new PTKManager(model).orchestrateToolCalling('hi');
    assert.equal(model.calls[0].options.onWaiting, undefined);
  });

  it('ToolRunner reports the waits too', async () => {
    const events: boolean[] = [];
    const model = new ScriptedChatModel([afterWaiting('all read', [])]);
    await new ToolRunner(model, { messages: [{ role: 'user', content: 'go' }], tools: [readFileTool()] }, { onWaiting: (waiting) => events.push(waiting) });
    assert.deepEqual(events, [true, false]);
  });
});

describe('the site a task asks for', () => {
  it('every model call of the task carries it', async () => {
    const model = new ScriptedChatModel([call('read_file', { path: 'test.ts' }), 'done'], { keepsThread: true });
    await new PTKManager(model, registryWith(readFileTool())).orchestrateToolCalling('Read test.ts', { site: 'claude' });
    assert.deepEqual(model.calls.map((recorded) => recorded.options.site), ['claude', 'claude']);
  });

  it('no site asked: the calls name none', async () => {
    const model = new ScriptedChatModel(['ok']);
    await new PTKManager(model).orchestrateToolCalling('hi');
    assert.equal('site' in model.calls[0].options, false);
  });

  it('a site that is not a string is a configuration error', async () => {
    const result = await new PTKManager(new ScriptedChatModel(['ok'])).orchestrateToolCalling('hi', { site: 42 as unknown as string });
    assert.equal(result.errorCode, PTKErrorCode.CONFIG_INVALID);
  });
});

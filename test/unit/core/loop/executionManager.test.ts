import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PTKErrorCode } from '../../../../src/core/errors';
import { ActionType, ExecutionManager, type Step } from '../../../../src/core/loop/executionManager';
import { PTKManager } from '../../../../src/core/loop/ptkManager';
import { ScriptedChatModel } from '../../../../src/core/testing/scriptedChatModel';
import { call, readFileTool, registryWith } from './helpers';

describe('ExecutionManager', () => {
  it('runs PTK steps in order and interpolates {{steps.<id>.output}}', async () => {
    const model = new ScriptedChatModel([call('read_file', { path: 'test.ts' }), 'It has 2 functions.', 'Summary: two functions.']);
    const executor = new ExecutionManager(new PTKManager(model, registryWith(readFileTool())));
    const steps: Step[] = [
      { stepId: 'count', actionType: ActionType.PTK, config: { ptk: { prompt: 'Count functions in test.ts', tools: ['read_file'] } } },
      { stepId: 'summary', actionType: 'PTK', config: { ptk: { prompt: 'Summarise: {{steps.count.output}} for {{variables.who}}', tools: [] } } },
    ];
    const workflow = await executor.executeWorkflow(steps, { who: 'Ann' });
    assert.equal(workflow.success, true);
    assert.deepEqual(workflow.results.map((result) => result.stepId), ['count', 'summary']);
    assert.equal(workflow.results[0].metadata.iterations, 2);
    assert.equal(workflow.results[0].metadata.toolCalls.length, 1);
    assert.match(model.prompts[2], /Summarise: It has 2 functions\. for Ann/);
    assert.equal(workflow.output, 'Summary: two functions.');
  });

  it('uses the step maxIterations (default 5) and stops at a failed step', async () => {
    let count = 0;
    const model = new ScriptedChatModel(() => call('read_file', { path: `f${count++}` }));
    const executor = new ExecutionManager(new PTKManager(model, registryWith(readFileTool())));
    const workflow = await executor.executeWorkflow([
      { stepId: 'loop', actionType: ActionType.PTK, config: { ptk: { prompt: 'x', tools: ['read_file'] } } },
      { stepId: 'never', actionType: ActionType.PTK, config: { ptk: { prompt: 'y' } } },
    ]);
    assert.equal(workflow.success, false);
    assert.equal(workflow.results.length, 1);
    assert.equal(workflow.results[0].errorCode, PTKErrorCode.MAX_ITERATIONS_REACHED);
    assert.equal(model.calls.length, 5);
  });

  it('reports an unknown reference, an unknown action type and duplicate step ids as CONFIG_INVALID', async () => {
    const executor = new ExecutionManager(new PTKManager(new ScriptedChatModel(() => 'ok')));
    const missing = await executor.executeWorkflow([{ stepId: 'a', actionType: ActionType.PTK, config: { ptk: { prompt: '{{steps.zzz.output}}' } } }]);
    assert.equal(missing.results[0].errorCode, PTKErrorCode.CONFIG_INVALID);
    assert.match(missing.results[0].error!, /step "zzz"/);
    const wrongType = await executor.executeStep({ stepId: 'b', actionType: 'HTTP' as ActionType, config: { ptk: { prompt: 'x' } } }, { steps: {}, variables: {} });
    assert.equal(wrongType.errorCode, PTKErrorCode.CONFIG_INVALID);
    const duplicate = await executor.executeWorkflow([
      { stepId: 'c', actionType: ActionType.PTK, config: { ptk: { prompt: 'x' } } },
      { stepId: 'c', actionType: ActionType.PTK, config: { ptk: { prompt: 'y' } } },
    ]);
    assert.equal(duplicate.success, false);
    assert.match(duplicate.results[0].error!, /Duplicate stepId/);
  });
});

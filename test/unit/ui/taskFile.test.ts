import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PTKErrorCode } from '../../../src/core/errors';
import { ExecutionManager } from '../../../src/core/loop/executionManager';
import { PTKManager } from '../../../src/core/loop/ptkManager';
import { ScriptedChatModel } from '../../../src/core/testing/scriptedChatModel';
import { defineTool } from '../../../src/core/tools/defineTool';
import { ToolRegistry } from '../../../src/core/tools/toolRegistry';
import { z } from 'zod';
import { parseTaskFile } from '../../../src/ui/taskFile';

describe('parseTaskFile', () => {
  it('reads steps and variables and runs them through the real ExecutionManager with interpolation', async () => {
    const file = parseTaskFile(JSON.stringify({
      title: 'Two steps',
      variables: { topic: 'tests' },
      steps: [
        { stepId: 'list', config: { ptk: { prompt: 'List the {{variables.topic}}', tools: ['list_files'], maxIterations: 2 } } },
        { stepId: 'sum', config: { ptk: { prompt: 'Summarise: {{steps.list.output}}' } } },
      ],
    }));
    assert.equal(file.steps.length, 2);
    assert.equal(file.steps[0].actionType, 'PTK');
    const model = new ScriptedChatModel(['a.test.ts, b.test.ts', 'Two test files.']);
    const outcome = await new ExecutionManager(new PTKManager(model, new ToolRegistry([defineTool({ name: 'list_files', description: 'Lists files', readOnly: true, inputSchema: z.object({}), run: () => ['a.test.ts'] })]))).executeWorkflow(file.steps, file.variables);
    assert.equal(outcome.success, true, outcome.results.map((result) => result.error).join());
    assert.match(model.prompts[0], /List the tests/);
    assert.match(model.prompts[1], /Summarise: a\.test\.ts, b\.test\.ts/);
  });

  it('accepts a bare array of steps', () => {
    assert.equal(parseTaskFile('[{"stepId":"a","config":{"ptk":{"prompt":"hi"}}}]').steps.length, 1);
  });

  it('names the bad field, the JSON error, and duplicate ids', () => {
    assert.throws(() => parseTaskFile('{"steps":[{"stepId":"a b","config":{"ptk":{"prompt":""}}}]}', 'tasks.json'), (error: Error & { code?: string }) => {
      assert.equal(error.code, PTKErrorCode.CONFIG_INVALID);
      assert.match(error.message, /tasks\.json/);
      assert.match(error.message, /stepId/);
      return true;
    });
    assert.throws(() => parseTaskFile('{"steps": [', 'x.json'), /x\.json is not valid JSON/);
    assert.throws(() => parseTaskFile('[{"stepId":"a","config":{"ptk":{"prompt":"1"}}},{"stepId":"a","config":{"ptk":{"prompt":"2"}}}]'), /duplicate stepId "a"/);
    assert.throws(() => parseTaskFile('{"steps": []}'), /no steps/);
  });
});

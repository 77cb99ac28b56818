import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { DEFAULTS } from '../../../../src/core/constants';
import { PTKManager } from '../../../../src/core/loop/ptkManager';
import { ScriptedChatModel } from '../../../../src/core/testing/scriptedChatModel';
import { defineTool } from '../../../../src/core/tools/defineTool';
import type { PTKTool } from '../../../../src/core/types';
import { call, registryWith } from './helpers';

/**
 * A tool whose schema takes any `data`: nothing stops a deep value before the loop compares
 * and serialises the call (the recursive walks that overflowed the stack).
 */
function storeTool(): PTKTool & { runs: unknown[] } {
  const runs: unknown[] = [];
  const tool = defineTool({
    name: 'store',
    description: 'Store a value',
    inputSchema: z.object({ data: z.unknown() }),
    run: ({ data }) => {
      runs.push(data);
      return { stored: true };
    },
  });
  return Object.assign(tool, { runs });
}

/** A store call whose `data` is an array nested `depth` levels deep. */
function deepCall(depth: number): string {
  return `<TOOL_CALL>{"tool":"store","args":{"data":${'['.repeat(depth)}${']'.repeat(depth)}}}</TOOL_CALL>`;
}

describe('PTKManager.orchestrateToolCalling: arguments nested too deeply', () => {
  it('answers a call nested 50,000 levels deep with TOOL_ERROR and runs the next reply normally', async () => {
    const model = new ScriptedChatModel([deepCall(50_000), call('store', { data: [[1]] }), 'Stored.']);
    const tool = storeTool();
    const manager = new PTKManager(model, registryWith(tool));
    const result = await manager.orchestrateToolCalling('Store it', { tools: ['store'] });

    assert.equal(result.success, true, result.error);
    assert.equal(result.errorCode, undefined);
    assert.equal(result.content, 'Stored.');
    assert.equal(model.calls.length, 3);
    // The deep call was refused, not run; the second reply's call ran.
    assert.deepEqual(tool.runs, [[[1]]]);
    assert.match(model.prompts[1], /TOOL_ERROR: The arguments of the tool call are too deeply nested/);
    assert.match(model.prompts[1], new RegExp(`more than ${DEFAULTS.maxArgumentDepth} levels`));
    assert.match(model.prompts[2], /TOOL_RESULT: \{"success":true/);
  });

  it('refuses the deep call the same way when the reply streams in small chunks', async () => {
    const model = new ScriptedChatModel([deepCall(50_000), 'plain answer'], { chunkSize: 256 });
    const tool = storeTool();
    const manager = new PTKManager(model, registryWith(tool));
    const result = await manager.orchestrateToolCalling('go', { tools: ['store'] });
    assert.equal(result.success, true, result.error);
    assert.equal(result.content, 'plain answer');
    assert.deepEqual(tool.runs, []);
    assert.match(model.prompts[1], /TOOL_ERROR: The arguments of the tool call are too deeply nested/);
  });

  it('runs a call nested right at the limit', async () => {
    // The args object (level 1) and data's arrays: maxArgumentDepth levels in all.
    const model = new ScriptedChatModel([deepCall(DEFAULTS.maxArgumentDepth - 1), 'ok']);
    const tool = storeTool();
    const manager = new PTKManager(model, registryWith(tool));
    const result = await manager.orchestrateToolCalling('go', { tools: ['store'] });
    assert.equal(result.success, true, result.error);
    assert.equal(tool.runs.length, 1);
    assert.match(model.prompts[1], /TOOL_RESULT: \{"success":true/);
  });
});

/**
 * PTKManager (run to the end) and ToolRunner (iterable) are two facades over one kernel: the
 * same reply gets the same answer from both, and a call is validated once on its way to a tool.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { PTKManager } from '../../../../src/core/loop/ptkManager';
import { ToolRunner } from '../../../../src/core/loop/toolRunner';
import { ScriptedChatModel, type ScriptedReply } from '../../../../src/core/testing/scriptedChatModel';
import { defineTool } from '../../../../src/core/tools/defineTool';
import { ToolRegistry } from '../../../../src/core/tools/toolRegistry';
import { call, readFileTool, registryWith } from './helpers';

async function bothFacades(replies: ScriptedReply[], options: { keepsThread?: boolean } = {}) {
  const managerModel = new ScriptedChatModel(replies, options);
  await new PTKManager(managerModel, registryWith(readFileTool({ 'a.ts': 'A' }))).orchestrateToolCalling('Read a.ts');
  const runnerModel = new ScriptedChatModel(replies, options);
  await new ToolRunner(runnerModel, { messages: [{ role: 'user', content: 'Read a.ts' }], tools: [readFileTool({ 'a.ts': 'A' })] });
  return { managerPrompts: managerModel.prompts, runnerPrompts: runnerModel.prompts };
}

describe('one kernel behind both facades', () => {
  it('the same script sends the same prompts through either facade', async () => {
    const replies = [call('read_file', { path: 'a.ts' }), 'A holds A'];
    const full = await bothFacades(replies);
    assert.deepEqual(full.runnerPrompts, full.managerPrompts);
    const thread = await bothFacades(replies, { keepsThread: true });
    assert.deepEqual(thread.runnerPrompts, thread.managerPrompts);
  });

  it('an unknown tool gets the same TOOL_ERROR from both', async () => {
    const { managerPrompts, runnerPrompts } = await bothFacades([call('read_fil', { path: 'a.ts' }), 'sorry'], { keepsThread: true });
    assert.match(runnerPrompts[1], /^TOOL_ERROR: Unknown tool "read_fil"\. Available tools: read_file\./);
    assert.equal(runnerPrompts[1], managerPrompts[1]);
  });

  it('the tool registry names an unknown tool in the same words as the loop', async () => {
    const registry = registryWith(readFileTool());
    const result = await registry.execute('read_fil', {}, { signal: new AbortController().signal, toolCallId: 'x', iteration: 0 });
    const model = new ScriptedChatModel([call('read_fil'), 'ok'], { keepsThread: true });
    await new PTKManager(model, registry).orchestrateToolCalling('go');
    assert.equal(`TOOL_ERROR: ${result.error}`, model.prompts[1]);
  });
});

describe('a call is validated once', () => {
  // A schema with a transform cannot parse its own output, so a second validation would fail.
  const measure = () => defineTool({
    name: 'measure',
    description: 'length of a text',
    inputSchema: z.object({ text: z.string().transform((text) => text.length) }),
    run: ({ text }) => ({ length: text }),
  });

  it('through PTKManager and a tool registry', async () => {
    const model = new ScriptedChatModel([call('measure', { text: 'abcd' }), 'four']);
    const result = await new PTKManager(model, new ToolRegistry([measure()])).orchestrateToolCalling('go');
    assert.equal(result.success, true);
    assert.match(model.prompts[1], /TOOL_RESULT: \{"success":true,"data":\{"length":4\}/);
  });

  it('through ToolRunner and a tool registry', async () => {
    const model = new ScriptedChatModel([call('measure', { text: 'abc' }), 'three']);
    await new ToolRunner(model, { messages: [{ role: 'user', content: 'go' }], tools: ['measure'] }, { toolManager: new ToolRegistry([measure()]) });
    assert.match(model.prompts[1], /"data":\{"length":3\}/);
  });
});

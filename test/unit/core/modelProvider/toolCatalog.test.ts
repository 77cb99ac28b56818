import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PTKFormatter } from '../../../../src/core/protocol';
import { buildToolCatalog, DESCRIBE_TOOL_NAME, oneLineDescription } from '../../../../src/core/modelProvider/toolCatalog';
import type { PTKTool } from '../../../../src/core/types';

function tool(index: number): PTKTool {
  return {
    name: `tool_${index}`,
    description: `Does thing number ${index}. Longer explanation that only the full schema shows.`,
    parameters: { type: 'object', properties: { [`argument_${index}`]: { type: 'string', description: `the special argument ${index}` } }, required: [`argument_${index}`] },
    handler: () => index,
  };
}

describe('buildToolCatalog', () => {
  it('shows every schema up to the bound', () => {
    const tools = Array.from({ length: 5 }, (_, index) => tool(index));
    const catalog = buildToolCatalog(tools, 5);
    assert.equal(catalog.compact, false);
    assert.deepEqual(catalog.promptTools, tools);
  });

  it('above the bound lists names and one line, adds describe_tool, and the prompt stays small', () => {
    const tools = Array.from({ length: 50 }, (_, index) => tool(index));
    const catalog = buildToolCatalog(tools, 20);
    assert.equal(catalog.compact, true);
    assert.equal(catalog.promptTools[0].name, DESCRIBE_TOOL_NAME);
    assert.equal(catalog.promptTools.length, 51);
    const formatter = new PTKFormatter();
    const compactPrompt = formatter.formatSystemPrompt(catalog.promptTools);
    const fullPrompt = formatter.formatSystemPrompt(tools);
    assert.ok(compactPrompt.includes('tool_49'));
    assert.ok(!compactPrompt.includes('the special argument 49'), 'schemas are left out');
    assert.ok(compactPrompt.length < fullPrompt.length * 0.75, `${compactPrompt.length} vs ${fullPrompt.length}`);
    assert.equal(catalog.fullTools.get('tool_3'), tools[3], 'calls are checked against the full tools');
  });

  it('describe_tool returns one tool\'s full schema, and an unknown name lists the tools', async () => {
    const tools = Array.from({ length: 3 }, (_, index) => tool(index));
    const catalog = buildToolCatalog(tools, 1);
    const describeTool = catalog.promptTools[0];
    const described = await describeTool.handler({ name: 'tool_2' }, { signal: new AbortController().signal, toolCallId: 'c', iteration: 1 });
    assert.deepEqual(described, { name: 'tool_2', description: tools[2].description, parameters: tools[2].parameters });
    assert.throws(() => describeTool.handler({ name: 'nope' }, { signal: new AbortController().signal, toolCallId: 'c', iteration: 1 }), (error: Error & { code?: string }) => error.code === 'TOOL_NOT_FOUND' && error.message.includes('tool_0, tool_1, tool_2'));
  });

  it('oneLineDescription keeps the first sentence, capped', () => {
    assert.equal(oneLineDescription('Reads a file. Then more.'), 'Reads a file.');
    assert.equal(oneLineDescription('First line\nsecond line'), 'First line');
    assert.equal(oneLineDescription('x'.repeat(300)).length, 120);
  });
});

describe('a PTK task with a bounded tool list', () => {
  it('the model asks describe_tool, then its call is checked against the full schema and runs', async () => {
    const { PTKManager } = await import('../../../../src/core/loop/ptkManager');
    const { ScriptedChatModel } = await import('../../../../src/core/testing/scriptedChatModel');
    const ran: unknown[] = [];
    const tools = Array.from({ length: 3 }, (_, index): PTKTool => ({ ...tool(index), handler: (args) => (ran.push(args), `ran ${index}`) }));
    const call = (name: string, args: Record<string, unknown>) => `<TOOL_CALL>${JSON.stringify({ tool: name, args })}</TOOL_CALL>`;
    const model = new ScriptedChatModel([call(DESCRIBE_TOOL_NAME, { name: 'tool_1' }), call('tool_1', {}), call('tool_1', { argument_1: 'x' }), 'Finished.']);
    const result = await new PTKManager(model).orchestrateToolCalling('use tool 1', { tools: buildToolCatalog(tools, 1).promptTools });
    assert.equal(result.success, true, result.error);
    assert.ok(model.prompts[1].includes('the special argument 1'), 'describe_tool answered with the schema');
    assert.match(model.prompts[2], /argument_1: missing required parameter/);
    assert.deepEqual(ran, [{ argument_1: 'x' }]);
  });
});

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PTKErrorCode } from '../../../../src/core/errors';
import type { ApprovalRequest } from '../../../../src/core/workspace';
import { SessionGrants } from '../../../../src/tools/sessionGrants';
import { createExternalTool, ExternalToolApprovals, externalResultText, selectExternalTools, ExternalToolsSettingSchema, type ExternalToolDescriptor } from '../../../../src/tools/external';

const LOOKUP: ExternalToolDescriptor = {
  name: 'ptkTest_lookupCode',
  description: 'Looks up the code of a name.',
  inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
  tags: ['test'],
};
const MCP_FETCH: ExternalToolDescriptor = { name: 'mcp_web_fetch', description: 'Fetches a page.', inputSchema: { type: 'object', properties: { url: { type: 'string' } } } };
const context = () => ({ signal: new AbortController().signal, toolCallId: 'call_1_0', iteration: 1 });

describe('selectExternalTools (ptk.externalTools)', () => {
  const all = [LOOKUP, MCP_FETCH, { name: 'read_file', description: 'someone else\'s read_file' }];
  it('"none" offers nothing, "ask" everything (asking), an allow-list only the matches (not asking)', () => {
    assert.deepEqual(selectExternalTools(all, 'none'), []);
    assert.deepEqual(selectExternalTools(all, 'ask', ['read_file']).map((tool) => [tool.descriptor.name, tool.preApproved]), [['ptkTest_lookupCode', false], ['mcp_web_fetch', false]]);
    assert.deepEqual(selectExternalTools(all, ['mcp_*']).map((tool) => [tool.descriptor.name, tool.preApproved]), [['mcp_web_fetch', true]]);
    assert.deepEqual(selectExternalTools(all, ['ptkTest_lookupCode']).map((tool) => tool.descriptor.name), ['ptkTest_lookupCode']);
  });

  it('the setting defaults to "none" and refuses other words', () => {
    assert.equal(ExternalToolsSettingSchema.parse(undefined), 'none');
    assert.deepEqual(ExternalToolsSettingSchema.parse(['a*']), ['a*']);
    assert.equal(ExternalToolsSettingSchema.safeParse('all').success, false);
  });
});

describe('createExternalTool', () => {
  function setUp(decision: 'approve' | 'reject' | 'always', preApproved = false) {
    const asked: ApprovalRequest[] = [];
    const invoked: Array<{ name: string; input: Record<string, unknown> }> = [];
    const approvals = new ExternalToolApprovals(async (request) => {
      asked.push(request);
      return decision === 'reject' ? { decision, reason: 'not now' } : { decision };
    });
    const tool = createExternalTool({ descriptor: LOOKUP, preApproved }, {
      approvals,
      invoke: async (name, input) => {
        invoked.push({ name, input });
        return [{ kind: 'text', text: `The code for ${String(input.name)} is 4711.` }, { kind: 'data', mimeType: 'application/json', data: new TextEncoder().encode('{"extra":true}') }];
      },
    });
    return { tool, asked, invoked };
  }

  it('asks through the approval flow, runs the tool, and returns its parts as text', async () => {
    const { tool, asked, invoked } = setUp('approve');
    assert.equal(tool.dangerous, true);
    assert.deepEqual(tool.parameters.required, ['name']);
    const result = await tool.handler({ name: 'alpha' }, context());
    assert.equal(result, 'The code for alpha is 4711.\n{"extra":true}');
    assert.equal(asked.length, 1);
    assert.equal(asked[0].toolName, 'ptkTest_lookupCode');
    assert.match(asked[0].summary ?? '', /Run the VS Code tool ptkTest_lookupCode \(test\) with \{"name":"alpha"\}/);
    assert.deepEqual(invoked, [{ name: 'ptkTest_lookupCode', input: { name: 'alpha' } }]);
  });

  it('a rejection does not run the tool and carries the user\'s reason', async () => {
    const { tool, invoked } = setUp('reject');
    await assert.rejects(Promise.resolve(tool.handler({ name: 'alpha' }, context())), (error: Error & { code?: string }) => error.code === PTKErrorCode.APPROVAL_REJECTED && error.message.includes('not now'));
    assert.deepEqual(invoked, []);
  });

  it('"always" and the allow-list skip the question', async () => {
    const always = setUp('always');
    await always.tool.handler({ name: 'a' }, context());
    await always.tool.handler({ name: 'b' }, context());
    assert.equal(always.asked.length, 1);
    const listed = setUp('reject', true);
    assert.equal(listed.tool.dangerous, false);
    await listed.tool.handler({ name: 'a' }, context());
    assert.equal(listed.asked.length, 0);
  });

  it('"always" goes to the window\'s grants (one store with PTK\'s own tools): turning them off asks again', async () => {
    const grants = new SessionGrants();
    const asked: string[] = [];
    const approvals = new ExternalToolApprovals(async (request) => (asked.push(request.toolName), { decision: 'always' }), () => ({}), { grants });
    const tool = createExternalTool({ descriptor: LOOKUP, preApproved: false }, { approvals, invoke: async () => [{ kind: 'text', text: 'ok' }] });
    await tool.handler({ name: 'a' }, context());
    assert.deepEqual(grants.list(), [{ toolName: 'ptkTest_lookupCode' }], 'the chip lists it');
    await tool.handler({ name: 'b' }, context());
    assert.equal(asked.length, 1);
    grants.clear();
    await tool.handler({ name: 'c' }, context());
    assert.equal(asked.length, 2, 'the chip turned it off');
  });

  it('a call run without asking is reported with what approved it ("Always" or ptk.tools.autoApprove), like PTK\'s own tools; an allow-listed one is not', async () => {
    const reported: Array<[string, string | undefined, string]> = [];
    const onAutoApproved = (request: ApprovalRequest, by: string) => reported.push([request.toolName, request.command, by]);
    const autoApprove: Record<string, boolean> = {};
    const approvals = new ExternalToolApprovals(async () => ({ decision: 'always' }), () => autoApprove, { onAutoApproved });
    const invoke = async () => [{ kind: 'text' as const, text: 'ok' }];
    const tool = createExternalTool({ descriptor: LOOKUP, preApproved: false }, { approvals, invoke });
    await tool.handler({ name: 'a' }, context());
    assert.deepEqual(reported, [], 'the first call asked');
    await tool.handler({ name: 'b' }, context());
    assert.deepEqual(reported, [['ptkTest_lookupCode', 'ptkTest_lookupCode {"name":"b"}', 'always']]);
    autoApprove.mcp_web_fetch = true;
    await createExternalTool({ descriptor: MCP_FETCH, preApproved: false }, { approvals, invoke }).handler({ url: 'u' }, context());
    assert.deepEqual(reported[1], ['mcp_web_fetch', 'mcp_web_fetch {"url":"u"}', 'autoApprove']);
    await createExternalTool({ descriptor: MCP_FETCH, preApproved: true }, { approvals, invoke }).handler({ url: 'v' }, context());
    assert.equal(reported.length, 2, 'an allow-listed tool is not a dangerous one: nothing to report');
  });

  it('arguments are checked against the full schema before anything is asked or run', async () => {
    const { tool, asked, invoked } = setUp('approve');
    await assert.rejects(Promise.resolve(tool.handler({ nam: 'typo' }, context())), (error: Error & { code?: string }) => error.code === PTKErrorCode.INVALID_TOOL_CALL && /name: missing required parameter/.test(error.message));
    assert.equal(asked.length + invoked.length, 0);
  });
});

describe('externalResultText', () => {
  it('summarises binary data and unknown parts', () => {
    assert.equal(externalResultText([{ kind: 'data', mimeType: 'image/png', data: new Uint8Array(2048) }, { kind: 'other', description: 'prompt-tsx content' }]), '[image/png data, 2.0 KB: not shown]\n[prompt-tsx content]');
  });
});

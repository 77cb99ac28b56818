import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ScriptedChatModel } from '../../../../src/core/testing';
import { createAssistantRun, type AssistantRunSettings, type TaskRules } from '../../../../src/host/shared/assistantRun';
import { NodeWorkspace } from '../../../../src/host/node/workspace';
import { createWorkspaceTools } from '../../../../src/tools';
import { tempFolders } from '../../fixtures/tempFolders';
import { READ_ONLY_TOOL_NAMES } from '../../../../src/tools/toolNames';
import type { PTKTool } from '../../../../src/core/types';

const temp = tempFolders();

/** A mode as the chat passes it: Ask's name and its read-only subset. */
const askMode = { name: 'Ask', tools: (tools: readonly PTKTool[]) => tools.filter((tool) => READ_ONLY_TOOL_NAMES.includes(tool.name)) };

function workspaceWith(files: Record<string, string>, trusted = true): NodeWorkspace {
  const root = temp.folder('ptk-run-');
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(root, name), content);
  return new NodeWorkspace({ roots: [root], trusted, approver: async () => ({ decision: 'approve' }) });
}

describe('createAssistantRun', () => {
  it('runs the tools on the workspace and reads the settings at the start of each task', async () => {
    const workspace = workspaceWith({ 'package.json': '{"version":"4.5.6"}' });
    const model = new ScriptedChatModel([
      '<PTK_CALL>{"tool":"read_file","args":{"path":"package.json"}}</PTK_CALL>',
      'The version is 4.5.6.',
      '<PTK_CALL>{"tool":"read_file","args":{"path":"package.json"}}</PTK_CALL>',
      'again',
    ]);
    let settings: AssistantRunSettings = { tagName: 'PTK_CALL', maxIterations: 5 };
    const run = createAssistantRun({ model: () => model, workspace, tools: () => createWorkspaceTools(workspace), settings: () => settings });

    const first = await run('What is the version?');
    assert.equal(first.success, true);
    assert.equal(first.content, 'The version is 4.5.6.');
    assert.match(model.prompts[0], /<PTK_CALL>/, 'the configured tag is the one taught');
    assert.match(model.prompts[1], /4\.5\.6/, 'the tool result went back to the model');

    settings = { tagName: 'PTK_CALL', maxIterations: 1 };
    const second = await run('Again?');
    assert.equal(second.success, false, 'the new limit applies from the next task');
    assert.equal(second.errorCode, 'MAX_ITERATIONS_REACHED');
  });

  it("tells the model the workspace's restrictions, then the project's rules, then the caller's; the caller is told the rules used", async () => {
    const workspace = workspaceWith({}, false);
    const model = new ScriptedChatModel(['Done.']);
    const run = createAssistantRun({
      model: () => model,
      workspace,
      tools: () => createWorkspaceTools(workspace),
      settings: () => ({}),
      rules: async ({ focusPaths }) => ({ instructions: `RULES: use tabs (for ${focusPaths.join(', ')}).`, files: [{ displayPath: 'AGENTS.md', usage: 'whole' as const }] }) as unknown as TaskRules,
    });
    const told: TaskRules[] = [];
    await run('Hi', { extraInstructions: 'CALLER: be brief.', focusPaths: ['src/a.ts'], onRules: (rules) => told.push(rules) });
    const prompt = model.prompts[0];
    const restricted = prompt.indexOf('Restricted Mode');
    assert.ok(restricted >= 0, 'the restriction is told');
    assert.ok(prompt.indexOf('RULES: use tabs (for src/a.ts).') > restricted, 'the rules are read for the files the task is about');
    assert.ok(prompt.indexOf('CALLER: be brief.') > prompt.indexOf('RULES: use tabs'));
    assert.deepEqual(told.map((rules) => rules.files.map((file) => file.displayPath)), [['AGENTS.md']]);
  });

  it("uses the caller's tools when given instead of the host's", async () => {
    const workspace = workspaceWith({});
    const model = new ScriptedChatModel(['<TOOL_CALL>{"tool":"read_file","args":{"path":"x"}}</TOOL_CALL>', 'ok']);
    const run = createAssistantRun({ model: () => model, workspace, tools: () => createWorkspaceTools(workspace), settings: () => ({}) });
    const result = await run('Hi', { tools: [] });
    assert.match(model.prompts[1], /unknown|not available|no such tool/i, 'read_file was not offered');
    assert.equal(result.success, true);
  });

  it('a task in Ask mode offers only its read-only tools, and a write call in it is refused as not available in this mode', async () => {
    const approvals: string[] = [];
    const root = temp.folder('ptk-run-');
    writeFileSync(path.join(root, 'a.txt'), 'old\n');
    const workspace = new NodeWorkspace({ roots: [root], trusted: true, approver: async (request) => (approvals.push(request.toolName), { decision: 'approve' }) });
    const model = new ScriptedChatModel(['<TOOL_CALL>{"tool":"write_file","args":{"path":"a.txt","content":"new\\n"}}</TOOL_CALL>', 'I could not write it.']);
    const all = createWorkspaceTools(workspace);
    const run = createAssistantRun({ model: () => model, workspace, tools: () => all, settings: () => ({}) });

    const withheld: string[] = [];
    const result = await run('Change a.txt', { mode: askMode, onToolWithheld: (call) => withheld.push(call.tool) });
    const offered = [...model.prompts[0].matchAll(/^- ([a-z_]+)\(/gm)].map((match) => match[1]);
    assert.deepEqual(offered, [...READ_ONLY_TOOL_NAMES], 'only the read-only tools are described');
    for (const name of ['write_file', 'edit_file', 'run_command', 'run_tests']) assert.ok(!offered.includes(name), `${name} is not offered`);
    assert.match(model.prompts[1], /^TOOL_ERROR: The tool "write_file" is not available in Ask mode: it was not run\. Available tools: read_file, list_files, search_code, get_diagnostics\./m, 'the write call is answered as not available in this mode');
    assert.deepEqual(withheld, ['write_file'], 'the caller is told of the refused call');
    assert.equal(readFileSync(path.join(root, 'a.txt'), 'utf8'), 'old\n', 'nothing was written');
    assert.deepEqual(approvals, [], 'nobody was asked');
    assert.equal(result.success, true);
  });

  it("a task in Ask mode keeps only the read-only tools of the caller's list too", async () => {
    const workspace = workspaceWith({ 'a.txt': 'old' });
    const model = new ScriptedChatModel(['<TOOL_CALL>{"tool":"write_file","args":{"path":"a.txt","content":"new"}}</TOOL_CALL>', 'ok']);
    const run = createAssistantRun({ model: () => model, workspace, tools: () => createWorkspaceTools(workspace), settings: () => ({}) });
    await run('Hi', { mode: askMode, tools: ['read_file', 'write_file'] });
    assert.deepEqual([...model.prompts[0].matchAll(/^- ([a-z_]+)\(/gm)].map((match) => match[1]), ['read_file']);
    assert.match(model.prompts[1], /^TOOL_ERROR: .*write_file/m);
  });

  it('a task without a mode offers every tool, and an unknown tool is still answered as unknown', async () => {
    const workspace = workspaceWith({});
    const model = new ScriptedChatModel(['<TOOL_CALL>{"tool":"fly","args":{}}</TOOL_CALL>', 'ok']);
    const all = createWorkspaceTools(workspace);
    const run = createAssistantRun({ model: () => model, workspace, tools: () => all, settings: () => ({}) });
    await run('Hi', {});
    assert.deepEqual([...model.prompts[0].matchAll(/^- ([a-z_]+)\(/gm)].map((match) => match[1]), all.map((tool) => tool.name));
    assert.match(model.prompts[1], /^TOOL_ERROR: Unknown tool "fly"/m);
  });
});

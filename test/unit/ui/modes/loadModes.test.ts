import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PTKErrorCode, WorkspaceError } from '../../../../src/core/errors';
import type { PTKTool } from '../../../../src/core/types';
import { ASK_MODE, PLAN_MODE, AGENT_MODE } from '../../../../src/ui/modes/builtinModes';
import type { ChatMode } from '../../../../src/ui/modes/chatMode';
import { loadModes } from '../../../../src/ui/modes/loadModes';
import { toolsForMode } from '../../../../src/ui/modes/toolsForMode';
import { memoryTextFiles } from '../../../../src/ui/workspaceTextFiles';
import { WORKSPACE_TOOL_NAMES } from '../../../../src/tools/toolNames';

/** Stand-ins for the workspace tools (and one external tool), recording the calls they get. */
function fakeTools(calls: string[]): PTKTool[] {
  return [...WORKSPACE_TOOL_NAMES, 'my_external_tool'].map((name) => ({
    name,
    description: `${name} tool`,
    parameters: { type: 'object', properties: {} },
    handler: (args: { path?: string }) => {
      calls.push(`${name}:${args.path ?? ''}`);
      return 'done';
    },
  }));
}

const context = { signal: new AbortController().signal, toolCallId: 'call_1', iteration: 1 };

describe('built-in modes and toolsForMode', () => {
  it('Ask and Plan get only the read-only tools; Agent gets every tool', () => {
    const tools = fakeTools([]);
    const names = (mode: ChatMode): string[] => toolsForMode(mode, tools).map((tool) => tool.name);
    assert.deepEqual(names(ASK_MODE), ['read_file', 'list_files', 'search_code', 'get_diagnostics']);
    assert.deepEqual(names(PLAN_MODE), ['read_file', 'list_files', 'search_code', 'get_diagnostics']);
    assert.deepEqual(names(AGENT_MODE), [...WORKSPACE_TOOL_NAMES, 'my_external_tool']);
    assert.match(PLAN_MODE.instructions, /numbered plan/);
  });

  it('an edit restriction refuses writes to other paths before the tool runs, and lets matching ones through', async () => {
    const calls: string[] = [];
    const mode: ChatMode = { id: 'docs', name: 'Docs', instructions: 'x', tools: ['read_file', 'write_file', 'edit_file'], editRestriction: { fileRegex: '\\.md$', description: 'Markdown files' }, origin: { kind: 'roo', file: '.roomodes' } };
    const tools = toolsForMode(mode, fakeTools(calls));
    const write = tools.find((tool) => tool.name === 'write_file')!;
    assert.match(write.description, /only Markdown files may be changed/);
    await assert.rejects(
      async () => write.handler({ path: 'src/index.ts', content: '' }, context),
      (error: unknown) => error instanceof WorkspaceError && error.code === PTKErrorCode.PATH_DENIED && /Docs mode may only change Markdown files; "src\/index\.ts"/.test(error.message),
    );
    assert.equal(await tools.find((tool) => tool.name === 'edit_file')!.handler({ path: './docs\\guide.md' }, context), 'done');
    assert.equal(await tools.find((tool) => tool.name === 'read_file')!.handler({ path: 'src/index.ts' }, context), 'done');
    assert.deepEqual(calls, ['edit_file:./docs\\guide.md', 'read_file:src/index.ts']);
  });
});

describe('loadModes', () => {
  it('built-ins first, then Copilot, Roo and PTK modes; a bad file is an error and the others still load', async () => {
    const files = memoryTextFiles({
      '.github/chatmodes/explain.chatmode.md': "---\ndescription: Explain code\ntools: ['codebase']\n---\nExplain.",
      '.github/chatmodes/notes.md': 'not a chat mode file: ignored',
      '.github/agents/broken.agent.md': '---\nname: Broken\n',
      '.github/agents/security.agent.md': "---\nname: Security\ntools: ['read', 'search']\n---\nLook for vulnerabilities.",
      '.roomodes': 'customModes:\n  - slug: architect-lite\n    name: Architect Lite\n    roleDefinition: You design.\n    groups: [read]\n',
      '.ptk/modes/tester.md': '---\ntools: [read_file, run_tests]\n---\nRun the tests and explain failures.',
      '.ptk/modes/typo.md': '---\ntools: [read_fil]\n---\nx',
    });
    const { modes, errors } = await loadModes(files);
    assert.deepEqual(modes.map((mode) => mode.id), ['ask', 'plan', 'agent', 'explain', 'security', 'architect-lite', 'tester']);
    assert.deepEqual(modes.find((mode) => mode.id === 'tester')!.tools, ['read_file', 'run_tests']);
    assert.equal(errors.length, 2);
    assert.match(errors[0]!.message, /^\.github\/agents\/broken\.agent\.md: .*not closed/);
    assert.match(errors[1]!.message, /^\.ptk\/modes\/typo\.md, mode "typo": unknown tool "read_fil"/);
  });

  it('a custom mode cannot take a built-in\'s id or an earlier mode\'s: it is refused with an error and the first stays', async () => {
    const files = memoryTextFiles({
      '.github/agents/plan.agent.md': "---\ntools: ['edit']\n---\nPlan and edit.",
      '.roomodes': 'customModes:\n  - slug: reviewer\n    name: Reviewer (Roo)\n    roleDefinition: x\n    groups: [read]\n',
      '.ptk/modes/reviewer.md': 'Review.',
    });
    const { modes, errors } = await loadModes(files);
    assert.equal(modes.find((mode) => mode.id === 'plan'), PLAN_MODE);
    assert.equal(modes.find((mode) => mode.id === 'reviewer')!.name, 'Reviewer (Roo)');
    assert.deepEqual(errors.map((error) => error.message), [
      '.github/agents/plan.agent.md, mode "plan": the id "plan" is already used by the built-in Plan mode; rename this mode to use it.',
      '.ptk/modes/reviewer.md, mode "reviewer": the id "reviewer" is already used by the mode in .roomodes; rename this mode to use it.',
    ]);
  });

  it('a file that cannot be read is an error naming it', async () => {
    const files = memoryTextFiles({ '.ptk/modes/ok.md': 'Fine.' });
    const failing = { ...files, readText: async (file: string) => (file === '.roomodes' ? Promise.reject(new Error('EACCES')) : files.readText(file)) };
    const { modes, errors } = await loadModes(failing);
    assert.ok(modes.some((mode) => mode.id === 'ok'));
    assert.match(errors[0]!.message, /^\.roomodes: could not be read \(EACCES\)/);
  });
});

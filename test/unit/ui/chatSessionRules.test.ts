import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ScriptedChatModel } from '../../../src/core/testing/scriptedChatModel';
import { createAssistantRun } from '../../../src/host/shared/assistantRun';
import { NodeWorkspace } from '../../../src/host/node/workspace';
import { replayChat } from '../../../src/shared/chat/chatReducer';
import type { ChatEvent } from '../../../src/shared/chat/protocol';
import { createWorkspaceTools, loadProjectRules } from '../../../src/tools';
import { ChatSession } from '../../../src/ui/chatSession';
import { ConversationStore } from '../../../src/ui/conversationStore';
import { MemoryKeyValueStore } from './memoryStore';
import { tempFolders } from '../fixtures/tempFolders';

const temp = tempFolders();

/** A chat session composed as the extension does: the assistant run over a Node workspace, the rules loaded per task. */
function setup(files: Record<string, string>, replies: string[]) {
  const root = temp.folder('ptk-session-rules-');
  for (const [relative, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
    writeFileSync(path.join(root, relative), content);
  }
  const workspace = new NodeWorkspace({ roots: [root], ripgrepPath: null });
  const model = new ScriptedChatModel(replies);
  const runTask = createAssistantRun({
    model: () => model,
    workspace,
    tools: () => createWorkspaceTools(workspace),
    settings: () => ({}),
    rules: ({ focusPaths, signal }) => loadProjectRules(workspace, { focusPaths, signal }),
  });
  const events: ChatEvent[] = [];
  let nextId = 0;
  const session = new ChatSession({
    runTask,
    store: new ConversationStore(new MemoryKeyValueStore()),
    createId: () => `id${++nextId}`,
  });
  session.onEvent((_conversationId, event) => events.push(event));
  return { root, model, session, events };
}

describe('ChatSession: project rules for each task', () => {
  it('puts the rules in the system prompt and tells the view which files were used, before the answer', async () => {
    const { model, session, events } = setup({ 'AGENTS.md': 'Always answer in haiku (rule ALPHA-7).', '.clinerules/style.md': 'Tabs, not spaces.' }, ['Tabs, in haiku.']);
    const result = await session.send('What is the style?');
    assert.equal(result?.success, true);
    // A new chat thread gets the system prompt first, then the user's message.
    const system = model.prompts[0]!.split('What is the style?')[0]!;
    assert.match(system, /PROJECT RULES:/);
    assert.match(system, /--- BEGIN AGENTS\.md ---\nAlways answer in haiku \(rule ALPHA-7\)\.\n--- END AGENTS\.md ---/);
    assert.match(system, /--- BEGIN \.clinerules\/style\.md ---/);
    const types = events.map((event) => event.type);
    assert.ok(types.indexOf('taskStarted') < types.indexOf('rulesUsed') && types.indexOf('rulesUsed') < types.indexOf('assistantStart'), types.join(','));
    const taskId = (events.find((event) => event.type === 'taskStarted') as { taskId: string }).taskId;
    const rulesEvent = events.find((event) => event.type === 'rulesUsed');
    assert.deepEqual(rulesEvent, { type: 'rulesUsed', taskId, files: [{ path: 'AGENTS.md', usage: 'whole' }, { path: '.clinerules/style.md', usage: 'whole' }] });
    assert.deepEqual(
      session.state.items.find((item) => item.kind === 'rules'),
      { kind: 'rules', id: `rules:${taskId}`, files: [{ path: 'AGENTS.md', usage: 'whole' }, { path: '.clinerules/style.md', usage: 'whole' }] },
    );
  });

  it('reads the rules again for the next task, and adds the nearest AGENTS.md of a mentioned file', async () => {
    const { root, model, session } = setup({ 'AGENTS.md': 'first version', 'pkg/AGENTS.md': 'package rule', 'pkg/a.ts': '' }, ['One.', 'Two.']);
    await session.send('What is the style?');
    writeFileSync(path.join(root, 'AGENTS.md'), 'second version');
    await session.send('What is the style?', { mentions: [{ kind: 'file', label: 'pkg/a.ts', path: 'pkg/a.ts' }] });
    assert.match(model.prompts[0]!, /first version/);
    assert.ok(!model.prompts[0]!.includes('package rule'));
    const second = model.prompts[1]!;
    assert.match(second, /second version/);
    assert.ok(!second.includes('first version'), 'the second task carries the changed file only');
    assert.match(second, /--- BEGIN pkg\/AGENTS\.md ---\npackage rule/);
    const rulesLines = session.state.items.filter((item) => item.kind === 'rules');
    assert.equal(rulesLines.length, 2);
  });

  it('a rule scoped by paths front matter reaches the model only in the task that mentions a matching file', async () => {
    const { model, session } = setup({ '.clinerules/api.md': '---\npaths: ["src/api/**"]\n---\nValidate every request (rule API-3).', 'src/api/users.ts': '' }, ['One.', 'Two.']);
    await session.send('Tidy up.');
    await session.send('Tidy up.', { mentions: [{ kind: 'file', label: 'src/api/users.ts', path: 'src/api/users.ts' }] });
    assert.ok(!model.prompts[0]!.includes('API-3'), 'no task file matches: the rule is left out');
    assert.match(model.prompts[1]!, /--- BEGIN \.clinerules\/api\.md ---\nValidate every request \(rule API-3\)\.\n--- END/);
    assert.ok(!model.prompts[1]!.includes('paths: ["src/api/**"]'), 'the front matter stays out of the prompt');
    const rulesLines = session.state.items.filter((item) => item.kind === 'rules');
    assert.deepEqual(rulesLines.map((item) => item.kind === 'rules' && item.files.map((file) => file.path)), [['.clinerules/api.md']], 'only the second task shows a rules line');
  });

  it('shows no rules line and adds nothing to the prompt when the workspace has no instruction file', async () => {
    const { model, session, events } = setup({ 'README.md': 'hello' }, ['Fine.']);
    await session.send('What is the style?');
    assert.ok(!events.some((event) => event.type === 'rulesUsed'));
    assert.ok(!model.prompts[0]!.includes('PROJECT RULES'));
  });
});

describe('the rules line in the view state', () => {
  it('is one item per task, placed where the event came, and replaying the same event adds nothing', () => {
    const rules: ChatEvent = { type: 'rulesUsed', taskId: 't1', files: [{ path: 'AGENTS.md', usage: 'cut' }] };
    const state = replayChat('c', [{ type: 'userMessage', id: 'u', text: 'hi', time: 0 }, { type: 'taskStarted', taskId: 't1', title: 'hi' }, rules, rules]);
    assert.deepEqual(state.items.map((item) => item.kind), ['user', 'rules']);
  });
});

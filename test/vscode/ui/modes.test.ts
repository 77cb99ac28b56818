/**
 * Chat modes in a REAL VS Code, through the ChatGPT replica site and the real browser backend:
 * the mode menu next to Send lists Ask, Plan, Agent and the workspace's .ptk/modes files (a
 * broken one named under it, a new one appearing once written); in Ask mode the site's prompt
 * offers only the read-only tools, the model's write_file call is refused (the file is unchanged
 * on disk, the chat says why, no empty answer), and the message carries an Ask badge; a Plan
 * answer's "Act on this plan" starts an Agent task with the plan. Screenshots:
 * test-artifacts/vscode-ui-modes/.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { missingTools } from '../harness/paths';
import type { ReplicaSiteWorkbench } from '../harness/replicaSiteWorkbench';
import { openReplicaChat } from './replicaChat';
import { call, chatActions } from './scriptedTasks';

const NOTES = 'The original notes.\n';
const PLAN = 'The plan:\n\n1. Read notes.txt.\n2. Write "planned" to notes.txt.\n\nOpen questions: none.';
const REVIEWER = '---\nname: Reviewer\ndescription: Reviews without editing\ntools: [read_file, search_code]\n---\nReview the change. Name files and lines.\n';

/** The tools a prompt's system part describes. */
const offeredTools = (prompt: string): string[] => [...prompt.matchAll(/^- ([a-z_]+)\(/gm)].map((match) => match[1]);

describe('chat modes in real VS Code, through the replica site', { skip: missingTools() || undefined, timeout: 300_000 }, () => {
  let workbench: ReplicaSiteWorkbench | undefined;
  const prompts: string[] = [];
  const chat = () => workbench!.chat();
  const actions = chatActions(chat);
  const menu = () => chat().locator('[data-testid="mode-menu"]');

  /** The replica model, by what the prompt the site received asks. */
  const respond = (prompt: string): string => {
    prompts.push(prompt);
    if (prompt.includes('is not available in Ask mode')) return 'I cannot change files in Ask mode: switch to Agent mode for that.';
    if (prompt.includes('Carry out this plan')) return 'Carrying it out now.';
    if (prompt.includes('Plan the change of notes.txt')) return PLAN;
    if (prompt.includes('Rewrite notes.txt')) return call('write_file', { path: 'notes.txt', content: 'Changed.\n' });
    return 'No reply was scripted for this prompt.';
  };

  before(async () => {
    workbench = await openReplicaChat('vscode-ui-modes', {
      responder: respond,
      viewport: { width: 1400, height: 900 },
      prepareWorkspace: (workspaceDir) => {
        writeFileSync(join(workspaceDir, 'notes.txt'), NOTES);
        mkdirSync(join(workspaceDir, '.ptk', 'modes'), { recursive: true });
        writeFileSync(join(workspaceDir, '.ptk', 'modes', 'reviewer.md'), REVIEWER);
        writeFileSync(join(workspaceDir, '.ptk', 'modes', 'broken.md'), '---\nname: Broken\ntools: [read_file, editFilez]\n---\nBroken.\n');
      },
    });
  });

  after(async () => {
    await workbench?.stop();
  });

  it("lists the built-in modes and the workspace's, and names a mode file it cannot use", async () => {
    await menu().locator('option', { hasText: 'Reviewer' }).waitFor({ state: 'attached', timeout: 60_000 });
    assert.deepEqual(await menu().locator('option').allTextContents(), ['Ask', 'Plan', 'Agent', 'Reviewer']);
    assert.equal(await menu().locator('optgroup').getAttribute('label'), 'This workspace');
    assert.equal(await menu().inputValue(), 'agent', 'a first conversation starts in Agent mode');
    const problems = chat().locator('[data-testid="mode-problems"]');
    assert.match((await problems.textContent()) ?? '', /Mode not loaded: \.ptk\/modes\/broken\.md, mode "Broken": unknown tool "editFilez"/);
  });

  it('in Ask mode offers only the read-only tools: the write_file call is refused, the file is unchanged, and the chat says why', async () => {
    await menu().selectOption('ask');
    const before = prompts.length;
    await actions.send('Rewrite notes.txt to say Changed.');
    await actions.answer('I cannot change files in Ask mode');
    const first = prompts[before] ?? '';
    assert.deepEqual(offeredTools(first).filter((name) => name !== 'update_todos'), ['read_file', 'list_files', 'search_code', 'get_diagnostics'], 'only the read-only tools are offered');
    assert.match(first, /You are in Ask mode/, "Ask mode's instructions go with the prompt");
    assert.match(prompts[before + 1] ?? '', /The tool "write_file" is not available in Ask mode: it was not run\./, 'the model is told the tool is not available in this mode');
    assert.equal(readFileSync(join(workbench!.workspaceDir, 'notes.txt'), 'utf8'), NOTES, 'the file is unchanged on disk');
    await chat().locator('[data-testid="notice"]', { hasText: 'write_file, which Ask mode does not have' }).waitFor();
    assert.deepEqual(await chat().locator('.message.assistant').allTextContents().then((texts) => texts.map((text) => text.trim())).then((texts) => texts.filter((text) => text === '' || text.startsWith('(no text)'))), [], 'no empty answer');
    assert.equal(await chat().locator('[data-testid="user-message"]').last().locator('[data-testid="mode-badge"]').getAttribute('data-mode'), 'Ask');
    assert.equal(await chat().locator('[data-testid="tool-card"]').count(), 0, 'nothing ran');
    await workbench!.shot('ask-mode');
  });

  it('shows a mode file written while VS Code runs', async () => {
    writeFileSync(join(workbench!.workspaceDir, '.ptk', 'modes', 'tester.md'), '---\nname: Tester\n---\nRun the tests and report.\n');
    await menu().locator('option', { hasText: 'Tester' }).waitFor({ state: 'attached', timeout: 60_000 });
    assert.deepEqual(await menu().locator('optgroup option').allTextContents(), ['Reviewer', 'Tester']);
  });

  it('"Act on this plan" on a Plan answer starts an Agent task with the plan', async () => {
    await menu().selectOption('plan');
    await actions.send('Plan the change of notes.txt');
    await actions.answer('Open questions: none.');
    assert.equal(await chat().locator('[data-testid="user-message"]').last().locator('[data-testid="mode-badge"]').getAttribute('data-mode'), 'Plan');
    const act = chat().locator('[data-testid="act-on-plan"]');
    await act.waitFor();
    await workbench!.shot('plan-answer');
    const before = prompts.length;
    await act.click();
    const acted = chat().locator('[data-testid="user-message"]', { hasText: 'Act on this plan' });
    await acted.waitFor();
    await actions.answer('Carrying it out now.');
    assert.equal(await acted.locator('[data-testid="mode-badge"]').getAttribute('data-mode'), 'Agent');
    const agentPrompt = prompts[before] ?? '';
    assert.match(agentPrompt, /Carry out this plan[\s\S]*2\. Write "planned" to notes\.txt\./, 'the plan goes as the task');
    assert.ok(offeredTools(agentPrompt).includes('write_file'), 'Agent mode offers the write tools');
    assert.doesNotMatch(agentPrompt, /You are in (Ask|Plan) mode/);
    assert.equal(await menu().inputValue(), 'agent', 'the conversation goes on in Agent mode');
    assert.equal(await act.count(), 0, 'a plan acted on offers "Act on this plan" no more');
    await workbench!.shot('acted-on-plan');
  });
});

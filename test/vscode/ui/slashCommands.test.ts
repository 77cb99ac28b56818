/**
 * Slash commands in the chat input, in a REAL VS Code through the ChatGPT replica site: "/"
 * lists the built-ins and the workspace's prompt files (a Claude Code command here, and a PTK
 * one written while VS Code runs); a prompt file runs with its arguments (the site receives the
 * filled template, the conversation shows the line typed); /new starts a new conversation.
 * Screenshots: test-artifacts/vscode-ui-slash-commands/.
 */
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { missingTools } from '../harness/paths';
import type { ReplicaSiteWorkbench } from '../harness/replicaSiteWorkbench';
import { openReplicaChat } from './replicaChat';
import { chatActions } from './scriptedTasks';

describe('slash commands in the chat input, in real VS Code', { skip: missingTools() || undefined, timeout: 300_000 }, () => {
  let workbench: ReplicaSiteWorkbench | undefined;
  const prompts: string[] = [];
  const chat = () => workbench!.chat();
  const actions = chatActions(chat);
  const input = () => chat().locator('[data-testid="chat-input"]');
  const menuRows = () => chat().locator('[data-testid="command-list"] [data-testid="mention-option"]');

  before(async () => {
    workbench = await openReplicaChat('vscode-ui-slash-commands', {
      responder: (prompt) => {
        prompts.push(prompt);
        return `Reviewed (${prompts.length}).`;
      },
      prepareWorkspace: (dir) => {
        mkdirSync(join(dir, '.claude', 'commands'), { recursive: true });
        mkdirSync(join(dir, '.ptk', 'commands'), { recursive: true });
        writeFileSync(join(dir, '.claude', 'commands', 'review-pr.md'), '---\ndescription: Review a pull request\nargument-hint: <number> <priority>\n---\nReview pull request #$1 with priority $2. Name files and lines.\n');
      },
    });
  });

  after(async () => {
    await workbench?.stop();
  });

  it('"/" lists the built-ins and the prompt files; one runs with its arguments', async () => {
    await input().click();
    await input().pressSequentially('/');
    await menuRows().first().waitFor();
    const rows = await menuRows().allTextContents();
    for (const name of ['/new', '/compact', '/mode', '/review', '/explain', '/fix']) assert.ok(rows.some((row) => row.startsWith(name)), `${name} in ${rows.join(' | ')}`);
    assert.ok(rows.some((row) => row === 'Claude/review-pr<number> <priority> · Review a pull request'), rows.join(' | '));
    await input().pressSequentially('review-');
    assert.deepEqual(await menuRows().allTextContents(), ['Claude/review-pr<number> <priority> · Review a pull request']);
    await workbench!.shot('menu');
    await input().press('Enter');
    assert.equal(await input().inputValue(), '/review-pr ');
    await input().pressSequentially('42 high');
    await input().press('Enter');
    await chat().locator('[data-testid="user-message"]', { hasText: '/review-pr 42 high' }).waitFor();
    await actions.answer('Reviewed (1).');
    assert.match(prompts[0], /Review pull request #42 with priority high\. Name files and lines\./);
    assert.ok(!prompts[0].includes('/review-pr'), 'the site gets the filled template, not the line');
  });

  it('a prompt file written while VS Code runs is offered, /new starts a new conversation, /mode switches its mode', async () => {
    // Typed first: the menu shows the file once the watcher has read it, without typing again.
    await input().fill('');
    await input().pressSequentially('/chan');
    writeFileSync(join(workbench!.workspaceDir, '.ptk', 'commands', 'changelog.md'), '---\ndescription: Draft a changelog entry\n---\nDraft a changelog entry for $ARGUMENTS.\n');
    await menuRows().first().waitFor({ timeout: 120_000 });
    assert.deepEqual(await menuRows().allTextContents(), ['.ptk/changelogDraft a changelog entry']);
    await input().fill('/new');
    await input().press('Enter');
    await chat().locator('[data-testid="user-message"]').waitFor({ state: 'detached' });
    assert.equal(await chat().locator('[data-testid="user-message"]').count(), 0);
    assert.equal(prompts.length, 1, '/new is not sent to the site');
    const modeMenu = chat().locator('[data-testid="mode-menu"]');
    assert.equal(await modeMenu.inputValue(), 'agent');
    await input().fill('/mode plan');
    await input().press('Enter');
    await chat().locator('[data-testid="mode-menu"] option:checked', { hasText: 'Plan' }).waitFor({ state: 'attached' });
    assert.equal(await modeMenu.inputValue(), 'plan');
    await input().fill('/mode nosuch');
    await input().press('Enter');
    await chat().locator('[data-testid="notice"]', { hasText: 'There is no mode "nosuch". Modes: Ask, Plan, Agent.' }).waitFor();
    assert.equal(prompts.length, 1, '/mode is not sent to the site');
  });
});

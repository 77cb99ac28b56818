/**
 * Failover across sites in a REAL VS Code: ptk.sites lists the ChatGPT replica then the Claude
 * replica (each its own site on 127.0.0.1, driven by the real browser backend). ChatGPT answers
 * the first message with its usage-limit banner; with ptk.failover at its default ("ask"), a
 * dialog asks to continue on Claude; the chat then shows the one failover line and Claude's
 * answer, and the next message of the conversation goes to Claude straight away.
 * Screenshots: test-artifacts/vscode-ui-failover/.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { FrameLocator, Page } from 'playwright-core';
import { missingTools } from '../harness/paths';
import { BROWSER_ENTRY, type ReplicaSiteWorkbench } from '../harness/replicaSiteWorkbench';
import { openReplicaChat } from './replicaChat';

const skipReason = missingTools() || (!existsSync(BROWSER_ENTRY) ? `the browser backend is not built yet (${BROWSER_ENTRY} missing)` : '');

describe('failover from a limited site to the next of ptk.sites, in real VS Code', { skip: skipReason || undefined, timeout: 600_000 }, () => {
  let workbench: ReplicaSiteWorkbench | undefined;
  let page: Page;
  const chatgptPrompts: string[] = [];
  const claudePrompts: string[] = [];
  const chat = (): FrameLocator => workbench!.chat();

  before(async () => {
    workbench = await openReplicaChat('vscode-ui-failover', {
      responder: (prompt) => {
        chatgptPrompts.push(prompt);
        return { failure: 'rate_limit', retryAfter: '3:15 PM' };
      },
      moreSites: [
        {
          site: 'claude',
          responder: (prompt) => {
            claudePrompts.push(prompt);
            return /Say hello again/.test(prompt) ? 'Hello again from Claude.' : /Say hello/.test(prompt) ? 'Hello from Claude, with the task so far.' : 'I did not get the task.';
          },
        },
      ],
    });
    page = workbench.page;
  });

  after(async () => {
    await workbench?.stop();
  });

  it('asks before moving on, shows the failover line, and answers from the next site', async () => {
    const input = chat().locator('[data-testid="chat-input"]');
    await input.fill('Say hello');
    await input.press('Enter');
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor();
    assert.match(await dialog.innerText(), /ChatGPT \(demo\): usage limit until (\d{4}-\d\d-\d\d )?15:15\. Continue the task “Say hello” on Claude \(demo\)\?/);
    await workbench!.shot('asked');
    // While the question is open the header still names the conversation's site, at its limit (not green).
    const header = chat().locator('[data-testid="connection-status"]');
    await chat().locator('[data-testid="connection-status"][data-status="limited"]', { hasText: /^ChatGPT \(demo\) · limited until/ }).waitFor();
    await dialog.getByRole('button', { name: 'Continue on Claude' }).click();
    await chat().locator('[data-testid="notice"]', { hasText: /ChatGPT \(demo\): usage limit until (\d{4}-\d\d-\d\d )?15:15 — continuing on Claude \(demo\)/ }).waitFor();
    await chat().locator('[data-testid="assistant-message"]', { hasText: 'Hello from Claude, with the task so far.' }).waitFor();
    // The header names the site the conversation moved to, and in its tooltip each site's state.
    await chat().locator('[data-testid="connection-status"][data-status="connected"]', { hasText: 'Claude (demo) · ready' }).waitFor();
    assert.match((await header.getAttribute('title')) ?? '', /Sites: ChatGPT \(demo\): limited until (\d{4}-\d\d-\d\d )?15:15; Claude \(demo\): ready/);
    await workbench!.shot('moved-on');
    assert.equal(chatgptPrompts.length, 1);
    assert.equal(claudePrompts.length, 1);
    assert.match(claudePrompts[0]!, /Say hello/, "Claude's new chat starts with the task");
  });

  it('sends the next message of the conversation to the site that holds it, without asking again', async () => {
    const input = chat().locator('[data-testid="chat-input"]');
    await chat().locator('body[data-busy="false"]').waitFor({ state: 'attached' });
    await input.fill('Say hello again');
    await input.press('Enter');
    await chat().locator('[data-testid="assistant-message"]', { hasText: 'Hello again from Claude.' }).waitFor();
    assert.equal(chatgptPrompts.length, 1, 'the limited site got nothing more');
    assert.equal(claudePrompts.length, 2);
    assert.equal(await page.locator('.monaco-dialog-box').count(), 0, 'no second question');
    assert.equal(workbench!.moreReplicas.claude!.submissions.length, 2);
    await workbench!.shot('next-message');
  });
});

/**
 * The site per conversation in a REAL VS Code: ptk.sites lists the ChatGPT replica then the
 * Claude replica (each its own site on 127.0.0.1, driven by the real browser backend). The chat
 * view's title bar shows the site menu (several sites); choosing Claude sends the conversation's
 * message to Claude, and a new conversation starts on the first ready site again (ChatGPT).
 * Screenshots: test-artifacts/vscode-ui-conversation-site/.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { FrameLocator, Page } from 'playwright-core';
import { missingTools } from '../harness/paths';
import { BROWSER_ENTRY, type ReplicaSiteWorkbench } from '../harness/replicaSiteWorkbench';
import { openReplicaChat } from './replicaChat';

const skipReason = missingTools() || (!existsSync(BROWSER_ENTRY) ? `the browser backend is not built yet (${BROWSER_ENTRY} missing)` : '');

describe('the site menu of a conversation, in real VS Code', { skip: skipReason || undefined, timeout: 600_000 }, () => {
  let workbench: ReplicaSiteWorkbench | undefined;
  let page: Page;
  const chatgptPrompts: string[] = [];
  const claudePrompts: string[] = [];
  const chat = (): FrameLocator => workbench!.chat();

  before(async () => {
    workbench = await openReplicaChat('vscode-ui-conversation-site', {
      responder: (prompt) => {
        chatgptPrompts.push(prompt);
        return 'Hello from ChatGPT.';
      },
      moreSites: [
        {
          site: 'claude',
          responder: (prompt) => {
            claudePrompts.push(prompt);
            return 'Hello from Claude.';
          },
        },
      ],
    });
    page = workbench.page;
  });

  after(async () => {
    await workbench?.stop();
  });

  const send = async (text: string) => {
    await chat().locator('body[data-busy="false"]').waitFor({ state: 'attached' });
    const input = chat().locator('[data-testid="chat-input"]');
    await input.fill(text);
    await input.press('Enter');
  };

  it("lists the sites in the view title's menu; the chosen one gets the conversation's messages", async () => {
    const menu = page.locator('.part.sidebar .title-actions .action-label[aria-label^="Site for This Conversation"]');
    await menu.click();
    await page.locator('.quick-input-title', { hasText: 'now: ChatGPT' }).waitFor();
    const rows = page.locator('.quick-input-list .monaco-list-row');
    await rows.filter({ hasText: 'this conversation (first ready site)' }).first().waitFor();
    assert.match((await rows.filter({ hasText: 'this conversation' }).textContent()) ?? '', /ChatGPT/);
    await workbench!.shot('menu');
    await rows.filter({ hasText: 'Claude' }).first().click();
    await send('Say hello');
    await chat().locator('[data-testid="assistant-message"]', { hasText: 'Hello from Claude.' }).waitFor();
    assert.equal(chatgptPrompts.length, 0, 'the first listed site got nothing');
    assert.equal(claudePrompts.length, 1);
    await workbench!.shot('claude-answered');
  });

  it('a new conversation starts on the first ready site again', async () => {
    await chat().locator('body[data-busy="false"]').waitFor({ state: 'attached' });
    await chat().locator('[data-testid="new-conversation"]').click();
    await send('Say hello');
    await chat().locator('[data-testid="assistant-message"]', { hasText: 'Hello from ChatGPT.' }).waitFor();
    assert.equal(chatgptPrompts.length, 1);
    assert.equal(claudePrompts.length, 1);
    await workbench!.shot('new-conversation');
  });
});

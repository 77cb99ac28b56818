/**
 * The site per conversation in a REAL VS Code: ptk.sites lists the ChatGPT replica then the
 * Claude replica (each its own site on 127.0.0.1, driven by the real browser backend). The chat
 * view's title bar shows the site menu (several sites); choosing Claude sends the conversation's
 * message to Claude, and a new conversation starts on the first ready site again (ChatGPT).
 * Connect Browser / Choose Site offers the sites of ptk.sites (at their own addresses) and makes
 * the one picked the conversation's. The
 * view's header names the conversation's site with its state; Log in (an error card's, after
 * Claude's login wall), Diagnose Site from the view's menu act on that site, and the palette's
 * Diagnose Site offers it first. ptk.failover is "off", so the login wall stops the task.
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
      userSettings: { 'ptk.failover': 'off' },
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

  const header = () => chat().locator('[data-testid="connection-status"]');
  const chooseSite = async (label: string) => {
    await page.locator('.part.sidebar .title-actions .action-label[aria-label^="Site for This Conversation"]').click();
    await page.locator('.quick-input-list .monaco-list-row', { hasText: label }).first().click();
  };
  /** The Diagnose Site report opened in the editor, as text. */
  const diagnosisReport = async (): Promise<string> => {
    const report = page.locator('.monaco-editor .view-lines', { hasText: 'PTK: Diagnose Site' }).first();
    await report.waitFor();
    return (await report.innerText()).replace(/\u00a0/g, ' ');
  };

  it("Connect Browser / Choose Site lists the sites of ptk.sites: the one picked becomes the conversation's, and its own tab opens", async () => {
    // The conversation of the case before is on the first ready site (ChatGPT), named as every menu names it.
    await header().filter({ hasText: /^ChatGPT \(demo\) · / }).waitFor();
    await page.keyboard.press('F1');
    await page.locator('.quick-input-widget input').fill('>PTK: Connect Browser');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Connect Browser' }).first().waitFor();
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-title', { hasText: 'PTK: Connect Browser / Choose Site' }).waitFor();
    const rows = page.locator('.quick-input-list .monaco-list-row');
    await rows.filter({ hasText: 'Claude' }).first().waitFor();
    assert.equal(await rows.count(), 2, 'the sites of ptk.sites, not every site PTK knows');
    await workbench!.shot('connect-menu');
    await rows.filter({ hasText: 'Claude' }).first().click();
    await header().filter({ hasText: 'Claude (demo) ·' }).waitFor();
    const before = claudePrompts.length;
    await send('Say hello once more');
    await chat().locator('[data-testid="assistant-message"]', { hasText: 'Hello from Claude.' }).last().waitFor();
    assert.equal(claudePrompts.length, before + 1, "the conversation's message went to Claude's own address");
    await chat().locator('body[data-busy="false"]').waitFor({ state: 'attached' });
    await chat().locator('[data-testid="new-conversation"]').click();
  });

  it("the header names the conversation's site and its state; an error's Open tab acts on the site that failed", async () => {
    await header().filter({ hasText: 'ChatGPT (demo) · ready' }).waitFor();
    const [claudeBefore, chatgptBefore] = [claudePrompts.length, chatgptPrompts.length];
    await chooseSite('Claude');
    await header().filter({ hasText: 'Claude (demo) · ready' }).waitFor();
    await workbench!.shot('header-claude');
    // Claude signs the user out: the task stops on its login wall (failover off).
    workbench!.moreReplicas.claude!.setScenario({ loggedIn: false });
    await send('Say hello');
    const card = chat().locator('[data-testid="error-card"]').last();
    await card.waitFor();
    assert.match((await card.textContent()) ?? '', /LOGIN_REQUIRED/);
    await header().filter({ hasText: 'Claude (demo) · signed out' }).waitFor();
    await chat().locator('[data-testid="header-login"]').waitFor();
    assert.equal(claudePrompts.length, claudeBefore, 'the signed-out site answered nothing');
    await workbench!.shot('claude-signed-out');
    // Open tab goes to Claude's tab, still on its login wall (ChatGPT's is signed in and would say nothing).
    await card.locator('[data-testid="action-openTab"]').click();
    await page.locator('.notification-toast', { hasText: 'Claude needs you to log in' }).waitFor();
    assert.equal(chatgptPrompts.length, chatgptBefore, 'ChatGPT got nothing of this conversation');
    await workbench!.shot('open-tab-claude');
  });

  it("Diagnose Site from the view's menu diagnoses the conversation's site; from the palette it offers that site first", async () => {
    await page.locator('.part.sidebar .title-actions .action-label[aria-label^="Views and More Actions"], .part.sidebar .title-actions .action-label[aria-label^="More Actions"]').first().click();
    await page.locator('.context-view .action-label', { hasText: 'Diagnose Site' }).first().click();
    let text = await diagnosisReport();
    assert.match(text, /PTK: Diagnose Site — Claude/);
    // The router holds Claude signed out since its login wall: the report says so first, then what the page shows.
    const flat = text.replace(/\n/g, '');
    assert.match(flat, /state: signed out \(what the site said: [^]*?\); the page now: login wall/);
    assert.match((await page.locator('.tabs-container .tab.active').textContent()) ?? '', /claude-.*\.md/);
    await workbench!.shot('diagnose-claude');
    await page.keyboard.press('F1');
    await page.locator('.quick-input-widget input').fill('>PTK: Diagnose Site');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'PTK: Diagnose Site' }).first().waitFor();
    await page.keyboard.press('Enter');
    const rows = page.locator('.quick-input-list .monaco-list-row');
    // The list reuses its row elements: the row's position comes from its aria-posinset, not from the DOM order.
    const conversationRow = rows.filter({ hasText: /Claude.*this conversation/ }).first();
    await conversationRow.waitFor();
    assert.equal(await conversationRow.getAttribute('aria-posinset'), '1', "the conversation's site is offered first");
    await workbench!.shot('diagnose-palette');
    await rows.filter({ hasText: 'ChatGPT' }).first().click();
    await page.locator('.tabs-container .tab.active', { hasText: /chatgpt-.*\.md/ }).waitFor();
    text = await diagnosisReport();
    assert.match(text, /PTK: Diagnose Site — ChatGPT \(demo\)/);
    assert.match(text, /state: ready \(signed in\)/);
  });
});

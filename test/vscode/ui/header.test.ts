/**
 * The chat view's header, empty state, history and names in a REAL VS Code, on the ChatGPT replica
 * site (a local address: the offline demo) driven by the real browser backend: the header fits the
 * sidebar's default width on one line, before the first send as after it, and names site · model (the address and the full status on hover); one "+";
 * Stop (the composer's and the view title's) only while a task runs; the empty conversation offers
 * example prompts and says it is the demo site; the history lists titles and dates, searches,
 * opens and deletes (after asking); the status bar names site and model; Choose Model names the current choice and heads the models as the demo's, the replica's efforts apart as a second step of levels; Choose Site lists the demo as current; the editor's context menu names its PTK
 * entries with the "PTK:" prefix.
 * Screenshots: test-artifacts/vscode-ui-header/.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { missingTools } from '../harness/paths';
import type { ReplicaSiteWorkbench } from '../harness/replicaSiteWorkbench';
import { openReplicaChat, replicaReply } from './replicaChat';

describe('chat view header, empty state and history in real VS Code', { skip: missingTools() || undefined, timeout: 420_000 }, () => {
  let workbench: ReplicaSiteWorkbench | undefined;
  let page: Page;
  const chat = () => workbench!.chat();
  const input = () => chat().locator('[data-testid="chat-input"]');
  const send = async (text: string) => {
    await input().fill(text);
    await input().press('Enter');
  };
  const idle = () => chat().locator('body[data-busy="false"]').waitFor({ state: 'attached' });
  /** The view title's Stop action (the sidebar's title bar). */
  const titleStop = () => page.locator('.part.sidebar .title-actions .action-label[aria-label^="Stop"]');
  /** Whether the header shows its line and buttons whole, and on how many lines its line is laid out. */
  const headerFit = () =>
    chat()
      .locator('[data-testid="connection-status"]')
      .evaluate((element) => {
        const header = element.parentElement!;
        const right = header.getBoundingClientRect().right;
        const range = document.createRange();
        range.selectNodeContents(element);
        return {
          width: document.body.clientWidth,
          headerWhole: header.scrollWidth <= header.clientWidth,
          childrenInside: [...header.children].every((child) => child.getBoundingClientRect().right <= right + 0.5),
          namesWhole: element.scrollWidth <= element.clientWidth && element.scrollHeight <= element.clientHeight,
          lines: new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size,
        };
      });

  before(async () => {
    workbench = await openReplicaChat('vscode-ui-header', { responder: replicaReply });
    page = workbench.page;
  });

  after(async () => {
    await workbench?.stop();
  });

  it('an empty conversation offers three example prompts and says the site is the offline demo; its header is one line, as after a send', async () => {
    const status = chat().locator('[data-testid="connection-status"][data-status="disconnected"]');
    await status.waitFor();
    // Before the first send the header names what PTK talks to, as after it; that it connects when you send is in the tooltip.
    assert.equal(await status.textContent(), "Demo (offline) · site's model");
    assert.match((await status.getAttribute('title')) ?? '', /^Demo \(offline\) · Not connected yet: connects when you send\n/);
    const fit = await headerFit();
    assert.ok(fit.width <= 400, `the view has the sidebar's default width (${fit.width} px)`);
    assert.deepEqual({ ...fit, width: 0 }, { width: 0, headerWhole: true, childrenInside: true, namesWhole: true, lines: 1 }, 'before the first send the header is one line, nothing cut off');
    const examples = chat().locator('[data-testid="example-prompt"]');
    await examples.first().waitFor();
    assert.equal(await examples.count(), 3);
    await chat().locator('[data-testid="demo-note"]', { hasText: 'offline demo site' }).waitFor();
    assert.match((await chat().locator('[data-testid="demo-note"]').textContent()) ?? '', /ptk\.site/);
    const example = (await examples.nth(0).textContent()) ?? '';
    await examples.nth(0).click();
    assert.equal(await input().inputValue(), example, 'the example goes into the composer');
    await workbench!.shot('empty-state');
  });

  it('the header fits the default sidebar width and shows site · model whole; the address and the status are on hover', async () => {
    await send('Say hello');
    await chat().locator('.message.assistant:not(.streaming)', { hasText: 'five.' }).waitFor({ timeout: 120_000 });
    await idle();
    const status = chat().locator('[data-testid="connection-status"]');
    // Site · model, the address only in the tooltip: at the default width both names are shown whole.
    assert.equal(await status.textContent(), "Demo (offline) · site's model");
    const title = (await status.getAttribute('title')) ?? '';
    assert.match(title, /Demo \(offline\) · Connected/);
    assert.match(title, /Offline demo site/);
    const fit = await headerFit();
    assert.ok(fit.width <= 400, `the view has the sidebar's default width (${fit.width} px)`);
    assert.deepEqual({ ...fit, width: 0 }, { width: 0, headerWhole: true, childrenInside: true, namesWhole: true, lines: 1 }, 'neither the names nor a button of the header is cut off, and it is one line');
    assert.match(title, /Model: the site's current model\nAddress: http:\/\/127\.0\.0\.1:\d+/);
    assert.equal(await chat().locator('[data-testid="new-conversation"]').count(), 1);
    assert.equal(await page.locator('.part.sidebar .title-actions .action-label[aria-label^="New Conversation"]').count(), 0, 'one "+" only: the view\'s');
    assert.match((await page.locator('.statusbar').textContent()) ?? '', /PTK: Demo \(offline\) · site's model · 127\.0\.0\.1/);
    await workbench!.shot('header');
  });

  it('Stop shows only while a task runs, in the composer and in the view title', async () => {
    assert.equal(await chat().locator('[data-testid="stop"]').isVisible(), false, 'no Stop in the composer when idle');
    assert.equal(await titleStop().count(), 0, 'no Stop in the view title when idle');
    await chat().locator('[data-testid="new-conversation"]').click();
    await chat().locator('[data-testid="user-message"]').first().waitFor({ state: 'detached' });
    await idle();
    await send('Take your time and think');
    await chat().locator('.message.assistant.streaming', { hasText: 'Thinking' }).first().waitFor();
    await titleStop().first().waitFor({ state: 'visible' });
    await workbench!.shot('running');
    await chat().locator('[data-testid="stop"]').click();
    await chat().locator('[data-testid="notice"]', { hasText: 'Stopped' }).waitFor();
    await idle();
    await titleStop().first().waitFor({ state: 'detached' });
    assert.equal(await chat().locator('[data-testid="stop"]').isVisible(), false);
  });

  it('the history lists titles and dates, searches titles and messages, opens and deletes after asking', async () => {
    await chat().locator('[data-testid="history"]').click();
    const rows = chat().locator('[data-testid="history-entry"]');
    await rows.first().waitFor();
    const titles = await rows.locator('.history-title').allTextContents();
    assert.deepEqual(titles, ['Take your time and think', 'Say hello']);
    assert.ok((await rows.locator('[data-testid="history-date"]').allTextContents()).every((date) => date.trim() !== ''));
    await workbench!.shot('history');
    await chat().locator('[data-testid="history-search"]').fill('hello');
    assert.deepEqual(await rows.locator('.history-title').allTextContents(), ['Say hello']);
    // The search matches the messages too: "replica" is only in the greeting's answer, not in any title.
    await chat().locator('[data-testid="history-search"]').fill('replica');
    assert.deepEqual(await rows.locator('.history-title').allTextContents(), ['Say hello']);
    await chat().locator('[data-testid="history-search"]').fill('');
    // Each row's title and its full date (the date's tooltip, to the second).
    const listed = () => rows.evaluateAll((entries) => entries.map((entry) => `${entry.querySelector('.history-title')?.textContent} @ ${entry.querySelector('[data-testid="history-date"]')?.getAttribute('title')}`));
    const beforeOpening = await listed();
    // Opening the older conversation shows it; it neither moves to the top nor gets a new date.
    await rows.filter({ hasText: 'Say hello' }).locator('.history-open').click();
    await chat().locator('[data-testid="user-message"]', { hasText: 'Say hello' }).waitFor();
    await chat().locator('[data-testid="history"]').click();
    await rows.first().waitFor();
    // (The other one's date may be newer: its stopped task was saved after the list came.)
    const afterOpening = await listed();
    assert.deepEqual(afterOpening.map((row) => row.split(' @ ')[0]), ['Take your time and think', 'Say hello'], 'the order stays');
    assert.equal(afterOpening[1], beforeOpening[1], 'the opened conversation keeps its date');
    // Delete asks first in a modal dialog (its checkpoints go with it): Cancel keeps the conversation.
    const deleteQuestion = page.locator('.monaco-dialog-box', { hasText: 'Delete "Take your time and think"? Its checkpoints are deleted too.' });
    await rows.filter({ hasText: 'Take your time' }).locator('[data-testid="history-delete"]').click();
    await deleteQuestion.waitFor();
    await workbench!.shot('delete-question');
    await deleteQuestion.locator('.monaco-button', { hasText: /^Cancel$/ }).click();
    await deleteQuestion.waitFor({ state: 'detached' });
    assert.deepEqual(await rows.locator('.history-title').allTextContents(), ['Take your time and think', 'Say hello'], 'Cancel kept it');
    await rows.filter({ hasText: 'Take your time' }).locator('[data-testid="history-delete"]').click();
    await deleteQuestion.locator('.monaco-button', { hasText: /^Delete$/ }).click();
    await rows.filter({ hasText: 'Take your time' }).waitFor({ state: 'detached' });
    assert.deepEqual(await rows.locator('.history-title').allTextContents(), ['Say hello']);
  });

  it('"PTK: Choose Model…" names the current choice and heads the models apart, as the demo\'s (its answers do not depend on the choice)', async () => {
    await page.keyboard.press('F1');
    await workbench!.pickInQuickInput('>PTK: Choose Model', 'PTK: Choose Model');
    await page.locator('.quick-input-title', { hasText: "now: the site's current model" }).waitFor();
    await page.locator('.quick-input-list', { hasText: 'Models on Demo (offline) — the demo answers the same whatever you pick' }).waitFor();
    assert.equal(await page.locator('.quick-input-list', { hasText: 'Models on chatgpt' }).count(), 0);
    // The replica's efforts are reasoning levels (a second step), not models: one model is on the page now.
    const rows = page.locator('.quick-input-list .monaco-list-row');
    await rows.filter({ hasText: 'GPT-5.6 Sol' }).first().waitFor();
    assert.equal(await rows.filter({ hasText: 'on the page now' }).count(), 1, 'only the model is marked as on the page now');
    assert.match((await rows.filter({ hasText: 'on the page now' }).textContent()) ?? '', /GPT-5\.6 Sol/);
    assert.equal(await rows.filter({ hasText: /^\s*High/ }).count(), 0, 'the level "High" is not listed among the models');
    await workbench!.shot('choose-model');
    // The second step: the levels, the page's one as the current level; Escape writes nothing.
    await rows.filter({ hasText: 'GPT-5.5' }).first().click();
    await page.locator('.quick-input-title', { hasText: 'reasoning level with GPT-5.5' }).waitFor();
    await rows.filter({ hasText: 'Instant' }).first().waitFor();
    assert.deepEqual(await rows.evaluateAll((elements) => elements.map((element) => element.getAttribute('aria-label'))), [
      "Site's current level, current choice",
      'Instant',
      'Medium',
      'High, current level',
    ]);
    await page.keyboard.press('Escape');
  });

  it('"PTK: Connect Browser / Choose Site" lists the demo as the current site, and says choosing ChatGPT clears ptk.siteUrl', async () => {
    await page.keyboard.press('F1');
    await workbench!.pickInQuickInput('>PTK: Connect Browser', 'PTK: Connect Browser / Choose Site');
    const rows = page.locator('.quick-input-list .monaco-list-row');
    const demo = rows.filter({ hasText: 'Demo (offline)' });
    await demo.first().waitFor();
    assert.match((await demo.first().textContent()) ?? '', /current · http:\/\/127\.0\.0\.1:\d+/);
    const chatgpt = rows.filter({ hasText: 'ChatGPT (chatgpt.com)' });
    assert.doesNotMatch((await chatgpt.first().textContent()) ?? '', /current/);
    assert.match((await chatgpt.first().textContent()) ?? '', /Clears ptk\.siteUrl/);
    await workbench!.shot('choose-site');
    await page.keyboard.press('Escape');
  });

  it('the editor context menu names its entries "PTK: …"', async () => {
    await page.keyboard.press('Control+P');
    await workbench!.pickInQuickInput('greeting.ts', 'greeting.ts');
    const line = page.locator('.monaco-editor .view-line').first();
    await line.waitFor();
    await line.click();
    await page.keyboard.press('Home');
    await page.keyboard.press('Shift+End');
    await line.locator('span span').first().click({ button: 'right' });
    const menu = page.locator('.monaco-menu .action-label');
    await menu.filter({ hasText: 'PTK: Explain Selection' }).first().waitFor();
    const labels = (await menu.allTextContents()).map((label) => label.trim());
    await workbench!.shot('context-menu');
    await page.keyboard.press('Escape');
    for (const expected of ['PTK: Explain Selection', 'PTK: Fix Problems in This File', 'PTK: Add Selection to Chat']) assert.ok(labels.includes(expected), `${expected} in ${labels.join(' | ')}`);
  });
});

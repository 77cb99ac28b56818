/**
 * The whole chain in a REAL VS Code: the installed extension's browser backend (out/browser.js,
 * playwright-core, Debian Chromium, headless) drives the ChatGPT replica site
 * (test/browser/replicas) whose "model" answers with the replica replies of replicaModel.ts.
 * Playwright drives the workbench: send, see the streamed answer, approve a write, see the file.
 * Skipped until the browser backend exports createBrowserChatModel (src/browser/index.ts).
 * Screenshots: test-artifacts/vscode-ui-replica/.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FrameLocator, Page } from 'playwright-core';
import { missingTools } from '../harness/paths';
import { BROWSER_ENTRY, type ReplicaSiteWorkbench } from '../harness/replicaSiteWorkbench';
import { openReplicaChat, replicaReply } from './replicaChat';

const skipReason = missingTools() || (!existsSync(BROWSER_ENTRY) ? `the browser backend is not built yet (${BROWSER_ENTRY} missing)` : '');

describe('PTK chat UI in real VS Code against a replica site (real browser backend)', { skip: skipReason || undefined, timeout: 420_000 }, () => {
  let workbench: ReplicaSiteWorkbench | undefined;
  let workspaceDir: string;
  let page: Page;

  const chat = (): FrameLocator => workbench!.chat();
  const shot = (name: string) => workbench!.shot(name);

  before(async () => {
    workbench = await openReplicaChat('vscode-ui-replica', { responder: replicaReply });
    ({ page, workspaceDir } = workbench);
  });

  after(async () => {
    await workbench?.stop();
  });

  it('answers through the replica site, streamed', async () => {
    const input = chat().locator('[data-testid="chat-input"]');
    await input.fill('Say hello');
    await input.press('Enter');
    await chat().locator('.message.assistant:not(.streaming)', { hasText: 'five.' }).waitFor({ timeout: 120_000 });
    assert.match((await chat().locator('[data-testid="connection-status"]').getAttribute('title')) ?? '', /Connected/);
    await shot('answered');
  });

  it('approves a write asked for through the replica site', async () => {
    await chat().locator('[data-testid="new-conversation"]').click();
    const input = chat().locator('[data-testid="chat-input"]');
    await input.fill('Please write hello to notes/hello.txt');
    await input.press('Enter');
    const approve = chat().locator('[data-testid="approve"]').first();
    await approve.waitFor({ timeout: 120_000 });
    await approve.click();
    await chat().locator('[data-testid="assistant-message"]', { hasText: 'Done' }).waitFor({ timeout: 120_000 });
    assert.equal(readFileSync(join(workspaceDir, 'notes', 'hello.txt'), 'utf8'), 'Hello from PTK\n');
    await shot('written');
  });

  it('Stop ends the generation on the site, and the next message still works', async () => {
    await chat().locator('[data-testid="new-conversation"]').click();
    // Enter in a view still busy with the last task sends nothing: wait for the new, idle conversation.
    await chat().locator('[data-testid="user-message"]').first().waitFor({ state: 'detached' });
    await chat().locator('body[data-busy="false"]').waitFor({ state: 'attached' });
    const input = chat().locator('[data-testid="chat-input"]');
    await input.fill('Take your time and think');
    await input.press('Enter');
    await chat().locator('.message.assistant.streaming', { hasText: 'Thinking' }).first().waitFor();
    await chat().locator('[data-testid="stop"]').click();
    await chat().locator('[data-testid="notice"]', { hasText: 'Stopped' }).waitFor();
    await shot('stopped');
    await input.fill('Say hello again');
    await input.press('Enter');
    await chat().locator('.message.assistant:not(.streaming)', { hasText: 'five.' }).waitFor({ timeout: 120_000 });
    await shot('after-stop');
  });

  it('PTK: Diagnose Site reports the selectors on the live tab and saves a redacted snapshot', async () => {
    await page.keyboard.press('F1');
    await page.locator('.quick-input-widget input').fill('>PTK: Diagnose Site');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'PTK: Diagnose Site' }).first().waitFor();
    await page.keyboard.press('Enter');
    const report = page.locator('.monaco-editor .view-lines', { hasText: 'PTK: Diagnose Site' }).first();
    await report.waitFor();
    await shot('diagnose-report');
    // A read-only document of its own, not an unsaved Untitled buffer; the demo named as the header names it.
    const tab = page.locator('.tabs-container .tab.active');
    assert.match((await tab.textContent()) ?? '', /demo-.*\.md/, 'the tab names the report');
    assert.doesNotMatch((await tab.getAttribute('class')) ?? '', /\bdirty\b/, 'nothing to save');
    const text = (await report.innerText()).replace(/\u00a0/g, ' ');
    assert.match(text, /composer\*\* \(page\): matched #0/);
    assert.match(text, /state: ready \(signed in\)/);
    assert.match(text, /PTK: Diagnose Site — Demo \(offline\), a ChatGPT-shaped replica/);
    // Markdown editors wrap long lines: the path may span several rendered lines.
    const snapshotPath = /redacted DOM snapshot: (\S+?\.html)/.exec(text.replace(/\n/g, ''))?.[1];
    assert.ok(snapshotPath, 'the report names the snapshot file');
    const snapshot = readFileSync(snapshotPath, 'utf8');
    assert.match(snapshot, /^<!--\n {2}PTK site snapshot\n {2}site: chatgpt/);
    assert.ok(!snapshot.includes('Hello from PTK'), 'the conversation text is redacted');
  });
});

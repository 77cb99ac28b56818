/**
 * The chat's messages in a REAL VS Code (code-server, Chromium) on the ChatGPT replica site: the
 * "working…" row while a task runs, the scroll to the bottom on send, Copy / Edit / Retry on the
 * messages, ArrowUp recalling the last prompt, a sent chip opening its file, Enter on an empty
 * "@terminal:" sending nothing, and a code block's Copy button clear of its code.
 * Screenshots: test-artifacts/vscode-ui-messages/.
 * Run: node --import tsx --test --test-reporter=spec test/vscode/ui/messages.test.ts
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FrameLocator } from 'playwright-core';
import { missingTools, REPOSITORY_ROOT } from '../harness/paths';
import { BROWSER_ENTRY, startReplicaSiteWorkbench, type ReplicaSiteWorkbench } from '../harness/replicaSiteWorkbench';
import { call, createTaskResponder, type ScriptedTask } from './scriptedTasks';

const skipReason = missingTools() || (!existsSync(BROWSER_ENTRY) ? `the browser backend is not built yet (${BROWSER_ENTRY} missing)` : '');

const LONG_ANSWER = Array.from({ length: 40 }, (_line, index) => `Paragraph ${index + 1} of a long answer.`).join('\n\n');
const CODE_ANSWER = 'Here it is:\n\n```ts\nconst firstLineOfCodeThatIsLongEnoughToReachTheCopyButton = 1;\n```';

/** The replies by the request they answer. */
const TASKS: ScriptedTask[] = [
  { ask: 'Long answer', replies: [LONG_ANSWER] },
  { ask: 'Show code', replies: [CODE_ANSWER] },
  { ask: 'Say ', replies: ['Short reply.'] },
  { ask: 'Write a note', replies: [`Writing it.\n${call('write_file', { path: 'notes/note.txt', content: 'A note\n' })}`, 'Note written.'] },
];

describe('Chat messages in real VS Code (replica site)', { skip: skipReason || undefined, timeout: 600_000 }, () => {
  let workbench: ReplicaSiteWorkbench | undefined;

  const chat = (): FrameLocator => workbench!.chat();
  const input = () => chat().locator('[data-testid="chat-input"]');
  const idle = () => chat().locator('body[data-busy="false"]').waitFor({ state: 'attached', timeout: 120_000 });
  const userTexts = () => chat().locator('[data-testid="user-message"]').evaluateAll((elements) => elements.map((element) => element.firstChild?.textContent ?? ''));
  /** Sends once the view is idle and waits for the answer to be complete. */
  const send = async (text: string) => {
    await idle();
    await input().fill(text);
    await input().press('Enter');
    await chat().locator('[data-testid="user-message"]', { hasText: text }).first().waitFor({ timeout: 30_000 });
  };

  before(async () => {
    workbench = await startReplicaSiteWorkbench({
      artifacts: join(REPOSITORY_ROOT, 'test-artifacts', 'vscode-ui-messages'),
      suiteFile: join(__dirname, 'uiSuite.ts'),
      responder: createTaskResponder(TASKS),
    });
    await workbench.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await workbench.openChat();
  });

  after(async () => {
    await workbench?.stop();
  });

  it('a running task shows a working row saying what happens, gone when it ends; the result line is written for people', async () => {
    const working = chat().locator('[data-testid="working"]');
    assert.equal(await working.isVisible(), false, 'no row while nothing runs');
    await send('Write a note to notes/note.txt');
    const card = chat().locator('[data-testid="tool-card"][data-status="awaitingApproval"]');
    await card.waitFor({ timeout: 120_000 });
    await chat().locator('[data-testid="working"]:not([hidden])', { hasText: 'Waiting for your approval…' }).waitFor({ timeout: 10_000 });
    await workbench!.shot('working-approval');
    await card.locator('[data-testid="approve"]').click();
    await chat().locator('.message.assistant:not(.streaming)', { hasText: 'Note written.' }).waitFor({ timeout: 120_000 });
    await idle();
    assert.equal(await working.isVisible(), false, 'the row is gone once the task ended');
    assert.equal(await chat().locator('[data-testid="tool-result"]').last().textContent(), 'Created notes/note.txt (1 line)');
  });

  it('sending scrolls the messages to the bottom, wherever they were scrolled', async () => {
    await send('Long answer one');
    await chat().locator('.message.assistant:not(.streaming)', { hasText: 'Paragraph 40' }).waitFor({ timeout: 120_000 });
    await send('Long answer two');
    await chat().locator('.message.assistant:not(.streaming)', { hasText: 'Paragraph 40' }).nth(1).waitFor({ timeout: 120_000 });
    await idle();
    const messages = chat().locator('[data-testid="messages"]');
    await messages.evaluate((list) => (list.scrollTop = 0));
    assert.ok(await messages.evaluate((list) => list.scrollHeight > list.clientHeight * 2), 'the list is long enough to scroll');
    await input().fill('Say something short');
    await input().press('Enter');
    await chat().locator('[data-testid="user-message"]', { hasText: 'Say something short' }).waitFor({ timeout: 30_000 });
    const gap = await messages.evaluate((list) => list.scrollHeight - list.scrollTop - list.clientHeight);
    assert.ok(gap < 40, `the list shows its end after the send (${gap} px below)`);
    await chat().locator('.message.assistant:not(.streaming)', { hasText: 'Short reply.' }).last().waitFor({ timeout: 120_000 });
    await workbench!.shot('scrolled');
  });

  it('Copy and Edit on a user message; ArrowUp in the empty composer recalls the last prompt', async () => {
    await idle();
    const first = chat().locator('[data-testid="user-message"]').first();
    await first.hover();
    await first.locator('[data-testid="copy-message"]').click();
    /** The clipboard once it holds `expected` (the copy is asynchronous), else what it holds after a while. */
    const clipboard = async (expected: string) => {
      let text = '';
      for (let attempt = 0; attempt < 50 && text !== expected; attempt++) {
        text = await workbench!.page.evaluate(() => navigator.clipboard.readText());
        if (text !== expected) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return text;
    };
    assert.equal(await clipboard('Write a note to notes/note.txt'), 'Write a note to notes/note.txt', 'Copy put the message on the clipboard');
    const answer = chat().locator('[data-testid="assistant-message"]', { hasText: 'Note written.' });
    await answer.hover();
    await answer.locator('[data-testid="copy-message"]').click();
    assert.equal(await clipboard('Note written.'), 'Note written.', "Copy put the answer's text on the clipboard");

    await input().fill('');
    await first.hover();
    await first.locator('[data-testid="edit-message"]').click();
    assert.equal(await input().inputValue(), 'Write a note to notes/note.txt', 'Edit put the message back in the composer');
    await input().fill('Say something short, edited');
    await input().press('Enter');
    await chat().locator('[data-testid="user-message"]', { hasText: 'Say something short, edited' }).waitFor({ timeout: 30_000 });
    await idle();

    await input().fill('');
    await input().press('ArrowUp');
    assert.equal(await input().inputValue(), 'Say something short, edited');
    await input().fill('');
    await workbench!.shot('edited');
  });

  it('Retry is on the last answer only and sends the last message again', async () => {
    await idle();
    const before = await userTexts();
    assert.equal(await chat().locator('[data-testid="retry-message"]').count(), 1, 'one Retry: on the last answer');
    const last = chat().locator('[data-testid="assistant-message"]').last();
    await last.hover();
    await last.locator('[data-testid="retry-message"]').click();
    await chat().locator('[data-testid="user-message"]').nth(before.length).waitFor({ timeout: 30_000 });
    await idle();
    assert.deepEqual(await userTexts(), [...before, before.at(-1)]);
  });

  it('Enter on "@terminal:" with no terminal to choose sends nothing', async () => {
    await idle();
    const before = await userTexts();
    await input().click();
    await input().pressSequentially('@terminal:');
    await chat().locator('[data-testid="mention-list"]:not([hidden])').waitFor({ timeout: 15_000 });
    await chat().locator('[data-testid="mention-list"]', { hasText: /terminal/i }).waitFor({ timeout: 15_000 });
    await input().press('Enter');
    assert.equal(await input().inputValue(), '@terminal:', 'the token stays in the composer');
    // A message sent after it is the next one: nothing went in between.
    await input().fill('Say something short after the token');
    await input().press('Enter');
    await chat().locator('[data-testid="user-message"]', { hasText: 'after the token' }).waitFor({ timeout: 30_000 });
    assert.deepEqual(await userTexts(), [...before, 'Say something short after the token']);
  });

  it('a file chip of a sent message opens its file', async () => {
    await idle();
    const page = workbench!.page;
    await input().click();
    // A text file: opening it starts no language extension.
    await input().pressSequentially('Say hello about @file:README');
    await chat().locator('.mention-option.active', { hasText: 'README.md' }).waitFor({ timeout: 15_000 });
    await input().press('Enter');
    await input().press('Enter');
    const chip = chat().locator('[data-testid="user-message"] [data-testid="mention-chip"]', { hasText: 'README.md' });
    await chip.waitFor({ timeout: 30_000 });
    assert.equal(await page.locator('.tab', { hasText: 'README.md' }).count(), 0, 'the file is not open yet');
    await chip.click();
    await page.locator('.tab.active', { hasText: 'README.md' }).waitFor({ timeout: 60_000 });
    await workbench!.shot('chip-opened');
  });

  it("a code block's Copy button does not cover the code", async () => {
    await send('Show code please');
    const pre = chat().locator('.message.assistant:not(.streaming) pre', { hasText: 'firstLineOfCode' }).last();
    await pre.waitFor({ timeout: 120_000 });
    const button = await pre.locator('.copy-code').boundingBox();
    const code = await pre.locator('code').boundingBox();
    assert.ok(button && code, 'both are shown');
    assert.ok(button.y + button.height <= code.y + 1, `the button (bottom ${button.y + button.height}) ends above the code (top ${code.y})`);
    await workbench!.shot('code-copy');
  });
});

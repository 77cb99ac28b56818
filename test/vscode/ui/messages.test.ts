/**
 * The chat's messages in a REAL VS Code (code-server, Chromium) on the ChatGPT replica site: the
 * header (its tooltip saying it connects when you send) and examples before the first send, the "working…" row while a task runs, the scroll to
 * the bottom on send, Copy ("Copied") / Edit (replacing the later turns) / Retry on the messages,
 * Retry after a reload, a stopped answer kept whole, ArrowUp / ArrowDown walking the sent messages,
 * an edit asking before later turns go (and restoring the files they changed when asked to; a plain
 * Resend taking the removed turns' checkpoints with them), the message being edited marked, a sent chip opening its file, Enter on an empty "@terminal:" sending nothing, a code block's Copy button
 * clear of its code, and both PTK actions on a problem's Quick Fix list.
 * Screenshots: test-artifacts/vscode-ui-messages/.
 * Run: node --import tsx --test --test-reporter=spec test/vscode/ui/messages.test.ts
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FrameLocator, Locator } from 'playwright-core';
import { missingTools, REPOSITORY_ROOT } from '../harness/paths';
import { BROWSER_ENTRY, startReplicaSiteWorkbench, type ReplicaSiteWorkbench } from '../harness/replicaSiteWorkbench';
import { call, createTaskResponder, type ScriptedTask } from './scriptedTasks';

const skipReason = missingTools() || (!existsSync(BROWSER_ENTRY) ? `the browser backend is not built yet (${BROWSER_ENTRY} missing)` : '');

const LONG_ANSWER = Array.from({ length: 40 }, (_line, index) => `Paragraph ${index + 1} of a long answer.`).join('\n\n');
const CODE_ANSWER = 'Here it is:\n\n```ts\nconst firstLineOfCodeThatIsLongEnoughToReachTheCopyButton = 1;\n```';

/** The answer streamed slowly after "Explain slowly" read its file (stopped part way). */
const SLOW_ANSWER = Array.from({ length: 30 }, (_word, index) => `The file declares value number ${index + 1} here.`).join(' ');

/** The replies by the request they answer. */
const TASKS: ScriptedTask[] = [
  { ask: 'Long answer', replies: [LONG_ANSWER] },
  { ask: 'Show code', replies: [CODE_ANSWER] },
  { ask: 'Say ', replies: ['Short reply.'] },
  { ask: 'Explain slowly', replies: [`Reading it.\n${call('read_file', { path: 'src/main.ts' })}`] },
  { ask: 'Write a note', replies: [`Writing it.\n${call('write_file', { path: 'notes/note.txt', content: 'A note\n' })}`, 'Note written.'] },
  { ask: 'Write a todo', replies: [`Writing the todo.\n${call('write_file', { path: 'notes/todo.txt', content: 'A todo\n' })}`, 'Todo written.'] },
  { ask: 'Rewrite the note', replies: [`Rewriting it.\n${call('write_file', { path: 'notes/note.txt', content: 'A rewritten note\n' })}`, 'Note rewritten.'] },
];

const scripted = createTaskResponder(TASKS);

describe('Chat messages in real VS Code (replica site)', { skip: skipReason || undefined, timeout: 600_000 }, () => {
  let workbench: ReplicaSiteWorkbench | undefined;
  /** Every prompt the site received, in order. */
  const sitePrompts: string[] = [];

  const chat = (): FrameLocator => workbench!.chat();
  const input = () => chat().locator('[data-testid="chat-input"]');
  const idle = () => chat().locator('body[data-busy="false"]').waitFor({ state: 'attached', timeout: 120_000 });
  const userTexts = () => chat().locator('[data-testid="user-message"]').evaluateAll((elements) => elements.map((element) => element.firstChild?.textContent ?? ''));
  /** Sends once the view is idle and waits for the answer to be complete. */
  const send = async (text: string) => {
    await idle();
    await input().fill(text);
    await input().press('Enter');
    await chat().locator('[data-testid="user-message"]', { hasText: text }).first().waitFor();
  };

  /** Retry on the last answer: the last of the messages `before` is sent again, once. */
  const retryLast = async (before: string[]) => {
    const last = chat().locator('[data-testid="assistant-message"]').last();
    await last.hover();
    await last.locator('[data-testid="retry-message"]').click();
    await chat().locator('[data-testid="user-message"]').nth(before.length).waitFor();
    await idle();
    assert.deepEqual(await userTexts(), [...before, before.at(-1)]);
  };

  before(async () => {
    workbench = await startReplicaSiteWorkbench({
      artifacts: join(REPOSITORY_ROOT, 'test-artifacts', 'vscode-ui-messages'),
      suiteFile: join(__dirname, 'uiSuite.ts'),
      responder: (prompt, earlier) => {
        sitePrompts.push(prompt);
        // The turn after "Explain slowly" read its file: a slow answer, to stop part way.
        if (prompt.includes('TOOL_RESULT') && earlier.at(-1)?.prompt.includes('Explain slowly')) return { reply: SLOW_ANSWER, tokenMs: 60 };
        return scripted(prompt);
      },
    });
    await workbench.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await workbench.openChat();
  });

  after(async () => {
    await workbench?.stop();
  });

  it('before the first send: the header names the demo (its tooltip: it connects when you send); the examples name this workspace', async () => {
    const status = chat().locator('[data-testid="connection-status"][data-status="disconnected"]');
    await status.waitFor();
    assert.equal(await chat().locator('[data-testid="header-chooseSite"]').count(), 0, 'no "Connect" button as if something were wrong');
    assert.equal(await status.textContent(), "Demo (offline) · site's model");
    assert.match((await status.getAttribute('title')) ?? '', /connects when you send/);
    await workbench!.page.locator('.statusbar', { hasText: 'PTK: Demo (offline)' }).waitFor();
    const examples = chat().locator('[data-testid="example-prompt"]');
    await examples.first().waitFor();
    assert.equal(await examples.first().textContent(), 'Explain src/main.ts');
    assert.equal(await examples.last().textContent(), 'Write a test for src/greeting.ts');
    await workbench!.shot('empty-state');
  });

  it('a running task shows a working row saying what happens, gone when it ends; the result line is written for people', async () => {
    const working = chat().locator('[data-testid="working"]');
    assert.equal(await working.isVisible(), false, 'no row while nothing runs');
    await send('Write a note to notes/note.txt');
    const card = chat().locator('[data-testid="tool-card"][data-status="awaitingApproval"]');
    await card.waitFor({ timeout: 120_000 });
    await chat().locator('[data-testid="working"]:not([hidden])', { hasText: 'Waiting for your approval…' }).waitFor();
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
    await chat().locator('[data-testid="user-message"]', { hasText: 'Say something short' }).waitFor();
    const gap = await messages.evaluate((list) => list.scrollHeight - list.scrollTop - list.clientHeight);
    assert.ok(gap < 40, `the list shows its end after the send (${gap} px below)`);
    await chat().locator('.message.assistant:not(.streaming)', { hasText: 'Short reply.' }).last().waitFor({ timeout: 120_000 });
    await workbench!.shot('scrolled');
  });

  it('Copy and Edit on a user message (asking before later turns go); ArrowUp / ArrowDown walk the sent messages', async () => {
    await idle();
    const first = chat().locator('[data-testid="user-message"]').first();
    await first.hover();
    await first.locator('[data-testid="copy-message"]').click();
    // The button says so once the clipboard holds the text.
    await first.locator('[data-testid="copy-message"][data-label="Copied"]').waitFor();
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

    // Edit shows the editing state; Esc gives back the draft the composer held.
    await input().fill('a draft of mine');
    await first.hover();
    await first.locator('[data-testid="edit-message"]').click();
    assert.equal(await input().inputValue(), 'Write a note to notes/note.txt', 'Edit put the message back in the composer');
    await chat().locator('[data-testid="editing"]:not([hidden])', { hasText: 'Editing — Esc to cancel' }).waitFor();
    // The message being edited is marked where it stands: outlined, and saying so (to a screen reader too).
    const mark = first.locator('[data-testid="editing-mark"]');
    await mark.waitFor({ state: 'visible' });
    assert.equal(await mark.textContent(), 'Editing this message');
    assert.equal(await first.getAttribute('aria-current'), 'true');
    assert.notEqual(await first.evaluate((element) => getComputedStyle(element).outlineStyle), 'none', 'outlined');
    assert.equal(await chat().locator('[data-testid="editing-mark"]').count(), 1, 'only that message');
    await workbench!.shot('editing');
    await input().press('Escape');
    assert.equal(await input().inputValue(), 'a draft of mine', 'Esc restored the draft');
    assert.equal(await chat().locator('[data-testid="editing"]').isVisible(), false, 'no longer editing');
    assert.equal(await chat().locator('[data-testid="editing-mark"]').count(), 0, 'Esc cleared the mark');
    assert.equal(await first.getAttribute('aria-current'), null);

    // ArrowUp / ArrowDown walk through the messages sent, as in a terminal; Esc gives the draft back.
    const sent = await userTexts();
    assert.ok(sent.length > 1, 'there are later turns to replace');
    await input().fill('draft before history');
    await input().press('ArrowUp');
    assert.equal(await input().inputValue(), sent.at(-1));
    await input().press('ArrowUp');
    assert.equal(await input().inputValue(), sent.at(-2), 'a second ArrowUp goes one message further back');
    await input().press('ArrowDown');
    assert.equal(await input().inputValue(), sent.at(-1));
    await input().press('ArrowDown');
    assert.equal(await input().inputValue(), 'draft before history', 'past the newest: the draft');
    await input().press('ArrowUp');
    await input().press('Escape');
    assert.equal(await input().inputValue(), 'draft before history', 'Esc left the history with the draft');

    // Sending the edit replaces the message and every turn after it, for the view and for the model,
    // once the user agrees in VS Code's modal dialog; Cancel keeps every turn and the edit.
    await input().fill('');
    await first.hover();
    await first.locator('[data-testid="edit-message"]').click();
    await input().fill('Say something short, edited');
    const promptsBefore = sitePrompts.length;
    await input().press('Enter');
    const resendQuestion = workbench!.page.locator('.monaco-dialog-box', { hasText: `The ${sent.length - 1} later turns are removed from this conversation` });
    await resendQuestion.waitFor();
    assert.match((await resendQuestion.textContent()) ?? '', /Resend your edit of the message “Write a note to notes\/note\.txt”\?/, 'the dialog names the message it resends');
    // While the user chooses, the view still shows what is being edited, and the edit itself.
    assert.equal(await first.locator('[data-testid="editing-mark"]').isVisible(), true, 'the mark stays while the dialog is open');
    assert.equal(await input().inputValue(), 'Say something short, edited', 'the edit stays in the composer while the dialog is open');
    await workbench!.shot('resend-question');
    await resendQuestion.locator('.monaco-button', { hasText: /^Cancel$/ }).click();
    await resendQuestion.waitFor({ state: 'detached' });
    await chat().locator('[data-testid="editing"]:not([hidden])').waitFor();
    await first.locator('[data-testid="editing-mark"]').waitFor({ state: 'visible' });
    assert.equal(await input().inputValue(), 'Say something short, edited', 'Cancel kept the edit in the composer');
    assert.deepEqual(await userTexts(), sent, 'Cancel kept every turn');
    await input().press('Enter');
    await resendQuestion.locator('.monaco-button', { hasText: /^Resend$/ }).click();
    await chat().locator('[data-testid="user-message"]', { hasText: 'Say something short, edited' }).waitFor();
    await idle();
    assert.deepEqual(await userTexts(), ['Say something short, edited']);
    assert.equal(await chat().locator('[data-testid="editing-mark"]').count(), 0, 'sent: no message is marked as being edited');
    assert.equal(await chat().locator('[data-testid="editing"]').isVisible(), false, 'sent: the composer is no longer editing');
    assert.equal(await input().inputValue(), '', 'sent: the composer is empty');
    assert.deepEqual(await chat().locator('[data-testid="assistant-message"]').evaluateAll((elements) => elements.map((element) => element.textContent?.includes('Short reply.'))), [true]);
    const resent = sitePrompts.slice(promptsBefore).join('\n');
    assert.match(resent, /Say something short, edited/);
    assert.doesNotMatch(resent, /Long answer one|Write a note/, 'the model is not given the removed turns');

    await input().fill('');
    await input().press('ArrowUp');
    assert.equal(await input().inputValue(), 'Say something short, edited');
    await input().fill('');
    await workbench!.shot('edited');
  });

  it('Edit → "Restore files and resend": a later task\'s file goes back to its earlier content, then the edited message is sent', async () => {
    const note = join(workbench!.workspaceDir, 'notes', 'note.txt');
    assert.equal(readFileSync(note, 'utf8'), 'A note\n', 'Resend left the note the removed turns wrote');
    await send('Say hello first');
    await idle();
    await send('Rewrite the note');
    const card = chat().locator('[data-testid="tool-card"][data-status="awaitingApproval"]');
    await card.waitFor({ timeout: 120_000 });
    await card.locator('[data-testid="approve"]').click();
    await chat().locator('.message.assistant:not(.streaming)', { hasText: 'Note rewritten.' }).waitFor({ timeout: 120_000 });
    await idle();
    assert.equal(readFileSync(note, 'utf8'), 'A rewritten note\n');
    const before = await userTexts();

    const earlier = chat().locator('[data-testid="user-message"]', { hasText: 'Say hello first' });
    await earlier.hover();
    await earlier.locator('[data-testid="edit-message"]').click();
    await input().fill('Say hello first, edited');
    await input().press('Enter');
    const question = workbench!.page.locator('.monaco-dialog-box', { hasText: 'The later turn is removed from this conversation' });
    await question.waitFor();
    assert.equal(await question.locator('.monaco-button', { hasText: /^Resend$/ }).count(), 1, 'Resend (files stay) is still offered');
    await workbench!.shot('resend-restore-question');
    assert.equal(await earlier.locator('[data-testid="editing-mark"]').isVisible(), true, 'the mark stays while the dialog is open');
    assert.equal(await input().inputValue(), 'Say hello first, edited', 'the edit stays while the dialog is open');
    await question.locator('.monaco-button', { hasText: /^Restore files and resend$/ }).click();
    await chat().locator('[data-testid="user-message"]', { hasText: 'Say hello first, edited' }).waitFor();
    await idle();
    assert.equal(await input().inputValue(), '', 'resent: the composer is empty');
    assert.equal(readFileSync(note, 'utf8'), 'A note\n', 'the note is back to its content before the edited message');
    assert.deepEqual(await userTexts(), [...before.slice(0, -2), 'Say hello first, edited']);
    await chat().locator('[data-testid="notice"], .notice', { hasText: 'Restored 1 file to its state before' }).first().waitFor();
  });

  it('after a Resend removed a turn that changed a file, "Restore checkpoint" on an earlier turn lists only what the conversation now changed', async () => {
    const note = join(workbench!.workspaceDir, 'notes', 'note.txt');
    const approveAndWait = async (answer: string) => {
      const card = chat().locator('[data-testid="tool-card"][data-status="awaitingApproval"]');
      await card.waitFor({ timeout: 120_000 });
      await card.locator('[data-testid="approve"]').click();
      await chat().locator('.message.assistant:not(.streaming)', { hasText: answer }).last().waitFor({ timeout: 120_000 });
      await idle();
    };
    await send('Write a todo to notes/todo.txt');
    await approveAndWait('Todo written.');
    await send('Rewrite the note');
    await approveAndWait('Note rewritten.');
    assert.equal(readFileSync(note, 'utf8'), 'A rewritten note\n');
    // The last message edited into one that changes nothing: no later turn to ask about; its own turn goes, the file stays.
    const last = chat().locator('[data-testid="user-message"]', { hasText: 'Rewrite the note' });
    await last.hover();
    await last.locator('[data-testid="edit-message"]').click();
    await input().fill('Say the note can stay');
    await input().press('Enter');
    await chat().locator('[data-testid="user-message"]', { hasText: 'Say the note can stay' }).waitFor();
    await idle();
    assert.equal(await chat().locator('[data-testid="user-message"]', { hasText: 'Rewrite the note' }).count(), 0, 'the edited message is replaced');
    assert.equal(readFileSync(note, 'utf8'), 'A rewritten note\n', 'Resend kept the file');

    // The todo's checkpoint is the conversation's only one now: its dialog offers the todo, not the note only the removed turn changed.
    const checkpoints = chat().locator('[data-testid="checkpoint"]');
    assert.equal(await checkpoints.count(), 1);
    await checkpoints.first().locator('[data-testid="restore-checkpoint"]').click();
    const dialog = workbench!.page.locator('.monaco-dialog-box', { hasText: 'Restore files to before' });
    await dialog.waitFor();
    const offered = (await dialog.textContent()) ?? '';
    await workbench!.shot('restore-after-resend');
    await dialog.locator('.monaco-button', { hasText: /^Cancel$/ }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.match(offered, /notes\/todo\.txt: deleted/);
    assert.doesNotMatch(offered, /notes\/note\.txt/, 'the note only the removed turn changed is not offered');
    assert.equal(readFileSync(note, 'utf8'), 'A rewritten note\n', 'Cancel restored nothing');
  });

  it('the last answer shows Copy and Retry without hover; Tab reaches an earlier message\'s buttons, which then show', async () => {
    // A second answer, so the first is an earlier one.
    await send('Say it once more');
    await idle();
    await input().focus();
    // The pointer is away from the messages (over the editor area).
    await workbench!.page.mouse.move(900, 300);
    const shown = (bar: Locator) => bar.evaluate((element) => getComputedStyle(element).opacity);
    const lastBar = chat().locator('[data-testid="assistant-message"]').last().locator('.message-actions');
    await lastBar.locator('[data-testid="retry-message"]').waitFor();
    assert.equal(await shown(lastBar), '1', "the last answer's actions show without hover");
    const answers = chat().locator('[data-testid="assistant-message"]');
    const earlier = answers.nth((await answers.count()) - 2);
    const earlierBar = earlier.locator('.message-actions');
    assert.equal(await shown(earlierBar), '0', "an earlier answer's actions wait for hover or focus");
    // A click on its text puts the keyboard's starting point there (nothing focusable is in it); Tab goes on to its Copy.
    await earlier.locator('p').last().click();
    await workbench!.page.mouse.move(900, 300);
    await workbench!.page.keyboard.press('Tab');
    assert.equal(await earlierBar.locator('[data-testid="copy-message"]').evaluate((button) => button === button.ownerDocument.activeElement), true, 'Tab reaches Copy');
    assert.equal(await shown(earlierBar), '1', 'the focused bar shows');
    await workbench!.shot('actions-without-hover');
  });

  it('Retry is on the last answer only and sends the last message again', async () => {
    await idle();
    const before = await userTexts();
    assert.equal(await chat().locator('[data-testid="retry-message"]').count(), 1, 'one Retry: on the last answer');
    await retryLast(before);
  });

  it('Retry works after a window reload (the conversation restored from the store)', async () => {
    await idle();
    const before = await userTexts();
    await workbench!.reloadWindow();
    await workbench!.openChat();
    await chat().locator('[data-testid="user-message"]').nth(before.length - 1).waitFor();
    await retryLast(before);
  });

  it('Stop part way through an answer keeps it in one bubble, marked stopped, and saved so', async () => {
    await send('Explain slowly src/main.ts');
    await chat().locator('[data-testid="tool-card"][data-tool="read_file"][data-status="succeeded"]').last().waitFor({ timeout: 120_000 });
    const streaming = chat().locator('.message.assistant.streaming', { hasText: 'number 2 here' });
    await streaming.waitFor({ timeout: 120_000 });
    await chat().locator('[data-testid="stop"]').click();
    await chat().locator('[data-testid="notice"]', { hasText: 'Stopped' }).last().waitFor();
    await idle();
    /** The answers after the last read_file card: one, stopped, a beginning of the site's answer. */
    const answersAfterCard = () =>
      chat().locator('[data-testid="messages"]').evaluate((list) => {
        const items = [...list.children];
        const card = items.map((item) => (item as HTMLElement).dataset.tool).lastIndexOf('read_file');
        return items.slice(card + 1).filter((item) => item.classList.contains('assistant')).map((item) => ({ stopped: item.classList.contains('stopped'), text: (item.textContent ?? '').trim() }));
      });
    const answers = await answersAfterCard();
    assert.equal(answers.length, 1, `one bubble: ${JSON.stringify(answers)}`);
    assert.equal(answers[0]!.stopped, true, 'marked stopped');
    assert.ok(SLOW_ANSWER.startsWith(answers[0]!.text.slice(0, 40)), `the site's answer, from its start: ${answers[0]!.text}`);
    await workbench!.shot('stopped');
    await workbench!.reloadWindow();
    await workbench!.openChat();
    await chat().locator('[data-testid="notice"]', { hasText: 'Stopped' }).last().waitFor();
    assert.deepEqual(await answersAfterCard(), answers, 'saved and restored the same');
  });

  it('Stop, then Retry: only the stopped turn offers Retry, and it sends that turn\'s question again in its place', async () => {
    await send('Explain slowly src/main.ts');
    await chat().locator('[data-testid="stop"]').click();
    await chat().locator('[data-testid="notice"]', { hasText: 'Stopped' }).last().waitFor();
    await idle();
    const retry = chat().locator('[data-testid="retry-message"]');
    assert.equal(await retry.count(), 1, 'one Retry');
    // It sits in the stopped turn (its answer or its "Stopped." notice), not under an earlier answer.
    const inLastTurn = await chat().locator('[data-testid="messages"]').evaluate((list) => {
      const items = [...list.children];
      const lastUser = items.map((item) => (item as HTMLElement).dataset.testid).lastIndexOf('user-message');
      return items.findIndex((item) => item.querySelector('[data-testid="retry-message"]')) > lastUser;
    });
    assert.ok(inLastTurn, 'Retry belongs to the stopped turn');
    const before = await userTexts();
    const stopped = await chat().locator('[data-testid="notice"]', { hasText: 'Stopped' }).count();
    await retry.click();
    // It takes the stopped turn's place: that turn's "Stopped." notice goes, the question shows once.
    await chat().locator('[data-testid="notice"]', { hasText: 'Stopped' }).nth(stopped - 1).waitFor({ state: 'detached' });
    await chat().locator('[data-testid="stop"]').click();
    await idle();
    assert.deepEqual(await userTexts(), before, 'the stopped question, sent again in its place');
  });

  it('Enter on "@terminal:" with no terminal to choose sends nothing', async () => {
    await idle();
    const before = await userTexts();
    await input().click();
    await input().pressSequentially('@terminal:');
    await chat().locator('[data-testid="mention-list"]:not([hidden])').waitFor();
    await chat().locator('[data-testid="mention-list"]', { hasText: /terminal/i }).waitFor();
    await input().press('Enter');
    assert.equal(await input().inputValue(), '@terminal:', 'the token stays in the composer');
    // A message sent after it is the next one: nothing went in between.
    await input().fill('Say something short after the token');
    await input().press('Enter');
    await chat().locator('[data-testid="user-message"]', { hasText: 'after the token' }).waitFor();
    assert.deepEqual(await userTexts(), [...before, 'Say something short after the token']);
  });

  it('a file chip of a sent message opens its file', async () => {
    await idle();
    const page = workbench!.page;
    await input().click();
    // A text file: opening it starts no language extension.
    await input().pressSequentially('Say hello about @file:README');
    await chat().locator('.mention-option.active', { hasText: 'README.md' }).waitFor();
    await input().press('Enter');
    await input().press('Enter');
    const chip = chat().locator('[data-testid="user-message"] [data-testid="mention-chip"]', { hasText: 'README.md' });
    await chip.waitFor();
    assert.equal(await page.locator('.tab', { hasText: 'README.md' }).count(), 0, 'the file is not open yet');
    await chip.click();
    await page.locator('.tab.active', { hasText: 'README.md' }).waitFor();
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

  it('Ctrl+. on a problem lists both "Fix with PTK" and "Explain with PTK"; the empty chat then offers to fix that file', async () => {
    const page = workbench!.page;
    await page.keyboard.press('Control+P');
    await workbench!.pickInQuickInput('broken.json', 'broken.json');
    await page.locator('.monaco-editor .squiggly-error').first().waitFor();
    await page.locator('.tab.active', { hasText: 'broken.json' }).waitFor();
    // F8 puts the cursor on the problem (Go to Next Problem); Escape closes its peek, the cursor stays.
    await page.locator('.monaco-editor .view-line', { hasText: '"name"' }).last().click();
    await page.keyboard.press('F8');
    await page.locator('.marker-widget').first().waitFor();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+.');
    await page.locator('.action-widget .monaco-list-row', { hasText: 'Fix with PTK' }).first().waitFor();
    await page.locator('.action-widget .monaco-list-row', { hasText: 'Explain with PTK' }).first().waitFor();
    await workbench!.shot('quick-fix-list');
    await page.keyboard.press('Escape');
    await chat().locator('[data-testid="new-conversation"]').click();
    await chat().locator('[data-testid="example-prompt"]', { hasText: 'Fix the problems VS Code reports in config/broken.json' }).waitFor();
  });
});

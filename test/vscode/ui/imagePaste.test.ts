/**
 * Images in the chat input, in a REAL VS Code, through the ChatGPT replica site driven by the
 * extension's real browser backend: a PNG (a Playwright screenshot) is pasted into the chat
 * input as the clipboard would paste it, shows as a chip, is sent with the message, and the
 * replica site receives the very bytes through its file input before it receives the prompt.
 * The user message in the transcript shows the image; the follow-up, a new chat on the site,
 * carries the image again.
 * An image pasted before the view is hidden (its page is dropped) is still in the draft when the
 * view is shown again, and is sent.
 * Screenshots: test-artifacts/vscode-ui-image-paste/.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { missingTools, REPOSITORY_ROOT } from '../harness/paths';
import { BROWSER_ENTRY, startReplicaSiteWorkbench, type ReplicaSiteWorkbench } from '../harness/replicaSiteWorkbench';

const skipReason = missingTools() || (!existsSync(BROWSER_ENTRY) ? `the browser backend is not built yet (${BROWSER_ENTRY} missing)` : '');

describe('an image pasted into the chat input reaches the site (real VS Code, replica site)', { skip: skipReason || undefined, timeout: 300_000 }, () => {
  let workbench: ReplicaSiteWorkbench | undefined;
  const chat = () => workbench!.chat();
  const input = () => chat().locator('[data-testid="chat-input"]');
  /** Pastes a PNG file into the chat input as the clipboard pastes one: the file, no text. */
  const pastePng = async (name: string, png: Buffer) => {
    await input().click();
    await input().evaluate((element, [fileName, bytes]) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes as number[])], fileName as string, { type: 'image/png' }));
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }));
    }, [name, [...png]] as const);
  };

  before(async () => {
    workbench = await startReplicaSiteWorkbench({
      artifacts: join(REPOSITORY_ROOT, 'test-artifacts', 'vscode-ui-image-paste'),
      suiteFile: join(__dirname, 'uiSuite.ts'),
      responder: (prompt) => (prompt.includes('And the colours?') ? 'Mostly grey and blue.' : 'It is a small screenshot of the editor.'),
    });
    await workbench.openChat();
  });

  after(async () => {
    await workbench?.stop();
  });

  it('paste → chip → send: the site gets the PNG through its file input, then the prompt; the transcript shows the image', async () => {
    const replica = workbench!.replica;
    const png = await workbench!.page.screenshot({ clip: { x: 0, y: 0, width: 48, height: 32 } });
    assert.equal(png.subarray(1, 4).toString('latin1'), 'PNG');

    // What the clipboard gives a paste of a screenshot: one file named image.png, no text.
    await pastePng('image.png', png);
    const chip = chat().locator('[data-testid="composer-attachment"]');
    await chip.waitFor();
    assert.equal(await chip.count(), 1);
    assert.equal(await chip.locator('.attachment-name').textContent(), 'pasted-image-1.png');
    assert.equal(await input().inputValue(), '', 'a bare image pastes no text');
    await workbench!.shot('chip');

    await input().fill('What does this image show?');
    await input().press('Enter');
    await chat().locator('.message.assistant:not(.streaming)', { hasText: 'small screenshot' }).waitFor({ timeout: 120_000 });
    await workbench!.shot('answered');

    assert.equal(replica.uploads.length, 1, 'one upload');
    const [upload] = replica.uploads;
    assert.equal(upload.name, 'pasted-image-1.png');
    assert.equal(upload.mimeType, 'image/png');
    assert.equal(upload.status, 'accepted');
    assert.ok(upload.data.equals(png), 'the bytes pasted are the bytes the site received');
    const submission = replica.submissions.find((candidate) => candidate.text.includes('What does this image show?'));
    assert.ok(submission, 'the prompt reached the site');
    assert.deepEqual(submission.attachments, ['pasted-image-1.png'], 'the message carried the upload');
    assert.ok(upload.sequence < submission.sequence, 'the image was uploaded before the prompt was sent');

    const shown = chat().locator('[data-testid="user-message"]', { hasText: 'What does this image show?' }).locator('[data-testid="message-attachment"]');
    assert.equal(await shown.count(), 1);
    assert.equal(await shown.locator('.attachment-name').textContent(), 'pasted-image-1.png');
    assert.match((await shown.locator('img').getAttribute('src')) ?? '', /^data:image\/png;base64,/);
    assert.equal(await chat().locator('[data-testid="composer-attachment"]').count(), 0, 'the composer is empty again');

    // The follow-up is a new task, so a new chat on the site: the image goes up with it again,
    // or the model could not see what "the colours" are about. The follow-up shows no image of its own.
    await input().fill('And the colours?');
    await input().press('Enter');
    await chat().locator('.message.assistant:not(.streaming)', { hasText: 'grey and blue' }).waitFor({ timeout: 120_000 });
    assert.equal(replica.uploads.length, 2);
    assert.ok(replica.uploads[1]!.data.equals(png), 'the same bytes again');
    assert.deepEqual(replica.submissions.at(-1)?.attachments, ['pasted-image-1.png']);
    assert.equal(await chat().locator('[data-testid="user-message"]', { hasText: 'And the colours?' }).locator('[data-testid="message-attachment"]').count(), 0);
  });

  it('an image pasted, then the view hidden and shown again (its page recreated), is still in the draft and is sent', async () => {
    const replica = workbench!.replica;
    const png = await workbench!.page.screenshot({ clip: { x: 0, y: 0, width: 40, height: 24 } });
    await pastePng('diagram.png', png);
    await chat().locator('[data-testid="composer-attachment"]', { hasText: 'diagram.png' }).waitFor();
    await input().fill('Is this diagram readable?');
    // Marks this page: a page recreated after the view was hidden does not have the mark.
    await input().evaluate(() => ((window as unknown as { ptkTestMark?: boolean }).ptkTestMark = true));

    await workbench!.page.keyboard.press('F1');
    await workbench!.pickInQuickInput('>View: Show Explorer', 'View: Show Explorer');
    await workbench!.page.locator('.explorer-folders-view, .explorer-viewlet').first().waitFor();
    await workbench!.openChat();
    assert.equal(await input().evaluate(() => (window as unknown as { ptkTestMark?: boolean }).ptkTestMark ?? false), false, 'the view\'s page was recreated');
    const chip = chat().locator('[data-testid="composer-attachment"]');
    await chip.first().waitFor();
    assert.deepEqual(await chip.locator('.attachment-name').allTextContents(), ['diagram.png']);
    assert.equal(await input().inputValue(), 'Is this diagram readable?', 'the text of the draft is kept too');
    await workbench!.shot('draft-kept');

    await input().press('Enter');
    await chat().locator('.message.assistant:not(.streaming)').nth(2).waitFor({ timeout: 120_000 });
    const upload = replica.uploads.find((candidate) => candidate.name === 'diagram.png');
    assert.ok(upload?.data.equals(png), 'the site received the bytes that were pasted before the view was hidden');
    // The conversation's earlier image goes along into the new chat, before this message's own.
    assert.deepEqual(replica.submissions.find((candidate) => candidate.text.includes('Is this diagram readable?'))?.attachments, ['pasted-image-1.png', 'diagram.png']);
  });
});

/**
 * The web tools in a REAL VS Code, through the ChatGPT replica site driven by the extension's real
 * browser backend: `@http://…` typed in the chat input becomes a url chip, and the page (built by
 * JavaScript on a local dev server) reaches the site as a context block of the message; a task
 * whose model calls `browser` on the dev page gets its console error and broken image back, and
 * the screenshot reaches the site as an upload with the next turn. The tools' pages open in PTK's
 * own headless Chromium, started by the extension.
 * Screenshots: test-artifacts/vscode-ui-web-tools/.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startDevServer, type DevServer } from '../../browser/devServer';
import { missingTools, REPOSITORY_ROOT } from '../harness/paths';
import { startReplicaSiteWorkbench, type ReplicaSiteWorkbench } from '../harness/replicaSiteWorkbench';

const PNG_SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

describe('the web tools in real VS Code, through the replica site', { skip: missingTools() || undefined, timeout: 300_000 }, () => {
  let workbench: ReplicaSiteWorkbench | undefined;
  let dev: DevServer | undefined;
  const prompts: string[] = [];
  const chat = () => workbench!.chat();
  const input = () => chat().locator('[data-testid="chat-input"]');

  before(async () => {
    dev = await startDevServer();
    workbench = await startReplicaSiteWorkbench({
      artifacts: join(REPOSITORY_ROOT, 'test-artifacts', 'vscode-ui-web-tools'),
      suiteFile: join(__dirname, 'uiSuite.ts'),
      responder: (prompt) => {
        prompts.push(prompt);
        const result = /TOOL_RESULT:\s*(\{[\s\S]*\})\s*$/.exec(prompt.trim());
        if (result) {
          const parsed = JSON.parse(result[1]!) as { success: boolean; data: any; error: string | null };
          if (!parsed.success) return `The browser failed: ${parsed.error}`;
          return `Page checked. Console: ${parsed.data.consoleErrors.join(' | ')}. Failed: ${parsed.data.failedRequests.map((failed: any) => `${failed.url} ${failed.reason}`).join(' | ')}.`;
        }
        if (prompt.includes('Check my dev page')) return `<TOOL_CALL>${JSON.stringify({ tool: 'browser', args: { action: 'open', url: dev!.url } })}</TOOL_CALL>`;
        return 'Summary: the guide has two steps.';
      },
    });
    await workbench.openChat();
  });

  after(async () => {
    await workbench?.stop();
    await dev?.close();
  });

  it('"@http://…" becomes a url chip; the JS-built page reaches the site with the message', async () => {
    const address = `${dev!.url}spa`;
    await input().click();
    await input().pressSequentially(`Summarise this guide @${address}`);
    await chat().locator('.mention-option.active', { hasText: address }).waitFor();
    await workbench!.shot('url-row');
    await input().press('Enter');
    await chat().locator('[data-testid="composer-mentions"] [data-testid="mention-chip"][data-kind="url"]', { hasText: address }).waitFor();
    assert.equal(await input().inputValue(), 'Summarise this guide ');
    await input().press('Enter');
    await chat().locator('.message.assistant:not(.streaming)', { hasText: 'Summary: the guide has two steps.' }).waitFor({ timeout: 120_000 });
    const prompt = prompts.filter((text) => text.includes('Summarise this guide')).at(-1) ?? '';
    assert.match(prompt, new RegExp(`<context kind="url" url="${address}" title="Getting started">\\n# Getting started\\n\\n- Install the CLI\\n- Run the dev server`));
    // The chat says the page was read: fetch_url's card of the task, with what was attached.
    const card = chat().locator('[data-testid="tool-card"]', { hasText: 'fetch_url' }).last();
    await card.locator('text=/Attached to the message: “Getting started”, [\\d,]+ characters/').waitFor();
    await workbench!.shot('url-sent');
  });

  it('the model\'s browser call reads the dev page\'s console error and broken image; the screenshot goes up to the site', async () => {
    const uploadsBefore = workbench!.replica.uploads.length;
    await input().click();
    await input().pressSequentially('Check my dev page');
    await input().press('Enter');
    const answer = chat().locator('.message.assistant:not(.streaming)', { hasText: 'Page checked.' });
    await answer.waitFor({ timeout: 120_000 });
    const text = (await answer.textContent()) ?? '';
    assert.match(text, /boom: the dev page failed to load its config/);
    assert.match(text, /missing\.png 404 Not Found/);
    const uploads = workbench!.replica.uploads.slice(uploadsBefore);
    assert.equal(uploads.length, 1);
    assert.equal(uploads[0]!.name, 'browser-1.png');
    assert.deepEqual([...uploads[0]!.data.subarray(0, 8)], PNG_SIGNATURE);
    const carrying = workbench!.replica.submissions.find((submission) => submission.attachments.includes('browser-1.png'));
    assert.ok(carrying, 'a turn went with the screenshot');
    assert.match(carrying.text, /TOOL_RESULT/);
    await workbench!.shot('browser-tool');
  });
});

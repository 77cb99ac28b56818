/**
 * Context mentions in a REAL VS Code, through the ChatGPT replica site driven by the extension's
 * real browser backend: type `@` in the chat input, choose "file" and then a file with the
 * keyboard, send, and find the file's text in the prompt the site received; then "PTK: Add
 * Selection to Chat" on an editor selection puts a chip in the input, and the next prompt
 * carries those lines while the earlier file is only named, not sent again; "@changes" sends the
 * working tree's uncommitted diff without the protected .env.
 * Screenshots: test-artifacts/vscode-ui-mentions/.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { missingTools, REPOSITORY_ROOT } from '../harness/paths';
import { startReplicaSiteWorkbench, type ReplicaSiteWorkbench } from '../harness/replicaSiteWorkbench';
import { chooseReply, siteTranscript } from './replicaModel';

/** A line of src/greeting.ts in the sample workspace. */
const GREETING_BODY = 'return `Hello, ${name}`.repeat(times);';
/** The uncommitted change `@changes` must carry, and a secret in a protected file it must not. */
const UNCOMMITTED_LINE = '- an uncommitted line for the changes mention';
const SECRET = 'API_TOKEN=changed-secret-value';

/** Makes the workspace a git repository with one commit, then changes a file and a protected .env after it. */
function commitThenChange(workspaceDir: string): void {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: workspaceDir, stdio: 'pipe' });
  writeFileSync(join(workspaceDir, '.env'), 'API_TOKEN=committed\n');
  git('init', '-q');
  git('-c', 'user.email=test@example.invalid', '-c', 'user.name=PTK test', '-c', 'commit.gpgsign=false', 'add', '-A');
  git('-c', 'user.email=test@example.invalid', '-c', 'user.name=PTK test', '-c', 'commit.gpgsign=false', 'commit', '-q', '-m', 'fixture');
  appendFileSync(join(workspaceDir, 'notes', 'todo.md'), `${UNCOMMITTED_LINE}\n`);
  writeFileSync(join(workspaceDir, '.env'), `${SECRET}\n`);
  // The working tree's own diff has the secret: leaving it out is the mention's doing.
  assert.ok(git('diff').toString().includes(SECRET));
}

describe('context mentions in real VS Code, through the replica site', { skip: missingTools() || undefined, timeout: 300_000 }, () => {
  let workbench: ReplicaSiteWorkbench | undefined;
  const prompts: string[] = [];
  const chat = () => workbench!.chat();
  const input = () => chat().locator('[data-testid="chat-input"]');
  const promptWith = (text: string) => prompts.filter((prompt) => prompt.includes(text)).at(-1) ?? '';

  before(async () => {
    workbench = await startReplicaSiteWorkbench({
      artifacts: join(REPOSITORY_ROOT, 'test-artifacts', 'vscode-ui-mentions'),
      suiteFile: join(__dirname, 'uiSuite.ts'),
      prepareWorkspace: commitThenChange,
      responder: (prompt, earlier) => {
        prompts.push(prompt);
        return chooseReply(siteTranscript(earlier, prompt)).text;
      },
    });
    await workbench.openChat();
  });

  after(async () => {
    await workbench?.stop();
  });

  it('"@" → file → a file chosen with the keyboard; its text reaches the site with the message', async () => {
    await input().click();
    await input().pressSequentially('Say hello about @');
    await chat().locator('.mention-option.active', { hasText: 'file' }).waitFor();
    await workbench!.shot('kinds');
    await input().press('Enter');
    assert.equal(await input().inputValue(), 'Say hello about @file:');
    await input().pressSequentially('greet');
    await chat().locator('.mention-option.active', { hasText: 'src/greeting.ts' }).waitFor();
    await workbench!.shot('files');
    await input().press('Enter');
    await chat().locator('[data-testid="composer-mentions"] [data-testid="mention-chip"]', { hasText: 'src/greeting.ts' }).waitFor();
    assert.equal(await input().inputValue(), 'Say hello about ');
    await workbench!.shot('chip');

    await input().press('Enter');
    await chat().locator('.message.assistant:not(.streaming)', { hasText: 'five.' }).waitFor({ timeout: 120_000 });
    const prompt = promptWith('Say hello about');
    assert.match(prompt, /<context kind="file" path="src\/greeting\.ts" totalLines="4">\n\/\*\* Formats a greeting\. \*\//);
    assert.ok(prompt.includes(GREETING_BODY), "the file's text is in the site's prompt");
    await chat().locator('[data-testid="user-message"] [data-testid="mention-chip"]', { hasText: 'src/greeting.ts' }).waitFor();
    assert.equal(await chat().locator('[data-testid="composer-mentions"] [data-testid="mention-chip"]').count(), 0, 'the input has no chip left');
    await workbench!.shot('sent');
  });

  it('"PTK: Add Selection to Chat" adds a chip; the next prompt carries the lines, not the earlier file', async () => {
    const page = workbench!.page;
    await page.keyboard.press('Control+P');
    await workbench!.pickInQuickInput('greeting.ts', 'greeting.ts');
    await page.locator('.tab.active', { hasText: 'greeting.ts' }).waitFor();
    await page.locator('.monaco-editor .view-line', { hasText: 'export function formatGreeting' }).first().click();
    // Lines 2-3: from the start of line 2 to the end of line 3.
    await page.keyboard.press('Home');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+End');
    await page.keyboard.press('F1');
    await workbench!.pickInQuickInput('>PTK: Add Selection to Chat', 'PTK: Add Selection to Chat');
    const chip = chat().locator('[data-testid="composer-mentions"] [data-testid="mention-chip"][data-kind="selection"]');
    await chip.waitFor();
    assert.match((await chip.textContent()) ?? '', /src\/greeting\.ts:2-3/);
    await workbench!.shot('selection-chip');

    // Chips alone are not sent: the input says what is missing.
    await input().click();
    await input().press('Enter');
    await chat().locator('[data-testid="attachment-notice"]', { hasText: 'Add a few words to send with the context.' }).waitFor();
    assert.equal(await chip.count(), 1, 'the chip stays in the input');

    await input().pressSequentially('Say hello once more');
    await input().press('Enter');
    await chat().locator('.message.assistant:not(.streaming)', { hasText: 'five.' }).nth(1).waitFor({ timeout: 120_000 });
    const prompt = promptWith('Say hello once more');
    assert.match(prompt, /<context kind="selection" path="src\/greeting\.ts" lines="2-3">\nexport function formatGreeting\(name: string, times: number\): string \{\n {2}return/);
    assert.equal(prompt.match(/<context /g)?.length, 1, 'only the new message carries context');
    assert.ok(prompt.includes('[Context attached when this message was sent, not repeated here: file src/greeting.ts]'), 'the earlier file is named, not sent again');
    await workbench!.shot('selection-sent');
  });

  it('"@" → changes: the uncommitted diff reaches the site, without the protected .env', async () => {
    await input().click();
    await input().pressSequentially('Say hello about the diff @ch');
    await chat().locator('.mention-option.active', { hasText: 'changes' }).waitFor();
    // A kind with one answer becomes its chip at once.
    await input().press('Enter');
    await chat().locator('[data-testid="composer-mentions"] [data-testid="mention-chip"]', { hasText: 'changes' }).waitFor();
    await input().press('Enter');
    await chat().locator('.message.assistant:not(.streaming)', { hasText: 'five.' }).nth(2).waitFor({ timeout: 120_000 });
    const prompt = promptWith('Say hello about the diff');
    const block = /<context kind="changes"[^>]*>([\s\S]*?)<\/context>/.exec(prompt)?.[1] ?? '';
    assert.ok(block.includes(`+${UNCOMMITTED_LINE}`), `the diff line is in the site's prompt:\n${block.slice(0, 600)}`);
    assert.match(block, /notes\/todo\.md/);
    assert.ok(!prompt.includes(SECRET), 'the protected .env change is left out');
    await workbench!.shot('changes');
  });
});

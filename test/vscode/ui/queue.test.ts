/**
 * Queue and steer, in a REAL VS Code (code-server) on the ChatGPT replica site driven by the
 * extension's real browser backend: while a task waits for the approval of its write, two
 * messages typed in the composer are shown as Queued (nothing reaches the site); Send now on the
 * first, then Approve: the site's next prompt of the same task carries the tool result and then
 * that message as the user's, and the chat shows it after the write's card; when the task is
 * done the second queued message goes as the next task.
 * Picture: test-artifacts/vscode-ui-queue/, and docs/images/chat-queue.png for the README.
 * Run: node --import tsx --test --test-reporter=spec test/vscode/ui/queue.test.ts
 */
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { missingTools, REPOSITORY_ROOT } from '../harness/paths';
import { BROWSER_ENTRY, type ReplicaSiteWorkbench } from '../harness/replicaSiteWorkbench';
import { openReplicaChat } from './replicaChat';
import { call, chatActions, createTaskResponder } from './scriptedTasks';

const skipReason = missingTools() || (!existsSync(BROWSER_ENTRY) ? `the browser backend is not built yet (${BROWSER_ENTRY} missing)` : '');
const ARTIFACTS = 'vscode-ui-queue';
const PICTURE = 'chat-queue.png';

const WRITE_TASK = 'Write the release notes to notes/release.txt';
const STEERED = 'Also mention the new queue in the notes';
const LATER = 'Which file did you just write?';

const respond = createTaskResponder([
  { ask: WRITE_TASK, replies: [`Writing the notes.\n${call('write_file', { path: 'notes/release.txt', content: 'Release notes\n' })}`, 'Release notes written, with the queue mentioned.'] },
  { ask: LATER, replies: ['I wrote notes/release.txt.'] },
]);

describe('Queue and steer in real VS Code (replica site)', { skip: skipReason || undefined, timeout: 600_000 }, () => {
  let workbench: ReplicaSiteWorkbench | undefined;
  /** Every prompt the replica site received, in order. */
  const prompts: string[] = [];
  const chat = () => workbench!.chat();
  const { send, waitingCard, answer } = chatActions(chat);
  const input = () => chat().locator('[data-testid="chat-input"]');
  const queued = (text: string) => chat().locator('[data-testid="queued-message"]', { hasText: text });

  before(async () => {
    workbench = await openReplicaChat(ARTIFACTS, {
      responder: (prompt) => {
        prompts.push(prompt);
        return respond(prompt);
      },
    });
  });

  after(async () => {
    await workbench?.stop();
  });

  it('messages typed while a task runs are queued; Send now reaches the next turn of the same task; the rest goes when it is done', async () => {
    await send(WRITE_TASK);
    const card = await waitingCard();
    assert.equal(prompts.length, 1);

    // Typed while the task waits for the approval: queued, the composer emptied, nothing sent.
    for (const text of [STEERED, LATER]) {
      await input().fill(text);
      await input().press('Enter');
      await queued(text).waitFor();
    }
    assert.equal(await input().inputValue(), '');
    assert.deepEqual(await chat().locator('[data-testid="queued-label"]').allTextContents(), ['Queued', 'Queued']);
    assert.equal(await chat().locator('[data-testid="user-message"]').count(), 1, 'a queued message is not a sent one');
    assert.equal(prompts.length, 1, 'nothing queued reached the site');
    await workbench!.shot('1-queued');
    // The README's picture: the sidebar with the card waiting and the two queued messages under it.
    const picture = join(REPOSITORY_ROOT, 'test-artifacts', ARTIFACTS, PICTURE);
    await workbench!.page.locator('.part.sidebar').screenshot({ path: picture });
    mkdirSync(join(REPOSITORY_ROOT, 'docs', 'images'), { recursive: true });
    copyFileSync(picture, join(REPOSITORY_ROOT, 'docs', 'images', PICTURE));

    // Send now: it waits for the task's next turn.
    await queued(STEERED).locator('[data-testid="queued-send-now"]').click();
    await queued(STEERED).locator('[data-testid="queued-label"]', { hasText: 'Sending at the next turn' }).waitFor();
    assert.equal(prompts.length, 1);
    await card.locator('[data-testid="approve"]').click();
    await answer('Release notes written, with the queue mentioned.');

    // The same task's second prompt: the write's result, then the user's message, labelled as theirs.
    const second = prompts[1];
    assert.ok(second, 'the task made a second turn');
    assert.doesNotMatch(second, /Write the release notes/, 'the same chat: only what is new');
    const resultAt = second.indexOf('TOOL_RESULT');
    const steeredAt = second.indexOf(STEERED);
    assert.ok(resultAt !== -1 && steeredAt > resultAt, `the tool result, then the steered message:\n${second}`);
    assert.match(second, /USER_MESSAGE \(sent by the user while you were working/);
    assert.equal(readFileSync(join(workbench!.workspaceDir, 'notes', 'release.txt'), 'utf8'), 'Release notes\n');
    // The chat shows it as the user's message after the write's card.
    const order = await chat().locator('[data-testid="user-message"], [data-testid="tool-card"]').evaluateAll((nodes) => nodes.map((node) => (node.getAttribute('data-testid') === 'tool-card' ? 'card' : (node.textContent ?? '').trim())));
    assert.ok(order.indexOf('card') !== -1 && order.findIndex((text) => text.includes(STEERED)) > order.indexOf('card'), JSON.stringify(order));

    // The task is done: the other queued message goes as the next task.
    await answer('I wrote notes/release.txt.');
    await chat().locator('[data-testid="user-message"]', { hasText: LATER }).waitFor();
    assert.ok(prompts.some((prompt, index) => index >= 2 && prompt.includes(LATER)), 'the queued message reached the site');
    assert.equal(prompts.filter((prompt) => prompt.includes(`\n${STEERED}`) && !prompt.includes(LATER)).length, 1, 'the steered message went once in its own task');
    await chat().locator('[data-testid="queued-messages"]').waitFor({ state: 'hidden' });
    await workbench!.shot('2-sent');
  });
});

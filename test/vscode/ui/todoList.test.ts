/**
 * The task list the model keeps, in a REAL VS Code through the ChatGPT replica site and the real
 * browser backend: the model writes its list with update_todos; the site then refuses the next
 * message as too long, the backend starts a new chat from the task's whole transcript, and that
 * first message of the new chat carries the list; the chat view pins the list above the composer
 * while the task runs (ticked as the model ticks it), keeps it after a task that left it open,
 * and the next message of the conversation goes on with it. The pinned list is pictured for the
 * README (docs/images/todo-list.png). Screenshots: test-artifacts/vscode-ui-todo-list/.
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { ReplicaTurnScript } from '../../browser/replicas/scenario';
import { missingTools, REPOSITORY_ROOT } from '../harness/paths';
import type { ReplicaSiteWorkbench } from '../harness/replicaSiteWorkbench';
import { openReplicaChat } from './replicaChat';
import { call, chatActions } from './scriptedTasks';

const ARTIFACTS = join(REPOSITORY_ROOT, 'test-artifacts', 'vscode-ui-todo-list');
const TASK = 'Make the parser accept trailing commas, with a test.';
const PLAN = [
  { text: 'Read the parser', status: 'in_progress' },
  { text: 'Accept trailing commas', status: 'pending' },
  { text: 'Add a test', status: 'pending' },
];
const TICKED = [
  { text: 'Read the parser', status: 'done' },
  { text: 'Accept trailing commas', status: 'in_progress' },
  { text: 'Add a test', status: 'pending' },
];

describe('the task list the model keeps, in real VS Code', { skip: missingTools() || undefined, timeout: 300_000 }, () => {
  let workbench: ReplicaSiteWorkbench | undefined;
  const prompts: string[] = [];
  let releaseHeldAnswer: () => void = () => undefined;
  const heldAnswer = new Promise<void>((resolve) => (releaseHeldAnswer = resolve));
  const chat = () => workbench!.chat();
  const actions = chatActions(chat);
  const pinned = () => chat().locator('[data-testid="todo-list"]');

  /** The replica model, by the order of the messages the site receives. */
  const respond = (prompt: string): string | ReplicaTurnScript => {
    prompts.push(prompt);
    switch (prompts.length) {
      case 1:
        return `A plan first.\n${call('update_todos', { todos: PLAN })}`;
      case 2:
        // The site refuses the message: the chat is too long.
        return { failure: 'conversation_too_long' };
      case 3:
        return `The parser reads items in parseList.\n${call('update_todos', { todos: TICKED })}`;
      case 4:
        // Held mid-answer until the test has looked at the pinned list.
        return { reply: 'Trailing commas need a change in parseList; I will make it in the next message.', holds: [{ atChar: 10, until: heldAnswer }] };
      default:
        return 'Done: parseList accepts a trailing comma.';
    }
  };

  before(async () => {
    workbench = await openReplicaChat('vscode-ui-todo-list', { responder: respond, viewport: { width: 1400, height: 900 } });
  });

  after(async () => {
    releaseHeldAnswer();
    await workbench?.stop();
  });

  it('survives the chat starting over, is pinned and ticked while the task runs, and an open list goes on into the next message', async () => {
    await actions.send(TASK);
    // The pinned list as the model ticked it, while the task's last answer is still streaming.
    await pinned().locator('summary', { hasText: 'Task list · 1/3 done' }).waitFor({ timeout: 120_000 });
    assert.deepEqual(await pinned().locator('li').evaluateAll((rows) => rows.map((row) => `${row.getAttribute('data-status')}: ${row.textContent?.trim().slice(2)}`)), [
      'done: Read the parser',
      'in_progress: Accept trailing commas',
      'pending: Add a test',
    ]);
    assert.equal(await chat().locator('body').getAttribute('data-busy'), 'true', 'the task still runs');
    mkdirSync(ARTIFACTS, { recursive: true });
    await workbench!.page.locator('.part.sidebar').screenshot({ path: join(ARTIFACTS, 'todo-list.png') });
    mkdirSync(join(REPOSITORY_ROOT, 'docs', 'images'), { recursive: true });
    copyFileSync(join(ARTIFACTS, 'todo-list.png'), join(REPOSITORY_ROOT, 'docs', 'images', 'todo-list.png'));
    releaseHeldAnswer();
    await actions.answer('I will make it in the next message.');

    // The new chat's first message is the task's whole transcript, and it ends with the list.
    assert.equal(prompts.length, 4);
    assert.match(prompts[2], /Make the parser accept trailing commas/, 'the new chat starts from the whole task');
    assert.match(prompts[2], /YOUR TASK LIST \(0\/3 done; keep it current with update_todos\):\n\[~\] 1\. Read the parser\n\[ \] 2\. Accept trailing commas\n\[ \] 3\. Add a test$/);
    assert.match(prompts[3], /\[x\] 1\. Read the parser\n\[~\] 2\. Accept trailing commas\n\[ \] 3\. Add a test$/);

    // The task ended with the list open: it stays pinned, and the next message goes on with it.
    await chat().locator('body[data-busy="false"]').waitFor({ state: 'attached' });
    assert.equal(await pinned().isVisible(), true, 'an open list stays pinned after its task');
    await actions.send('Go on');
    await actions.answer('parseList accepts a trailing comma');
    assert.match(prompts[4], /Go on[\s\S]*YOUR TASK LIST \(1\/3 done/);
    await workbench!.shot('next-message');
  });
});

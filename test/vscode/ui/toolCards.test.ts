/**
 * The tool cards of one conversation's several tasks, in a REAL VS Code: the extension's browser
 * backend drives the ChatGPT replica site, and three tasks run in one conversation: a write the
 * user rejects, the same write approved, then two read_file calls and a write approved. Each card
 * must show its own call id, arguments, status and result, and show them again after a window
 * reload (the conversation as saved). Screenshots: test-artifacts/vscode-ui-tool-cards/.
 * Run: node --import tsx --test --test-reporter=spec test/vscode/ui/toolCards.test.ts
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FrameLocator } from 'playwright-core';
import { missingTools, REPOSITORY_ROOT } from '../harness/paths';
import { BROWSER_ENTRY, startReplicaSiteWorkbench, type ReplicaSiteWorkbench } from '../harness/replicaSiteWorkbench';
import { call, chatActions, createTaskResponder, type ScriptedTask } from './scriptedTasks';

const skipReason = missingTools() || (!existsSync(BROWSER_ENTRY) ? `the browser backend is not built yet (${BROWSER_ENTRY} missing)` : '');

/** The three requests and, for each, the site's replies turn by turn. */
const TASKS: ScriptedTask[] = [
  { ask: 'Please write hello to notes/hello.txt', replies: [`I will write it.\n${call('write_file', { path: 'notes/hello.txt', content: 'Hello from PTK\n' })}`, 'I left notes/hello.txt alone.'] },
  { ask: 'Write hello to notes/hello.txt once more', replies: [`Writing it now.\n${call('write_file', { path: 'notes/hello.txt', content: 'Hello again\n' })}`, 'Written once more.'] },
  {
    ask: 'Copy notes/hello.txt to notes/copy.txt',
    replies: [
      `Reading the file first.\n${call('read_file', { path: 'notes/hello.txt' })}`,
      `And the greeting.\n${call('read_file', { path: 'src/greeting.ts' })}`,
      `Writing the copy.\n${call('write_file', { path: 'notes/copy.txt', content: 'Hello again\n' })}`,
      'Copied.',
    ],
  },
];

/** What a card shows. */
interface CardView {
  tool: string;
  status: string;
  callId: string;
  args: unknown;
  result: string;
}

describe('Tool cards of several tasks in one conversation, in real VS Code (replica site)', { skip: skipReason || undefined, timeout: 480_000 }, () => {
  let workbench: ReplicaSiteWorkbench | undefined;
  let workspaceDir: string;

  const chat = (): FrameLocator => workbench!.chat();
  const shot = (name: string) => workbench!.shot(name);
  const cardViews = (): Promise<CardView[]> =>
    chat().locator('[data-testid="tool-card"]').evaluateAll((elements) =>
      elements.map((element) => {
        const card = element as HTMLElement;
        const args = card.querySelector('details pre')?.textContent;
        return { tool: card.dataset.tool ?? '', status: card.dataset.status ?? '', callId: card.dataset.callId ?? '', args: args ? JSON.parse(args) : {}, result: card.querySelector('[data-testid="tool-result"]')?.textContent ?? '' };
      }),
    );
  const { send, waitingCard } = chatActions(chat);

  const expectedCards = (): Array<Omit<CardView, 'result'> & { result: RegExp }> => [
    { tool: 'write_file', status: 'rejected', callId: 'call_1_0', args: { path: 'notes/hello.txt', content: 'Hello from PTK\n' }, result: /reject/i },
    { tool: 'write_file', status: 'succeeded', callId: 'call_2_1_0', args: { path: 'notes/hello.txt', content: 'Hello again\n' }, result: /^Created notes\/hello\.txt \(1 line\)$/ },
    { tool: 'read_file', status: 'succeeded', callId: 'call_3_1_0', args: { path: 'notes/hello.txt' }, result: /^Read notes\/hello\.txt \(1 line\)$/ },
    { tool: 'read_file', status: 'succeeded', callId: 'call_3_2_0', args: { path: 'src/greeting.ts' }, result: /^Read src\/greeting\.ts \(\d+ lines?\)$/ },
    { tool: 'write_file', status: 'succeeded', callId: 'call_3_3_0', args: { path: 'notes/copy.txt', content: 'Hello again\n' }, result: /^Created notes\/copy\.txt \(1 line\)$/ },
  ];
  const assertCards = (cards: CardView[], when: string) => {
    const expected = expectedCards();
    assert.deepEqual(cards.map(({ result: _result, ...card }) => card), expected.map(({ result: _result, ...card }) => card), `${when}: each card's tool, status, call id and arguments`);
    cards.forEach((card, index) => assert.match(card.result, expected[index].result, `${when}: the result of ${card.callId}`));
  };

  let beforeReload: CardView[] = [];

  before(async () => {
    workbench = await startReplicaSiteWorkbench({
      artifacts: join(REPOSITORY_ROOT, 'test-artifacts', 'vscode-ui-tool-cards'),
      suiteFile: join(__dirname, 'uiSuite.ts'),
      responder: createTaskResponder(TASKS),
    });
    ({ workspaceDir } = workbench);
    await workbench.openChat();
  });

  after(async () => {
    await workbench?.stop();
  });

  it('task 1: the write is rejected with a reason, and its card says so', async () => {
    await send(TASKS[0].ask);
    const card = await waitingCard();
    await card.locator('[data-testid="reject-reason"]').fill('another name');
    await card.locator('[data-testid="reject"]').click();
    await chat().locator('.message.assistant:not(.streaming)', { hasText: 'alone' }).waitFor({ timeout: 120_000 });
    assert.equal(existsSync(join(workspaceDir, 'notes', 'hello.txt')), false);
    await shot('1-rejected');
  });

  it('task 2: the same write approved gets a card of its own, with its arguments and result', async () => {
    await send(TASKS[1].ask);
    const card = await waitingCard();
    await card.locator('[data-testid="approve"]').click();
    await chat().locator('.message.assistant:not(.streaming)', { hasText: 'Written once more.' }).waitFor({ timeout: 120_000 });
    assert.equal(readFileSync(join(workspaceDir, 'notes', 'hello.txt'), 'utf8'), 'Hello again\n');
    await shot('2-approved');
  });

  it('task 3: two read_file calls and an approved write, each on its own card', async () => {
    await send(TASKS[2].ask);
    const card = await waitingCard();
    await card.locator('[data-testid="approve"]').click();
    await chat().locator('.message.assistant:not(.streaming)', { hasText: 'Copied.' }).waitFor({ timeout: 120_000 });
    await chat().locator('body[data-busy="false"]').waitFor({ state: 'attached' });
    assert.equal(readFileSync(join(workspaceDir, 'notes', 'copy.txt'), 'utf8'), 'Hello again\n');
    beforeReload = await cardViews();
    assertCards(beforeReload, 'before the reload');
    assert.equal(await chat().locator('[data-testid="tool-card"] [data-testid="approve"]').count(), 0, 'no card still asks');
    await shot('3-five-cards');
  });

  it('after a window reload every card shows the same status, arguments and result', async () => {
    assert.equal(beforeReload.length, 5, 'the cards were read before the reload');
    await workbench!.reloadWindow();
    await workbench!.openChat();
    await chat().locator('[data-testid="user-message"]', { hasText: TASKS[2].ask }).waitFor();
    await chat().locator('[data-testid="tool-card"]').nth(4).waitFor();
    const afterReload = await cardViews();
    assertCards(afterReload, 'after the reload');
    assert.deepEqual(afterReload, beforeReload);
    await shot('4-after-reload');
  });
});

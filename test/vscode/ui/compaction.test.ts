/**
 * The context meter and compaction, in a REAL VS Code through the ChatGPT replica site and the
 * real browser backend, with a small chat limit (ptk.chatLimitChars): a task whose chat nears
 * the limit asks the model for a summary in that chat and goes on in a new chat from it (shown
 * folded in the view); the header's meter shows the chat against the limit; the header's
 * Compact replaces the conversation's history with a summary between tasks, and the next
 * message starts from it. Screenshots: test-artifacts/vscode-ui-compaction/.
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { ReplicaEarlierTurn, ReplicaTurnScript } from '../../browser/replicas/scenario';
import { missingTools, REPOSITORY_ROOT } from '../harness/paths';
import type { ReplicaSiteWorkbench } from '../harness/replicaSiteWorkbench';
import { openReplicaChat } from './replicaChat';
import { call, chatActions } from './scriptedTasks';

const ARTIFACTS = join(REPOSITORY_ROOT, 'test-artifacts', 'vscode-ui-compaction');
const LIMIT = 40_000;
const TASK = 'Explain how the parser reads a list, in depth.';
// Long answers fill the chat: the first about half of the limit, the second a fifth.
const LONG_FIRST = 'The parser reads one item at a time, then looks for a comma or the end. '.repeat(270);
const LONG_SECOND = 'Each item is parsed by parseValue, which dispatches on the first character. '.repeat(105);
const TASK_SUMMARY = 'Goal: explain how the parser reads a list. Read so far: the item loop and parseValue. Next: list the files.';
const CONVERSATION_SUMMARY = 'The user asked how the parser reads a list; it was explained (an item loop and parseValue).';

describe('the context meter and compaction, in real VS Code', { skip: missingTools() || undefined, timeout: 300_000 }, () => {
  let workbench: ReplicaSiteWorkbench | undefined;
  const received: Array<{ prompt: string; earlier: number }> = [];
  const chat = () => workbench!.chat();
  const actions = chatActions(chat);
  const compaction = () => chat().locator('[data-testid="compaction"]');

  /** The replica model, by the order of the messages the site receives. */
  const respond = (prompt: string, earlier: readonly ReplicaEarlierTurn[]): string | ReplicaTurnScript => {
    received.push({ prompt, earlier: earlier.length });
    switch (received.length) {
      case 1:
        return { reply: `${LONG_FIRST}\n${call('update_todos', { todos: [{ text: 'Explain the item loop', status: 'done' }, { text: 'List the files', status: 'in_progress' }] })}`, tokenChars: 400 };
      case 2:
        return { reply: `${LONG_SECOND}\n${call('list_files', { path: '.' })}`, tokenChars: 400 };
      case 3:
        return TASK_SUMMARY;
      case 4:
        return 'The list is read by parseList in src/parser.ts.';
      case 5:
        return CONVERSATION_SUMMARY;
      default:
        return 'Going on from the summary.';
    }
  };

  before(async () => {
    workbench = await openReplicaChat('vscode-ui-compaction', { responder: respond, userSettings: { 'ptk.chatLimitChars': LIMIT }, viewport: { width: 1400, height: 900 } });
  });

  after(async () => {
    await workbench?.stop();
  });

  it('a chat near its limit goes on from the model\'s summary in a new chat, and the meter shows it', async () => {
    await actions.send(TASK);
    await actions.answer('The list is read by parseList');
    // The premise: the first message (the system prompt and the task) fits, the third would not.
    const systemPrompt = received[0].prompt.length;
    assert.ok(systemPrompt + LONG_FIRST.length < LIMIT * 0.8 && systemPrompt + LONG_FIRST.length + LONG_SECOND.length > LIMIT * 0.8, `system prompt of ${systemPrompt} characters`);
    assert.equal(received.length, 4);
    // The summary is asked for in the full chat, then a new chat starts from the task and it.
    assert.match(received[2].prompt, /^This chat is nearly full/);
    assert.equal(received[2].earlier, 2, 'asked in the same chat');
    assert.equal(received[3].earlier, 0, 'a new chat');
    assert.match(received[3].prompt, /Explain how the parser reads a list, in depth\./);
    assert.ok(received[3].prompt.includes(TASK_SUMMARY));
    assert.ok(!received[3].prompt.includes(LONG_FIRST.slice(0, 400)), 'the summarized answers are not sent again');
    assert.match(received[3].prompt, /TOOL_RESULT/, 'the list the old chat had not seen goes to the new one');
    assert.match(received[3].prompt, /YOUR TASK LIST/, 'the task list goes on');

    // Shown folded: one line that says why, the summary inside.
    const item = compaction().first();
    await item.locator('summary', { hasText: /^Chat compacted at \d+% of its limit/ }).waitFor();
    assert.equal(await item.locator('.compaction-summary').isVisible(), false);
    await item.locator('summary').click();
    await item.locator('.compaction-summary', { hasText: 'Next: list the files.' }).waitFor();
    // The meter: the new chat against the limit.
    const meter = chat().locator('[data-testid="context-meter"]');
    await meter.waitFor();
    assert.match((await meter.locator('.context-label').textContent()) ?? '', /^\d+%$/);
    assert.match((await meter.getAttribute('title')) ?? '', /of 40,000 characters/);
    mkdirSync(ARTIFACTS, { recursive: true });
    await workbench!.page.locator('.part.sidebar').screenshot({ path: join(ARTIFACTS, 'compaction.png') });
    mkdirSync(join(REPOSITORY_ROOT, 'docs', 'images'), { recursive: true });
    copyFileSync(join(ARTIFACTS, 'compaction.png'), join(REPOSITORY_ROOT, 'docs', 'images', 'compaction.png'));
  });

  it('Compact replaces the history with a summary between tasks, and the next message starts from it', async () => {
    await chat().locator('body[data-busy="false"]').waitFor({ state: 'attached' });
    await chat().locator('[data-testid="context-meter"]').click();
    await compaction().nth(1).locator('summary', { hasText: /^Conversation compacted/ }).waitFor();
    assert.equal(received.length, 5);
    assert.match(received[4].prompt, /This chat is nearly full/);
    assert.equal(received[4].earlier, 0, 'written in a new chat that gets the history');
    assert.match(received[4].prompt, /The list is read by parseList/);
    await actions.send('Go on.');
    await actions.answer('Going on from the summary.');
    assert.ok(received[5].prompt.includes(CONVERSATION_SUMMARY));
    assert.ok(!received[5].prompt.includes(TASK_SUMMARY), 'the earlier summary is inside the new one');
    await workbench!.shot('after-compact');
  });
});

/**
 * Two conversations at once in the chat view of a REAL VS Code, on the ChatGPT replica (each
 * task's model calls in a tab of their own): a task whose answer the replica holds mid-stream
 * goes on in the background while "+" starts a new conversation and a second task runs and
 * finishes there; the history marks the first as running; released, it ends with its own answer,
 * shown when it is opened again. A background task that asks for approval: a notification names
 * its conversation, its "Show" opens it with the card waiting, and the write happens only once
 * the user approves there.
 * Screenshots: test-artifacts/vscode-ui-parallel/.
 * Run: node --import tsx --test --test-reporter=spec test/vscode/ui/parallelConversations.test.ts
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { FrameLocator } from 'playwright-core';
import { missingTools } from '../harness/paths';
import { BROWSER_ENTRY, type ReplicaSiteWorkbench } from '../harness/replicaSiteWorkbench';
import { openReplicaChat } from './replicaChat';
import { call, chatActions } from './scriptedTasks';

const skipReason = missingTools() || (!existsSync(BROWSER_ENTRY) ? `the browser backend is not built yet (${BROWSER_ENTRY} missing)` : '');

const PARSER_ANSWER = 'The parser reads each call as it streams.';
const SCANNER_ANSWER = 'The scanner finds the tags.';

describe('two conversations at once in the chat view, in real VS Code (replica site)', { skip: skipReason || undefined, timeout: 600_000 }, () => {
  let workbench: ReplicaSiteWorkbench | undefined;
  /** The parser answer holds after its first words until the test releases it. */
  let releaseParser: () => void = () => undefined;
  const parserReleased = new Promise<void>((resolve) => (releaseParser = resolve));
  /** The write's answer holds before its call until the test has left its conversation. */
  let releaseWrite: () => void = () => undefined;
  const writeReleased = new Promise<void>((resolve) => (releaseWrite = resolve));
  const chat = (): FrameLocator => workbench!.chat();
  const { send, waitingCard, answer } = chatActions(chat);
  const historyRow = (title: string) => chat().locator('[data-testid="history-entry"]', { hasText: title });

  before(async () => {
    workbench = await openReplicaChat('vscode-ui-parallel', {
      responder: (prompt) => {
        // A turn that carries a tool result after the request is the write's second turn.
        const asked = (text: string) => prompt.includes(text) && prompt.lastIndexOf(text) > prompt.lastIndexOf('TOOL_RESULT');
        if (asked('Explain the parser')) return { reply: PARSER_ANSWER, tokenMs: 20, holds: [{ atChar: 11, until: parserReleased }] };
        if (asked('Explain the scanner')) return SCANNER_ANSWER;
        if (asked('Write notes/parallel.txt')) return { reply: `Writing it.\n${call('write_file', { path: 'notes/parallel.txt', content: 'parallel\n' })}`, holds: [{ atChar: 6, until: writeReleased }] };
        if (prompt.includes('TOOL_RESULT')) return 'Parallel written.';
        return 'OK';
      },
    });
  });

  after(async () => {
    releaseParser();
    releaseWrite();
    await workbench?.stop();
  });

  it('a task held mid-answer goes on in the background while a second conversation runs its own task; both end with their own answers', async () => {
    await send('Explain the parser');
    // The first words reached the view: the replica now holds the rest.
    await chat().locator('[data-testid="assistant-message"]', { hasText: 'The parser' }).waitFor({ timeout: 120_000 });
    await chat().locator('[data-testid="new-conversation"]').click();
    await chat().locator('[data-testid="user-message"]').first().waitFor({ state: 'detached' });
    await send('Explain the scanner');
    await answer(SCANNER_ANSWER);
    await chat().locator('[data-testid="history"]').click();
    const parserRow = historyRow('Explain the parser');
    await parserRow.locator('[data-testid="history-activity"]', { hasText: 'running' }).waitFor();
    await workbench!.shot('1-history-marks-the-running-conversation');
    assert.equal(await historyRow('Explain the scanner').locator('[data-testid="history-activity"]').count(), 0, 'the finished one has no mark');
    releaseParser();
    await parserRow.locator('[data-testid="history-activity"]').waitFor({ state: 'detached', timeout: 120_000 });
    await parserRow.locator('.history-open').click();
    await answer(PARSER_ANSWER);
    assert.equal(await chat().locator('[data-testid="assistant-message"]', { hasText: SCANNER_ANSWER }).count(), 0, 'each conversation has its own answer');
    await workbench!.shot('2-first-conversation-finished');
  });

  it('a background task that asks for approval: a notification names its conversation, its "Show" opens it with the card waiting, and the write happens only once approved there', async () => {
    await chat().locator('[data-testid="new-conversation"]').click();
    await send('Write notes/parallel.txt');
    await chat().locator('[data-testid="assistant-message"]', { hasText: 'Writi' }).waitFor({ timeout: 120_000 });
    await chat().locator('[data-testid="new-conversation"]').click();
    await chat().locator('[data-testid="user-message"]').first().waitFor({ state: 'detached' });
    // The call arrives while another conversation is shown.
    releaseWrite();
    const toast = workbench!.page.locator('.notification-toast', { hasText: 'the task “Write notes/parallel.txt” has a tool call waiting for your approval' });
    await toast.waitFor({ timeout: 120_000 });
    await workbench!.shot('3-background-approval-notification');
    assert.equal(await chat().locator('[data-testid="tool-card"]').count(), 0, 'the shown conversation has no card');
    assert.equal(existsSync(join(workbench!.workspaceDir, 'notes', 'parallel.txt')), false, 'nothing written before the approval');
    await toast.locator('.monaco-button', { hasText: 'Show chat' }).click();
    const card = await waitingCard();
    await workbench!.shot('4-shown-with-its-card');
    await card.locator('[data-testid="approve"]').click();
    await answer('Parallel written.');
    assert.equal(readFileSync(join(workbench!.workspaceDir, 'notes', 'parallel.txt'), 'utf8'), 'parallel\n');
  });
});

/**
 * Second Opinion in a REAL VS Code: ptk.sites lists the ChatGPT replica then the Claude replica.
 * A task finishes on ChatGPT; the answer's "Second opinion" button sends it to Claude alone, whose
 * review shows in its column of the review item; "Send to task" sends it as the next message and
 * the task continues on ChatGPT with it.
 * Screenshots: test-artifacts/vscode-ui-second-opinion/.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { FrameLocator } from 'playwright-core';
import { missingTools } from '../harness/paths';
import { BROWSER_ENTRY, type ReplicaSiteWorkbench } from '../harness/replicaSiteWorkbench';
import { openReplicaChat } from './replicaChat';

const skipReason = missingTools() || (!existsSync(BROWSER_ENTRY) ? `the browser backend is not built yet (${BROWSER_ENTRY} missing)` : '');
const REVIEW = 'Problem: nothing checks the greeting. Add a test.';

describe('Second Opinion, in real VS Code', { skip: skipReason || undefined, timeout: 600_000 }, () => {
  let workbench: ReplicaSiteWorkbench | undefined;
  const chatgptPrompts: string[] = [];
  const claudePrompts: string[] = [];
  const chat = (): FrameLocator => workbench!.chat();

  before(async () => {
    workbench = await openReplicaChat('vscode-ui-second-opinion', {
      responder: (prompt) => {
        chatgptPrompts.push(prompt);
        return prompt.includes('Review from Claude') ? 'Thanks: I will add the test.' : 'Hello from ChatGPT.';
      },
      moreSites: [
        {
          site: 'claude',
          responder: (prompt) => {
            claudePrompts.push(prompt);
            return REVIEW;
          },
        },
      ],
    });
  });

  after(async () => {
    await workbench?.stop();
  });

  it('reviews the finished task on the other site, side by side, and Send to task continues the task with it', async () => {
    await chat().locator('body[data-busy="false"]').waitFor({ state: 'attached' });
    const input = chat().locator('[data-testid="chat-input"]');
    await input.fill('Say hello');
    await input.press('Enter');
    await chat().locator('[data-testid="assistant-message"]', { hasText: 'Hello from ChatGPT.' }).waitFor();
    await chat().locator('body[data-busy="false"]').waitFor({ state: 'attached' });
    await chat().locator('[data-testid="second-opinion"]').click();
    const column = chat().locator('[data-testid="review-column"][data-site="claude"][data-status="done"]');
    await column.waitFor();
    assert.match((await column.textContent()) ?? '', /Claude[\s\S]*nothing checks the greeting/);
    assert.equal(claudePrompts.length, 1);
    assert.match(claudePrompts[0]!, /Say hello[\s\S]*Hello from ChatGPT\./);
    assert.equal(chatgptPrompts.length, 1, "the conversation's own site is not asked for a review");
    await workbench!.shot('review');
    await column.locator('[data-testid="send-review"]').click();
    await chat().locator('[data-testid="user-message"]', { hasText: 'Review from Claude (demo):' }).waitFor();
    await chat().locator('[data-testid="assistant-message"]', { hasText: 'Thanks: I will add the test.' }).waitFor();
    assert.match(chatgptPrompts[1] ?? '', /Review from Claude \(demo\):\n?[\s\S]*nothing checks the greeting/);
    // The review went once: its column says so instead of offering it again.
    await column.locator('[data-testid="review-sent"]').waitFor();
    assert.equal(await column.locator('[data-testid="send-review"]').count(), 0);
    await workbench!.shot('sent-to-task');
  });
});

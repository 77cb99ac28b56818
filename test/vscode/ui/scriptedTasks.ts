/**
 * The scripted tasks of the real-VS-Code UI tests on the replica site, and the chat actions they
 * share: a task is a request and the site's replies turn by turn; `send` types a request once
 * the view is idle; `waitingCard` is the card that waits for the user's answer.
 */
import assert from 'node:assert/strict';
import type { FrameLocator, Locator } from 'playwright-core';

/** A tool call as the model writes it in its answer. */
export const call = (tool: string, args: Record<string, unknown>): string => `<TOOL_CALL>${JSON.stringify({ tool, args })}</TOOL_CALL>`;

/** One task: the user's request and the site's replies, the first to the request, each next one to a tool result. */
export interface ScriptedTask {
  ask: string;
  replies: string[];
}

/**
 * The site's answer: the first turn of a task is the prompt that carries its request after every
 * tool result (the latest request, when several are there); each later turn (a tool result in the same chat) takes the task's next reply.
 */
export function createTaskResponder(tasks: readonly ScriptedTask[]): (prompt: string) => string {
  let task = -1;
  let turn = 0;
  return (prompt) => {
    // The latest request after every tool result (a stopped task's request may still be in the prompt before it).
    let asked = -1;
    let askedAt = prompt.lastIndexOf('TOOL_RESULT');
    tasks.forEach((candidate, index) => {
      const at = prompt.lastIndexOf(candidate.ask);
      if (at > askedAt) [asked, askedAt] = [index, at];
    });
    if (asked !== -1) {
      task = asked;
      turn = 0;
    } else {
      turn++;
    }
    return tasks[task]?.replies[turn] ?? 'No reply was scripted for this turn.';
  };
}

/** The chat view's actions the tests share. */
export interface ChatActions {
  /** Sends a request once the view is idle (Enter in a busy view would queue it instead). */
  send(text: string): Promise<void>;
  /** The card waiting for an answer: the only one. */
  waitingCard(): Promise<Locator>;
  /** Resolves once the answer with `text` has finished streaming. */
  answer(text: string): Promise<void>;
}

export function chatActions(chat: () => FrameLocator): ChatActions {
  return {
    async send(text) {
      await chat().locator('body[data-busy="false"]').waitFor({ state: 'attached' });
      const input = chat().locator('[data-testid="chat-input"]');
      await input.fill(text);
      await input.press('Enter');
      await chat().locator('[data-testid="user-message"]', { hasText: text }).waitFor();
    },
    async waitingCard() {
      const card = chat().locator('[data-testid="tool-card"][data-status="awaitingApproval"]');
      await card.waitFor({ timeout: 120_000 });
      assert.equal(await card.count(), 1, 'one card waits for an answer');
      return card;
    },
    async answer(text) {
      await chat().locator('.message.assistant:not(.streaming)', { hasText: text }).waitFor({ timeout: 120_000 });
    },
  };
}

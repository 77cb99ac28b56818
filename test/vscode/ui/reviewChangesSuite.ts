/**
 * Loaded by the test build's hook inside the extension host for reviewChanges.test.ts: installs
 * a scripted model, reports each prompt of the follow-up request (the test reads what the model
 * was told) and reports "ready". Its tasks:
 * - REVIEW_TASK rewrites src/review-a.txt (two separate changes: line 2 and line 9) and
 *   notes/review-b.txt (one line), then answers;
 * - FOLLOW_UP answers at once.
 */
import type { PTKExtensionApi } from '../../../src/extension';
import { ScriptedChatModel } from '../../../src/core/testing/scriptedChatModel';
import { call, createTaskResponder, type ScriptedTask } from './scriptedTasks';

export const REVIEW_TASK = 'Run the review task';
export const FOLLOW_UP = 'Anything else to do?';
/** The files before the task (the test writes them) and what the task writes. */
export const A_BEFORE = 'line 1\nline 2\nline 3\nline 4\nline 5\nline 6\nline 7\nline 8\nline 9\nline 10\n';
export const A_AFTER = 'line 1\nline 2 changed by the task\nline 3\nline 4\nline 5\nline 6\nline 7\nline 8\nline 9 changed by the task\nline 10\n';
export const B_BEFORE = 'b before\n';
export const B_AFTER = 'b after the task\n';

const TASKS: ScriptedTask[] = [
  {
    ask: REVIEW_TASK,
    replies: [
      `First file.\n${call('write_file', { path: 'src/review-a.txt', content: A_AFTER })}`,
      `Second file.\n${call('write_file', { path: 'notes/review-b.txt', content: B_AFTER })}`,
      'Review task done.',
    ],
  },
  { ask: FOLLOW_UP, replies: ['Nothing else.'] },
];

export async function run(api: PTKExtensionApi, report: (line: Record<string, unknown>) => void): Promise<void> {
  const respond = createTaskResponder(TASKS);
  api.useChatModel(
    new ScriptedChatModel(
      (prompt: string) => {
        if (prompt.includes(FOLLOW_UP)) report({ type: 'prompt', prompt });
        return respond(prompt);
      },
      { chunkSize: 16 },
    ),
    'replica',
  );
  report({ type: 'ready', activationMs: api.activationMs });
}

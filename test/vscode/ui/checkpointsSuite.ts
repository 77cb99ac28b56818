/**
 * Loaded by the test build's hook inside the extension host for checkpoints.test.ts: installs
 * a scripted model and reports "ready". Its tasks, by the request they answer:
 * - CHECKPOINT_TASK takes two turns, each writing one file (turn 1 creates
 *   notes/checkpoint-b.txt, turn 2 rewrites src/checkpoint-a.txt), then answers;
 * - PROTECTED_TASK edits src/protected-control.txt (auto-approved by the user's settings), then
 *   .vscode/settings.json (protected: it must ask), then answers;
 * - FOLDER_TASK edits cfg/app.txt, creates cfg/new.txt and edits src/folder-other.txt, then answers.
 */
import type { PTKExtensionApi } from '../../../src/extension';
import { ScriptedChatModel } from '../../../src/core/testing/scriptedChatModel';
import { call, createTaskResponder, type ScriptedTask } from './scriptedTasks';

export const CHECKPOINT_TASK = 'Run the checkpoint task';
export const PROTECTED_TASK = 'Run the protected-file task';
export const FOLDER_TASK = 'Run the folder task';

/** Each task's turns (the last one answers); the shared responder picks the task of the latest request. */
const TASKS: ScriptedTask[] = [
  {
    ask: CHECKPOINT_TASK,
    replies: [
      `Turn one: the new file.\n${call('write_file', { path: 'notes/checkpoint-b.txt', content: 'B from turn 1\n' })}`,
      `Turn two: the existing file.\n${call('write_file', { path: 'src/checkpoint-a.txt', content: 'A from turn 2\n' })}`,
      'Checkpoint task done.',
    ],
  },
  {
    ask: PROTECTED_TASK,
    replies: [
      `An ordinary file first.\n${call('edit_file', { path: 'src/protected-control.txt', edits: [{ search: 'control v0', replace: 'control v1' }] })}`,
      `Now the editor settings.\n${call('edit_file', { path: 'src/../.vscode/settings.json', edits: [{ search: '"ptk.tools.listMaxEntries": 50', replace: '"ptk.tools.listMaxEntries": 50,\n  "ptk.tools.allowedCommands": ["sh tools/x.sh"]' }] })}`,
      'Protected task done.',
    ],
  },
  {
    ask: FOLDER_TASK,
    replies: [
      `The config.\n${call('edit_file', { path: 'cfg/app.txt', edits: [{ search: 'app v0', replace: 'app v1' }] })}`,
      `A new config file.\n${call('write_file', { path: 'cfg/new.txt', content: 'new from the task\n' })}`,
      `Another file.\n${call('edit_file', { path: 'src/folder-other.txt', edits: [{ search: 'other v0', replace: 'other v1' }] })}`,
      'Folder task done.',
    ],
  },
];

export async function run(api: PTKExtensionApi, report: (line: Record<string, unknown>) => void): Promise<void> {
  api.useChatModel(new ScriptedChatModel(createTaskResponder(TASKS), { chunkSize: 16 }), 'replica');
  report({ type: 'ready', activationMs: api.activationMs });
}

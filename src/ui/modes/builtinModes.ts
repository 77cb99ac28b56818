/**
 * The three built-in chat modes. Ask and Plan are read-only by their tool set: the write and
 * run tools are not offered at all (toolsForMode.ts), so no instruction has to forbid them.
 * Agent is the unrestricted mode the chat has always had.
 */
import { READ_ONLY_TOOL_NAMES } from '../../tools/toolNames';
import { AGENT_MODE_ID, ASK_MODE_ID, PLAN_MODE_ID } from '../../shared/chat/modeIds';
import type { ChatMode } from './chatMode';

export const ASK_MODE: ChatMode = {
  id: ASK_MODE_ID,
  name: 'Ask',
  description: 'Answer questions about the code; reads and searches, never changes anything.',
  instructions: [
    'You are in Ask mode: answer the question about this workspace.',
    'You can read files, list files, search the code and read the diagnostics; you cannot write files or run commands.',
    'Read the code that matters before answering, and name the files and lines your answer rests on.',
  ].join('\n'),
  tools: READ_ONLY_TOOL_NAMES,
  origin: { kind: 'builtin' },
};

export const PLAN_MODE: ChatMode = {
  id: PLAN_MODE_ID,
  name: 'Plan',
  description: 'Read the code and answer with a numbered plan; changes nothing.',
  instructions: [
    'You are in Plan mode: work out how to do what the user asks, but do not do it.',
    'You can read files, list files, search the code and read the diagnostics; you cannot write files or run commands.',
    'Read the code that matters first. Then answer with a numbered plan: one step per line ("1. …", "2. …"), each step a change someone can make and check, naming the files it touches.',
    'After the plan, list any open questions or risks. Do not write the code itself.',
  ].join('\n'),
  tools: READ_ONLY_TOOL_NAMES,
  origin: { kind: 'builtin' },
};

export const AGENT_MODE: ChatMode = {
  id: AGENT_MODE_ID,
  name: 'Agent',
  description: 'Read, edit files and run commands to complete the task (with your approval).',
  instructions: '',
  origin: { kind: 'builtin' },
};

/** The built-in modes, in the order the picker shows them. */
export const BUILTIN_MODES: readonly ChatMode[] = [ASK_MODE, PLAN_MODE, AGENT_MODE];

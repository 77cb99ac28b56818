/**
 * The built-in slash commands. /new, /compact and /mode are actions the chat performs; /review,
 * /explain and /fix are prompts (in the 'arguments' syntax), with what they act on when nothing
 * follows the name.
 */
import type { SlashCommand } from './slashCommand';

export const BUILTIN_COMMANDS: readonly SlashCommand[] = [
  { name: 'new', description: 'Start a new conversation.', source: 'builtin', action: 'new' },
  { name: 'compact', description: 'Summarise the conversation so far to free room in the context.', argumentHint: '[what to keep]', source: 'builtin', action: 'compact' },
  { name: 'mode', description: 'Switch the chat mode (Ask, Plan, Agent or a custom mode).', argumentHint: '<mode>', source: 'builtin', action: 'mode' },
  {
    name: 'review',
    description: 'Review changes for bugs, risks and missing tests.',
    argumentHint: '[what to review]',
    source: 'builtin',
    syntax: 'arguments',
    defaultArgument: 'the current uncommitted changes',
    template: 'Review $ARGUMENTS. List bugs, risky changes and missing tests, most serious first, each with its file and line. Do not change any files.',
  },
  {
    name: 'explain',
    description: 'Explain how some code works.',
    argumentHint: '[file, symbol or question]',
    source: 'builtin',
    syntax: 'arguments',
    defaultArgument: 'the code in the active editor',
    template: 'Explain $ARGUMENTS: what it does, how it works and why, naming the files and lines you rely on.',
  },
  {
    name: 'fix',
    description: 'Find and fix a problem.',
    argumentHint: '[the problem]',
    source: 'builtin',
    syntax: 'arguments',
    defaultArgument: 'the errors the diagnostics report',
    template: 'Fix $ARGUMENTS. Find the cause first, make the smallest change that fixes it, and say how you checked it.',
  },
];

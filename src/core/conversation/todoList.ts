/**
 * The task list the model keeps with `update_todos` (the way Claude Code's TodoWrite and
 * Copilot's todo tool work): each call writes the whole list, each item pending, in progress or
 * done. The loop shows it to the model at the end of every turn in a short form, so a long task
 * keeps its plan in view after its history was shortened or its chat started over, and the host
 * keeps it with the conversation.
 */
import { z } from 'zod';

export const TODO_STATUSES = ['pending', 'in_progress', 'done'] as const;
export type TodoStatus = (typeof TODO_STATUSES)[number];

export interface TodoItem {
  readonly text: string;
  readonly status: TodoStatus;
}

/** One item as the model writes it (a missing status is pending). */
export const todoItemSchema = z.object({
  text: z.string().trim().min(1).describe('The step, in a few words'),
  status: z.enum(TODO_STATUSES).default('pending').describe('pending, in_progress or done'),
});

const MARKS: Record<TodoStatus, string> = { pending: '[ ]', in_progress: '[~]', done: '[x]' };

/** How many items are done, of how many. */
export function todoProgress(items: readonly TodoItem[]): { done: number; total: number } {
  return { done: items.filter((item) => item.status === 'done').length, total: items.length };
}

/** The list as the model is reminded of it every turn: one short line per item. */
export function formatTodoReminder(items: readonly TodoItem[], toolName: string): string {
  const { done, total } = todoProgress(items);
  const lines = items.map((item, index) => `${MARKS[item.status]} ${index + 1}. ${item.text}`);
  return [`YOUR TASK LIST (${done}/${total} done; keep it current with ${toolName}):`, ...lines].join('\n');
}

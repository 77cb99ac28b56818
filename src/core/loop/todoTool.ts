/** `update_todos`: the tool through which the model writes its task list (see conversation/todoList). */
import { z } from 'zod';
import { todoItemSchema, todoProgress, type TodoItem } from '../conversation/todoList';
import { defineTool } from '../tools/defineTool';
import type { PTKTool } from '../types';

/** Most items a list may have: a plan, not a log. */
const MAX_TODOS = 30;

/** The task-list tool; `write` receives each list the model writes, whole. */
export function createTodoTool(name: string, write: (items: readonly TodoItem[]) => void): PTKTool {
  return defineTool({
    name,
    description:
      'Write your task list for this task, whole (it replaces the previous one): the steps in order, each "pending", "in_progress" or "done". ' +
      'Keep one step in_progress while you work on it and mark it done when it is done. The list is shown to you every turn and to the user.',
    inputSchema: z.object({ todos: z.array(todoItemSchema).min(1).max(MAX_TODOS).describe('The whole list, in order') }),
    // No effect on the workspace: it runs in every mode, read-only ones included.
    readOnly: true,
    run: ({ todos }) => {
      write(todos);
      const { done, total } = todoProgress(todos);
      return { saved: true, done, total };
    },
  });
}

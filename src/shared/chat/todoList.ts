/**
 * The conversation's task list (the one the model keeps with update_todos) as the view and the
 * next task see it: a list with a step not done yet is still open; a finished one is history.
 */
import type { TodoListItem } from './protocol';

/** The list while a step of it is not done, else undefined. */
export function openTodoList(todos: readonly TodoListItem[] | undefined): readonly TodoListItem[] | undefined {
  return todos?.some((item) => item.status !== 'done') ? todos : undefined;
}

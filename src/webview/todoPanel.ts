/**
 * The task list the model keeps, pinned above the composer: while its task runs, and after it as
 * long as a step is not done (the next task goes on with it). A finished list is not shown.
 */
import { openTodoList } from '../shared/chat/todoList';
import type { ChatViewState, TodoListItem } from '../shared/chat/protocol';

const MARKS: Record<TodoListItem['status'], string> = { pending: '○', in_progress: '◐', done: '●' };
const STATUS_WORDS: Record<TodoListItem['status'], string> = { pending: 'to do', in_progress: 'in progress', done: 'done' };

export class TodoPanel {
  readonly element: HTMLElement;
  private readonly summary: HTMLElement;
  private readonly list: HTMLOListElement;
  /** The list last drawn (the same array: nothing to redraw). */
  private shown: readonly TodoListItem[] | undefined;

  constructor(private readonly document: Document) {
    const details = document.createElement('details');
    details.className = 'todo-panel';
    details.dataset.testid = 'todo-list';
    details.open = true;
    this.summary = document.createElement('summary');
    this.list = document.createElement('ol');
    details.append(this.summary, this.list);
    details.hidden = true;
    this.element = details;
  }

  update(state: ChatViewState | undefined): void {
    const todos = state?.todos;
    const visible = todos !== undefined && todos.length > 0 && (state?.busy === true || openTodoList(todos) !== undefined);
    this.element.hidden = !visible;
    if (!visible || todos === this.shown) return;
    this.shown = todos;
    const done = todos.filter((item) => item.status === 'done').length;
    this.summary.textContent = `Task list · ${done}/${todos.length} done`;
    this.list.replaceChildren(
      ...todos.map((item) => {
        const row = this.document.createElement('li');
        row.dataset.status = item.status;
        row.title = STATUS_WORDS[item.status];
        const mark = this.document.createElement('span');
        mark.className = 'todo-mark';
        mark.setAttribute('aria-label', STATUS_WORDS[item.status]);
        mark.textContent = MARKS[item.status];
        row.append(mark, this.document.createTextNode(` ${item.text}`));
        return row;
      }),
    );
  }
}

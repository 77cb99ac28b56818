/**
 * A compaction in the conversation: while the model writes its summary, a line saying so; then
 * the summary, folded under a line that says why the chat was compacted (the task goes on, or
 * the next one starts, from it); or, when no summary came, that the chat was left as it was.
 */
import type { ChatItem } from '../shared/chat/protocol';
import { compactCount } from './contextMeter';

type CompactionItem = Extract<ChatItem, { kind: 'compaction' }>;

function why(item: CompactionItem): string {
  if (item.taskId === undefined) return `Conversation compacted (${compactCount(item.chatChars)} characters of history)`;
  const share = item.limitChars ? ` at ${Math.round((item.chatChars / item.limitChars) * 100)}% of its limit` : '';
  return `Chat compacted${share}: the task goes on in a new chat from this summary`;
}

export function renderCompaction(document: Document, element: HTMLElement, item: CompactionItem, markdown: (text: string) => string): void {
  element.className = 'compaction';
  element.dataset.testid = 'compaction';
  if (item.summary === undefined) {
    element.dataset.state = item.failed ? 'failed' : 'summarizing';
    element.textContent = item.failed ? 'Compaction failed: the chat goes on as it was.' : 'Compacting: the model is writing a summary of the task so far…';
    return;
  }
  element.dataset.state = 'done';
  const details = document.createElement('details');
  const summary = document.createElement('summary');
  summary.textContent = why(item);
  const body = document.createElement('div');
  body.className = 'compaction-summary';
  body.innerHTML = markdown(item.summary);
  details.append(summary, body);
  element.append(details);
}

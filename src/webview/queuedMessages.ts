/**
 * The conversation's queue, under the messages: each message typed while a task runs, marked
 * Queued, with Edit (back to the composer), Remove, and Send now (into the running task at its
 * next turn; with no task running, sent at once). One that waits for the next turn says so.
 */
import type { QueuedMessage } from '../shared/chat/protocol';

export type QueueAction = 'edit' | 'remove' | 'sendNow';

export class QueuedMessages {
  readonly element: HTMLElement;
  /** The queue last drawn (as JSON): a render that changes nothing keeps the DOM, and the focus in it. */
  private drawn = '';

  constructor(private readonly document: Document, private readonly act: (id: string, action: QueueAction) => void) {
    this.element = document.createElement('div');
    this.element.className = 'queued-messages';
    this.element.dataset.testid = 'queued-messages';
    this.element.setAttribute('aria-label', 'Queued messages');
    this.element.hidden = true;
  }

  update(queue: readonly QueuedMessage[] | undefined, busy: boolean): void {
    const key = JSON.stringify([queue ?? [], busy]);
    if (key === this.drawn) return;
    this.drawn = key;
    this.element.replaceChildren(...(queue ?? []).map((queued) => this.item(queued, busy)));
    this.element.hidden = (queue ?? []).length === 0;
  }

  private item(queued: QueuedMessage, busy: boolean): HTMLElement {
    const row = this.document.createElement('div');
    row.className = 'queued-message';
    row.dataset.testid = 'queued-message';
    row.dataset.queuedId = queued.id;
    if (queued.steering) row.dataset.steering = 'true';
    const label = this.document.createElement('span');
    label.className = 'queued-label';
    label.dataset.testid = 'queued-label';
    label.textContent = queued.steering ? (busy && !queued.images ? 'Sending at the next turn' : 'Next') : 'Queued';
    const text = this.document.createElement('span');
    text.className = 'queued-text';
    text.dataset.testid = 'queued-text';
    text.textContent = queued.text;
    text.title = queued.text;
    const extras = [queued.mentions ? `${queued.mentions} context` : '', queued.images ? `${queued.images} image${queued.images === 1 ? '' : 's'}` : ''].filter(Boolean);
    const buttons = this.document.createElement('span');
    buttons.className = 'queued-actions';
    buttons.append(
      this.button('Edit', 'queued-edit', 'Put it back in the composer', () => this.act(queued.id, 'edit')),
      this.button('Remove', 'queued-remove', 'Do not send it', () => this.act(queued.id, 'remove')),
    );
    if (!queued.steering) {
      const title = busy ? 'Send it into the running task: the model gets it at its next turn' : 'Send it now';
      buttons.append(this.button('Send now', 'queued-send-now', title, () => this.act(queued.id, 'sendNow')));
    }
    row.append(label, text, ...(extras.length > 0 ? [this.note(extras.join(', '))] : []), buttons);
    return row;
  }

  private note(content: string): HTMLElement {
    const note = this.document.createElement('span');
    note.className = 'queued-extras';
    note.textContent = content;
    return note;
  }

  private button(label: string, testId: string, title: string, onClick: () => void): HTMLButtonElement {
    const button = this.document.createElement('button');
    button.type = 'button';
    button.className = 'link';
    button.dataset.testid = testId;
    button.textContent = label;
    button.title = title;
    button.addEventListener('click', onClick);
    return button;
  }
}

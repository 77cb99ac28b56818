/**
 * The context meter, the header's lower edge: how full the site's chat is (what PTK sent to it and
 * what the model answered, against the chat's limit), as a line that fills; its tooltip gives the
 * figures (with an estimate in tokens) and the conversation's history against its budget.
 * Clicking it compacts the conversation now. Hidden until a task measured the chat.
 */
import type { ContextUsageInfo } from '../shared/chat/protocol';

/** 1234 → "1.2k", 56789 → "57k", 950 → "950", 4000000 → "4M". */
export function compactCount(value: number): string {
  if (value < 1000) return String(value);
  if (value >= 1_000_000) return `${(value / 1_000_000).toFixed(1).replace(/\.0$/, '')}M`;
  const thousands = value / 1000;
  return `${thousands < 10 ? thousands.toFixed(1).replace(/\.0$/, '') : Math.round(thousands)}k`;
}

/** Characters to tokens, as PTK estimates them everywhere (about four characters a token). */
function tokens(chars: number): string {
  return Math.ceil(chars / 4).toLocaleString('en');
}

export class ContextMeter {
  readonly element: HTMLButtonElement;
  private readonly label: HTMLElement;
  private readonly bar: HTMLElement;

  constructor(document: Document, compact: () => void) {
    this.element = document.createElement('button');
    this.element.type = 'button';
    this.element.className = 'context-meter';
    this.element.dataset.testid = 'context-meter';
    this.element.hidden = true;
    const track = document.createElement('span');
    track.className = 'context-track';
    this.bar = document.createElement('span');
    this.bar.className = 'context-bar';
    track.append(this.bar);
    this.label = document.createElement('span');
    this.label.className = 'context-label';
    this.element.append(track, this.label);
    this.element.addEventListener('click', compact);
  }

  update(usage: ContextUsageInfo | undefined, busy: boolean): void {
    this.element.hidden = usage === undefined;
    this.element.disabled = busy;
    if (!usage) return;
    const { chatChars, limitChars, historyChars, historyBudgetChars } = usage;
    const share = limitChars ? Math.min(1, chatChars / limitChars) : undefined;
    this.label.textContent = share === undefined ? compactCount(chatChars) : `${Math.round(share * 100)}%`;
    this.bar.style.width = `${Math.round((share ?? 0) * 100)}%`;
    this.element.dataset.level = share === undefined ? 'unknown' : share >= 0.8 ? 'full' : share >= 0.6 ? 'high' : 'ok';
    const chat = limitChars
      ? `The site's chat holds ${chatChars.toLocaleString('en')} of ${limitChars.toLocaleString('en')} characters (about ${tokens(chatChars)} of ${tokens(limitChars)} tokens). At 80% PTK asks the model for a summary and goes on in a new chat.`
      : `The site's chat holds ${chatChars.toLocaleString('en')} characters (about ${tokens(chatChars)} tokens).`;
    const history = `This conversation's history: ${historyChars.toLocaleString('en')} characters of the ${historyBudgetChars.toLocaleString('en')}-character budget a new chat starts from.`;
    this.element.title = [chat, history, busy ? 'Compact is offered once the task has ended.' : 'Click to compact the conversation now (the model summarizes it; the next message starts from the summary).'].join('\n');
    this.element.setAttribute('aria-label', `Context: ${this.label.textContent}${share === undefined ? ' characters' : ' of the chat limit'}. Compact the conversation`);
  }
}

/**
 * "Approval needed": a button shown while an approval waits and its card is scrolled out of
 * sight; clicking it scrolls the card into view.
 */

export class ApprovalNeeded {
  readonly element: HTMLButtonElement;
  private pending: readonly string[] = [];

  constructor(document: Document, private readonly list: HTMLElement) {
    this.element = document.createElement('button');
    this.element.type = 'button';
    this.element.className = 'approval-needed primary';
    this.element.dataset.testid = 'approval-needed';
    this.element.textContent = 'Approval needed ↓';
    this.element.title = 'A write or command waits for your approval: show its card';
    this.element.hidden = true;
    this.element.addEventListener('click', () => this.firstCard()?.scrollIntoView({ block: 'center' }));
    list.addEventListener('scroll', () => this.refresh(), { passive: true });
  }

  /** The approvals waiting now, oldest first (after each render). */
  update(pendingApprovals: readonly string[]): void {
    this.pending = pendingApprovals;
    this.refresh();
  }

  private firstCard(): HTMLElement | undefined {
    for (const approvalId of this.pending) {
      const card = this.list.querySelector<HTMLElement>(`[data-approval-id="${CSS.escape(approvalId)}"]`);
      if (card) return card;
    }
    return undefined;
  }

  /** Shown when no waiting card is within the list's visible area. */
  private refresh(): void {
    const view = this.list.getBoundingClientRect();
    const cards = this.pending.map((approvalId) => this.list.querySelector<HTMLElement>(`[data-approval-id="${CSS.escape(approvalId)}"]`)).filter((card): card is HTMLElement => card !== null);
    const seen = cards.some((card) => {
      const rect = card.getBoundingClientRect();
      return rect.bottom > view.top && rect.top < view.bottom;
    });
    this.element.hidden = cards.length === 0 || seen;
  }
}

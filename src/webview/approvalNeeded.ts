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

  /** The cards of the waiting approvals, oldest first. */
  private cards(): HTMLElement[] {
    const byId = new Map([...this.list.querySelectorAll<HTMLElement>('[data-approval-id]')].map((card) => [card.dataset.approvalId, card]));
    return this.pending.map((approvalId) => byId.get(approvalId)).filter((card): card is HTMLElement => card !== undefined);
  }

  private firstCard(): HTMLElement | undefined {
    return this.cards()[0];
  }

  /** Shown when no waiting card is within the list's visible area. */
  private refresh(): void {
    const view = this.list.getBoundingClientRect();
    const cards = this.cards();
    const seen = cards.some((card) => {
      const rect = card.getBoundingClientRect();
      return rect.bottom > view.top && rect.top < view.bottom;
    });
    this.element.hidden = cards.length === 0 || seen;
  }
}

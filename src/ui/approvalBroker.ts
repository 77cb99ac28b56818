/**
 * Routes the dangerous tools' approval requests (the Workspace port's requestApproval) into
 * the chat view's tool cards, and waits for the user's Approve / Reject there (or in the diff
 * editor's title bar). When the view is not visible it also asks another way (a notification
 * in VS Code) and opens the proposed change's diff: the first answer wins, wherever it comes
 * from. Pure: no 'vscode' import, so it is unit tested in Node.
 */
import { PTKAbortError } from '../core/errors';
import type { ApprovalDecision, ApprovalRequest } from '../core/workspace';
import type { AutoApprovedBy, ChatEvent } from '../shared/chat/protocol';

/** How a settled approval ended, for the diff's title ("rejected change"). */
export type ApprovalOutcome = 'approved' | 'rejected' | 'cancelled';

interface ApprovalBrokerOptions {
  /** Publishes the approvalRequested / approvalResolved events to the chat. */
  emit: (event: ChatEvent) => void;
  /** True when the chat view is visible, so its card can be answered. */
  isViewVisible: () => boolean;
  /**
   * Asks another way when the view is hidden (e.g. a notification); `signal` fires once the
   * request is answered elsewhere (the card, the diff's title bar) or cancelled.
   */
  fallback: (request: ApprovalRequest, signal?: AbortSignal) => Promise<ApprovalDecision>;
  /** Id generator (tests pass a deterministic one). */
  createId?: () => string;
  /** Clock in ms for the time the user took to decide (tests pass a fixed one). */
  now?: () => number;
  /** Shows the change of a request (the diff editor); `outcome` once it is settled. */
  showDiff?: (approvalId: string, request: ApprovalRequest, outcome?: ApprovalOutcome) => void;
  /** Says why a card's diff cannot be shown (its change is no longer kept, e.g. after a window reload). */
  diffUnavailable?: (approvalId: string) => void;
  /** A request was answered or cancelled, however (card, diff editor, Stop): its diff tab may close. */
  onSettled?: (approvalId: string) => void;
}

interface PendingApproval {
  request: ApprovalRequest;
  askedAt: number;
  resolve: (decision: ApprovalDecision) => void;
  reject: (error: unknown) => void;
  cleanup: () => void;
}

/** One line that tells the user what is about to happen. */
function describeApproval(request: ApprovalRequest): string {
  if (request.summary) return request.summary;
  if (request.kind === 'command') return `Run \`${request.command ?? ''}\``;
  return `${request.kind === 'write' ? 'Write' : 'Edit'} ${request.path ?? 'a file'}`;
}

export class ApprovalBroker {
  private readonly pending = new Map<string, PendingApproval>();
  /** Requests kept after their answer, so "open diff" still works on a settled card. */
  private readonly settled = new Map<string, { request: ApprovalRequest; outcome: ApprovalOutcome }>();
  private counter = 0;

  constructor(private readonly options: ApprovalBrokerOptions) {}

  /** The Workspace port's requestApproval: resolves with the user's decision; rejects with PTKAbortError when `signal` fires. */
  request = (request: ApprovalRequest, signal?: AbortSignal): Promise<ApprovalDecision> => {
    if (signal?.aborted) return Promise.reject(new PTKAbortError());
    const hidden = !this.options.isViewVisible();
    const approvalId = this.options.createId?.() ?? `approval-${Date.now().toString(36)}-${++this.counter}`;
    return new Promise<ApprovalDecision>((resolve, reject) => {
      const onAbort = () => this.cancel(approvalId);
      signal?.addEventListener('abort', onAbort, { once: true });
      // The other asker (view hidden) stops asking once the request is settled, however.
      const elsewhere = hidden ? new AbortController() : undefined;
      const cleanup = () => {
        signal?.removeEventListener('abort', onAbort);
        elsewhere?.abort();
      };
      this.pending.set(approvalId, { request, askedAt: this.now(), resolve, reject, cleanup });
      this.emitRequested(approvalId, request);
      if (elsewhere) this.askElsewhere(approvalId, request, elsewhere.signal);
    });
  };

  /**
   * A write, edit or command that went ahead without asking (a setting or an earlier "Always"):
   * its card still shows the change and offers "Open diff".
   */
  recordAutoApproved(request: ApprovalRequest, by?: AutoApprovedBy): void {
    const approvalId = this.options.createId?.() ?? `approval-${Date.now().toString(36)}-${++this.counter}`;
    this.keepSettled(approvalId, request, 'approved');
    this.emitRequested(approvalId, request, by ?? 'always');
  }

  /** The user answered in the view. Returns false when the id is unknown or already answered. */
  resolve(approvalId: string, decision: ApprovalDecision): boolean {
    const entry = this.finish(approvalId, decision.decision === 'reject' ? 'rejected' : 'approved');
    if (!entry) return false;
    const reason = decision.decision === 'reject' ? decision.reason?.trim() || undefined : undefined;
    this.options.emit({ type: 'approvalResolved', approvalId, decision: decision.decision, reason, ...this.waited(entry) });
    entry.resolve({ decision: decision.decision, reason });
    return true;
  }

  /** "Open diff" on a card: shows the change, or says why it cannot (the request is no longer kept). */
  openDiff(approvalId: string): void {
    const request = this.getRequest(approvalId);
    if (request && request.kind !== 'command' && request.after !== undefined) this.options.showDiff?.(approvalId, request, this.settled.get(approvalId)?.outcome);
    else this.options.diffUnavailable?.(approvalId);
  }

  /** The request behind a card (pending or answered), for "open diff". */
  getRequest(approvalId: string): ApprovalRequest | undefined {
    return this.pending.get(approvalId)?.request ?? this.settled.get(approvalId)?.request;
  }

  /** Ids still waiting, oldest first. */
  pendingIds(): string[] {
    return [...this.pending.keys()];
  }

  /** Cancels every waiting request (Stop, new conversation). */
  cancelAll(): void {
    for (const approvalId of [...this.pending.keys()]) this.cancel(approvalId);
  }

  /** Stop (or the task's signal): the card says cancelled, the wait left out of its duration too. */
  cancel(approvalId: string): void {
    const entry = this.finish(approvalId, 'cancelled');
    if (!entry) return;
    this.options.emit({ type: 'approvalResolved', approvalId, decision: 'cancelled', ...this.waited(entry) });
    entry.reject(new PTKAbortError());
  }

  /** How long the user had the request before it was settled (none when no time passed). */
  private waited(entry: PendingApproval): { waitedMs?: number } {
    const waitedMs = Math.max(0, this.now() - entry.askedAt);
    return waitedMs > 0 ? { waitedMs } : {};
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /**
   * The view is hidden: the change's diff opens (with Accept / Reject in its title bar) and the
   * other asker asks too; the first answer settles the request, the others are dropped.
   */
  private askElsewhere(approvalId: string, request: ApprovalRequest, signal: AbortSignal): void {
    if (request.kind !== 'command' && request.after !== undefined) this.options.showDiff?.(approvalId, request);
    this.options.fallback(request, signal).then(
      (decision) => this.resolve(approvalId, decision),
      () => undefined, // answered in the view or the diff, or cancelled: that path settled it
    );
  }

  private emitRequested(approvalId: string, request: ApprovalRequest, autoBy?: AutoApprovedBy): void {
    this.options.emit({
      type: 'approvalRequested',
      approvalId,
      toolName: request.toolName,
      kind: request.kind,
      summary: describeApproval(request),
      path: request.path,
      command: request.command,
      hasDiff: request.kind !== 'command' && request.after !== undefined,
      ...(request.protectedReason ? { protection: request.protectedReason } : {}),
      ...(autoBy ? { auto: true, autoBy } : {}),
    });
  }

  private keepSettled(approvalId: string, request: ApprovalRequest, outcome: ApprovalOutcome): void {
    this.settled.set(approvalId, { request, outcome });
    if (this.settled.size > 50) this.settled.delete(this.settled.keys().next().value as string);
  }

  private finish(approvalId: string, outcome: ApprovalOutcome): PendingApproval | undefined {
    const entry = this.pending.get(approvalId);
    if (!entry) return undefined;
    this.pending.delete(approvalId);
    entry.cleanup();
    this.keepSettled(approvalId, entry.request, outcome);
    this.options.onSettled?.(approvalId);
    return entry;
  }
}

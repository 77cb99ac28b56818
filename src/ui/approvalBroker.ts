/**
 * Routes the dangerous tools' approval requests (the Workspace port's requestApproval) into
 * the chat view's tool cards, and waits for the user's Approve / Reject there. When the view
 * is not visible it falls back to another asker (a modal message in VS Code). Pure: no
 * 'vscode' import, so it is unit tested in Node.
 */
import { PTKAbortError } from '../core/errors';
import type { ApprovalDecision, ApprovalRequest } from '../core/workspace';
import type { ChatEvent } from '../shared/chat/protocol';

interface ApprovalBrokerOptions {
  /** Publishes the approvalRequested / approvalResolved events to the chat. */
  emit: (event: ChatEvent) => void;
  /** True when the chat view is visible, so its card can be answered. */
  isViewVisible: () => boolean;
  /** Asks another way when the view is hidden (e.g. a modal message). */
  fallback: (request: ApprovalRequest, signal?: AbortSignal) => Promise<ApprovalDecision>;
  /** Id generator (tests pass a deterministic one). */
  createId?: () => string;
  /** Clock in ms for the time the user took to decide (tests pass a fixed one). */
  now?: () => number;
  /** Shows the proposed change of a request (the diff editor). */
  showDiff?: (approvalId: string, request: ApprovalRequest) => void;
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
  private readonly settled = new Map<string, ApprovalRequest>();
  private counter = 0;

  constructor(private readonly options: ApprovalBrokerOptions) {}

  /** The Workspace port's requestApproval: resolves with the user's decision; rejects with PTKAbortError when `signal` fires. */
  request = (request: ApprovalRequest, signal?: AbortSignal): Promise<ApprovalDecision> => {
    if (signal?.aborted) return Promise.reject(new PTKAbortError());
    if (!this.options.isViewVisible()) return this.options.fallback(request, signal);
    const approvalId = this.options.createId?.() ?? `approval-${Date.now().toString(36)}-${++this.counter}`;
    return new Promise<ApprovalDecision>((resolve, reject) => {
      const onAbort = () => {
        if (!this.pending.has(approvalId)) return;
        this.finish(approvalId);
        this.options.emit({ type: 'approvalResolved', approvalId, decision: 'cancelled' });
        reject(new PTKAbortError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.set(approvalId, { request, askedAt: this.now(), resolve, reject, cleanup: () => signal?.removeEventListener('abort', onAbort) });
      this.emitRequested(approvalId, request, false);
    });
  };

  /**
   * A write, edit or command that went ahead without asking (a setting or an earlier "Always"):
   * its card still shows the change and offers "Open diff".
   */
  recordAutoApproved(request: ApprovalRequest): void {
    const approvalId = this.options.createId?.() ?? `approval-${Date.now().toString(36)}-${++this.counter}`;
    this.keepSettled(approvalId, request);
    this.emitRequested(approvalId, request, true);
  }

  /** The user answered in the view. Returns false when the id is unknown or already answered. */
  resolve(approvalId: string, decision: ApprovalDecision): boolean {
    const entry = this.finish(approvalId);
    if (!entry) return false;
    const reason = decision.decision === 'reject' ? decision.reason?.trim() || undefined : undefined;
    const waitedMs = Math.max(0, this.now() - entry.askedAt);
    this.options.emit({ type: 'approvalResolved', approvalId, decision: decision.decision, reason, ...(waitedMs > 0 ? { waitedMs } : {}) });
    entry.resolve({ decision: decision.decision, reason });
    return true;
  }

  /** "Open diff" on a card: shows the change, or says why it cannot (the request is no longer kept). */
  openDiff(approvalId: string): void {
    const request = this.getRequest(approvalId);
    if (request && request.kind !== 'command' && request.after !== undefined) this.options.showDiff?.(approvalId, request);
    else this.options.diffUnavailable?.(approvalId);
  }

  /** The request behind a card (pending or answered), for "open diff". */
  getRequest(approvalId: string): ApprovalRequest | undefined {
    return this.pending.get(approvalId)?.request ?? this.settled.get(approvalId);
  }

  /** Ids still waiting, oldest first. */
  pendingIds(): string[] {
    return [...this.pending.keys()];
  }

  /** Cancels every waiting request (Stop, new conversation). */
  cancelAll(): void {
    for (const approvalId of [...this.pending.keys()]) {
      const entry = this.finish(approvalId);
      this.options.emit({ type: 'approvalResolved', approvalId, decision: 'cancelled' });
      entry?.reject(new PTKAbortError());
    }
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private emitRequested(approvalId: string, request: ApprovalRequest, auto: boolean): void {
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
      ...(auto ? { auto: true } : {}),
    });
  }

  private keepSettled(approvalId: string, request: ApprovalRequest): void {
    this.settled.set(approvalId, request);
    if (this.settled.size > 50) this.settled.delete(this.settled.keys().next().value as string);
  }

  private finish(approvalId: string): PendingApproval | undefined {
    const entry = this.pending.get(approvalId);
    if (!entry) return undefined;
    this.pending.delete(approvalId);
    entry.cleanup();
    this.keepSettled(approvalId, entry.request);
    this.options.onSettled?.(approvalId);
    return entry;
  }
}

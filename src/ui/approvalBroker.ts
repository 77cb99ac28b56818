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
}

interface PendingApproval {
  request: ApprovalRequest;
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
      this.pending.set(approvalId, { request, resolve, reject, cleanup: () => signal?.removeEventListener('abort', onAbort) });
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
      });
    });
  };

  /** The user answered in the view. Returns false when the id is unknown or already answered. */
  resolve(approvalId: string, decision: ApprovalDecision): boolean {
    const entry = this.finish(approvalId);
    if (!entry) return false;
    const reason = decision.decision === 'reject' ? decision.reason?.trim() || undefined : undefined;
    this.options.emit({ type: 'approvalResolved', approvalId, decision: decision.decision, reason });
    entry.resolve({ decision: decision.decision, reason });
    return true;
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

  private finish(approvalId: string): PendingApproval | undefined {
    const entry = this.pending.get(approvalId);
    if (!entry) return undefined;
    this.pending.delete(approvalId);
    entry.cleanup();
    this.settled.set(approvalId, entry.request);
    if (this.settled.size > 50) this.settled.delete(this.settled.keys().next().value as string);
    return entry;
  }
}

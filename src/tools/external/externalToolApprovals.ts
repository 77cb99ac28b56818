/**
 * The approval of external tool calls, through the same flow as PTK's own dangerous tools (the
 * Workspace port's requestApproval: the chat view's tool card, or VS Code's notification when the
 * view is hidden). An external tool is dangerous unless allow-listed in `ptk.externalTools` or
 * set in `ptk.tools.autoApprove`; an "always" answer goes to the window's grants (the same store
 * as PTK's own tools', so the chat's chip shows it and turns it off). A call that runs without
 * asking (its "Always", or the setting) is reported like PTK's own, so its card says what approved it.
 */
import { ApprovalRejectedError } from '../../core/errors';
import type { ApprovalDecision, ApprovalRequest } from '../../core/workspace';
import type { ApprovalGateOptions, AutoApprovedBy } from '../approval';
import { SessionGrants } from '../sessionGrants';

/** Longest argument text shown in an approval. */
const ARGUMENTS_SHOWN_CHARS = 400;

export type ApprovalRequester = (request: ApprovalRequest, signal?: AbortSignal) => Promise<ApprovalDecision>;

/** The approval request of one external call (kind 'command': the card shows the call as one line). */
function externalApprovalRequest(toolName: string, args: Record<string, unknown>, tags: readonly string[] = []): ApprovalRequest {
  const argumentText = JSON.stringify(args);
  const shown = argumentText.length > ARGUMENTS_SHOWN_CHARS ? `${argumentText.slice(0, ARGUMENTS_SHOWN_CHARS - 1)}…` : argumentText;
  const source = tags.length ? ` (${tags.join(', ')})` : '';
  return { toolName, kind: 'command', command: `${toolName} ${shown}`, summary: `Run the VS Code tool ${toolName}${source} with ${shown}` };
}

export class ExternalToolApprovals {
  private readonly grants: SessionGrants;

  /**
   * @param options the window's "Always" answers (default: this object's own) and who hears of a
   * call that runs without asking (the same as PTK's own tools')
   */
  constructor(
    private readonly requestApproval: ApprovalRequester,
    private readonly autoApprove: () => Readonly<Record<string, boolean>> = () => ({}),
    private readonly options: ApprovalGateOptions = {},
  ) {
    this.grants = options.grants ?? new SessionGrants();
  }

  /** What lets a call of this (not allow-listed) tool run without asking: the setting or an "Always" answer. */
  private preApprovedBy(toolName: string): AutoApprovedBy | undefined {
    if (this.autoApprove()[toolName] === true) return 'autoApprove';
    return this.grants.hasTool(toolName) ? 'always' : undefined;
  }

  /**
   * Resolves when the call may run; throws ApprovalRejectedError (with the user's reason) when not.
   * An allow-listed tool is not a dangerous one (its card has no approval area): it is not reported.
   */
  async ensureApproved(toolName: string, args: Record<string, unknown>, allowListed: boolean, signal?: AbortSignal, tags?: readonly string[]): Promise<void> {
    if (allowListed) return;
    await this.ensureRequestApproved(externalApprovalRequest(toolName, args, tags), signal);
  }

  /**
   * The same for a request another tool words itself (consult): it runs without asking when the
   * user's autoApprove setting or an "Always" answer covers its tool; "Always" covers the tool.
   */
  async ensureRequestApproved(request: ApprovalRequest, signal?: AbortSignal): Promise<void> {
    const { toolName } = request;
    const by = this.preApprovedBy(toolName);
    if (by) {
      this.options.onAutoApproved?.(request, by);
      return;
    }
    const answer = await this.requestApproval(request, signal);
    if (answer.decision === 'reject') throw new ApprovalRejectedError(undefined, { toolName, reason: answer.reason?.trim() || undefined });
    if (answer.decision === 'always') this.grants.grantTool(toolName);
  }
}

/**
 * The approval of external tool calls, through the same flow as PTK's own dangerous tools (the
 * Workspace port's requestApproval: the chat view's tool card, or VS Code's notification when the
 * view is hidden). An external tool is dangerous unless allow-listed in `ptk.externalTools` or
 * set in `ptk.tools.autoApprove`; an "always" answer goes to the window's grants (the same store
 * as PTK's own tools', so the chat's chip shows it and turns it off).
 */
import { ApprovalRejectedError } from '../../core/errors';
import type { ApprovalDecision, ApprovalRequest } from '../../core/workspace';
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
  /**
   * @param grants the window's "Always" answers (default: this object's own)
   */
  constructor(
    private readonly requestApproval: ApprovalRequester,
    private readonly autoApprove: () => Readonly<Record<string, boolean>> = () => ({}),
    private readonly grants: SessionGrants = new SessionGrants(),
  ) {}

  /** True when a call of this tool runs without asking. */
  isPreApproved(toolName: string, allowListed: boolean): boolean {
    return allowListed || this.autoApprove()[toolName] === true || this.grants.hasTool(toolName);
  }

  /** Resolves when the call may run; throws ApprovalRejectedError (with the user's reason) when not. */
  async ensureApproved(toolName: string, args: Record<string, unknown>, allowListed: boolean, signal?: AbortSignal, tags?: readonly string[]): Promise<void> {
    if (this.isPreApproved(toolName, allowListed)) return;
    const answer = await this.requestApproval(externalApprovalRequest(toolName, args, tags), signal);
    if (answer.decision === 'reject') throw new ApprovalRejectedError(toolName, answer.reason?.trim() || undefined);
    if (answer.decision === 'always') this.grants.grantTool(toolName);
  }
}

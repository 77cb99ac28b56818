/**
 * The approval gate of the dangerous tools: before writing or running, ask the user through
 * the workspace's requestApproval (a diff for writes, the exact command for runs), unless a
 * setting or an earlier "always" already allows it. A rejection becomes ApprovalRejectedError
 * carrying the user's reason, which the engine sends back to the model as a tool error.
 */
import { ApprovalRejectedError, PTKErrorCode, WorkspaceError } from '../core/errors';
import type { ApprovalRequest, Workspace } from '../core/workspace';
import { SessionGrants } from './sessionGrants';
import type { ToolSettings } from './settings';

/** Characters that chain, redirect or substitute in a shell: an allow-listed prefix never covers them. */
const SHELL_OPERATORS = /[;&|`$<>\n\r()]/;

/** True when `command` is allowed without asking by the `allowedCommands` setting. */
export function isCommandAllowListed(command: string, allowedCommands: readonly string[]): boolean {
  const trimmed = command.trim();
  return allowedCommands.some((allowed) => {
    const rule = allowed.trim();
    if (rule.endsWith(' *')) {
      const prefix = rule.slice(0, -2);
      if (trimmed !== prefix && !trimmed.startsWith(`${prefix} `)) return false;
      return !SHELL_OPERATORS.test(trimmed.slice(prefix.length));
    }
    return trimmed === rule;
  });
}

/** What let a call run without asking: an "Always" answer of this window, `ptk.tools.autoApprove`, or `ptk.tools.allowedCommands`. */
export type AutoApprovedBy = 'always' | 'autoApprove' | 'allowedCommands';

/** What the gate shares with the window: the "Always" grants, and who hears of a change made without asking. */
export interface ApprovalGateOptions {
  /** The "Always" answers (default: this gate's own). */
  grants?: SessionGrants;
  /** A request that went ahead without asking, and what approved it (its card still shows the change and says why). */
  onAutoApproved?: (request: ApprovalRequest, by: AutoApprovedBy) => void;
}

/** Session memory of "always" answers and the per-tool settings. */
export class ApprovalGate {
  private readonly grants: SessionGrants;

  constructor(private readonly workspace: Workspace, private readonly settings: Pick<ToolSettings, 'autoApprove' | 'allowedCommands'>, private readonly options: ApprovalGateOptions = {}) {
    this.grants = options.grants ?? new SessionGrants();
  }

  /** True when this request would run without asking (never for a protected file). */
  isPreApproved(request: ApprovalRequest): boolean {
    return this.preApprovedBy(request) !== undefined;
  }

  /** What lets this request run without asking (a setting, or an "Always" answer); undefined when it asks. */
  preApprovedBy(request: ApprovalRequest): AutoApprovedBy | undefined {
    if (request.protectedReason) return undefined;
    if (request.kind === 'command') {
      const command = request.command ?? '';
      if (isCommandAllowListed(command, this.settings.allowedCommands)) return 'allowedCommands';
      return this.grants.hasCommand(request.toolName, command) ? 'always' : undefined;
    }
    if (this.settings.autoApprove[request.toolName] === true) return 'autoApprove';
    return this.grants.hasTool(request.toolName) ? 'always' : undefined;
  }

  /**
   * Resolves when the operation may go ahead; throws ApprovalRejectedError (with the user's
   * reason) when the user says no. 'always' remembers the tool for writes and the exact command
   * line for commands, for this session; for a protected file it approves this write only.
   */
  async ensureApproved(request: ApprovalRequest, signal?: AbortSignal): Promise<void> {
    const by = this.preApprovedBy(request);
    if (by) {
      this.options.onAutoApproved?.(request, by);
      return;
    }
    const answer = await this.workspace.requestApproval(request, signal);
    if (answer.decision === 'reject') throw new ApprovalRejectedError(undefined, { toolName: request.toolName, reason: answer.reason?.trim() || undefined });
    if (answer.decision === 'always') {
      if (request.kind === 'command') this.grants.grantCommand(request.toolName, request.command ?? '');
      else if (!request.protectedReason) this.grants.grantTool(request.toolName);
    } else if (answer.decision !== 'approve') {
      throw new WorkspaceError(`Unknown approval decision "${String(answer.decision)}".`, { code: PTKErrorCode.APPROVAL_REJECTED });
    }
  }
}

/** Throws WORKSPACE_UNTRUSTED when the workspace is not trusted (tools that write or run). */
export function assertTrusted(workspace: Workspace, toolName: string): void {
  if (!workspace.isTrusted()) {
    throw new WorkspaceError(
      `${toolName} is disabled because this workspace is not trusted (Restricted Mode). Only read-only tools (read_file, list_files, search_code, get_diagnostics) can be used; ask the user to trust the workspace.`,
      { code: PTKErrorCode.WORKSPACE_UNTRUSTED, context: { toolName } },
    );
  }
}

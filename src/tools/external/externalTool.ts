/**
 * An external tool (one of VS Code's language-model tools, MCP servers' included) as a PTK tool:
 * its JSON schema goes into the prompt; a call is checked against that schema, approved through
 * PTK's approval flow unless allow-listed, run through the injected invoker (vscode.lm.invokeTool
 * with the task's cancellation), and its result parts come back as text.
 */
import { PTKErrorCode, ToolExecutionError } from '../../core/errors';
import { providerToolAsPTKTool } from '../../core/modelProvider/providerMessages';
import { validateToolCall } from '../../core/protocol';
import type { PTKTool } from '../../core/types';
import type { ExternalToolApprovals } from './externalToolApprovals';
import { externalResultText, type ExternalToolResultPart } from './externalToolResult';
import type { SelectedExternalTool } from './externalToolsSetting';

/** Runs an external tool (VS Code: vscode.lm.invokeTool); rejects when the tool fails. */
type ExternalToolInvoker = (name: string, input: Record<string, unknown>, signal: AbortSignal) => Promise<ExternalToolResultPart[]>;

interface ExternalToolOptions {
  invoke: ExternalToolInvoker;
  approvals: ExternalToolApprovals;
}

export function createExternalTool(selected: SelectedExternalTool, options: ExternalToolOptions): PTKTool<Record<string, unknown>, string> {
  const { descriptor } = selected;
  const schemaTool = providerToolAsPTKTool(descriptor);
  return {
    name: descriptor.name,
    description: descriptor.description || `The VS Code tool ${descriptor.name}.`,
    parameters: schemaTool.parameters,
    dangerous: !selected.preApproved,
    displayName: descriptor.name,
    handler: async (args, context) => {
      // The prompt may have shown a compact entry: the call is checked against the full schema here.
      const validation = validateToolCall({ tool: descriptor.name, args }, [schemaTool]);
      if (!validation.valid) throw new ToolExecutionError(validation.error ?? `Invalid arguments for ${descriptor.name}.`, { code: PTKErrorCode.INVALID_TOOL_CALL });
      await options.approvals.ensureApproved(descriptor.name, args, selected.preApproved, context.signal, descriptor.tags);
      const parts = await options.invoke(descriptor.name, args, context.signal);
      return externalResultText(parts);
    },
  };
}

/**
 * VS Code's language-model tools for PTK tasks: `vscode.lm.tools` (other extensions' tools, and
 * the tools of the MCP servers configured in VS Code, which VS Code lists there) filtered by
 * `ptk.externalTools`, each wrapped as a PTK tool that asks through PTK's approval flow and runs
 * through `vscode.lm.invokeTool` with the task's cancellation.
 */
import * as vscode from 'vscode';
import { z } from 'zod';
import type { PTKTool } from '../../core/types';
import type { ApprovalGateOptions } from '../../tools';
import { createExternalTool, ExternalToolApprovals, ExternalToolsSettingSchema, selectExternalTools, type ApprovalRequester, type ExternalToolDescriptor, type ExternalToolResultPart } from '../../tools/external';
import { tokenFromAbortSignal } from './cancellation';
import { readSettings } from './configuration';
import { toResultPart } from './languageModelParts';

/** The setting's section and key: `ptk.externalTools`. */
export const EXTERNAL_TOOLS_SETTING = 'ptk.externalTools';
const SettingSchema = z.object({ externalTools: ExternalToolsSettingSchema });

/** What VS Code lists, in neutral form. */
function externalToolDescriptors(tools: readonly vscode.LanguageModelToolInformation[] = vscode.lm.tools): ExternalToolDescriptor[] {
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    inputSchema: typeof tool.inputSchema === 'object' && tool.inputSchema !== null ? (tool.inputSchema as Record<string, unknown>) : undefined,
    tags: tool.tags,
  }));
}

/** Runs one tool through VS Code (no chat invocation token: PTK's approval already ran). */
async function invokeVSCodeTool(name: string, input: Record<string, unknown>, signal: AbortSignal): Promise<ExternalToolResultPart[]> {
  const source = tokenFromAbortSignal(signal);
  try {
    const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined }, source.token);
    return result.content.map(toResultPart);
  } finally {
    source.dispose();
  }
}

export class VSCodeExternalTools {
  private readonly approvals: ExternalToolApprovals;
  private dangerousNames = new Set<string>();

  /** @param approvals the window's "Always" answers and who hears of a call run without asking, shared with PTK's own tools */
  constructor(requestApproval: ApprovalRequester, autoApprove: () => Readonly<Record<string, boolean>>, approvals?: ApprovalGateOptions, private readonly invoke = invokeVSCodeTool) {
    this.approvals = new ExternalToolApprovals(requestApproval, autoApprove, approvals);
  }

  /** The allowed external tools now (read at the start of each task); `ownToolNames` keep their names. */
  current(ownToolNames: readonly string[]): PTKTool[] {
    const setting = readSettings(SettingSchema, 'ptk').externalTools;
    const selected = selectExternalTools(externalToolDescriptors(), setting, ownToolNames);
    const tools = selected.map((tool) => createExternalTool(tool, { invoke: this.invoke, approvals: this.approvals }));
    this.dangerousNames = new Set(tools.filter((tool) => tool.dangerous).map((tool) => tool.name));
    return tools;
  }

  /** True for an external tool that asks before it runs (its card shows the approval area). */
  isDangerous(name: string): boolean {
    return this.dangerousNames.has(name);
  }
}

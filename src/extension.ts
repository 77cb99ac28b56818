/**
 * Composition root of the VS Code extension: builds the adapters (the VS Code Workspace port,
 * the tool settings, the approval diff provider), builds the IDE tools on them, and returns
 * the API other parts (the chat UI, the tests) use. UI registration lives in src/ui.
 */
import * as vscode from 'vscode';
import type { PTKTool } from './core/types';
import { createWorkspaceTools } from './tools';
import { ApprovalContentProvider, createNotificationApprover } from './host/vscode/approval';
import { onSettingsChanged, readToolSettings, TOOL_SETTINGS_SECTION } from './host/vscode/configuration';
import { runTestSuiteFromEnvironment } from './host/vscode/testHook';
import { VSCodeWorkspace } from './host/vscode/workspace';

/** Defined as true by the test build only (see test/vscode/harness/buildTestExtension.ts). */
declare const __PTK_TEST_BUILD__: boolean | undefined;

/** What activate() returns (vscode.extensions.getExtension(...).exports). */
export interface PTKExtensionApi {
  workspace: VSCodeWorkspace;
  /** Serves the before/after texts of the approval diff (scheme `ptk-approval`). */
  approvalContent: ApprovalContentProvider;
  /** The IDE tools built on the workspace with the current `ptk.tools.*` settings. */
  createTools(): PTKTool[];
}

export function activate(context: vscode.ExtensionContext): PTKExtensionApi {
  const approvalContent = new ApprovalContentProvider();
  context.subscriptions.push(approvalContent);
  const workspace = new VSCodeWorkspace({ approver: createNotificationApprover(approvalContent) });

  // A bad setting is reported at once (and again on every change), not at the first tool call.
  const checkSettings = (): void => {
    try {
      readToolSettings();
    } catch (error) {
      void vscode.window.showErrorMessage(`PTK Assistant: ${(error as Error).message}`);
    }
  };
  checkSettings();
  context.subscriptions.push(onSettingsChanged(TOOL_SETTINGS_SECTION, checkSettings));

  const api: PTKExtensionApi = {
    workspace,
    approvalContent,
    createTools: () => createWorkspaceTools(workspace, readToolSettings()),
  };

  if (typeof __PTK_TEST_BUILD__ !== 'undefined' && __PTK_TEST_BUILD__) void runTestSuiteFromEnvironment(api);
  return api;
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}

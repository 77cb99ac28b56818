/**
 * The lightbulb: "Fix with PTK" (a quick fix bound to its diagnostic), "Explain with PTK" on
 * diagnostics, "Ask PTK about this" on a selection. Which actions appear is decided by the
 * pure planCodeActions; each runs `ptk.runCodeAction`, which sends the task to the chat view.
 */
import * as vscode from 'vscode';
import { planCodeActions, type PlannedCodeAction } from '../../../ui/codeActionPlan';
import { COMMANDS } from './commands/commandIds';
import { toPlannedDiagnostic } from '../diagnosticShapes';

export class PTKCodeActionProvider implements vscode.CodeActionProvider {
  static readonly providedCodeActionKinds = [vscode.CodeActionKind.QuickFix, vscode.CodeActionKind.Empty];

  provideCodeActions(document: vscode.TextDocument, range: vscode.Range | vscode.Selection, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const diagnostics = context.diagnostics;
    const selectedText = range.isEmpty ? '' : document.getText(range);
    const plans = planCodeActions({
      relativePath: vscode.workspace.asRelativePath(document.uri, false),
      languageId: document.languageId,
      diagnostics: diagnostics.map(toPlannedDiagnostic),
      selectedText,
      selectionStartLine: range.start.line + 1,
      selectionEndLine: range.end.line + 1,
    });
    return plans.map((plan) => this.toCodeAction(plan, diagnostics));
  }

  private toCodeAction(plan: PlannedCodeAction, diagnostics: readonly vscode.Diagnostic[]): vscode.CodeAction {
    const kind = plan.kind === 'quickfix' ? vscode.CodeActionKind.QuickFix : vscode.CodeActionKind.Empty;
    const action = new vscode.CodeAction(plan.title, kind);
    if (plan.diagnosticIndex !== undefined) action.diagnostics = [diagnostics[plan.diagnosticIndex]];
    action.command = { command: COMMANDS.runCodeAction, title: plan.title, arguments: [{ prompt: plan.prompt, displayText: plan.displayText, mode: plan.mode }] };
    return action;
  }
}

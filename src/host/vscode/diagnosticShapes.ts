/**
 * A vscode.Diagnostic in PTK's shapes: the Workspace port's diagnostic (get_diagnostics,
 * @problems) and the code-action planner's. VS Code counts lines and columns from 0, PTK from 1.
 */
import type * as vscode from 'vscode';
import type { DiagnosticSeverity, WorkspaceDiagnostic } from '../../core/workspace';
import type { PlannedDiagnostic } from '../../ui/codeActionPlan';

/** Indexed by vscode.DiagnosticSeverity (Error 0, Warning 1, Information 2, Hint 3: fixed API values). */
const SEVERITY_NAMES: readonly DiagnosticSeverity[] = ['error', 'warning', 'information', 'hint'];

function severityName(diagnostic: vscode.Diagnostic): DiagnosticSeverity {
  return SEVERITY_NAMES[diagnostic.severity] ?? 'error';
}

function codeOf(diagnostic: vscode.Diagnostic): string | number | undefined {
  return typeof diagnostic.code === 'object' && diagnostic.code !== null ? diagnostic.code.value : diagnostic.code;
}

/** The Workspace port's diagnostic for `diagnostic` of the file at `path`. */
export function toWorkspaceDiagnostic(path: string, diagnostic: vscode.Diagnostic): WorkspaceDiagnostic {
  const code = codeOf(diagnostic);
  return {
    path,
    severity: severityName(diagnostic),
    message: diagnostic.message,
    range: {
      startLine: diagnostic.range.start.line + 1,
      startColumn: diagnostic.range.start.character + 1,
      endLine: diagnostic.range.end.line + 1,
      endColumn: diagnostic.range.end.character + 1,
    },
    ...(diagnostic.source ? { source: diagnostic.source } : {}),
    ...(code !== undefined ? { code } : {}),
  };
}

/** The code-action planner's diagnostic (lines only). */
export function toPlannedDiagnostic(diagnostic: vscode.Diagnostic): PlannedDiagnostic {
  return {
    message: diagnostic.message,
    severity: severityName(diagnostic),
    startLine: diagnostic.range.start.line + 1,
    endLine: diagnostic.range.end.line + 1,
    source: diagnostic.source,
    code: codeOf(diagnostic),
  };
}

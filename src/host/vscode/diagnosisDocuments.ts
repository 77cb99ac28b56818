/**
 * Diagnose Site's reports as read-only documents: each report gets a `ptk-diagnosis:` address
 * whose text this provider serves, so the editor shows it without an unsaved Untitled buffer to
 * save or discard.
 */
import * as vscode from 'vscode';

const DIAGNOSIS_SCHEME = 'ptk-diagnosis';

export class DiagnosisDocuments implements vscode.TextDocumentContentProvider {
  private readonly reports = new Map<string, string>();

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.reports.get(uri.path) ?? '';
  }

  /** Keeps `report` under `name` (a ".md" name: the editor shows it as markdown) and returns its address. */
  add(name: string, report: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: DIAGNOSIS_SCHEME, path: `/${name}` });
    this.reports.set(uri.path, report);
    return uri;
  }

  register(): vscode.Disposable {
    return vscode.workspace.registerTextDocumentContentProvider(DIAGNOSIS_SCHEME, this);
  }
}

/**
 * Which PTK code actions to offer, and the prompts they send (pure, tested in Node).
 * "Fix with PTK" is a quick fix bound to its diagnostic (errors and warnings), "Explain with
 * PTK" explains any diagnostic, "Ask PTK about this" asks about a non-empty selection.
 */
import type { DiagnosticSeverity } from '../core/workspace';

/** A diagnostic as the planner sees it. Lines are 1-based. */
export interface PlannedDiagnostic {
  message: string;
  severity: DiagnosticSeverity;
  startLine: number;
  endLine: number;
  source?: string;
  code?: string | number;
}

export interface CodeActionContextInput {
  /** Workspace-relative path of the document. */
  relativePath: string;
  languageId: string;
  /** Diagnostics at the cursor / range (VS Code passes them in the CodeActionContext). */
  diagnostics: readonly PlannedDiagnostic[];
  /** The selected text ('' when the selection is empty). */
  selectedText: string;
  selectionStartLine: number;
  selectionEndLine: number;
}

type CodeActionKindName = 'quickfix' | 'explain' | 'ask';

export interface PlannedCodeAction {
  kind: CodeActionKindName;
  title: string;
  /** Index into `diagnostics` for the actions bound to one. */
  diagnosticIndex?: number;
  /** What is sent to the model. */
  prompt: string;
  /** What the chat shows as the user's message. */
  displayText: string;
  /** The chat mode it runs in: Ask for explaining and asking (read-only tools only), Agent for a fix. */
  mode: 'ask' | 'agent';
}

/** Most diagnostics that get their own pair of actions (the lightbulb stays short). */
const MAX_DIAGNOSTIC_ACTIONS = 3;
/** Longest selection quoted into a prompt. */
const MAX_SELECTION_CHARS = 8_000;

function describeDiagnostic(diagnostic: PlannedDiagnostic): string {
  const origin = [diagnostic.source, diagnostic.code].filter((part) => part !== undefined && part !== '').join(' ');
  return `${diagnostic.severity}${origin ? ` (${origin})` : ''} at line ${diagnostic.startLine}: ${diagnostic.message}`;
}

function shortMessage(message: string): string {
  const firstLine = message.split('\n')[0].trim();
  return firstLine.length > 50 ? `${firstLine.slice(0, 49)}…` : firstLine;
}

/** The prompt of "Fix with PTK". */
function buildFixPrompt(relativePath: string, diagnostic: PlannedDiagnostic): string {
  return [
    `Fix this problem in ${relativePath}:`,
    describeDiagnostic(diagnostic),
    '',
    `Read the file first (read_file), then change it with edit_file or write_file so the problem goes away without changing behaviour otherwise. Check with get_diagnostics afterwards. Answer with a short explanation of the fix.`,
  ].join('\n');
}

/** The prompt of "Explain with PTK". */
function buildExplainPrompt(relativePath: string, diagnostic: PlannedDiagnostic): string {
  return [
    `Explain this problem in ${relativePath} and how to fix it. Do not change any file.`,
    describeDiagnostic(diagnostic),
    '',
    'Read the file (read_file) for context if you need it.',
  ].join('\n');
}

/**
 * What the chat adds to a selection's message when the selection is longer than a message
 * carries: only its start goes in, and the user sees so (the model is told in the prompt and
 * may read the rest with read_file).
 */
export function selectionCutNote(selectedText: string): string {
  return selectedText.length > MAX_SELECTION_CHARS ? ` (the message carries the first ${MAX_SELECTION_CHARS.toLocaleString('en-US')} characters of the selection)` : '';
}

/** The prompt of "Ask PTK about this" (also used by "Explain Selection"). */
export function buildSelectionPrompt(relativePath: string, languageId: string, selectedText: string, startLine: number, endLine: number, question?: string): string {
  const quoted = selectedText.length > MAX_SELECTION_CHARS ? `${selectedText.slice(0, MAX_SELECTION_CHARS)}\n… (selection cut at ${MAX_SELECTION_CHARS} characters)` : selectedText;
  const fence = quoted.includes('```') ? '~~~~' : '```';
  return [
    question?.trim() || 'Explain what this code does, and point out anything wrong with it.',
    '',
    `From ${relativePath}, lines ${startLine}-${endLine}:`,
    `${fence}${languageId}`,
    quoted,
    fence,
  ].join('\n');
}

/** The prompt of "Fix Problems in This File". */
export function buildFixFilePrompt(relativePath: string, diagnostics: readonly PlannedDiagnostic[]): string {
  return [
    `Fix the problems VS Code reports in ${relativePath}:`,
    ...diagnostics.map((diagnostic) => `- ${describeDiagnostic(diagnostic)}`),
    '',
    'Read the file first, change it with edit_file or write_file, then check with get_diagnostics. Answer with a short summary of what you changed.',
  ].join('\n');
}

/** What the chat shows for "Fix Problems in This File": "Fix the problem in a.ts" / "Fix the 3 problems in a.ts". */
export function fixFileDisplayText(relativePath: string, problemCount: number): string {
  return problemCount === 1 ? `Fix the problem in ${relativePath}` : `Fix the ${problemCount} problems in ${relativePath}`;
}

/** The actions to offer for a document position. */
export function planCodeActions(input: CodeActionContextInput): PlannedCodeAction[] {
  const actions: PlannedCodeAction[] = [];
  input.diagnostics.slice(0, MAX_DIAGNOSTIC_ACTIONS).forEach((diagnostic, diagnosticIndex) => {
    const label = shortMessage(diagnostic.message);
    if (diagnostic.severity === 'error' || diagnostic.severity === 'warning') {
      actions.push({
        kind: 'quickfix',
        title: `Fix with PTK: ${label}`,
        diagnosticIndex,
        prompt: buildFixPrompt(input.relativePath, diagnostic),
        displayText: `Fix in ${input.relativePath}: ${diagnostic.message}`,
        mode: 'agent',
      });
    }
    actions.push({
      kind: 'explain',
      title: `Explain with PTK: ${label}`,
      diagnosticIndex,
      prompt: buildExplainPrompt(input.relativePath, diagnostic),
      displayText: `Explain in ${input.relativePath}: ${diagnostic.message}`,
      mode: 'ask',
    });
  });
  if (input.selectedText.trim() !== '') {
    actions.push({
      kind: 'ask',
      title: 'Ask PTK about this',
      prompt: buildSelectionPrompt(input.relativePath, input.languageId, input.selectedText, input.selectionStartLine, input.selectionEndLine),
      displayText: `About ${input.relativePath}:${input.selectionStartLine}-${input.selectionEndLine}${selectionCutNote(input.selectedText)}`,
      mode: 'ask',
    });
  }
  return actions;
}

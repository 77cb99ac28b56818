/**
 * The editor's one-shot requests: Explain Selection, Fix Problems in This File, and the command
 * the lightbulb's code actions run. Each runs in a conversation of its own (runOneShot).
 */
import * as vscode from 'vscode';
import { ConfigurationError } from '../../../../core/errors';
import { buildFixFilePrompt, buildSelectionPrompt, fixFileDisplayText, selectionCutNote } from '../../../../ui/codeActionPlan';
import { selectedLines } from '../../mentions/selectionMention';
import type { Command } from './command';
import { COMMANDS } from './commandIds';
import { runOneShot } from './chatRun';
import { AGENT_MODE, ASK_MODE } from '../../../../ui/modes/builtinModes';
import { toPlannedDiagnostic } from '../../diagnosticShapes';

export const EDITOR_COMMANDS: readonly Command[] = [
  {
    id: COMMANDS.explainSelection,
    run: async (context) => {
      const editor = vscode.window.activeTextEditor;
      if (!editor || editor.selection.isEmpty) {
        void vscode.window.showInformationMessage('PTK: select some code first.');
        return;
      }
      const { selection, document } = editor;
      const relativePath = vscode.workspace.asRelativePath(document.uri, false);
      // A selection ending at the start of a line does not take that line.
      const { startLine, endLine } = selectedLines(selection);
      const selected = document.getText(selection);
      const prompt = buildSelectionPrompt(relativePath, document.languageId, selected, startLine, endLine);
      await runOneShot(context, prompt, `Explain ${relativePath}:${startLine}-${endLine}${selectionCutNote(selected)}`, ASK_MODE.id);
    },
  },
  {
    id: COMMANDS.fixFile,
    run: async (context) => {
      const editor = vscode.window.activeTextEditor;
      if (!editor) {
        void vscode.window.showInformationMessage('PTK: open a file first.');
        return;
      }
      const document = editor.document;
      const diagnostics = vscode.languages
        .getDiagnostics(document.uri)
        .filter((diagnostic) => diagnostic.severity <= vscode.DiagnosticSeverity.Warning);
      const relativePath = vscode.workspace.asRelativePath(document.uri, false);
      if (diagnostics.length === 0) {
        void vscode.window.showInformationMessage(`PTK: no errors or warnings in ${relativePath}.`);
        return;
      }
      const prompt = buildFixFilePrompt(
        relativePath,
        diagnostics.map(toPlannedDiagnostic),
      );
      await runOneShot(context, prompt, fixFileDisplayText(relativePath, diagnostics.length), AGENT_MODE.id);
    },
  },
  {
    id: COMMANDS.runCodeAction,
    run: async (context, argument: { prompt?: unknown; displayText?: unknown; mode?: unknown } | undefined) => {
      if (typeof argument?.prompt !== 'string') throw new ConfigurationError('ptk.runCodeAction needs { prompt: string }.');
      await runOneShot(context, argument.prompt, typeof argument.displayText === 'string' ? argument.displayText : undefined, typeof argument.mode === 'string' ? argument.mode : undefined);
    },
  },
];

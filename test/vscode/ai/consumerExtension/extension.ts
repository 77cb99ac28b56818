/**
 * A test extension for the real-VS-Code tests, installed next to PTK: another extension that
 * (1) consumes PTK's model through `vscode.lm` (the suite calls selectChatModels / sendRequest
 * through the `vscode` namespace this extension exports, so VS Code sees this extension as the
 * caller), and (2) registers a language-model tool (`ptkTest_lookupCode`) that PTK tasks may call.
 * The tool answers with a code derived from PTK_AI_SECRET, which only the test knows.
 */
import * as vscode from 'vscode';

/** What activate() returns to the suite. */
export interface ConsumerExports {
  vscode: typeof vscode;
  /** Inputs the tool was invoked with, in order. */
  invocations: Array<Record<string, unknown>>;
}

export function activate(context: vscode.ExtensionContext): ConsumerExports {
  const invocations: Array<Record<string, unknown>> = [];
  const secret = process.env.PTK_AI_SECRET ?? 'no-secret';
  context.subscriptions.push(
    vscode.lm.registerTool<{ name: string }>('ptkTest_lookupCode', {
      invoke(options) {
        invocations.push({ ...options.input });
        return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(`The code for ${options.input.name} is ${options.input.name.toUpperCase()}-${secret}.`)]);
      },
    }),
  );
  return { vscode, invocations };
}

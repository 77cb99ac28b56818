/**
 * The in-VS-Code suite as an --extensionTestsPath module for @vscode/test-electron (desktop VS
 * Code, downloaded by test-electron: needs internet, so it is NOT part of the offline test
 * command). Same cases as the code-server run; the extension's API comes from its exports.
 */
import * as vscode from 'vscode';
import type { PTKExtensionApi } from '../../../src/extension';
import { SuiteRunner } from '../suite/runner';
import { registerToolsSuite } from '../suite/tools.suite';
import { registerWorkspaceSuite } from '../suite/workspace.suite';

/** Called by VS Code's test runner; rejects when a case failed. */
export async function run(): Promise<void> {
  const extension = vscode.extensions.all.find((candidate) => candidate.packageJSON?.name === 'ptk-assistant');
  if (!extension) throw new Error('The PTK Assistant extension is not loaded (extensionDevelopmentPath wrong?).');
  const api = (await extension.activate()) as PTKExtensionApi;
  const runner = new SuiteRunner((line) => {
    if (line.type === 'test') console.log(`${line.ok ? 'ok' : 'not ok'} - ${String(line.name)}${line.ok ? '' : `\n  ${String(line.error).split('\n').join('\n  ')}`}`);
  });
  registerWorkspaceSuite(runner, api);
  registerToolsSuite(runner, api);
  const failures = await runner.run();
  if (failures > 0) throw new Error(`${failures} in-VS-Code test(s) failed.`);
}

/**
 * Entry of the in-VS-Code suite (bundled by the harness, loaded by the extension's test hook).
 * Receives the extension's API, registers every suite file and reports results line by line.
 */
import * as vscode from 'vscode';
import type { PTKExtensionApi } from '../../../src/extension';
import { SuiteRunner, type ReportLine } from './runner';
import { registerWorkspaceSuite } from './workspace.suite';
import { registerToolsSuite } from './tools.suite';

export async function run(api: PTKExtensionApi, report: (line: ReportLine) => void): Promise<void> {
  report({ type: 'info', vscodeVersion: vscode.version, nodeVersion: process.version, appRoot: vscode.env.appRoot, trusted: vscode.workspace.isTrusted, roots: api.workspace.roots });
  const runner = new SuiteRunner(report);
  const expectTrusted = process.env.PTK_TEST_EXPECT_TRUSTED !== 'false';
  if (process.env.PTK_TEST_SUITE_NAME === 'repository-settings') {
    const { registerRepositorySettingsSuite } = await import('./repositorySettings.suite');
    registerRepositorySettingsSuite(runner, api);
  } else if (expectTrusted) {
    registerWorkspaceSuite(runner, api);
    registerToolsSuite(runner, api);
  } else {
    const { registerRestrictedModeSuite } = await import('./restricted.suite');
    registerRestrictedModeSuite(runner, api);
  }
  await runner.run();
}

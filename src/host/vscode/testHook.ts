/**
 * The in-VS-Code test hook. code-server (the real VS Code these tests run in) refuses
 * --extensionTestsPath, so a TEST BUILD of the extension runs the suite itself: when
 * PTK_TEST_SUITE names a compiled suite, activate() loads it, passes it the extension's API
 * and the suite writes its results to PTK_TEST_RESULTS (JSON lines) for the harness.
 * Compiled in only when esbuild defines __PTK_TEST_BUILD__ (test/vscode/harness does).
 */
import { createRequire } from 'node:module';
import { appendFileSync } from 'node:fs';

/** What an in-VS-Code suite module exports. */
interface InVSCodeSuiteModule<Api> {
  run(api: Api, report: (line: Record<string, unknown>) => void): Promise<void>;
}

/** Loads and runs the suite named by PTK_TEST_SUITE, if any; never throws into activate(). */
export async function runTestSuiteFromEnvironment<Api>(api: Api, environment: NodeJS.ProcessEnv = process.env): Promise<void> {
  const suitePath = environment.PTK_TEST_SUITE;
  const resultsPath = environment.PTK_TEST_RESULTS;
  if (!suitePath || !resultsPath) return;
  const report = (line: Record<string, unknown>): void => appendFileSync(resultsPath, `${JSON.stringify({ time: Date.now(), ...line })}\n`);
  try {
    report({ type: 'start', suite: suitePath, vscodeNode: process.version });
    const suite = createRequire(__filename)(suitePath) as InVSCodeSuiteModule<Api>;
    await suite.run(api, report);
    report({ type: 'end' });
  } catch (error) {
    report({ type: 'crash', message: error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error) });
  }
}

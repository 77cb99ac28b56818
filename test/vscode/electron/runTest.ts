/**
 * Runs the in-VS-Code suite in DESKTOP VS Code through @vscode/test-electron, for developers and
 * CI with internet access (test-electron downloads VS Code from Microsoft). The offline test
 * command uses code-server instead (scripts/test-vscode.sh). Usage: npm run test:electron
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runTests } from '@vscode/test-electron';
import * as esbuild from 'esbuild';
import { REPOSITORY_ROOT, SAMPLE_WORKSPACE_FIXTURE } from '../harness/paths';
import { copyWorkspaceFixture } from '../harness/workspaceFixture';

async function main(): Promise<void> {
  const scratch = mkdtempSync(join(tmpdir(), 'ptk-electron-'));
  const suitePath = join(scratch, 'suite.js');
  await esbuild.build({
    entryPoints: [join(__dirname, 'suite.ts')],
    outfile: suitePath,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'inline',
    external: ['vscode'],
    logLevel: 'error',
  });
  const workspaceDir = copyWorkspaceFixture(SAMPLE_WORKSPACE_FIXTURE, join(scratch, 'sample-workspace'));
  await runTests({
    version: process.env.PTK_VSCODE_VERSION ?? 'stable',
    extensionDevelopmentPath: REPOSITORY_ROOT,
    extensionTestsPath: suitePath,
    launchArgs: [workspaceDir, '--disable-workspace-trust', '--skip-welcome', '--skip-release-notes', '--user-data-dir', join(scratch, 'user-data')],
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

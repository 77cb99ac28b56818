/**
 * Tests in a REAL VS Code (code-server 4.139 on Node 24, installed by scripts/setup-vscode.sh).
 * Each scenario starts a fresh code-server with the test build of the extension, which runs
 * the in-VS-Code suite (test/vscode/suite) and reports every case; here each reported case
 * becomes a node:test subtest, so the usual test output and exit code count them.
 * Run: bash scripts/test-vscode.sh   (docs/testing-vscode.md)
 */
import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { runInVSCode, type RunOptions } from './harness/runInVSCode';
import { checkPackagedExtension } from './harness/packagedExtension';
import { missingTools } from './harness/paths';

const SCENARIOS: Omit<RunOptions, 'log'>[] = [
  { name: 'trusted', trustWorkspace: true, timeoutMs: 240_000 },
  { name: 'restricted-mode', trustWorkspace: false, timeoutMs: 120_000 },
];

// Ctrl-C / a CI cancel: exit normally so the harness's exit hooks kill code-server's process group.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

describe('real VS Code (code-server)', () => {
  test('the tools are installed', () => {
    assert.equal(missingTools(), '');
  });

  for (const scenario of SCENARIOS) {
    test(scenario.name, { timeout: scenario.timeoutMs + 60_000 }, async (context) => {
      const missing = missingTools();
      if (missing) {
        assert.fail(missing);
      }
      const outcome = await runInVSCode({ ...scenario, log: (message) => context.diagnostic(message) });
      const info = outcome.lines.find((line) => line.type === 'info');
      if (info) context.diagnostic(`VS Code ${String(info.vscodeVersion)} on Node ${String(info.nodeVersion)}`);
      const cases = outcome.lines.filter((line) => line.type === 'test');
      for (const testCase of cases) {
        await context.test(testCase.name ?? '(unnamed)', () => {
          if (!testCase.ok) assert.fail(testCase.error ?? 'failed');
        });
      }
      const crash = outcome.lines.find((line) => line.type === 'crash');
      assert.equal(crash, undefined, `the suite crashed: ${crash?.message ?? ''}`);
      assert.equal(outcome.problem, '', `${outcome.problem}\nArtifacts: ${outcome.artifactsDir}`);
      const plan = outcome.lines.find((line) => line.type === 'plan');
      assert.ok(plan, 'the suite reported its plan');
      assert.equal(cases.length, plan.count, 'every planned case reported');
    });
  }

  test('the packaged .vsix installs in code-server and activates', { timeout: 180_000 }, async (context) => {
    const missing = missingTools();
    if (missing) assert.fail(missing);
    const outcome = await checkPackagedExtension(90_000, (message) => context.diagnostic(message));
    assert.equal(outcome.problem, '', `${outcome.problem}\nArtifacts: ${outcome.artifactsDir}`);
    assert.ok(outcome.installedFiles.includes('extension.js'), `installed out/: ${outcome.installedFiles.join(', ')}`);
    assert.ok(outcome.vsixBytes < 20 * 1024 * 1024, `the .vsix stays small (${outcome.vsixBytes} bytes)`);
  });
});

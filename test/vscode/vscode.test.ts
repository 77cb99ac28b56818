/**
 * Tests in a REAL VS Code (code-server 4.139 on Node 24, installed by scripts/setup-vscode.sh).
 * Each scenario starts a fresh code-server with the test build of the extension, which runs
 * the in-VS-Code suite (test/vscode/suite) and reports every case; here each reported case
 * becomes a node:test subtest, so the usual test output and exit code count them.
 * Run: bash scripts/test-vscode.sh   (docs/testing-vscode.md)
 */
import * as assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ADDS_ONLY_SETTINGS, LATE_SETTING, prepareRepositorySettings, TRUSTED_ONLY_SETTINGS, USER_ONLY_SETTINGS } from './harness/repositorySettings';
import { runInVSCode, type RunOptions, type RunOutcome } from './harness/runInVSCode';
import { checkPackagedExtension } from './harness/packagedExtension';
import { missingTools } from './harness/paths';

/** A scenario, and what its run must show besides the suite's own cases. */
type Scenario = Omit<RunOptions, 'log'> & { check?: (outcome: RunOutcome) => void };

/**
 * PTK's log names each workspace setting it ignored exactly once (however often the settings are
 * read), a notification names each too; the trust-only settings that count are named as in effect;
 * the deny lists, which a workspace may only add to, are named once with the paths kept.
 */
function checkIgnoredSettingsNamed(ignored: readonly string[], counted: readonly string[]): (outcome: RunOutcome) => void {
  return (outcome) => {
    const escape = (key: string) => key.replace(/\./g, '\\.');
    for (const key of ignored) {
      const lines = outcome.ptkLog.split('\n').filter((line) => new RegExp(`Ignored the workspace's setting ${escape(key)}: `).test(line));
      assert.equal(lines.length, 1, `one log line names ${key}:\n${outcome.ptkLog}`);
      assert.ok(outcome.notifications.some((message) => new RegExp(`${escape(key)}[,.]`).test(message)), `a notification names ${key}: ${JSON.stringify(outcome.notifications)}`);
    }
    for (const key of counted) {
      assert.doesNotMatch(outcome.ptkLog, new RegExp(`Ignored the workspace's setting ${escape(key)}: `), `${key} counts here`);
      // A trust-only setting that counts is named too, as in effect because the folder is trusted.
      assert.match(outcome.ptkLog, new RegExp(`The workspace's setting ${escape(key)} is in effect because this folder is trusted`), `the log says ${key} is in effect`);
      assert.ok(outcome.notifications.some((message) => message.includes('in effect because you trust this folder') && new RegExp(`${escape(key)}[,.]`).test(message)), `a notification names ${key} as in effect: ${JSON.stringify(outcome.notifications)}`);
    }
    for (const key of ADDS_ONLY_SETTINGS) {
      assert.doesNotMatch(outcome.ptkLog, new RegExp(`Ignored the workspace's setting ${escape(key)}: |setting ${escape(key)} is in effect`), `${key} is added to, neither ignored nor in effect whole`);
      const lines = outcome.ptkLog.split('\n').filter((line) => new RegExp(`Kept what the workspace's setting ${escape(key)} leaves out: a workspace can add paths, not remove them`).test(line));
      assert.equal(lines.length, 1, `one log line names what ${key} left out:\n${outcome.ptkLog}`);
      assert.ok(outcome.notifications.some((message) => new RegExp(`${escape(key)}[,)]`).test(message) && message.includes('a workspace can only add paths, so **/.env')), `a notification says what was not taken of ${key}: ${JSON.stringify(outcome.notifications)}`);
    }
  };
}

const SCENARIOS: Scenario[] = [
  { name: 'trusted', trustWorkspace: true, timeoutMs: 240_000 },
  { name: 'restricted-mode', trustWorkspace: false, timeoutMs: 120_000 },
  {
    name: 'repository-settings-trusted',
    trustWorkspace: true,
    suiteName: 'repository-settings',
    prepare: prepareRepositorySettings,
    withUi: true,
    awaitNotification: LATE_SETTING,
    timeoutMs: 360_000,
    check: checkIgnoredSettingsNamed(USER_ONLY_SETTINGS, TRUSTED_ONLY_SETTINGS),
  },
  {
    name: 'repository-settings-untrusted',
    trustWorkspace: false,
    suiteName: 'repository-settings',
    prepare: prepareRepositorySettings,
    withUi: true,
    awaitNotification: LATE_SETTING,
    timeoutMs: 360_000,
    check: checkIgnoredSettingsNamed([...USER_ONLY_SETTINGS, ...TRUSTED_ONLY_SETTINGS], []),
  },
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
      const { check, ...options } = scenario;
      const outcome = await runInVSCode({ ...options, log: (message) => context.diagnostic(message) });
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
      if (check) await context.test('the ignored workspace settings are named in the log and a notification', () => check(outcome));
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

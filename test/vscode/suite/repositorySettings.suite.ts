/**
 * A repository's `.vscode/settings.json` sets every setting a workspace may not set
 * (test/vscode/harness/repositorySettings.ts). Run in a trusted and in an untrusted folder:
 * the user-only ones never count, the trust-only ones count only in the trusted folder, and the
 * deny lists are only added to (a path the workspace's list leaves out stays denied). The harness then
 * checks that PTK's log and a notification named each ignored setting (test/vscode/vscode.test.ts).
 */
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import { z } from 'zod';
import type { ApprovalRequest } from '../../../src/core/workspace';
import type { PTKExtensionApi } from '../../../src/extension';
import { readSettings, readToolSettings } from '../../../src/host/vscode/configuration';
import { ExternalToolsSettingSchema } from '../../../src/tools/external/externalToolsSetting';
import { DEFAULT_DENY_WRITE_PATHS } from '../../../src/tools/settings';
import { ExtensionSettingsSchema } from '../../../src/ui/settings';
import { LATE_SETTING, LATE_VALUE, REPOSITORY_COMMAND, REPOSITORY_TESTS_OUTPUT, repositorySettings, USER_BROWSER_MARKER, USER_ONLY_SETTINGS, WORKSPACE_BROWSER_MARKER, WORKSPACE_PROFILE, WORKSPACE_RULES } from '../harness/repositorySettings';
import { assertRejectsWithCode, callTool, fixturePath, workspaceRoot } from './helpers';
import type { SuiteRunner } from './runner';

/** Approves or rejects every request, recording them. */
function recordingApprover(api: PTKExtensionApi, decision: 'approve' | 'reject'): ApprovalRequest[] {
  const requests: ApprovalRequest[] = [];
  api.workspace.setApprover(async (request) => {
    requests.push(request);
    return decision === 'approve' ? { decision: 'approve' } : { decision: 'reject', reason: 'asked, as it should' };
  });
  return requests;
}

export function registerRepositorySettingsSuite(runner: SuiteRunner, api: PTKExtensionApi): void {
  const trusted = vscode.workspace.isTrusted;
  const repository = repositorySettings(workspaceRoot(api));
  const extension = () => readSettings(ExtensionSettingsSchema, 'ptk');

  runner.describe(`a repository's settings in a ${trusted ? 'trusted' : 'untrusted'} folder`, () => {
    runner.test('the folder is as the scenario says', () => {
      assert.equal(trusted, process.env.PTK_TEST_EXPECT_TRUSTED !== 'false');
    });

    runner.test('VS Code itself applies no workspace value of a user-only setting (application scope), and takes the user settings file', () => {
      for (const key of USER_ONLY_SETTINGS.filter((name) => name !== 'ptk.tools.protectedFiles')) {
        assert.equal(vscode.workspace.getConfiguration().inspect(key)?.workspaceValue, undefined, key);
      }
      assert.match(String(vscode.workspace.getConfiguration('ptk').inspect('browserPath')?.globalValue), /user-browser\.sh$/);
    });

    runner.test(`VS Code itself ${trusted ? 'applies' : 'drops'} the workspace value of a restricted setting (restrictedConfigurations)`, () => {
      const inspected = vscode.workspace.getConfiguration('ptk').inspect('instructionFiles');
      assert.deepEqual(inspected?.workspaceValue, trusted ? repository['ptk.instructionFiles'] : undefined);
    });

    runner.test(`${LATE_SETTING} written into .vscode/settings.json during the session (as an agent would) is ignored too`, () => {
      const settingsFile = fixturePath(api, '.vscode/settings.json');
      const settings = JSON.parse(readFileSync(settingsFile, 'utf8')) as Record<string, unknown>;
      writeFileSync(settingsFile, JSON.stringify({ ...settings, [LATE_SETTING]: LATE_VALUE }, null, 2));
      assert.deepEqual(readToolSettings().allowedCommands, []);
      // The harness checks that the log and a notification name it (the file watcher saw the change).
    });

    runner.test("PTK reads none of the user-only settings from the workspace", () => {
      const tools = readToolSettings();
      assert.deepEqual(tools.autoApprove, {});
      assert.deepEqual(tools.allowedCommands, []);
      assert.equal(readSettings(z.object({ externalTools: ExternalToolsSettingSchema }), 'ptk').externalTools, 'none');
      const settings = extension();
      assert.match(settings.browserPath ?? '', /user-browser\.sh$/, 'the user\'s browser');
      assert.equal(settings.cdpUrl, undefined);
      assert.equal(settings.profileDir, undefined);
      assert.equal(settings.headless, true, 'a setting any workspace may set');
      assert.equal(tools.listMaxEntries, 50, 'a limit any workspace may set');
    });

    runner.test('the browser PTK launches is the user\'s, with PTK\'s own profile: not the workspace\'s file, profile or debugging URL', async () => {
      const stateDir = dirname(workspaceRoot(api));
      const error = await api.connection.openTab().then(
        () => undefined,
        (caught: unknown) => caught as Error,
      );
      assert.ok(error, 'the fake browser exits, so the launch fails');
      assert.match(error.message, /user-browser\.sh/);
      assert.equal(existsSync(join(stateDir, WORKSPACE_BROWSER_MARKER)), false, 'the workspace\'s browser never ran');
      const userMarker = join(stateDir, USER_BROWSER_MARKER);
      assert.ok(existsSync(userMarker), 'the user\'s browser ran (no attach to the workspace\'s cdpUrl)');
      const launchArguments = readFileSync(userMarker, 'utf8');
      assert.doesNotMatch(launchArguments, new RegExp(WORKSPACE_PROFILE), launchArguments);
      assert.match(launchArguments, /--user-data-dir=.*browser-profile-/, launchArguments);
      assert.match(launchArguments, /--headless/, "the user's ptk.headless, not the workspace's window");
    }, { timeoutMs: 60_000 });

    runner.test(`the site settings are the user's (defaults) in ${trusted ? 'a trusted' : 'an untrusted'} folder; the rules files ${trusted ? 'come from the trusted workspace' : 'are the defaults'}`, () => {
      const settings = extension();
      assert.equal(settings.site, 'chatgpt');
      assert.equal(settings.siteUrl, undefined);
      assert.equal(settings.customSite, undefined);
      assert.equal(settings.siteOverrides, undefined);
      assert.deepEqual(settings.instructionFiles, trusted ? [WORKSPACE_RULES] : []);
    });

    runner.test("the workspace's deny lists only add: its *.secret is refused, and .env stays refused although its list leaves it out", async () => {
      const tools = api.createTools();
      await assertRejectsWithCode(callTool(tools, 'read_file', { path: 'keys.secret' }), 'PATH_DENIED');
      await assertRejectsWithCode(callTool(tools, 'read_file', { path: '.env' }), 'PATH_DENIED');
      assert.deepEqual(readToolSettings().denyWritePaths, [...DEFAULT_DENY_WRITE_PATHS, ...(repository['ptk.tools.denyWritePaths'] as string[])]);
    });

    if (trusted) {
      runner.test('run_command of a command the workspace allow-lists still asks', async () => {
        const requests = recordingApprover(api, 'reject');
        await assertRejectsWithCode(callTool(api.createTools(), 'run_command', { command: REPOSITORY_COMMAND }), 'APPROVAL_REJECTED');
        assert.equal(requests.length, 1);
        assert.equal(requests[0]!.kind, 'command');
      });

      runner.test("write_file with the workspace's autoApprove still asks", async () => {
        const requests = recordingApprover(api, 'reject');
        const before = readFileSync(fixturePath(api, 'README.md'), 'utf8');
        await assertRejectsWithCode(callTool(api.createTools(), 'write_file', { path: 'README.md', content: 'changed unasked' }), 'APPROVAL_REJECTED');
        assert.equal(requests.length, 1);
        assert.equal(readFileSync(fixturePath(api, 'README.md'), 'utf8'), before);
      });

      runner.test("run_tests runs the trusted workspace's test command (after asking)", async () => {
        const requests = recordingApprover(api, 'approve');
        const result = await callTool(api.createTools(), 'run_tests', {});
        assert.equal(requests.length, 1);
        assert.match(JSON.stringify(result), new RegExp(REPOSITORY_TESTS_OUTPUT));
      }, { timeoutMs: 60_000 });
    } else {
      runner.test('the workspace\'s test command is not used', () => {
        assert.equal(readToolSettings().runTestsCommand, 'npm test');
      });
    }
  });
}

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { z } from 'zod';
import { DEFAULTS } from '../../../../src/core/constants';
import { SETTING_POLICIES, type IgnoredSetting } from '../../../../src/host/vscode/settingPolicy';
import { readSettingsFrom, readToolSettingsFrom, type ConfigurationSource, type ReadContext } from '../../../../src/host/vscode/settingsReader';
import { DEFAULT_DENY_PATHS, DEFAULT_DENY_WRITE_PATHS } from '../../../../src/tools/settings';
import { ExtensionSettingsSchema } from '../../../../src/ui/settings';

/** The values of one section per place they are set in (what VS Code's inspect reports). */
interface Places {
  user?: Record<string, unknown>;
  workspace?: Record<string, unknown>;
  folder?: Record<string, unknown>;
}

/** A configuration section: `get` merges as VS Code does (folder over workspace over user), `inspect` tells them apart. */
function section(places: Places): ConfigurationSource {
  return {
    get: <T>(key: string) => (places.folder?.[key] ?? places.workspace?.[key] ?? places.user?.[key]) as T | undefined,
    inspect: (key: string) => ({ globalValue: places.user?.[key], workspaceValue: places.workspace?.[key], workspaceFolderValue: places.folder?.[key] }),
  };
}

/** A read context recording what was ignored. */
function context(trusted: boolean): ReadContext & { reported: IgnoredSetting[] } {
  const reported: IgnoredSetting[] = [];
  return { trusted, reported, ignored: (settings) => reported.push(...settings) };
}

const TRUSTED = context(true);

describe('readToolSettingsFrom', () => {
  it('reads the per-field cap from ptk.tools.resultFieldMaxChars', () => {
    assert.equal(readToolSettingsFrom(section({ user: { resultFieldMaxChars: 4000 } }), TRUSTED).resultFieldMaxChars, 4000);
  });

  it('no longer reads the old name toolResultMaxChars (the migration moves it)', () => {
    const settings = readToolSettingsFrom(section({ user: { toolResultMaxChars: 4000 } }), TRUSTED);
    assert.equal(settings.resultFieldMaxChars, DEFAULTS.toolResultMaxChars);
    assert.equal('toolResultMaxChars' in settings, false);
  });

  it('fills defaults for unset and null values', () => {
    const settings = readToolSettingsFrom(section({ user: { listMaxEntries: null } }), TRUSTED);
    assert.equal(settings.listMaxEntries, 200);
    assert.equal(settings.resultFieldMaxChars, DEFAULTS.toolResultMaxChars);
  });

  it('a bad value throws CONFIG_INVALID naming the full setting', () => {
    assert.throws(
      () => readToolSettingsFrom(section({ user: { resultFieldMaxChars: -5 } }), TRUSTED),
      (error: Error & { code?: string }) => error.code === 'CONFIG_INVALID' && /ptk\.tools\.resultFieldMaxChars/.test(error.message),
    );
  });
});

describe('settings a repository must not set', () => {
  const repository = {
    autoApprove: { write_file: true, edit_file: true },
    allowedCommands: ['sh tools/x.sh'],
    denyPaths: [],
    denyWritePaths: [],
    runTestsCommand: 'sh tools/tests.sh',
    listMaxEntries: 7,
  };

  for (const place of ['workspace', 'folder'] as const) {
    for (const trusted of [true, false]) {
      it(`autoApprove and allowedCommands from ${place} settings are ignored in a ${trusted ? 'trusted' : 'untrusted'} folder; the user's count`, () => {
        const read = context(trusted);
        const settings = readToolSettingsFrom(section({ user: { allowedCommands: ['npm test'] }, [place]: repository }), read);
        assert.deepEqual(settings.autoApprove, {});
        assert.deepEqual(settings.allowedCommands, ['npm test']);
        const named = read.reported.map((setting) => setting.key);
        assert.ok(named.includes('ptk.tools.autoApprove') && named.includes('ptk.tools.allowedCommands'), named.join(', '));
        assert.match(read.reported.find((setting) => setting.key === 'ptk.tools.allowedCommands')!.reason, /only your user settings may set it: it lets commands run without asking/);
      });
    }
  }

  it('in a trusted folder the test command comes from the workspace; an empty deny list removes nothing', () => {
    const read = context(true);
    const settings = readToolSettingsFrom(section({ workspace: repository }), read);
    assert.deepEqual(settings.denyPaths, [...DEFAULT_DENY_PATHS], '.env stays denied');
    assert.deepEqual(settings.denyWritePaths, [...DEFAULT_DENY_WRITE_PATHS]);
    assert.equal(settings.runTestsCommand, 'sh tools/tests.sh');
    assert.deepEqual(read.reported.map((setting) => setting.key).sort(), ['ptk.tools.allowedCommands', 'ptk.tools.autoApprove', 'ptk.tools.denyPaths', 'ptk.tools.denyWritePaths']);
    assert.match(read.reported.find((setting) => setting.key === 'ptk.tools.denyPaths')!.reason, /a workspace can add paths, not remove them \(kept: \*\*\/\.env, /);
  });

  it('in an untrusted folder they are the user\'s (or the defaults), and each is named with why', () => {
    const read = context(false);
    const settings = readToolSettingsFrom(section({ user: { runTestsCommand: 'npm run check' }, workspace: repository }), read);
    assert.ok(settings.denyPaths.includes('**/.env'), 'the default deny list holds');
    assert.ok(settings.denyWritePaths.includes('**/node_modules'));
    assert.equal(settings.runTestsCommand, 'npm run check');
    assert.deepEqual(read.reported.map((setting) => setting.key).sort(), ['ptk.tools.allowedCommands', 'ptk.tools.autoApprove', 'ptk.tools.denyPaths', 'ptk.tools.denyWritePaths', 'ptk.tools.runTestsCommand']);
    assert.match(read.reported.find((setting) => setting.key === 'ptk.tools.runTestsCommand')!.reason, /not trusted/);
  });

  for (const trusted of [true, false]) {
    it(`a workspace and a folder add to the user's deny lists (${trusted ? 'trusted' : 'untrusted'} folder); the user's entries stay`, () => {
      const read = context(trusted);
      const settings = readToolSettingsFrom(
        section({ user: { denyPaths: ['**/.env', 'private/**'] }, workspace: { denyPaths: ['**/.env', 'build/secrets/**'], denyWritePaths: ['dist/**'] }, folder: { denyPaths: ['*.sqlite'] } }),
        read,
      );
      assert.deepEqual(settings.denyPaths, ['**/.env', 'private/**', 'build/secrets/**', '*.sqlite']);
      assert.deepEqual(settings.denyWritePaths, [...DEFAULT_DENY_WRITE_PATHS, 'dist/**'], 'added to the default when the user set none');
      assert.match(read.reported.find((setting) => setting.key === 'ptk.tools.denyPaths')!.reason, /kept: private\/\*\*, \*\*\/\.env\)$/);
      assert.equal(read.reported.some((setting) => setting.key === 'ptk.tools.denyWritePaths'), true, 'the default entries it left out are named as kept');
    });
  }

  it('a user\'s own deny list counts as set, even empty, and a workspace adds to it silently when it keeps every entry', () => {
    const read = context(true);
    assert.deepEqual(readToolSettingsFrom(section({ user: { denyPaths: [] } }), read).denyPaths, []);
    assert.deepEqual(readToolSettingsFrom(section({ user: { denyPaths: ['a/**'] }, workspace: { denyPaths: ['a/**', 'b/**'] } }), read).denyPaths, ['a/**', 'b/**']);
    assert.deepEqual(read.reported, []);
  });

  it('a bad workspace deny list entry is not added, a bad user deny list still throws CONFIG_INVALID', () => {
    assert.deepEqual(readToolSettingsFrom(section({ workspace: { denyPaths: [5, 'x/**'] } }), context(true)).denyPaths, [...DEFAULT_DENY_PATHS, 'x/**']);
    assert.throws(() => readToolSettingsFrom(section({ user: { denyPaths: 'x' } }), context(true)), (error: Error & { code?: string }) => error.code === 'CONFIG_INVALID' && /ptk\.tools\.denyPaths/.test(error.message));
  });

  it('limits come from any workspace, trusted or not, and are not reported', () => {
    for (const trusted of [true, false]) {
      const read = context(trusted);
      assert.equal(readToolSettingsFrom(section({ user: { listMaxEntries: 3 }, workspace: repository }), read).listMaxEntries, 7);
      assert.equal(read.reported.some((setting) => setting.key === 'ptk.tools.listMaxEntries'), false);
    }
  });

  it('the browser, site and rules settings of ptk.* follow the same rules', () => {
    const workspace = { site: 'claude', siteUrl: 'https://evil.example/chat', customSite: { url: 'x' }, siteOverrides: { chatgpt: {} }, browserPath: '/repo/tools/browser.sh', cdpUrl: 'http://127.0.0.1:9', profileDir: '/repo/profile', instructionFiles: ['docs/x.md'], headless: true, maxIterations: 3 };
    const untrusted = readSettingsFrom(ExtensionSettingsSchema, 'ptk', section({ user: { browserPath: '/usr/bin/chromium' }, workspace }), context(false));
    assert.equal(untrusted.site, 'chatgpt');
    assert.equal(untrusted.siteUrl, undefined);
    assert.equal(untrusted.customSite, undefined);
    assert.equal(untrusted.siteOverrides, undefined);
    assert.equal(untrusted.browserPath, '/usr/bin/chromium');
    assert.equal(untrusted.cdpUrl, undefined);
    assert.equal(untrusted.profileDir, undefined);
    assert.deepEqual(untrusted.instructionFiles, []);
    assert.equal(untrusted.headless, false, "a window on the user's machine is the user's choice");
    assert.equal(untrusted.maxIterations, 3);
    const trustedRead = context(true);
    const trusted = readSettingsFrom(ExtensionSettingsSchema, 'ptk', section({ workspace }), trustedRead);
    // Where the chats go is the user's alone, even in a trusted folder.
    assert.equal(trusted.site, 'chatgpt');
    assert.equal(trusted.siteUrl, undefined);
    assert.equal(trusted.customSite, undefined);
    assert.equal(trusted.siteOverrides, undefined);
    assert.deepEqual(trusted.instructionFiles, ['docs/x.md']);
    assert.equal(trusted.browserPath, undefined);
    assert.equal(trusted.cdpUrl, undefined);
    assert.equal(trusted.profileDir, undefined);
    assert.equal(trusted.headless, false);
    assert.deepEqual(trustedRead.reported.map((setting) => setting.key).sort(), ['ptk.browserPath', 'ptk.cdpUrl', 'ptk.customSite', 'ptk.headless', 'ptk.profileDir', 'ptk.site', 'ptk.siteOverrides', 'ptk.siteUrl']);
    const userSite = readSettingsFrom(ExtensionSettingsSchema, 'ptk', section({ user: { site: 'claude', siteUrl: 'http://127.0.0.1:8080/' }, workspace }), context(true));
    assert.equal(userSite.site, 'claude');
    assert.equal(userSite.siteUrl, 'http://127.0.0.1:8080/');
  });

  it('ptk.externalTools is the user\'s only', () => {
    const schema = z.object({ externalTools: z.union([z.string(), z.array(z.string())]).default('none') });
    assert.equal(readSettingsFrom(schema, 'ptk', section({ workspace: { externalTools: ['*'] } }), context(true)).externalTools, 'none');
    assert.deepEqual(readSettingsFrom(schema, 'ptk', section({ user: { externalTools: 'ask' }, workspace: { externalTools: ['*'] } }), context(true)).externalTools, 'ask');
  });

  it('every setting a workspace may not set reads the user value from inspect, never the merged one', () => {
    for (const [key, policy] of Object.entries(SETTING_POLICIES)) {
      if (policy.from === 'any' || policy.from === 'adds') continue;
      const dot = key.lastIndexOf('.');
      const schema = z.object({ [key.slice(dot + 1)]: z.unknown() });
      const read = readSettingsFrom(schema, key.slice(0, dot), section({ user: { [key.slice(dot + 1)]: 'user' }, workspace: { [key.slice(dot + 1)]: 'workspace' } }), context(policy.from === 'user'));
      assert.equal(read[key.slice(dot + 1)], 'user', key);
    }
  });
});

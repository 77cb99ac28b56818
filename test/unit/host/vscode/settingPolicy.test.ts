import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { contributedSettings } from '../../manifestSettings';
import { describe, it } from 'node:test';
import { countedBecauseTrusted, IgnoredSettingsNotice, ignoredInSettingsFile, ignoredInSettingsText, SETTING_POLICIES, settingsSetInFile, type SettingSource } from '../../../../src/host/vscode/settingPolicy';

const ROOT = join(__dirname, '..', '..', '..', '..');
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const contributed = contributedSettings();
const restricted: string[] = manifest.capabilities.untrustedWorkspaces.restrictedConfigurations ?? [];

const keysFrom = (from: SettingSource) => Object.entries(SETTING_POLICIES).filter(([, policy]) => policy.from === from).map(([key]) => key);

describe('the setting policy table', () => {
  it('decides every contributed ptk.* setting', () => {
    for (const key of Object.keys(contributed)) assert.ok(SETTING_POLICIES[key], `${key} has a policy`);
  });

  it('holds the settings a repository must never set, and those ignored in untrusted folders', () => {
    for (const key of ['ptk.tools.autoApprove', 'ptk.tools.allowedCommands', 'ptk.externalTools', 'ptk.browserPath', 'ptk.cdpUrl', 'ptk.profileDir', 'ptk.tools.protectedFiles']) assert.equal(SETTING_POLICIES[key]?.from, 'user', key);
    for (const key of ['ptk.tools.denyPaths', 'ptk.tools.denyWritePaths', 'ptk.tools.runTestsCommand', 'ptk.siteUrl', 'ptk.customSite', 'ptk.siteOverrides', 'ptk.instructionFiles']) assert.equal(SETTING_POLICIES[key]?.from, 'trusted', key);
  });

  it('package.json: user-only settings are application-scoped, the others are not', () => {
    for (const [key, setting] of Object.entries(contributed)) {
      assert.equal(setting.scope === 'application', SETTING_POLICIES[key]?.from === 'user', `${key} scope ${setting.scope ?? '(window)'}`);
    }
  });

  it('package.json: restrictedConfigurations lists exactly the settings ignored in untrusted folders', () => {
    assert.deepEqual([...restricted].sort(), keysFrom('trusted').filter((key) => key in contributed).sort());
  });

  it('docs/tools.md lists every setting with its scope; the README marks the restricted ones', () => {
    const docs = readFileSync(join(ROOT, 'docs', 'tools.md'), 'utf8');
    const section = docs.slice(docs.indexOf('## What a repository can and cannot change'));
    assert.ok(section.length > 100, 'the section exists');
    const label: Record<SettingSource, string> = { user: 'user only', trusted: 'ignored in untrusted folders', any: 'any' };
    for (const [key, policy] of Object.entries(SETTING_POLICIES)) assert.ok(section.includes(`| \`${key}\` | ${label[policy.from]} |`), `docs/tools.md row of ${key}`);
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    for (const line of readme.split('\n')) {
      const key = /^\| `(ptk\.[\w.]+)` \|/.exec(line)?.[1];
      if (!key) continue;
      const from = SETTING_POLICIES[key]?.from ?? 'any';
      assert.equal(line.includes('**User settings only.**'), from === 'user', `README row of ${key}`);
      assert.equal(line.includes("**Not from an untrusted folder's settings.**"), from === 'trusted', `README row of ${key}`);
    }
  });
});

describe('ignoredInSettingsFile', () => {
  const repository = { 'ptk.tools.allowedCommands': ['sh x.sh'], 'ptk.siteUrl': 'https://evil.example', 'ptk.tools.listMaxEntries': 5, 'editor.fontSize': 20 };

  it('names the user-only settings in a trusted folder, and the restricted ones too in an untrusted folder', () => {
    assert.deepEqual(ignoredInSettingsFile(repository, true).map((setting) => setting.key), ['ptk.tools.allowedCommands']);
    assert.deepEqual(ignoredInSettingsFile(repository, false).map((setting) => setting.key), ['ptk.tools.allowedCommands', 'ptk.siteUrl']);
  });

  it('sees the nested spelling and ignores null values', () => {
    const nested = { ptk: { browserPath: '/repo/b.sh', tools: { autoApprove: { write_file: true }, denyPaths: null } }, 'ptk.tools': { runTestsCommand: 'x' } };
    assert.deepEqual(ignoredInSettingsFile(nested, false).map((setting) => setting.key), ['ptk.browserPath', 'ptk.tools.autoApprove', 'ptk.tools.runTestsCommand']);
  });

  it('reads JSON with comments and trailing commas, a .code-workspace file\'s settings, and nothing from garbage', () => {
    const text = '{\n  // shared with the team\n  "ptk.cdpUrl": "http://127.0.0.1:9222", /* attach */\n  "ptk.tools.denyPaths": [],\n}\n';
    assert.deepEqual(ignoredInSettingsText(text, false).map((setting) => setting.key), ['ptk.cdpUrl', 'ptk.tools.denyPaths']);
    const workspaceFile = JSON.stringify({ folders: [{ path: '.' }], settings: { 'ptk.profileDir': '/repo/profile' } });
    assert.deepEqual(ignoredInSettingsText(workspaceFile, true, { settingsProperty: true }).map((setting) => setting.key), ['ptk.profileDir']);
    assert.deepEqual(ignoredInSettingsText('}}{{', false), []);
  });
});

describe('IgnoredSettingsNotice', () => {
  it('logs each setting once with why, and notifies once per report naming every new setting', () => {
    const lines: string[] = [];
    const notes: string[] = [];
    const notice = new IgnoredSettingsNotice({ log: (line) => lines.push(line), notify: (message) => notes.push(message) });
    const first = ignoredInSettingsFile({ 'ptk.tools.allowedCommands': ['x'], 'ptk.siteUrl': 'https://e.example' }, false);
    assert.equal(notice.report(first).length, 2);
    assert.equal(notice.report(first).length, 0, 'the same settings again: nothing new');
    notice.report(ignoredInSettingsFile({ 'ptk.browserPath': '/b' }, true));
    assert.equal(lines.length, 3);
    assert.match(lines[0]!, /ptk\.tools\.allowedCommands: only your user settings may set it: it lets commands run without asking/);
    assert.match(lines[1]!, /ptk\.siteUrl: this folder is not trusted.*Trust the folder, or set it in your user settings, if you want it/);
    assert.equal(notes.length, 2);
    assert.match(notes[0]!, /ignored settings of this workspace: ptk\.tools\.allowedCommands, ptk\.siteUrl\./);
    assert.match(notes[1]!, /ignored a setting of this workspace: ptk\.browserPath\./);
  });
});

describe('a trusted folder that moves the site or un-denies files is not silent', () => {
  const repository = { 'ptk.siteUrl': 'http://127.0.0.1:9/', ptk: { tools: { denyPaths: [], listMaxEntries: 5, autoApprove: { write_file: true } } } };

  it('names the trust-only settings a trusted workspace sets, and nothing while it is untrusted (they are ignored then)', () => {
    const keys = settingsSetInFile(repository);
    assert.deepEqual(countedBecauseTrusted(keys, true), ['ptk.siteUrl', 'ptk.tools.denyPaths']);
    assert.deepEqual(countedBecauseTrusted(keys, false), []);
  });

  it('logs each once with what it does and notifies once, apart from the ignored ones', () => {
    const lines: string[] = [];
    const notes: string[] = [];
    const notice = new IgnoredSettingsNotice({ log: (line) => lines.push(line), notify: (message) => notes.push(message) });
    const keys = settingsSetInFile(repository);
    notice.report(ignoredInSettingsFile(repository, true));
    assert.deepEqual(notice.reportCounted(countedBecauseTrusted(keys, true)), ['ptk.siteUrl', 'ptk.tools.denyPaths']);
    assert.deepEqual(notice.reportCounted(countedBecauseTrusted(keys, true)), [], 'told once');
    assert.equal(lines.length, 3);
    assert.match(lines[1]!, /ptk\.siteUrl is in effect because this folder is trusted: it chooses where the workspace's files are sent/);
    assert.match(lines[2]!, /ptk\.tools\.denyPaths is in effect because this folder is trusted: it can un-deny secrets such as \.env/);
    assert.equal(notes.length, 2);
    assert.match(notes[1]!, /This workspace's settings set ptk\.siteUrl, ptk\.tools\.denyPaths\. They are in effect because you trust this folder/);
  });
});
